// ResearchRubrics' own judge output (`results/batch_evaluation_*.jsonl`, formats.md §3.5) read
// back as a finished judge run, so the reference pipeline's verdicts can be scored, compared
// with ours and reviewed like any other run.
#pragma once

#include "importissue.h"

namespace Rubricate {

class ProjectStore;

// One line per criterion: {sample_id, rubric_title, verdict, score, reasoning, success, ...}.
// The reference judge answers with `evidence_quotes` that its batch writer drops; a file that
// kept them (a modified script, our demo) has them read and located in the report.
// The file does not name the agent whose reports it judged: `model` does, or — when empty —
// the one model that has reports for the file's first sample. The value is the line's
// `score`, as the reference reads it; a line with `success: false`, verdict "Error" or a score
// off the ternary scale is stored as an error, never as 0.
ImportSummary importResearchRubricsResults(ProjectStore &store, const QString &path,
                                           const QString &model, const QString &runName);

} // namespace Rubricate
