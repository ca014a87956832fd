// A report's own rubric items: the claims extracted from its statements (rubric.report_id).
#include "catalogstore.h"

#include "storecodec.h"
#include "storerows.h"
#include "transaction.h"

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

QList<Rubric> CatalogStore::claims(RowId reportId)
{
    return rubricRows(u"report_id = ? ORDER BY id"_s, {reportId});
}

QList<Rubric> CatalogStore::reportItems(const Report &report)
{
    // The task's (or query's) rubrics first, then the report's own claims.
    return rubricRows(u"(report_id IS NULL AND task_id = ? AND COALESCE(query_id, 0) = ?)"
                      " OR report_id = ? ORDER BY report_id IS NOT NULL, id"_s,
                      {report.taskId, report.queryId.value_or(0), report.id});
}

QList<CountRow> CatalogStore::claimCounts()
{
    return countRows(u"SELECT report_id, dimension, count(*) FROM rubric"
                     " WHERE report_id IS NOT NULL GROUP BY report_id, dimension"
                     " ORDER BY report_id, dimension"_s);
}

int CatalogStore::claimAnnotationCount(RowId reportId)
{
    QSqlQuery &q = prepared(u"SELECT count(*) FROM annotation_event e"
                            " JOIN rubric r ON r.id = e.rubric_id WHERE r.report_id = ?"_s);
    bindAt(q, 0, reportId);
    int n = -1;
    if (exec(q) && q.next())
        n = q.value(0).toInt();
    q.finish();
    return n;
}

Result<void> CatalogStore::deleteClaims(RowId reportId)
{
    const int annotated = claimAnnotationCount(reportId);
    if (annotated != 0) {
        if (annotated > 0)
            m_db->setLastError(
                u"report %1: %2 annotation(s) on its claims; they are never deleted"_s.arg(reportId)
                    .arg(annotated));
        return failure();
    }
    // Verdicts, evidence and sample assignments of the claims go with them (ON DELETE CASCADE).
    QSqlQuery &q = prepared(u"DELETE FROM rubric WHERE report_id = ?"_s);
    bindAt(q, 0, reportId);
    return written(exec(q));
}

Result<void> CatalogStore::replaceClaims(RowId reportId, const QList<Rubric> &claims)
{
    // deleteClaims checks the labels inside the transaction, so a label given while the new
    // claims were being made counts too.
    Transaction tx(*m_db);
    if (!tx.isOpen() || !deleteClaims(reportId))
        return failure();
    for (const Rubric &c : claims) {
        if (!upsertRubric(c).ok())
            return failure();
    }
    return tx.commit();
}

} // namespace Rubricate
