// Runs sent as provider batch jobs (OpenAI, Anthropic, Gemini) against the simulator's batch
// endpoints: the verdicts are a live run's, the ledger bills the batch share, and what a batch
// leaves unanswered (errored, expired) is asked live, never written as a verdict. A program
// closed while a batch runs resumes the same batch; one that cannot reach the provider leaves
// the batch open for the next session rather than asking its requests again. A run larger than the
// provider takes in one batch goes as several; cancelling a run cancels its batches at the
// provider.
#include "judge/judgesimulator.h"
#include "judgefixture.h"
#include "runfixture.h"
#include "runs/batchrunner.h"
#include "runs/runcontroller.h"
#include "runs/runplanner.h"
#include "scratchproject.h"
#include "waits.h"

#include <QSignalSpy>
#include <QSqlQuery>
#include <QTest>

#include <numeric>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestBatchRun : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    JudgeSimulator m_judge;
    int m_items = 0;
    int m_jobs = 0;
    // A batch's bytes in the split test: some seven of the fixture's requests (about 5 KB each).
    static constexpr qint64 kLimitBytes = 40000;

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

    std::unique_ptr<RunController> controller(const BatchLimits &limits = {})
    {
        auto c = std::make_unique<RunController>(m_project->store().path());
        c->setBatchPolling(5, 20);
        c->setBatchLimits(limits);
        return c;
    }

    QString drive(RowId runId, const BatchLimits &limits = {}, QStringList *shown = nullptr,
                  QString *lastError = nullptr)
    {
        const auto runner = controller(limits);
        if (shown) {
            QObject::connect(runner.get(), &RunController::progressChanged, runner.get(),
                             [shown](const RunProgress &p) {
                                 if (!p.batch.isEmpty() && !shown->contains(p.batch))
                                     shown->append(p.batch);
                             });
        }
        QSignalSpy done(runner.get(), &RunController::finished);
        if (const auto started = runner->start(runId); !started) {
            qWarning() << started.errorMessage();
            return {};
        }
        if (!done.wait(60000) && done.isEmpty())
            return u"timeout"_s;
        if (lastError)
            *lastError = runner->progress().lastError;
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

    template<typename Change>
    void changeBehaviour(Change change)
    {
        SimulatorBehaviour b = m_judge.behaviour();
        change(b);
        m_judge.setBehaviour(b);
    }

    // Runs to its end with every verdict right, from one batch.
    void finishesFromOneBatch(RowId run)
    {
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.batchesCreated(), 1);
    }

    // The provider fails every call that `failures` counts: the run ends "failed" with its
    // batch left open (ended at the provider or not), nothing asked live, no error written; once
    // the provider is back, the resumed run takes the same batch's answers.
    void verifyLeftOpenThenResumed(int SimulatorBehaviour::*failures, const QString &failure,
                                   bool ended)
    {
        SimulatorBehaviour b = m_judge.behaviour();
        b.*failures = 1000000;
        m_judge.setBehaviour(b);
        JudgeConfig c = config(true);
        c.maxAttempts = 2;
        const RowId run = plan(c);
        QString why;
        QCOMPARE(drive(run, {}, nullptr, &why), u"failed"_s);
        QVERIFY2(why.contains(u"left open"_s) && why.contains(failure), qPrintable(why));
        QCOMPARE(m_judge.requestCount(), 0);
        const auto open = m_project->store().runs().openBatch(run);
        QVERIFY(open);
        QVERIFY(!open->taken);
        QCOMPARE(batchStateIsFinal(batchStateFromKey(open->state).value()), ended);
        QVERIFY(why.contains(open->batchId));
        const RunTotals totals = m_project->store().runs().runTotals(run).value();
        QCOMPARE(totals.verdictErrors, 0);
        QCOMPARE(totals.jobsFailed, 0);
        QCOMPARE(totals.jobsPending, m_jobs);

        b.*failures = 0; // the provider is back
        m_judge.setBehaviour(b);
        finishesFromOneBatch(run);
        QCOMPARE(m_judge.requestCount(), 0);
    }

    static void providers()
    {
        QTest::addColumn<int>("provider");
        QTest::newRow("openai") << int(ProviderKind::OpenAiCompatible);
        QTest::newRow("anthropic") << int(ProviderKind::Anthropic);
        QTest::newRow("gemini") << int(ProviderKind::Gemini);
    }

    // The providers whose batches carry a tag to be looked for by.
    static void providersWithTags()
    {
        QTest::addColumn<int>("provider");
        QTest::newRow("openai") << int(ProviderKind::OpenAiCompatible);
        QTest::newRow("gemini") << int(ProviderKind::Gemini);
    }

    // The simulator's batches, as the project keeps them.
    QList<RunBatch> batchesOf(RowId run) const { return m_project->store().runs().batches(run); }

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
        finishesFromOneBatch(run);
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
        changeBehaviour([](SimulatorBehaviour &b) { b.batchFailEvery = 4; });
        const RowId run = plan(config(true));
        finishesFromOneBatch(run);
        QCOMPARE(m_judge.requestCount(), m_jobs / 4); // the 4th, 8th, … of the batch
        QCOMPARE(m_project->store().runs().latestBatch(run)->failed, m_jobs / 4);
    }

    void anExpiredBatchsRestIsAskedLive_data() { providers(); }
    void anExpiredBatchsRestIsAskedLive()
    {
        changeBehaviour([](SimulatorBehaviour &b) {
            b.batchExpires = true;
            b.batchPollsBeforeDone = 3;
        });
        const RowId run = plan(config(true));
        finishesFromOneBatch(run);
        QVERIFY(m_judge.batchStatusPolls() >= 3);
        QCOMPARE(m_judge.requestCount(), m_jobs - m_jobs / 2); // the unanswered half
        QCOMPARE(m_project->store().runs().latestBatch(run)->state, u"expired"_s);
    }

    // A provider that cannot be reached for a while: each failed poll waits twice as long as
    // the one before, and the batch's answers come in as if nothing had happened.
    void aFewFailedPollsAreRiddenOut_data() { providers(); }
    void aFewFailedPollsAreRiddenOut()
    {
        changeBehaviour([](SimulatorBehaviour &b) { b.batchPollFailures = 4; });
        JudgeConfig c = config(true);
        c.maxAttempts = 5;
        const RowId run = plan(c);
        finishesFromOneBatch(run);
        QCOMPARE(m_judge.requestCount(), 0);
    }

    // A batch that cannot be polled the run's attempts in a row is left open at the provider,
    // not failed: nothing of it is asked live (paid twice) or written as an error, and the
    // run's resumption polls the same batch again.
    void aBatchThatCannotBePolledIsLeftOpen_data() { providers(); }
    void aBatchThatCannotBePolledIsLeftOpen()
    {
        verifyLeftOpenThenResumed(&SimulatorBehaviour::batchPollFailures,
                                  u"polling the batch: HTTP 503"_s, false);
    }

    // An ended batch whose results cannot be downloaded stays open too; the answers it holds
    // are downloaded when the run is resumed.
    void aBatchWhoseResultsCannotBeDownloadedIsLeftOpen_data()
    {
        QTest::addColumn<int>("provider");
        QTest::newRow("openai") << int(ProviderKind::OpenAiCompatible);
        QTest::newRow("anthropic") << int(ProviderKind::Anthropic);
        // Gemini's answers come inline with the status: there is nothing to download.
    }
    void aBatchWhoseResultsCannotBeDownloadedIsLeftOpen()
    {
        verifyLeftOpenThenResumed(&SimulatorBehaviour::batchDownloadFailures,
                                  u"downloading the batch: HTTP 500"_s, true);
    }

    // A batch the project cannot keep (its disk full) would be found by no later session: it
    // is cancelled at the provider, and its requests are asked live.
    // A create call that reaches the provider but whose answer is lost (a proxy's 502) is not
    // sent again blindly: the batch is looked for by its tag and taken, so that one batch is
    // billed and nothing is asked live. Anthropic's batches carry no tag: the run stops with
    // the batch perhaps created, sends nothing again, asks nothing live, and says so.
    void aCreateWhoseAnswerWasLostIsNotPaidTwice_data() { providers(); }
    void aCreateWhoseAnswerWasLostIsNotPaidTwice()
    {
        changeBehaviour([](SimulatorBehaviour &b) { b.batchCreateAnswersLost = 1; });
        const JudgeConfig c = config(true);
        const RowId run = plan(c);
        QString why;
        const QString status = drive(run, {}, nullptr, &why);
        QCOMPARE(m_judge.batchesCreated(), 1);
        QCOMPARE(m_judge.requestCount(), 0);
        if (c.provider != ProviderKind::Anthropic) {
            QCOMPARE(status, u"finished"_s);
            verifyVerdicts(run);
            return;
        }
        QCOMPARE(status, u"failed"_s);
        QVERIFY2(why.contains(u"may exist all the same"_s) && why.contains(u"502"_s),
                 qPrintable(why));
        const RunTotals totals = m_project->store().runs().runTotals(run).value();
        QCOMPARE(totals.verdictErrors, 0);
        QCOMPARE(totals.jobsPending, m_jobs);
    }

    // The provider cannot say which batches it has: the batch whose create got no answer may
    // exist, so its requests are neither sent again nor asked live; the run stops naming its
    // tag, to be found in the provider's console.
    void aLostCreateThatCannotBeLookedForStopsTheRun_data() { providersWithTags(); }
    void aLostCreateThatCannotBeLookedForStopsTheRun()
    {
        changeBehaviour([](SimulatorBehaviour &b) {
            b.batchCreateAnswersLost = 1;
            b.batchListFailures = 1000000;
        });
        JudgeConfig c = config(true);
        c.maxAttempts = 2;
        const RowId run = plan(c);
        QString why;
        QCOMPARE(drive(run, {}, nullptr, &why), u"failed"_s);
        QVERIFY2(why.contains(u"tagged rubricate-"_s), qPrintable(why));
        QCOMPARE(m_judge.batchesCreated(), 1);
        QCOMPARE(m_judge.requestCount(), 0);
        QCOMPARE(m_project->store().runs().runTotals(run).value().jobsPending, m_jobs);
    }

    // A create that got no answer and created nothing (the look finds no batch with its tag)
    // is sent again: one batch, every answer from it.
    void aLostCreateThatCreatedNothingIsSentAgain_data() { providersWithTags(); }
    void aLostCreateThatCreatedNothingIsSentAgain()
    {
        changeBehaviour([](SimulatorBehaviour &b) { b.batchCreateFailures = 2; });
        const RowId run = plan(config(true));
        finishesFromOneBatch(run);
        QCOMPARE(m_judge.requestCount(), 0);
    }

    void aBatchTheProjectCannotKeepIsCancelled_data() { providers(); }
    void aBatchTheProjectCannotKeepIsCancelled()
    {
        QSqlQuery refuse(m_project->store().database());
        if (RubricateTest::onPostgres()) {
            QVERIFY(
                refuse.exec(u"CREATE FUNCTION refuse_batch() RETURNS trigger LANGUAGE plpgsql AS $$"
                            " BEGIN RAISE EXCEPTION 'disk full'; END $$"_s));
            QVERIFY(refuse.exec(u"CREATE TRIGGER refuse_batch BEFORE INSERT ON run_batch"
                                " FOR EACH ROW EXECUTE FUNCTION refuse_batch()"_s));
        } else {
            QVERIFY(refuse.exec(u"CREATE TRIGGER refuse_batch BEFORE INSERT ON run_batch"
                                " BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END"_s));
        }
        const RowId run = plan(config(true));
        QCOMPARE(drive(run), u"finished"_s);
        RubricateTest::verifySimulatorVerdicts(m_project->store(), run, m_items);
        QCOMPARE(m_judge.batchesCreated(), 1);
        QTRY_COMPARE_WITH_TIMEOUT(m_judge.batchCancels(), 1, BackgroundWorkTimeout);
        QCOMPARE(m_judge.requestCount(), m_jobs);
        QVERIFY(m_project->store().runs().batches(run).isEmpty());
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
        finishesFromOneBatch(run); // polled again, not sent again
        QCOMPARE(m_judge.requestCount(), 0);
        QCOMPARE(m_project->store().runs().latestBatch(run)->batchId, open->batchId);
    }

    // Two workers on a batch run: the one that sent the batch closes while it runs, and the
    // other, asking live by then, finds its jobs free. It polls that batch for them rather
    // than asking them live, which would pay for them twice.
    void aWorkerTakesOverTheBatchOfOneThatClosed_data() { providers(); }
    void aWorkerTakesOverTheBatchOfOneThatClosed()
    {
        SimulatorBehaviour b = m_judge.behaviour();
        b.batchPollsBeforeDone = 1000000; // until the test lets it end
        m_judge.setBehaviour(b);
        const RowId run = plan(config(true));
        auto first = controller();
        QVERIFY(first->start(run));
        QTRY_COMPARE_WITH_TIMEOUT(m_judge.batchesCreated(), 1, 30000);
        QTRY_VERIFY_WITH_TIMEOUT(m_judge.batchStatusPolls() >= 1, 30000);
        const auto second = controller();
        QSignalSpy done(second.get(), &RunController::finished);
        QVERIFY(second->start(run));
        QTRY_VERIFY_WITH_TIMEOUT(second->progress().jobsWithOthers > 0, 30000);

        first.reset(); // closed: its leases are freed, its batch goes on at the provider
        b.batchPollsBeforeDone = 1;
        m_judge.setBehaviour(b);
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 60000);
        QCOMPARE(done.constFirst().constFirst().toString(), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.batchesCreated(), 1);
        QCOMPARE(m_judge.requestCount(), 0);
    }

    // A run sent as several batches: a restarted program polls each of them again, and
    // sends none again.
    void aRestartedProgramResumesAllItsBatches_data() { providers(); }
    void aRestartedProgramResumesAllItsBatches()
    {
        SimulatorBehaviour b = m_judge.behaviour();
        b.batchPollsBeforeDone = 1000000; // until the test lets them end
        b.batchMaxRequests = 7;
        m_judge.setBehaviour(b);
        const RowId run = plan(config(true));
        ProjectStore &store = m_project->store();
        {
            const auto first = controller({7, 0});
            QVERIFY(first->start(run));
            QTRY_COMPARE_WITH_TIMEOUT(first->progress().batch,
                                      u"3 batches running, 0/%1 answered"_s.arg(m_jobs), 30000);
        } // the program is closed while the batches run
        const QList<RunBatch> open = store.runs().openBatches(run).value();
        QCOMPARE(open.size(), 3);

        b.batchPollsBeforeDone = 1; // they end at the next poll
        m_judge.setBehaviour(b);
        QCOMPARE(drive(run, {7, 0}), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.batchSizes(), QList<int>({7, 7, 4})); // none sent again
        QCOMPARE(m_judge.requestCount(), 0);
        const QList<RunBatch> after = batchesOf(run);
        QCOMPARE(after.size(), 3);
        for (qsizetype i = 0; i < after.size(); ++i) {
            QCOMPARE(after.at(i).batchId, open.at(i).batchId);
            QVERIFY(after.at(i).taken);
        }
    }

    // The provider refuses a batch over its limits; the run stays under them, in several
    // batches (each kept, polled and taken), and nothing is asked live.
    void aLargeRunIsSplitUnderTheProviderLimit_data()
    {
        QTest::addColumn<int>("provider");
        QTest::addColumn<int>("maxRequests");
        QTest::addColumn<qint64>("maxBytes");
        const std::pair<const char *, ProviderKind> kinds[]
            = {{"openai", ProviderKind::OpenAiCompatible},
               {"anthropic", ProviderKind::Anthropic},
               {"gemini", ProviderKind::Gemini}};
        for (const auto &[name, kind] : kinds) {
            QTest::addRow("%s, 7 requests", name) << int(kind) << 7 << qint64(0);
            QTest::addRow("%s, %lld bytes", name, kLimitBytes) << int(kind) << 0 << kLimitBytes;
        }
    }
    void aLargeRunIsSplitUnderTheProviderLimit()
    {
        QFETCH(int, maxRequests);
        QFETCH(qint64, maxBytes);
        changeBehaviour([&](SimulatorBehaviour &b) {
            b.batchMaxRequests = maxRequests;
            b.batchMaxBytes = maxBytes;
        });

        // Sent as one batch, the run is refused and asked live: the limit is real.
        const RowId whole = plan(config(true), u"whole"_s);
        QCOMPARE(drive(whole), u"finished"_s);
        QCOMPARE(m_judge.batchesCreated(), 0);
        QCOMPARE(m_judge.requestCount(), m_jobs);
        m_judge.resetCounters();

        // Under the limit (another temperature, so that the response cache answers nothing).
        JudgeConfig c = config(true);
        c.temperature = 0.5;
        const RowId run = plan(c);
        QStringList shown;
        QCOMPARE(drive(run, {maxRequests, maxBytes}, &shown), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.requestCount(), 0); // no batch was refused
        const QList<int> sizes = m_judge.batchSizes();
        qInfo() << "requests per batch:" << sizes;
        if (maxRequests > 0)
            QCOMPARE(sizes, QList<int>({7, 7, 4}));
        QVERIFY2(sizes.size() >= 3, "the byte limit must force at least three batches");
        QCOMPARE(std::accumulate(sizes.cbegin(), sizes.cend(), 0), m_jobs);

        const QList<RunBatch> kept = batchesOf(run);
        QCOMPARE(kept.size(), sizes.size());
        for (qsizetype i = 0; i < kept.size(); ++i) {
            QCOMPARE(kept.at(i).items.size(), sizes.at(i));
            QCOMPARE(kept.at(i).state, u"done"_s);
            QVERIFY(kept.at(i).taken);
        }
        const QString n = QString::number(sizes.size());
        QCOMPARE(describeBatches(kept), u"%1 batches done, %2/%2 answered"_s.arg(n).arg(m_jobs));
        // The run's progress line summed them while they ran.
        QVERIFY2(shown.contains(u"%1 batches being created, 0/%2 answered"_s.arg(n).arg(m_jobs)),
                 qPrintable(shown.join(u" | "_s)));
    }

    // A run in several batches holds the request bodies of the batch being created only, and
    // none while its batches are polled: its memory does not grow with its size.
    void onlyTheBatchBeingCreatedHoldsItsRequests_data() { providers(); }
    void onlyTheBatchBeingCreatedHoldsItsRequests()
    {
        changeBehaviour([](SimulatorBehaviour &b) {
            b.batchPollsBeforeDone = 1000000; // until the test lets them end
            b.batchMaxRequests = 7;
        });
        const RowId run = plan(config(true));
        const auto runner = controller({7, 0});
        int most = 0;
        // Each batch shows "being created" as its runner takes its requests.
        QObject::connect(runner.get(), &RunController::progressChanged, runner.get(),
                         [&most, c = runner.get()] { most = qMax(most, c->requestBodiesHeld()); });
        QSignalSpy done(runner.get(), &RunController::finished);
        QVERIFY(runner->start(run));
        QTRY_COMPARE_WITH_TIMEOUT(runner->progress().batch,
                                  u"3 batches running, 0/%1 answered"_s.arg(m_jobs), 30000);
        QCOMPARE(most, 7);
        QTRY_VERIFY_WITH_TIMEOUT(m_judge.batchStatusPolls() >= 6, 30000);
        QCOMPARE(runner->requestBodiesHeld(), 0);

        changeBehaviour([](SimulatorBehaviour &b) { b.batchPollsBeforeDone = 1; });
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 60000);
        QCOMPARE(done.constFirst().constFirst().toString(), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.batchSizes(), QList<int>({7, 7, 4}));
        QCOMPARE(m_judge.requestCount(), 0);
        QCOMPARE(runner->requestBodiesHeld(), 0);
    }

    // Cancelling a run while its batches run cancels each open batch at the provider (so
    // that it is not billed); answers already taken stay, nothing is written as an error,
    // and a later resume sends the cancelled batches' jobs again without polling them.
    void cancellingARunCancelsItsBatchAtTheProvider_data() { providers(); }
    void cancellingARunCancelsItsBatchAtTheProvider()
    {
        SimulatorBehaviour b = m_judge.behaviour();
        b.batchMaxRequests = 7;
        b.batchesEnding = 1; // the first batch ends, the other two run until cancelled
        m_judge.setBehaviour(b);
        const RowId run = plan(config(true));
        ProjectStore &store = m_project->store();
        {
            const auto runner = controller({7, 0});
            QSignalSpy finished(runner.get(), &RunController::finished);
            QVERIFY(runner->start(run));
            QTRY_VERIFY_WITH_TIMEOUT(m_judge.batchesCreated() == 3
                                         && store.runs().runTotals(run).value().jobsDone == 7
                                         && m_judge.batchStatusPolls() >= 6,
                                     30000);
            QVERIFY(finished.isEmpty());
            runner->cancel();
            QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, 30000);
            QCOMPARE(finished.constFirst().constFirst().toString(), u"cancelled"_s);
            QCOMPARE(runner->progress().status, u"cancelled"_s);
        }
        QCOMPARE(m_judge.batchCancels(), 2); // one per open batch
        QCOMPARE(store.runs().run(run)->status, u"cancelled"_s);
        const RunTotals totals = store.runs().runTotals(run).value();
        QCOMPARE(totals.jobsDone, 7); // the ended batch's answers are kept
        QCOMPARE(totals.verdictErrors, 0);
        QCOMPARE(totals.jobsFailed, 0);
        QCOMPARE(totals.jobsPending, m_jobs - 7);
        QCOMPARE(m_judge.requestCount(), 0);
        const QList<RunBatch> kept = batchesOf(run);
        QCOMPARE(kept.size(), 3);
        QCOMPARE(kept.at(0).state, u"done"_s);
        for (const RunBatch &cancelled : {kept.at(1), kept.at(2)}) {
            QCOMPARE(cancelled.state, u"cancelled"_s);
            QVERIFY(cancelled.taken); // done with: never polled again
        }
        QVERIFY(store.runs().openBatches(run).value().isEmpty());
        QCOMPARE(describeBatches(kept),
                 u"3 batches: 1 done, 2 cancelled; 7/%1 answered"_s.arg(m_jobs));

        // Resumed, the cancelled batches' jobs go in new batches; the cancelled ones are not
        // polled.
        b.batchesEnding = 0;
        m_judge.setBehaviour(b);
        QCOMPARE(drive(run, {7, 0}), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.batchSizes(), QList<int>({7, 7, 4, 7, 4}));
        QCOMPARE(m_judge.cancelledBatchPolls(), 0);
        QCOMPARE(m_judge.batchCancels(), 2);
        QCOMPARE(m_judge.requestCount(), 0);
    }
};

QTEST_GUILESS_MAIN(TestBatchRun)
#include "tst_batchrun.moc"
