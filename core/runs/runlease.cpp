#include "runlease.h"

#include "runslog.h"
#include "store/projectstore.h"

#include <QCoreApplication>
#include <QCryptographicHash>
#include <QSysInfo>
#include <QUuid>

#include <cerrno>

#include <signal.h> // NOLINT(modernize-deprecated-headers): POSIX kill(), not in <csignal>
#include <unistd.h>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Where a pid means the same process as here: this boot of this kernel and this PID
// namespace. Two containers may share a host name (and a machine id) while each has its own
// pid 7; a worker in the other one must not read as ended because no pid 7 is in ours.
// Empty when either is unknown: then no other worker is ever taken for ended.
QString pidScope()
{
    const QByteArray boot = QSysInfo::bootUniqueId();
    char ns[64] = {};
    const ssize_t n = ::readlink("/proc/self/ns/pid", ns, sizeof ns - 1);
    if (boot.isEmpty() || n <= 0)
        return {};
    QCryptographicHash h(QCryptographicHash::Sha256);
    h.addData(boot);
    h.addData(QByteArrayView(ns, n));
    return QString::fromLatin1(h.result().toHex().left(16));
}

// Only a process in this PID scope can be checked; one elsewhere is waited for until its
// leases run out. A pid reused by another program reads as alive: waiting is the safe mistake.
bool ownerHasEnded(const QString &owner)
{
    static const QString scope = pidScope();
    const QStringList parts = owner.split(u':');
    if (scope.isEmpty() || parts.size() != 4 || parts.at(3) != scope)
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
    , m_owner(u"%1:%2:%3:%4"_s.arg(QSysInfo::machineHostName(),
                                   QString::number(QCoreApplication::applicationPid()),
                                   QUuid::createUuid().toString(QUuid::Id128).left(12), pidScope()))
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

Result<bool> JobLeases::update(const RunJob &job)
{
    return m_store.runs().updateHeldJob(job, m_owner, m_termSeconds);
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
