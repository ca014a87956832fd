#include "services/projectsnapshot.h"

#include <QCoreApplication>

namespace Rubricate {

int ProjectSnapshot::rubricCount() const
{
    int total = 0;
    for (const TaskSummary &t : tasks)
        total += t.rubricCount;
    return total;
}

QString ProjectSnapshot::ownersOnlyReason() const
{
    if (!boundAnnotator)
        return {};
    // The window's context: the actions this greys out are all the window's.
    return QCoreApplication::translate("Rubricate::MainWindow",
                                       "This team project binds your login to the annotator %1: "
                                       "only its owners may do this")
        .arg(boundAnnotator->name);
}

} // namespace Rubricate
