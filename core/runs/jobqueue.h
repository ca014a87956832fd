// The jobs a worker has claimed, and which of them goes next. A report's later batches wait
// for its first answer, so that they start with a prefix the provider has already cached:
// sent together, every batch would pay for the whole report. Other reports' jobs go meanwhile.
#pragma once

#include "store/storetypes.h"

#include <QList>
#include <QSet>

#include <optional>

namespace Rubricate {

class JobQueue
{
public:
    void append(const QList<RunJob> &jobs) { m_jobs.append(jobs); }
    void prepend(const RunJob &job) { m_jobs.prepend(job); } // a retry goes first
    void clear();
    bool isEmpty() const { return m_jobs.isEmpty(); }
    qsizetype size() const { return m_jobs.size(); }

    // Whether a job may go now.
    bool hasNext() const { return nextIndex() >= 0; }
    // The next job that may go now, out of the queue; empty when none may.
    std::optional<RunJob> takeNext();
    // A request for `reportId` went out to a provider.
    void sent(RowId reportId);
    // The provider answered a request for `reportId`, whatever it brought.
    void answered(RowId reportId);

private:
    qsizetype nextIndex() const;

    QList<RunJob> m_jobs;
    QSet<RowId> m_awaitingFirstAnswer; // reports with a request out and none answered yet
    QSet<RowId> m_answered; // reports the provider has answered in this session
};

} // namespace Rubricate
