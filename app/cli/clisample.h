// rubricate-cli sample: draw a stratified, seeded sample of rubric items, assign it to
// annotators with overlap and store it in the project; `sample --list` shows the samples.
#pragma once

#include "alignment/sampling.h"

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

// The options only `sample` reads (it shares --benchmark, --seed and --name with others).
QList<QCommandLineOption> sampleOptions();

// A sample's (or an extension's) strata with their counts and the items per annotator, as two
// tables: `strataHeader` names the stratum, population and sampled columns.
void printStrataAndLoads(const QList<StratumCount> &strata,
                         const QList<std::pair<QString, int>> &loads,
                         const QStringList &strataHeader, const QString &loadHeader,
                         QTextStream &out);

// Handles `sample`; nothing when `command` is another command.
std::optional<int> runSampleCommand(const QString &command, const QCommandLineParser &parser,
                                    const QStringList &args, const QString &projectPath,
                                    QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
