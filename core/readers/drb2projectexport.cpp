#include "drb2projectexport.h"

#include "exchange/drb2export.h"
#include "store/projectstore.h"

#include <QDir>
#include <QSaveFile>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The score rows (and, when `rows` is given, the result.jsonl rows) of the runs, in project
// order; runs are repeated judgings (runIndex). Empty `runIds`: every DRB-II run.
Result<void> readDrb2Rows(ProjectStore &store, QList<RowId> &runIds,
                          QList<Drb2ScoreItem> &scoreItems, QList<Drb2ResultRow> *rows,
                          Drb2ExportSummary *summary)
{
    const auto bench = store.catalog().benchmark(QString::fromLatin1(BenchmarkKey::Drb2));
    if (!bench)
        return Error{u"the project has no DRB-II tasks"_s};
    if (runIds.isEmpty()) {
        for (const RunSummary &r : store.runs().list().value_or({})) {
            if (r.benchmarkKey == "drb2"_L1)
                runIds << r.id;
        }
    }
    if (runIds.isEmpty())
        return Error{u"the project has no DRB-II judge runs"_s};
    QHash<RowId, std::optional<Task>> tasks;
    QHash<RowId, QHash<RowId, Rubric>> rubricsByTask;
    const QList<ReportSummary> reports = store.reports().reportSummaries(u"drb2"_s).value_or({});
    for (int runIndex = 0; runIndex < runIds.size(); ++runIndex) {
        const RowId runId = runIds.at(runIndex);
        if (!store.runs().run(runId))
            return Error{u"no run %1"_s.arg(runId)};
        for (const ReportSummary &rs : reports) {
            const QList<Verdict> verdicts = store.runs().verdicts(runId, rs.id).value_or({});
            if (verdicts.isEmpty())
                continue;
            const auto report = store.reports().report(rs.id);
            if (!tasks.contains(report->taskId)) {
                tasks.insert(report->taskId, store.catalog().task(report->taskId));
                QHash<RowId, Rubric> byId;
                for (const Rubric &r : store.catalog().rubrics(report->taskId))
                    byId.insert(r.id, r);
                rubricsByTask.insert(report->taskId, byId);
            }
            const auto &task = tasks.value(report->taskId);
            const QHash<RowId, Rubric> &rubrics = rubricsByTask[report->taskId];
            const int idx = rs.taskExternalId.toInt();
            for (const Verdict &v : verdicts) {
                const Rubric r = rubrics.value(v.rubricId);
                std::optional<int> score;
                if (v.value)
                    score = int(*v.value);
                scoreItems.append({rs.model, idx, task ? task->language : QString(),
                                   task ? task->theme : QString(), r.dimension, r.text, score,
                                   runIndex});
                if (rows) {
                    Drb2ResultRow row;
                    row.model = rs.model;
                    row.idx = idx;
                    row.runIndex = runIndex;
                    row.task = task ? task->judgeTask : QString();
                    row.item = {r.dimension, r.text, score, v.reason, v.evidence, v.error};
                    rows->append(row);
                }
                if (summary) {
                    ++summary->items;
                    if (!score)
                        ++summary->errorItems;
                }
            }
        }
    }
    return {};
}

} // namespace

Result<QList<Drb2ScoreItem>> readDrb2ScoreItems(ProjectStore &store, QList<RowId> runIds)
{
    QList<Drb2ScoreItem> items;
    if (auto read = readDrb2Rows(store, runIds, items, nullptr, nullptr); !read)
        return read.error();
    return items;
}

Result<void> exportDrb2(ProjectStore &store, QList<RowId> runIds, const QString &directory,
                        ErrorPolicy policy, Drb2ExportSummary *summary)
{
    QList<Drb2ScoreItem> scoreItems;
    QList<Drb2ResultRow> rows;
    if (auto read = readDrb2Rows(store, runIds, scoreItems, &rows, summary); !read)
        return read;
    if (!QDir().mkpath(directory))
        return Error{u"cannot create %1"_s.arg(directory)};
    const QList<Drb2ResultLine> lines = drb2ResultLines(rows);
    QSaveFile jsonl(QDir(directory).filePath(u"result.jsonl"_s));
    if (!jsonl.open(QIODevice::WriteOnly))
        return Error{jsonl.errorString()};
    if (Result<void> written = writeDrb2ResultJsonl(jsonl, lines); !written)
        return written;
    if (!jsonl.commit())
        return Error{jsonl.errorString()};
    Drb2ScoringOptions options;
    options.errors = policy;
    const Drb2Scores scores = scoreDrb2(scoreItems, options);
    if (Result<void> written = writeDrb2Csvs(directory, scores, u"agg_scores"_s); !written)
        return written;
    if (summary) {
        summary->lines = int(lines.size());
        summary->files << jsonl.fileName();
        for (int m = 0; m < Drb2MetricCount; ++m)
            summary->files << QDir(directory).filePath(drb2CsvFileName(Drb2Metric(m)));
    }
    return {};
}

} // namespace Rubricate
