// rubricate-cli score: a benchmark's scores from a judge run, as a table on stdout or a file.
#pragma once

#include "domain/types.h"

#include <QCommandLineOption>
#include <QList>
#include <QTextStream>

#include <optional>

class QCommandLineParser;

namespace Rubricate::Cli {

QList<QCommandLineOption> scoreOptions();

// --run ID (or run:ID) into *runId, 0 when not given; false, with the reason on `err`, when
// it is not a run id.
bool runIdOption(const QCommandLineParser &parser, RowId *runId, QTextStream &err);

// `score drb2|researchrubrics|pdr|reportbench --corrected --study NAME`, `benchmark` being
// the argument after `score` (clicorrected.cpp).
int runCorrectedScore(const QCommandLineParser &parser, const QString &benchmark,
                      const QString &projectPath, QTextStream &out, QTextStream &err);
// `study plan --study NAME --width W` (clicorrected.cpp).
int runStudyPlan(const QCommandLineParser &parser, const QString &projectPath, QTextStream &out,
                 QTextStream &err);
// `study extend --study NAME --width W|--items N` (clicorrected.cpp).
int runStudyExtend(const QCommandLineParser &parser, const QString &projectPath, QTextStream &out,
                   QTextStream &err);

// Handles `score`; nothing when `command` is another one.
std::optional<int> runScoreCommand(const QString &command, const QCommandLineParser &parser,
                                   const QStringList &args, const QString &projectPath,
                                   QTextStream &out, QTextStream &err);

} // namespace Rubricate::Cli
