// The names of the repairs a rewrite made, for LenientJson::repairs and the judge log.
#include "jsonrepair.h"

#include <utility>

namespace Rubricate::JsonRepair {

QStringList repairNames(quint32 flags)
{
    static const std::pair<quint32, const char16_t *> names[] = {
        {RepBom, u"byte order mark"},
        {RepFence, u"code fence"},
        {RepProse, u"surrounding prose"},
        {RepComments, u"comments"},
        {RepSmartQuotes, u"smart quotes"},
        {RepSingleQuotes, u"single quotes"},
        {RepUnquotedKeys, u"unquoted keys"},
        {RepUnescapedQuotes, u"unescaped quotes"},
        {RepInvalidEscapes, u"invalid escapes"},
        {RepControlChars, u"control characters in strings"},
        {RepPythonLiterals, u"Python literals"},
        {RepMissingComma, u"missing comma"},
        {RepStrayComma, u"stray comma"},
        {RepTrailingComma, u"trailing comma"},
    };
    QStringList out;
    for (const auto &[flag, name] : names) {
        if (flags & flag)
            out << QString::fromUtf16(name);
    }
    return out;
}

} // namespace Rubricate::JsonRepair
