// rubricate-cli score reportbench: citation scores computed from the project.
#pragma once

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

// The options only `score reportbench` reads (it shares --model and --out with others).
QList<QCommandLineOption> reportBenchScoreOptions();

// `score reportbench [--model NAME] [--out FILE] [--no-citations P] [--match M]`: citation
// precision and recall per model, pooled (micro) and per-report mean (macro), and references
// per report; --out writes one CSV row per report.
int runReportBenchScore(const QCommandLineParser &parser, const QString &projectPath,
                        QTextStream &out, QTextStream &err);

// `score reportbench …` and `reportbench classify-pages [--model NAME] [--force] [--attempts K]
// [judge options]`; nothing for other commands.
std::optional<int> runReportBenchCommand(const QString &command, const QCommandLineParser &parser,
                                         const QStringList &args, const QString &projectPath,
                                         QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
