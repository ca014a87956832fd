#include "runcontroller.h"

#include "activejob.h"
#include "batchrunner.h"
#include "domain/softassert.h"
#include "judge/apikeys.h"
#include "judge/offlinejudge.h"
#include "judgehttp.h"
#include "judgetransport.h"
#include "reportcontexts.h"
#include "runlease.h"
#include "runslog.h"
#include "store/projectstore.h"
#include "verdictwriter.h"

#include <QNetworkReply>
#include <QScopeGuard>
#include <QTimer>

#include <utility>

namespace Rubricate {

using namespace Qt::StringLiterals;

RunController::RunController(const QString &projectPath, QObject *parent)
    : QObject(parent)
    , m_projectPath(projectPath)
{ }

RunController::~RunController()
{
    m_transport.reset();
    if (m_leases)
        m_leases->release();
}

bool RunController::claimMore(int count)
{
    if (m_clock.elapsed() < m_nextClaimMs)
        return false;
    QList<RunJob> claimed = m_leases->claim(count);
    // Jobs another worker sent as a batch, free again since it closed: they wait for that
    // batch here, since asked live they would be paid for twice.
    if (m_batchStarted && !claimed.isEmpty()) {
        const std::optional<QList<RunJob>> live = claimRestBesideBatches(claimed);
        if (!live)
            return false;
        claimed = *live;
    }
    m_queue.append(claimed);
    if (claimed.isEmpty())
        // Soon, but not in a tight loop: the jobs other workers hold end within a request's
        // time, and a worker that waits too long keeps the run (and whoever waits for it)
        // from ending.
        m_nextClaimMs = m_clock.elapsed() + qMin(300, m_leases->renewIntervalMs());
    return !claimed.isEmpty();
}

void RunController::noJobsLeft()
{
    // Read first: after a session the server ended, the first statement fails and the next
    // opens a new session.
    const Result<RunTotals> read = m_store->runs().runTotals(m_runId, RunStore::Totals::JobsOnly);
    if (!read) {
        projectUnreadable(read.error());
        return;
    }
    if (std::exchange(m_unreadableRounds, 0) > 0)
        m_progress.lastError.clear(); // read again: that error is no longer what holds the run
    const RunTotals &totals = *read;
    const int others = m_leases->heldByOthers();
    m_progress.jobsDone = totals.jobsDone;
    m_progress.jobsFailed = totals.jobsFailed;
    if (others == 0 && totals.jobsPending == 0) {
        finish(totals.jobsFailed > 0 ? u"failed"_s : u"finished"_s);
        return;
    }
    // What is pending waits for a batch left open; this session can do no more.
    if (others == 0 && !m_batchLeftOpen.isEmpty()) {
        m_progress.lastError = m_batchLeftOpen;
        finish(u"failed"_s);
        return;
    }
    if (others == 0 && m_batchJobs.isEmpty() && freeUnwrittenJobs(totals))
        return;
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

void RunController::projectUnreadable(const Error &why)
{
    m_progress.lastError = why.message;
    if (++m_unreadableRounds > m_config.maxAttempts) {
        finish(u"failed"_s);
        return;
    }
    qCWarning(lcRuns, "run %lld: the project cannot be read (%s); trying again", qint64(m_runId),
              qPrintable(why.message));
    if (!m_dispatchScheduled) {
        m_dispatchScheduled = true;
        QTimer::singleShot(judgeBackoffMs(m_config, m_unreadableRounds), this,
                           &RunController::dispatch);
    }
}

bool RunController::freeUnwrittenJobs(const RunTotals &totals)
{
    // Nothing is in memory here, yet this worker may still lease pending jobs: those whose
    // answer, and then whose failure, the database refused to write (locked for longer than
    // its timeout). Renewed with the rest, they would wait for ever; freed, they are claimed
    // and asked again, their answers read from the response cache where it was written.
    const int unwritten = m_leases->releasePending();
    if (unwritten <= 0)
        return false;
    const int settled = totals.jobsDone + totals.jobsFailed;
    m_unwrittenRounds = settled == m_settledBeforeUnwritten ? m_unwrittenRounds + 1 : 1;
    m_settledBeforeUnwritten = settled;
    if (m_unwrittenRounds > m_config.maxAttempts) {
        m_progress.lastError = u"%1 job(s) could not be written to the project (%2); they stay "
                               "pending for a resume"_s.arg(unwritten)
                                   .arg(m_progress.lastError);
        finish(u"failed"_s);
        return true;
    }
    qCWarning(lcRuns, "run %lld: %d job(s) could not be written (%s); asking them again",
              qint64(m_runId), unwritten, qPrintable(m_progress.lastError));
    if (!m_dispatchScheduled) {
        m_dispatchScheduled = true;
        QTimer::singleShot(judgeBackoffMs(m_config, m_unwrittenRounds), this,
                           &RunController::dispatch);
    }
    return true;
}

void RunController::dropJob(const std::shared_ptr<ActiveJob> &active)
{
    // Its lease ran out while this worker was away (suspended, its disk stalled) and another
    // worker took the job: that worker asks and writes it now.
    qCInfo(lcRuns, "run %lld report %lld batch %d: another worker has this job now; dropped here",
           qint64(m_runId), qint64(active->job.reportId), active->job.batchIndex);
    releaseSlot(active);
    emitProgress();
    dispatch();
}

Result<void> RunController::start(RowId runId)
{
    if (!m_store) {
        auto opened = ProjectStore::open(m_projectPath);
        if (!opened)
            return Error{opened.errorMessage()};
        m_store = std::move(opened).value();
    }
    const auto run = m_store->runs().run(runId);
    if (!run)
        return Error{u"no run %1 in this project"_s.arg(runId)};
    if (run->kind == JudgeKind::Imported)
        return Error{u"run %1 was imported; there is nothing to send"_s.arg(runId)};
    m_config = JudgeConfig::fromJson(run->config);
    if (m_concurrencyOverride > 0)
        m_config.concurrency = m_concurrencyOverride;
    auto scheme = makeScheme(m_config.scheme, m_config.promptTemplateFile);
    if (!scheme)
        return scheme.error();
    m_scheme = std::move(scheme).value();
    m_provider = makeProvider(m_config.provider);
    bool keyFromKeyring = false;
    if (m_provider) {
        if (const QString missing = missingApiKey(m_config); !missing.isEmpty())
            return Error{missing};
        const QString env = m_config.effectiveApiKeyEnv();
        m_apiKey = qEnvironmentVariable(env.toLocal8Bit().constData());
        const bool local = JudgeConfig::isLocalServer(m_config.baseUrl);
        // A local server may need no key at all, but gets one if the keyring has it.
        keyFromKeyring = m_apiKey.isEmpty() && keyringAvailable();
        m_keyOptional = local;
        m_transport = std::make_unique<JudgeTransport>(m_config, this);
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
    m_writer = std::make_unique<VerdictWriter>(*m_store, *m_leases, runId);
    m_reports = std::make_unique<ReportContexts>(*m_store, m_config.concurrency);
    m_promptJson.reset(SharedPromptJson::reportsFor(m_config.concurrency));
    m_requestKeys.reset(SharedPromptJson::reportsFor(m_config.concurrency));
    m_leaseTimer->setInterval(m_leases->renewIntervalMs());
    m_leaseTimer->start();
    m_queue.clear();
    m_sharedReports = m_store->runs().reportsWithSeveralJobs(runId);
    m_nextClaimMs = 0;
    const RunTotals totals = m_store->runs().runTotals(runId).value_or({});
    m_progress = {};
    m_progress.runId = runId;
    m_progress.worker = m_leases->owner();
    m_progress.jobsTotal = totals.jobs;
    m_progress.jobsDone = totals.jobsDone;
    m_progress.jobsFailed = totals.jobsFailed;
    m_progress.inputTokens = totals.inputTokens;
    m_progress.outputTokens = totals.outputTokens;
    m_progress.cacheReadTokens = totals.cacheReadTokens;
    m_progress.cacheWriteTokens = totals.cacheWriteTokens;
    m_progress.cost = totals.cost;
    m_progress.errorsTotal = totals.verdictErrors;
    const QList<std::pair<RowId, RowId>> errorItems
        = m_store->runs().errorItems(runId).value_or({});
    m_errorItems = QSet<std::pair<RowId, RowId>>(errorItems.cbegin(), errorItems.cend());
    m_progress.status = u"running"_s;
    m_active = true;
    m_paused = false;
    m_cancelled = false;
    m_clock.start();
    (void)m_store->runs().setRunStatus(runId, u"running"_s);
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
        return {};
    }
    // On the next turn of the event loop, as before the work queue: a run with nothing left
    // ends after start() has returned, whoever waits for its signal.
    QTimer::singleShot(0, this, &RunController::dispatch);
    return {};
}

void RunController::pause()
{
    if (!m_active || m_paused)
        return;
    m_paused = true;
    m_progress.status = u"paused"_s;
    (void)m_store->runs().setRunStatus(m_runId, u"paused"_s);
    emitProgress(true);
}

void RunController::resume()
{
    if (!m_active || !m_paused)
        return;
    m_paused = false;
    m_progress.status = u"running"_s;
    (void)m_store->runs().setRunStatus(m_runId, u"running"_s);
    emitProgress(true);
    dispatch();
}

void RunController::cancel()
{
    if (!m_active || m_cancelled)
        return;
    stopSending();
    cancelBatches();
}

void RunController::close()
{
    if (!m_active)
        return;
    stopSending();
    finish(u"cancelled"_s);
}

void RunController::stopSending()
{
    m_cancelled = true;
    // Answers already in flight are dropped; their jobs stay pending, so "resume" can pick
    // the run up again later.
    if (m_transport)
        m_transport->abortAll();
}

void RunController::dispatch()
{
    m_dispatchScheduled = false;
    if (!m_active || m_paused || m_cancelled || batchHolds())
        return;
    const int limit = m_provider ? qMax(1, m_config.concurrency) : 1;
    while (m_inFlight < limit) {
        // While the queued jobs wait for their reports' first answers, more are claimed to
        // fill the slots, within bounds: a claimed job holds a lease other workers cannot take.
        if (!m_queue.hasNext() && m_queue.size() < 4 * limit)
            claimMore(limit);
        if (!m_queue.hasNext())
            break;
        if (m_transport) {
            if (const int waitMs = m_transport->waitMs(); waitMs > 0) {
                if (!m_dispatchScheduled) {
                    m_dispatchScheduled = true;
                    QTimer::singleShot(waitMs + 5, this, &RunController::dispatch);
                }
                return;
            }
        }
        const RunJob job = *m_queue.takeNext();
        ++m_inFlight;
        if (m_provider)
            runJob(job);
        else
            QTimer::singleShot(0, this, [this, job] { runOffline(job); });
    }
    if (m_inFlight == 0 && m_waiting == 0 && m_processing == 0 && m_queue.isEmpty())
        noJobsLeft();
}

void RunController::runJob(const RunJob &job)
{
    const std::shared_ptr<ActiveJob> active = prepareJob(job, false);
    if (!active || answerFromCache(active))
        return;
    active->requestNo = job.requests;
    qCDebug(
        lcRuns, "run %lld report %lld batch %d: asking %lld item(s) of %s, attempt %d, %lld bytes",
        qint64(m_runId), qint64(job.reportId), job.batchIndex, qint64(job.rubricIds.size()),
        qPrintable(active->call.url.host()), job.attempts + 1, qint64(active->call.body.size()));
    ++m_progress.requests;
    ++active->job.requests;
    m_queue.sent(job.reportId);
    m_transport->post(active->call,
                      [this, active](QNetworkReply *reply) { onReply(reply, active); });
}

bool RunController::attachSources(const std::shared_ptr<ActiveJob> &active)
{
    RunJob &job = active->job;
    const QList<JudgedItem> unavailable
        = m_reports->attachSources(m_runId, job.reportId, &active->items);
    if (unavailable.isEmpty())
        return true;
    const auto wrote = m_writer->writeUnavailable(job, unavailable);
    if (!wrote) {
        giveUp(active, u"database: "_s + wrote.errorMessage());
        return false;
    }
    switch (*wrote) {
    case VerdictWriter::Outcome::Lost:
        dropJob(active);
        return false;
    case VerdictWriter::Outcome::Written:
        break;
    }
    m_progress.itemErrors += int(unavailable.size());
    for (const JudgedItem &u : unavailable)
        countOutcome(job.reportId, u.verdict.rubricId, true);
    emit verdictsWritten(job.reportId);
    if (!active->items.isEmpty())
        return true;
    jobFinished(active);
    return false;
}

void RunController::countTokens(RunJob &job, const ProviderReply &answer)
{
    const double cost
        = m_config.costOf(answer.inputTokens, answer.outputTokens, answer.cacheReadTokens,
                          answer.cacheWriteTokens, answer.batched);
    job.inputTokens += answer.inputTokens;
    job.outputTokens += answer.outputTokens;
    job.cacheReadTokens += answer.cacheReadTokens;
    job.cacheWriteTokens += answer.cacheWriteTokens;
    job.cost += cost;
    m_progress.inputTokens += answer.inputTokens;
    m_progress.outputTokens += answer.outputTokens;
    m_progress.cacheReadTokens += answer.cacheReadTokens;
    m_progress.cacheWriteTokens += answer.cacheWriteTokens;
    m_progress.cost += cost;
}

void RunController::onReply(QNetworkReply *reply, const std::shared_ptr<ActiveJob> &active)
{
    if (m_cancelled)
        return;
    m_queue.answered(active->job.reportId);
    const ProviderReply parsed = readJudgeReply(reply, *m_provider, m_config, m_apiKey);
    if (!parsed.ok) {
        // An answer without text is paid for all the same: the ledger is what the provider
        // bills (it counts none for a failure it reports).
        countTokens(active->job, parsed);
        if (parsed.retryable)
            retryLater(active, parsed.error, parsed.retryAfterMs);
        else
            giveUp(active, parsed.error);
        return;
    }
    acceptAnswer(active, parsed, false);
}

void RunController::acceptAnswer(const std::shared_ptr<ActiveJob> &active,
                                 const ProviderReply &answer, bool fromCache)
{
    if (m_cancelled)
        return;
    // The next request goes out before this answer is read and written, so that reading
    // never holds a concurrency slot idle; answers that arrive together are all replaced
    // by new requests first, and read afterwards.
    ++m_processing;
    releaseSlot(active);
    dispatch();
    QTimer::singleShot(0, this, [this, active, answer, fromCache] {
        const auto done = qScopeGuard([this] {
            --m_processing;
            dispatch();
        });
        if (!m_cancelled)
            processAnswer(active, answer, fromCache);
    });
}

void RunController::processAnswer(const std::shared_ptr<ActiveJob> &active,
                                  const ProviderReply &answer, bool fromCache)
{
    const SchemeResult result = m_scheme->interpret(active->items, answer.text);
    if (!fromCache)
        countTokens(active->job, answer);
    else
        active->job.cached = true;
    if (!result.parsed) {
        // An unreadable answer is not cached: asking again may well get a readable one.
        retryLater(active, u"unreadable answer: "_s + result.parseError, -1);
        return;
    }
    // A new answer is cached with its verdicts, in one commit, so that a crash from there on
    // costs nothing to redo.
    const VerdictWriter::Arrived arrived{
        active->cacheKey,
        m_config,
        {answer.text, answer.inputTokens, answer.outputTokens, active->job.id, active->requestNo}};
    if (!writeAnswer(active, result, fromCache ? nullptr : &arrived))
        return;
    emit verdictsWritten(active->job.reportId);
    if (active->job.status == "pending"_L1) {
        // Items the judge left out are asked again, alone.
        retryLater(active, u"the answer left out %1 item(s)"_s.arg(active->job.rubricIds.size()),
                   0);
        return;
    }
    jobFinished(active);
}

bool RunController::writeAnswer(const std::shared_ptr<ActiveJob> &active,
                                const SchemeResult &result, const VerdictWriter::Arrived *arrived)
{
    const EvidenceLocator *evidence
        = m_config.locateEvidence ? m_reports->locator(active->job.reportId) : nullptr;
    const bool lastAttempt = active->job.attempts + 1 >= m_config.maxAttempts;
    QList<JudgedItem> written;
    const auto wrote = m_writer->writeAnswer(active->job, active->items, result, lastAttempt,
                                             evidence, &written, arrived);
    if (!wrote) {
        m_progress.lastError = wrote.errorMessage();
        giveUp(active, u"database: "_s + wrote.errorMessage());
        return false;
    }
    switch (*wrote) {
    case VerdictWriter::Outcome::Lost:
        dropJob(active);
        return false;
    case VerdictWriter::Outcome::Written:
        break;
    }
    for (const JudgedItem &item : std::as_const(written)) {
        if (item.verdict.value)
            ++m_progress.itemsJudged;
        else
            ++m_progress.itemErrors;
        countOutcome(item.verdict.reportId, item.verdict.rubricId, !item.verdict.value);
    }
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
    if (const auto wrote = m_writer->writeRetry(job);
        wrote && *wrote == VerdictWriter::Outcome::Lost) {
        dropJob(active);
        return;
    }
    ++m_progress.retries;
    int delay = retryAfterMs;
    if (delay < 0)
        delay = judgeBackoffMs(m_config, job.attempts);
    if (delay > m_config.backoffMaxMs) { // the server's Retry-After: say how long, not just why
        m_progress.lastError = u"%1 (the server asks to wait %2 s: asking again at %3)"_s.arg(
            why, QString::number(delay / 1000),
            QDateTime::currentDateTime().addMSecs(delay).toString(u"HH:mm:ss"_s));
    }
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
    const auto wrote = m_writer->writeFailure(job);
    if (!wrote) {
        qCWarning(lcRuns, "run %lld report %lld batch %d: the failure was not written: %s",
                  qint64(m_runId), qint64(job.reportId), job.batchIndex,
                  qPrintable(wrote.errorMessage()));
    } else if (*wrote == VerdictWriter::Outcome::Lost) {
        dropJob(active); // the job is another worker's now; it asks again
        return;
    } else {
        m_progress.itemErrors += int(job.rubricIds.size());
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
    const SchemeContext *ctx = m_reports->context(queued.reportId);
    if (!ctx) {
        giveUp(active, u"the report is no longer in the project"_s);
        return;
    }
    active->items = m_reports->items(queued.rubricIds);
    QList<Rubric> rubrics;
    for (RowId id : queued.rubricIds) {
        rubrics << m_reports->rubric(id);
        rubrics.last().id = id; // as the job names it, even for a rubric gone meanwhile
    }
    const SchemeResult result
        = judgeOfflineBatch(*m_reports->lexicalIndex(queued.reportId), ctx->task, rubrics);
    if (!writeAnswer(active, result))
        return;
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
    m_progress.waiting = m_waiting;
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
        (void)m_store->runs().setRunStatus(m_runId, status);
    else
        (void)m_store->runs().finishRun(m_runId, status);
    emitProgress(true);
    emit finished(status);
}

} // namespace Rubricate
