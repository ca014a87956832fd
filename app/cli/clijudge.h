// rubricate-cli judge | runs | resume | rerun-failed: judge runs from the command line.
#pragma once

#include <QStringList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

// Handles the judge-related commands; nothing when `command` is not one of them.
std::optional<int> runJudgeCommand(const QString &command, const QCommandLineParser &parser,
                                   const QStringList &args, const QString &projectPath,
                                   QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
