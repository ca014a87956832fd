// A string as Python's json.dumps(..., ensure_ascii=False) writes it: the quote, the backslash
// and control characters escaped (\n, \t and the like by name, others as lower-case \u00xx),
// everything else as it is. Prompts and DRB-II's result files must be byte for byte what the
// reference scripts write, and both are built from it.
#pragma once

#include <QString>
#include <QStringView>

namespace Rubricate {

void appendPythonJsonString(QString &out, QStringView text);

// The letter JSON writes after a backslash for `c` (the quote, the backslash, \b \f \n \r
// \t), or 0 when it has no short escape; other control characters are written \u00xx, by
// every JSON writer here alike.
constexpr char jsonShortEscape(char16_t c)
{
    switch (c) {
    case u'"':
    case u'\\':
        return char(c);
    case u'\b':
        return 'b';
    case u'\f':
        return 'f';
    case u'\n':
        return 'n';
    case u'\r':
        return 'r';
    case u'\t':
        return 't';
    default:
        return 0;
    }
}

} // namespace Rubricate
