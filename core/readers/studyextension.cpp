#include "studyextension.h"

#include "readers/correctedproject.h"
#include "store/projectstore.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

QMap<QString, int> StudyExtensionPlan::extraPerModel() const
{
    QMap<QString, int> out;
    for (const ModelPlan &m : models)
        out.insert(m.model, int(m.plan.extraItems.value_or(0)));
    return out;
}

StudyExtensionPlan extensionPlan(const CorrectedScores &scores, double halfWidth)
{
    StudyExtensionPlan out;
    out.error = scores.error;
    out.benchmarkKey = scores.benchmarkKey;
    out.judge = scores.judge;
    out.halfWidth = halfWidth;
    for (const CorrectedModelScore &m : scores.models)
        out.models.append(
            {m.model, m.labelled, m.judged, ppiPlan(m.sample, halfWidth, scores.confidence)});
    return out;
}

StudyExtensionPlan readExtensionPlan(ProjectStore &store, const QString &study, double halfWidth,
                                     CorrectedScoreOptions options)
{
    options.perDimension = false; // a sample is extended per model
    return extensionPlan(readCorrectedScores(store, study, options), halfWidth);
}

SampleExtension extendStudy(ProjectStore &store, const QString &study,
                            const QMap<QString, int> &extraPerModel, int totalItems,
                            CorrectedScoreOptions options)
{
    SampleExtension out;
    // The corrected scores resolve the benchmark and the judge run the way the plan did.
    options.perDimension = false;
    const CorrectedScores scores = readCorrectedScores(store, study, options);
    if (!scores.error.isEmpty()) {
        out.error = scores.error;
        return out;
    }
    const std::optional<SampleInfo> info = store.annotations().sampleInfo(study);
    if (!info) {
        out.error = u"no sample named \"%1\""_s.arg(study);
        return out;
    }
    // Only the items the judge rated can correct it, and only those without a label given in
    // the study yet (one may label beyond one's assignments) add a label: draw from those.
    LabelFilter inStudy;
    inStudy.study = study;
    QSet<std::pair<RowId, RowId>> labelled;
    for (const RatingRow &r : store.annotations().ratingRows(scores.benchmarkKey, inStudy)) {
        if (!r.judge)
            labelled.insert({r.reportId, r.rubricId});
    }
    QList<RatingRow> judged = store.annotations().ratingRows(scores.benchmarkKey);
    judged.removeIf([&](const RatingRow &r) {
        return r.rater != scores.judge || !r.value || labelled.contains({r.reportId, r.rubricId});
    });
    const QList<Assignment> existing = store.annotations().assignments(study).value_or({});
    const QMap<QString, int> extra = extraPerModel.isEmpty()
        ? extensionAllocation(judged, existing, totalItems)
        : extraPerModel;
    // A sample saved without a seed (merged from an old copy) continues from seed 0.
    out = extendSample(judged, existing, extra, info->seed.value_or(0));
    if (!out.error.isEmpty())
        return out;
    if (const Result<void> saved = store.annotations().extendSample(study, out.assignments);
        !saved) {
        out.error = saved.errorMessage();
        out.assignments.clear();
    }
    return out;
}

} // namespace Rubricate
