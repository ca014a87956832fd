// Runs sent as provider batch jobs (OpenAI, Anthropic, Gemini) against the simulator's batch
// endpoints: the verdicts are a live run's, the ledger bills the batch share, and what a batch
// leaves unanswered (errored, expired) is asked live, never written as a verdict. A program
// closed while a batch runs resumes the same batch.
#include "judge/judgesimulator.h"
#include "judgefixture.h"
#include "runfixture.h"
#include "runs/runcontroller.h"
#include "runs/runplanner.h"
#include "scratchproject.h"

#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestBatchRun : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    JudgeSimulator m_judge;
    int m_items = 0;
    int m_jobs = 0;

    JudgeConfig config(bool batch) const
    {
        QFETCH(int, provider);
        JudgeConfig c = RubricateTest::simulatorRunJudge(m_judge, ProviderKind(provider));
        c.batch = batch;
        return c;
    }

    RowId plan(const JudgeConfig &c, const QString &name = {})
    {
        return RubricateTest::planDrb2Run(m_project->store(), c, name);
    }

    std::unique_ptr<RunController> controller()
    {
        auto c = std::make_unique<RunController>(m_project->store().path());
        c->setBatchPolling(5, 20);
        return c;
    }

    QString drive(RowId runId)
    {
        const auto runner = controller();
        QSignalSpy done(runner.get(), &RunController::finished);
        if (const auto started = runner->start(runId); !started) {
            qWarning() << started.errorMessage();
            return {};
        }
        if (!done.wait(60000) && done.isEmpty())
            return u"timeout"_s;
        return done.constFirst().constFirst().toString();
    }

    // Every item has the simulator's score, which a live run gets; no errors, no duplicates;
    // the batch is done with.
    void verifyVerdicts(RowId runId)
    {
        RubricateTest::verifySimulatorVerdicts(m_project->store(), runId, m_items);
        if (QTest::currentTestFailed())
            return;
        ProjectStore &s = m_project->store();
        const auto batch = s.runs().latestBatch(runId);
        QVERIFY(batch);
        QVERIFY(batch->taken);
        QVERIFY(!s.runs().openBatch(runId));
    }

    static void providers()
    {
        QTest::addColumn<int>("provider");
        QTest::newRow("openai") << int(ProviderKind::OpenAiCompatible);
        QTest::newRow("anthropic") << int(ProviderKind::Anthropic);
        QTest::newRow("gemini") << int(ProviderKind::Gemini);
    }

private slots:
    void initTestCase() { QVERIFY(m_judge.listen()); }

    void init()
    {
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY(m_project->isOpen());
        // 3 tasks x 12 rubrics x 2 models = 72 items; batches of 5 -> 3 jobs per report.
        m_items = RubricateTest::writeJudgeFixture(m_project->store(), m_project->filePath(u"in"_s),
                                                   3, 12);
        m_jobs = 3 * 3 * 2;
        SimulatorBehaviour b;
        // No prompt cache, so that a batch run and a live run bill the same tokens.
        b.promptCacheMinChars = 1 << 30;
        m_judge.setBehaviour(b);
        m_judge.resetCounters();
    }

    void answersLikeALiveRunAtTheBatchShare_data() { providers(); }
    void answersLikeALiveRunAtTheBatchShare()
    {
        const RowId run = plan(config(true));
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.batchesCreated(), 1);
        QCOMPARE(m_judge.requestCount(), 0); // nothing asked live
        const RunTotals batched = m_project->store().runs().runTotals(run).value();
        QCOMPARE(batched.requests, m_jobs);
        const auto batch = m_project->store().runs().latestBatch(run);
        QCOMPARE(batch->state, u"done"_s);
        QCOMPARE(batch->items.size(), m_jobs);
        QCOMPARE(batch->answered, m_jobs);

        // A live run of the same requests (another temperature, so that the response cache
        // does not answer it) bills the same tokens at twice the price.
        JudgeConfig liveConfig = config(false);
        liveConfig.temperature = 0.0;
        const RowId live = plan(liveConfig, u"live"_s);
        QCOMPARE(drive(live), u"finished"_s);
        QCOMPARE(m_judge.requestCount(), m_jobs);
        const RunTotals liveTotals = m_project->store().runs().runTotals(live).value();
        QCOMPARE(liveTotals.inputTokens, batched.inputTokens);
        QCOMPARE(liveTotals.outputTokens, batched.outputTokens);
        QVERIFY(batched.cost > 0);
        QVERIFY(qFuzzyCompare(liveTotals.cost, 2 * batched.cost));
        // The estimate applies the same share.
        QVERIFY(qFuzzyCompare(*estimatedCost(config(true), 1000000, 1000000),
                              0.5 * *estimatedCost(liveConfig, 1000000, 1000000)));
    }

    void erroredRequestsAreAskedLive_data() { providers(); }
    void erroredRequestsAreAskedLive()
    {
        SimulatorBehaviour b = m_judge.behaviour();
        b.batchFailEvery = 4;
        m_judge.setBehaviour(b);
        const RowId run = plan(config(true));
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.batchesCreated(), 1);
        QCOMPARE(m_judge.requestCount(), m_jobs / 4); // the 4th, 8th, … of the batch
        QCOMPARE(m_project->store().runs().latestBatch(run)->failed, m_jobs / 4);
    }

    void anExpiredBatchsRestIsAskedLive_data() { providers(); }
    void anExpiredBatchsRestIsAskedLive()
    {
        SimulatorBehaviour b = m_judge.behaviour();
        b.batchExpires = true;
        b.batchPollsBeforeDone = 3;
        m_judge.setBehaviour(b);
        const RowId run = plan(config(true));
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.batchesCreated(), 1);
        QVERIFY(m_judge.batchStatusPolls() >= 3);
        QCOMPARE(m_judge.requestCount(), m_jobs - m_jobs / 2); // the unanswered half
        QCOMPARE(m_project->store().runs().latestBatch(run)->state, u"expired"_s);
    }

    void aRestartedProgramResumesTheSameBatch_data() { providers(); }
    void aRestartedProgramResumesTheSameBatch()
    {
        SimulatorBehaviour b = m_judge.behaviour();
        b.batchPollsBeforeDone = 1000000; // until the test lets it end
        m_judge.setBehaviour(b);
        const RowId run = plan(config(true));
        {
            const auto first = controller();
            QVERIFY(first->start(run));
            QTRY_VERIFY_WITH_TIMEOUT(m_judge.batchStatusPolls() >= 2, 30000);
            QCOMPARE(first->progress().status, u"running"_s);
            QVERIFY(first->progress().batch.startsWith(u"batch running"_s));
        } // the program is closed while the batch runs
        const auto open = m_project->store().runs().openBatch(run);
        QVERIFY(open);
        QCOMPARE(open->state, u"running"_s);
        QCOMPARE(m_project->store().runs().runTotals(run).value().jobsDone, 0);

        b.batchPollsBeforeDone = 1; // it ends at the next poll
        m_judge.setBehaviour(b);
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.batchesCreated(), 1); // polled again, not sent again
        QCOMPARE(m_judge.requestCount(), 0);
        QCOMPARE(m_project->store().runs().latestBatch(run)->batchId, open->batchId);
    }
};

QTEST_GUILESS_MAIN(TestBatchRun)
#include "tst_batchrun.moc"
