// The run controller's requests: each job's request built and keyed for the live path and for
// runs sent as provider batch jobs (batchrunner.h; several when a run is over the provider's
// limits), whose answers come back through the live path's reading and writing.
#include "activejob.h"
#include "batchrunner.h"
#include "reportcontexts.h"
#include "runlease.h"
#include "runslog.h"
#include "store/projectstore.h"
#include "verdictwriter.h"

#include <QTimer>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// A job waiting for its batch keeps its items to read the answer by, not the pages they cite.
void dropSourceTexts(QList<SchemeItem> &items)
{
    for (SchemeItem &item : items)
        item.sourceText.clear();
}

} // namespace

std::shared_ptr<RunController::ActiveJob> RunController::prepareJob(const RunJob &job, bool batched)
{
    auto active = std::make_shared<ActiveJob>();
    active->job = job;
    active->slotReleased = batched;
    const SchemeContext *ctx = m_reports->context(job.reportId);
    if (!ctx) {
        giveUp(active, u"the report is no longer in the project"_s);
        return nullptr;
    }
    active->items = m_reports->items(job.rubricIds);
    if (m_scheme->needsSource() && !attachSources(active))
        return nullptr;
    active->call = buildCall(*ctx, *active);
    active->cacheKey = m_requestKeys.keyOf(m_config, active->call);
    return active;
}

HttpCall RunController::buildCall(const SchemeContext &ctx, const ActiveJob &active)
{
    ProviderRequest request = m_scheme->buildRequest(ctx, active.items, m_provider.get(), m_config);
    // A prefix no other request of the run shares is not marked for the cache: Anthropic
    // bills writing it at 1.25 times the price, for nothing.
    if (!m_sharedReports.contains(active.job.reportId))
        request.cachedPrefixChars = 0;
    m_promptJson.fill(request);
    return m_provider->buildCall(m_config, request, m_apiKey);
}

bool RunController::answerFromCache(const std::shared_ptr<ActiveJob> &active)
{
    const RunJob &job = active->job;
    const auto cached = m_writer->cachedAnswer(job, active->cacheKey);
    if (!cached)
        return false;
    ++m_progress.cacheHits;
    qCDebug(lcRuns, "run %lld report %lld batch %d: answered from the cache", qint64(m_runId),
            qint64(job.reportId), job.batchIndex);
    // Answer on the next turn of the event loop so that a fully cached run still lets the GUI
    // breathe between jobs.
    QTimer::singleShot(0, this, [this, active, cached = *cached] {
        ProviderReply answer;
        answer.ok = true;
        answer.text = cached.response;
        answer.inputTokens = cached.inputTokens;
        answer.outputTokens = cached.outputTokens;
        acceptAnswer(active, answer, true);
    });
    return true;
}

bool RunController::batchHolds()
{
    if (!m_config.batch || !m_provider || m_batchOver)
        return false;
    if (!std::exchange(m_batchStarted, true))
        startBatch();
    return !m_batchOver;
}

void RunController::startBatch()
{
    const std::unique_ptr<BatchProtocol> protocol = makeBatchProtocol(m_config);
    if (!protocol) {
        qCWarning(lcRuns, "run %lld: %s has no batch API here; asking live", qint64(m_runId),
                  qPrintable(providerKey(m_config.provider)));
        m_batchOver = true;
        return;
    }
    const std::optional<QList<RunJob>> rest = claimRestBesideBatches({});
    if (!rest) {
        m_batchOver = true;
        return;
    }
    QList<BatchEntry> entries;
    QList<qint64> sizes;
    for (const RunJob &job : *rest) {
        const std::shared_ptr<ActiveJob> active = prepareJob(job, true);
        if (!active || answerFromCache(active))
            continue;
        const BatchEntry entry{u"job-%1-%2"_s.arg(job.id).arg(job.requests), job.id, job.requests};
        sizes.append(protocol->sizeInBatch({entry.customId, active->call}));
        entries.append(entry);
        waitForBatch(active, entry);
    }
    // A provider takes so many requests and bytes in one batch; a larger run is sent as
    // several.
    const QList<qsizetype> lengths = batchLengths(sizes, protocol->limits().within(m_batchLimits));
    if (lengths.size() > 1)
        qCInfo(lcRuns, "run %lld: %lld request(s) in %lld batches", qint64(m_runId),
               qint64(entries.size()), qint64(lengths.size()));
    qsizetype at = 0;
    for (const qsizetype n : lengths) {
        m_unsentBatches.append(entries.mid(at, n));
        at += n;
    }
    m_progress.requests += int(entries.size());
    sendNextBatch();
    if (m_batches.empty()) {
        m_batchOver = true; // nothing to send: answered from the cache or no jobs left
        QTimer::singleShot(0, this, &RunController::dispatch);
    }
}

std::optional<QList<RunJob>> RunController::claimRestBesideBatches(QList<RunJob> claimed)
{
    // All of them at once: a batch polled here for only some of its jobs would leave the
    // others to be asked live.
    for (QList<RunJob> more = m_leases->claim(500); !more.isEmpty(); more = m_leases->claim(500))
        claimed += more;
    Result<QList<RunJob>> rest = resumeBatches(claimed);
    if (!rest) {
        // Not knowing its open batches, the run would send them again and pay twice.
        m_progress.lastError = u"the run's batches cannot be read: "_s + rest.errorMessage();
        finish(u"failed"_s);
        return std::nullopt;
    }
    return std::move(rest).value();
}

Result<QList<RunJob>> RunController::resumeBatches(const QList<RunJob> &claimed)
{
    const Result<QList<RunBatch>> read = m_store->runs().openBatches(m_runId);
    if (!read)
        return read.error();
    const QList<RunBatch> &open = *read;
    QHash<RowId, std::pair<qsizetype, BatchEntry>> inOpen; // job -> (its batch, its entry)
    for (qsizetype i = 0; i < open.size(); ++i) {
        for (const BatchEntry &e : open.at(i).items)
            inOpen.insert(e.jobId, {i, e});
    }
    QList<RunJob> rest;
    QSet<qsizetype> resumed;
    for (const RunJob &job : claimed) {
        const auto held = inOpen.constFind(job.id);
        if (held == inOpen.cend()) {
            rest.append(job);
            continue;
        }
        // Paid for already: never answered from the cache instead.
        const std::shared_ptr<ActiveJob> active = prepareJob(job, true);
        if (!active)
            continue;
        waitForBatch(active, held->second);
        resumed.insert(held->first);
    }
    QSet<QString> polledHere;
    for (const auto &runner : m_batches)
        polledHere.insert(runner->batch().batchId);
    std::optional<QSet<RowId>> pending;
    for (qsizetype i = 0; i < open.size(); ++i) {
        if (resumed.contains(i)) {
            if (!polledHere.contains(open.at(i).batchId))
                addBatchRunner()->resume(open.at(i));
            continue;
        }
        // None of its jobs is this worker's: all written before the program closed (the batch
        // is done with), or held by another worker polling it.
        if (!pending) {
            pending.emplace();
            for (const RunJob &job : m_store->runs().jobs(m_runId, u"pending"_s).value_or({}))
                pending->insert(job.id);
        }
        const QList<BatchEntry> &items = open.at(i).items;
        if (std::none_of(items.cbegin(), items.cend(),
                         [&](const BatchEntry &e) { return pending->contains(e.jobId); })) {
            RunBatch taken = open.at(i);
            taken.taken = true;
            (void)m_store->runs().updateBatch(taken); // a failure leaves it open: polled again
        }
    }
    return rest;
}

BatchRunner *RunController::addBatchRunner()
{
    auto owned = std::make_unique<BatchRunner>(*m_store, m_config, makeBatchProtocol(m_config),
                                               m_apiKey, m_runId);
    BatchRunner *runner = owned.get();
    m_batches.push_back(std::move(owned));
    runner->setPolling(m_batchPollMs.first, m_batchPollMs.second);
    connect(runner, &BatchRunner::changed, this, &RunController::showBatches);
    connect(runner, &BatchRunner::sent, this, &RunController::sendNextBatch);
    connect(runner, &BatchRunner::ended, this,
            [this, runner](const QHash<QString, ProviderReply> &replies, const QString &why) {
                takeBatchResults(runner, replies, why);
            });
    connect(runner, &BatchRunner::cancelled, this, &RunController::batchCancelled);
    connect(runner, &BatchRunner::unreachable, this,
            [this, runner](const QString &why) { batchUnreachable(runner, why); });
    connect(this, &RunController::finished, runner, &BatchRunner::stop);
    return runner;
}

void RunController::waitForBatch(const std::shared_ptr<ActiveJob> &active, const BatchEntry &entry)
{
    active->requestNo = entry.requestNo;
    active->job.requests = entry.requestNo + 1;
    // Its answer is read by its items and kept under its cache key; the body, some 35 KB, is
    // built again when its batch is sent. Kept for every job, a run of thousands of requests
    // would hold them all for as long as its batches take. So would the source texts of a
    // cited check, read again with the body.
    active->call = {};
    dropSourceTexts(active->items);
    m_batchJobs.insert(entry.customId, active);
}

void RunController::sendNextBatch()
{
    while (!m_unsentBatches.isEmpty() && !m_cancelled) {
        QList<BatchEntry> entries = m_unsentBatches.takeFirst();
        const QList<BatchRequest> requests = batchRequests(&entries);
        if (!requests.isEmpty()) {
            addBatchRunner()->submit(requests, entries);
            return;
        }
    }
}

QList<BatchRequest> RunController::batchRequests(QList<BatchEntry> *entries)
{
    // The bodies are built as prepareJob built them when the run was split, from the same items
    // and report: the same bytes, so the batch keeps within the provider's limits.
    QList<BatchRequest> requests;
    for (auto entry = entries->begin(); entry != entries->end();) {
        const std::shared_ptr<ActiveJob> active = m_batchJobs.value(entry->customId);
        const SchemeContext *ctx = active ? m_reports->context(active->job.reportId) : nullptr;
        // A source may have gone since the run was split: its item is answered "source
        // unavailable" now, and the rest keyed by the body actually sent.
        if (ctx && (!m_scheme->needsSource() || attachSources(active))) {
            HttpCall call = buildCall(*ctx, *active);
            if (m_scheme->needsSource()) {
                active->cacheKey = m_requestKeys.keyOf(m_config, call);
                dropSourceTexts(active->items);
            }
            requests.append({entry->customId, std::move(call)});
            ++entry;
            continue;
        }
        m_batchJobs.remove(entry->customId);
        entry = entries->erase(entry);
        if (active && !ctx)
            giveUp(active, u"the report is no longer in the project"_s);
    }
    return requests;
}

int RunController::requestBodiesHeld() const
{
    // The jobs waiting for their batches hold none (waitForBatch); counted all the same, so
    // that a test checks the bound rather than assumes it.
    qsizetype held = std::count_if(m_batchJobs.cbegin(), m_batchJobs.cend(),
                                   [](const auto &active) { return !active->call.body.isEmpty(); });
    for (const auto &runner : m_batches)
        held += runner->requestsHeld();
    return int(held);
}

int RunController::sourceTextsHeld() const
{
    qsizetype held = 0;
    for (const auto &active : m_batchJobs) {
        held += std::count_if(active->items.cbegin(), active->items.cend(),
                              [](const SchemeItem &item) { return !item.sourceText.isEmpty(); });
    }
    return int(held);
}

void RunController::showBatches()
{
    QList<RunBatch> batches;
    for (const auto &runner : m_batches)
        batches.append(runner->batch());
    for (const QList<BatchEntry> &unsent : std::as_const(m_unsentBatches)) {
        RunBatch waiting;
        waiting.items = unsent;
        batches.append(waiting);
    }
    m_progress.batch = describeBatches(batches);
    emitProgress(true);
}

void RunController::takeBatchResults(BatchRunner *runner,
                                     const QHash<QString, ProviderReply> &replies,
                                     const QString &why)
{
    if (!m_active || m_cancelled)
        return;
    // Answers are read and written at once, one transaction each, before the batch is marked
    // taken: closed in between, the next session reads the batch's results again. What the
    // batch did not answer is asked live once every batch has ended, counted as an attempt;
    // never as a verdict.
    ++m_processing;
    for (const BatchEntry &entry : runner->batch().items) {
        const std::shared_ptr<ActiveJob> active = m_batchJobs.take(entry.customId);
        if (!active)
            continue;
        const auto reply = replies.constFind(entry.customId);
        if (reply == replies.cend())
            retryLater(active, u"the batch did not answer (%1)"_s.arg(why), 0);
        else if (!reply->ok) {
            countTokens(active->job, *reply); // billed all the same
            retryLater(active, reply->error, 0);
        } else
            processAnswer(active, *reply, false);
    }
    --m_processing;
    runner->markTaken();
    batchesSettled();
}

void RunController::batchUnreachable(BatchRunner *runner, const QString &why)
{
    if (!m_active || m_cancelled)
        return;
    // Its jobs stay pending, held by this worker until the run ends: not asked live, since
    // the provider may still answer them (and bill them). A later session resumes the batch.
    for (const BatchEntry &entry : runner->batch().items)
        m_batchJobs.remove(entry.customId);
    if (runner->batch().batchId.isEmpty()) {
        m_batchLeftOpen
            = u"creating a batch of %1 request(s) got no answer, and it may exist all the same: "
              "%2. Its requests were not sent again, so as not to pay twice: look in the "
              "provider's console for a batch created now (tagged %3 where the provider keeps "
              "tags) and cancel it; resuming the run sends them again"_s
                  .arg(runner->batch().items.size())
                  .arg(why, runner->tag());
    } else {
        m_batchLeftOpen = u"batch %1 is left open: %2; it goes on at the provider, and resuming "
                          "the run polls it again"_s.arg(runner->batch().batchId, why);
    }
    m_progress.lastError = m_batchLeftOpen;
    batchesSettled();
}

void RunController::batchesSettled()
{
    showBatches();
    const bool allSettled = std::all_of(m_batches.cbegin(), m_batches.cend(), [](const auto &r) {
        return r->batch().taken || r->leftOpen();
    });
    if (!allSettled || !m_unsentBatches.isEmpty())
        return;
    m_batchOver = true;
    m_progress.batch.clear(); // what is left goes live
    emitProgress(true);
    dispatch();
}

void RunController::cancelBatches()
{
    // Nothing more is sent; each batch at the provider is cancelled there, so that the lab is
    // not billed for it. Answers already taken are written; the batches' other jobs stay
    // pending.
    m_unsentBatches.clear();
    for (const auto &runner : m_batches) {
        if (runner->cancel())
            ++m_batchesCancelling;
    }
    if (m_batchesCancelling == 0)
        finish(u"cancelled"_s);
}

void RunController::batchCancelled()
{
    showBatches();
    if (--m_batchesCancelling == 0)
        finish(u"cancelled"_s);
}

} // namespace Rubricate
