#include "sqldialect.h"
#include "sqlitesearch.h"

#include <QSqlError>
#include <QSqlQuery>
#include <QVariant>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

class SqliteDialect final : public SqlDialect
{
    static QString busyTimeout() { return u"PRAGMA busy_timeout = 10000"_s; }

public:
    QString driverName() const override { return u"QSQLITE"_s; }

    QStringList connectionSetup() const override
    {
        // WAL lets the GUI read while a run writes; NORMAL sync is durable in WAL mode
        // except for the last transaction on power loss, which a resumable run tolerates.
        return {u"PRAGMA journal_mode = WAL"_s, u"PRAGMA synchronous = NORMAL"_s,
                u"PRAGMA foreign_keys = ON"_s, busyTimeout(), u"PRAGMA temp_store = MEMORY"_s};
    }

    QStringList idleStatements() const override
    {
        // Folds the write-ahead log into the file and empties it, without waiting for anyone
        // (no busy timeout meanwhile): the file alone then holds every committed request, and
        // a file copied over it later is never read through this file's stale log.
        return {u"PRAGMA busy_timeout = 0"_s, u"PRAGMA wal_checkpoint(TRUNCATE)"_s, busyTimeout()};
    }

    QString probeStatement() const override { return u"SELECT count(*) FROM sqlite_master"_s; }
    QString autoIdColumn() const override { return u"INTEGER PRIMARY KEY"_s; }
    QString blobType() const override { return u"BLOB"_s; }
    QString ddl(const QString &statement) const override { return statement; }
    // A file needs no lock of its own: each migration takes the write lock as it begins
    // (waiting out the busy timeout), so the version it then reads is the one it changes.
    QStringList lockMigrations() const override { return {}; }
    QStringList unlockMigrations() const override { return {}; }
    QStringList beginMigration() const override { return {u"BEGIN IMMEDIATE"_s}; }
    QString skipLockedRows() const override { return {}; }
    QStringList createChangeNotifications(const QStringList &) const override { return {}; }
    bool notifiesChanges() const override { return false; }
    // In WAL mode a read transaction keeps the snapshot of its first read.
    QString beginSnapshot() const override { return u"BEGIN"_s; }
    // A deferred BEGIN reads first and asks for the write lock at its first write; when
    // another connection committed in between, SQLite refuses at once ("database is locked",
    // SQLITE_BUSY_SNAPSHOT) instead of waiting out the busy timeout, and the write is lost.
    // IMMEDIATE takes the write lock up front, waiting for it as long as the timeout allows.
    QString beginWrite() const override { return u"BEGIN IMMEDIATE"_s; }
    // BEGIN IMMEDIATE lets one writer in at a time.
    QStringList serialiseAnnotationWrites() const override { return {}; }
    QStringList afterExplicitIds(const QString &) const override { return {}; } // rowid: max + 1

    Result<void> prepareConnection(QSqlDatabase &db) const override
    {
        return SqliteSearch::registerTokenizer(db);
    }

    QStringList createReportSearchIndex() const override
    {
        // Words for the scripts that separate them, pairs of characters for Chinese and the
        // other scripts that do not (searchtokens.h): a fifth of the tokens trigrams were.
        // detail=none keeps which reports hold a token but not where: the index finds the
        // reports holding all of a search's tokens, and the store then checks that its words
        // are there. The vocabulary says which words hold a fragment that starts mid-word;
        // report_fts_words keeps it for the next process, with the index's generation.
        //
        // A written report waits in report_fts_pending until its transaction commits
        // (ProjectDatabase::indexPendingReports), where one statement indexes them all: FTS5
        // writes out what it holds at every savepoint, and an import opens one per report
        // (half an import's time went on merging those 2,640 one-report segments). Searches
        // read the waiting reports as well, so none is ever missed.
        QStringList s = {
            u"CREATE VIRTUAL TABLE report_fts USING fts5(text, content='report',"
            " content_rowid='id', tokenize='%1 distinct', detail='none')"_s.arg(
                QLatin1StringView(SqliteSearch::TokenizerName)),
            // Indexing an import's reports in 8 MB batches (FTS5's default: 1 MB), merged 16
            // at a time (default: 4), takes a quarter less time, for 20 MB more memory.
            u"INSERT INTO report_fts(report_fts, rank) VALUES ('hashsize', 8388608)"_s,
            u"INSERT INTO report_fts(report_fts, rank) VALUES ('automerge', 16)"_s,
            u"CREATE VIRTUAL TABLE report_fts_vocab USING fts5vocab(report_fts, 'row')"_s,
            u"CREATE TABLE report_fts_pending (id INTEGER PRIMARY KEY)"_s,
            u"CREATE TRIGGER report_fts_ai AFTER INSERT ON report BEGIN "
            "INSERT OR IGNORE INTO report_fts_pending (id) VALUES (new.id); END"_s,
            u"CREATE TRIGGER report_fts_ad AFTER DELETE ON report BEGIN "
            "INSERT INTO report_fts(report_fts, rowid, text) SELECT 'delete', old.id, old.text"
            " WHERE NOT EXISTS (SELECT 1 FROM report_fts_pending WHERE id = old.id); "
            "DELETE FROM report_fts_pending WHERE id = old.id; END"_s,
            u"CREATE TRIGGER report_fts_au AFTER UPDATE OF text ON report BEGIN "
            "INSERT INTO report_fts(report_fts, rowid, text) SELECT 'delete', old.id, old.text"
            " WHERE NOT EXISTS (SELECT 1 FROM report_fts_pending WHERE id = old.id); "
            "DELETE FROM report_fts_pending WHERE id = old.id; "
            "INSERT OR IGNORE INTO report_fts_pending (id) VALUES (new.id); END"_s,
            u"INSERT INTO report_fts(report_fts) VALUES ('rebuild')"_s,
        };
        return s + createReportWordList();
    }

    QStringList createReportWordList() const override
    {
        return {
            u"CREATE TABLE IF NOT EXISTS report_fts_words (id INTEGER PRIMARY KEY CHECK (id = 1),"
            " generation INTEGER NOT NULL, words_generation INTEGER NOT NULL DEFAULT 0,"
            " words BLOB)"_s,
            u"INSERT OR IGNORE INTO report_fts_words (id, generation) VALUES (1, 1)"_s};
    }

    QStringList rebuildReportSearchIndex() const override
    {
        QStringList s = {u"DROP TRIGGER IF EXISTS report_fts_ai"_s,
                         u"DROP TRIGGER IF EXISTS report_fts_ad"_s,
                         u"DROP TRIGGER IF EXISTS report_fts_au"_s,
                         u"DROP TABLE IF EXISTS report_fts_pending"_s,
                         u"DROP TABLE IF EXISTS report_fts_vocab"_s,
                         u"DROP TABLE IF EXISTS report_fts_words"_s,
                         u"DROP TABLE IF EXISTS report_fts"_s};
        return s + createReportSearchIndex();
    }

    QStringList indexPendingReports() const override
    {
        return {u"INSERT INTO report_fts(rowid, text) SELECT r.id, r.text"
                " FROM report_fts_pending p JOIN report r ON r.id = p.id"_s,
                u"UPDATE report_fts_words SET generation = generation + 1"_s,
                u"DELETE FROM report_fts_pending"_s};
    }

    QString utf8Bytes(const QString &textExpression) const override
    {
        return u"CAST(%1 AS BLOB)"_s.arg(textExpression); // the file's encoding is UTF-8
    }

    QStringList compactStatements() const override { return {u"VACUUM"_s}; }

    QStringList createAnnotatorGuards() const override { return {}; }
    QStringList createOwnerGroup() const override { return {}; }
    QStringList grantAnnotatorsLaterTables() const override { return {}; }

    QStringList createAppendOnlyGuards() const override
    {
        return {
            u"CREATE TRIGGER annotation_event_no_update BEFORE UPDATE ON annotation_event "
            "BEGIN SELECT RAISE(ABORT, 'annotation events are append-only'); END"_s,
            u"CREATE TRIGGER annotation_event_no_delete BEFORE DELETE ON annotation_event "
            "BEGIN SELECT RAISE(ABORT, 'annotation events are append-only'); END"_s,
        };
    }

    QString reportSearchQuery() const override
    {
        // Not ORDER BY rank: with detail=none, FTS5's bm25 tokenizes every candidate's whole
        // text again to count its trigrams (8 s for 1,500 DRB-II reports); the search store
        // ranks the candidates itself as it checks them. Reports not indexed yet are
        // candidates too.
        return u"SELECT rowid, text FROM report_fts WHERE report_fts MATCH :match"
               " UNION ALL SELECT r.id, r.text FROM report_fts_pending p"
               " JOIN report r ON r.id = p.id"_s;
    }

    bool bindReportSearch(QSqlDatabase &db, QSqlQuery &query,
                          const QStringList &terms) const override
    {
        const QString match = SqliteSearch::matchExpression(db, terms);
        if (match.isEmpty())
            return false; // no term the index can narrow the search with
        query.bindValue(u":match"_s, match);
        return true;
    }

    Result<int> schemaVersion(QSqlDatabase &db) const override
    {
        QSqlQuery q(db);
        if (q.exec(u"PRAGMA user_version"_s) && q.next())
            return q.value(0).toInt();
        return Error{q.lastError().text()};
    }

    bool setSchemaVersion(QSqlDatabase &db, int version) const override
    {
        QSqlQuery q(db);
        return q.exec(u"PRAGMA user_version = %1"_s.arg(version));
    }
};

} // namespace

std::unique_ptr<SqlDialect> makeSqliteDialect()
{
    return std::make_unique<SqliteDialect>();
}

} // namespace Rubricate
