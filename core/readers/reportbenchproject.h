// A project's ReportBench reports scored against their surveys' ground truth, and the
// per-report CSV (`rubricate-cli score reportbench --out`, the leaderboard's export).
#pragma once

#include "scoring/reportbenchscoring.h"

#include <QByteArray>

#include <optional>

namespace Rubricate {

class ProjectStore;

// Every ReportBench report of the project (only `model`'s when given), in project order.
// Nothing with *error when the project has no ReportBench tasks or no such report.
std::optional<QList<ReportBenchReportScore>>
readReportBenchScores(ProjectStore &store, const ReportBenchOptions &options, const QString &model,
                      QString *error);

// model,arxiv_id,…,precision,recall,f1_score,dropped,note: the reference's
// evaluation_summary.csv columns among ours; numbers as Python's repr, undefined empty.
QByteArray reportBenchReportsCsv(const QList<ReportBenchReportScore> &scores);

// A number as the reference's CSVs write it (Python's repr(float)); empty when undefined.
QString reportBenchCsvNumber(std::optional<double> v);

} // namespace Rubricate
