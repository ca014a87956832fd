#include "annotationexchange.h"

#include "store/migrations.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QTemporaryDir>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

constexpr int describedMissingItems = 5;

// The current-label rule of the store: the newest event by id per (report, rubric, kind,
// annotator); for gold, the item's newest gold label whoever settled it.
QList<AnnotationEvent> currentEvents(const QList<AnnotationEvent> &events)
{
    QHash<QString, qsizetype> newest;
    for (qsizetype i = 0; i < events.size(); ++i) {
        const AnnotationEvent &e = events.at(i);
        const QString who = e.kind == AnnotationKind::Gold ? QString() : e.annotator;
        newest.insert(
            u"%1/%2/%3/%4"_s.arg(e.reportId).arg(e.rubricId).arg(annotationKindKey(e.kind), who),
            i); // events come in id order: the last one wins
    }
    QList<qsizetype> kept = newest.values();
    std::sort(kept.begin(), kept.end());
    QList<AnnotationEvent> out;
    for (qsizetype i : kept) {
        if (events.at(i).value)
            out.append(events.at(i));
    }
    return out;
}

// --- merging ----------------------------------------------------------------------------

// The other project, opened without ever writing to its file.
Result<std::unique_ptr<ProjectStore>> openOther(const QString &path,
                                                std::optional<QTemporaryDir> &scratch)
{
    const Result<int> version = ProjectStore::schemaVersionOf(path);
    if (!version)
        return version.error();
    if (*version >= latestSchemaVersion())
        return ProjectStore::open(path);
    // Opening migrates: do that to a copy, with its write-ahead log (uncheckpointed writes).
    scratch.emplace();
    if (!scratch->isValid())
        return Error{u"cannot make a temporary folder: %1"_s.arg(scratch->errorString())};
    const QString copy = scratch->filePath(u"other.rubricate"_s);
    for (const QString &suffix : {QString(), u"-wal"_s}) {
        if (QFileInfo::exists(path + suffix) && !QFile::copy(path + suffix, copy + suffix))
            return Error{u"cannot copy %1 to a temporary file"_s.arg(path + suffix)};
    }
    return ProjectStore::open(copy);
}

class Merger
{
public:
    Merger(ProjectStore &target, ProjectStore &other, MergeSummary &summary)
        : m_target(target)
        , m_other(other)
        , m_summary(summary)
        , m_landing(target)
    { }

    bool run()
    {
        QStringList skipped;
        const auto events = travellingAnnotations(m_other, {}, false, &skipped);
        for (const QString &why : std::as_const(skipped))
            m_summary.warnings.append(u"%1: %2 (left out)"_s.arg(m_other.path(), why));
        if (!events) {
            m_summary.error = events.errorMessage();
            return false;
        }
        m_otherItems = itemsByIds(m_other.annotations().keyedItems());
        for (const RunSummary &r : m_other.runs().list().value_or({}))
            m_otherRunNames.insert(r.id, r.name);
        Transaction tx(m_target, WriteChecks::Annotations);
        if (!tx.isOpen()) {
            m_summary.error = tx.began().errorMessage();
            return false;
        }
        if (const auto loaded = m_landing.load(); !loaded) {
            m_summary.error = loaded.errorMessage();
            return false;
        }
        if (!mergeAnnotators() || !mergeStudies() || !mergeEvents(*events))
            return false;
        if (const Result<void> committed = tx.commit(); !committed)
            return fail(committed);
        return true;
    }

private:
    bool fail(const Result<void> &refused)
    {
        m_summary.error = refused.errorMessage();
        return false;
    }

    void noteMissing(const ItemKey &key)
    {
        const QString described = describeItem(key);
        if (m_summary.missingItems.size() < describedMissingItems
            && !m_summary.missingItems.contains(described))
            m_summary.missingItems.append(described);
    }

    bool mergeAnnotators()
    {
        for (const Annotator &a : m_other.annotations().annotators().value_or({})) {
            const auto here = m_target.annotations().annotator(a.id);
            if (here) {
                if (here->name != a.name) {
                    m_summary.warnings.append(
                        u"annotator %1 is \"%2\" here and \"%3\" in the other copy; the name "
                        "here is kept"_s.arg(a.id, here->name, a.name));
                }
                continue;
            }
            if (const Result<void> added = m_target.annotations().addAnnotator(a); !added)
                return fail(added);
            ++m_summary.annotatorsAdded;
        }
        return true;
    }

    bool mergeStudies()
    {
        QHash<QString, Study> here;
        for (const Study &s : m_target.annotations().studies().value_or({}))
            here.insert(s.name, s);
        for (const Study &s : m_other.annotations().studies().value_or({})) {
            if (const auto it = here.constFind(s.name); it != here.cend()) {
                if (!s.uid.isEmpty() && !it->uid.isEmpty() && s.uid != it->uid) {
                    m_summary.warnings.append(
                        u"a different study named \"%1\" is here; the other copy's was not "
                        "merged"_s.arg(s.name));
                } else if (!mergeExtension(s.name)) {
                    return false;
                }
                continue;
            }
            if (!mergeStudy(s))
                return false;
        }
        return true;
    }

    // The other copy's assignments of a study, with their items as this project has them.
    QList<Assignment> assignmentsHere(const QString &study)
    {
        QList<Assignment> mapped;
        for (Assignment a : m_other.annotations().assignments(study).value_or({})) {
            const KeyedItem &there = m_otherItems.value({a.reportId, a.rubricId});
            const KeyedItem *item = m_landing.item(there.key);
            if (!item) {
                ++m_summary.assignmentsMissingItem;
                noteMissing(there.key);
                continue;
            }
            a.reportId = item->reportId;
            a.rubricId = item->rubricId;
            mapped.append(a);
        }
        return mapped;
    }

    // A study both copies have, which the other copy extended (`study extend`): the items it
    // added join the study here, at the next free positions where this copy took theirs. The
    // items both have keep this copy's annotators.
    bool mergeExtension(const QString &study)
    {
        const Result<QList<Assignment>> here = m_target.annotations().assignments(study);
        if (!here)
            return fail(Result<void>(here.error()));
        QSet<std::pair<RowId, RowId>> items;
        QSet<int> positions;
        int last = -1;
        for (const Assignment &a : *here) {
            items.insert({a.reportId, a.rubricId});
            positions.insert(a.position);
            last = qMax(last, a.position);
        }
        QList<Assignment> added;
        for (Assignment a : assignmentsHere(study)) {
            if (items.contains({a.reportId, a.rubricId}))
                continue;
            if (positions.contains(a.position))
                a.position = last + 1;
            items.insert({a.reportId, a.rubricId});
            positions.insert(a.position);
            last = qMax(last, a.position);
            added.append(a);
        }
        if (added.isEmpty())
            return true;
        if (const Result<void> inserted = m_target.annotations().insertExtension(study, added);
            !inserted)
            return fail(inserted);
        m_summary.studyItemsAdded += int(added.size());
        return true;
    }

    bool mergeStudy(Study study)
    {
        const QList<Assignment> mapped = assignmentsHere(study.name);
        if (mapped.isEmpty()) {
            m_summary.warnings.append(
                u"none of the items of study \"%1\" is here; it was not merged"_s.arg(study.name));
            return true;
        }
        const auto info = m_other.annotations().sampleInfo(study.name);
        if (const Result<void> inserted = m_target.annotations().insertSample(
                study.name, info ? info->seed : std::nullopt, mapped,
                info ? info->createdAt : QDateTime::currentDateTimeUtc());
            !inserted)
            return fail(inserted);
        if (!study.uid.isEmpty()) { // the other copy saved settings for it
            study.runId = runHere(m_otherRunNames.value(study.runId), study.name);
            if (const Result<void> settled = m_target.annotations().insertStudySettings(study);
                !settled)
                return fail(settled);
        }
        ++m_summary.studiesAdded;
        return true;
    }

    RowId runHere(const QString &name, const QString &study)
    {
        if (name.isEmpty())
            return 0;
        RowId found = 0;
        int count = 0;
        for (const RunSummary &r : m_target.runs().list().value_or({})) {
            if (r.name == name) {
                found = r.id;
                ++count;
            }
        }
        if (count != 1) {
            m_summary.warnings.append(u"study \"%1\": %2 judge run named \"%3\" here; the study "
                                      "compares with no run"_s.arg(study)
                                          .arg(count ? u"more than one"_s : u"no"_s, name));
            return 0;
        }
        return found;
    }

    bool mergeEvents(QList<TravellingAnnotation> events)
    {
        // In the order they were made, so that where both copies hold an item's labels the
        // newest by time is also the newest by id, the current one.
        std::stable_sort(events.begin(), events.end(),
                         [](const auto &a, const auto &b) { return a.event.at < b.event.at; });
        int older = 0;
        for (const TravellingAnnotation &a : std::as_const(events)) {
            const Result<AnnotationLanding::Landed> landed = m_landing.land(a);
            if (!landed) {
                m_summary.error = landed.errorMessage();
                return false;
            }
            switch (landed->outcome) {
            case AnnotationLanding::Outcome::Added:
                ++m_summary.eventsAdded;
                break;
            case AnnotationLanding::Outcome::Present:
                ++m_summary.eventsPresent;
                break;
            case AnnotationLanding::Outcome::MissingItem:
                ++m_summary.eventsMissingItem;
                noteMissing(a.item);
                break;
            case AnnotationLanding::Outcome::Invalid:
                break;
            case AnnotationLanding::Outcome::Older:
                ++older;
                continue; // counted below, not named one by one
            }
            if (!landed->note.isEmpty() && !m_summary.warnings.contains(landed->note))
                m_summary.warnings.append(landed->note);
        }
        if (older > 0) {
            m_summary.warnings.append(
                u"%1 label(s) of the other copy are older than the current label of their item "
                "here (the same annotator's, or the gold label) and were not merged: the newer "
                "labels stay current"_s.arg(older));
        }
        return true;
    }

    ProjectStore &m_target;
    ProjectStore &m_other;
    MergeSummary &m_summary;
    AnnotationLanding m_landing;
    QHash<ItemIds, KeyedItem> m_otherItems;
    QHash<RowId, QString> m_otherRunNames;
};

} // namespace

Result<QList<TravellingAnnotation>> travellingAnnotations(ProjectStore &store,
                                                          const QString &benchmarkKey,
                                                          bool currentOnly, QStringList *skipped)
{
    const QHash<ItemIds, KeyedItem> items
        = itemsByIds(store.annotations().keyedItems(benchmarkKey));
    QHash<RowId, QString> runNames;
    for (const RunSummary &r : store.runs().list().value_or({}))
        runNames.insert(r.id, r.name);
    QList<AnnotationEvent> events = store.annotations().annotationEvents(benchmarkKey);
    if (currentOnly)
        events = currentEvents(events);
    QList<TravellingAnnotation> out;
    out.reserve(events.size());
    for (const AnnotationEvent &e : std::as_const(events)) {
        const auto item = items.constFind({e.reportId, e.rubricId});
        if (item == items.cend()) {
            if (skipped)
                skipped->append(
                    u"annotation event %1: rubric %2 is not an item of report %3"_s.arg(e.id)
                        .arg(e.rubricId)
                        .arg(e.reportId));
            continue;
        }
        TravellingAnnotation a{e, item->key, item->text, runNames.value(e.provenance.shownRunId)};
        a.event.uid = travellingUid(e, item->key);
        out.append(a);
    }
    return out;
}

Result<void> writeAnnotationsFile(const QList<TravellingAnnotation> &annotations,
                                  const QString &path, bool csv)
{
    const QByteArray bytes = csv ? annotationsCsv(annotations) : annotationsJsonl(annotations);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(bytes) != bytes.size() || !file.commit())
        return Error{u"%1: %2"_s.arg(path, file.errorString())};
    return {};
}

// --- merge --------------------------------------------------------------------------------

QString MergeSummary::toText() const
{
    if (!ok())
        return u"error: %1\n"_s.arg(error);
    QString out = u"%1 annotation event(s) added, %2 already here; %3 annotator(s) and %4 "
                  "study(ies) added\n"_s.arg(eventsAdded)
                      .arg(eventsPresent)
                      .arg(annotatorsAdded)
                      .arg(studiesAdded);
    if (studyItemsAdded > 0)
        out += u"%1 item(s) the other copy added to studies both have joined them here\n"_s.arg(
            studyItemsAdded);
    if (eventsMissingItem + assignmentsMissingItem > 0) {
        out += u"skipped: %1 event(s) and %2 study item(s) whose item is not in this project, "
               "e.g.\n"_s.arg(eventsMissingItem)
                   .arg(assignmentsMissingItem);
        for (const QString &item : missingItems)
            out += u"  %1\n"_s.arg(item);
    }
    for (const QString &w : warnings)
        out += u"warning: %1\n"_s.arg(w);
    return out;
}

MergeSummary mergeAnnotations(ProjectStore &target, const QString &otherPath)
{
    MergeSummary summary;
    if (QFileInfo(otherPath).canonicalFilePath() == QFileInfo(target.path()).canonicalFilePath()) {
        summary.error = u"%1 is this project; there is nothing to merge"_s.arg(otherPath);
        return summary;
    }
    std::optional<QTemporaryDir> scratch; // outlives the store opened in it
    const auto other = openOther(otherPath, scratch);
    if (!other) {
        summary.error = other.errorMessage();
        return summary;
    }
    Merger(target, *other, summary).run();
    return summary;
}

} // namespace Rubricate
