// rubricate-cli labels: the labels given in the window that wait on this machine for their
// project (core/store/annotationspool.h), listed, written now, or set aside. For a machine
// without a display, or a script that must know that every label reached the team server.
#pragma once

#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

// Handles `labels`, `labels write` and `labels set-aside`; nothing for another command.
std::optional<int> runLabelsCommand(const QString &command, const QCommandLineParser &parser,
                                    const QStringList &args, const QString &projectPath,
                                    QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
