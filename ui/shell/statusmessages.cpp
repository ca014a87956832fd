#include "shell/statusmessages.h"

#include "runs/claimextractor.h"
#include "runs/pageclassifier.h"
#include "runs/pdrcriteriagenerator.h"
#include "runs/runcontroller.h"
#include "shell/windowshell.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString counted(int n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(n);
}

// A progress line: its %1, %2, … filled with the counts, in order.
QString withCounts(QString text, std::initializer_list<int> counts)
{
    for (const int n : counts)
        text = text.arg(n);
    return text;
}

} // namespace

QString StatusMessages::projectCounts(int tasks, int rubrics, int reports)
{
    return counted(tasks, WindowTexts::tr("1 task"), WindowTexts::tr("%L1 tasks")) + u" · "_s
        + counted(rubrics, WindowTexts::tr("1 rubric"), WindowTexts::tr("%L1 rubrics")) + u" · "_s
        + counted(reports, WindowTexts::tr("1 report"), WindowTexts::tr("%L1 reports"));
}

QString StatusMessages::runProgress(const RunProgress &p)
{
    // A paused run must not read as one still at work.
    if (p.status == "paused"_L1 && p.inFlight > 0)
        return WindowTexts::tr("Pausing: waiting for %n answer(s) on their way; %1 of %2 "
                               "requests answered",
                               nullptr, p.inFlight)
            .arg(p.jobsDone + p.jobsFailed)
            .arg(p.jobsTotal);
    if (p.status == "paused"_L1)
        return WindowTexts::tr("Paused: %1 of %2 requests answered, %3 items, %4 errors; "
                               "Resume sends the rest")
            .arg(p.jobsDone + p.jobsFailed)
            .arg(p.jobsTotal)
            .arg(p.itemsJudged)
            .arg(p.itemErrors);
    return WindowTexts::tr("Judging: %1 of %2 requests, %3 items, %4 errors")
        .arg(p.jobsDone + p.jobsFailed)
        .arg(p.jobsTotal)
        .arg(p.itemsJudged)
        .arg(p.itemErrors);
}

QString StatusMessages::criteriaProgress(const PdrCriteriaProgress &p)
{
    return withCounts(
        WindowTexts::tr("Writing PDR criteria: %1 of %2 queries written, %3 failed, %4 requests"),
        {p.written, p.queries, p.failed, p.requests});
}

QString StatusMessages::classifyProgress(const PageClassifyProgress &p)
{
    return withCounts(WindowTexts::tr("Classifying cited pages: %1 of %n page(s), %2 papers, %3 "
                                      "failed, %4 requests",
                                      nullptr, p.pages),
                      {p.classified + p.skipped, p.papers, p.failed, p.requests});
}

QString StatusMessages::claimExtractProgress(const ClaimExtractProgress &p)
{
    return withCounts(WindowTexts::tr("Extracting claims with a judge: %1 of %n report(s), %2 "
                                      "failed, %3 requests",
                                      nullptr, p.reports),
                      {p.extracted + p.skipped, p.failed, p.requests});
}

QString StatusMessages::runFinished(const QString &status, const QString &error)
{
    return status == "finished"_L1 ? WindowTexts::tr("Judge run finished")
                                   : WindowTexts::tr("Judge run %1: %2").arg(status, error);
}

QString StatusMessages::exported(const QString &directory, int files)
{
    return WindowTexts::tr("Exported %n file(s) to %1", nullptr, files).arg(directory);
}

QString StatusMessages::claimsExtracted(int reports, int cited, int uncited)
{
    return WindowTexts::tr("Claims extracted from %n report(s): %1 cited, %2 uncited", "", reports)
        .arg(cited)
        .arg(uncited);
}

} // namespace Rubricate
