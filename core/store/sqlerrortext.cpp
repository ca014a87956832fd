#include "sqlerrortext.h"

#include <QSqlError>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString sqlErrorText(const QSqlError &error)
{
    QString text = error.text();
    // SQLSTATE 42501, insufficient_privilege, in the server's own words (not the guards'
    // messages of teamroles.cpp, which say what the login may do themselves).
    if (error.nativeErrorCode() == "42501"_L1 && text.contains(u"permission denied for "_s)) {
        text += u"\nThis login may not change that: in a team project, a login bound to an "
                "annotator adds its own labels only; importing, judging, samples and studies "
                "are for the project's owners (team add-owner)."_s;
    }
    return text;
}

} // namespace Rubricate
