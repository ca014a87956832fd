// A project's ReportBench reports scored against their surveys' ground truth, and the
// per-report CSV (`rubricate-cli score reportbench --out`, the leaderboard's export).
#pragma once

#include "domain/result.h"
#include "exchange/resultcsv.h" // the result CSVs of what these readers return
#include "scoring/reportbenchscoring.h"

#include <QByteArray>

#include <optional>

namespace Rubricate {

class ProjectStore;

// Every ReportBench report of the project (only `model`'s when given), in project order.
// An error when the project has no ReportBench tasks or no such report, or, for
// the judge method, no judge's classifications to read (or several and none chosen).
Result<QList<ReportBenchReportScore>>
readReportBenchScores(ProjectStore &store, ReportBenchOptions options, const QString &model);

} // namespace Rubricate
