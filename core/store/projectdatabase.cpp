#include "projectdatabase.h"

#include "projectconnection.h"
#include "sqldialect.h"
#include "sqlerrortext.h"
#include "sqlitestatement.h"
#include "storecodec.h"

#include <QSqlError>

#include <sqlite3.h>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

Result<std::unique_ptr<ProjectDatabase>> acquired(const QString &location,
                                                  ProjectConnection::Mode mode, int version)
{
    auto connection = ProjectConnection::acquire(location, mode, version);
    if (!connection)
        return connection.error();
    return std::make_unique<ProjectDatabase>(std::move(connection).value());
}

} // namespace

Result<std::unique_ptr<ProjectDatabase>> ProjectDatabase::open(const QString &location)
{
    return acquired(location, ProjectConnection::Mode::OpenExisting, -1);
}

Result<std::unique_ptr<ProjectDatabase>> ProjectDatabase::create(const QString &location)
{
    return acquired(location, ProjectConnection::Mode::Create, -1);
}

Result<std::unique_ptr<ProjectDatabase>> ProjectDatabase::openAtVersion(const QString &location,
                                                                        int version)
{
    return acquired(location, ProjectConnection::Mode::Create, version);
}

void ProjectDatabase::close(const QString &location)
{
    ProjectConnection::close(location);
}

ProjectDatabase::ProjectDatabase(std::shared_ptr<ProjectConnection> connection)
    : m_connection(std::move(connection))
{
    m_connection->retain();
}

ProjectDatabase::~ProjectDatabase()
{
    m_rowStatements.clear(); // statements must end before the connection goes idle
    m_statements.clear();
    m_unprepared.reset();
    if (m_inTransaction)
        rollback(); // the connection outlives this request: leave no transaction open on it
    m_connection->release();
    for (EndedSession &ended : m_ended) {
        ended.rowStatements.clear();
        ended.statements.clear();
        ended.connection->release();
    }
}

// A session the server ended (a restart, a network that dropped it) is replaced by a new one
// before this request's next statement: kept, it would fail every statement until the request
// ends, and a run's request lasts as long as the run. Only between transactions: one that was
// open ended with its session, and the statement that found out failed with it. False, with
// lastError saying why, while no session can be had: a statement sent to the ended one would
// fail with no reason at all.
bool ProjectDatabase::replaceEndedSession()
{
    if (!m_connection->sessionEnded())
        return true;
    if (m_inTransaction)
        return sessionLost();
    auto fresh = ProjectConnection::acquire(location(), ProjectConnection::Mode::OpenExisting, -1);
    if (!fresh) {
        const QString opening = u"cannot open %1: "_s.arg(location());
        QString why = fresh.errorMessage();
        return lostConnection(why.startsWith(opening) ? why.mid(opening.size()) : why);
    }
    m_unprepared.reset();
    m_ended.push_back(
        {std::move(m_connection), std::move(m_statements), std::move(m_rowStatements)});
    m_statements.clear();
    m_rowStatements.clear();
    m_connection = std::move(fresh).value();
    m_connection->retain();
    return true;
}

bool ProjectDatabase::sessionLost()
{
    return lostConnection(u"the server ended the session"_s);
}

bool ProjectDatabase::lostConnection(const QString &why)
{
    m_lastError = u"lost the connection to %1: %2"_s.arg(location(), why.trimmed());
    m_lastRefused = false;
    return false;
}

QString ProjectDatabase::location() const
{
    return m_connection->location();
}

QString ProjectDatabase::driverName() const
{
    return m_connection->dialect().driverName();
}

const SqlDialect &ProjectDatabase::dialect() const
{
    return m_connection->dialect();
}

QString ProjectDatabase::connectionName() const
{
    return m_connection->name();
}

QSqlDatabase ProjectDatabase::database() const
{
    return m_connection->database();
}

int ProjectDatabase::schemaVersion() const
{
    QSqlDatabase db = database();
    return dialect().schemaVersion(db).value_or(-1);
}

bool ProjectDatabase::begin(WriteChecks checks)
{
    if (!replaceEndedSession())
        return false;
    QSqlQuery q(database());
    if (!q.exec(dialect().beginWrite())) {
        m_lastError = sqlErrorText(q.lastError());
        m_lastRefused = false;
        return false;
    }
    m_inTransaction = true;
    m_annotationsSerialised = false;
    // Before the first read: what the checks read must be what the others committed.
    if (checks == WriteChecks::Annotations && !serialiseAnnotationWrites()) {
        rollback();
        return false;
    }
    return true;
}

bool ProjectDatabase::serialiseAnnotationWrites()
{
    if (!m_inTransaction || m_annotationsSerialised)
        return true;
    if (m_connection->sessionEnded())
        return sessionLost();
    QSqlQuery q(database());
    for (const QString &statement : dialect().serialiseAnnotationWrites()) {
        if (!q.exec(statement)) {
            m_lastError = sqlErrorText(q.lastError());
            m_lastRefused = false;
            return false;
        }
    }
    m_annotationsSerialised = true;
    return true;
}

bool ProjectDatabase::commit()
{
    QSqlDatabase db = database();
    m_inTransaction = false;
    if (m_connection->sessionEnded()) // the transaction ended with it
        return sessionLost();
    if (!indexPendingReports()) { // its error is in m_lastError
        db.rollback();
        return false;
    }
    if (!db.commit()) {
        m_lastError = sqlErrorText(db.lastError());
        m_lastRefused = false;
        // SQLite keeps the transaction after a failed COMMIT (a reader in the way); PostgreSQL
        // has ended it, and answers a ROLLBACK then with "no transaction in progress".
        if (sqlite3 *handle = sqliteHandle(db); handle && !sqlite3_get_autocommit(handle))
            db.rollback();
        return false;
    }
    return true;
}

void ProjectDatabase::rollback()
{
    m_inTransaction = false;
    m_reportsPending = false;
    if (!m_connection->sessionEnded())
        database().rollback();
}

bool ProjectDatabase::reportsWritten()
{
    m_reportsPending = true;
    return m_inTransaction || indexPendingReports();
}

bool ProjectDatabase::indexPendingReports()
{
    if (!m_reportsPending)
        return true;
    m_reportsPending = false;
    const QStringList statements = dialect().indexPendingReports();
    if (statements.isEmpty())
        return true;
    // All or none, also outside a transaction: a report indexed twice would corrupt the index.
    if (!savepoint(u"index_pending"_s))
        return false;
    QSqlQuery q(database());
    for (const QString &statement : statements) {
        if (!q.exec(statement)) {
            m_lastError = sqlErrorText(q.lastError());
            m_lastRefused = false;
            rollbackToSavepoint(u"index_pending"_s);
            releaseSavepoint(u"index_pending"_s);
            return false;
        }
    }
    return releaseSavepoint(u"index_pending"_s);
}

// Savepoint names are the caller's identifiers, never user input: they go into the SQL as is.
bool ProjectDatabase::savepoint(const QString &name)
{
    return execTransactionControl(u"SAVEPOINT "_s + name);
}

bool ProjectDatabase::releaseSavepoint(const QString &name)
{
    return execTransactionControl(u"RELEASE SAVEPOINT "_s + name);
}

bool ProjectDatabase::execTransactionControl(const QString &sql)
{
    if (m_connection->sessionEnded())
        return sessionLost();
    QSqlQuery q(database());
    if (!q.exec(sql)) {
        m_lastError = sqlErrorText(q.lastError());
        m_lastRefused = false;
        return false;
    }
    return true;
}

bool ProjectDatabase::rollbackToSavepoint(const QString &name)
{
    // The error that made the caller roll back is the one worth keeping in lastError.
    if (m_connection->sessionEnded())
        return false;
    QSqlQuery q(database());
    return q.exec(u"ROLLBACK TO SAVEPOINT "_s + name);
}

QSqlQuery &ProjectDatabase::prepared(const QString &sql)
{
    if (!replaceEndedSession()) {
        m_unprepared = std::make_unique<QSqlQuery>(database());
        return *m_unprepared; // exec() fails with lastError
    }
    auto it = m_statements.find(sql);
    if (it == m_statements.end()) {
        auto q = std::make_unique<QSqlQuery>(database());
        q->setForwardOnly(true);
        if (!q->prepare(StoreCodec::namedPlaceholders(sql))) {
            // Not kept: a prepare refused once (a table locked for a moment) is tried again
            // the next time, where a kept one would fail every later call of the session.
            m_lastError = sqlErrorText(q->lastError()) + u" in: "_s + sql;
            m_lastRefused = false;
            m_unprepared = std::move(q);
            return *m_unprepared;
        }
        it = m_statements.emplace(sql, std::move(q)).first;
    }
    return *it->second;
}

bool ProjectDatabase::exec(QSqlQuery &q)
{
    if (&q == m_unprepared.get())
        return false; // lastError says why it was not prepared
    if (!q.exec())
        return fail(q);
    return true;
}

RowStatement *ProjectDatabase::rowStatement(const QString &sql)
{
    if (!replaceEndedSession()) // as prepared() does
        return nullptr;
    auto it = m_rowStatements.find(sql);
    if (it == m_rowStatements.end()) {
        std::unique_ptr<RowStatement> statement;
        if (sqlite3 *handle = sqliteHandle(database())) {
            statement = SqliteStatement::prepare(handle, sql, &m_lastError);
        } else if (QSqlQuery &q = prepared(sql); &q != m_unprepared.get()) {
            statement = std::make_unique<QueryRowStatement>(q);
        }
        if (!statement)
            return nullptr; // tried again next time, as prepared() does
        it = m_rowStatements.emplace(sql, std::move(statement)).first;
    }
    return it->second.get();
}

bool ProjectDatabase::fail(const QSqlQuery &q)
{
    m_lastError = sqlErrorText(q.lastError());
    m_lastRefused = isRefusal(q.lastError());
    if (m_lastError.trimmed().isEmpty())
        m_lastError = u"database error"_s;
    return false;
}

QVariant ProjectDatabase::now()
{
    const QDateTime t = QDateTime::currentDateTimeUtc();
    const qint64 ms = t.toMSecsSinceEpoch();
    if (ms != m_clockMs) {
        m_clockMs = ms;
        m_clockText = StoreCodec::time(t);
    }
    return m_clockText;
}

// Named placeholders: Qt's positional binding formats a placeholder name for every bound
// value, which dominated bulk imports.
ProjectDatabase::UpsertSql ProjectDatabase::upsertSql(const QString &table,
                                                      const QStringList &keyColumns,
                                                      const QStringList &valueColumns)
{
    UpsertSql sql;
    QStringList where, plainKeys, sets;
    for (int i = 0; i < keyColumns.size(); ++i) {
        const QString name = u":k%1"_s.arg(i);
        sql.keyNames << name;
        QString column = keyColumns.at(i);
        if (column.endsWith(u'?')) {
            column.chop(1);
            where << u"COALESCE(%1, 0) = COALESCE(%2, 0)"_s.arg(column, name);
        } else {
            where << column + u" = "_s + name;
        }
        plainKeys << column;
    }
    for (int i = 0; i < valueColumns.size(); ++i) {
        sql.valueNames << u":v%1"_s.arg(i);
        sets << valueColumns.at(i) + u" = "_s + sql.valueNames.constLast();
    }
    sql.find = u"SELECT id, fingerprint FROM %1 WHERE %2"_s.arg(table, where.join(u" AND "_s));
    sql.update
        = u"UPDATE %1 SET %2, fingerprint = :f WHERE id = :id"_s.arg(table, sets.join(u", "_s));
    sql.insert = u"INSERT INTO %1 (%2, fingerprint) VALUES (%3, :f)"_s.arg(
        table, (plainKeys + valueColumns).join(u", "_s),
        (sql.keyNames + sql.valueNames).join(u", "_s));
    return sql;
}

Upserted ProjectDatabase::upsertRow(const UpsertSql &sql, const QVariantList &keyValues,
                                    const QVariantList &values)
{
    Q_ASSERT(sql.keyNames.size() == keyValues.size());
    Q_ASSERT(sql.valueNames.size() == values.size());
    const QString fingerprint = StoreCodec::fingerprint(values);

    QSqlQuery &find = prepared(sql.find);
    for (int i = 0; i < keyValues.size(); ++i)
        find.bindValue(sql.keyNames.at(i), keyValues.at(i));
    if (!exec(find))
        return Upserted::failed(Error{m_lastError});
    if (find.next()) {
        const RowId id = find.value(0).toLongLong();
        const bool same = find.value(1).toString() == fingerprint;
        find.finish();
        if (same)
            return {id, UpsertResult::Unchanged};
        QSqlQuery &update = prepared(sql.update);
        for (int i = 0; i < values.size(); ++i)
            update.bindValue(sql.valueNames.at(i), values.at(i));
        update.bindValue(u":f"_s, fingerprint);
        update.bindValue(u":id"_s, id);
        if (!exec(update))
            return Upserted::failed(Error{m_lastError});
        return {id, UpsertResult::Updated};
    }
    find.finish();

    QSqlQuery &insert = prepared(sql.insert);
    for (int i = 0; i < keyValues.size(); ++i)
        insert.bindValue(sql.keyNames.at(i), keyValues.at(i));
    for (int i = 0; i < values.size(); ++i)
        insert.bindValue(sql.valueNames.at(i), values.at(i));
    insert.bindValue(u":f"_s, fingerprint);
    if (!exec(insert))
        return Upserted::failed(Error{m_lastError});
    return {insert.lastInsertId().toLongLong(), UpsertResult::Added};
}

} // namespace Rubricate
