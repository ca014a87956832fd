// rubricate-cli score: a benchmark's scores from a judge run, as a table on stdout or a file.
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

QList<QCommandLineOption> scoreOptions();

// Handles `score`; nothing when `command` is another one.
std::optional<int> runScoreCommand(const QString &command, const QCommandLineParser &parser,
                                   const QStringList &args, const QString &projectPath,
                                   QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
