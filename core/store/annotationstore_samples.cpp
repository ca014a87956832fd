// Annotation samples: the items one can sample from, and the assignments of a drawn sample.
#include "annotationstore.h"

#include "catalogstore.h"
#include "reportstore.h"
#include "storecodec.h"
#include "storerows.h"
#include "transaction.h"

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

Result<QList<RatingRow>> AnnotationStore::itemRows(const QString &benchmarkKey)
{
    QList<RatingRow> out;
    // The newest run with a usable verdict per item, found through the verdict index; a judge
    // error is no verdict to sample by.
    QSqlQuery &q = prepared(
        u"SELECT p.id, r.id, b.key, t.external_id, m.name, COALESCE(pe.external_id, ''),"
        " COALESCE(t.language, ''), COALESCE(t.theme, ''), r.dimension, r.scale,"
        " v.run_id, jr.name, v.value"
        " FROM report p JOIN task t ON t.id = p.task_id"
        " JOIN benchmark b ON b.id = t.benchmark_id JOIN agent_model m ON m.id = p.model_id"
        " JOIN rubric r ON r.task_id = p.task_id"
        " AND COALESCE(r.query_id, 0) = COALESCE(p.query_id, 0)"
        " AND (r.report_id IS NULL OR r.report_id = p.id)"
        " LEFT JOIN research_query qr ON qr.id = p.query_id"
        " LEFT JOIN persona pe ON pe.id = qr.persona_id"
        " LEFT JOIN verdict v ON v.id = (SELECT x.id FROM verdict x WHERE x.report_id = p.id"
        "   AND x.rubric_id = r.id AND x.value IS NOT NULL ORDER BY x.run_id DESC LIMIT 1)"
        " LEFT JOIN judge_run jr ON jr.id = v.run_id"
        " WHERE (COALESCE(?, '') = '' OR b.key = ?) AND r.duplicate_of IS NULL"
        " ORDER BY p.id, r.id"_s);
    bindAt(q, 0, benchmarkKey);
    bindAt(q, 1, benchmarkKey);
    if (!exec(q))
        return failure();
    while (q.next()) {
        RatingRow row = StoreCodec::ratingItem(q);
        if (!q.value(10).isNull()) {
            row.rater = u"run:"_s + q.value(10).toString();
            row.raterName = q.value(11).toString();
            row.judge = true;
            row.value = q.value(12).toDouble();
        }
        out.append(row);
    }
    return out;
}

Result<void> AnnotationStore::saveAssignments(const QString &sample, quint32 seed,
                                              const QList<Assignment> &assignments,
                                              const std::optional<Study> &settings)
{
    Transaction transaction(*m_db);
    // Checked inside the transaction, so that two saves under one name cannot both pass.
    if (!transaction.isOpen()
        || !insertSample(sample, seed, assignments, QDateTime::currentDateTimeUtc()))
        return failure();
    if (settings) {
        Study study = *settings;
        study.name = sample;
        if (!insertStudy(study))
            return failure();
    }
    return transaction.commit();
}

Result<void> AnnotationStore::insertSample(const QString &sample, std::optional<quint32> seed,
                                           const QList<Assignment> &assignments,
                                           const QDateTime &createdAt)
{
    if (sample.trimmed().isEmpty()) {
        m_db->setLastError(u"a sample needs a name"_s);
        return failure();
    }
    if (assignments.isEmpty()) {
        m_db->setLastError(u"the sample \"%1\" has no items"_s.arg(sample));
        return failure();
    }
    QSqlQuery &taken = prepared(u"SELECT 1 FROM annotation_assignment WHERE sample = ? LIMIT 1"_s);
    bindAt(taken, 0, sample);
    if (!exec(taken))
        return failure();
    const bool exists = taken.next();
    taken.finish();
    if (exists) {
        m_db->setLastError(u"there is already a sample named \"%1\""_s.arg(sample));
        return failure();
    }
    return written(insertAssignmentRows(sample, seed, assignments, createdAt));
}

Result<void> AnnotationStore::extendSample(const QString &sample, const QList<Assignment> &added)
{
    Transaction transaction(*m_db);
    if (!transaction.isOpen())
        return failure();
    // Read inside the transaction, so that two extensions cannot both pass the checks.
    if (const Result<void> inserted = insertExtension(sample, added); !inserted)
        return inserted;
    return transaction.commit();
}

Result<void> AnnotationStore::insertExtension(const QString &sample, const QList<Assignment> &added)
{
    if (added.isEmpty()) {
        m_db->setLastError(u"no items to add to the sample \"%1\""_s.arg(sample));
        return failure();
    }
    const std::optional<SampleInfo> info = sampleInfo(sample);
    if (!info) {
        m_db->setLastError(u"no sample named \"%1\""_s.arg(sample));
        return failure();
    }
    QSet<std::pair<RowId, RowId>> items;
    QSet<int> positions;
    const Result<QList<Assignment>> existing = assignments(sample);
    if (!existing)
        return existing.error();
    for (const Assignment &a : *existing) {
        items.insert({a.reportId, a.rubricId});
        positions.insert(a.position);
    }
    for (const Assignment &a : added) {
        if (items.contains({a.reportId, a.rubricId}) || positions.contains(a.position)) {
            m_db->setLastError(
                u"item %1/%2 or position %3 is in the sample \"%4\" already"_s.arg(a.reportId)
                    .arg(a.rubricId)
                    .arg(a.position)
                    .arg(sample));
            return failure();
        }
    }
    return written(
        insertAssignmentRows(sample, info->seed, added, QDateTime::currentDateTimeUtc()));
}

bool AnnotationStore::insertAssignmentRows(const QString &sample, std::optional<quint32> seed,
                                           const QList<Assignment> &assignments,
                                           const QDateTime &createdAt)
{
    QSqlQuery &insert = prepared(
        u"INSERT INTO annotation_assignment (sample, report_id, rubric_id, annotator, position,"
        " created_at, seed) VALUES (?, ?, ?, ?, ?, ?, ?)"_s);
    const QVariant created = StoreCodec::time(createdAt);
    const QVariant seedValue
        = seed ? QVariant(qint64(*seed)) : QVariant(QMetaType(QMetaType::LongLong));
    QHash<QString, QString> ids; // as given (a name or an id) -> annotator id
    for (const Assignment &a : assignments) {
        if (a.annotators.isEmpty()) {
            m_db->setLastError(u"item %1/%2 has no annotator"_s.arg(a.reportId).arg(a.rubricId));
            return false;
        }
        for (const QString &named : a.annotators) {
            if (named.trimmed().isEmpty()) {
                m_db->setLastError(u"an assignment needs an annotator"_s);
                return false;
            }
            auto id = ids.constFind(named);
            if (id == ids.cend()) {
                const auto found = annotatorIdNamed(named);
                if (!found)
                    return false;
                id = ids.insert(named, *found);
            }
            const QString &annotator = *id;
            bindAt(insert, 0, sample);
            bindAt(insert, 1, a.reportId);
            bindAt(insert, 2, a.rubricId);
            bindAt(insert, 3, annotator);
            bindAt(insert, 4, a.position);
            bindAt(insert, 5, created);
            bindAt(insert, 6, seedValue);
            if (!exec(insert))
                return false;
        }
    }
    return true;
}

Result<QStringList> AnnotationStore::samples()
{
    QStringList out;
    QSqlQuery &q
        = prepared(u"SELECT sample FROM annotation_assignment GROUP BY sample ORDER BY MIN(id)"_s);
    if (!exec(q))
        return failure();
    while (q.next())
        out.append(q.value(0).toString());
    return out;
}

std::optional<SampleInfo> AnnotationStore::sampleInfo(const QString &sample)
{
    QSqlQuery &q = prepared(
        u"SELECT annotator, COUNT(*), MIN(seed), MIN(created_at) FROM annotation_assignment"
        " WHERE sample = ? GROUP BY annotator ORDER BY annotator"_s);
    bindAt(q, 0, sample);
    if (!exec(q))
        return std::nullopt;
    SampleInfo info;
    info.name = sample;
    while (q.next()) {
        info.annotators.append({q.value(0).toString(), q.value(1).toInt()});
        if (!q.value(2).isNull())
            info.seed = quint32(q.value(2).toLongLong());
        info.createdAt = StoreCodec::toTime(q.value(3));
    }
    if (info.annotators.isEmpty())
        return std::nullopt;
    QSqlQuery &items = prepared(
        u"SELECT COUNT(*) FROM (SELECT DISTINCT report_id, rubric_id FROM annotation_assignment"
        " WHERE sample = ?) s"_s);
    bindAt(items, 0, sample);
    if (!exec(items) || !items.next())
        return std::nullopt;
    info.items = items.value(0).toInt();
    items.finish();
    return info;
}

Result<QList<Assignment>> AnnotationStore::assignments(const QString &sample,
                                                       const QString &annotator)
{
    QList<Assignment> out;
    QSqlQuery &q = prepared(
        u"SELECT x.report_id, x.rubric_id, x.annotator, x.position FROM annotation_assignment x"
        " WHERE x.sample = ? AND (COALESCE(?, '') = '' OR EXISTS (SELECT 1"
        "   FROM annotation_assignment y WHERE y.sample = x.sample"
        "   AND y.report_id = x.report_id AND y.rubric_id = x.rubric_id AND y.annotator = ?))"
        " ORDER BY x.position, x.report_id, x.rubric_id, x.id"_s);
    bindAt(q, 0, sample);
    bindAt(q, 1, annotator);
    bindAt(q, 2, annotator);
    if (!exec(q))
        return failure();
    QHash<std::pair<RowId, RowId>, qsizetype> at;
    while (q.next()) {
        const std::pair<RowId, RowId> key{q.value(0).toLongLong(), q.value(1).toLongLong()};
        auto it = at.constFind(key);
        if (it == at.cend()) {
            it = at.insert(key, out.size());
            Assignment a;
            a.reportId = key.first;
            a.rubricId = key.second;
            a.position = q.value(3).toInt();
            out.append(a);
        }
        out[*it].annotators.append(q.value(2).toString());
    }
    return out;
}

} // namespace Rubricate
