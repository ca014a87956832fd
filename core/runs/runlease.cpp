#include "runlease.h"

#include "runslog.h"
#include "store/projectstore.h"

#include <QCoreApplication>
#include <QSysInfo>
#include <QUuid>

#include <cerrno>

#include <signal.h> // NOLINT(modernize-deprecated-headers): POSIX kill(), not in <csignal>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Only a process on this machine can be checked; one elsewhere is waited for until its leases
// run out. A pid reused by another program reads as alive: waiting is the safe mistake.
bool ownerHasEnded(const QString &owner)
{
    const QStringList parts = owner.split(u':');
    if (parts.size() != 3 || parts.at(0) != QSysInfo::machineHostName())
        return false;
    bool ok = false;
    const qint64 pid = parts.at(1).toLongLong(&ok);
    return ok && pid > 0 && pid != QCoreApplication::applicationPid() && ::kill(pid_t(pid), 0) != 0
        && errno == ESRCH;
}

} // namespace

JobLeases::JobLeases(ProjectStore &store, RowId runId, int termSeconds)
    : m_store(store)
    , m_runId(runId)
    , m_termSeconds(qMax(1, termSeconds))
    , m_owner(u"%1:%2:%3"_s.arg(QSysInfo::machineHostName(),
                                QString::number(QCoreApplication::applicationPid()),
                                QUuid::createUuid().toString(QUuid::Id128).left(12)))
{ }

QList<RunJob> JobLeases::claim(int count)
{
    QList<RunJob> jobs = m_store.runs().claimJobs(m_runId, m_owner, count, m_termSeconds);
    // Ended workers are looked for only when the free jobs ran short: a claim is on the run's
    // hot path, and a crash is rare.
    if (jobs.size() < count) {
        int freed = 0;
        liveOtherHolders(&freed);
        if (freed > 0)
            jobs += m_store.runs().claimJobs(m_runId, m_owner, count - int(jobs.size()),
                                             m_termSeconds);
    }
    return jobs;
}

bool JobLeases::hold(RowId jobId)
{
    return m_store.runs().holdJob(jobId, m_owner, m_termSeconds);
}

void JobLeases::renew()
{
    m_store.runs().renewJobLeases(m_runId, m_owner, m_termSeconds);
}

void JobLeases::release()
{
    m_store.runs().releaseJobLeases(m_runId, m_owner);
}

int JobLeases::releasePending()
{
    return m_store.runs().expireJobLeases(m_runId, m_owner);
}

int JobLeases::heldByOthers()
{
    int jobs = 0;
    for (const JobLeaseHolder &h : liveOtherHolders(nullptr))
        jobs += h.jobs;
    return jobs;
}

QList<JobLeaseHolder> JobLeases::liveOtherHolders(int *freed)
{
    QList<JobLeaseHolder> live;
    for (const JobLeaseHolder &h : m_store.runs().jobLeaseHolders(m_runId).value_or({})) {
        if (h.owner == m_owner)
            continue;
        if (ownerHasEnded(h.owner)) {
            qCInfo(lcRuns, "run %lld: worker %s has ended; its %d job(s) are free again",
                   qint64(m_runId), qPrintable(h.owner), h.jobs);
            m_store.runs().expireJobLeases(m_runId, h.owner);
            if (freed)
                *freed += h.jobs;
            continue;
        }
        live.append(h);
    }
    return live;
}

} // namespace Rubricate
