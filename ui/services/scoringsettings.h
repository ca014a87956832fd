// The scoring choices a person makes in Preferences (Help → Scoring Choices explains them),
// kept in QSettings so that the leaderboards and their exports use them until changed.
// Stateless: every call reads or writes the settings directly.
#pragma once

#include "scoring/pdrscoring.h"

namespace Rubricate {

// PDR-Bench: the dimension weighting and the reading of unmatched criteria; the other options
// keep their defaults. Unset or unknown values give the defaults (the reference's behaviour).
PdrScoringOptions savedPdrScoringOptions();
void savePdrScoringOptions(const PdrScoringOptions &options);

} // namespace Rubricate
