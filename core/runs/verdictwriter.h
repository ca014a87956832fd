// Writes what a judge run learns. Each job's part is one transaction, and it is written only
// while the job's lease is still this worker's: the write and the proof of ownership are one,
// so two workers never both write a job, and a job a worker lost is not half written.
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "store/storetypes.h"

#include <QList>
#include <QString>

#include <optional>

namespace Rubricate {

class EvidenceLocator;
class JobLeases;
class ProjectStore;
struct HttpCall;
struct JudgeConfig;
struct RunJob;
struct SchemeItem;
struct SchemeResult;

class VerdictWriter
{
public:
    // A write the database refused is an error instead, saying why.
    enum class Outcome {
        Written,
        Lost, // another worker holds the job now; nothing was written
    };

    VerdictWriter(ProjectStore &store, JobLeases &leases, RowId runId);

    // An answer as it arrived from the judge, for the response cache.
    struct Arrived {
        QString key;
        const JudgeConfig &config;
        CachedResponse answer;
    };

    // The judge's answer for `items` (the job's open items, in the order asked). Items the
    // answer left out stay open in `job` and `items` (status "pending"), except on the last
    // attempt, when they end as errors. `written` receives the verdicts written. `arrived`, an
    // answer from the judge rather than from the cache, goes into the response cache in the
    // same transaction, and alone when its verdicts cannot be written.
    Result<Outcome> writeAnswer(RunJob &job, QList<SchemeItem> &items, const SchemeResult &result,
                                bool lastAttempt, const EvidenceLocator *evidence,
                                QList<JudgedItem> *written, const Arrived *arrived = nullptr);
    // Items whose cited source cannot be read, and the job without them.
    Result<Outcome> writeUnavailable(RunJob &job, const QList<JudgedItem> &unavailable);
    // Every item still open in `job` ends as an explicit error with job.lastError as its
    // cause — never as a 0.
    Result<Outcome> writeFailure(const RunJob &job);
    // The job's attempt count and last error, before it is asked again.
    Result<Outcome> writeRetry(const RunJob &job);
    // The cached answer to `job`'s request with `key`, where the cache may answer it.
    std::optional<CachedResponse> cachedAnswer(const RunJob &job, const QString &key) const;
    // An answer as it arrived, so that a crash from here on costs nothing to redo.
    void cacheAnswer(const QString &key, const JudgeConfig &config, const CachedResponse &answer);

private:
    // One transaction: `arrived` (when given) in the cache, then `judged` and `next` while the
    // job is still this worker's. Nothing when the cache refuses `arrived`.
    std::optional<Result<Outcome>> writeJudged(const RunJob &next, const QList<JudgedItem> &judged,
                                               const Arrived *arrived);

    ProjectStore &m_store;
    JobLeases &m_leases;
    RowId m_runId = 0;
};

} // namespace Rubricate
