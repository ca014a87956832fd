#include "sqldialect.h"

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
    QString beginMigration() const override { return u"BEGIN IMMEDIATE"_s; }
    QString skipLockedRows() const override { return {}; }
    QStringList createChangeNotifications(const QStringList &) const override { return {}; }
    bool notifiesChanges() const override { return false; }
    // In WAL mode a read transaction keeps the snapshot of its first read.
    QString beginSnapshot() const override { return u"BEGIN"_s; }
    QStringList afterExplicitIds(const QString &) const override { return {}; } // rowid: max + 1

    QStringList createReportSearchIndex() const override
    {
        // Trigram tokens match inside words of every script: Chinese reports have no
        // spaces for a word tokenizer to split on. detail=none keeps which reports hold a
        // trigram but not where (a quarter of the full index's size, smaller than the text):
        // the index finds the reports holding all of a word's trigrams, and the store then
        // checks that the word itself is there.
        return {
            u"CREATE VIRTUAL TABLE report_fts USING fts5(text, content='report',"
            " content_rowid='id', tokenize='trigram', detail='none')"_s,
            u"CREATE TRIGGER report_fts_ai AFTER INSERT ON report BEGIN "
            "INSERT INTO report_fts(rowid, text) VALUES (new.id, new.text); END"_s,
            u"CREATE TRIGGER report_fts_ad AFTER DELETE ON report BEGIN "
            "INSERT INTO report_fts(report_fts, rowid, text) VALUES ('delete', old.id, old.text); "
            "END"_s,
            u"CREATE TRIGGER report_fts_au AFTER UPDATE OF text ON report BEGIN "
            "INSERT INTO report_fts(report_fts, rowid, text) VALUES ('delete', old.id, old.text); "
            "INSERT INTO report_fts(rowid, text) VALUES (new.id, new.text); END"_s,
            u"INSERT INTO report_fts(report_fts) VALUES ('rebuild')"_s,
        };
    }

    QStringList rebuildReportSearchIndex() const override
    {
        QStringList s
            = {u"DROP TRIGGER IF EXISTS report_fts_ai"_s, u"DROP TRIGGER IF EXISTS report_fts_ad"_s,
               u"DROP TRIGGER IF EXISTS report_fts_au"_s, u"DROP TABLE IF EXISTS report_fts"_s};
        return s + createReportSearchIndex();
    }

    QString utf8Bytes(const QString &textExpression) const override
    {
        return u"CAST(%1 AS BLOB)"_s.arg(textExpression); // the file's encoding is UTF-8
    }

    QStringList compactStatements() const override { return {u"VACUUM"_s}; }

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
        // In id order, not by rank: with detail=none, bm25 tokenizes every candidate's whole
        // text again to count its trigrams (8 s for 1,500 DRB-II reports), and a search
        // stops at its limit of checked hits.
        return u"SELECT rowid, text FROM report_fts WHERE report_fts MATCH :match"_s;
    }

    bool reportSearchFindsCandidates() const override { return true; }

    bool bindReportSearch(QSqlQuery &query, const QStringList &terms, int) const override
    {
        // Every trigram of every term (in code points, as the tokenizer counts), quoted;
        // a handful per term narrows the candidates as well as all of them would.
        constexpr int TrigramsPerTerm = 24;
        QStringList trigrams;
        for (const QString &term : terms) {
            const QList<uint> points = term.toUcs4();
            for (qsizetype i = 0; i + 3 <= points.size() && i < TrigramsPerTerm; ++i) {
                QString trigram = QString::fromUcs4(
                    reinterpret_cast<const char32_t *>(points.constData() + i), 3);
                trigram.replace(u'"', u"\"\""_s);
                trigram = u'"' + trigram + u'"';
                if (!trigrams.contains(trigram))
                    trigrams << trigram;
            }
        }
        if (trigrams.isEmpty())
            return false; // no term of three characters: the index cannot help
        query.bindValue(u":match"_s, trigrams.join(u" AND "_s));
        return true;
    }

    int schemaVersion(QSqlDatabase &db) const override
    {
        QSqlQuery q(db);
        if (q.exec(u"PRAGMA user_version"_s) && q.next())
            return q.value(0).toInt();
        return -1;
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
