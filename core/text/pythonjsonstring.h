// A string as Python's json.dumps(..., ensure_ascii=False) writes it: the quote, the backslash
// and control characters escaped (\n, \t and the like by name, others as lower-case \u00xx),
// everything else as it is. Prompts and DRB-II's result files must be byte for byte what the
// reference scripts write, and both are built from it.
#pragma once

#include <QString>
#include <QStringView>

namespace Rubricate {

void appendPythonJsonString(QString &out, QStringView text);

} // namespace Rubricate
