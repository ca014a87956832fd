// A team project's location: a PostgreSQL URL as libpq documents it,
// postgresql://[user@][host][:port]/database[?param=value&...].
//
// Passwords never travel in a location, since a location is shown in titles, written to the
// recent-projects list and to logs: libpq reads them itself from PGPASSWORD, ~/.pgpass or a
// service file (?service=name).
#pragma once

#include "domain/result.h"

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rubricate {

class ServerLocation
{
public:
    // True for a location that names a server (postgresql:// or postgres://), valid or not.
    static bool isServer(const QString &location);
    // The location read, or an error naming what is wrong with it.
    static Result<ServerLocation> parse(const QString &location);
    // `location` as messages may repeat it, whether it parses or not: without a password
    // before the host, and without its query.
    static QString shown(const QString &location);
    // A location from its parts, as a form asks for them; `sslMode` empty: libpq's default.
    static ServerLocation fromParts(const QString &host, int port, const QString &database,
                                    const QString &user, const QString &sslMode);

    QString host() const { return m_host; } // a name, an address or a socket directory
    int port() const { return m_port; } // -1: libpq's default
    QString user() const { return m_user; }
    QString database() const { return m_database; }
    // The same location in one canonical spelling: what the registry, titles and recent lists
    // use, so that two spellings of one project share one connection.
    QString canonical() const;
    // Host, port, user and database name as shown to a person ("rubricate@db.lab:5432/study").
    QString displayName() const;

    // Sets the driver's connection fields. libpq's connect timeout defaults to waiting for
    // ever; unless the location says otherwise it is 10 s here, so an unreachable server is an
    // error rather than a hang.
    void applyTo(QSqlDatabase &db) const;

private:
    QString m_host;
    int m_port = -1;
    QString m_user;
    QString m_database;
    QStringList m_options; // key=value pairs for libpq, in a fixed order
};

} // namespace Rubricate
