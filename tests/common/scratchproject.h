// A project in a temporary folder, for tests that import into a real database.
#pragma once

#include "store/projectstore.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

namespace RubricateTest {

class ScratchProject
{
public:
    // Creates the project; check isOpen() (its error is in `error()`).
    explicit ScratchProject(const QString &fileName = QStringLiteral("test.rubricate"))
    {
        m_store = Rubricate::ProjectStore::create(m_dir.filePath(fileName), &m_error);
    }

    bool isOpen() const { return m_store != nullptr; }
    QString error() const { return m_error; }
    Rubricate::ProjectStore &store() { return *m_store; }
    QString filePath(const QString &name) const { return m_dir.filePath(name); }

    // The first column of the first row of `sql`, or -1 when the query fails.
    int scalar(const QString &sql)
    {
        QSqlQuery q(m_store->database());
        return q.exec(sql) && q.next() ? q.value(0).toInt() : -1;
    }

private:
    QTemporaryDir m_dir;
    QString m_error;
    std::unique_ptr<Rubricate::ProjectStore> m_store;
};

} // namespace RubricateTest
