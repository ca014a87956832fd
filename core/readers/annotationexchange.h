// Annotations travel: a project's human labels are exported in the annotation format
// (ingest/annotationformat.h), and one copy's annotators, studies and labels are merged into
// another. Nothing is matched by row id, which differs between copies.
#pragma once

#include "domain/result.h"
#include "ingest/annotationformat.h"

namespace Rubricate {

// The project's events of the benchmark (empty: every benchmark), oldest first, each with its
// uid (derived where it had none). With `currentOnly`: each annotator's current label and each
// item's current gold label, cleared ones left out. An error when the project cannot be read.
// An event on a rubric that is no item of its report (written by a version that did not check)
// cannot travel: it is left out, named in `skipped` when given, and the others go.
Result<QList<TravellingAnnotation>> travellingAnnotations(ProjectStore &store,
                                                          const QString &benchmarkKey,
                                                          bool currentOnly,
                                                          QStringList *skipped = nullptr);

// Writes them to `path` (replaced atomically), as CSV or JSONL.
Result<void> writeAnnotationsFile(const QList<TravellingAnnotation> &annotations,
                                  const QString &path, bool csv);

struct MergeSummary {
    int annotatorsAdded = 0;
    int studiesAdded = 0;
    int studyItemsAdded = 0; // added by the other copy to a study both have (`study extend`)
    int eventsAdded = 0;
    int eventsPresent = 0; // already here: same uid
    int eventsMissingItem = 0; // their item is not in this project: skipped
    int assignmentsMissingItem = 0; // study items not in this project: left out of the study
    QStringList missingItems; // the first few items not found, described
    QStringList warnings;
    QString error; // set when nothing was merged

    bool ok() const { return error.isEmpty(); }
    bool changed() const
    {
        return annotatorsAdded + studiesAdded + studyItemsAdded + eventsAdded > 0;
    }
    QString toText() const;
};

// Takes every annotator, study (its items and settings) and annotation event that the project
// at `otherPath` has and `target` lacks, in one transaction: all of it or nothing. The other
// file is never written: a copy at an older schema is migrated in a temporary file.
MergeSummary mergeAnnotations(ProjectStore &target, const QString &otherPath);

} // namespace Rubricate
