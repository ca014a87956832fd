#include "services/recentprojects.h"

#include "store/projectlocation.h"

#include <QSettings>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {
const QString recentKey = u"projects/recent"_s;
const QString lastKey = u"projects/last"_s;
} // namespace

QStringList RecentProjects::paths()
{
    return QSettings().value(recentKey).toStringList();
}

void RecentProjects::add(const QString &path)
{
    const QString absolute = ProjectLocation::normalized(path);
    QStringList list = paths();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > MaxEntries)
        list.removeLast();
    QSettings settings;
    settings.setValue(recentKey, list);
    settings.setValue(lastKey, absolute);
}

void RecentProjects::remove(const QString &path)
{
    QStringList list = paths();
    list.removeAll(ProjectLocation::normalized(path));
    QSettings().setValue(recentKey, list);
}

void RecentProjects::clear()
{
    QSettings().remove(recentKey);
}

QString RecentProjects::lastProject()
{
    return QSettings().value(lastKey).toString();
}

} // namespace Rubricate
