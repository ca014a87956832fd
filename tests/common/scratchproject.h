// A project for tests that import into a real database: a file in a temporary folder, or,
// when the test runs as its `_postgresql` twin (RUBRICATE_TEST_ENGINE=postgresql, see
// rubricate_add_test's BOTH_ENGINES), a fresh database on the PostgreSQL test server.
#pragma once

#include "postgresfixture.h"
#include "store/projectstore.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <optional>

namespace RubricateTest {

// True when this run of the test is its PostgreSQL twin.
inline bool onPostgres()
{
    return qEnvironmentVariable("RUBRICATE_TEST_ENGINE") == QLatin1String("postgresql");
}

class ScratchProject
{
public:
    // Creates the project; check isOpen() (its error is in `error()`).
    explicit ScratchProject(const QString &fileName = QStringLiteral("test.rubricate"))
    {
        if (onPostgres()) {
            m_error = postgresMissing();
            if (!m_error.isEmpty())
                return;
            m_server.emplace();
            if (!m_server->isValid()) {
                m_error = m_server->error();
                return;
            }
            m_location = m_server->url();
        } else {
            m_location = m_dir.filePath(fileName);
        }
        auto created = Rubricate::ProjectStore::create(m_location);
        if (created)
            m_store = std::move(created).value();
        else
            m_error = created.errorMessage();
    }
    ~ScratchProject()
    {
        // Every thread's idle connection goes before the database is dropped under it.
        m_store.reset();
        if (!m_location.isEmpty())
            Rubricate::ProjectStore::close(m_location);
    }
    ScratchProject(const ScratchProject &) = delete;
    ScratchProject &operator=(const ScratchProject &) = delete;

    bool isOpen() const { return m_store != nullptr; }
    QString error() const { return m_error; }
    Rubricate::ProjectStore &store() { return *m_store; }
    // Where the project is: a file path or a postgresql:// URL.
    QString location() const { return m_location; }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }
    // The test server's database when the project is on PostgreSQL, else null.
    PostgresDatabase *server() { return m_server ? &*m_server : nullptr; }

    // The first column of the first row of `sql`, or -1 when the query fails.
    int scalar(const QString &sql)
    {
        QSqlQuery q(m_store->database());
        return q.exec(sql) && q.next() ? q.value(0).toInt() : -1;
    }

private:
    QTemporaryDir m_dir;
    std::optional<PostgresDatabase> m_server;
    QString m_location;
    QString m_error;
    std::unique_ptr<Rubricate::ProjectStore> m_store;
};

} // namespace RubricateTest
