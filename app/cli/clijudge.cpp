#include "clijudge.h"

#include "cliapp.h"
#include "cliinterruption.h"
#include "clijudgeoptions.h"
#include "clitable.h"
#include "judge/apikeys.h"
#include "judge/promptscheme.h"
#include "readers/drb2projectexport.h"
#include "runs/batchrunner.h"
#include "runs/runcontroller.h"
#include "runs/runplanner.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QTimer>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

QString tokens(qint64 n)
{
    if (n >= 1000000)
        return QString::number(n / 1e6, 'f', 2) + u"M"_s;
    if (n >= 1000)
        return QString::number(n / 1e3, 'f', 1) + u"k"_s;
    return QString::number(n);
}

QString progressLine(const RunProgress &p)
{
    if (p.status == "running"_L1 && p.inFlight == 0 && p.jobsWithOthers > 0)
        return u"run %1: waiting for %2 job(s) other workers hold (they come back here if a "
               "worker stops renewing its lease)"_s.arg(p.runId)
                   .arg(p.jobsWithOthers);
    return u"run %1 %2: %3/%4 jobs, %5 items judged, %6 errors, %7 items/s, %8 requests, "
           "%9 cached, %10 in / %11 out tokens, $%12"_s.arg(p.runId)
               .arg(p.status)
               .arg(p.jobsDone + p.jobsFailed)
               .arg(p.jobsTotal)
               .arg(p.itemsJudged)
               .arg(p.itemErrors)
               .arg(p.itemsPerSecond, 0, 'f', 1)
               .arg(p.requests)
               .arg(p.cacheHits)
               .arg(tokens(p.inputTokens), tokens(p.outputTokens))
               .arg(p.cost, 0, 'f', 4)
        + (p.batch.isEmpty() ? QString() : u"; "_s + p.batch)
        + (p.waiting > 0 && p.inFlight == 0 && !p.lastError.isEmpty()
               ? u"; %1 job(s) waiting to be asked again after: %2"_s.arg(p.waiting).arg(
                   p.lastError)
               : QString());
}

// How a worker joins a run; zero keeps the run's own setting.
struct WorkerOptions {
    int concurrency = 0;
    int leaseSeconds = 0;
    int batchPollMs = 0; // the first poll of a provider batch; 0: half a minute
};

// --batch-poll, for every command that drives a run.
WorkerOptions batchPolling(const QCommandLineParser &parser)
{
    WorkerOptions o;
    o.batchPollMs = qMax(0, int(parser.value(u"batch-poll"_s).toDouble() * 1000));
    return o;
}

// Runs the controller on this thread until the run ends; progress goes to stderr.
int drive(const QString &projectPath, RowId runId, QTextStream &out, QTextStream &err,
          const WorkerOptions &worker = {})
{
    RunController controller(projectPath);
    controller.setLeaseTerm(worker.leaseSeconds);
    controller.setConcurrency(worker.concurrency);
    if (worker.batchPollMs > 0)
        controller.setBatchPolling(worker.batchPollMs, qMax(worker.batchPollMs, 600000));
    QEventLoop loop;
    QString finalStatus;
    QObject::connect(&controller, &RunController::finished, &loop, [&](const QString &status) {
        finalStatus = status;
        loop.quit();
    });
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, &loop, [&] {
        err << progressLine(controller.progress()) << u'\n';
        err.flush();
    });
    ticker.start(1000);
    const Interruption interruption;
    // A signal handler may only set a flag: the run is closed from the event loop.
    QTimer interruptions;
    bool closed = false; // by a signal: a run that finished first was not interrupted
    QObject::connect(&interruptions, &QTimer::timeout, &loop, [&] {
        if (Interruption::raised() && controller.isActive() && !closed) {
            closed = true;
            controller.close();
        }
    });
    interruptions.start(100);
    if (const auto started = controller.start(runId); !started) {
        err << u"rubricate-cli: "_s << started.errorMessage() << u'\n';
        return Failed;
    }
    if (controller.isActive())
        loop.exec();
    const RunProgress p = controller.progress();
    err << progressLine(p) << u'\n';
    auto store = ProjectStore::open(projectPath);
    if (!store && finalStatus != "finished"_L1 && !closed) {
        // The project went away during the run: what it holds cannot be counted now.
        err << u"rubricate-cli: %1; run %2 still has jobs: rubricate-cli resume %2\n"_s
                   .arg(p.lastError.isEmpty() ? store.errorMessage() : p.lastError)
                   .arg(runId);
        return Failed;
    }
    if (finalStatus != "finished"_L1 && !p.lastError.isEmpty())
        err << u"rubricate-cli: "_s << p.lastError << u'\n';
    if (store) {
        const RunTotals t = store->runs().runTotals(runId).value_or({});
        const int quoted = t.evidenceLocated + t.evidencePartial + t.evidenceNotFound;
        out << u"run %1 %2: %3 verdicts, %4 errors; %5 of %6 jobs done, %7 failed; "
               "%8 requests this session, %9 answered from cache\n"_s.arg(runId)
                   .arg(finalStatus)
                   .arg(t.verdicts - t.verdictErrors)
                   .arg(t.verdictErrors)
                   .arg(t.jobsDone)
                   .arg(t.jobs)
                   .arg(t.jobsFailed)
                   .arg(p.requests)
                   .arg(p.cacheHits);
        out << u"tokens, the whole run: %1 in (%2 read from the provider's prompt cache, %3 "
               u"written to it), "
               "%4 out; cost $%5\n"_s.arg(t.inputTokens)
                   .arg(t.cacheReadTokens)
                   .arg(t.cacheWriteTokens)
                   .arg(t.outputTokens)
                   .arg(t.cost, 0, 'f', 4);
        if (quoted > 0) {
            out << u"evidence: %1 located, %2 partly, %3 not found (%4%)\n"_s.arg(t.evidenceLocated)
                       .arg(t.evidencePartial)
                       .arg(t.evidenceNotFound)
                       .arg(100.0 * t.evidenceNotFound / quoted, 0, 'f', 1);
        }
        if (t.verdictErrors > 0)
            out << u"re-run the failed items with: rubricate-cli rerun-failed %1\n"_s.arg(runId);
    }
    if (closed) {
        err << u"rubricate-cli: interrupted; its pending jobs wait: rubricate-cli resume %1\n"_s
                   .arg(runId);
        return Interrupted;
    }
    if (finalStatus == "finished"_L1)
        return Ok;
    return Failed;
}

std::optional<RowId> runArgument(const QStringList &args, QTextStream &err, const QString &cmd)
{
    bool ok = false;
    const RowId id = args.value(0).toLongLong(&ok);
    if (args.size() != 1 || !ok) {
        err << u"rubricate-cli: %1 needs a run id (see `rubricate-cli runs`)\n"_s.arg(cmd);
        return std::nullopt;
    }
    return id;
}

// One more worker on a run's queue: on any machine that reaches the project, as many as the
// judge's limits allow. Without --run, the newest run that still has jobs.
int cmdWorker(const QCommandLineParser &parser, const QString &projectPath, QTextStream &out,
              QTextStream &err)
{
    WorkerOptions worker = batchPolling(parser);
    bool ok = true;
    if (parser.isSet(u"concurrency"_s))
        worker.concurrency = parser.value(u"concurrency"_s).toInt(&ok);
    if (ok && parser.isSet(u"lease"_s))
        worker.leaseSeconds = parser.value(u"lease"_s).toInt(&ok);
    if (!ok || worker.concurrency < 0 || worker.leaseSeconds < 0) {
        err << u"rubricate-cli: --concurrency and --lease take a positive number\n"_s;
        return Usage;
    }
    auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    RowId runId = 0;
    if (parser.isSet(u"run"_s)) {
        runId = parser.value(u"run"_s).toLongLong(&ok);
        if (!ok || !store->runs().run(runId)) {
            err << u"rubricate-cli: no run %1 (see `rubricate-cli runs`)\n"_s.arg(
                parser.value(u"run"_s));
            return Failed;
        }
    } else {
        const QList<RunSummary> runs = store->runs().list().value_or({});
        for (auto it = runs.crbegin(); it != runs.crend() && runId == 0; ++it) {
            if (it->kind != "imported"_L1
                && store->runs().runTotals(it->id).value_or({}).jobsPending > 0)
                runId = it->id;
        }
        if (runId == 0) {
            out << u"no run has jobs left to send\n"_s;
            return Ok;
        }
    }
    store.reset();
    return drive(projectPath, runId, out, err, worker);
}

int cmdJudge(const QCommandLineParser &parser, const QString &projectPath, QTextStream &out,
             QTextStream &err)
{
    auto config = judgeConfigFrom(parser, err);
    if (!config)
        return Usage;
    auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    RunScope scope;
    scope.benchmarkKey = parser.value(u"benchmark"_s);
    if (scope.benchmarkKey.isEmpty()) {
        // The project's one benchmark, or DRB-II among several.
        QStringList keys;
        for (const Benchmark &b : store->catalog().benchmarks().value_or({}))
            keys << b.key;
        if (keys.size() == 1 || keys.contains(u"drb2"_s)) {
            scope.benchmarkKey = keys.size() == 1 ? keys.constFirst() : u"drb2"_s;
        } else {
            err << (keys.isEmpty() ? u"rubricate-cli: the project holds no benchmark to judge\n"_s
                                   : u"rubricate-cli: the project holds %1: say which with "
                                     "--benchmark\n"_s.arg(keys.join(u", "_s)));
            return keys.isEmpty() ? Failed : Usage;
        }
    }
    if (!parser.isSet(u"scheme"_s))
        config->scheme = defaultSchemeFor(scope.benchmarkKey);
    // The ResearchRubrics reference asks about one criterion per call.
    if (config->scheme == "researchrubrics"_L1 && !parser.isSet(u"batch-size"_s))
        config->batchSize = 1;
    scope.taskIds = parseIdList(parser.value(u"tasks"_s));
    scope.models = parser.value(u"models"_s).split(u',', Qt::SkipEmptyParts);
    scope.onlyUnjudged = parser.isSet(u"only-unjudged"_s);
    // Before the run is written: one that cannot start would wait as pending for good.
    if (const QString missing = missingApiKey(*config);
        !missing.isEmpty() && !parser.isSet(u"plan-only"_s)) {
        err << u"rubricate-cli: "_s << missing << u'\n';
        return Failed;
    }
    QStringList warnings;
    const auto planned = planRun(*store, *config, scope, parser.value(u"name"_s), &warnings);
    for (const QString &w : std::as_const(warnings))
        err << u"warning: "_s << w << u'\n';
    if (!planned) {
        err << u"rubricate-cli: "_s << planned.errorMessage() << u'\n';
        return Failed;
    }
    out << u"run %1: %2 reports, %3 requests, %4 rubric items; about %5 input tokens"_s
               .arg(planned->runId)
               .arg(planned->reports)
               .arg(planned->jobs)
               .arg(planned->items)
               .arg(tokens(planned->estimatedInputTokens));
    if (config->pricePerMillionInput > 0) {
        const double estimate
            = config->costOf(planned->estimatedInputTokens, 0, 0, 0, config->batch);
        out << u" (≈ $%1 before output tokens)"_s.arg(estimate, 0, 'f', 2);
    }
    out << u'\n';
    if (planned->estimatedCacheReadTokens > 0 && config->provider != ProviderKind::Offline) {
        // What the report's later batches would read from the provider's prompt cache.
        out << u"prompt cache: about %1 of them read from the provider's cache, %2 written"_s.arg(
            tokens(planned->estimatedCacheReadTokens), tokens(planned->estimatedCacheWriteTokens));
        if (config->pricePerMillionInput > 0) {
            const double cached = config->costOf(planned->estimatedInputTokens, 0,
                                                 planned->estimatedCacheReadTokens,
                                                 planned->estimatedCacheWriteTokens, config->batch);
            out << u" (≈ $%1 before output tokens)"_s.arg(cached, 0, 'f', 2);
        }
        out << u'\n';
    }
    out.flush();
    if (parser.isSet(u"plan-only"_s))
        return Ok;
    store.reset(); // the controller opens its own connection
    return drive(projectPath, planned->runId, out, err, batchPolling(parser));
}

int cmdRuns(const QString &projectPath, QTextStream &out, QTextStream &err)
{
    auto store = ProjectStore::open(projectPath);
    if (!store) {
        err << u"rubricate-cli: "_s << store.errorMessage() << u'\n';
        return Failed;
    }
    Table t;
    t.setHeader({u"id"_s, u"name"_s, u"kind"_s, u"status"_s, u"jobs"_s, u"verdicts"_s, u"errors"_s,
                 u"requests"_s, u"tokens in/out"_s, u"prompt cache read/written"_s, u"cost"_s,
                 u"evidence not found"_s, u"provider batch"_s});
    for (const RunSummary &r : store->runs().list().value_or({})) {
        const RunTotals x = store->runs().runTotals(r.id).value_or({});
        const QList<RunBatch> batches = store->runs().batches(r.id);
        const bool batchesOpen = std::any_of(batches.cbegin(), batches.cend(),
                                             [](const RunBatch &b) { return !b.taken; });
        const int quoted = x.evidenceLocated + x.evidencePartial + x.evidenceNotFound;
        t.addRow({QString::number(r.id), r.name, r.kind, r.status,
                  x.jobs ? u"%1/%2"_s.arg(x.jobsDone).arg(x.jobs) : QString(),
                  QString::number(x.verdicts - x.verdictErrors), QString::number(x.verdictErrors),
                  QString::number(x.requests),
                  u"%1/%2"_s.arg(tokens(x.inputTokens), tokens(x.outputTokens)),
                  u"%1/%2"_s.arg(tokens(x.cacheReadTokens), tokens(x.cacheWriteTokens)),
                  u"$%1"_s.arg(x.cost, 0, 'f', 4),
                  quoted ? u"%1%"_s.arg(100.0 * x.evidenceNotFound / quoted, 0, 'f', 1) : QString(),
                  describeBatches(batches)
                      + (batches.isEmpty() || batchesOpen ? QString() : u", taken"_s)});
    }
    out << t.render();
    if (t.rowCount() == 0)
        out << u"(no runs)\n"_s;
    return Ok;
}

int cmdExport(const QCommandLineParser &parser, const QStringList &args, const QString &projectPath,
              QTextStream &out, QTextStream &err)
{
    if (args.size() != 2 || args.at(0) != "drb2"_L1) {
        err << u"rubricate-cli: export needs `drb2 <folder>`\n"_s;
        return Usage;
    }
    auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    int code = Ok;
    const auto runs = runIdsOption(parser.value(u"runs"_s), *store, err, &code);
    if (!runs)
        return code;
    const QString policyName = parser.value(u"error-policy"_s);
    if (!policyName.isEmpty() && policyName != "exclude"_L1 && policyName != "reference"_L1) {
        err << u"rubricate-cli: --error-policy is exclude or reference\n"_s;
        return Usage;
    }
    const ErrorPolicy policy
        = policyName == "reference"_L1 ? ErrorPolicy::AsReference : ErrorPolicy::Exclude;
    Drb2ExportSummary summary;
    if (const auto exported = exportDrb2(*store, *runs, args.at(1), policy, &summary); !exported) {
        err << u"rubricate-cli: "_s << exported.errorMessage() << u'\n';
        return Failed;
    }
    out << u"%1 result lines, %2 judged items (%3 without a usable score, listed under "
           "\"errors\" and %4)\n"_s.arg(summary.lines)
               .arg(summary.items)
               .arg(summary.errorItems)
               .arg(policy == ErrorPolicy::Exclude ? u"left out of the scores"_s
                                                   : u"counted as 0 as the reference does"_s);
    for (const QString &f : std::as_const(summary.files))
        out << u"  "_s << f << u'\n';
    return Ok;
}

// `keys set NAME` reads the key from standard input, so that it never appears in a shell's
// history or in the process list.
int cmdKeys(const QStringList &args, QTextStream &out, QTextStream &err)
{
    const QString action = args.value(0);
    const QString name = args.value(1);
    if (args.size() != 2 || (action != "set"_L1 && action != "delete"_L1 && action != "check"_L1)) {
        err << u"rubricate-cli: keys set|delete|check <NAME>, e.g. keys set OPENAI_API_KEY\n"_s;
        return Usage;
    }
    QEventLoop loop;
    int code = Ok;
    if (action == "check"_L1) {
        lookupApiKey(name, &loop, [&](const ApiKeyLookup &found) {
            if (found.key.isEmpty()) {
                err << u"rubricate-cli: "_s << found.error << u'\n';
                code = Failed;
            } else {
                out << u"%1: found in the %2 (%3 characters)\n"_s.arg(name, found.source)
                           .arg(found.key.size());
            }
            loop.quit();
        });
    } else {
        const auto finished = [&](const QString &error) {
            if (!error.isEmpty()) {
                err << u"rubricate-cli: "_s << error << u'\n';
                code = Failed;
            } else {
                out << u"%1 %2 the system keyring\n"_s.arg(
                    name, action == "set"_L1 ? u"stored in"_s : u"removed from"_s);
            }
            loop.quit();
        };
        if (action == "set"_L1) {
            QTextStream in(stdin);
            const QString key = in.readLine().trimmed();
            if (key.isEmpty()) {
                err << u"rubricate-cli: write the key to standard input\n"_s;
                return Usage;
            }
            storeApiKey(name, key, &loop, finished);
        } else {
            deleteApiKey(name, &loop, finished);
        }
    }
    loop.exec();
    return code;
}

} // namespace

std::optional<int> runJudgeCommand(const QString &command, const QCommandLineParser &parser,
                                   const QStringList &args, const QString &projectPath,
                                   QTextStream &out, QTextStream &err)
{
    if (command == "judge"_L1)
        return cmdJudge(parser, projectPath, out, err);
    if (command == "runs"_L1)
        return cmdRuns(projectPath, out, err);
    if (command == "keys"_L1)
        return cmdKeys(args, out, err);
    if (command == "export"_L1)
        return cmdExport(parser, args, projectPath, out, err);
    if (command == "resume"_L1 || command == "rerun-failed"_L1) {
        const auto runId = runArgument(args, err, command);
        if (!runId)
            return Usage;
        if (!openExistingProject(projectPath, err))
            return Failed;
        if (command == "rerun-failed"_L1) {
            auto store = ProjectStore::open(projectPath);
            const auto run = store ? store->runs().run(*runId) : std::nullopt;
            if (!run) {
                err << u"rubricate-cli: no run %1\n"_s.arg(*runId);
                return Failed;
            }
            const auto queued
                = requeueFailedItems(*store, *runId, JudgeConfig::fromJson(run->config).batchSize);
            if (!queued) {
                err << u"rubricate-cli: "_s << queued.errorMessage() << u'\n';
                return Failed;
            }
            out << u"run %1: %2 failed item(s) queued again\n"_s.arg(*runId).arg(*queued);
            out.flush();
        }
        return drive(projectPath, *runId, out, err, batchPolling(parser));
    }
    if (command == "worker"_L1)
        return cmdWorker(parser, projectPath, out, err);
    return std::nullopt;
}

} // namespace Rubricate::Cli
