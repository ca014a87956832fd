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
#include <QString>

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

// "a_better", "b_better", "tie", or empty without an interval.
QString verdictKey(const CorrectedDifference &difference);

} // namespace Rubricate::CorrectedExport
