// Reads verdicts of one run back with the criteria and prompts they belong to.
#include "researchrubricsproject.h"

#include "judge/promptscheme.h"
#include "judge/researchrubricsscheme.h"
#include "store/projectstore.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLocale>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// A float as Python's json.dumps writes one: shortest round trip, "1.0" not "1".
QByteArray pyFloat(double d)
{
    QByteArray s = QByteArray::number(d, 'g', QLocale::FloatingPointShortest);
    if (!s.contains('.') && !s.contains('e') && !s.contains("inf") && !s.contains("nan"))
        s += ".0";
    return s;
}

QByteArray jsonString(const QString &s)
{
    const QByteArray array = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

// Keys in the reference's order (QJsonObject would sort them).
QByteArray resultLine(const QString &model, const Task &task, const Rubric &rubric,
                      const Verdict &v)
{
    const bool ok = v.value.has_value();
    QString label = ok ? researchRubricsLabel(*v.value) : u"Error"_s;
    if (label.isEmpty())
        label = v.label;
    const QJsonValue confidence = v.raw.value(u"confidence"_s);
    QByteArray line = "{\"sample_id\": " + jsonString(task.externalId);
    line += ", \"rubric_title\": " + jsonString(rubric.text);
    line += ", \"verdict\": " + jsonString(label);
    line += ", \"score\": " + pyFloat(ok ? *v.value : 0.0);
    line += ", \"confidence\": "
        + (confidence.isDouble() ? pyFloat(confidence.toDouble()) : QByteArray("null"));
    line += ", \"reasoning\": " + jsonString(cutToCodePoints(ok ? v.reason : v.error, 500));
    line += ", \"tokens_used\": null, \"cost\": null";
    line += ", \"success\": "_ba + (ok ? "true" : "false");
    line += ", \"weight\": " + pyFloat(rubric.weight);
    line += ", \"model\": " + jsonString(model) + '}';
    return line;
}

} // namespace

Result<RrRunRows> readResearchRubricsRun(ProjectStore &store, RowId runId)
{
    const QLatin1StringView bench(BenchmarkKey::ResearchRubrics);
    RrRunRows rows;
    for (const RunSummary &r : store.runs().list().value_or({})) {
        // By default the newest run that judged something: one that never started (its key
        // missing, say) would score as empty.
        if (runId == 0 ? (r.benchmarkKey == bench && r.verdicts > 0 && r.id > rows.runId)
                       : r.id == runId) {
            rows.runId = r.id;
            rows.runName = r.name;
        }
    }
    if (rows.runId == 0) {
        return Error{runId == 0 ? u"no ResearchRubrics judge run with verdicts in this project"_s
                                : u"no run %1 in this project"_s.arg(runId)};
    }
    QHash<RowId, std::pair<Task, QList<Rubric>>> tasks;
    for (const ReportSummary &s : store.reports().reportSummaries(bench).value_or({})) {
        const QList<Verdict> verdicts = store.runs().verdicts(rows.runId, s.id).value_or({});
        if (verdicts.isEmpty())
            continue;
        QHash<RowId, Verdict> byRubric;
        for (const Verdict &v : verdicts)
            byRubric.insert(v.rubricId, v);
        const auto report = store.reports().report(s.id);
        if (!report)
            continue;
        auto it = tasks.find(report->taskId);
        if (it == tasks.end()) {
            const auto task = store.catalog().task(report->taskId);
            if (!task)
                continue;
            QList<Rubric> rubrics = store.catalog().rubrics(report->taskId);
            std::stable_sort(rubrics.begin(), rubrics.end(), [](const Rubric &a, const Rubric &b) {
                return a.position < b.position;
            });
            it = tasks.insert(report->taskId, {*task, rubrics});
        }
        const Task &task = it->first;
        for (const Rubric &rubric : std::as_const(it->second)) {
            const auto v = byRubric.constFind(rubric.id);
            if (v == byRubric.cend())
                continue;
            RrScoreItem item;
            item.model = s.model;
            item.sampleId = task.externalId;
            item.domain = task.theme;
            item.complexity = task.complexity;
            item.axis = rubric.dimension;
            item.weight = rubric.weight;
            item.mandatory = rubric.mandatory;
            item.score = v->value;
            rows.items.append(item);
            rows.resultLines.append(resultLine(s.model, task, rubric, *v));
        }
    }
    return rows;
}

} // namespace Rubricate
