// One request's use of a project database: the thread's shared connection
// (projectconnection.h), the statements this request prepared, its transactions and its last
// error. Every subject store (catalogstore.h, runstore.h ...) works over one of these.
//
// The engine seam: the location may later be a postgresql:// URL, and everything that differs
// per engine (driver, pragmas, full-text search, triggers) comes from dialect().
#pragma once

#include "domain/result.h"
#include "domain/types.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>
#include <QVariant>

#include <memory>
#include <unordered_map>
#include <vector>

namespace Rubricate {

class ProjectConnection;
class SqlDialect;
class RowStatement;

enum class UpsertResult { Added, Updated, Unchanged, Failed };

// What a write transaction reads before it writes and must find unchanged at its commit:
// Annotations, the events there are (an import skips a uid already there, a label older than
// the current one).
enum class WriteChecks { None, Annotations };

// What an upsert did; when it failed, `error` says why, so the message travels with it.
struct Upserted {
    Upserted() = default;
    Upserted(RowId rowId, UpsertResult what)
        : id(rowId)
        , result(what)
    { }
    static Upserted failed(Error why)
    {
        Upserted u;
        u.error = std::move(why);
        return u;
    }

    RowId id = 0;
    UpsertResult result = UpsertResult::Failed;
    Error error;
    bool ok() const { return result != UpsertResult::Failed; }
    // Whether the row was written, as a Result for callers that pass the failure on.
    Result<void> written() const { return ok() ? Result<void>() : Result<void>(error); }
};

class ProjectDatabase
{
public:
    // Opens the existing project at `location`; a missing one is an error naming it.
    static Result<std::unique_ptr<ProjectDatabase>> open(const QString &location);
    // Creates the project at `location` unless it exists, then opens it.
    static Result<std::unique_ptr<ProjectDatabase>> create(const QString &location);
    // Creates or opens without migrating beyond `version`: for tests of the migrations.
    static Result<std::unique_ptr<ProjectDatabase>> openAtVersion(const QString &location,
                                                                  int version);
    // The project closes: drops the connections to it (see ProjectConnection::close).
    static void close(const QString &location);

    explicit ProjectDatabase(std::shared_ptr<ProjectConnection> connection);
    ~ProjectDatabase();
    ProjectDatabase(const ProjectDatabase &) = delete;
    ProjectDatabase &operator=(const ProjectDatabase &) = delete;

    QString location() const;
    QString driverName() const;
    const SqlDialect &dialect() const;
    QString connectionName() const;
    QSqlDatabase database() const;
    int schemaVersion() const;

    QString lastError() const { return m_lastError; }
    void setLastError(const QString &error)
    {
        m_lastError = error;
        m_lastRefused = false;
    }
    // A write the store itself refuses for what it says, as the database refuses a constraint.
    void setLastRefusal(const QString &error)
    {
        m_lastError = error;
        m_lastRefused = true;
    }
    // Whether the last failed statement was refused for what it says (isRefusal()), so that
    // asking again would not help.
    bool lastErrorRefused() const { return m_lastRefused; }

    bool begin(WriteChecks checks = WriteChecks::None);
    bool commit();
    void rollback();
    bool savepoint(const QString &name);
    bool releaseSavepoint(const QString &name);
    bool rollbackToSavepoint(const QString &name);

    // A statement prepared once per request and reused, keyed by its SQL text.
    QSqlQuery &prepared(const QString &sql);
    bool exec(QSqlQuery &q); // false with lastError set
    // A statement that writes rows, prepared once per request on either engine
    // (rowstatement.h); null, with lastError set, when it cannot be prepared.
    RowStatement *rowStatement(const QString &sql);
    bool fail(const QSqlQuery &q); // records q's error; always false

    // The three statements of an upsert, built once per table. A key column written "name?"
    // may be NULL.
    struct UpsertSql {
        QString find;
        QString update;
        QString insert;
        QStringList keyNames;
        QStringList valueNames;
    };
    static UpsertSql upsertSql(const QString &table, const QStringList &keyColumns,
                               const QStringList &valueColumns);
    // Insert-or-update by natural key, comparing a fingerprint of the value columns so that
    // re-importing identical data touches nothing.
    Upserted upsertRow(const UpsertSql &sql, const QVariantList &keyValues,
                       const QVariantList &values);

    // The current time as stored, formatted at most once per millisecond: writing a run's
    // verdicts formatted a timestamp for every one of them.
    QVariant now();

    bool inTransaction() const { return m_inTransaction; }
    // Before annotation events are written in this transaction: other transactions that write
    // them wait until it ends (SqlDialect::serialiseAnnotationWrites). Once per transaction.
    bool serialiseAnnotationWrites();
    // A report's text was written: the search index takes it at the commit, or now outside
    // a transaction (SqlDialect::indexPendingReports).
    bool reportsWritten();

private:
    bool execTransactionControl(const QString &sql);
    bool replaceEndedSession();
    bool lostConnection(const QString &why); // always false
    bool sessionLost(); // lostConnection() for a session the server ended: always false
    bool indexPendingReports();

    std::shared_ptr<ProjectConnection> m_connection;
    QString m_lastError;
    bool m_lastRefused = false;
    bool m_inTransaction = false;
    bool m_annotationsSerialised = false; // in this transaction
    bool m_reportsPending = false; // reports to index before this transaction commits
    qint64 m_clockMs = -1;
    QVariant m_clockText;
    std::unordered_map<QString, std::unique_ptr<QSqlQuery>> m_statements; // by SQL text
    std::unique_ptr<QSqlQuery> m_unprepared; // the last statement whose prepare failed
    std::unordered_map<QString, std::unique_ptr<RowStatement>> m_rowStatements; // by SQL text
    // Sessions the server ended, with the statements prepared on them: a caller may still
    // hold one of those, so they last as long as this request.
    struct EndedSession {
        std::shared_ptr<ProjectConnection> connection;
        std::unordered_map<QString, std::unique_ptr<QSqlQuery>> statements;
        std::unordered_map<QString, std::unique_ptr<RowStatement>> rowStatements;
    };
    std::vector<EndedSession> m_ended;
};

} // namespace Rubricate
