#include "annotationstore.h"

#include "catalogstore.h"
#include "reportstore.h"
#include "storecodec.h"
#include "storerows.h"

#include <QCoreApplication>
#include <QUuid>

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

Result<RowId> AnnotationStore::appendAnnotation(const AnnotationEvent &e)
{
    if (e.annotator.trimmed().isEmpty()) {
        m_db->setLastError(u"an annotation needs an annotator"_s);
        return failure();
    }
    // A transaction that checked what is there before it writes (an import) waits for no
    // label that is not yet committed, unless every writer of labels takes its turn.
    if (!m_db->serialiseAnnotationWrites())
        return failure();
    // The foreign keys only say that the report and the rubric exist. A label on a rubric of
    // another task would be counted by agreement and stop every export of the project.
    QSqlQuery &item = prepared(
        u"SELECT 1 FROM report p JOIN rubric r ON r.id = ? WHERE p.id = ? AND (r.report_id = p.id"
        " OR (r.report_id IS NULL AND r.task_id = p.task_id"
        " AND COALESCE(r.query_id, 0) = COALESCE(p.query_id, 0)))"_s);
    bindAt(item, 0, e.rubricId);
    bindAt(item, 1, e.reportId);
    if (!exec(item))
        return failure();
    const bool isItem = item.next();
    item.finish();
    if (!isItem) {
        m_db->setLastRefusal(
            u"rubric %1 is not an item of report %2"_s.arg(e.rubricId).arg(e.reportId));
        return failure();
    }
    // An annotator first seen in an event (an import, a merge, a setting) is named by its id
    // until someone gives a name.
    const QString name = e.annotatorName.trimmed().isEmpty() ? e.annotator : e.annotatorName;
    if (Result<void> added = addAnnotator({e.annotator, name, e.at, {}}); !added)
        return added.error();
    const LabelProvenance &p = e.provenance;
    QSqlQuery &q = prepared(
        u"INSERT INTO annotation_event (report_id, rubric_id, annotator, at, value,"
        " previous_value, note, uid, kind, method, judge_visible, shown_run_id, shown_verdict,"
        " study, focus_ms, app_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    // An event that comes with its uid travelled from another copy (an import, a merge): its
    // provenance is that copy's, and an unknown version stays unknown.
    const QString version = p.appVersion.isEmpty() && e.uid.isEmpty()
        ? QCoreApplication::applicationVersion()
        : p.appVersion;
    const QVariantList values = {
        e.reportId,
        e.rubricId,
        e.annotator,
        StoreCodec::time(e.at.isValid() ? e.at : QDateTime::currentDateTimeUtc()),
        StoreCodec::number(e.value),
        StoreCodec::number(e.previousValue),
        StoreCodec::text(e.note),
        e.uid.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : e.uid,
        annotationKindKey(e.kind),
        StoreCodec::text(labelMethodKey(p.method)),
        StoreCodec::flag(p.judgeVisible),
        StoreCodec::id(p.shownRunId ? std::optional<RowId>(p.shownRunId) : std::nullopt),
        StoreCodec::number(p.shownVerdict),
        StoreCodec::text(p.study),
        p.focusMs ? QVariant(*p.focusMs) : QVariant(QMetaType(QMetaType::LongLong)),
        StoreCodec::text(version),
    };
    for (int i = 0; i < values.size(); ++i)
        bindAt(q, i, values.at(i));
    if (!exec(q))
        return failure();
    return RowId(q.lastInsertId().toLongLong());
}

std::optional<RowId> AnnotationStore::annotationId(const QString &uid)
{
    QSqlQuery &q = prepared(u"SELECT id FROM annotation_event WHERE uid = ?"_s);
    bindAt(q, 0, uid);
    if (!exec(q))
        return std::nullopt;
    return singleId(q);
}

QList<AnnotationEvent> AnnotationStore::annotationHistory(RowId reportId, RowId rubricId)
{
    QList<AnnotationEvent> out;
    QSqlQuery &q = prepared(QString::fromLatin1(annotationColumns)
                            + u" WHERE e.report_id = ? AND e.rubric_id = ? ORDER BY e.id"_s);
    bindAt(q, 0, reportId);
    bindAt(q, 1, rubricId);
    if (!exec(q))
        return out;
    while (q.next())
        out.append(annotationFrom(q));
    return out;
}

std::optional<AnnotationEvent> AnnotationStore::currentAnnotation(RowId reportId, RowId rubricId,
                                                                  const QString &annotator,
                                                                  AnnotationKind kind)
{
    // Ids grow with every append, so the largest id is the newest event even when two
    // machines' clocks disagree.
    QSqlQuery &q = prepared(QString::fromLatin1(annotationColumns)
                            + u" WHERE e.report_id = ? AND e.rubric_id = ? AND e.kind = ?"
                              " AND (COALESCE(?, '') = '' OR e.annotator = ?)"
                              " ORDER BY e.id DESC LIMIT 1"_s);
    bindAt(q, 0, reportId);
    bindAt(q, 1, rubricId);
    bindAt(q, 2, annotationKindKey(kind));
    bindAt(q, 3, annotator);
    bindAt(q, 4, annotator);
    if (!exec(q) || !q.next())
        return std::nullopt;
    AnnotationEvent e = annotationFrom(q);
    q.finish();
    return e;
}

QHash<RowId, AnnotationEvent>
AnnotationStore::currentAnnotations(RowId reportId, const QString &annotator, AnnotationKind kind)
{
    QHash<RowId, AnnotationEvent> out;
    // Ascending ids: a later event of the same rubric replaces an earlier one.
    QSqlQuery &q = prepared(QString::fromLatin1(annotationColumns)
                            + u" WHERE e.report_id = ? AND e.kind = ?"
                              " AND (COALESCE(?, '') = '' OR e.annotator = ?) ORDER BY e.id"_s);
    bindAt(q, 0, reportId);
    bindAt(q, 1, annotationKindKey(kind));
    bindAt(q, 2, annotator);
    bindAt(q, 3, annotator);
    if (!exec(q))
        return out;
    while (q.next()) {
        const AnnotationEvent e = annotationFrom(q);
        out.insert(e.rubricId, e);
    }
    return out;
}

QList<AnnotationEvent> AnnotationStore::annotationEvents(const QString &benchmarkKey)
{
    QList<AnnotationEvent> out;
    QSqlQuery &q = prepared(QString::fromLatin1(annotationColumns)
                            + u" JOIN report p ON p.id = e.report_id"
                              " JOIN task t ON t.id = p.task_id"
                              " JOIN benchmark b ON b.id = t.benchmark_id"
                              " WHERE (COALESCE(?, '') = '' OR b.key = ?) ORDER BY e.id"_s);
    bindAt(q, 0, benchmarkKey);
    bindAt(q, 1, benchmarkKey);
    if (!exec(q))
        return out;
    while (q.next())
        out.append(annotationFrom(q));
    return out;
}

} // namespace Rubricate
