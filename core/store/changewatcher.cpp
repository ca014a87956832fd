#include "changewatcher.h"

#include "projectstore.h"
#include "sqldialect.h"
#include "storelog.h"

#include <QSqlDriver>
#include <QTimer>

namespace Rubricate {

using namespace Qt::StringLiterals;

ChangeWatcher::ChangeWatcher(QObject *parent)
    : QObject(parent)
    , m_poll(new QTimer(this))
    , m_gather(new QTimer(this))
{
    m_poll->setInterval(PollMs);
    connect(m_poll, &QTimer::timeout, this, &ChangeWatcher::poll);
    m_gather->setSingleShot(true);
    m_gather->setInterval(GatherMs);
    connect(m_gather, &QTimer::timeout, this, [this] {
        const QSet<QString> tables = m_anything ? QSet<QString>{} : m_tables;
        m_tables.clear();
        m_anything = false;
        emit changed(tables);
    });
}

ChangeWatcher::~ChangeWatcher()
{
    stop();
}

void ChangeWatcher::watch(const QString &location)
{
    stop();
    if (location.isEmpty())
        return;
    auto opened = ProjectStore::open(location);
    if (!opened) {
        emit failed(opened.errorMessage());
        return;
    }
    m_store = std::move(opened).value();
    m_location = location;
    m_server = m_store->projectDatabase().dialect().notifiesChanges();
    if (m_server) {
        if (!listen())
            emit failed(u"%1: cannot listen for changes"_s.arg(location));
        m_poll->start(SessionCheckMs);
        return;
    }
    m_dataVersion = -1;
    poll();
    m_poll->start(PollMs);
}

bool ChangeWatcher::listen()
{
    QSqlDriver *driver = m_store->database().driver();
    connect(driver, &QSqlDriver::notification, this,
            [this](const QString &, QSqlDriver::NotificationSource, const QVariant &payload) {
                gathered(payload.toString());
            });
    m_listening = driver->subscribeToNotification(QString::fromLatin1(ChangeChannel));
    return m_listening;
}

void ChangeWatcher::stopListening()
{
    if (m_store && m_listening) {
        QSqlDriver *driver = m_store->database().driver();
        driver->unsubscribeFromNotification(QString::fromLatin1(ChangeChannel));
        disconnect(driver, nullptr, this, nullptr);
    }
    m_listening = false;
}

void ChangeWatcher::stop()
{
    m_poll->stop();
    m_gather->stop();
    stopListening();
    m_store.reset();
    m_location.clear();
    m_server = false;
}

// A session the server ended (a restart, a network that dropped it) hears no notifications
// any more, and says nothing of it: a statement finds out. The watcher then listens on a new
// session, and tells the window that anything may have changed meanwhile. While the server is
// away, each check tries again.
void ChangeWatcher::checkSession()
{
    if (m_listening) {
        QSqlQuery q(m_store->database());
        if (q.exec(u"SELECT 1"_s))
            return;
        qCInfo(lcStore, "%s: the session that listens for changes ended", qPrintable(m_location));
    }
    stopListening();
    m_store.reset();
    auto opened = ProjectStore::open(m_location);
    if (!opened)
        return;
    m_store = std::move(opened).value();
    if (listen())
        gathered({});
}

void ChangeWatcher::poll()
{
    if (m_server) {
        checkSession();
        return;
    }
    // Changes when any other connection commits to the file, this process's own included
    // (a window's labels go through another thread's connection).
    QSqlQuery q(m_store->database());
    if (!q.exec(u"PRAGMA data_version"_s) || !q.next())
        return;
    const qint64 version = q.value(0).toLongLong();
    q.finish();
    const qint64 before = std::exchange(m_dataVersion, version);
    if (before >= 0 && before != version)
        gathered({});
}

void ChangeWatcher::gathered(const QString &table)
{
    if (table.isEmpty())
        m_anything = true;
    else
        m_tables.insert(table);
    if (!m_gather->isActive())
        m_gather->start();
}

} // namespace Rubricate
