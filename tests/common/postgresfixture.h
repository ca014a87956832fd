// A fresh, empty database on the throwaway PostgreSQL test server for each test.
//
// The server is started by the `postgres` CTest fixture (tests/pg/pgserver.sh), which puts its
// socket directory in RUBRICATE_TEST_PG_SOCKET. Where there is no server the test skips with
// a clear message, except under CI (CI=true), where that is a failure.
#pragma once

#include "shareddata.h"

#include <QSqlDatabase>
#include <QSqlError>
#include <QSqlQuery>
#include <QString>
#include <QTest>
#include <QUuid>

namespace RubricateTest {

inline QString postgresSocket()
{
    const QString dir = qEnvironmentVariable("RUBRICATE_TEST_PG_SOCKET");
    return !dir.isEmpty() && QFileInfo::exists(dir + QStringLiteral("/.s.PGSQL.5432")) ? dir
                                                                                       : QString();
}

// Why PostgreSQL tests cannot run here, or empty when they can.
inline QString postgresMissing()
{
    if (!QSqlDatabase::isDriverAvailable(QStringLiteral("QPSQL")))
        return QStringLiteral("Qt's PostgreSQL driver QPSQL is missing (libqt6sql6-psql)");
    if (postgresSocket().isEmpty())
        return QStringLiteral("no PostgreSQL test server (run the tests through ctest, which "
                              "starts one with tests/pg/pgserver.sh; needs postgresql-15)");
    return {};
}

class PostgresDatabase
{
public:
    PostgresDatabase()
        : m_name(QStringLiteral("rubricate_test_")
                 + QUuid::createUuid().toString(QUuid::Id128).left(16))
    {
        m_ok = admin(
            [this](QSqlQuery &q) { return q.exec(QStringLiteral("CREATE DATABASE ") + m_name); });
    }
    ~PostgresDatabase()
    {
        if (m_ok)
            admin([this](QSqlQuery &q) {
                return q.exec(QStringLiteral("DROP DATABASE ") + m_name
                              + QStringLiteral(" WITH (FORCE)"));
            });
    }
    PostgresDatabase(const PostgresDatabase &) = delete;
    PostgresDatabase &operator=(const PostgresDatabase &) = delete;

    bool isValid() const { return m_ok; }
    QString error() const { return m_error; }
    QString name() const { return m_name; }
    // The project location a user would type, with the socket directory as the host.
    QString url() const { return urlAs(QStringLiteral("rubricate")); }
    // The same, logged in as `login` (a role team add-owner or add-annotator made).
    QString urlAs(const QString &login) const
    {
        return QStringLiteral("postgresql://%1@/%2?host=%3").arg(login, m_name, postgresSocket());
    }
    // Whether the server lets anyone connect to this database: off, it refuses new sessions
    // as a server out of reach would (endSessions() ends the open ones).
    bool setAcceptingConnections(bool accepting)
    {
        return admin([this, accepting](QSqlQuery &q) {
            return q.exec(
                QStringLiteral("ALTER DATABASE %1 WITH ALLOW_CONNECTIONS %2")
                    .arg(m_name, accepting ? QStringLiteral("true") : QStringLiteral("false")));
        });
    }
    // Ends every session of this database but the administrator's, as a server restart
    // would for its clients.
    bool endSessions()
    {
        return admin([this](QSqlQuery &q) {
            return q.exec(QStringLiteral("SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
                                         " WHERE datname = '%1' AND pid <> pg_backend_pid()")
                              .arg(m_name));
        });
    }
    // A direct connection for a test's own checks, under `connectionName`.
    QSqlDatabase connect(const QString &connectionName) const
    {
        return open(connectionName, m_name);
    }

private:
    static QSqlDatabase open(const QString &connectionName, const QString &database)
    {
        QSqlDatabase db = QSqlDatabase::addDatabase(QStringLiteral("QPSQL"), connectionName);
        db.setHostName(postgresSocket());
        db.setUserName(QStringLiteral("rubricate"));
        db.setDatabaseName(database);
        db.open();
        return db;
    }

    template<typename Statement>
    bool admin(Statement statement)
    {
        const QString connection = QStringLiteral("admin-") + m_name;
        bool ok = false;
        {
            QSqlDatabase db = open(connection, QStringLiteral("postgres"));
            QSqlQuery q(db);
            ok = db.isOpen() && statement(q);
            if (!ok)
                m_error = db.isOpen() ? q.lastError().text() : db.lastError().text();
        }
        QSqlDatabase::removeDatabase(connection);
        return ok;
    }

    QString m_name;
    QString m_error;
    bool m_ok = false;
};

} // namespace RubricateTest

// Skips (fails under CI) when there is no PostgreSQL test server or no QPSQL driver.
#define RUBRICATE_REQUIRE_POSTGRES()                                                               \
    do {                                                                                           \
        const QString why = RubricateTest::postgresMissing();                                      \
        if (!why.isEmpty()) {                                                                      \
            if (RubricateTest::underCi())                                                          \
                QFAIL(qPrintable(why));                                                            \
            QSKIP(qPrintable(why));                                                                \
        }                                                                                          \
    } while (false)
