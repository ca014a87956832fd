#include "services/projectsnapshot.h"

namespace Rubricate {

int ProjectSnapshot::rubricCount() const
{
    int total = 0;
    for (const TaskSummary &t : tasks)
        total += t.rubricCount;
    return total;
}

} // namespace Rubricate
