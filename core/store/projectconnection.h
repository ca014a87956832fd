// The connection to one project on one thread, shared by every request of that thread.
//
// QSqlDatabase connections belong to the thread that added them. Each thread keeps its own
// connections in a registry (QThreadStorage) keyed by the project's location, so a thread
// opens a project once, not once per request, and the connections are removed when the
// thread ends or when the project is closed (ProjectConnection::close). Two projects in one
// process get one connection each per thread.
//
// Only ProjectDatabase (projectdatabase.h) uses this class; everything else goes through it.
#pragma once

#include "domain/result.h"

#include <QSqlDatabase>
#include <QString>

#include <memory>

class QThread;

namespace Rubricate {

class SqlDialect;

class ProjectConnection
{
public:
    enum class Mode {
        OpenExisting, // a missing project is an error naming its location
        Create, // creates the project when it is missing
    };

    // The calling thread's connection to the project at `location` (a file path today; the
    // seam for a postgresql:// URL), opened and migrated to `targetVersion` (-1: the latest)
    // if need be. A connection at an older `targetVersion` is not shared: it closes with the
    // request that asked for it.
    static Result<std::shared_ptr<ProjectConnection>> acquire(const QString &location, Mode mode,
                                                              int targetVersion);
    // The project closes: the calling thread drops its idle connection to it now, every other
    // thread at its next acquire (or when it ends). Needed before the file is moved.
    static void close(const QString &location);
    // The location as the registry keys it: an absolute path for a file.
    static QString normalizedLocation(const QString &location);

    ~ProjectConnection();
    ProjectConnection(const ProjectConnection &) = delete;
    ProjectConnection &operator=(const ProjectConnection &) = delete;

    QString location() const { return m_location; }
    QString name() const { return m_name; }
    const SqlDialect &dialect() const { return *m_dialect; }
    QSqlDatabase database() const;
    // The server ended the session under the connection (a restart, a dropped network); a
    // file's connection never ends so. libpq notices only once a statement has failed on it.
    bool sessionEnded() const { return m_server && !database().isOpen(); }

    // A request (a ProjectDatabase) starts or ends using the connection. When the last one
    // ends the connection goes idle, and the dialect's idle statements run (SQLite folds its
    // write-ahead log into the file, so that a copy of the file alone is complete, as it was
    // when every request closed its connection).
    void retain() { ++m_users; }
    void release();

    struct FileIdentity {
        quint64 device = 0;
        quint64 inode = 0;
        bool operator==(const FileIdentity &) const = default;
    };

private:
    friend struct ThreadConnections;
    ProjectConnection() = default;
    Result<void> openConnection(Mode mode);
    Result<void> checkProjectFile(QSqlDatabase &db, Mode mode) const;
    Result<void> migrateOnce(int targetVersion);
    // False when the file was replaced, removed or closed since the connection was opened.
    bool isCurrent() const;

    QString m_location;
    QString m_name;
    std::unique_ptr<SqlDialect> m_dialect;
    QThread *m_thread = nullptr;
    FileIdentity m_identity;
    quint64 m_generation = 0; // of the location's close() count when opened
    int m_users = 0;
    bool m_server = false;
};

} // namespace Rubricate
