#include "storerows.h"

#include "storecodec.h"
#include "storetypes.h"
#include "subjectstore.h"

namespace Rubricate {

namespace StoreRows {

std::optional<RowId> singleId(QSqlQuery &q)
{
    std::optional<RowId> id;
    if (q.next())
        id = q.value(0).toLongLong();
    q.finish();
    return id;
}

Rubric rubricFrom(const QSqlQuery &q)
{
    Rubric r;
    r.id = q.value(0).toLongLong();
    r.taskId = q.value(1).toLongLong();
    r.queryId = StoreCodec::toId(q.value(2));
    r.dimension = q.value(3).toString();
    r.position = q.value(4).toInt();
    r.text = q.value(5).toString();
    r.weight = q.value(6).toDouble();
    r.dimensionWeight = StoreCodec::toNumber(q.value(7));
    if (!q.value(8).isNull())
        r.mandatory = q.value(8).toBool();
    r.scale = scaleFromKey(q.value(9).toString()).value_or(VerdictScale::Drb2Tristate);
    r.duplicateOf = StoreCodec::toId(q.value(10));
    r.metadata = StoreCodec::toJson(q.value(11));
    r.reportId = StoreCodec::toId(q.value(12));
    return r;
}

AnnotationEvent annotationFrom(const QSqlQuery &q)
{
    AnnotationEvent e;
    e.id = q.value(0).toLongLong();
    e.reportId = q.value(1).toLongLong();
    e.rubricId = q.value(2).toLongLong();
    e.annotator = q.value(3).toString();
    e.at = StoreCodec::toTime(q.value(4));
    e.value = StoreCodec::toNumber(q.value(5));
    e.previousValue = StoreCodec::toNumber(q.value(6));
    e.note = q.value(7).toString();
    e.uid = q.value(8).toString();
    e.kind = annotationKindFromKey(q.value(9).toString()).value_or(AnnotationKind::Label);
    LabelProvenance &p = e.provenance;
    p.method = labelMethodFromKey(q.value(10).toString());
    if (!q.value(11).isNull())
        p.judgeVisible = q.value(11).toInt() != 0;
    p.shownRunId = StoreCodec::toId(q.value(12)).value_or(0);
    p.shownVerdict = StoreCodec::toNumber(q.value(13));
    p.study = q.value(14).toString();
    if (!q.value(15).isNull())
        p.focusMs = q.value(15).toLongLong();
    p.appVersion = q.value(16).toString();
    e.annotatorName = q.value(17).toString();
    return e;
}

} // namespace StoreRows

QList<CountRow> SubjectStore::countRows(const QString &sql)
{
    QList<CountRow> out;
    QSqlQuery &q = prepared(sql);
    if (!exec(q))
        return out;
    while (q.next())
        out.append({q.value(0).toString(), q.value(1).toString(), q.value(2).toInt()});
    return out;
}

} // namespace Rubricate
