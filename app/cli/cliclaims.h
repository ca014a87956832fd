// rubricate-cli claims: extract the statements of reports into the project as claims (items
// judged by the reportbench-cited and reportbench-factcheck schemes), and list them.
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

// The options only `claims` reads (it shares --benchmark, --tasks and --models).
QList<QCommandLineOption> claimsOptions();

// Handles `claims extract|list`; nothing when `command` is another command.
std::optional<int> runClaimsCommand(const QString &command, const QCommandLineParser &parser,
                                    const QStringList &args, const QString &projectPath,
                                    QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
