// One worker's side of a run's work queue: the leases on the pending jobs it sends.
//
// Any number of workers (windows, `judge`, `resume`, `worker` on any machine) drain one run
// together: each leases a few pending jobs at a time (RunStore::claimJobs), renews its leases
// while it works, and proves inside the transaction that writes an answer that the job is
// still its own (hold). A worker that dies stops renewing; its leases run out after one term
// and other workers take its jobs. One on this machine whose process has ended is noticed at
// once (same boot, same PID namespace), so resuming right after a crash does not wait out
// the term.
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "store/storetypes.h"

#include <QList>
#include <QString>

namespace Rubricate {

class ProjectStore;

class JobLeases
{
public:
    // Long enough that a busy machine renews in time, short enough that a killed worker on
    // another machine holds its jobs for a minute at most.
    static constexpr int DefaultTermSeconds = 60;

    JobLeases(ProjectStore &store, RowId runId, int termSeconds = DefaultTermSeconds);

    QString owner() const { return m_owner; }
    int termSeconds() const { return m_termSeconds; }
    // How often to renew: four times a term, so that one late renewal loses nothing.
    int renewIntervalMs() const { return m_termSeconds * 1000 / 4; }

    // Up to `count` pending jobs for this worker; when the free ones run short, the jobs of
    // workers on this machine whose process has ended are freed and claimed too.
    QList<RunJob> claim(int count);
    // Inside the transaction that writes the job's answer: writes its row and renews the lease
    // where it is still this worker's; false, with nothing written, where it is not.
    Result<bool> update(const RunJob &job);
    void renew();
    void release();
    // Frees the pending jobs this worker leases, for a worker that holds none of them in
    // memory any more; how many there were (-1 on a database error).
    int releasePending();
    // Pending jobs that other live workers hold now.
    int heldByOthers();

private:
    // The other workers holding jobs now. Those whose process on this machine has ended lose
    // their leases on the way, their jobs counted in *freed.
    QList<JobLeaseHolder> liveOtherHolders(int *freed);

    ProjectStore &m_store;
    RowId m_runId = 0;
    int m_termSeconds = DefaultTermSeconds;
    QString m_owner; // host:pid:random:pid-scope (see pidScope())
};

} // namespace Rubricate
