// rubricate-cli annotations export and merge: human labels leaving a project with their
// provenance, and one copy's labels, annotators and studies merged into another. (`annotations
// import FILE` is `import annotations FILE`, handled with the other imports.)
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

// The options only these commands read (they share --benchmark and --out with others).
QList<QCommandLineOption> annotationOptions();

// Handles `annotations export` and `merge`; nothing when `command` is another command.
std::optional<int> runAnnotationCommand(const QString &command, const QCommandLineParser &parser,
                                        const QStringList &args, const QString &projectPath,
                                        QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
