#include "runlease.h"

#include "store/projectstore.h"

#include <QCoreApplication>
#include <QSysInfo>
#include <QUuid>

#include <cerrno>

#include <signal.h> // NOLINT(modernize-deprecated-headers): POSIX kill(), not in <csignal>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Only a process on this machine can be checked; one elsewhere is waited for until its lease
// lapses. A pid reused by another program reads as alive: waiting is the safe mistake.
bool holderIsGone(const RunLease &holder)
{
    return holder.host == QSysInfo::machineHostName() && holder.pid > 0
        && ::kill(pid_t(holder.pid), 0) != 0 && errno == ESRCH;
}

QString heldByMessage(RowId runId, const RunLease &other)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    return u"run %1 is being judged by another process (pid %2 on %3, last heard from %4 s "
           u"ago); try again when it has finished, or in %5 s if that process has died"_s.arg(
               QString::number(runId), QString::number(other.pid), other.host,
               QString::number(qMax<qint64>(0, other.renewedAt.secsTo(now))),
               QString::number(qMax<qint64>(0, now.secsTo(other.expiresAt))));
}

} // namespace

RunLeaseKeeper::RunLeaseKeeper(ProjectStore &store)
    : m_store(store)
    , m_holder(u"%1:%2:%3"_s.arg(QSysInfo::machineHostName(),
                                 QString::number(QCoreApplication::applicationPid()),
                                 QUuid::createUuid().toString(QUuid::WithoutBraces)))
{ }

bool RunLeaseKeeper::take(RowId runId, QString *error)
{
    m_runId = runId;
    const RunLease mine{
        m_holder, QSysInfo::machineHostName(), QCoreApplication::applicationPid(), {}, {}};
    RunLease other;
    LeaseClaim claim = m_store.runs().claimRunLease(runId, mine, TermSeconds, &other);
    if (claim == LeaseClaim::HeldByOther && holderIsGone(other))
        claim = m_store.runs().takeOverRunLease(runId, mine, other.holder, TermSeconds);
    switch (claim) {
    case LeaseClaim::Taken:
        m_held = true;
        return true;
    case LeaseClaim::HeldByOther:
        *error = heldByMessage(runId, other);
        return false;
    case LeaseClaim::Failed:
        *error = u"database: "_s + m_store.lastError();
        return false;
    }
    return false;
}

bool RunLeaseKeeper::stillHeld()
{
    if (m_held
        && m_store.runs().renewRunLease(m_runId, m_holder, TermSeconds) == LeaseClaim::HeldByOther)
        m_held = false;
    return m_held;
}

void RunLeaseKeeper::release()
{
    if (m_held)
        m_store.runs().releaseRunLease(m_runId, m_holder);
    m_held = false;
}

} // namespace Rubricate
