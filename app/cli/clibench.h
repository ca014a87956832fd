// `rubricate-cli bench`: how long the importers take on the real benchmark files. A
// benchmark prints figures; it never fails a build on timing.
#pragma once

#include <QTextStream>

namespace Rubricate::Cli {

int runImportBenchmark(const QString &dataDir, int repeat, QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
