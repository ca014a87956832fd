// Everything that differs between database engines lives behind this interface, so the
// schema and the queries stay portable: SQLite today, PostgreSQL (QPSQL) next.
#pragma once

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

#include <memory>

namespace Rubricate {

class SqlDialect
{
public:
    virtual ~SqlDialect() = default;

    virtual QString driverName() const = 0;
    // Statements run on every new connection (pragmas, session settings).
    virtual QStringList connectionSetup() const = 0;
    // Statements run when a connection goes idle between requests (it stays open for the
    // thread's next request).
    virtual QStringList idleStatements() const = 0;
    // Column type of an auto-incremented integer primary key.
    virtual QString autoIdColumn() const = 0;
    virtual QString blobType() const = 0;
    // Full-text index over report.text, kept in sync by the engine itself.
    virtual QStringList createReportSearchIndex() const = 0;
    // Refuses UPDATE and DELETE on annotation_event: human judgements are append-only.
    virtual QStringList createAppendOnlyGuards() const = 0;
    // SELECT report_id, snippet ... for one full-text expression; binds :match, :limit.
    virtual QString reportSearchQuery() const = 0;
    // Turns user words into the engine's match expression; empty when the engine's index
    // cannot answer them (then the store falls back to a substring scan).
    virtual QString matchExpression(const QStringList &terms) const = 0;

    // Reads a schema version stored by the engine (PRAGMA user_version on SQLite).
    virtual int schemaVersion(QSqlDatabase &db) const = 0;
    virtual bool setSchemaVersion(QSqlDatabase &db, int version) const = 0;
};

std::unique_ptr<SqlDialect> makeSqliteDialect();

} // namespace Rubricate
