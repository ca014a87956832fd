#include "sqlerrortext.h"

#include <QSqlError>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString sqliteErrorText(int code, const QString &message)
{
    // SQLITE_READONLY (8) and its extended codes: the file (or its disk) may not be written,
    // which SQLite says as "attempt to write a readonly database".
    if ((code & 0xff) != 8)
        return message;
    return message
        + u"\nThe project file is read-only: it can be read, not changed (its permissions, or "
          "a read-only disk or share); copy it to a folder you may write to and make the copy "
          "writable."_s;
}

QString sqlErrorText(const QSqlError &error)
{
    QString text = error.text();
    if (error.nativeErrorCode() == "42501"_L1
        && text.contains(u"permission denied to create role"_s)) {
        return u"permission denied to create role: this login may not add members; that takes "
               "an owner whom the server lets create roles (a superuser gives it: ALTER ROLE "
               "name CREATEROLE)"_s;
    }
    // SQLite's result code, not PostgreSQL's five-character SQLSTATE (see isRefusal()).
    bool number = false;
    if (const int code = error.nativeErrorCode().toInt(&number);
        number && error.nativeErrorCode().size() < 5)
        text = sqliteErrorText(code, text);
    // SQLSTATE 55P03, lock_not_available: the lock_timeout of a team project's session.
    if (error.nativeErrorCode() == "55P03"_L1) {
        text += u"\nAnother program (an import, a merge, a worker) held what this needed for "
                "longer than this waits; nothing was written: try again."_s;
    }
    // SQLSTATE 42501, insufficient_privilege, in the server's own words (not the guards'
    // messages of teamroles.cpp, which say what the login may do themselves).
    if (error.nativeErrorCode() == "42501"_L1 && text.contains(u"permission denied for "_s)) {
        text += u"\nThis login may not change that: in a team project, a login bound to an "
                "annotator adds its own labels only; importing, judging, samples and studies "
                "are for the project's owners (team add-owner)."_s;
    }
    return text;
}

bool isRefusal(const QSqlError &error)
{
    const QString code = error.nativeErrorCode();
    // PostgreSQL gives the SQLSTATE: class 23 integrity constraints, 22 data exceptions. Not
    // 42501, insufficient privilege: an owner may yet grant it (team add-annotator binds a
    // login that labels as no one), and then a later try succeeds.
    if (code.size() == 5 && (code.startsWith(u"23"_s) || code.startsWith(u"22"_s)))
        return true;
    // SQLite gives its result code, maybe extended: the primary code is the low byte
    // (SQLITE_CONSTRAINT 19, SQLITE_MISMATCH 20).
    bool number = false;
    const int result = code.toInt(&number);
    return number && code.size() < 5 && ((result & 0xff) == 19 || (result & 0xff) == 20);
}

} // namespace Rubricate
