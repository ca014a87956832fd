// The recently opened projects and the last one, kept in QSettings so they survive a
// restart. Stateless: every call reads or writes the settings directly.
#pragma once

#include <QString>
#include <QStringList>

namespace Rubricate {

class RecentProjects
{
public:
    static constexpr int MaxEntries = 8;

    static QStringList paths();
    // Moves `path` to the front (adding it if new) and makes it the last project.
    static void add(const QString &path);
    static void remove(const QString &path);
    static void clear();
    static QString lastProject();
};

} // namespace Rubricate
