// Exporting a project's DRB-II judge runs as the official pipeline's files: result.jsonl and
// the five agg_scores_*.csv, so that other tools and papers read them unchanged.
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "scoring/drb2scoring.h"

#include <QString>

namespace Rubricate {

class ProjectStore;

struct Drb2ExportSummary {
    int lines = 0; // result.jsonl lines (one per run, model and task)
    int items = 0; // judged items written
    int errorItems = 0; // items without a usable score (under "errors", never as 0)
    QStringList files; // written, in order
};

// The scoring rows of `runIds` (repeated judgings, averaged as re-runs; empty: every DRB-II
// run), as exportDrb2 scores them.
Result<QList<Drb2ScoreItem>> readDrb2ScoreItems(ProjectStore &store, QList<RowId> runIds);

// Several runs are repeated judgings and are averaged as the reference averages re-runs.
// An empty `runIds` exports every DRB-II run of the project.
Result<void> exportDrb2(ProjectStore &store, QList<RowId> runIds, const QString &directory,
                        ErrorPolicy policy, Drb2ExportSummary *summary);

} // namespace Rubricate
