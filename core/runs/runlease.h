// One process drives a run at a time: this side of the run_lease table, for whoever sends a
// run's jobs. Taken at start, renewed on a timer and inside every write, released at the end.
#pragma once

#include "domain/types.h"

#include <QString>

namespace Rubricate {

class ProjectStore;

class RunLeaseKeeper
{
public:
    // Long enough that a busy machine renews in time, short enough that a killed process on
    // another machine blocks its run for a minute at most.
    static constexpr int TermSeconds = 60;
    static constexpr int RenewIntervalMs = 15000;

    explicit RunLeaseKeeper(ProjectStore &store);

    // Takes the run, or says who holds it. A holder on this machine whose process has ended
    // is taken over at once: resuming right after a crash is what its user expects.
    bool take(RowId runId, QString *error);
    // False only when another process has taken the run over; a database error counts as
    // still held, since the write that follows meets the same error and reports it.
    bool stillHeld();
    void release();

private:
    ProjectStore &m_store;
    RowId m_runId = 0;
    QString m_holder; // this keeper, as the run_lease table names it
    bool m_held = false;
};

} // namespace Rubricate
