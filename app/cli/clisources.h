// rubricate-cli sources: fetch cited sources into the project, list them, import a folder.
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

// The options only `sources` reads (it shares --concurrency and --timeout with judge).
QList<QCommandLineOption> sourcesOptions();

// Handles `sources`; nothing when `command` is another command.
std::optional<int> runSourcesCommand(const QString &command, const QCommandLineParser &parser,
                                     const QStringList &args, const QString &projectPath,
                                     QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
