#include "runplanner.h"

#include "judge/judgeprovider.h"
#include "judge/promptscheme.h"
#include "store/projectstore.h"

#include <QMap>
#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

QStringList parseIdList(const QString &spec)
{
    QStringList ids;
    for (const QString &part : spec.split(u',', Qt::SkipEmptyParts)) {
        const QString p = part.trimmed();
        const qsizetype dash = p.indexOf(u'-');
        bool okA = false, okB = false;
        const int a = p.left(dash).toInt(&okA);
        const int b = p.mid(dash + 1).toInt(&okB);
        if (dash > 0 && okA && okB && a <= b && b - a < 100000) {
            for (int i = a; i <= b; ++i)
                ids << QString::number(i);
        } else {
            ids << p;
        }
    }
    return ids;
}

std::optional<PlannedRun> planRun(ProjectStore &store, const JudgeConfig &config,
                                  const RunScope &scope, const QString &name, QString *error,
                                  QStringList *warnings)
{
    const auto bench = store.benchmark(scope.benchmarkKey);
    if (!bench) {
        *error = u"no benchmark \"%1\" in this project"_s.arg(scope.benchmarkKey);
        return std::nullopt;
    }
    const auto scheme = makeScheme(config.scheme, config.promptTemplateFile, error);
    if (!scheme)
        return std::nullopt;
    const auto provider = makeProvider(config.provider);
    const QSet<QString> tasks(scope.taskIds.cbegin(), scope.taskIds.cend());
    const QSet<QString> models(scope.models.cbegin(), scope.models.cend());
    const QSet<std::pair<RowId, RowId>> judged
        = scope.onlyUnjudged ? store.judgedItems() : QSet<std::pair<RowId, RowId>>();

    Transaction tx(store);
    JudgeRun run;
    run.benchmarkId = bench->id;
    run.name = name.isEmpty() ? u"%1 %2"_s.arg(providerKey(config.provider), config.model).trimmed()
                              : name;
    run.kind = config.provider == ProviderKind::Offline ? JudgeKind::Offline : JudgeKind::Llm;
    run.scheme = config.scheme;
    run.config = config.toJson();
    run.status = u"pending"_s;
    const auto runId = store.createRun(run);
    if (!runId) {
        *error = store.lastError();
        return std::nullopt;
    }
    PlannedRun planned;
    planned.runId = *runId;
    QHash<RowId, QList<Rubric>> rubricsByTask;
    for (const ReportSummary &r : store.reportSummaries(scope.benchmarkKey)) {
        if ((!tasks.isEmpty() && !tasks.contains(r.taskExternalId))
            || (!models.isEmpty() && !models.contains(r.model)))
            continue;
        const auto report = store.report(r.id);
        if (!report)
            continue;
        const bool attachable = provider
            && (report->format == ReportFormat::Pdf || report->format == ReportFormat::Image);
        if (!report->hasText && !attachable) {
            if (warnings)
                warnings->append(u"%1 (%2, task %3): no text to judge; skipped"_s.arg(
                    r.sourceName.isEmpty() ? u"report %1"_s.arg(r.id) : r.sourceName, r.model,
                    r.taskExternalId));
            continue;
        }
        if (!rubricsByTask.contains(report->taskId))
            rubricsByTask.insert(report->taskId, store.rubrics(report->taskId, report->queryId));
        QList<Rubric> rubrics = rubricsByTask.value(report->taskId);
        if (scope.onlyUnjudged) {
            rubrics.removeIf([&](const Rubric &rb) { return judged.contains({r.id, rb.id}); });
        }
        const auto batches = scheme->plan(rubrics, config.batchSize);
        if (batches.isEmpty())
            continue;
        ++planned.reports;
        for (int i = 0; i < batches.size(); ++i) {
            RunJob job;
            job.runId = *runId;
            job.reportId = r.id;
            job.batchIndex = i;
            for (const SchemeItem &item : batches.at(i))
                job.rubricIds << item.rubricId;
            if (!store.addJob(job)) {
                *error = store.lastError();
                return std::nullopt;
            }
            ++planned.jobs;
            planned.items += int(job.rubricIds.size());
            planned.estimatedInputTokens
                += qMin<qint64>(r.characters, config.maxPassageChars) / 4 + 200;
        }
    }
    if (planned.jobs == 0) {
        *error = u"nothing to judge in this scope"_s;
        return std::nullopt;
    }
    if (!tx.commit()) {
        *error = store.lastError();
        return std::nullopt;
    }
    return planned;
}

int requeueFailedItems(ProjectStore &store, RowId runId, int batchSize, QString *error)
{
    Transaction tx(store);
    int queued = 0;
    // Jobs that gave up keep their items; they simply start again.
    for (const RunJob &j : store.jobs(runId, u"failed"_s))
        queued += int(j.rubricIds.size());
    if (store.resetJobs(runId, u"failed"_s, u"pending"_s) < 0) {
        *error = store.lastError();
        return -1;
    }
    QSet<std::pair<RowId, RowId>> alreadyQueued;
    for (const RunJob &j : store.jobs(runId, u"pending"_s)) {
        for (RowId rubric : j.rubricIds)
            alreadyQueued.insert({j.reportId, rubric});
    }
    QMap<RowId, QList<RowId>> byReport;
    for (const auto &[report, rubric] : store.errorItems(runId)) {
        if (!alreadyQueued.contains({report, rubric}))
            byReport[report] << rubric;
    }
    for (auto it = byReport.cbegin(); it != byReport.cend(); ++it) {
        int index = store.nextBatchIndex(runId, it.key());
        const int size = batchSize > 0 ? batchSize : int(it.value().size());
        for (qsizetype i = 0; i < it.value().size(); i += size) {
            RunJob job;
            job.runId = runId;
            job.reportId = it.key();
            job.batchIndex = index++;
            job.rubricIds = it.value().mid(i, size);
            if (!store.addJob(job)) {
                *error = store.lastError();
                return -1;
            }
            queued += int(job.rubricIds.size());
        }
    }
    store.setRunStatus(runId, u"pending"_s);
    if (!tx.commit()) {
        *error = store.lastError();
        return -1;
    }
    return queued;
}

} // namespace Rubricate
