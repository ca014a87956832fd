// Judge-corrected scores of a project (issue 16): a study's labels, the judge run's verdicts
// and, against the adjudicated gold, the gold labels, read from the store and handed to
// correctedScores(). One reading path for the command line and the leaderboard page.
#pragma once

#include "alignment/correctedscores.h"

namespace Rubricate {

class ProjectStore;

// The corrected scores of `options.benchmarkKey` (empty: the benchmark of the run the study
// compares with) on the labels given in `study`. Without `options.judge`, the run the study
// compares with (when it names one), else the newest run that rated the benchmark.
// ResearchRubrics' criterion weights are read here. An unknown study, or no benchmark to
// score, comes back as CorrectedScores::error.
CorrectedScores readCorrectedScores(ProjectStore &store, const QString &study,
                                    CorrectedScoreOptions options = {});

} // namespace Rubricate
