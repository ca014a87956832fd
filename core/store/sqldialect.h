// Everything that differs between database engines lives behind this interface, so the
// schema and the queries stay portable: SQLite for a project file, PostgreSQL (QPSQL) for a
// team project on a server.
#pragma once

#include "domain/result.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QStringList>

#include <memory>

namespace Rubricate {

// The PostgreSQL channel on which a project's changes are announced, with the table as payload.
inline constexpr char ChangeChannel[] = "rubricate_changes";

class SqlDialect
{
public:
    virtual ~SqlDialect() = default;

    virtual QString driverName() const = 0;
    // Statements run on every new connection (pragmas, session settings).
    virtual QStringList connectionSetup() const = 0;
    // What a new connection needs besides statements (SQLite: the full-text tokenizer).
    virtual Result<void> prepareConnection(QSqlDatabase &db) const = 0;
    // Statements run when a connection goes idle between requests (it stays open for the
    // thread's next request).
    virtual QStringList idleStatements() const = 0;
    // A statement that fails unless the connection reaches a database of this engine (a file
    // that is not SQLite fails only at its first read).
    virtual QString probeStatement() const = 0;
    // Column type of an auto-incremented integer primary key.
    virtual QString autoIdColumn() const = 0;
    virtual QString blobType() const = 0;
    // The schema is written in SQLite's type names; an engine whose INTEGER or REAL is
    // narrower than SQLite's 8 bytes widens them here, so that no value changes on the way.
    virtual QString ddl(const QString &statement) const = 0;
    // Statements around a run of migrations, and the start of each migration's transaction,
    // so that two processes opening one project at once do not both migrate it: the second
    // waits, then finds the version current.
    virtual QStringList lockMigrations() const = 0;
    virtual QStringList unlockMigrations() const = 0;
    virtual QStringList beginMigration() const = 0;
    // Full-text index over report.text, kept in sync by the engine itself.
    virtual QStringList createReportSearchIndex() const = 0;
    // Drops that index and builds it again as createReportSearchIndex() now defines it; empty
    // when its definition never changed on this engine.
    virtual QStringList rebuildReportSearchIndex() const = 0;
    // Where a search for a fragment inside a word first asks which words of the index hold
    // it: a table that keeps the index's words between processes (part of the index above).
    virtual QStringList createReportWordList() const = 0;
    // Indexes the reports written since the last time, where the engine defers that to the
    // end of a transaction; empty where the index keeps up with every row by itself.
    virtual QStringList indexPendingReports() const = 0;
    // An expression for the UTF-8 bytes of a text expression, to compare it with a blob.
    virtual QString utf8Bytes(const QString &textExpression) const = 0;
    // Gives the space of deleted data back to the file system, outside any transaction; empty
    // where the engine does that by itself.
    virtual QStringList compactStatements() const = 0;
    // Refuses UPDATE and DELETE on annotation_event: human judgements are append-only.
    virtual QStringList createAppendOnlyGuards() const = 0;
    // Holds a team project's annotators to the annotator their login is bound to
    // (teamroles.h). Empty for a file, which is one person's.
    virtual QStringList createAnnotatorGuards() const = 0;
    // Gives a team project's tables to a group role of its own, of which owners are members
    // (teamroles.h). Empty for a file.
    virtual QStringList createOwnerGroup() const = 0;
    // Lets a team project's annotators read the tables later migrations add (teamroles.h).
    // Empty for a file.
    virtual QStringList grantAnnotatorsLaterTables() const = 0;
    // Appended to the subquery that picks jobs to lease: rows another worker is leasing right
    // now are skipped rather than waited for (SQLite has one writer at a time anyway).
    virtual QString skipLockedRows() const = 0;
    // Lets other clients of the project learn that `tables` changed (PostgreSQL: a NOTIFY on
    // ChangeChannel per statement; SQLite needs nothing, PRAGMA data_version tells).
    virtual QStringList createChangeNotifications(const QStringList &tables) const = 0;
    // Whether other clients' changes arrive as driver notifications on ChangeChannel; if not,
    // PRAGMA data_version is asked. (Qt's SQLite driver has notifications too, but only for
    // this connection's own writes.)
    virtual bool notifiesChanges() const = 0;
    // Starts a read-only transaction that sees one snapshot of every table (for a copy).
    virtual QString beginSnapshot() const = 0;
    // How a write transaction begins.
    virtual QString beginWrite() const = 0;
    // Run in a write transaction before it writes annotation events, so that such transactions
    // follow one another: what one read before it writes (a uid already there, a newer label)
    // stays true until it commits. Empty where every write transaction already runs alone.
    virtual QStringList serialiseAnnotationWrites() const = 0;
    // After rows were inserted with their ids: the next id handed out follows the largest.
    virtual QStringList afterExplicitIds(const QString &table) const = 0;

    // SELECT report_id, text ... for the reports that may contain every term, found through
    // the engine's index; the caller checks them for the terms and ranks them.
    virtual QString reportSearchQuery() const = 0;
    // Binds the user's words to reportSearchQuery(); false when the engine's index cannot
    // answer them (then the store falls back to a substring scan). `db` may be asked about
    // the index (SQLite: its vocabulary).
    virtual bool bindReportSearch(QSqlDatabase &db, QSqlQuery &query,
                                  const QStringList &terms) const = 0;

    // Reads a schema version stored by the engine (PRAGMA user_version on SQLite); 0 for an
    // empty database, an error saying why when it cannot be read.
    virtual Result<int> schemaVersion(QSqlDatabase &db) const = 0;
    virtual bool setSchemaVersion(QSqlDatabase &db, int version) const = 0;
};

std::unique_ptr<SqlDialect> makeSqliteDialect();
std::unique_ptr<SqlDialect> makePostgresDialect();

} // namespace Rubricate
