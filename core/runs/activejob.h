// One job of a run while the controller has it (runcontroller.cpp and, for runs sent as a
// provider batch, runcontroller_batch.cpp).
#pragma once

#include "judge/judgeprovider.h"
#include "judge/promptscheme.h"
#include "runcontroller.h"

namespace Rubricate {

struct RunController::ActiveJob {
    RunJob job;
    bool slotReleased = false; // a batched job never holds a concurrency slot
    HttpCall call; // empty while the job waits for a provider batch: built again to send it
    QString cacheKey;
    int requestNo = 0; // job.requests when this request was sent
    QList<SchemeItem> items;
};

} // namespace Rubricate
