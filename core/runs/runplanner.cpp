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

namespace {

struct JobPlan {
    RowId reportId = 0;
    int batchIndex = 0;
    QList<RowId> rubricIds;
};

struct ScopePlan {
    RowId benchmarkId = 0;
    int reports = 0;
    int items = 0;
    qint64 inputTokens = 0;
    qint64 cacheReadTokens = 0; // of inputTokens, likely served by the provider's prompt cache
    qint64 cacheWriteTokens = 0; // of inputTokens, likely written to it
    QList<JobPlan> jobs;
};

qint64 requestTokens(int characters, int passageLimit)
{
    // The passage dominates a request; instructions and the rubric payload add a few hundred.
    return qMin<qint64>(characters, passageLimit) / 4 + 200;
}

// The report part of a request, as a provider's prompt cache would hold it; 0 below the
// providers' smallest cacheable prefix (1,024 tokens at OpenAI and Anthropic).
qint64 cacheableTokens(int characters, int passageLimit)
{
    const qint64 tokens = qMin<qint64>(characters, passageLimit) / 4;
    return tokens >= 1024 ? tokens : 0;
}

// The reads behind planRun and estimateRun, so that an estimate is what the plan will be.
Result<ScopePlan> planScope(ProjectStore &store, const JudgeConfig &config, const RunScope &scope,
                            QStringList *warnings)
{
    const auto bench = store.catalog().benchmark(scope.benchmarkKey);
    if (!bench) {
        return Error{u"no benchmark \"%1\" in this project"_s.arg(scope.benchmarkKey)};
    }
    const auto scheme = makeScheme(config.scheme, config.promptTemplateFile);
    if (!scheme)
        return scheme.error();
    // The offline judge reads each rubric's own scale and never uses the scheme.
    if (const QString why = schemeMismatch(config.scheme, scope.benchmarkKey);
        !why.isEmpty() && config.provider != ProviderKind::Offline) {
        return Error{why};
    }
    // The lexical baseline reads the report; it has nothing to check a claim against.
    if (config.provider == ProviderKind::Offline && config.scheme.startsWith("reportbench-"_L1)) {
        return Error{u"the offline judge cannot check claims; use an LLM provider for %1"_s.arg(
            config.scheme)};
    }
    const auto provider = makeProvider(config.provider);
    const QSet<QString> tasks(scope.taskIds.cbegin(), scope.taskIds.cend());
    const QSet<QString> models(scope.models.cbegin(), scope.models.cend());
    const QSet<std::pair<RowId, RowId>> judged
        = scope.onlyUnjudged ? store.runs().judgedItems() : QSet<std::pair<RowId, RowId>>();

    ScopePlan plan;
    plan.benchmarkId = bench->id;
    for (const ReportSummary &r :
         store.reports().reportSummaries(scope.benchmarkKey).value_or({})) {
        if ((!tasks.isEmpty() && !tasks.contains(r.taskExternalId))
            || (!models.isEmpty() && !models.contains(r.model)))
            continue;
        const auto report = store.reports().report(r.id);
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
        // Each scheme judges its own kind of item: task rubrics, or the report's claims.
        QList<Rubric> rubrics = store.catalog().reportItems(*report);
        rubrics.removeIf([&](const Rubric &rb) {
            return !scheme->judges(rb) || (scope.onlyUnjudged && judged.contains({r.id, rb.id}));
        });
        const auto batches = scheme->plan(rubrics, config.batchSize);
        if (batches.isEmpty())
            continue;
        ++plan.reports;
        // Counted in UTF-16 units here, so a report near the limit may still fit whole.
        if (warnings && r.characters > passageLimit(config, *scheme)) {
            warnings->append(u"%1 (%2, task %3): %4 characters; the judge sees the first %5"_s.arg(
                r.sourceName.isEmpty() ? u"report %1"_s.arg(r.id) : r.sourceName, r.model,
                r.taskExternalId, QString::number(r.characters),
                QString::number(passageLimit(config, *scheme))));
        }
        for (int i = 0; i < batches.size(); ++i) {
            JobPlan job;
            job.reportId = r.id;
            job.batchIndex = i;
            for (const SchemeItem &item : batches.at(i))
                job.rubricIds << item.rubricId;
            plan.items += int(job.rubricIds.size());
            plan.inputTokens += requestTokens(r.characters, passageLimit(config, *scheme));
            if (scheme->requestsShareReport() && batches.size() > 1) {
                const qint64 cacheable
                    = cacheableTokens(r.characters, passageLimit(config, *scheme));
                (i == 0 ? plan.cacheWriteTokens : plan.cacheReadTokens) += cacheable;
            }
            plan.jobs.append(std::move(job));
        }
    }
    if (plan.jobs.isEmpty()) {
        return Error{u"nothing to judge in this scope"_s};
    }
    return plan;
}

// A report's failed items in the batches the run's scheme sends them in (PDR-Bench keeps a
// family per request; ReportBench asks one statement at a time); items whose rubric is gone
// are chunked by the batch size.
QList<QList<RowId>> requeueBatches(ProjectStore &store, const PromptScheme *scheme, RowId reportId,
                                   const QList<RowId> &rubricIds, int batchSize)
{
    QList<QList<RowId>> batches;
    QList<RowId> rest = rubricIds;
    const auto report = scheme ? store.reports().report(reportId) : std::nullopt;
    if (report) {
        QList<Rubric> rubrics = store.catalog().rubrics(report->taskId, report->queryId);
        rubrics.removeIf([&](const Rubric &r) { return !rubricIds.contains(r.id); });
        for (const QList<SchemeItem> &batch : scheme->plan(rubrics, batchSize)) {
            QList<RowId> ids;
            for (const SchemeItem &item : batch) {
                ids << item.rubricId;
                rest.removeAll(item.rubricId);
            }
            batches << ids;
        }
    }
    const int size = batchSize > 0 ? batchSize : int(rest.size());
    for (qsizetype i = 0; i < rest.size(); i += size)
        batches << rest.mid(i, size);
    return batches;
}

// Two runs of the same judge must be told apart wherever runs are listed by name: the
// second "openai gpt-4o" becomes "openai gpt-4o (2)".
QString uniqueRunName(ProjectStore &store, const QString &wanted)
{
    const QSet<QString> taken = store.runs().runNames();
    QString name = wanted;
    for (int n = 2; taken.contains(name); ++n)
        name = u"%1 (%2)"_s.arg(wanted).arg(n);
    return name;
}

} // namespace

std::optional<double> estimatedCost(const JudgeConfig &config, qint64 inputTokens,
                                    qint64 outputTokens, qint64 cacheReadTokens,
                                    qint64 cacheWriteTokens)
{
    if (config.provider == ProviderKind::Offline)
        return 0.0;
    if (config.pricePerMillionInput <= 0 && config.pricePerMillionOutput <= 0)
        return std::nullopt;
    return config.costOf(inputTokens, outputTokens, cacheReadTokens, cacheWriteTokens,
                         config.batch);
}

Result<PlannedRun> planRun(ProjectStore &store, const JudgeConfig &config, const RunScope &scope,
                           const QString &name, QStringList *warnings)
{
    const auto plan = planScope(store, config, scope, warnings);
    if (!plan)
        return plan.error();

    Transaction tx(store);
    JudgeRun run;
    run.benchmarkId = plan->benchmarkId;
    run.name = uniqueRunName(
        store,
        name.isEmpty() ? u"%1 %2"_s.arg(providerKey(config.provider), config.model).trimmed()
                       : name);
    run.kind = config.provider == ProviderKind::Offline ? JudgeKind::Offline : JudgeKind::Llm;
    run.scheme = config.scheme;
    run.config = config.toJson();
    run.status = u"pending"_s;
    const Result<RowId> runId = store.runs().createRun(run);
    if (!runId)
        return runId.error();
    for (const JobPlan &p : plan->jobs) {
        RunJob job;
        job.runId = *runId;
        job.reportId = p.reportId;
        job.batchIndex = p.batchIndex;
        job.rubricIds = p.rubricIds;
        if (const Result<void> added = store.runs().addJob(job); !added)
            return added.error();
    }
    if (const Result<void> committed = tx.commit(); !committed)
        return committed.error();
    PlannedRun planned;
    planned.runId = *runId;
    planned.reports = plan->reports;
    planned.jobs = int(plan->jobs.size());
    planned.items = plan->items;
    planned.estimatedInputTokens = plan->inputTokens;
    planned.estimatedCacheReadTokens = plan->cacheReadTokens;
    planned.estimatedCacheWriteTokens = plan->cacheWriteTokens;
    return planned;
}

Result<RunEstimate> estimateRun(ProjectStore &store, const JudgeConfig &config,
                                const RunScope &scope)
{
    RunEstimate e;
    const auto plan = planScope(store, config, scope, &e.warnings);
    if (!plan)
        return plan.error();
    e.reports = plan->reports;
    e.jobs = int(plan->jobs.size());
    e.items = plan->items;
    e.inputTokens = plan->inputTokens;
    e.outputTokens = qint64(e.items) * estimatedOutputTokensPerItem;
    e.cost = estimatedCost(config, e.inputTokens, e.outputTokens);
    e.cacheReadTokens = plan->cacheReadTokens;
    e.cacheWriteTokens = plan->cacheWriteTokens;
    e.costWithPromptCache = estimatedCost(config, e.inputTokens, e.outputTokens, e.cacheReadTokens,
                                          e.cacheWriteTokens);
    return e;
}

Result<RunEstimate> estimateRequeue(ProjectStore &store, RowId runId)
{
    const auto run = store.runs().run(runId);
    if (!run) {
        return Error{u"no run %1 in this project"_s.arg(runId)};
    }
    if (run->kind == JudgeKind::Imported) {
        return Error{u"run %1 was imported; there is nothing to send"_s.arg(runId)};
    }
    const JudgeConfig config = JudgeConfig::fromJson(run->config);
    const int limit = passageLimit(config);
    QHash<RowId, int> characters;
    for (const ReportSummary &r : store.reports().reportSummaries().value_or({}))
        characters.insert(r.id, r.characters);
    RunEstimate e;
    QSet<RowId> reports;
    const auto addJob = [&](RowId reportId, qsizetype items) {
        ++e.jobs;
        e.items += int(items);
        e.inputTokens += requestTokens(characters.value(reportId), limit);
        reports.insert(reportId);
    };
    // Failed jobs go back to pending with their items; pending ones are sent as they are.
    QSet<std::pair<RowId, RowId>> queued;
    for (const RunJob &j : store.runs().jobs(runId).value_or({})) {
        if (j.status != "pending"_L1 && j.status != "failed"_L1)
            continue;
        addJob(j.reportId, j.rubricIds.size());
        for (RowId rubric : j.rubricIds)
            queued.insert({j.reportId, rubric});
    }
    QMap<RowId, QList<RowId>> errorsByReport;
    for (const auto &[report, rubric] : store.runs().errorItems(runId).value_or({})) {
        if (!queued.contains({report, rubric}))
            errorsByReport[report] << rubric;
    }
    // Without its scheme, failed items are batched by size alone.
    const auto scheme = makeScheme(config.scheme, config.promptTemplateFile);
    for (auto it = errorsByReport.cbegin(); it != errorsByReport.cend(); ++it) {
        for (const QList<RowId> &batch :
             requeueBatches(store, scheme ? scheme.value().get() : nullptr, it.key(), it.value(),
                            config.batchSize))
            addJob(it.key(), batch.size());
    }
    if (e.jobs == 0) {
        return Error{u"run %1 has no failed or unanswered items"_s.arg(runId)};
    }
    e.reports = int(reports.size());
    e.outputTokens = qint64(e.items) * estimatedOutputTokensPerItem;
    e.cost = estimatedCost(config, e.inputTokens, e.outputTokens);
    return e;
}

Result<int> requeueFailedItems(ProjectStore &store, RowId runId, int batchSize)
{
    Transaction tx(store);
    int queued = 0;
    // Jobs that gave up keep their items; they simply start again.
    for (const RunJob &j : store.runs().jobs(runId, u"failed"_s).value_or({}))
        queued += int(j.rubricIds.size());
    if (const Result<int> requeued = store.runs().requeueJobs(runId, u"failed"_s); !requeued)
        return requeued.error();
    QSet<std::pair<RowId, RowId>> alreadyQueued;
    for (const RunJob &j : store.runs().jobs(runId, u"pending"_s).value_or({})) {
        for (RowId rubric : j.rubricIds)
            alreadyQueued.insert({j.reportId, rubric});
    }
    QMap<RowId, QList<RowId>> byReport;
    for (const auto &[report, rubric] : store.runs().errorItems(runId).value_or({})) {
        if (!alreadyQueued.contains({report, rubric}))
            byReport[report] << rubric;
    }
    const auto run = store.runs().run(runId);
    std::unique_ptr<PromptScheme> scheme;
    if (run) {
        if (auto made
            = makeScheme(run->scheme, JudgeConfig::fromJson(run->config).promptTemplateFile))
            scheme = std::move(made).value();
    }
    for (auto it = byReport.cbegin(); it != byReport.cend(); ++it) {
        int index = store.runs().nextBatchIndex(runId, it.key());
        for (const QList<RowId> &batch :
             requeueBatches(store, scheme.get(), it.key(), it.value(), batchSize)) {
            RunJob job;
            job.runId = runId;
            job.reportId = it.key();
            job.batchIndex = index++;
            job.rubricIds = batch;
            job.reask = true;
            if (const Result<void> added = store.runs().addJob(job); !added)
                return added.error();
            queued += int(job.rubricIds.size());
        }
    }
    (void)store.runs().setRunStatus(runId, u"pending"_s);
    if (const Result<void> committed = tx.commit(); !committed)
        return committed.error();
    return queued;
}

} // namespace Rubricate
