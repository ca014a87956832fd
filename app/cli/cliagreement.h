// rubricate-cli agreement: how far judge runs agree with the annotators (and the annotators
// with each other) on one benchmark; a table on stdout, or every file with --out.
#pragma once

#include "exchange/alignmentexport.h"

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <functional>
#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

QList<QCommandLineOption> agreementOptions();

// The charts (PNG and SVG) are painted by the chart layer the GUI shares (rubricate_services);
// main() installs it when it runs `agreement --out` under a QGuiApplication. Without one the
// export has no charts and says so.
void setAgreementChartWriter(AlignmentChartWriter writer);

// Whether --against names a reference: majority, gold or human:NAME (shared with `score drb2
// --corrected`, whose gold it chooses).
bool isAgainstValue(const QString &against);

// Handles `agreement`; nothing when `command` is another one.
std::optional<int> runAgreementCommand(const QString &command, const QCommandLineParser &parser,
                                       const QStringList &args, const QString &projectPath,
                                       QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
