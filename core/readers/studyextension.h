// Extending a study's sample (issue 16, planning): the PPI++ plan per model, and the extra
// items drawn and saved, for the command line and the study overview alike. Reads through
// readCorrectedScores(), draws with extendSample() and writes with
// AnnotationStore::extendSample(), in one transaction.
#pragma once

#include "alignment/correctedscores.h"
#include "alignment/sampling.h"

#include <QMap>

namespace Rubricate {

class ProjectStore;

struct ModelPlan {
    QString model;
    qsizetype labelled = 0; // n
    qsizetype judged = 0; // N
    PpiPlan plan;
};

struct StudyExtensionPlan {
    QString error; // why there is no plan: an unknown study, nothing to score
    QString benchmarkKey;
    QString judge; // the run the plan corrects, "run:12"
    double halfWidth = 0;
    QList<ModelPlan> models; // by model name

    // The extra labels per model: the plan's count, 0 where the target is not reachable.
    QMap<QString, int> extraPerModel() const;
};

// Per model of `scores` (read per model, not per dimension), how many more labels the study
// needs for a PPI++ interval of ± `halfWidth`, as `study plan` prints it.
StudyExtensionPlan extensionPlan(const CorrectedScores &scores, double halfWidth);
// The same from the store; `options` as readCorrectedScores takes them (benchmark, judge,
// gold).
StudyExtensionPlan readExtensionPlan(ProjectStore &store, const QString &study, double halfWidth,
                                     CorrectedScoreOptions options = {});

// Draws `extraPerModel` more items for the study from the items its judge run rated and
// nobody has labelled in the study, and saves them; with `totalItems` instead (extraPerModel
// empty), that many shared among the models by extensionAllocation(). The extension comes back with
// what was added, or with its error (the store's when the write was refused).
SampleExtension extendStudy(ProjectStore &store, const QString &study,
                            const QMap<QString, int> &extraPerModel, int totalItems = 0,
                            CorrectedScoreOptions options = {});

} // namespace Rubricate
