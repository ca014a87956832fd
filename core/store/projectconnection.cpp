#include "projectconnection.h"

#include "domain/softassert.h"
#include "migrations.h"
#include "projectlocation.h"
#include "serverlocation.h"
#include "sqldialect.h"
#include "storelog.h"

#include <QAtomicInteger>
#include <QFileInfo>
#include <QHash>
#include <QMutex>
#include <QSqlError>
#include <QSqlQuery>
#include <QThread>
#include <QThreadStorage>

#ifdef Q_OS_UNIX
#include <sys/stat.h>
#endif

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// How often each location was closed, so that other threads notice at their next acquire.
struct CloseGenerations {
    QMutex mutex;
    QHash<QString, quint64> byLocation;

    quint64 of(const QString &location)
    {
        QMutexLocker lock(&mutex);
        return byLocation.value(location);
    }
    void bump(const QString &location)
    {
        QMutexLocker lock(&mutex);
        ++byLocation[location];
    }
};

CloseGenerations &closeGenerations()
{
    static CloseGenerations generations;
    return generations;
}

// Migrations write, and two threads migrating one file would only wait on each other's locks:
// one migrates, the others then find the schema current.
QMutex &migrationMutex()
{
    static QMutex mutex;
    return mutex;
}

// SQLite keeps a project's journal (-wal, -shm) beside the file, the link's target for a
// link: in a folder it may not write, it can neither create a project nor read one whose
// journal is not there yet, and says only "unable to open database file" or "attempt to
// write a readonly database". (A read-only file in a writable folder can be read: what
// refuses its writes says why, sqliteErrorText().)
Result<void> projectFolderProblem(const QString &location)
{
    const QFileInfo given(location);
    const QFileInfo file(given.exists() ? given.canonicalFilePath() : given.absoluteFilePath());
    const QFileInfo folder(file.absolutePath());
    const QString verb = given.exists() ? u"open"_s : u"create"_s;
    if (!folder.isDir()) {
        return Error{
            u"cannot %1 %2: the folder %3 does not exist"_s.arg(verb, location, folder.filePath())};
    }
    if (!QFileInfo::exists(file.filePath() + u"-wal"_s) && !folder.isWritable()) {
        return Error{u"cannot %1 %2: its folder %3 is read-only, and SQLite keeps a project's "
                     "journal (%4-wal) beside it; copy it to a folder you may write to"_s.arg(
                         verb, location, folder.filePath(), file.fileName())};
    }
    return {};
}

// Which file is at `path` now: a project copied or created over an old one is another file,
// though its path is the same. Zero when there is none.
ProjectConnection::FileIdentity fileIdentity(const QString &path)
{
#ifdef Q_OS_UNIX
    struct stat info {
    };
    if (::stat(QFile::encodeName(path).constData(), &info) != 0)
        return {};
    return {quint64(info.st_dev), quint64(info.st_ino)};
#else
    const QFileInfo file(path);
    if (!file.isFile())
        return {};
    return {0, quint64(file.birthTime().toMSecsSinceEpoch())};
#endif
}

} // namespace

// One thread's connections by location. Destroyed with the thread (QThreadStorage), which
// removes every connection no request holds any more.
struct ThreadConnections {
    QHash<QString, std::shared_ptr<ProjectConnection>> byLocation;

    // Drops idle connections to files that were replaced, removed or closed, so that a long
    // thread (a test's main thread, the runs thread) does not hold them open.
    void dropStale()
    {
        for (auto it = byLocation.begin(); it != byLocation.end();) {
            if (it.value()->m_users == 0 && !it.value()->isCurrent())
                it = byLocation.erase(it);
            else
                ++it;
        }
    }
};

namespace {

ThreadConnections &threadConnections()
{
    static QThreadStorage<ThreadConnections *> storage;
    if (!storage.hasLocalData())
        storage.setLocalData(new ThreadConnections);
    return *storage.localData();
}

} // namespace

QString ProjectConnection::normalizedLocation(const QString &location)
{
    return ProjectLocation::normalized(location);
}

Result<std::shared_ptr<ProjectConnection>> ProjectConnection::acquire(const QString &location,
                                                                      Mode mode, int targetVersion)
{
    const QString key = normalizedLocation(location);
    if (targetVersion >= 0) {
        // Held at an older schema for a test of the migrations: the caller's alone, closed
        // with its last request, never handed to a request that expects the latest schema.
        std::shared_ptr<ProjectConnection> own(new ProjectConnection);
        own->m_location = key;
        if (Result<void> opened = own->openConnection(mode); !opened)
            return opened.error();
        if (Result<void> migrated = own->migrateOnce(targetVersion); !migrated)
            return migrated.error();
        return own;
    }
    ThreadConnections &connections = threadConnections();
    connections.dropStale();
    std::shared_ptr<ProjectConnection> connection = connections.byLocation.value(key);
    // A session the server ended (a restart, a network that dropped it) stays ended: kept,
    // the thread would fail every request until it ends.
    if (connection && (!connection->isCurrent() || connection->sessionEnded())) {
        connections.byLocation.remove(key); // in use elsewhere: it ends with its last request
        connection.reset();
    }
    const auto openNew = [&]() -> Result<void> {
        connection.reset(new ProjectConnection);
        connection->m_location = key;
        if (Result<void> opened = connection->openConnection(mode); !opened)
            return opened.error();
        connections.byLocation.insert(key, connection);
        return {};
    };
    if (!connection) {
        if (Result<void> opened = openNew(); !opened)
            return opened.error();
    }
    // The schema version is read on every acquire, one pragma, so that a file upgraded by a
    // newer build (or set back by a test) behind this connection's back is still noticed. On a
    // session the server ended since the last request, it is the statement that finds out.
    Result<void> migrated = connection->migrateOnce(targetVersion);
    if (!migrated && connection->sessionEnded()) {
        qCInfo(lcStore, "%s: the server ended the session; opening a new one", qPrintable(key));
        connections.byLocation.remove(key);
        if (Result<void> opened = openNew(); !opened)
            return opened.error();
        migrated = connection->migrateOnce(targetVersion);
    }
    if (!migrated)
        return migrated.error();
    return connection;
}

void ProjectConnection::close(const QString &location)
{
    const QString key = normalizedLocation(location);
    closeGenerations().bump(key);
    threadConnections().dropStale();
}

// Read before anything is written: the setup turns the file's journal to WAL, which writes
// its header, and a migration would add our tables. Another program's SQLite database is no
// project, and neither open nor create may make it one; an empty file (0 bytes, or a database
// holding nothing) is a project only when asked to create one.
Result<void> ProjectConnection::checkProjectFile(QSqlDatabase &db, Mode mode) const
{
    QSqlQuery q(db);
    // Another connection may be writing: wait as every statement of a project does. The
    // setup sets it again; the pragma writes nothing to the file.
    (void)q.exec(u"PRAGMA busy_timeout = 10000"_s);
    if (!q.exec(m_dialect->probeStatement()) || !q.next()) {
        const QString why = q.lastError().text();
        return Error{why.contains(u"not a database"_s)
                         ? u"%1 is not a Rubricate project: %2"_s.arg(m_location, why)
                         : u"cannot read %1: %2"_s.arg(m_location, why)};
    }
    const int objects = q.value(0).toInt();
    q.finish();
    if (m_dialect->schemaVersion(db).value_or(-1) != 0)
        return {};
    if (objects > 0)
        return Error{
            u"%1 is not a Rubricate project: it is another program's SQLite database"_s.arg(
                m_location)};
    if (mode == Mode::OpenExisting) {
        return Error{QFileInfo(m_location).size() == 0
                         ? u"%1 is not a Rubricate project: the file is empty"_s.arg(m_location)
                         : u"%1 holds no Rubricate project"_s.arg(m_location)};
    }
    return {};
}

Result<void> ProjectConnection::openConnection(Mode mode)
{
    static QAtomicInteger<quint64> serial;
    std::optional<ServerLocation> server;
    if (ServerLocation::isServer(m_location)) {
        Result<ServerLocation> parsed = ServerLocation::parse(m_location);
        if (!parsed)
            return parsed.error();
        server = std::move(parsed).value();
    } else if (mode == Mode::OpenExisting && !QFileInfo(m_location).isFile()) {
        return Error{QFileInfo::exists(m_location)
                         ? u"%1 is not a Rubricate project: it is not a file"_s.arg(m_location)
                         : u"no project at %1: the file does not exist"_s.arg(m_location)};
    }
    if (!server) {
        if (Result<void> folder = projectFolderProblem(m_location); !folder)
            return folder;
    }
    m_dialect = server ? makePostgresDialect() : makeSqliteDialect();
    m_server = server.has_value();
    m_thread = QThread::currentThread();
    m_generation = closeGenerations().of(m_location);
    // Names carry the thread so that a stray cross-thread use is visible in Qt's warnings.
    m_name = u"rubricate-%1-%2"_s.arg(quintptr(QThread::currentThreadId()), 0, 16)
                 .arg(serial.fetchAndAddRelaxed(1));
    QSqlDatabase db = QSqlDatabase::addDatabase(m_dialect->driverName(), m_name);
    if (!db.isValid()) {
        return Error{u"%1: Qt's %2 database driver is not installed%3"_s.arg(
            m_location, m_dialect->driverName(),
            server ? u" (Debian: libqt6sql6-psql)"_s : QString())};
    }
    if (server)
        server->applyTo(db);
    else
        db.setDatabaseName(m_location);
    if (!db.open()) {
        return Error{u"cannot open %1: %2"_s.arg(m_location, db.lastError().text())};
    }
    if (const Result<void> prepared = m_dialect->prepareConnection(db); !prepared)
        return Error{u"%1: %2"_s.arg(m_location, prepared.errorMessage())};
    if (!server) {
        if (Result<void> ours = checkProjectFile(db, mode); !ours)
            return ours;
    }
    QSqlQuery q(db);
    for (const QString &statement : m_dialect->connectionSetup()) {
        if (!q.exec(statement)) {
            return Error{u"%1: %2"_s.arg(m_location, q.lastError().text())};
        }
    }
    // A file was probed by checkProjectFile() already.
    if (server && !q.exec(m_dialect->probeStatement())) {
        return Error{u"%1 is not a Rubricate project: %2"_s.arg(m_location, q.lastError().text())};
    }
    q.finish(); // a pending read of the schema would lock it against DROP in a migration
    // A server database is made by its administrator; open never puts a schema into one
    // that holds none, so a mistyped database name is an error, not a new empty project.
    if (server && mode == Mode::OpenExisting && m_dialect->schemaVersion(db).value_or(-1) == 0) {
        return Error{u"%1 holds no Rubricate project; make one with `rubricate-cli init %1` or "
                     "File → Open Team Project…"_s.arg(m_location)};
    }
    if (!server)
        m_identity = fileIdentity(m_location); // after open: a created file exists only now
    qCDebug(lcStore, "%s: connection %s opened", qPrintable(m_location), qPrintable(m_name));
    return {};
}

Result<void> ProjectConnection::migrateOnce(int targetVersion)
{
    QSqlDatabase db = database();
    const int wanted = targetVersion < 0 ? latestSchemaVersion() : targetVersion;
    if (m_dialect->schemaVersion(db).value_or(-1) == wanted)
        return {};
    if (!db.isOpen()) // the server ended the session: the caller opens another
        return Error{u"%1: the server ended the session"_s.arg(m_location)};
    QMutexLocker lock(&migrationMutex());
    const int from = m_dialect->schemaVersion(db).value_or(-1);
    QString migrationError;
    if (Result<void> migrated = migrate(db, *m_dialect, targetVersion); !migrated)
        return migrated.error().prefixed(m_location);
    if (from != wanted)
        qCInfo(lcStore, "%s: schema %d migrated to %d", qPrintable(m_location), from, wanted);
    return {};
}

bool ProjectConnection::isCurrent() const
{
    return m_generation == closeGenerations().of(m_location)
        && (ServerLocation::isServer(m_location) || fileIdentity(m_location) == m_identity);
}

QSqlDatabase ProjectConnection::database() const
{
    return QSqlDatabase::database(m_name, false);
}

void ProjectConnection::release()
{
    RUBRICATE_CHECK(lcStore, m_users > 0, return );
    if (--m_users > 0 || QThread::currentThread() != m_thread)
        return;
    QSqlQuery q(database());
    for (const QString &statement : m_dialect->idleStatements())
        q.exec(statement); // a checkpoint that cannot finish now is finished by a later one
}

ProjectConnection::~ProjectConnection()
{
    if (m_name.isEmpty())
        return;
    {
        QSqlDatabase db = database();
        if (db.isOpen())
            db.close();
    }
    QSqlDatabase::removeDatabase(m_name);
    qCDebug(lcStore, "%s: connection %s closed", qPrintable(m_location), qPrintable(m_name));
}

} // namespace Rubricate
