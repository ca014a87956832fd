#include "projectstore.h"

#include <QFile>
#include <QtEndian>

namespace Rubricate {

using namespace Qt::StringLiterals;

Result<std::unique_ptr<ProjectStore>> ProjectStore::open(const QString &location)
{
    return wrap(ProjectDatabase::open(location));
}

Result<std::unique_ptr<ProjectStore>> ProjectStore::create(const QString &location)
{
    return wrap(ProjectDatabase::create(location));
}

Result<std::unique_ptr<ProjectStore>> ProjectStore::openAtVersion(const QString &location,
                                                                  int version)
{
    return wrap(ProjectDatabase::openAtVersion(location, version));
}

void ProjectStore::close(const QString &location)
{
    ProjectDatabase::close(location);
}

Result<std::unique_ptr<ProjectStore>>
ProjectStore::wrap(Result<std::unique_ptr<ProjectDatabase>> db)
{
    if (!db)
        return db.error();
    return std::unique_ptr<ProjectStore>(new ProjectStore(std::move(db).value()));
}

ProjectStore::ProjectStore(std::unique_ptr<ProjectDatabase> db)
    : m_db(std::move(db))
{ }

ProjectStore::~ProjectStore() = default;

Result<int> ProjectStore::schemaVersionOf(const QString &path)
{
    // From the file's header, not through SQLite: even a read-only connection leaves a
    // write-ahead log and its index beside a WAL database. (Writes still in such a log may be
    // newer than the header; a version read too old only makes the caller work on a copy.)
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return Error{u"cannot open %1: %2"_s.arg(path, file.errorString())};
    const QByteArray header = file.read(100);
    if (header.size() < 100 || !header.startsWith(QByteArrayView("SQLite format 3\0", 16)))
        return Error{u"%1 is not a Rubricate project"_s.arg(path)};
    return qFromBigEndian<qint32>(header.constData() + 60); // PRAGMA user_version
}

Transaction::Transaction(ProjectStore &store, WriteChecks checks)
    : Transaction(store.projectDatabase(), checks)
{ }

Savepoint::Savepoint(ProjectStore &store, QString name)
    : Savepoint(store.projectDatabase(), std::move(name))
{ }

} // namespace Rubricate
