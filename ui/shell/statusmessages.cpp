#include "shell/statusmessages.h"

#include "runs/pdrcriteriagenerator.h"
#include "runs/runcontroller.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString counted(int n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(n);
}

} // namespace

QString StatusMessages::projectCounts(int tasks, int rubrics, int reports)
{
    return counted(tasks, tr("1 task"), tr("%L1 tasks")) + u" · "_s
        + counted(rubrics, tr("1 rubric"), tr("%L1 rubrics")) + u" · "_s
        + counted(reports, tr("1 report"), tr("%L1 reports"));
}

QString StatusMessages::runProgress(const RunProgress &p)
{
    return tr("Judging: %1 of %2 requests, %3 items, %4 errors")
        .arg(p.jobsDone + p.jobsFailed)
        .arg(p.jobsTotal)
        .arg(p.itemsJudged)
        .arg(p.itemErrors);
}

QString StatusMessages::criteriaProgress(const PdrCriteriaProgress &p)
{
    return tr("Writing PDR criteria: %1 of %2 queries written, %3 failed, %4 requests")
        .arg(p.written)
        .arg(p.queries)
        .arg(p.failed)
        .arg(p.requests);
}

QString StatusMessages::runFinished(const QString &status, const QString &error)
{
    return status == "finished"_L1 ? tr("Judge run finished")
                                   : tr("Judge run %1: %2").arg(status, error);
}

QString StatusMessages::exported(const QString &directory, int files)
{
    return tr("Exported %n file(s) to %1", nullptr, files).arg(directory);
}

QString StatusMessages::claimsExtracted(int reports, int cited, int uncited)
{
    return tr("Claims extracted from %n report(s): %1 cited, %2 uncited", "", reports)
        .arg(cited)
        .arg(uncited);
}

} // namespace Rubricate
