#include "clijudge.h"

#include "cliapp.h"
#include "cliinterruption.h"
#include "clitable.h"
#include "judge/apikeys.h"
#include "judge/batchprotocol.h"
#include "judge/promptscheme.h"
#include "readers/drb2projectexport.h"
#include "runs/batchrunner.h"
#include "runs/runcontroller.h"
#include "runs/runplanner.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>
#include <QTimer>

#include <limits>
#include <type_traits>

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

// Whether `v` can be kept in a T: out of an integer's range, a cast would not even be defined
// ("--concurrency 1e12").
template<typename T>
bool fitsIn(double v)
{
    if constexpr (std::is_integral_v<T>)
        return v >= double(std::numeric_limits<T>::min())
            && v <= double(std::numeric_limits<T>::max());
    return true;
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

std::optional<JudgeConfig> judgeConfigFrom(const QCommandLineParser &p, QTextStream &err)
{
    JudgeConfig c;
    const QString provider
        = p.value(u"provider"_s).isEmpty() ? u"offline"_s : p.value(u"provider"_s);
    const auto kind = providerFromKey(provider);
    if (!kind) {
        err << u"rubricate-cli: unknown provider \"%1\" (offline, openai, gemini, anthropic)\n"_s
                   .arg(provider);
        return std::nullopt;
    }
    c.provider = *kind;
    c.baseUrl = p.value(u"base-url"_s);
    if (const QString problem = JudgeConfig::baseUrlProblem(c.baseUrl); !problem.isEmpty()) {
        err << u"rubricate-cli: --base-url: "_s << problem << u'\n';
        return std::nullopt;
    }
    c.model = p.value(u"model"_s);
    if (c.provider != ProviderKind::Offline && c.model.isEmpty()) {
        err << u"rubricate-cli: --model is needed for provider %1\n"_s.arg(provider);
        return std::nullopt;
    }
    if (c.provider == ProviderKind::Offline)
        c.model = u"lexical-baseline"_s;
    const auto number = [&](const QString &name, auto &target) {
        if (!p.isSet(name))
            return true;
        using Target = std::remove_reference_t<decltype(target)>;
        bool ok = false;
        const double v = p.value(name).toDouble(&ok);
        const bool fits = fitsIn<Target>(v);
        if (!ok || !qIsFinite(v) || !fits) {
            err << u"rubricate-cli: --%1 needs a number%2\n"_s.arg(
                name, ok && qIsFinite(v) ? u" in range"_s : QString());
            return false;
        }
        target = static_cast<Target>(v);
        return true;
    };
    const auto optionalNumber = [&](const QString &name, std::optional<double> &target) {
        double v = 0;
        if (!p.isSet(name))
            return true;
        if (!number(name, v))
            return false;
        target = v;
        return true;
    };
    double temperature = -1, seed = -1, timeout = -1;
    if (!number(u"concurrency"_s, c.concurrency) || !number(u"batch-size"_s, c.batchSize)
        || !number(u"rpm"_s, c.requestsPerMinute) || !number(u"tpm"_s, c.tokensPerMinute)
        || !number(u"max-attempts"_s, c.maxAttempts) || !number(u"max-tokens"_s, c.maxTokens)
        || !number(u"price-in"_s, c.pricePerMillionInput)
        || !number(u"price-out"_s, c.pricePerMillionOutput)
        || !optionalNumber(u"cache-read-share"_s, c.cacheReadPriceShare)
        || !optionalNumber(u"cache-write-share"_s, c.cacheWritePriceShare)
        || !number(u"temperature"_s, temperature) || !number(u"seed"_s, seed)
        || !number(u"timeout"_s, timeout) || !number(u"backoff-ms"_s, c.backoffBaseMs)
        || !number(u"max-passage-chars"_s, c.maxPassageChars))
        return std::nullopt;
    if (p.isSet(u"temperature"_s))
        c.temperature = temperature;
    if (p.isSet(u"seed"_s))
        c.seed = qint64(seed);
    if (p.isSet(u"timeout"_s)) {
        if (timeout <= 0 || timeout > 86400) {
            err << u"rubricate-cli: --timeout needs seconds from 0 to a day (86400)\n"_s;
            return std::nullopt;
        }
        c.timeoutMs = qMax(1, int(timeout * 1000));
    }
    c.apiKeyEnv = p.value(u"api-key-env"_s);
    if (p.isSet(u"gemini-auth"_s))
        c.geminiAuth = p.value(u"gemini-auth"_s);
    if (p.isSet(u"scheme"_s))
        c.scheme = p.value(u"scheme"_s);
    c.promptTemplateFile = p.value(u"prompt-template"_s);
    if (!c.promptTemplateFile.isEmpty())
        c.promptTemplateFile = QFileInfo(c.promptTemplateFile).absoluteFilePath();
    c.jsonMode = !p.isSet(u"no-json-mode"_s);
    c.locateEvidence = !p.isSet(u"no-evidence"_s);
    c.batch = p.isSet(u"batch"_s);
    if (!optionalNumber(u"batch-share"_s, c.batchPriceShare))
        return std::nullopt;
    if (c.batch && !makeBatchProtocol(c)) {
        err << u"rubricate-cli: --batch needs --provider openai, anthropic or gemini (with key "
               "auth): the others have no batch API\n"_s;
        return std::nullopt;
    }
    return c;
}

QList<QCommandLineOption> judgeOptions()
{
    return {
        {u"provider"_s, u"judge: offline (default), openai, gemini, anthropic."_s, u"NAME"_s},
        {u"base-url"_s, u"judge: the provider's URL (OpenAI-compatible servers, proxies)."_s,
         u"URL"_s},
        {u"api-key-env"_s, u"judge: environment variable holding the API key."_s, u"VAR"_s},
        {u"gemini-auth"_s, u"judge: key (x-goog-api-key) or bearer (DRB-II proxy style)."_s,
         u"MODE"_s},
        {u"scheme"_s,
         u"judge: prompt scheme, drb2, researchrubrics or pdrbench (default: the benchmark's "
         "own; researchrubrics asks one criterion per call unless --batch-size is given, "
         "pdrbench one request per report and family), or reportbench-cited / "
         "reportbench-factcheck for extracted claims."_s,
         u"NAME"_s},
        {u"prompt-template"_s, u"judge: file replacing the built-in prompt."_s, u"FILE"_s},
        {u"tasks"_s, u"judge: task ids, e.g. 1,2,5-9."_s, u"IDS"_s},
        {u"models"_s, u"judge: agent models, comma-separated."_s, u"NAMES"_s},
        {u"only-unjudged"_s, u"judge: skip items that already have a verdict."_s},
        {u"concurrency"_s, u"judge, worker: requests in flight (10; worker: the run's)."_s, u"N"_s},
        {u"lease"_s, u"worker: seconds a job lease lasts without renewal (60)."_s, u"S"_s},
        {u"batch-size"_s, u"judge: rubric items per request (50)."_s, u"N"_s},
        {u"max-passage-chars"_s,
         u"judge: cut reports at N code points (default: the scheme's own, 150000; "
         "researchrubrics 600000)."_s,
         u"N"_s},
        {u"rpm"_s, u"judge: requests per minute limit."_s, u"N"_s},
        {u"tpm"_s, u"judge: tokens per minute limit."_s, u"N"_s},
        {u"max-attempts"_s, u"judge: attempts per request (6)."_s, u"N"_s},
        {u"backoff-ms"_s, u"judge: first back-off delay (1000)."_s, u"MS"_s},
        {u"timeout"_s, u"judge: seconds to wait for a whole answer before asking again (600)."_s,
         u"S"_s},
        {u"temperature"_s, u"judge: sampling temperature."_s, u"T"_s},
        {u"seed"_s,
         u"judge: sampling seed; agreement: bootstrap seed; sample: the draw's seed (random)."_s,
         u"N"_s},
        {u"max-tokens"_s, u"judge: output token limit."_s, u"N"_s},
        {u"no-json-mode"_s, u"judge: do not ask the provider for JSON output."_s},
        {u"no-evidence"_s, u"judge: do not locate quoted evidence while judging."_s},
        {u"price-in"_s, u"judge: USD per million input tokens."_s, u"USD"_s},
        {u"price-out"_s, u"judge: USD per million output tokens."_s, u"USD"_s},
        {u"cache-read-share"_s,
         u"judge: the price of an input token read from the provider's prompt cache, as a share "
         "of --price-in (default: Anthropic 0.1, Gemini 0.25, OpenAI 0.5)."_s,
         u"X"_s},
        {u"cache-write-share"_s,
         u"judge: the price of an input token written to the prompt cache, as a share of "
         "--price-in (default: Anthropic 1.25, others 1)."_s,
         u"X"_s},
        {u"batch"_s,
         u"judge: send the run as provider batch jobs, several when it is over the "
         "provider's limits (about half the price, answers within 24 h); what they leave "
         "unanswered is asked live."_s},
        {u"batch-poll"_s,
         u"judge, resume, worker: seconds before a provider batch is first polled (30; each "
         "later poll waits twice as long, up to ten minutes)."_s,
         u"S"_s},
        {u"batch-share"_s,
         u"judge: the price of a batched request as a share of the live price (0.5)."_s, u"X"_s},
        {u"name"_s, u"judge: run name; sample: the sample's name."_s, u"NAME"_s},
        {u"plan-only"_s, u"judge: create the run and print the plan, do not send."_s},
        {u"runs"_s, u"export: run ids (repeated runs are averaged); default all."_s, u"IDS"_s},
        {u"error-policy"_s, u"export: exclude (default) or reference (errors count as 0)."_s,
         u"NAME"_s},
    };
}

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
