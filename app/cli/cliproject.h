// rubricate-cli project: copy a whole project between a file and a PostgreSQL server (either
// way, or file to file) and check two copies against each other.
#pragma once

#include <QStringList>
#include <QTextStream>

#include <optional>

namespace Rubricate::Cli {

// Handles `project`; nothing when `command` is another command.
std::optional<int> runProjectCommand(const QString &command, const QStringList &args,
                                     QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
