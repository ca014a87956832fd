#include "services/scoringsettings.h"

#include <QSettings>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The keys are the CLI's flag values, so a setting reads like `score pdr --weights …`.
const QString weightsKey = u"scoring/pdrWeights"_s;
const QString unmatchedKey = u"scoring/pdrUnmatched"_s;

} // namespace

PdrScoringOptions savedPdrScoringOptions()
{
    const QSettings settings;
    PdrScoringOptions options;
    if (settings.value(weightsKey).toString() == "normalized"_L1)
        options.weights = PdrWeightsPolicy::Normalized;
    if (settings.value(unmatchedKey).toString() == "reask"_L1)
        options.unmatched = PdrUnmatchedPolicy::Reask;
    return options;
}

void savePdrScoringOptions(const PdrScoringOptions &options)
{
    QSettings settings;
    settings.setValue(weightsKey,
                      options.weights == PdrWeightsPolicy::Normalized ? u"normalized"_s
                                                                      : u"reference"_s);
    settings.setValue(unmatchedKey,
                      options.unmatched == PdrUnmatchedPolicy::Reask ? u"reask"_s : u"reference"_s);
}

} // namespace Rubricate
