#include "verdictrows.h"

#include "projectstore.h"

#include <QHash>

namespace Rubricate {

QList<VerdictRow> verdictRows(ProjectStore &store, RowId reportId, RowId runId,
                              const QString &annotator)
{
    QList<VerdictRow> rows;
    const auto report = store.report(reportId);
    if (!report)
        return rows;
    QHash<RowId, Verdict> byRubric;
    if (runId) {
        for (const Verdict &v : store.verdicts(runId, reportId))
            byRubric.insert(v.rubricId, v);
    }
    const QHash<RowId, AnnotationEvent> human = store.currentAnnotations(reportId, annotator);
    for (const Rubric &r : store.rubrics(report->taskId, report->queryId)) {
        VerdictRow row;
        row.rubricId = r.id;
        row.dimension = r.dimension;
        row.position = r.position;
        row.rubricText = r.text;
        row.weight = r.weight;
        row.scale = r.scale;
        const auto v = byRubric.constFind(r.id);
        if (v != byRubric.cend()) {
            row.judged = true;
            row.judgeValue = v->value;
            row.judgeError = v->error;
            row.reason = v->reason;
            row.evidence = v->evidence;
            row.evidenceStatus = v->evidenceStatus;
        }
        const auto h = human.constFind(r.id);
        if (h != human.cend()) {
            row.humanValue = h->value;
            row.humanNote = h->note;
            row.annotator = h->annotator;
        }
        rows.append(row);
    }
    return rows;
}

} // namespace Rubricate
