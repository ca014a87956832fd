// rubricate-cli agreement: how far judge runs agree with the annotators (and the annotators
// with each other) on one benchmark; a table on stdout, or every file with --out.
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

QList<QCommandLineOption> agreementOptions();

// Handles `agreement`; nothing when `command` is another one.
std::optional<int> runAgreementCommand(const QString &command, const QCommandLineParser &parser,
                                       const QStringList &args, const QString &projectPath,
                                       QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
