// What annotations need to travel between copies of a project: items by natural key, and
// samples and study settings written inside a merge's transaction.
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

size_t qHash(const ItemKey &key, size_t seed)
{
    return qHashMulti(seed, key.benchmark, key.task, key.query, key.model, key.dimension,
                      key.position, key.claim);
}

QList<KeyedItem> AnnotationStore::keyedItems(const QString &benchmarkKey)
{
    QList<KeyedItem> out;
    // Two halves rather than one OR join, so that each uses its index: the task's (or
    // query's) rubrics of every report, and each report's own claims.
    const QString head = u"SELECT p.id, r.id, b.key, t.external_id, COALESCE(q.external_id, ''),"
                         " m.name, r.dimension, r.position, r.report_id IS NOT NULL, r.text,"
                         " r.scale FROM report p JOIN task t ON t.id = p.task_id"
                         " JOIN benchmark b ON b.id = t.benchmark_id"
                         " JOIN agent_model m ON m.id = p.model_id"
                         " LEFT JOIN research_query q ON q.id = p.query_id"_s;
    QSqlQuery &q = prepared(
        head
        + u" JOIN rubric r ON r.report_id IS NULL AND r.task_id = p.task_id"
          " AND COALESCE(r.query_id, 0) = COALESCE(p.query_id, 0)"
          " WHERE (COALESCE(?, '') = '' OR b.key = ?) UNION ALL "_s
        + head
        + u" JOIN rubric r ON r.report_id = p.id WHERE (COALESCE(?, '') = '' OR b.key = ?)"
          " ORDER BY 1, 2"_s);
    for (int i = 0; i < 4; ++i)
        bindAt(q, i, benchmarkKey);
    if (!exec(q))
        return out;
    while (q.next()) {
        KeyedItem item;
        item.reportId = q.value(0).toLongLong();
        item.rubricId = q.value(1).toLongLong();
        item.key = {q.value(2).toString(), q.value(3).toString(), q.value(4).toString(),
                    q.value(5).toString(), q.value(6).toString(), q.value(7).toInt(),
                    q.value(8).toBool()};
        item.text = q.value(9).toString();
        item.scale = scaleFromKey(q.value(10).toString()).value_or(VerdictScale::Drb2Tristate);
        out.append(item);
    }
    return out;
}

} // namespace Rubricate
