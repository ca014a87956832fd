// Planning and estimating runs: an estimate counts exactly what the plan will hold, writes
// nothing, prices only what has a price, and a re-run estimate counts what requeueing queues.
#include "judgefixture.h"
#include "runs/runplanner.h"
#include "scratchproject.h"

#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestRunPlanner : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    int m_items = 0;

    static JudgeConfig llm(double priceIn = 0, double priceOut = 0)
    {
        JudgeConfig c;
        c.provider = ProviderKind::OpenAiCompatible;
        c.model = u"sim-judge"_s;
        c.batchSize = 5;
        c.pricePerMillionInput = priceIn;
        c.pricePerMillionOutput = priceOut;
        return c;
    }

    static RunScope everything()
    {
        RunScope scope;
        scope.benchmarkKey = u"drb2"_s;
        return scope;
    }

    int runCount() { return m_project->scalar(u"SELECT count(*) FROM judge_run"_s); }
    int jobCount() { return m_project->scalar(u"SELECT count(*) FROM run_job"_s); }

private slots:
    void init()
    {
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY(m_project->isOpen());
        // 3 tasks x 12 rubrics x 2 models = 72 items; batches of 5 -> 3 jobs per report.
        m_items = RubricateTest::writeJudgeFixture(m_project->store(), m_project->filePath(u"in"_s),
                                                   3, 12);
    }

    void parsesIdLists()
    {
        QCOMPARE(parseIdList(u"1, 2,5-7,x"_s),
                 (QStringList{u"1"_s, u"2"_s, u"5"_s, u"6"_s, u"7"_s, u"x"_s}));
        QVERIFY(parseIdList(QString()).isEmpty());
    }

    void estimateIsThePlanWithoutWriting()
    {
        const JudgeConfig c = llm(1.0, 2.0);
        const auto estimate = estimateRun(m_project->store(), c, everything());
        QVERIFY2(estimate, qPrintable(estimate.errorMessage()));
        QCOMPARE(runCount(), 0);
        QCOMPARE(jobCount(), 0);
        QCOMPARE(estimate->reports, 6);
        QCOMPARE(estimate->jobs, 18);
        QCOMPARE(estimate->items, m_items);
        QVERIFY(estimate->inputTokens > 18 * 200);
        QCOMPARE(estimate->outputTokens, qint64(m_items) * estimatedOutputTokensPerItem);
        QVERIFY(estimate->cost.has_value());
        QCOMPARE(*estimate->cost,
                 estimate->inputTokens / 1e6 * 1.0 + estimate->outputTokens / 1e6 * 2.0);
        QVERIFY(*estimate->cost > 0);

        const auto planned = planRun(m_project->store(), c, everything(), {});
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        QCOMPARE(planned->reports, estimate->reports);
        QCOMPARE(planned->jobs, estimate->jobs);
        QCOMPARE(planned->items, estimate->items);
        QCOMPARE(planned->estimatedInputTokens, estimate->inputTokens);
        QCOMPARE(runCount(), 1);
        QCOMPARE(jobCount(), 18);
    }

    void promptCacheEstimate()
    {
        // Reports long enough for a provider to cache (about 2,400 tokens each).
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        RubricateTest::writeJudgeFixture(m_project->store(), m_project->filePath(u"in"_s), 3, 12,
                                         120);
        JudgeConfig c = llm(1.0, 2.0);
        c.provider = ProviderKind::Anthropic;
        const auto e = estimateRun(m_project->store(), c, everything());
        QVERIFY2(e, qPrintable(e.errorMessage()));
        // Three batches per report: the first writes the report to the cache, two read it.
        qint64 reportTokens = 0;
        for (const ReportSummary &r :
             m_project->store().reports().reportSummaries(u"drb2"_s).value())
            reportTokens += r.characters / 4;
        QVERIFY(reportTokens / 6 >= 1024);
        QCOMPARE(e->cacheWriteTokens, reportTokens);
        QCOMPARE(e->cacheReadTokens, 2 * reportTokens);
        // Anthropic's shares: a tenth for reads, 1.25 for writes.
        const double expected
            = (e->inputTokens - 3 * reportTokens + 0.1 * 2 * reportTokens + 1.25 * reportTokens)
                / 1e6
            + e->outputTokens / 1e6 * 2.0;
        QCOMPARE(e->costWithPromptCache.value_or(-1), expected);
        QVERIFY(*e->costWithPromptCache < *e->cost);

        const auto planned = planRun(m_project->store(), c, everything(), {});
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        QCOMPARE(planned->estimatedCacheReadTokens, e->cacheReadTokens);

        // Short reports are below every provider's smallest cacheable prefix.
        init();
        const auto shortReports = estimateRun(m_project->store(), c, everything());
        QVERIFY2(shortReports, qPrintable(shortReports.errorMessage()));
        QCOMPARE(shortReports->cacheReadTokens, 0);
    }

    void pricesAreKnownUnknownOrFree()
    {
        const auto unpriced = estimateRun(m_project->store(), llm(), everything());
        QVERIFY2(unpriced, qPrintable(unpriced.errorMessage()));
        QVERIFY(!unpriced->cost.has_value()); // "price unknown", not $0

        JudgeConfig offline;
        offline.provider = ProviderKind::Offline;
        offline.model = u"lexical-baseline"_s;
        offline.pricePerMillionInput = 5; // ignored: the offline judge costs nothing
        const auto free = estimateRun(m_project->store(), offline, everything());
        QVERIFY2(free, qPrintable(free.errorMessage()));
        QCOMPARE(free->cost.value_or(-1), 0.0);

        QCOMPARE(estimatedCost(llm(0, 4.0), 0, 1000000).value_or(-1), 4.0);
    }

    void scopeNarrowsAndFailsLikeThePlan()
    {
        RunScope scope = everything();
        scope.taskIds = parseIdList(u"1,3"_s);
        scope.models = {u"ModelA"_s};
        const auto narrow = estimateRun(m_project->store(), llm(), scope);
        QVERIFY2(narrow, qPrintable(narrow.errorMessage()));
        QCOMPARE(narrow->reports, 2);
        QCOMPARE(narrow->jobs, 6);
        QCOMPARE(narrow->items, 24);

        scope.taskIds = {u"99"_s};
        const auto noEstimate = estimateRun(m_project->store(), llm(), scope);
        const auto noPlan = planRun(m_project->store(), llm(), scope, {});
        QVERIFY(!noEstimate);
        QVERIFY(!noPlan);
        QCOMPARE(noEstimate.errorMessage(), noPlan.errorMessage());
        QCOMPARE(runCount(), 0);

        RunScope unknown;
        unknown.benchmarkKey = u"nope"_s;
        const auto unknownBenchmark = estimateRun(m_project->store(), llm(), unknown);
        QVERIFY(!unknownBenchmark);
        QVERIFY(unknownBenchmark.errorMessage().contains(u"nope"_s));
    }

    void onlyUnjudgedLeavesOutAnsweredItems()
    {
        RunScope scope = everything();
        scope.taskIds = {u"1"_s};
        scope.models = {u"ModelA"_s};
        const auto planned = planRun(m_project->store(), llm(), scope, {});
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        // Two items answered, one an error: only the answered ones count as judged.
        const QList<RunJob> jobs = m_project->store().runs().jobs(planned->runId).value();
        const RunJob &first = jobs.constFirst();
        for (int i = 0; i < 3; ++i) {
            Verdict v;
            v.runId = planned->runId;
            v.reportId = first.reportId;
            v.rubricId = first.rubricIds.at(i);
            if (i < 2)
                v.value = 1;
            else
                v.error = u"HTTP 500"_s;
            QVERIFY(m_project->store().runs().upsertVerdict(v).ok());
        }
        scope.onlyUnjudged = true;
        const auto rest = estimateRun(m_project->store(), llm(), scope);
        QVERIFY2(rest, qPrintable(rest.errorMessage()));
        QCOMPARE(rest->items, 10);
    }

    void requeueEstimateCountsWhatIsQueued()
    {
        RunScope scope = everything();
        scope.taskIds = {u"1"_s};
        scope.models = {u"ModelA"_s};
        JudgeConfig c = llm(1.0, 1.0);
        const auto planned = planRun(m_project->store(), c, scope, {});
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        QCOMPARE(planned->jobs, 3); // 5, 5 and 2 items
        ProjectStore &s = m_project->store();
        QList<RunJob> jobs = s.runs().jobs(planned->runId).value();
        const auto write = [&](const RunJob &job, int index, bool ok) {
            Verdict v;
            v.runId = planned->runId;
            v.reportId = job.reportId;
            v.rubricId = job.rubricIds.at(index);
            if (ok)
                v.value = 0;
            else
                v.error = u"HTTP 500 (after 6 attempts)"_s;
            QVERIFY(s.runs().upsertVerdict(v).ok());
        };
        // The first job gave up: its five items are errors. The second was answered with two
        // errors among its items; the third cleanly.
        for (int i = 0; i < 5; ++i)
            write(jobs[0], i, false);
        jobs[0].status = u"failed"_s;
        for (int i = 0; i < 5; ++i)
            write(jobs[1], i, i >= 2);
        jobs[1].status = u"done"_s;
        for (int i = 0; i < 2; ++i)
            write(jobs[2], i, true);
        jobs[2].status = u"done"_s;
        for (const RunJob &j : std::as_const(jobs))
            QVERIFY(s.runs().updateJob(j));

        const auto estimate = estimateRequeue(s, planned->runId);
        QVERIFY2(estimate, qPrintable(estimate.errorMessage()));
        QCOMPARE(estimate->jobs, 2);
        QCOMPARE(estimate->items, 7);
        QCOMPARE(estimate->reports, 1);
        QVERIFY(estimate->cost.value_or(0) > 0);
        QCOMPARE(jobCount(), 3); // nothing written

        const auto requeued = requeueFailedItems(s, planned->runId, c.batchSize);
        QVERIFY2(requeued, qPrintable(requeued.errorMessage()));
        QCOMPARE(*requeued, estimate->items);
        QCOMPARE(s.runs().runTotals(planned->runId).value().jobsPending, estimate->jobs);

        QVERIFY(!estimateRequeue(s, 12345));
    }
};

QTEST_GUILESS_MAIN(TestRunPlanner)
#include "tst_runplanner.moc"
