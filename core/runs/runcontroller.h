// Drives one judge run: sends its pending jobs with a concurrency limit, request and token
// rate limits and Retry-After-aware back-off, reads the answers, and writes verdicts as they
// arrive. Everything is asynchronous; the controller's thread never waits on the network.
//
// Crash safety: an answer is put in the response cache the moment it arrives, and a job's
// verdicts and its "done" mark are written in one transaction. Killed at any moment, a run
// resumes from its pending jobs; an answer that had already arrived is read from the cache
// instead of being paid for again, and no verdict is lost or doubled.
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "jobqueue.h"
#include "judge/batchprotocol.h"
#include "judge/judgeconfig.h"
#include "judge/judgeprovider.h"
#include "requestkeys.h"
#include "verdictwriter.h"

#include <QElapsedTimer>
#include <QHash>
#include <QObject>
#include <QSet>

#include <memory>

class QNetworkReply;
class QTimer;

namespace Rubricate {

class BatchRunner;
class JobLeases;
class JudgeProvider;
class JudgeTransport;
class ProjectStore;
class PromptScheme;
class ReportContexts;
struct RunJob;
struct SchemeContext;
struct SchemeResult;
struct ProviderReply;

struct RunProgress {
    RowId runId = 0;
    QString status; // "running", "paused", "finished", "failed", "cancelled"
    int jobsTotal = 0;
    int jobsDone = 0;
    int jobsFailed = 0;
    int jobsWithOthers = 0; // pending jobs other workers hold while this one has none left
    int inFlight = 0;
    int waiting = 0; // jobs waiting to be asked again (lastError says why)
    int itemsJudged = 0; // verdicts with a value, this session
    int itemErrors = 0; // items that ended with an error, this session
    int errorsTotal = 0; // items of the whole run whose verdict is an error, now
    int requests = 0; // HTTP requests sent, this session
    int cacheHits = 0;
    int retries = 0;
    qint64 inputTokens = 0; // those read from or written to the provider's cache included
    qint64 outputTokens = 0;
    qint64 cacheReadTokens = 0;
    qint64 cacheWriteTokens = 0;
    double cost = 0;
    double itemsPerSecond = 0;
    QString lastError;
    QString worker; // this worker's name in the run's job leases (host:pid:random)
    QString batch; // a run sent as a provider batch: its state, e.g. "batch running, 3/9 answered"
};

class RunController : public QObject
{
    Q_OBJECT

public:
    explicit RunController(const QString &projectPath, QObject *parent = nullptr);
    ~RunController() override;

    // Opens the project on the calling thread and starts (or resumes, or joins other workers
    // on) the run's pending jobs. An error when the run cannot start (no such run, no API
    // key).
    Result<void> start(RowId runId);
    // How long this worker's job leases last without renewal (default one minute): a worker
    // killed on another machine holds its jobs this long. Set before start().
    void setLeaseTerm(int seconds) { m_leaseTermSeconds = seconds; }
    // Requests in flight from this worker instead of the run's setting (0: the run's).
    void setConcurrency(int requests) { m_concurrencyOverride = requests; }
    // A run sent as a provider batch polls it first after `firstMs`, then ever later up to
    // `maxMs` (default half a minute to ten minutes). Set before start().
    void setBatchPolling(int firstMs, int maxMs) { m_batchPollMs = {firstMs, maxMs}; }
    // Caps each provider batch below the provider's own limits (tests force a run into several
    // batches with it). Set before start().
    void setBatchLimits(const BatchLimits &limits) { m_batchLimits = limits; }
    void pause();
    void resume();
    // Stops the run; its pending jobs stay pending for a resume. Batches it sent to a provider
    // are cancelled there first, so that they are not billed: finished() follows once the
    // provider has answered.
    void cancel();
    // Stops the run as cancel() does, but batches at the provider go on (the program closes;
    // the next session resumes them).
    void close();

    RunProgress progress() const { return m_progress; }
    bool isActive() const { return m_active; }
    int requestsInFlight() const { return m_inFlight; }
    // The requests of a run in batch mode whose bodies are in memory now: at most one batch's,
    // while it is being created, and none while the batches are only polled.
    int requestBodiesHeld() const;
    // The fetched source texts (ReportBench's cited check) the jobs waiting for their batches
    // hold: none, as their bodies.
    int sourceTextsHeld() const;

signals:
    void progressChanged(const Rubricate::RunProgress &progress);
    void verdictsWritten(Rubricate::RowId reportId);
    void finished(const QString &status);

private:
    struct ActiveJob;
    void dispatch();
    void runJob(const RunJob &job);
    // The job's request, built and keyed; null when the job ended without one (its report is
    // gone, none of its items has a source).
    std::shared_ptr<ActiveJob> prepareJob(const RunJob &job, bool batched);
    // The job's request to the provider, from its items (their sources attached).
    HttpCall buildCall(const SchemeContext &ctx, const ActiveJob &active);
    bool answerFromCache(const std::shared_ptr<ActiveJob> &active);
    // Runs in batch mode (runcontroller_batch.cpp): whether the batch holds the run's jobs
    // now, so that nothing is sent live; the first call claims them and sends or resumes it.
    bool batchHolds();
    void startBatch();
    // Polls again the batches an earlier session sent that hold jobs of `claimed`, which then
    // wait for them; returns the other claimed jobs.
    Result<QList<RunJob>> resumeBatches(const QList<RunJob> &claimed);
    // `claimed` and every other free job, those of open batches waiting for them (resumed
    // here); the rest, to send. Empty when the batches cannot be read: the run has failed.
    std::optional<QList<RunJob>> claimRestBesideBatches(QList<RunJob> claimed);
    // `active` waits for the answer of `entry` in a batch, its request body dropped.
    void waitForBatch(const std::shared_ptr<ActiveJob> &active, const BatchEntry &entry);
    BatchRunner *addBatchRunner();
    void sendNextBatch();
    // The requests of an unsent batch's `entries`, built again (with their sources read
    // again); the jobs whose report is gone are given up and leave `entries`, as do those
    // left with no item whose source is still there.
    QList<BatchRequest> batchRequests(QList<BatchEntry> *entries);
    void showBatches();
    void takeBatchResults(BatchRunner *runner, const QHash<QString, ProviderReply> &replies,
                          const QString &why);
    // Cancels the run's batches at the provider; the run finishes when each has answered.
    void cancelBatches();
    void batchCancelled();
    void batchUnreachable(BatchRunner *runner, const QString &why);
    // Every batch has been taken or left open, none waits to be sent: the rest goes live.
    void batchesSettled();
    void stopSending();
    void runOffline(const RunJob &queued);
    // Fills in each item's source from the project; items without one get their "source
    // unavailable" verdict at once and leave the job. False when nothing is left to send.
    bool attachSources(const std::shared_ptr<ActiveJob> &active);
    void onReply(QNetworkReply *reply, const std::shared_ptr<ActiveJob> &active);
    void acceptAnswer(const std::shared_ptr<ActiveJob> &active, const ProviderReply &answer,
                      bool fromCache);
    // Adds what the provider billed for `answer` to the job and the run's ledger.
    void countTokens(RunJob &job, const ProviderReply &answer);
    void processAnswer(const std::shared_ptr<ActiveJob> &active, const ProviderReply &answer,
                       bool fromCache);
    void retryLater(const std::shared_ptr<ActiveJob> &active, const QString &why, int retryAfterMs);
    void giveUp(const std::shared_ptr<ActiveJob> &active, const QString &why);
    // Writes an answer's verdicts and counts them; false when the job was dropped or given
    // up instead.
    bool writeAnswer(const std::shared_ptr<ActiveJob> &active, const SchemeResult &result,
                     const VerdictWriter::Arrived *arrived = nullptr);
    void jobFinished(const std::shared_ptr<ActiveJob> &active);
    void releaseSlot(const std::shared_ptr<ActiveJob> &active);
    void countOutcome(RowId reportId, RowId rubricId, bool isError);
    void emitProgress(bool force = false);
    void finish(const QString &status);
    // The work queue (see runlease.h): jobs are leased a few at a time, and an answer is
    // written only while its job is still this worker's.
    bool claimMore(int count);
    void noJobsLeft();
    // Frees pending jobs this worker leases but no longer holds (their writes failed); false
    // when there were none.
    bool freeUnwrittenJobs(const RunTotals &totals);
    // The run's state cannot be read (its server went away): asked again with the run's
    // back-off, which a quick restart survives; after its attempts the run ends "failed", its
    // jobs pending for a resume. Nothing read from a project that did not answer ends the run
    // as finished.
    void projectUnreadable(const Error &why);
    void dropJob(const std::shared_ptr<ActiveJob> &active);

    QString m_projectPath;
    std::unique_ptr<ProjectStore> m_store;
    std::unique_ptr<PromptScheme> m_scheme;
    std::unique_ptr<JudgeProvider> m_provider;
    std::unique_ptr<JudgeTransport> m_transport; // null: the offline judge
    JudgeConfig m_config;
    QString m_apiKey; // read from the environment at start; never stored or logged
    RowId m_runId = 0;
    JobQueue m_queue;
    QSet<RowId> m_sharedReports; // reports with several requests in the run
    SharedPromptJson m_promptJson;
    RequestKeys m_requestKeys;
    std::unique_ptr<ReportContexts> m_reports;
    // (report, rubric) whose verdict in this run is an error: a re-run's answers replace
    // them, and errorsTotal must fall as they do.
    QSet<std::pair<RowId, RowId>> m_errorItems;
    QElapsedTimer m_clock;
    qint64 m_lastProgressMs = -1000;
    int m_inFlight = 0; // jobs holding a concurrency slot
    int m_processing = 0; // answers being written after their slot was released
    int m_waiting = 0; // jobs sleeping in back-off
    bool m_active = false;
    bool m_keyOptional = false; // a server on this machine may not want a key
    bool m_paused = false;
    bool m_cancelled = false;
    bool m_dispatchScheduled = false;
    std::unique_ptr<JobLeases> m_leases;
    std::unique_ptr<VerdictWriter> m_writer; // after m_leases, which it uses
    int m_leaseTermSeconds = 0; // 0: JobLeases' default
    int m_concurrencyOverride = 0;
    QTimer *m_leaseTimer = nullptr;
    qint64 m_nextClaimMs = 0; // after a claim found nothing, when to look again
    RunProgress m_progress;
    std::pair<int, int> m_batchPollMs{30000, 600000};
    BatchLimits m_batchLimits;
    // A run in batch mode: one runner per batch, sent one after the other (each upload can be
    // hundreds of megabytes). Only the batch being created holds its requests' bodies: the
    // batches waiting to be sent are their entries, built into requests when their turn comes.
    std::vector<std::unique_ptr<BatchRunner>> m_batches; // after m_store, which they use
    QList<QList<BatchEntry>> m_unsentBatches;
    bool m_batchStarted = false;
    bool m_batchOver = false; // every batch's answers are in; what is left is asked live
    int m_batchesCancelling = 0; // cancel calls the provider has not answered yet
    QString m_batchLeftOpen; // why a batch was left open at the provider for a later session
    int m_unreadableRounds = 0; // times in a row the run's state could not be read
    int m_unwrittenRounds = 0; // times in a row jobs were freed without one settling since
    int m_settledBeforeUnwritten = -1;
    // By the batches' custom ids, without their request bodies (waitForBatch).
    QHash<QString, std::shared_ptr<ActiveJob>> m_batchJobs;
};

} // namespace Rubricate
