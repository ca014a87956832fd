#include "services/projectwatcher.h"

#include "store/changewatcher.h"

#include <QTimer>

namespace Rubricate {

using namespace Qt::StringLiterals;

ProjectWatcher::ProjectWatcher(QObject *parent)
    : QObject(parent)
    , m_watcher(new ChangeWatcher)
    , m_pace(new QTimer(this))
{
    m_thread.setObjectName(u"rubricate-watch"_s);
    m_watcher->moveToThread(&m_thread);
    connect(&m_thread, &QThread::finished, m_watcher, &QObject::deleteLater);
    connect(m_watcher, &ChangeWatcher::changed, this, &ProjectWatcher::gather);
    m_pace->setSingleShot(true);
    m_pace->setInterval(IntervalMs);
    connect(m_pace, &QTimer::timeout, this, [this] {
        const QSet<QString> tables = std::exchange(m_anything, false) ? QSet<QString>{} : m_tables;
        m_tables.clear();
        emit changedElsewhere(tables);
    });
    m_thread.start();
}

ProjectWatcher::~ProjectWatcher()
{
    m_thread.quit();
    m_thread.wait();
}

void ProjectWatcher::watch(const QString &location)
{
    if (location == m_location)
        return;
    m_location = location;
    QMetaObject::invokeMethod(m_watcher,
                              [watcher = m_watcher, location] { watcher->watch(location); });
}

void ProjectWatcher::gather(const QSet<QString> &tables)
{
    if (tables.isEmpty())
        m_anything = true;
    m_tables.unite(tables);
    if (!m_pace->isActive())
        m_pace->start();
}

} // namespace Rubricate
