// The scoring choices a person makes in Preferences (Help → Scoring Choices explains them),
// kept in QSettings so that the leaderboards and their exports use them until changed.
// Stateless: every call reads or writes the settings directly.
#pragma once

#include "scoring/pdrscoring.h"
#include "scoring/reportbenchscoring.h"

namespace Rubricate {

// PDR-Bench: the dimension weighting and the reading of unmatched criteria; the other options
// keep their defaults. Unset or unknown values give the defaults (the reference's behaviour).
PdrScoringOptions savedPdrScoringOptions();
void savePdrScoringOptions(const PdrScoringOptions &options);

// ReportBench, the Leaderboards page's choice: where the titles come from and, for the judge
// method, whose page classifications (empty: the only judge's). The other options keep their
// defaults, as the leaderboard's. A setting of the person, never of a project.
ReportBenchOptions savedReportBenchOptions();
void saveReportBenchOptions(const ReportBenchOptions &options);

} // namespace Rubricate
