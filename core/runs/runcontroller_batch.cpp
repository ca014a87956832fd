// The run controller's requests: each job's request built and keyed for the live path and for
// runs sent as one provider batch job (batchrunner.h), whose answers come back through the
// live path's reading and writing.
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
    ProviderRequest request
        = m_scheme->buildRequest(*ctx, active->items, m_provider.get(), m_config);
    // A prefix no other request of the run shares is not marked for the cache: Anthropic
    // bills writing it at 1.25 times the price, for nothing.
    if (!m_sharedReports.contains(job.reportId))
        request.cachedPrefixChars = 0;
    active->call = m_provider->buildCall(m_config, request, m_apiKey);
    active->cacheKey = VerdictWriter::cacheKey(m_config, active->call);
    return active;
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
    if (!m_batch)
        startBatch();
    return !m_batchOver;
}

void RunController::startBatch()
{
    std::unique_ptr<BatchProtocol> protocol = makeBatchProtocol(m_config);
    if (!protocol) {
        qCWarning(lcRuns, "run %lld: %s has no batch API here; asking live", qint64(m_runId),
                  qPrintable(providerKey(m_config.provider)));
        m_batchOver = true;
        return;
    }
    m_batch
        = std::make_unique<BatchRunner>(*m_store, m_config, std::move(protocol), m_apiKey, m_runId);
    m_batch->setPolling(m_batchPollMs.first, m_batchPollMs.second);
    connect(m_batch.get(), &BatchRunner::stateChanged, this, [this](const QString &state) {
        m_progress.batch = state;
        emitProgress(true);
    });
    connect(m_batch.get(), &BatchRunner::ended, this, &RunController::takeBatchResults);
    connect(this, &RunController::finished, m_batch.get(), &BatchRunner::stop);

    // A batch an earlier session sent is polled again, for the jobs it asks; everything else
    // this worker can lease waits for it and is then asked live (or, with no batch open yet,
    // goes into a new one).
    const std::optional<RunBatch> open = m_store->runs().openBatch(m_runId);
    QHash<RowId, BatchEntry> inOpen;
    for (const BatchEntry &e : open ? open->items : QList<BatchEntry>())
        inOpen.insert(e.jobId, e);
    QList<RunJob> claimed;
    for (QList<RunJob> more = m_leases->claim(500); !more.isEmpty(); more = m_leases->claim(500))
        claimed += more;
    QList<BatchRequest> requests;
    QList<BatchEntry> entries;
    for (const RunJob &job : std::as_const(claimed)) {
        if (open && !inOpen.contains(job.id)) {
            m_queue.append({job});
            continue;
        }
        const std::shared_ptr<ActiveJob> active = prepareJob(job, true);
        if (!active || (!open && answerFromCache(active)))
            continue;
        BatchEntry entry = inOpen.value(job.id);
        if (!open)
            entry = {u"job-%1-%2"_s.arg(job.id).arg(job.requests), job.id, job.requests};
        active->requestNo = entry.requestNo;
        active->job.requests = entry.requestNo + 1;
        m_batchJobs.insert(entry.customId, active);
        requests.append({entry.customId, active->call});
        entries.append(entry);
    }
    if (open && m_batchJobs.isEmpty()) {
        // None of its jobs is this worker's: all written before the program closed (the batch
        // is done with), or held by another worker polling it.
        bool stillPending = false;
        for (const RunJob &job : m_store->runs().jobs(m_runId, u"pending"_s).value_or({}))
            stillPending = stillPending || inOpen.contains(job.id);
        if (!stillPending) {
            RunBatch taken = *open;
            taken.taken = true;
            (void)m_store->runs().updateBatch(taken); // a failure leaves it open: polled again
        }
        m_batchOver = true;
    } else if (open) {
        m_batch->resume(*open);
    } else if (requests.isEmpty()) {
        m_batchOver = true; // nothing to send: answered from the cache or no jobs left
    } else {
        m_progress.requests += int(requests.size());
        m_batch->submit(requests, entries);
    }
    if (m_batchOver)
        QTimer::singleShot(0, this, &RunController::dispatch);
}

void RunController::takeBatchResults(const QHash<QString, ProviderReply> &replies,
                                     const QString &why)
{
    if (!m_active || m_cancelled)
        return;
    // Answers are read and written at once, one transaction each, before the batch is marked
    // taken: closed in between, the next session reads the batch's results again. What the
    // batch did not answer is asked live, counted as an attempt; never as a verdict.
    ++m_processing;
    for (auto it = m_batchJobs.cbegin(); it != m_batchJobs.cend(); ++it) {
        const auto reply = replies.constFind(it.key());
        if (reply == replies.cend())
            retryLater(it.value(), u"the batch did not answer (%1)"_s.arg(why), 0);
        else if (!reply->ok)
            retryLater(it.value(), reply->error, 0);
        else
            processAnswer(it.value(), *reply, false);
    }
    --m_processing;
    m_batchJobs.clear();
    m_batch->markTaken();
    m_batchOver = true;
    m_progress.batch.clear(); // what is left goes live
    emitProgress(true);
    dispatch();
}

} // namespace Rubricate
