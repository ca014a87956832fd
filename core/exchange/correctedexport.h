// The judge-corrected leaderboard (correctedscores.h) as files: CSV for a spreadsheet, JSON
// for a script, a booktabs LaTeX table for a paper. Pure writers from values; the CLI and the
// window both call them.
//
// Every estimate is written with its undefined reason instead of a number when it has none
// (an empty CSV field or a JSON null next to the reason, a footnote in LaTeX): a missing
// corrected score is never filled in with the judge's.
#pragma once

#include "alignment/correctedscores.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>
#include <utility>

namespace Rubricate::CorrectedExport {

// One row per model (and dimension): the three estimates with their intervals, λ, n, N, n_eff,
// the gold ties and the items without an outcome.
QByteArray correctedCsv(const CorrectedScores &scores);
// One row per pair: A − B with its interval and the verdict (a_better, b_better, tie).
QByteArray pairwiseCsv(const QList<CorrectedDifference> &differences);
// Both tables and what they were computed from (benchmark, judge, gold, confidence).
QByteArray correctedJson(const CorrectedScores &scores,
                         const QList<CorrectedDifference> &differences);
// The corrected leaderboard as a tabular to paste; `version` goes in its first comment line.
QByteArray correctedLatex(const CorrectedScores &scores, const QString &version);

enum class CorrectedFormat { Csv, Json, Latex };

// By the file's suffix (.csv, .json, .tex); nothing for any other.
std::optional<CorrectedFormat> correctedFormatOf(const QString &path);

// What one export writes, each file's path with its contents: FILE.csv with the pairwise table
// beside it as FILE-pairwise.csv, FILE.json with both tables, or the LaTeX table at `path`.
// The command line and the window write exactly these.
QList<std::pair<QString, QByteArray>> correctedFiles(const QString &path, CorrectedFormat format,
                                                     const CorrectedScores &scores,
                                                     const QList<CorrectedDifference> &differences,
                                                     const QString &version);

// "a_better", "b_better", "tie", or empty without an interval.
QString verdictKey(const CorrectedDifference &difference);

} // namespace Rubricate::CorrectedExport
