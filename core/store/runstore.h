// Judge runs: run rows, their persisted jobs and the workers' leases on them, verdicts and
// located evidence, the response cache.
#pragma once

#include "storetypes.h"
#include "subjectstore.h"

#include <QSet>

namespace Rubricate {

class RunStore : public SubjectStore
{
public:
    using SubjectStore::SubjectStore;

    Result<RowId> createRun(const JudgeRun &run);
    Result<void> finishRun(RowId runId, const QString &status);
    Upserted upsertVerdict(const Verdict &verdict);

    std::optional<JudgeRun> run(RowId id);
    Result<void> setRunStatus(RowId runId, const QString &status);
    Result<void> addJob(const RunJob &job);
    Result<QList<RunJob>> jobs(RowId runId, const QString &status = {});
    Result<void> updateJob(const RunJob &job);
    // Queues every job of `runId` in `fromStatus` again as a re-ask (attempts from zero, never
    // answered from the cache); returns how many moved.
    Result<int> requeueJobs(RowId runId, const QString &fromStatus);
    int nextBatchIndex(RowId runId, RowId reportId);
    std::optional<CachedResponse> cachedResponse(const QString &key);
    Result<void> putCachedResponse(const QString &key, const QString &provider,
                                   const QString &model, const CachedResponse &response);
    std::optional<RowId> verdictId(RowId runId, RowId reportId, RowId rubricId);
    // One statement per verdict for judge runs: insert or replace, with the evidence status,
    // returning the verdict's id. (Imports use upsertVerdict, which reports what changed.)
    std::optional<RowId> writeJudgeVerdict(const Verdict &verdict, const QString &evidenceStatus,
                                           std::optional<double> evidenceCoverage);
    Result<void> replaceEvidenceSpans(RowId verdictId, const QList<EvidenceSpanRow> &spans);
    // All verdicts of one answer in a few multi-row statements (items of one job are
    // distinct rubrics, as a multi-row upsert requires).
    Result<void> writeJudgeVerdicts(const QList<JudgedItem> &items);
    // For a verdict that has no spans yet (a run never re-judges an answered item).
    Result<void> addEvidenceSpans(RowId verdictId, const QList<EvidenceSpanRow> &spans);
    Result<void> setEvidence(RowId verdictId, const QString &status, double coverage,
                             const QList<EvidenceSpanRow> &spans);
    QList<EvidenceSpanRow> evidenceSpans(RowId verdictId);
    // (report, rubric) pairs of `runId` whose verdict is an error.
    Result<QList<std::pair<RowId, RowId>>> errorItems(RowId runId);
    // The reports of the run with more than one job (request), whatever their state.
    QSet<RowId> reportsWithSeveralJobs(RowId runId);
    // (report, rubric) pairs that already have a usable verdict in any run.
    QSet<std::pair<RowId, RowId>> judgedItems();
    // What runTotals() counts: the verdicts' counts read every verdict of the run, which a
    // run deciding whether it is done does not need (they stay 0 with JobsOnly).
    enum class Totals { JobsAndVerdicts, JobsOnly };
    Result<RunTotals> runTotals(RowId runId, Totals counted = Totals::JobsAndVerdicts);
    // The work queue. Leases up to `count` pending jobs of the run for `owner`: jobs nobody
    // holds and jobs whose lease ran out, oldest first. One statement, so two workers never
    // lease one job.
    QList<RunJob> claimJobs(RowId runId, const QString &owner, int count, int termSeconds);
    // Inside the transaction that writes a job's answer: writes the job's row and extends
    // `owner`'s lease, where the job is still theirs (one statement: the proof and the write).
    // False, with nothing written, when another worker took it over or finished it, so that a
    // late answer is never written twice.
    Result<bool> updateHeldJob(const RunJob &job, const QString &owner, int termSeconds);
    int renewJobLeases(RowId runId, const QString &owner, int termSeconds);
    void releaseJobLeases(RowId runId, const QString &owner);
    // Ends the leases of a worker known to be gone (its process on this machine has ended).
    int expireJobLeases(RowId runId, const QString &owner);
    // Who holds pending jobs of the run now (leases that have not run out).
    Result<QList<JobLeaseHolder>> jobLeaseHolders(RowId runId);

    // Provider batch jobs (runstore_batches.cpp).
    Result<RowId> addBatch(const RunBatch &batch);
    // State, counts and poll time; `taken` once its results are in.
    Result<void> updateBatch(const RunBatch &batch);
    // A run may be sent as several batches (a provider caps one batch's size); they are
    // listed oldest first. Open: not done with yet (neither taken nor cancelled).
    QList<RunBatch> batches(RowId runId);
    // An error when the batches cannot be read: a run that went on would send them again.
    Result<QList<RunBatch>> openBatches(RowId runId);
    std::optional<RunBatch> openBatch(RowId runId); // the newest open one
    std::optional<RunBatch> latestBatch(RowId runId);

    // Every run, oldest first, with its verdict and error counts.
    Result<QList<RunSummary>> list();
    QSet<QString> runNames(); // every run's name, cheaply (no counts)
    std::optional<RowId> runBySourceHash(const QString &sourceHash);
    Result<QList<Verdict>> verdicts(RowId runId, RowId reportId);
    QList<Verdict> verdictsOfReport(RowId reportId); // every run's
    // The newest run with verdicts for this report: (id, name).
    std::optional<std::pair<RowId, QString>> newestRunFor(RowId reportId);
    // Every run with a verdict for this report, newest first: (id, name).
    QList<std::pair<RowId, QString>> runsFor(RowId reportId);
    // The located evidence of one run on one report, by rubric, in span order.
    QHash<RowId, QList<EvidenceSpanRow>> evidenceSpansOfReport(RowId runId, RowId reportId);

private:
    static QString jobColumns();
    static RunJob jobFrom(const RowStatement &row);
    Result<QList<RunBatch>> batchesWhere(const QString &condition, RowId runId);
    Result<void> writeJudgedSpans(const QList<JudgedItem> &items);
    Result<void> writeSpanRows(const QList<std::pair<RowId, const EvidenceSpanRow *>> &spans);
};

} // namespace Rubricate
