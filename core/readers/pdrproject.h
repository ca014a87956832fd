// A project's PDR-Bench judge run as scoring rows (formats.md §4.4), its scores, and the
// reference's result layout (§4.5).
//
// Reading: the verdicts of one run (default: the newest FINISHED run whose scheme is
// pdrbench) on every PDR-Bench report, each with its query (external id, setting), persona
// (userid), family, dimension, W_d and w_c. A verdict without a value (a judge error) becomes
// an item without a score: pdrscoring leaves it out and counts it. Criteria the run never
// judged are left out. A criterion a reply left out and that was asked again is marked
// AskedAgain, and the items replies returned under no asked criterion come as Unmatched items
// (weight: the mean weight of the query's criteria of their dimension), so that the scoring
// options can read the replies either way (PdrUnmatchedPolicy).
//
// R is not computed here: claims and their support verdicts come from the reliability
// pipeline, built elsewhere; pass them in and R, FA and CC are scored and written.
//
// Writing (writePdrResults), per model (a "/" or "\" in a model name becomes "_"):
//   personalization/<MODEL>/personalization_results.jsonl  one line per report:
//       {"id", "userid", "setting", "<dimension>": dim_avg or null ..., "score": P or null}
//       ("id" a number when the query id is one, as the reference's ids are)
//   personalization/<MODEL>/personalization_result.txt     "<dimension>_weighted_avg: x" per
//       dimension (mean over the reports with a value), "Reports: n", "Judge errors left out:
//       k", then "P Overall Score: x" (4 decimals; "N/A" when undefined)
//   quality/<MODEL>/quality_results.jsonl / quality_result.txt   the same with Q
//   reliability/<MODEL>/reliability_results.jsonl   only with claims: one line per report with
//       claims, {"id", "userid", "setting", "claims", "cited", "supported", "not_supported",
//       "source_unavailable", "judge_errors", "support_judged", "factual_accuracy",
//       "citation_coverage", "score": R} (null where there is no value)
//   reliability/<MODEL>/reliability_result.txt   only with claims: "Factual Accuracy: x",
//       "Citation Coverage: x", "Reports with R: n", "Reports whose support was not judged: k",
//       "R Overall Score: x" (the mean over the n reports with R)
//   overall/<MODEL>/overall_result.txt   "P Overall Score: x", "Q Overall Score: x",
//       "R Overall Score: x" or "N/A", "Final Overall Score: x" (4 decimals; the mean of the
//       available P, Q, R computed from unrounded means, as aggregate_overall.py would from
//       the printed ones)
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "scoring/pdrscoring.h"

#include <optional>

namespace Rubricate {

class ProjectStore;

struct PdrRunRows {
    RowId runId = 0;
    QString runName;
    QList<PdrCriterionItem> items; // reports in project order, criteria in plan order
    int errors = 0; // items whose verdict is an error
    int unmatched = 0; // items a reply returned under no asked criterion (PdrItemOrigin)
};

// The rows of `runId` (0: the newest finished pdrbench-scheme run of PDR-Bench).
Result<PdrRunRows> readPdrRun(ProjectStore &store, RowId runId);

struct PdrProjectScores {
    PdrRunRows rows;
    QList<PdrReportScore> reports;
    bool withReliability = false; // claims were given
};

// readPdrRun scored with `options`; `claims` (from the reliability pipeline) add R.
Result<PdrProjectScores> scorePdrProject(ProjectStore &store, RowId runId,
                                         const PdrScoringOptions &options,
                                         const std::optional<QList<PdrClaimItem>> &claims);

// The reference's result files under `directory` (see above); the written paths go to *files.
Result<void> writePdrResults(const PdrProjectScores &scores, const QString &directory,
                             QStringList *files);

// The folder name of a model in the layout.
QString pdrModelFolder(const QString &model);

} // namespace Rubricate
