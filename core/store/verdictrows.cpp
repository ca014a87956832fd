#include "verdictrows.h"

#include "projectstore.h"

#include <QHash>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Rubrics come by id; criteria added or moved by a person have ids out of their order.
QList<Rubric> orderedRubrics(QList<Rubric> rubrics)
{
    QHash<QString, qsizetype> dimensionOrder;
    for (const Rubric &r : std::as_const(rubrics)) {
        if (r.queryId && !dimensionOrder.contains(r.dimension))
            dimensionOrder.insert(r.dimension, dimensionOrder.size());
    }
    if (dimensionOrder.isEmpty())
        return rubrics;
    std::stable_sort(rubrics.begin(), rubrics.end(), [&](const Rubric &a, const Rubric &b) {
        const auto da = dimensionOrder.value(a.dimension), db = dimensionOrder.value(b.dimension);
        return da != db ? da < db : a.position < b.position;
    });
    return rubrics;
}

bool editedAfter(const Rubric &r, const QDateTime &verdictTime)
{
    const QString edited = r.metadata.value(u"criterion_edited_at"_s).toString();
    if (edited.isEmpty() || !verdictTime.isValid())
        return false;
    // Same millisecond counts as stale: the edit cannot be shown to have come later.
    return verdictTime <= QDateTime::fromString(edited, Qt::ISODateWithMs);
}

} // namespace

QList<VerdictRow> verdictRows(ProjectStore &store, RowId reportId, RowId runId,
                              const QString &annotator, RowId otherRunId)
{
    QList<VerdictRow> rows;
    const auto report = store.reports().report(reportId);
    if (!report)
        return rows;
    QHash<RowId, Verdict> byRubric;
    if (runId) {
        for (const Verdict &v : store.runs().verdicts(runId, reportId).value_or({}))
            byRubric.insert(v.rubricId, v);
    }
    QHash<RowId, Verdict> other;
    if (otherRunId) {
        for (const Verdict &v : store.runs().verdicts(otherRunId, reportId).value_or({}))
            other.insert(v.rubricId, v);
    }
    const QHash<RowId, QList<EvidenceSpanRow>> spans = runId
        ? store.runs().evidenceSpansOfReport(runId, reportId)
        : QHash<RowId, QList<EvidenceSpanRow>>();
    const QHash<RowId, AnnotationEvent> human
        = store.annotations().currentAnnotations(reportId, annotator);
    QList<Rubric> items = orderedRubrics(store.catalog().rubrics(report->taskId, report->queryId));
    items += store.catalog().claims(report->id);
    for (const Rubric &r : std::as_const(items)) {
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
            row.judgeStale = editedAfter(r, v->createdAt);
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
            row.annotator = h->annotatorName.isEmpty() ? h->annotator : h->annotatorName;
            row.humanAt = h->at;
            row.humanProvenance = h->provenance;
        }
        rows.append(row);
    }
    return rows;
}

} // namespace Rubricate
