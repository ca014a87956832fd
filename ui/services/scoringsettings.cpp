#include "services/scoringsettings.h"

#include <QSettings>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The keys are the CLI's flag values, so a setting reads like `score pdr --weights …`.
const QString weightsKey = u"scoring/pdrWeights"_s;
const QString unmatchedKey = u"scoring/pdrUnmatched"_s;
const QString titlesKey = u"scoring/reportBenchTitles"_s;
const QString pageJudgeKey = u"scoring/reportBenchPageJudge"_s;

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

ReportBenchOptions savedReportBenchOptions()
{
    const QSettings settings;
    ReportBenchOptions options;
    const QString titles = settings.value(titlesKey).toString();
    for (const TitleMethod method : {TitleMethod::Text, TitleMethod::Pages, TitleMethod::Judge}) {
        if (titles == titleMethodKey(method))
            options.titles = method;
    }
    options.pageJudge = settings.value(pageJudgeKey).toString();
    return options;
}

void saveReportBenchOptions(const ReportBenchOptions &options)
{
    QSettings settings;
    settings.setValue(titlesKey, titleMethodKey(options.titles));
    settings.setValue(pageJudgeKey, options.pageJudge);
}

} // namespace Rubricate
