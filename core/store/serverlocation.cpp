#include "serverlocation.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The libpq parameters a location may carry besides host, port, user and database. Anything
// else (and above all `password`) is refused by name rather than passed on unseen.
const QStringList &allowedParameters()
{
    static const QStringList names = {
        u"sslmode"_s,          u"sslrootcert"_s,      u"sslcert"_s,
        u"sslkey"_s,           u"sslcrl"_s,           u"service"_s,
        u"connect_timeout"_s,  u"application_name"_s, u"target_session_attrs"_s,
        u"keepalives_idle"_s,  u"gssencmode"_s,       u"keepalives_interval"_s,
        u"keepalives_count"_s, u"tcp_user_timeout"_s,
    };
    return names;
}

// Whether a parameter may carry a secret, whatever its exact spelling (sslpassword, Password):
// refused like `password`, so that it is never passed on or repeated.
bool namesPassword(const QString &key)
{
    return key.contains("password"_L1, Qt::CaseInsensitive);
}

// A location as an error repeats it: without a password before the host, and without its
// query, whose values may hold a secret under any name (options=-c password=...). A password
// typed into a location need not be escaped ("pa/ss", "p@ss", "pa?ss"): everything from the
// user's colon to the last "@" goes, even where that hides a port or a path too.
QString shownLocation(const QString &location)
{
    static const QRegularExpression password(u"^([a-z][a-z0-9+.-]*://[^:/@?#]*):.*@"_s,
                                             QRegularExpression::CaseInsensitiveOption
                                                 | QRegularExpression::DotMatchesEverythingOption);
    QString shown = location;
    shown.replace(password, u"\\1@"_s);
    return shown.section(u'?', 0, 0);
}

// A libpq conninfo value: single-quoted, with backslash and quote escaped.
QString conninfoValue(const QString &value)
{
    QString escaped = value;
    escaped.replace(u"\\"_s, u"\\\\"_s).replace(u"'"_s, u"\\'"_s);
    return u'\'' + escaped + u'\'';
}

} // namespace

QString ServerLocation::shown(const QString &location)
{
    return shownLocation(location);
}

bool ServerLocation::isServer(const QString &location)
{
    return location.startsWith("postgresql://"_L1, Qt::CaseInsensitive)
        || location.startsWith("postgres://"_L1, Qt::CaseInsensitive);
}

Result<ServerLocation> ServerLocation::parse(const QString &location)
{
    const QUrl url(location, QUrl::StrictMode);
    // The location as messages repeat it: names, never a value that may be a secret.
    const QString shown = shownLocation(location);
    if (!isServer(location) || !url.isValid()) {
        return Error{u"not a PostgreSQL location: %1 (expected "
                     "postgresql://user@host:port/database)"_s.arg(shown)};
    }
    if (!url.password().isEmpty()) {
        return Error{
            u"%1: a password does not belong in a project location (it would be shown "
            "and remembered); put it in ~/.pgpass, PGPASSWORD or a service file"_s.arg(shown)};
    }
    ServerLocation s;
    s.m_host = url.host();
    s.m_port = url.port(-1);
    s.m_user = url.userName();
    s.m_database = url.path().mid(1);
    QStringList options;
    const QUrlQuery query(url);
    for (const auto &[key, value] : query.queryItems(QUrl::FullyDecoded)) {
        if (namesPassword(key)) {
            return Error{u"%1: a password (%2) does not belong in a project location; put it "
                         "in ~/.pgpass, PGPASSWORD or a service file"_s.arg(shown, key)};
        }
        if (key == "host"_L1) {
            s.m_host = value; // a socket directory, which a URL's host cannot spell
        } else if (key == "port"_L1) {
            bool ok = false;
            s.m_port = value.toInt(&ok);
            if (!ok) {
                return Error{u"%1: the port parameter is not a number"_s.arg(shown)};
            }
        } else if (key == "user"_L1) {
            s.m_user = value;
        } else if (key == "dbname"_L1) {
            s.m_database = value;
        } else if (allowedParameters().contains(key)) {
            if (value.contains(u';')) {
                return Error{u"%1: the value of %2 may not contain ';'"_s.arg(shown, key)};
            }
            options << key + u'=' + value;
        } else {
            return Error{u"%1: unknown parameter %2 (known: host, port, user, dbname, %3)"_s.arg(
                shown, key, allowedParameters().join(u", "_s))};
        }
    }
    const bool service = std::any_of(options.cbegin(), options.cend(),
                                     [](const QString &o) { return o.startsWith("service="_L1); });
    if (s.m_database.isEmpty() && !service) {
        return Error{
            u"%1: the location names no database (postgresql://host/database)"_s.arg(shown)};
    }
    options.sort();
    s.m_options = options;
    return s;
}

ServerLocation ServerLocation::fromParts(const QString &host, int port, const QString &database,
                                         const QString &user, const QString &sslMode)
{
    ServerLocation s;
    s.m_host = host.trimmed();
    s.m_port = port;
    s.m_database = database.trimmed();
    s.m_user = user.trimmed();
    if (!sslMode.isEmpty())
        s.m_options << u"sslmode="_s + sslMode;
    return s;
}

QString ServerLocation::canonical() const
{
    // Written by hand: QUrl drops an empty authority, and "postgresql:/db" would no longer
    // read as a server location.
    const auto encoded = [](const QString &part) {
        return QString::fromLatin1(QUrl::toPercentEncoding(part, "/"));
    };
    QString out = u"postgresql://"_s;
    if (!m_user.isEmpty())
        out += encoded(m_user) + u'@';
    const bool socket = m_host.startsWith(u'/');
    if (!socket)
        out += m_host.contains(u':') ? u'[' + m_host + u']' : encoded(m_host);
    if (m_port > 0)
        out += u':' + QString::number(m_port);
    out += u'/' + encoded(m_database);
    QStringList query;
    if (socket)
        query << u"host="_s + encoded(m_host);
    for (const QString &option : m_options)
        query << option.section(u'=', 0, 0) + u'=' + encoded(option.section(u'=', 1));
    if (!query.isEmpty())
        out += u'?' + query.join(u'&');
    return out;
}

QString ServerLocation::displayName() const
{
    QString where = m_host.isEmpty() || m_host.startsWith(u'/') ? u"localhost"_s : m_host;
    if (m_port > 0)
        where += u':' + QString::number(m_port);
    return (m_user.isEmpty() ? QString() : m_user + u'@') + where + u'/' + m_database;
}

void ServerLocation::applyTo(QSqlDatabase &db) const
{
    db.setHostName(m_host);
    if (m_port > 0)
        db.setPort(m_port);
    db.setUserName(m_user);
    db.setDatabaseName(m_database);
    QStringList options;
    QStringList keys;
    for (const QString &option : m_options) {
        keys << option.section(u'=', 0, 0);
        options << keys.constLast() + u'=' + conninfoValue(option.section(u'=', 1));
    }
    if (!keys.contains("connect_timeout"_L1))
        options << u"connect_timeout=10"_s;
    // A server that stops answering in the middle of a session (a network gone, a machine
    // suspended) is an error within about a minute, not a wait of hours: TCP keepalives for
    // an idle wait, a limit on data left unacknowledged for a request being sent.
    const QList<std::pair<QLatin1StringView, QString>> liveness = {
        {"keepalives_idle"_L1, u"30"_s},
        {"keepalives_interval"_L1, u"10"_s},
        {"keepalives_count"_L1, u"3"_s},
        {"tcp_user_timeout"_L1, u"60000"_s},
    };
    for (const auto &[key, value] : liveness) {
        if (!keys.contains(key))
            options << key + u'=' + value;
    }
    // Names the program in pg_stat_activity, so a lab's administrator sees who is connected.
    if (!keys.contains("application_name"_L1))
        options << u"application_name=rubricate"_s;
    db.setConnectOptions(options.join(u';'));
}

} // namespace Rubricate
