#include "projectlocation.h"

#include "serverlocation.h"

#include <QFileInfo>

namespace Rubricate::ProjectLocation {

bool isServer(const QString &location)
{
    return ServerLocation::isServer(location);
}

QString normalized(const QString &location)
{
    if (!isServer(location))
        return QFileInfo(location).absoluteFilePath();
    // An unreadable location is refused, with its reason, when it is opened.
    const auto server = ServerLocation::parse(location);
    return server ? server->canonical() : ServerLocation::shown(location);
}

QString displayName(const QString &location)
{
    if (!isServer(location))
        return QFileInfo(location).fileName();
    const auto server = ServerLocation::parse(location);
    return server ? server->displayName() : ServerLocation::shown(location);
}

bool mayExist(const QString &location)
{
    return isServer(location) || QFileInfo::exists(location);
}

} // namespace Rubricate::ProjectLocation
