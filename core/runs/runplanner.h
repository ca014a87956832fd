// Turning "judge these tasks for these models" into a persisted run with one job per request.
#pragma once

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
};

// Creates the run and its jobs in one transaction. Reports without text are planned only
// when the provider can take their file as an attachment; otherwise they are skipped and
// named in *warnings.
std::optional<PlannedRun> planRun(ProjectStore &store, const JudgeConfig &config,
                                  const RunScope &scope, const QString &name, QString *error,
                                  QStringList *warnings = nullptr);

// "Re-run only the failed items": every item of the run whose verdict is an error goes into
// new jobs, and failed jobs go back to pending. Returns the number of items queued again.
int requeueFailedItems(ProjectStore &store, RowId runId, int batchSize, QString *error);

// Parses "1,2,5-9" into external ids.
QStringList parseIdList(const QString &spec);

} // namespace Rubricate
