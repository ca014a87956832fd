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
    QSqlDriver *driver = m_store->database().driver();
    if (m_store->projectDatabase().dialect().notifiesChanges()) {
        connect(driver, &QSqlDriver::notification, this,
                [this](const QString &, QSqlDriver::NotificationSource, const QVariant &payload) {
                    gathered(payload.toString());
                });
        if (!driver->subscribeToNotification(QString::fromLatin1(ChangeChannel)))
            emit failed(u"%1: cannot listen for changes"_s.arg(location));
        return;
    }
    m_dataVersion = -1;
    poll();
    m_poll->start();
}

void ChangeWatcher::stop()
{
    m_poll->stop();
    m_gather->stop();
    if (m_store && m_store->projectDatabase().dialect().notifiesChanges()) {
        QSqlDriver *driver = m_store->database().driver();
        driver->unsubscribeFromNotification(QString::fromLatin1(ChangeChannel));
        disconnect(driver, nullptr, this, nullptr);
    }
    m_store.reset();
    m_location.clear();
}

void ChangeWatcher::poll()
{
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
