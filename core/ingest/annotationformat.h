// The file format annotations travel in (JSONL or CSV), and where read events land in a
// project. Nothing is
// matched by row id, which differs between copies: items by their natural keys (ItemKey),
// judge runs by name, events by their uid, so that importing or merging twice adds nothing.
//
// An exported line:
//   {"uid": "…", "kind": "label"|"gold", "benchmark": "drb2", "task": "1", "query": "…",
//    "model": "AtlasAgent", "dimension": "info_recall", "number": 3, "claim": true,
//    "rubric": "…", "annotator": "<id>", "annotator_name": "Ana", "label": 1, "previous": 0,
//    "note": "…", "at": "2026-11-01T10:00:00.000Z",
//    "provenance": {"method": "typed", "judge_visible": true, "shown_run": "<run name>",
//                   "shown_verdict": 1, "study": "pilot", "focus_ms": 4200,
//                   "app_version": "…"}}
// "number" is 1-based within the dimension as the verdict panel shows it; "query" only for
// reports of a query (PDR-Bench); "claim" only for an item extracted from the report itself;
// "rubric" is for the reader and never used to match. Absent optional members are unknown.
#pragma once

#include "domain/result.h"
#include "store/projectstore.h"

#include <QHash>
#include <QJsonObject>
#include <QSet>

#include <optional>

namespace Rubricate {

using ItemIds = std::pair<RowId, RowId>; // (report, rubric)
QHash<ItemIds, KeyedItem> itemsByIds(const QList<KeyedItem> &items);

// One annotation event without its project: the item by natural key, the run by name.
struct TravellingAnnotation {
    AnnotationEvent event; // row ids (event, report, rubric, shown run) are not carried
    ItemKey item;
    QString rubricText;
    QString shownRun; // the name of the judge run whose verdict was on screen
};

// The event's uid, or for an event written before uids existed one derived from its content
// (item, annotator, time, value, previous value, note): two copies migrated apart give the
// same old event the same uid.
QString travellingUid(const AnnotationEvent &event, const ItemKey &item);

QJsonObject annotationJson(const TravellingAnnotation &annotation);
QByteArray annotationsJsonl(const QList<TravellingAnnotation> &annotations);
// The same members as columns, provenance flattened, with a header row.
QByteArray annotationsCsv(const QList<TravellingAnnotation> &annotations);
// An exported CSV record as the JSON object of its line (empty cells: absent members).
Result<QJsonObject> annotationCsvRecordJson(const QStringList &header, const QStringList &fields);
bool isAnnotationCsvHeader(const QStringList &header);

// An exported line read back; an error when a member is missing or malformed.
Result<TravellingAnnotation> annotationFromJson(const QJsonObject &o);

// Where travelling events land in a project: its items and runs by natural key and the uids
// it holds. Call inside the transaction the events are appended in.
class AnnotationLanding
{
public:
    // Older: a label (or gold label) older than the current one on its item here, which would
    // have become current, since the current label is the newest by id; not appended.
    enum class Outcome { Added, Present, MissingItem, Invalid, Older };
    struct Landed {
        Outcome outcome;
        QString note; // Added: why the shown run was left out; Invalid, Older: why skipped
    };

    explicit AnnotationLanding(ProjectStore &store)
        : m_store(store)
    { }
    Result<void> load();
    // Appends the event unless its uid is here; its item and shown run are looked up by key
    // and name. A run not found here leaves the provenance without a run (the note names
    // shownRun for a warning); an event without provenance is marked "imported". An error
    // only when the database refuses the event.
    Result<Landed> land(TravellingAnnotation annotation);
    const KeyedItem *item(const ItemKey &key) const;

private:
    // Keeps the newest time of the event's item and kind (and annotator, for a label).
    void noteNewest(const AnnotationEvent &event);

    ProjectStore &m_store;
    QHash<ItemKey, KeyedItem> m_items;
    QHash<QString, QList<RowId>> m_runsByName;
    QSet<QString> m_uids;
    QHash<QString, QDateTime> m_newest; // newestKey() -> newest time
};

// "drb2 task 1 / AtlasAgent / info_recall 3", for messages.
QString describeItem(const ItemKey &key);

} // namespace Rubricate
