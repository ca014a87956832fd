// rubricate-cli judge | runs | resume | rerun-failed: judge runs from the command line.
#pragma once

#include "judge/judgeconfig.h"

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

// The judge options of the command line (--provider, --model, pacing …) as a config; nothing,
// with the reason on `err`, when they are wrong.
std::optional<JudgeConfig> judgeConfigFrom(const QCommandLineParser &parser, QTextStream &err);

QList<QCommandLineOption> judgeOptions();

// Handles the judge-related commands; nothing when `command` is not one of them.
std::optional<int> runJudgeCommand(const QString &command, const QCommandLineParser &parser,
                                   const QStringList &args, const QString &projectPath,
                                   QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
