// The judge options of the command line, shared by judge, claims, reportbench and pdr.
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

} // namespace Rubricate::Cli
