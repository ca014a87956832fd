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

Rubric rubricFrom(const RowStatement &row)
{
    const auto id = [&row](int column) {
        return row.columnIsNull(column) ? std::nullopt : std::optional(row.columnInt(column));
    };
    Rubric r;
    r.id = row.columnInt(0);
    r.taskId = row.columnInt(1);
    r.queryId = id(2);
    r.dimension = row.columnText(3);
    r.position = int(row.columnInt(4));
    r.text = row.columnText(5);
    r.weight = row.columnDouble(6);
    if (!row.columnIsNull(7))
        r.dimensionWeight = row.columnDouble(7);
    if (!row.columnIsNull(8))
        r.mandatory = row.columnInt(8) != 0;
    r.scale = scaleFromKey(row.columnText(9)).value_or(VerdictScale::Drb2Tristate);
    r.duplicateOf = id(10);
    if (!row.columnIsNull(11))
        r.metadata = StoreCodec::toJson(row.columnText(11));
    r.reportId = id(12);
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
