// Result CSVs of the benchmarks, written from scores: the files `rubricate-cli score
// … --out` and the leaderboard export write, through the one CSV writer (text/csvtext).
#pragma once

#include "scoring/leaderboard.h"
#include "scoring/reportbenchscoring.h"
#include "scoring/researchrubricsscoring.h"

#include <QByteArray>
#include <QList>
#include <QString>

#include <optional>

namespace Rubricate {

// The CSVs of `rubricate-cli score researchrubrics --out`: group means (with --by) and
// report compliance. Numbers with 17 significant digits, undefined empty.
QByteArray researchRubricsGroupsCsv(const QList<RrGroup> &groups);
QByteArray researchRubricsReportsCsv(const QList<RrReportScore> &reports);

// model,arxiv_id,…,precision,recall,f1_score,dropped,note: the reference's
// evaluation_summary.csv columns among ours; numbers as Python's repr, undefined empty.
QByteArray reportBenchReportsCsv(const QList<ReportBenchReportScore> &scores);

// A number as the reference's CSVs write it (Python's repr(float)); empty when undefined.
QString reportBenchCsvNumber(std::optional<double> v);

// The board itself as CSV: model, n, then one column per board column (keys as headers,
// undefined empty).
QByteArray leaderboardCsv(const Leaderboard &board);

} // namespace Rubricate
