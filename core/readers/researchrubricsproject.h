// A project's ResearchRubrics judge run as scoring rows, and as the reference's own result
// file (formats.md §3.5: results/batch_evaluation_*.jsonl, one line per criterion).
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "exchange/resultcsv.h" // the result CSVs of what these readers return
#include "scoring/researchrubricsscoring.h"

#include <QByteArray>

namespace Rubricate {

class ProjectStore;

struct RrRunRows {
    RowId runId = 0;
    QString runName;
    QList<RrScoreItem> items; // reports in project order, criteria in the prompt's order
    // The reference's line for each item, in the same order: sample_id, rubric_title, verdict
    // ("Satisfied", "Partially Satisfied", "Not Satisfied" or "Error"), score (0.0 for an
    // error, as the reference writes it), confidence, reasoning (cut to 500 code points; an
    // error's cause), tokens_used, cost, success, weight. Tokens and cost are per request,
    // not per criterion, so they are null; "model" is added because a run can judge several
    // agents, where the reference writes one file per agent.
    QList<QByteArray> resultLines;
};

// The items of `runId` (0: the newest ResearchRubrics run). Criteria the run never asked
// about are left out; reports without any verdict of the run too.
Result<RrRunRows> readResearchRubricsRun(ProjectStore &store, RowId runId);

} // namespace Rubricate
