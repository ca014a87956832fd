#include "runcontroller.h"

#include "domain/softassert.h"
#include "evidence/evidencelocator.h"
#include "judge/apikeys.h"
#include "judge/judgeprovider.h"
#include "judge/offlinejudge.h"
#include "judge/promptscheme.h"
#include "judgehttp.h"
#include "runlease.h"
#include "runslog.h"
#include "sources/sourcefetcher.h"
#include "store/projectstore.h"

#include <QCryptographicHash>
#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QScopeGuard>
#include <QTimer>

namespace Rubricate {

using namespace Qt::StringLiterals;

struct RunController::ActiveJob {
    RunJob job;
    bool slotReleased = false;
    HttpCall call;
    QString cacheKey;
    int requestNo = 0; // job.requests when this request was sent
    QList<SchemeItem> items;
    bool lost = false; // another worker has the job now: nothing of it is written here
};

namespace {

// The cache answers a job's first ask, which is how a new run gets for free what another run
// already paid for, and the answer this very request got before a crash cut it short. A re-ask
// (an item left out, an answer that did not read, rerun-failed) goes to the judge: the cache
// would only hand back the answer that made it necessary.
bool cacheMayAnswer(const RunJob &job, const CachedResponse &cached)
{
    if (cached.jobId == job.id && cached.requestNo == job.requests)
        return true;
    return job.attempts == 0 && !job.reask;
}

QString cacheKeyFor(const JudgeConfig &config, const HttpCall &call)
{
    // The key covers what decides the answer: provider, model, parameters and the exact
    // request body; never the headers, which carry the API key.
    QCryptographicHash h(QCryptographicHash::Blake2b_256);
    h.addData(config.cacheIdentity().toUtf8());
    h.addData(QByteArrayView("\n", 1));
    h.addData(call.url.toString().toUtf8());
    h.addData(QByteArrayView("\n", 1));
    h.addData(call.body);
    return QString::fromLatin1(h.result().toHex());
}

double costOf(const JudgeConfig &c, qint64 in, qint64 out)
{
    return in / 1e6 * c.pricePerMillionInput + out / 1e6 * c.pricePerMillionOutput;
}

} // namespace

RunController::RunController(const QString &projectPath, QObject *parent)
    : QObject(parent)
    , m_projectPath(projectPath)
{ }

RunController::~RunController()
{
    abortReplies(m_replies);
    if (m_leases)
        m_leases->release();
}

bool RunController::claimMore(int count)
{
    if (m_clock.elapsed() < m_nextClaimMs)
        return false;
    const QList<RunJob> claimed = m_leases->claim(count);
    for (const RunJob &j : claimed)
        m_queue.enqueue(j);
    if (claimed.isEmpty())
        // Soon, but not in a tight loop: the jobs other workers hold end within a request's
        // time, and a worker that waits too long keeps the run (and whoever waits for it)
        // from ending.
        m_nextClaimMs = m_clock.elapsed() + qMin(300, m_leases->renewIntervalMs());
    return !claimed.isEmpty();
}

void RunController::noJobsLeft()
{
    const int others = m_leases->heldByOthers();
    const RunTotals totals = m_store->runs().runTotals(m_runId);
    m_progress.jobsDone = totals.jobsDone;
    m_progress.jobsFailed = totals.jobsFailed;
    if (others == 0 && totals.jobsPending == 0) {
        finish(totals.jobsFailed > 0 ? u"failed"_s : u"finished"_s);
        return;
    }
    // Other workers hold the rest: wait until they finish it, or until their leases run out
    // and their jobs come back to the queue.
    if (m_progress.jobsWithOthers != others) {
        m_progress.jobsWithOthers = others;
        emitProgress(true);
    }
    if (!m_dispatchScheduled) {
        m_dispatchScheduled = true;
        QTimer::singleShot(qMax<qint64>(50, m_nextClaimMs - m_clock.elapsed()), this,
                           &RunController::dispatch);
    }
}

void RunController::dropJob(const std::shared_ptr<ActiveJob> &active)
{
    // Its lease ran out while this worker was away (suspended, its disk stalled) and another
    // worker took the job: that worker asks and writes it now.
    qCInfo(lcRuns, "run %lld report %lld batch %d: another worker has this job now; dropped here",
           qint64(m_runId), qint64(active->job.reportId), active->job.batchIndex);
    active->lost = true;
    releaseSlot(active);
    emitProgress();
    dispatch();
}

bool RunController::start(RowId runId, QString *error)
{
    if (!m_store) {
        m_store = ProjectStore::open(m_projectPath, error);
        if (!m_store)
            return false;
    }
    const auto run = m_store->runs().run(runId);
    if (!run) {
        *error = u"no run %1 in this project"_s.arg(runId);
        return false;
    }
    if (run->kind == JudgeKind::Imported) {
        *error = u"run %1 was imported; there is nothing to send"_s.arg(runId);
        return false;
    }
    m_config = JudgeConfig::fromJson(run->config);
    if (m_concurrencyOverride > 0)
        m_config.concurrency = m_concurrencyOverride;
    m_scheme = makeScheme(m_config.scheme, m_config.promptTemplateFile, error);
    if (!m_scheme)
        return false;
    m_provider = makeProvider(m_config.provider);
    bool keyFromKeyring = false;
    if (m_provider) {
        const QString env = m_config.effectiveApiKeyEnv();
        m_apiKey = qEnvironmentVariable(env.toLocal8Bit().constData());
        const bool local = m_config.baseUrl.startsWith(u"http://127.0.0.1"_s)
            || m_config.baseUrl.startsWith(u"http://localhost"_s);
        if (m_apiKey.isEmpty() && !local && !keyringAvailable()) {
            *error = u"no API key: set the environment variable %1"_s.arg(env);
            return false;
        }
        // A local server may need no key at all, but gets one if the keyring has it.
        keyFromKeyring = m_apiKey.isEmpty() && keyringAvailable();
        m_keyOptional = local;
        const int managers = (qMax(1, m_config.concurrency) + 5) / 6;
        while (m_networks.size() < managers) {
            m_networks.append(new QNetworkAccessManager(this));
            m_networkLoad.insert(m_networks.constLast(), 0);
        }
    }
    m_runId = runId;
    m_leases = m_leaseTermSeconds > 0
        ? std::make_unique<JobLeases>(*m_store, runId, m_leaseTermSeconds)
        : std::make_unique<JobLeases>(*m_store, runId);
    if (!m_leaseTimer) {
        m_leaseTimer = new QTimer(this);
        connect(m_leaseTimer, &QTimer::timeout, this, [this] {
            if (m_active)
                m_leases->renew();
        });
    }
    m_leaseTimer->setInterval(m_leases->renewIntervalMs());
    m_leaseTimer->start();
    m_queue.clear();
    m_nextClaimMs = 0;
    const RunTotals totals = m_store->runs().runTotals(runId);
    m_progress = {};
    m_progress.runId = runId;
    m_progress.worker = m_leases->owner();
    m_progress.jobsTotal = totals.jobs;
    m_progress.jobsDone = totals.jobsDone;
    m_progress.jobsFailed = totals.jobsFailed;
    m_progress.inputTokens = totals.inputTokens;
    m_progress.outputTokens = totals.outputTokens;
    m_progress.cost = totals.cost;
    m_progress.errorsTotal = totals.verdictErrors;
    const QList<std::pair<RowId, RowId>> errorItems = m_store->runs().errorItems(runId);
    m_errorItems = QSet<std::pair<RowId, RowId>>(errorItems.cbegin(), errorItems.cend());
    m_progress.status = u"running"_s;
    m_active = true;
    m_paused = false;
    m_cancelled = false;
    m_clock.start();
    m_store->runs().setRunStatus(runId, u"running"_s);
    emitProgress(true);
    if (keyFromKeyring) {
        // The keyring answers asynchronously; nothing is sent before it has.
        lookupApiKey(m_config.effectiveApiKeyEnv(), this, [this](const ApiKeyLookup &found) {
            if (!m_active)
                return;
            if (found.key.isEmpty() && !m_keyOptional) {
                m_progress.lastError = found.error;
                finish(u"failed"_s);
                return;
            }
            m_apiKey = found.key;
            dispatch();
        });
        return true;
    }
    // On the next turn of the event loop, as before the work queue: a run with nothing left
    // ends after start() has returned, whoever waits for its signal.
    QTimer::singleShot(0, this, &RunController::dispatch);
    return true;
}

void RunController::pause()
{
    if (!m_active || m_paused)
        return;
    m_paused = true;
    m_progress.status = u"paused"_s;
    m_store->runs().setRunStatus(m_runId, u"paused"_s);
    emitProgress(true);
}

void RunController::resume()
{
    if (!m_active || !m_paused)
        return;
    m_paused = false;
    m_progress.status = u"running"_s;
    m_store->runs().setRunStatus(m_runId, u"running"_s);
    emitProgress(true);
    dispatch();
}

void RunController::cancel()
{
    if (!m_active)
        return;
    m_cancelled = true;
    // Answers already in flight are dropped; their jobs stay pending, so "resume" can pick
    // the run up again later.
    abortReplies(m_replies);
    finish(u"cancelled"_s);
}

bool RunController::rateLimited(qint64 estimatedTokens, int *waitMs)
{
    const qint64 now = m_clock.elapsed();
    while (!m_sentAt.isEmpty() && now - m_sentAt.constFirst() >= 60000) {
        m_sentAt.removeFirst();
        m_sentTokens.removeFirst();
    }
    *waitMs = 0;
    if (m_config.requestsPerMinute > 0 && m_sentAt.size() >= m_config.requestsPerMinute)
        *waitMs = int(60000 - (now - m_sentAt.constFirst()));
    if (m_config.tokensPerMinute > 0 && !m_sentAt.isEmpty()) {
        qint64 used = 0;
        for (qint64 t : std::as_const(m_sentTokens))
            used += t;
        if (used + estimatedTokens > m_config.tokensPerMinute)
            *waitMs = qMax(*waitMs, int(60000 - (now - m_sentAt.constFirst())));
    }
    return *waitMs > 0;
}

void RunController::dispatch()
{
    m_dispatchScheduled = false;
    if (!m_active || m_paused || m_cancelled)
        return;
    const int limit = m_provider ? qMax(1, m_config.concurrency) : 1;
    while (m_inFlight < limit && (!m_queue.isEmpty() || claimMore(limit))) {
        if (m_provider) {
            int waitMs = 0;
            // The next request's size is not known before it is built; the last one's is a
            // close estimate, since batches of one run are alike.
            const qint64 estimate = m_sentTokens.isEmpty() ? 0 : m_sentTokens.constLast();
            if (rateLimited(estimate, &waitMs)) {
                if (!m_dispatchScheduled) {
                    m_dispatchScheduled = true;
                    QTimer::singleShot(waitMs + 5, this, &RunController::dispatch);
                }
                return;
            }
        }
        const RunJob job = m_queue.dequeue();
        ++m_inFlight;
        if (m_provider)
            runJob(job);
        else
            QTimer::singleShot(0, this, [this, job] { runOffline(job); });
    }
    if (m_inFlight == 0 && m_waiting == 0 && m_processing == 0 && m_queue.isEmpty())
        noJobsLeft();
}

const SchemeContext *RunController::context(RowId reportId)
{
    auto it = m_contexts.find(reportId);
    if (it != m_contexts.end())
        return it.value().get();
    const auto report = m_store->reports().report(reportId);
    if (!report)
        return nullptr;
    auto ctx = std::make_shared<SchemeContext>();
    ctx->report = *report;
    ctx->task = m_store->catalog().task(report->taskId).value_or(Task{});
    if (report->queryId) {
        ctx->query = m_store->catalog().query(*report->queryId);
        if (ctx->query && ctx->query->personaId)
            ctx->persona = m_store->catalog().persona(*ctx->query->personaId);
    }
    if (report->format == ReportFormat::Pdf || report->format == ReportFormat::Image)
        ctx->original = m_store->reports().originalFile(report->contentHash);
    // Reports of one task share its rubrics; load them once. Claims are the report's own.
    const std::pair<RowId, RowId> owner{report->taskId, report->queryId.value_or(0)};
    if (!m_rubricsLoaded.contains(owner)) {
        m_rubricsLoaded.insert(owner);
        for (const Rubric &r : m_store->catalog().rubrics(report->taskId, report->queryId))
            m_rubrics.insert(r.id, r);
    }
    for (const Rubric &r : m_store->catalog().claims(reportId))
        m_rubrics.insert(r.id, r);
    // Contexts hold whole reports; keep only the recent ones.
    if (m_contexts.size() > 64)
        m_contexts.clear();
    return m_contexts.insert(reportId, ctx).value().get();
}

const EvidenceLocator *RunController::locator(RowId reportId)
{
    auto it = m_locators.find(reportId);
    if (it != m_locators.end())
        return it.value().get();
    const SchemeContext *ctx = context(reportId);
    if (!ctx)
        return nullptr;
    if (m_locators.size() > 64)
        m_locators.clear();
    return m_locators.insert(reportId, std::make_shared<EvidenceLocator>(ctx->report.text))
        .value()
        .get();
}

void RunController::runJob(const RunJob &job)
{
    auto active = std::make_shared<ActiveJob>();
    active->job = job;
    const SchemeContext *ctx = context(job.reportId);
    if (!ctx) {
        giveUp(active, u"the report is no longer in the project"_s);
        return;
    }
    for (RowId id : job.rubricIds) {
        SchemeItem item = schemeItemOf(m_rubrics.value(id));
        item.rubricId = id;
        active->items.append(item);
    }
    if (m_scheme->needsSource() && !attachSources(active))
        return;
    const ProviderRequest request
        = m_scheme->buildRequest(*ctx, active->items, m_provider.get(), m_config);
    active->call = m_provider->buildCall(m_config, request, m_apiKey);
    active->cacheKey = cacheKeyFor(m_config, active->call);

    if (const auto cached = m_store->runs().cachedResponse(active->cacheKey);
        cached && cacheMayAnswer(job, *cached)) {
        ++m_progress.cacheHits;
        qCDebug(lcRuns, "run %lld report %lld batch %d: answered from the cache", qint64(m_runId),
                qint64(job.reportId), job.batchIndex);
        // Answer on the next turn of the event loop so that a fully cached run still lets
        // the GUI breathe between jobs.
        QTimer::singleShot(0, this, [this, active, cached = *cached] {
            acceptAnswer(active, cached.response, cached.inputTokens, cached.outputTokens, true);
        });
        return;
    }

    active->requestNo = job.requests;
    const QNetworkRequest http = judgeHttpRequest(active->call, m_config);
    qCDebug(lcRuns,
            "run %lld report %lld batch %d: asking %lld item(s) of %s, attempt %d, %lld bytes",
            qint64(m_runId), qint64(job.reportId), job.batchIndex, qint64(job.rubricIds.size()),
            qPrintable(http.url().host()), job.attempts + 1, qint64(active->call.body.size()));
    m_sentAt.append(m_clock.elapsed());
    m_sentTokens.append(active->call.body.size() / 4);
    ++m_progress.requests;
    ++active->job.requests;
    QNetworkAccessManager *network = m_networks.constFirst();
    for (QNetworkAccessManager *candidate : std::as_const(m_networks)) {
        if (m_networkLoad.value(candidate) < m_networkLoad.value(network))
            network = candidate;
    }
    ++m_networkLoad[network];
    QNetworkReply *reply = network->post(http, active->call.body);
    m_replies.append(reply);
    connect(reply, &QNetworkReply::finished, this, [this, reply, network, active] {
        --m_networkLoad[network];
        onReply(reply, active);
    });
}

bool RunController::attachSources(const std::shared_ptr<ActiveJob> &active)
{
    RunJob &job = active->job;
    QList<JudgedItem> unavailable;
    QList<SchemeItem> kept;
    for (SchemeItem item : std::as_const(active->items)) {
        const QString url = m_rubrics.value(item.rubricId).metadata.value(u"url"_s).toString();
        std::optional<SourceRow> row;
        if (!url.isEmpty())
            row = m_store->sources().source(sourceKey(url));
        if (row && row->state == "fetched"_L1 && !row->text.trimmed().isEmpty()) {
            item.sourceUrl = url;
            item.sourceText = row->text;
            kept.append(item);
            continue;
        }
        Verdict v;
        v.runId = m_runId;
        v.reportId = job.reportId;
        v.rubricId = item.rubricId;
        v.label = QString(sourceUnavailableLabel);
        v.evidence = item.metadata.value(u"sentence"_s).toString(); // highlighted in the report
        QString state;
        if (url.isEmpty()) {
            state = u"no-url"_s;
            v.error = u"source unavailable: the citation points to no URL"_s;
        } else if (!row) {
            state = u"not-fetched"_s;
            v.error
                = u"source unavailable: %1 was never fetched (rubricate-cli sources fetch)"_s.arg(
                    url);
        } else {
            state = row->state;
            v.error = u"source unavailable: %1 %2%3"_s.arg(
                url, row->state == "fetched"_L1 ? u"has no text"_s : row->state,
                row->error.isEmpty() ? QString() : u" ("_s + row->error + u')');
        }
        v.raw.insert(u"source_state"_s, state);
        unavailable.append({v, {}, std::nullopt, {}});
    }
    active->items = kept;
    if (unavailable.isEmpty())
        return true;
    for (const JudgedItem &u : std::as_const(unavailable))
        job.rubricIds.removeAll(u.verdict.rubricId);
    if (job.rubricIds.isEmpty())
        job.status = u"done"_s;
    Transaction tx(*m_store);
    if (!m_leases->hold(job.id)) {
        dropJob(active);
        return false;
    }
    if (!m_store->runs().writeJudgeVerdicts(unavailable) || !m_store->runs().updateJob(job)
        || !tx.commit()) {
        giveUp(active, u"database: "_s + m_store->lastError());
        return false;
    }
    m_progress.itemErrors += int(unavailable.size());
    for (const JudgedItem &u : std::as_const(unavailable))
        countOutcome(job.reportId, u.verdict.rubricId, true);
    emit verdictsWritten(job.reportId);
    if (!kept.isEmpty())
        return true;
    jobFinished(active);
    return false;
}

void RunController::onReply(QNetworkReply *reply, const std::shared_ptr<ActiveJob> &active)
{
    reply->deleteLater();
    m_replies.removeAll(reply);
    if (m_cancelled)
        return;
    const ProviderReply parsed = readJudgeReply(reply, *m_provider, m_config);
    if (!parsed.ok) {
        if (parsed.retryable)
            retryLater(active, parsed.error, parsed.retryAfterMs);
        else
            giveUp(active, parsed.error);
        return;
    }
    acceptAnswer(active, parsed.text, parsed.inputTokens, parsed.outputTokens, false);
}

void RunController::acceptAnswer(const std::shared_ptr<ActiveJob> &active, const QString &text,
                                 qint64 inputTokens, qint64 outputTokens, bool fromCache)
{
    if (m_cancelled)
        return;
    // The next request goes out before this answer is read and written, so that reading
    // never holds a concurrency slot idle; answers that arrive together are all replaced
    // by new requests first, and read afterwards.
    ++m_processing;
    releaseSlot(active);
    dispatch();
    QTimer::singleShot(0, this, [this, active, text, inputTokens, outputTokens, fromCache] {
        const auto done = qScopeGuard([this] {
            --m_processing;
            dispatch();
        });
        if (!m_cancelled)
            processAnswer(active, text, inputTokens, outputTokens, fromCache);
    });
}

void RunController::processAnswer(const std::shared_ptr<ActiveJob> &active, const QString &text,
                                  qint64 inputTokens, qint64 outputTokens, bool fromCache)
{
    const SchemeResult result = m_scheme->interpret(active->items, text);
    if (!fromCache) {
        active->job.inputTokens += inputTokens;
        active->job.outputTokens += outputTokens;
        const double cost = costOf(m_config, inputTokens, outputTokens);
        active->job.cost += cost;
        m_progress.inputTokens += inputTokens;
        m_progress.outputTokens += outputTokens;
        m_progress.cost += cost;
    } else {
        active->job.cached = true;
    }
    if (!result.parsed) {
        // An unreadable answer is not cached: asking again may well get a readable one.
        retryLater(active, u"unreadable answer: "_s + result.parseError, -1);
        return;
    }
    if (!fromCache) {
        // Cached before anything else, so that a crash from here on costs nothing to redo.
        Transaction tx(*m_store);
        m_store->runs().putCachedResponse(
            active->cacheKey, providerKey(m_config.provider), m_config.model,
            {text, inputTokens, outputTokens, active->job.id, active->requestNo});
        tx.commit();
    }
    if (!writeOutcome(active, result)) {
        if (active->lost) {
            dropJob(active);
            return;
        }
        m_progress.lastError = m_store->lastError();
        giveUp(active, u"database: "_s + m_store->lastError());
        return;
    }
    emit verdictsWritten(active->job.reportId);
    if (active->job.status == "pending"_L1) {
        // Items the judge left out are asked again, alone.
        retryLater(active, u"the answer left out %1 item(s)"_s.arg(active->job.rubricIds.size()),
                   0);
        return;
    }
    jobFinished(active);
}

bool RunController::writeOutcome(const std::shared_ptr<ActiveJob> &active,
                                 const SchemeResult &result)
{
    const EvidenceLocator *evidence
        = m_config.locateEvidence ? locator(active->job.reportId) : nullptr;
    RunJob &job = active->job;
    QList<RowId> missing;
    QList<SchemeItem> missingItems;
    const bool lastAttempt = job.attempts + 1 >= m_config.maxAttempts;
    Transaction tx(*m_store);
    // Inside the transaction: the write and the proof that the job is still ours are one.
    if (!m_leases->hold(job.id)) {
        active->lost = true;
        return false;
    }
    QList<JudgedItem> judged;
    judged.reserve(result.items.size());
    for (int i = 0; i < result.items.size(); ++i) {
        const ItemOutcome &o = result.items.at(i);
        if (o.missing && !lastAttempt) {
            missing << o.rubricId;
            missingItems << active->items.at(i);
            continue;
        }
        Verdict v;
        v.runId = m_runId;
        v.reportId = job.reportId;
        v.rubricId = o.rubricId;
        v.value = o.value;
        v.label = o.label;
        v.reason = o.reason;
        v.evidence = o.evidence;
        // The whole answer is in the response cache; keep only what the columns do not.
        for (auto it = o.raw.constBegin(); it != o.raw.constEnd(); ++it) {
            static const QStringList known
                = {u"rubric_item"_s, u"score"_s,   u"reason"_s,         u"evidence"_s,
                   u"criterion"_s,   u"verdict"_s, u"evidence_quotes"_s};
            if (!known.contains(it.key()))
                v.raw.insert(it.key(), it.value());
        }
        if (o.missing)
            v.error = u"the judge left this item out of %1 answers"_s.arg(job.attempts + 1);
        else if (!o.value)
            v.error = o.error.isEmpty() ? u"no usable score"_s : o.error;
        JudgedItem item{v, {}, std::nullopt, {}};
        if (evidence && !v.evidence.trimmed().isEmpty()) {
            const EvidenceLocation at = evidence->locate(v.evidence);
            item.evidenceStatus = evidenceStatusKey(at.status);
            item.evidenceCoverage = at.coverage;
            for (const EvidenceSpan &s : at.spans)
                item.spans.append({s.start, s.length, matchMethodKey(s.method)});
        }
        if (v.value)
            ++m_progress.itemsJudged;
        else
            ++m_progress.itemErrors;
        judged.append(std::move(item));
    }
    if (!m_store->runs().writeJudgeVerdicts(judged))
        return false;
    job.rubricIds = missing;
    active->items = missingItems;
    job.status = missing.isEmpty() ? u"done"_s : u"pending"_s;
    if (!m_store->runs().updateJob(job) || !tx.commit())
        return false;
    for (const JudgedItem &item : std::as_const(judged))
        countOutcome(item.verdict.reportId, item.verdict.rubricId, !item.verdict.value);
    return true;
}

void RunController::countOutcome(RowId reportId, RowId rubricId, bool isError)
{
    const std::pair<RowId, RowId> key{reportId, rubricId};
    if (isError) {
        if (!m_errorItems.contains(key)) {
            m_errorItems.insert(key);
            ++m_progress.errorsTotal;
        }
    } else if (m_errorItems.remove(key)) {
        --m_progress.errorsTotal;
    }
}

void RunController::retryLater(const std::shared_ptr<ActiveJob> &active, const QString &why,
                               int retryAfterMs)
{
    RunJob &job = active->job;
    ++job.attempts;
    job.lastError = why;
    m_progress.lastError = why;
    if (job.attempts >= m_config.maxAttempts) {
        giveUp(active, u"%1 (after %2 attempts)"_s.arg(why).arg(job.attempts));
        return;
    }
    {
        Transaction tx(*m_store);
        if (!m_leases->hold(job.id)) {
            dropJob(active);
            return;
        }
        m_store->runs().updateJob(job);
        tx.commit();
    }
    ++m_progress.retries;
    int delay = retryAfterMs;
    if (delay < 0)
        delay = judgeBackoffMs(m_config, job.attempts);
    qCInfo(lcRuns, "run %lld report %lld batch %d: %s; asking again in %d ms (attempt %d of %d)",
           qint64(m_runId), qint64(job.reportId), job.batchIndex, qPrintable(why), delay,
           job.attempts + 1, m_config.maxAttempts);
    releaseSlot(active);
    ++m_waiting;
    emitProgress();
    QTimer::singleShot(delay, this, [this, job] {
        --m_waiting;
        if (m_cancelled)
            return;
        m_queue.prepend(job);
        dispatch();
    });
    dispatch();
}

void RunController::giveUp(const std::shared_ptr<ActiveJob> &active, const QString &why)
{
    RunJob &job = active->job;
    qCInfo(lcRuns, "run %lld report %lld batch %d: gave up on %lld item(s): %s", qint64(m_runId),
           qint64(job.reportId), job.batchIndex, qint64(job.rubricIds.size()), qPrintable(why));
    job.lastError = why;
    job.status = u"failed"_s;
    m_progress.lastError = why;
    Transaction tx(*m_store);
    if (!m_leases->hold(job.id)) {
        dropJob(active); // the job is another worker's now; it asks again
        return;
    }
    // Every item still open ends as an explicit error with its cause — never as a 0.
    for (RowId rubric : std::as_const(job.rubricIds)) {
        Verdict v;
        v.runId = m_runId;
        v.reportId = job.reportId;
        v.rubricId = rubric;
        v.error = why;
        m_store->runs().upsertVerdict(v);
        ++m_progress.itemErrors;
    }
    m_store->runs().updateJob(job);
    if (tx.commit()) {
        for (RowId rubric : std::as_const(job.rubricIds))
            countOutcome(job.reportId, rubric, true);
    }
    ++m_progress.jobsFailed;
    emit verdictsWritten(job.reportId);
    releaseSlot(active);
    emitProgress();
    dispatch();
}

void RunController::runOffline(const RunJob &queued)
{
    if (m_cancelled || !m_active)
        return;
    auto active = std::make_shared<ActiveJob>();
    active->job = queued;
    const SchemeContext *ctx = context(queued.reportId);
    if (!ctx) {
        giveUp(active, u"the report is no longer in the project"_s);
        return;
    }
    auto index = m_lexical.value(queued.reportId);
    if (!index) {
        if (m_lexical.size() > 16)
            m_lexical.clear();
        index = std::make_shared<LexicalReportIndex>(ctx->report.text);
        m_lexical.insert(queued.reportId, index);
    }
    SchemeResult result;
    result.parsed = true;
    const QString blockedTitle = ctx->task.blocked ? ctx->task.blocked->title : QString();
    const QStringList blockedUrls = ctx->task.blocked ? ctx->task.blocked->urls : QStringList();
    for (RowId id : queued.rubricIds) {
        const Rubric r = m_rubrics.value(id);
        SchemeItem item = schemeItemOf(r);
        item.rubricId = id;
        active->items.append(item);
        const OfflineVerdict v = judgeOffline(*index, r.text, r.scale, blockedTitle, blockedUrls);
        ItemOutcome o;
        o.rubricId = id;
        o.value = v.value;
        o.label = QString::number(v.value);
        o.reason = v.reason;
        o.evidence = v.evidence;
        result.items.append(o);
    }
    if (!writeOutcome(active, result)) {
        giveUp(active, u"database: "_s + m_store->lastError());
        return;
    }
    emit verdictsWritten(queued.reportId);
    jobFinished(active);
}

void RunController::releaseSlot(const std::shared_ptr<ActiveJob> &active)
{
    if (active->slotReleased)
        return;
    active->slotReleased = true;
    // A slot given back twice would let more requests out than the judge allows.
    RUBRICATE_CHECK(lcRuns, m_inFlight > 0, return );
    --m_inFlight;
    // A paused run has drained once nothing is in flight: say so now, not at the next
    // throttled update, which a paused run may never send.
    if (m_paused && m_inFlight == 0)
        emitProgress(true);
}

void RunController::jobFinished(const std::shared_ptr<ActiveJob> &active)
{
    ++m_progress.jobsDone;
    releaseSlot(active);
    emitProgress();
    dispatch();
}

void RunController::emitProgress(bool force)
{
    const qint64 now = m_clock.isValid() ? m_clock.elapsed() : 0;
    if (!force && now - m_lastProgressMs < 100)
        return;
    m_lastProgressMs = now;
    m_progress.inFlight = m_inFlight;
    m_progress.itemsPerSecond = now > 0 ? m_progress.itemsJudged * 1000.0 / now : 0;
    emit progressChanged(m_progress);
}

void RunController::finish(const QString &status)
{
    if (!m_active)
        return;
    m_active = false;
    m_progress.status = status;
    qCInfo(lcRuns, "run %lld %s: %d request(s), %d cache answer(s), %d retr(ies), %d error(s)",
           qint64(m_runId), qPrintable(status), m_progress.requests, m_progress.cacheHits,
           m_progress.retries, m_progress.errorsTotal);
    if (m_leaseTimer)
        m_leaseTimer->stop();
    // Jobs queued here but not answered go back to the queue for other workers (or a resume).
    m_leases->release();
    if (status == "cancelled"_L1)
        m_store->runs().setRunStatus(m_runId, status);
    else
        m_store->runs().finishRun(m_runId, status);
    emitProgress(true);
    emit finished(status);
}

} // namespace Rubricate
