// rubricate-cli sample: draw a stratified, seeded sample of rubric items, assign it to
// annotators with overlap and store it in the project; `sample --list` shows the samples.
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

// The options only `sample` reads (it shares --benchmark, --seed and --name with others).
QList<QCommandLineOption> sampleOptions();

// Handles `sample`; nothing when `command` is another command.
std::optional<int> runSampleCommand(const QString &command, const QCommandLineParser &parser,
                                    const QStringList &args, const QString &projectPath,
                                    QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
