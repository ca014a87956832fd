#include "verdictwriter.h"

#include "evidence/evidencelocator.h"
#include "judge/judgeconfig.h"
#include "judge/promptscheme.h"
#include "runlease.h"
#include "store/projectstore.h"
#include "store/transaction.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

Verdict verdictOf(RowId runId, const RunJob &job, const ItemOutcome &o)
{
    Verdict v;
    v.runId = runId;
    v.reportId = job.reportId;
    v.rubricId = o.rubricId;
    v.value = o.value;
    v.label = o.label;
    v.reason = o.reason;
    v.evidence = o.evidence;
    // The whole answer is in the response cache; keep only what the columns do not.
    for (auto it = o.raw.constBegin(); it != o.raw.constEnd(); ++it) {
        if (!verdictColumnKey(it.key()))
            v.raw.insert(it.key(), it.value());
    }
    if (o.missing)
        v.error = u"the judge left this item out of %1 answers"_s.arg(job.attempts + 1);
    else if (!o.value)
        v.error = o.error.isEmpty() ? u"no usable score"_s : o.error;
    return v;
}

JudgedItem judgedItemOf(Verdict v, const EvidenceLocator *evidence)
{
    JudgedItem item{std::move(v), {}, std::nullopt, {}};
    if (evidence && !item.verdict.evidence.trimmed().isEmpty()) {
        const EvidenceLocation at = evidence->locate(item.verdict.evidence);
        item.evidenceStatus = evidenceStatusKey(at.status);
        item.evidenceCoverage = at.coverage;
        for (const EvidenceSpan &s : at.spans)
            item.spans.append({s.start, s.length, matchMethodKey(s.method)});
    }
    return item;
}

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

// Writes the job's row in `tx` where the job is still this worker's: Written to go on and
// write what goes with it, Lost where another worker has it, or why neither.
Result<VerdictWriter::Outcome> updateHeldJob(JobLeases &leases, const Transaction &tx,
                                             const RunJob &job)
{
    // Outside a transaction the job's row would stay written when what goes with it is not.
    if (!tx.isOpen())
        return tx.began().error();
    const Result<bool> held = leases.update(job);
    if (!held)
        return held.error();
    return *held ? VerdictWriter::Outcome::Written : VerdictWriter::Outcome::Lost;
}

// A job's row and its verdicts, committed together where the job is still this worker's.
Result<VerdictWriter::Outcome> writeJob(ProjectStore &store, JobLeases &leases, Transaction &tx,
                                        const QList<JudgedItem> &verdicts, const RunJob &job)
{
    if (Result<VerdictWriter::Outcome> held = updateHeldJob(leases, tx, job);
        !held || *held == VerdictWriter::Outcome::Lost)
        return held;
    if (Result<void> written = store.runs().writeJudgeVerdicts(verdicts); !written)
        return written.error();
    if (Result<void> committed = tx.commit(); !committed)
        return committed.error();
    return VerdictWriter::Outcome::Written;
}

} // namespace

std::optional<CachedResponse> VerdictWriter::cachedAnswer(const RunJob &job,
                                                          const QString &key) const
{
    auto cached = m_store.runs().cachedResponse(key);
    if (cached && !cacheMayAnswer(job, *cached))
        cached.reset();
    return cached;
}

VerdictWriter::VerdictWriter(ProjectStore &store, JobLeases &leases, RowId runId)
    : m_store(store)
    , m_leases(leases)
    , m_runId(runId)
{ }

Result<VerdictWriter::Outcome>
VerdictWriter::writeAnswer(RunJob &job, QList<SchemeItem> &items, const SchemeResult &result,
                           bool lastAttempt, const EvidenceLocator *evidence,
                           QList<JudgedItem> *written, const Arrived *arrived)
{
    QList<RowId> missing;
    QList<SchemeItem> missingItems;
    QList<JudgedItem> judged;
    judged.reserve(result.items.size());
    for (int i = 0; i < result.items.size(); ++i) {
        const ItemOutcome &o = result.items.at(i);
        if (o.missing && !lastAttempt) {
            missing << o.rubricId;
            missingItems << items.at(i);
            continue;
        }
        judged.append(judgedItemOf(verdictOf(m_runId, job, o), evidence));
    }
    RunJob next = job;
    next.rubricIds = missing;
    next.status = missing.isEmpty() ? u"done"_s : u"pending"_s;
    std::optional<Result<Outcome>> outcome
        = arrived ? writeJudged(next, judged, arrived) : std::nullopt;
    if (!outcome)
        outcome = writeJudged(next, judged, nullptr);
    // The answer was paid for: it is kept even when its verdicts could not be written.
    if (arrived && !*outcome)
        cacheAnswer(arrived->key, arrived->config, arrived->answer);
    if (!*outcome || **outcome != Outcome::Written)
        return *outcome;
    job = next;
    items = missingItems;
    *written = std::move(judged);
    return Outcome::Written;
}

std::optional<Result<VerdictWriter::Outcome>>
VerdictWriter::writeJudged(const RunJob &next, const QList<JudgedItem> &judged,
                           const Arrived *arrived)
{
    Transaction tx(m_store);
    // With the verdicts rather than in a transaction of its own: one commit per answer.
    if (arrived
        && !m_store.runs().putCachedResponse(arrived->key, providerKey(arrived->config.provider),
                                             arrived->config.model, arrived->answer))
        return std::nullopt;
    const Result<Outcome> written = writeJob(m_store, m_leases, tx, judged, next);
    // The cache alone: another worker writes the job, and may use it.
    if (written && *written == Outcome::Lost && arrived)
        (void)tx.commit();
    return written;
}

Result<VerdictWriter::Outcome> VerdictWriter::writeUnavailable(RunJob &job,
                                                               const QList<JudgedItem> &unavailable)
{
    RunJob next = job;
    for (const JudgedItem &u : unavailable)
        next.rubricIds.removeAll(u.verdict.rubricId);
    if (next.rubricIds.isEmpty())
        next.status = u"done"_s;
    Transaction tx(m_store);
    Result<Outcome> written = writeJob(m_store, m_leases, tx, unavailable, next);
    if (written && *written == Outcome::Written)
        job = next;
    return written;
}

Result<VerdictWriter::Outcome> VerdictWriter::writeFailure(const RunJob &job)
{
    Transaction tx(m_store);
    if (Result<Outcome> held = updateHeldJob(m_leases, tx, job); !held || *held == Outcome::Lost)
        return held;
    std::optional<Error> refused;
    for (RowId rubric : job.rubricIds) {
        Verdict v;
        v.runId = m_runId;
        v.reportId = job.reportId;
        v.rubricId = rubric;
        v.error = job.lastError;
        if (const Upserted u = m_store.runs().upsertVerdict(v); !u.ok())
            refused = u.error;
    }
    if (refused)
        return *refused;
    if (const Result<void> committed = tx.commit(); !committed)
        return committed.error();
    return Outcome::Written;
}

Result<VerdictWriter::Outcome> VerdictWriter::writeRetry(const RunJob &job)
{
    Transaction tx(m_store);
    if (Result<Outcome> held = updateHeldJob(m_leases, tx, job); !held || *held == Outcome::Lost)
        return held;
    if (const Result<void> committed = tx.commit(); !committed)
        return committed.error();
    return Outcome::Written;
}

void VerdictWriter::cacheAnswer(const QString &key, const JudgeConfig &config,
                                const CachedResponse &answer)
{
    // A cache that cannot be written costs a request later, not the answer: the run goes on.
    Transaction tx(m_store);
    if (m_store.runs().putCachedResponse(key, providerKey(config.provider), config.model, answer))
        (void)tx.commit();
}

} // namespace Rubricate
