// A project's leaderboards: which benchmarks have one, which judge runs they can be read from,
// the board itself (read with the benchmark's own readers and scored by its own scoring), and
// the benchmark's native result files for the same numbers.
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "exchange/resultcsv.h" // the result CSVs of what these readers return
#include "scoring/leaderboard.h"
#include "scoring/reportbenchscoring.h"

#include <QDateTime>

#include <optional>

namespace Rubricate {

class ProjectStore;

// The benchmarks a leaderboard is built for, in the order they are offered.
QStringList leaderboardBenchmarkKeys(); // drb2, researchrubrics, pdrbench, reportbench
// DRB-II, ResearchRubrics and PDR-Bench score a judge run; ReportBench scores the report text
// itself.
bool leaderboardNeedsRun(const QString &benchmarkKey);

// Of leaderboardBenchmarkKeys(), those the project has reports for.
QStringList projectLeaderboardBenchmarks(ProjectStore &store);

struct LeaderboardRun {
    RowId id = 0;
    QString name;
    QDateTime createdAt;
    int verdicts = 0;
};
// The project's judge runs of `benchmarkKey`, newest first.
QList<LeaderboardRun> leaderboardRuns(ProjectStore &store, const QString &benchmarkKey);

// The board of `benchmarkKey`; `runId` 0 takes the newest run of the benchmark (ignored where
// no run is needed). Each benchmark's default error policy: failures are left out, never 0.
// `pdr`: how PDR-Bench is scored (the person's choices in Preferences); `reportBench`: where
// ReportBench's titles come from, as `score reportbench --titles/--page-judge`.
Result<Leaderboard> readLeaderboard(ProjectStore &store, const QString &benchmarkKey,
                                    RowId runId = 0, const PdrScoringOptions &pdr = {},
                                    const ReportBenchOptions &reportBench = {});

// Writes the benchmark's own result files for the board's numbers to `directory`:
// DRB-II result.jsonl and agg_scores_*.csv (exportDrb2); ResearchRubrics the reference's
// batch_evaluation JSONL and the CSVs of `score researchrubrics` (reports, and means by
// axis); PDR-Bench the reference's results/ layout (writePdrResults, P, Q and overall);
// ReportBench the per-report CSV of `score reportbench`. Adds the written paths to
// *files.
Result<void> exportLeaderboardFiles(ProjectStore &store, const QString &benchmarkKey, RowId runId,
                                    const QString &directory, QStringList *files,
                                    const PdrScoringOptions &pdr = {},
                                    const ReportBenchOptions &reportBench = {});

} // namespace Rubricate
