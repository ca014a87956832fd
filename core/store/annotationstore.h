// Human judgements: annotation events (append-only), current labels and rating rows, gold
// labels and adjudication, samples and their assignments, annotators, studies, and the items
// that travel between copies of a project.
#pragma once

#include "domain/labelfilter.h"
#include "storetypes.h"
#include "subjectstore.h"

#include <QSet>

namespace Rubricate {

class AnnotationStore : public SubjectStore
{
public:
    using SubjectStore::SubjectStore;

    Result<RowId> appendAnnotation(const AnnotationEvent &event);
    // The event with this uid, when the project holds it.
    std::optional<RowId> annotationId(const QString &uid);
    QList<AnnotationEvent> annotationHistory(RowId reportId, RowId rubricId); // every kind
    // Newest event per rubric of a report, in one read (of this annotator, or anyone's): an
    // annotator's labels, or with AnnotationKind::Gold the adjudicated gold labels.
    QHash<RowId, AnnotationEvent> currentAnnotations(RowId reportId, const QString &annotator = {},
                                                     AnnotationKind kind = AnnotationKind::Label);
    // Every event of the benchmark's items (empty key: every benchmark), oldest first.
    QList<AnnotationEvent> annotationEvents(const QString &benchmarkKey = {});
    // Newest event for this target (of this annotator, or of anyone when empty).
    std::optional<AnnotationEvent> currentAnnotation(RowId reportId, RowId rubricId,
                                                     const QString &annotator = {},
                                                     AnnotationKind kind = AnnotationKind::Label);
    // Every judge verdict and every annotator's current label of the benchmark's items
    // (empty key: every benchmark), in (report, rubric) order. `labels` keeps the current
    // labels whose provenance passes; one that does not is left out, never replaced by an
    // older label of the same annotator.

    QList<RatingRow> ratingRows(const QString &benchmarkKey = {}, const LabelFilter &labels = {});
    // The current gold label of every adjudicated item of the benchmark (empty key: every
    // benchmark) as the rater GoldRater ("gold", named "Gold"), in (report, rubric) order.
    // Apart from ratingRows(): gold is compared with only when asked for.
    QList<RatingRow> goldRatingRows(const QString &benchmarkKey = {});
    // What every annotator, the gold label and every judge run say of these (report, rubric)
    // items, in the order given; unknown items are left out. A fixed number of selects per
    // few hundred reports, whatever the number of items and people.

    Result<QList<AdjudicationItem>> adjudicationItems(const QList<std::pair<RowId, RowId>> &items);
    // The same for every item of one report (reportItems() order).
    Result<QList<AdjudicationItem>> adjudicationItems(RowId reportId);
    // Every rubric item of the benchmark once (each report with the rubrics of its task, or
    // of its query for PDR-Bench; repeated rubrics left out, as scoring leaves them out), in
    // (report, rubric) order. An item that a judge rated carries the newest such run's value
    // as a judge row ("run:<id>"); the others have no rater and no value.

    Result<QList<RatingRow>> itemRows(const QString &benchmarkKey);
    // Writes a drawn sample, one row per item and annotator, in a transaction of its own (so
    // not inside a caller's). Refuses an empty sample, a blank annotator and a name already
    // taken: a sample is a record of what was assigned, never edited afterwards. With
    // `settings`, the study's settings are written in the same transaction (its name is the
    // sample's).
    Result<void> saveAssignments(const QString &sample, quint32 seed,
                                 const QList<Assignment> &assignments,
                                 const std::optional<Study> &settings = std::nullopt);
    // Adds items to a saved sample, in a transaction of its own: rows as saveAssignments
    // writes them, with the sample's seed. Refuses an unknown sample, no items, and an item
    // that is in the sample already or a position the sample has (another extension came
    // first): the rows the sample has are never touched.
    Result<void> extendSample(const QString &sample, const QList<Assignment> &added);
    Result<QStringList> samples(); // names, oldest first
    std::optional<SampleInfo> sampleInfo(const QString &sample);
    // The sample's items in position order, each with all its annotators; with `annotator`,
    // only the items that are theirs.
    Result<QList<Assignment>> assignments(const QString &sample, const QString &annotator = {});
    // Adds the annotator unless its id is known (a known one keeps its name).

    Result<void> addAnnotator(const Annotator &annotator);
    // The id of the annotator with this name (or this id); a new annotator, whose id is the
    // name, when nobody has it.
    Result<QString> annotatorIdNamed(const QString &name);
    // Renames in place: labels are keyed by the id, so they stay the person's.
    Result<void> renameAnnotator(const QString &id, const QString &name);
    std::optional<Annotator> annotator(const QString &id);
    Result<QList<Annotator>> annotators(); // by name
    // Settings for a saved sample. Refuses a sample that does not exist and a study that
    // does: settings such as blind are fixed once people start labelling under them.
    Result<void> saveStudy(const Study &study);
    std::optional<Study> study(const QString &name); // a sample without settings: defaults
    Result<QList<Study>> studies(); // every saved sample, oldest first
    // The annotator's items in the study: unlabelled first, each part in sample order.
    Result<QList<QueueItem>> studyQueue(const QString &study, const QString &annotatorId);
    // Assigned and labelled items per annotator of the study, by name.
    Result<QList<StudyProgress>> studyProgress(const QString &study);
    // Every item a report is labelled on (its task's or query's rubrics and its own claims),
    // of the benchmark (empty: every benchmark), in (report, rubric) order.

    QList<KeyedItem> keyedItems(const QString &benchmarkKey = {});
    // Writes a sample's rows as saveAssignments does, but inside the caller's transaction and
    // with the seed and creation time it had where it came from; refuses a name taken.
    Result<void> insertSample(const QString &sample, std::optional<quint32> seed,
                              const QList<Assignment> &assignments, const QDateTime &createdAt);
    // Adds items to a saved sample as extendSample does, but inside the caller's transaction
    // (a merge).
    Result<void> insertExtension(const QString &sample, const QList<Assignment> &added);
    // Writes a study's settings as saveStudy does (refusing a missing sample and settings
    // already saved), inside the caller's transaction.
    Result<void> insertStudySettings(const Study &study);

private:
    bool insertStudy(const Study &study); // inside the caller's transaction
    // One row per item and annotator, inside the caller's transaction.
    bool insertAssignmentRows(const QString &sample, std::optional<quint32> seed,
                              const QList<Assignment> &assignments, const QDateTime &createdAt);
};

} // namespace Rubricate
