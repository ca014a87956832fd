// Where a project is, as the program writes and shows it: a file path or a PostgreSQL URL
// (serverlocation.h). Everything that keys, lists or titles projects goes through here, so a
// team project is never mistaken for a relative file name.
#pragma once

#include <QString>

namespace Rubricate::ProjectLocation {

bool isServer(const QString &location);
// One spelling per project: an absolute path for a file, the canonical URL for a server.
QString normalized(const QString &location);
// What a title or a menu shows: a file's name, or user@host/database for a server.
QString displayName(const QString &location);
// False only for a file that is gone; a server cannot be checked without connecting.
bool mayExist(const QString &location);

} // namespace Rubricate::ProjectLocation
