#include "jobqueue.h"

namespace Rubricate {

void JobQueue::clear()
{
    m_jobs.clear();
    m_awaitingFirstAnswer.clear();
    m_answered.clear();
}

qsizetype JobQueue::nextIndex() const
{
    for (qsizetype i = 0; i < m_jobs.size(); ++i) {
        if (!m_awaitingFirstAnswer.contains(m_jobs.at(i).reportId))
            return i;
    }
    return -1;
}

std::optional<RunJob> JobQueue::takeNext()
{
    const qsizetype i = nextIndex();
    if (i < 0)
        return std::nullopt;
    return m_jobs.takeAt(i);
}

void JobQueue::sent(RowId reportId)
{
    if (!m_answered.contains(reportId))
        m_awaitingFirstAnswer.insert(reportId);
}

void JobQueue::answered(RowId reportId)
{
    m_awaitingFirstAnswer.remove(reportId);
    m_answered.insert(reportId);
}

} // namespace Rubricate
