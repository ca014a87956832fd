// Turning "judge these tasks for these models" into a persisted run with one job per request.
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "judge/judgeconfig.h"

#include <QStringList>

#include <optional>

namespace Rubricate {

class ProjectStore;

struct RunScope {
    QString benchmarkKey; // required
    QStringList taskIds; // external ids; empty: every task
    QStringList models; // empty: every model with reports
    bool onlyUnjudged = false; // skip items that already have a usable verdict in any run
};

struct PlannedRun {
    RowId runId = 0;
    int reports = 0;
    int jobs = 0;
    int items = 0;
    qint64 estimatedInputTokens = 0; // characters / 4, before any cache hit
    // Of those, the ones a provider's prompt cache would likely read and write (RunEstimate).
    qint64 estimatedCacheReadTokens = 0;
    qint64 estimatedCacheWriteTokens = 0;
};

// A DRB-II answer per item echoes the rubric (~30 tokens), gives a reason and quotes a
// sentence or two of evidence; the estimate needs an order of magnitude, not a bill.
inline constexpr int estimatedOutputTokensPerItem = 150;

// What a run would send, counted as planRun counts it, before any cache hit.
struct RunEstimate {
    int reports = 0;
    int jobs = 0;
    int items = 0;
    qint64 inputTokens = 0; // characters / 4 per request, as PlannedRun::estimatedInputTokens
    qint64 outputTokens = 0; // estimatedOutputTokensPerItem per item
    std::optional<double> cost; // USD; 0 for the offline judge; empty when no price is set
    // Of inputTokens, those a provider's prompt cache would likely read (a report's requests
    // after its first) and write (its first), and the cost then. The providers cache on a
    // best-effort basis, so `cost` stays the bound.
    qint64 cacheReadTokens = 0;
    qint64 cacheWriteTokens = 0;
    std::optional<double> costWithPromptCache;
    QStringList warnings; // reports that would be skipped, as planRun names them
};

// Plans like planRun but writes nothing, so that a dialog can show the size and price of a
// run before it exists. Fails exactly when planRun would.
Result<RunEstimate> estimateRun(ProjectStore &store, const JudgeConfig &config,
                                const RunScope &scope);

// What "re-run the failed items" of `runId` would send, with the run's own config: its
// pending jobs, its failed jobs and its error items in new batches (as requeueFailedItems
// would queue them).
Result<RunEstimate> estimateRequeue(ProjectStore &store, RowId runId);

// USD for these token counts at the config's prices (the prompt cache's tokens at their
// shares); 0 for the offline judge, empty when the config has no price.
std::optional<double> estimatedCost(const JudgeConfig &config, qint64 inputTokens,
                                    qint64 outputTokens, qint64 cacheReadTokens = 0,
                                    qint64 cacheWriteTokens = 0);

// Creates the run and its jobs in one transaction, under `name` (empty: "<provider> <model>")
// made unique with " (2)", " (3)" … when another run has it. Reports without text are planned only
// when the provider can take their file as an attachment; otherwise they are skipped and
// named in *warnings.
Result<PlannedRun> planRun(ProjectStore &store, const JudgeConfig &config, const RunScope &scope,
                           const QString &name, QStringList *warnings = nullptr);

// "Re-run only the failed items": every item of the run whose verdict is an error goes into
// new jobs, and failed jobs go back to pending. Returns the number of items queued again.
Result<int> requeueFailedItems(ProjectStore &store, RowId runId, int batchSize);

// Parses "1,2,5-9" into external ids.
QStringList parseIdList(const QString &spec);

} // namespace Rubricate
