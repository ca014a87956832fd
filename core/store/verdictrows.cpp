#include "verdictrows.h"

#include "projectstore.h"

#include <QHash>

namespace Rubricate {

QList<VerdictRow> verdictRows(ProjectStore &store, RowId reportId, RowId runId,
                              const QString &annotator, RowId otherRunId)
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
    QHash<RowId, Verdict> other;
    if (otherRunId) {
        for (const Verdict &v : store.verdicts(otherRunId, reportId))
            other.insert(v.rubricId, v);
    }
    const QHash<RowId, QList<EvidenceSpanRow>> spans = runId
        ? store.evidenceSpansOfReport(runId, reportId)
        : QHash<RowId, QList<EvidenceSpanRow>>();
    const QHash<RowId, AnnotationEvent> human = store.currentAnnotations(reportId, annotator);
    for (const Rubric &r : store.reportItems(*report)) {
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
            row.spans = spans.value(r.id);
        }
        const auto o = other.constFind(r.id);
        if (o != other.cend()) {
            row.otherJudged = true;
            row.otherJudgeValue = o->value;
            row.otherJudgeError = o->error;
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
