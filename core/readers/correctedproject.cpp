#include "correctedproject.h"

#include "store/projectstore.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

CorrectedScores readCorrectedScores(ProjectStore &store, const QString &studyName,
                                    CorrectedScoreOptions options)
{
    const std::optional<Study> study = store.annotations().study(studyName);
    if (!study) {
        CorrectedScores none;
        none.error = u"no study named \"%1\""_s.arg(studyName);
        return none;
    }
    if (options.judge.isEmpty() && study->runId > 0)
        options.judge = u"run:%1"_s.arg(study->runId); // the run the study compares with
    LabelFilter labels;
    labels.study = studyName;
    QList<RatingRow> rows = store.annotations().ratingRows(options.benchmarkKey, labels);
    if (options.gold == GoldRater)
        rows += store.annotations().goldRatingRows(options.benchmarkKey);
    return correctedScores(rows, options);
}

} // namespace Rubricate
