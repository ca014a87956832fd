// Annotators and studies: who labels, and the saved samples they work through.
#include "annotationstore.h"

#include "catalogstore.h"
#include "reportstore.h"
#include "storecodec.h"
#include "storerows.h"
#include "transaction.h"

#include <QUuid>

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

namespace {

Annotator annotatorFrom(const QSqlQuery &q)
{
    return {q.value(0).toString(), q.value(1).toString(), StoreCodec::toTime(q.value(2)),
            StoreCodec::toTime(q.value(3))};
}

Study studyFrom(const QSqlQuery &q)
{
    Study s;
    s.name = q.value(0).toString();
    s.uid = q.value(1).toString();
    s.runId = StoreCodec::toId(q.value(2)).value_or(0);
    s.blind = q.value(3).toInt() != 0;
    s.createdAt = StoreCodec::toTime(q.value(4));
    s.createdBy = q.value(5).toString();
    return s;
}

} // namespace

Result<void> AnnotationStore::addAnnotator(const Annotator &a)
{
    if (a.id.trimmed().isEmpty() || a.name.trimmed().isEmpty()) {
        m_db->setLastError(u"an annotator needs an id and a name"_s);
        return failure();
    }
    QSqlQuery &q = prepared(u"INSERT INTO annotator (id, name, created_at) VALUES (?, ?, ?)"
                            " ON CONFLICT (id) DO NOTHING"_s);
    bindAt(q, 0, a.id);
    bindAt(q, 1, a.name.trimmed());
    bindAt(q, 2,
           StoreCodec::time(a.createdAt.isValid() ? a.createdAt : QDateTime::currentDateTimeUtc()));
    return written(exec(q));
}

Result<QString> AnnotationStore::annotatorIdNamed(const QString &name)
{
    const QString wanted = name.trimmed();
    if (wanted.isEmpty()) {
        m_db->setLastError(u"an annotator needs a name"_s);
        return failure();
    }
    // An id first: it names one person, where two may share a name (one imported with an id,
    // one typed into a sample), and assignments are stored by id.
    QSqlQuery &q = prepared(u"SELECT id FROM annotator WHERE name = ? OR id = ?"
                            " ORDER BY (id = ?) DESC, created_at LIMIT 1"_s);
    bindAt(q, 0, wanted);
    bindAt(q, 1, wanted);
    bindAt(q, 2, wanted);
    if (!exec(q))
        return failure();
    if (q.next()) {
        const QString id = q.value(0).toString();
        q.finish();
        return id;
    }
    // A name typed in a sample or an import becomes the id, as it was before ids existed: two
    // copies that name the same person apart still agree on who it is when they are merged.
    if (!addAnnotator({wanted, wanted, {}, {}}))
        return failure();
    return wanted;
}

Result<void> AnnotationStore::renameAnnotator(const QString &id, const QString &name)
{
    if (name.trimmed().isEmpty()) {
        m_db->setLastError(u"an annotator needs a name"_s);
        return failure();
    }
    QSqlQuery &q = prepared(u"UPDATE annotator SET name = ?, renamed_at = ? WHERE id = ?"_s);
    bindAt(q, 0, name.trimmed());
    bindAt(q, 1, StoreCodec::time(QDateTime::currentDateTimeUtc()));
    bindAt(q, 2, id);
    if (!exec(q))
        return failure();
    if (q.numRowsAffected() == 0)
        return addAnnotator({id, name, {}, {}});
    return {};
}

std::optional<Annotator> AnnotationStore::annotator(const QString &id)
{
    QSqlQuery &q
        = prepared(u"SELECT id, name, created_at, renamed_at FROM annotator WHERE id = ?"_s);
    bindAt(q, 0, id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    Annotator a = annotatorFrom(q);
    q.finish();
    return a;
}

Result<QList<Annotator>> AnnotationStore::annotators()
{
    QList<Annotator> out;
    QSqlQuery &q
        = prepared(u"SELECT id, name, created_at, renamed_at FROM annotator ORDER BY name, id"_s);
    if (!exec(q))
        return failure();
    while (q.next())
        out.append(annotatorFrom(q));
    return out;
}

Result<void> AnnotationStore::saveStudy(const Study &study)
{
    Transaction transaction(*m_db);
    return written(transaction.isOpen() && insertStudySettings(study) && transaction.commit());
}

Result<void> AnnotationStore::insertStudySettings(const Study &study)
{
    QSqlQuery &sample = prepared(u"SELECT 1 FROM annotation_assignment WHERE sample = ? LIMIT 1"_s);
    bindAt(sample, 0, study.name);
    if (!exec(sample))
        return failure();
    const bool exists = sample.next();
    sample.finish();
    if (!exists) {
        m_db->setLastError(u"there is no sample named \"%1\""_s.arg(study.name));
        return failure();
    }
    QSqlQuery &taken = prepared(u"SELECT 1 FROM study WHERE name = ?"_s);
    bindAt(taken, 0, study.name);
    if (!exec(taken))
        return failure();
    const bool settled = taken.next();
    taken.finish();
    if (settled) {
        m_db->setLastError(u"the study \"%1\" already has its settings"_s.arg(study.name));
        return failure();
    }
    return written(insertStudy(study));
}

bool AnnotationStore::insertStudy(const Study &study)
{
    QSqlQuery &insert = prepared(u"INSERT INTO study (name, uid, run_id, blind, created_at,"
                                 " created_by) VALUES (?, ?, ?, ?, ?, ?)"_s);
    bindAt(insert, 0, study.name);
    bindAt(insert, 1,
           study.uid.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : study.uid);
    bindAt(insert, 2, StoreCodec::id(study.runId ? std::optional(study.runId) : std::nullopt));
    bindAt(insert, 3, int(study.blind));
    bindAt(insert, 4,
           StoreCodec::time(study.createdAt.isValid() ? study.createdAt
                                                      : QDateTime::currentDateTimeUtc()));
    bindAt(insert, 5, StoreCodec::text(study.createdBy));
    return exec(insert);
}

std::optional<Study> AnnotationStore::study(const QString &name)
{
    const QList<Study> all = studies().value_or({});
    for (const Study &s : all) {
        if (s.name == name)
            return s;
    }
    return std::nullopt;
}

Result<QList<Study>> AnnotationStore::studies()
{
    QList<Study> out;
    // A sample saved without settings is a study with the defaults: not blind, no run.
    QSqlQuery &q
        = prepared(u"SELECT a.sample, COALESCE(s.uid, ''), s.run_id, COALESCE(s.blind, 0),"
                   " COALESCE(s.created_at, MIN(a.created_at)), COALESCE(s.created_by, '')"
                   " FROM annotation_assignment a LEFT JOIN study s ON s.name = a.sample"
                   " GROUP BY a.sample, s.uid, s.run_id, s.blind, s.created_at, s.created_by"
                   " ORDER BY MIN(a.id)"_s);
    if (!exec(q))
        return failure();
    while (q.next())
        out.append(studyFrom(q));
    return out;
}

Result<QList<QueueItem>> AnnotationStore::studyQueue(const QString &study,
                                                     const QString &annotatorId)
{
    QList<QueueItem> out;
    QSqlQuery &q = prepared(
        u"SELECT x.report_id, x.rubric_id, x.position, e.value IS NOT NULL, r.dimension, r.text"
        " FROM annotation_assignment x JOIN rubric r ON r.id = x.rubric_id"
        " LEFT JOIN annotation_event e ON e.id = (SELECT MAX(y.id) FROM annotation_event y"
        "   WHERE y.report_id = x.report_id AND y.rubric_id = x.rubric_id"
        "   AND y.kind = 'label' AND y.annotator = x.annotator)"
        " WHERE x.sample = ? AND x.annotator = ?"
        " ORDER BY e.value IS NOT NULL, x.position, x.report_id, x.rubric_id"_s);
    bindAt(q, 0, study);
    bindAt(q, 1, annotatorId);
    if (!exec(q))
        return failure();
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toInt(),
                    q.value(3).toInt() != 0, q.value(4).toString(), q.value(5).toString()});
    }
    return out;
}

Result<QList<StudyProgress>> AnnotationStore::studyProgress(const QString &study)
{
    QList<StudyProgress> out;
    QSqlQuery &q = prepared(
        u"SELECT x.annotator, COALESCE(n.name, x.annotator), COUNT(*),"
        " SUM(CASE WHEN e.value IS NOT NULL THEN 1 ELSE 0 END),"
        " SUM(CASE WHEN e.value IS NOT NULL AND e.study = x.sample THEN 1 ELSE 0 END)"
        " FROM annotation_assignment x LEFT JOIN annotator n ON n.id = x.annotator"
        " LEFT JOIN annotation_event e ON e.id = (SELECT MAX(y.id) FROM annotation_event y"
        "   WHERE y.report_id = x.report_id AND y.rubric_id = x.rubric_id"
        "   AND y.kind = 'label' AND y.annotator = x.annotator)"
        " WHERE x.sample = ? GROUP BY x.annotator, n.name ORDER BY 2, 1"_s);
    bindAt(q, 0, study);
    if (!exec(q))
        return failure();
    while (q.next()) {
        out.append({q.value(0).toString(), q.value(1).toString(), q.value(2).toInt(),
                    q.value(3).toInt(), q.value(4).toInt()});
    }
    return out;
}

} // namespace Rubricate
