// rubricate-cli project and team: copy a whole project between a file and a PostgreSQL server
// (either way, or file to file), check two copies against each other, and give people roles in
// a team project.
#pragma once

#include <QCommandLineParser>
#include <QStringList>
#include <QTextStream>

#include <optional>

namespace Rubricate::Cli {

// Handles `project` and `team`; nothing when `command` is another command.
std::optional<int> runProjectCommand(const QString &command, const QCommandLineParser &parser,
                                     const QStringList &args, const QString &projectPath,
                                     QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
