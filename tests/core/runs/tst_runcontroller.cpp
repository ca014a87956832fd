// Judge runs against the in-process judge simulator: every way a provider misbehaves ends in
// a verdict or an explicit error, never in a silent 0, and nothing is paid for twice.
#include "judge/judgesimulator.h"
#include "judge/promptscheme.h"
#include "judgefixture.h"
#include "runfixture.h"
#include "runs/runcontroller.h"
#include "runs/runlease.h"
#include "runs/runplanner.h"
#include "runs/verdictwriter.h"
#include "scratchproject.h"
#include "waits.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLoggingCategory>
#include <QSignalSpy>
#include <QSqlQuery>
#include <QSysInfo>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

// A parsed answer that passes each of the job's items, and the items asked.
std::pair<QList<SchemeItem>, SchemeResult> allPassed(const RunJob &job)
{
    std::pair<QList<SchemeItem>, SchemeResult> out;
    out.second.parsed = true;
    for (RowId id : job.rubricIds) {
        ItemOutcome o;
        o.rubricId = id;
        o.value = 1;
        out.second.items.append(o);
        SchemeItem item;
        item.rubricId = id;
        out.first.append(item);
    }
    return out;
}

} // namespace

class TestRunController : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    JudgeSimulator m_judge;
    int m_items = 0;

    JudgeConfig config(ProviderKind provider = ProviderKind::OpenAiCompatible)
    {
        return RubricateTest::simulatorRunJudge(m_judge, provider);
    }

    RowId plan(const JudgeConfig &c, const QString &name = {})
    {
        return RubricateTest::planDrb2Run(m_project->store(), c, name);
    }

    // Leases every job of `run` to a process of pid `pid` (on this host) whose owner ends in
    // `tail`, until the year 2999.
    void leaseAllTo(RowId run, qint64 pid, const QString &tail)
    {
        QSqlQuery crash(m_project->store().database());
        QVERIFY(crash.exec(u"UPDATE run_job SET lease_owner = '%1:%2:%3',"
                           " lease_expires = '2999-01-01T00:00:00.000Z' WHERE run_id = %4"_s
                               .arg(QSysInfo::machineHostName())
                               .arg(pid)
                               .arg(tail)
                               .arg(run)));
    }

    // A pid that no process has: the kernel's limit is below 2^22.
    static constexpr qint64 kNoSuchPid = 4194304 + 17;

    // A run slow enough (50 ms a request, two at a time) to act on while it is going.
    RowId planSlowRun()
    {
        SimulatorBehaviour b;
        b.latencyMs = 50;
        m_judge.setBehaviour(b);
        JudgeConfig c = config();
        c.concurrency = 2;
        return plan(c);
    }

    // Runs to the end on this thread's event loop; returns the final status.
    QString drive(RowId runId, int timeoutMs = 60000)
    {
        RunController controller(m_project->store().path());
        QSignalSpy done(&controller, &RunController::finished);
        if (const auto started = controller.start(runId); !started) {
            qWarning() << started.errorMessage();
            return {};
        }
        if (!done.wait(timeoutMs) && done.isEmpty())
            return u"timeout"_s;
        m_lastProgress = controller.progress();
        return done.constFirst().constFirst().toString();
    }

    // Every item of the run has the simulator's score; no errors, no duplicates.
    void verifyVerdicts(RowId runId)
    {
        RubricateTest::verifySimulatorVerdicts(m_project->store(), runId, m_items);
    }

    // A run against a simulator behaving as `b` (with `timeoutMs` for each answer, when
    // given), driven to the end: finished, with every verdict right.
    void judgeDespite(const SimulatorBehaviour &b, int timeoutMs = 0)
    {
        m_judge.setBehaviour(b);
        JudgeConfig c = config();
        if (timeoutMs > 0)
            c.timeoutMs = timeoutMs;
        const RowId run = plan(c);
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
    }

    RunProgress m_lastProgress;
    int m_jobs = 0;

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
        m_judge.setBehaviour({});
        m_judge.resetCounters();
    }

    void judgesEverythingAndCachesTheAnswers()
    {
        const RowId run = plan(config());
        QVERIFY(run);
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.requestCount(), m_jobs);
        QVERIFY(m_judge.maxConcurrent() <= 4);
        const RunTotals t = m_project->store().runs().runTotals(run).value();
        QCOMPARE(t.requests, m_jobs);
        QVERIFY(t.inputTokens > 0 && t.outputTokens > 0);
        QVERIFY(t.cost > 0);
        // The simulator quotes 60 characters of the passage: located, not invented.
        QVERIFY(t.evidenceLocated > 0);
        QCOMPARE(t.evidenceNotFound, 0);

        // The same run again is answered from the cache: free, and the same verdicts.
        const RowId again = plan(config(), u"again"_s);
        QCOMPARE(drive(again), u"finished"_s);
        verifyVerdicts(again);
        QCOMPARE(m_judge.requestCount(), m_jobs);
        QCOMPARE(m_project->store().runs().runTotals(again).value().cost, 0.0);
        QCOMPARE(m_lastProgress.cacheHits, m_jobs);
    }

    void otherProvidersWireFormats_data()
    {
        QTest::addColumn<int>("provider");
        QTest::newRow("gemini") << int(ProviderKind::Gemini);
        QTest::newRow("anthropic") << int(ProviderKind::Anthropic);
    }

    void otherProvidersWireFormats()
    {
        QFETCH(int, provider);
        const RowId run = plan(config(ProviderKind(provider)));
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
    }

    void promptCacheTokensAreCountedAndPriced_data()
    {
        QTest::addColumn<int>("provider");
        QTest::addColumn<double>("readShare");
        QTest::addColumn<double>("writeShare");
        QTest::newRow("openai") << int(ProviderKind::OpenAiCompatible) << 0.5 << 1.0;
        QTest::newRow("gemini") << int(ProviderKind::Gemini) << 0.25 << 1.0;
        QTest::newRow("anthropic") << int(ProviderKind::Anthropic) << 0.1 << 1.25;
    }

    void promptCacheTokensAreCountedAndPriced()
    {
        QFETCH(int, provider);
        QFETCH(double, readShare);
        QFETCH(double, writeShare);
        SimulatorBehaviour b;
        // Above the instructions all prompts share (about 1,300 characters), below a report
        // with them (about 4,500).
        b.promptCacheMinChars = 2000;
        b.latencyMs = 20; // requests sent together overlap at the judge
        m_judge.setBehaviour(b);
        // Four requests at once: a report's later batches still wait for its first answer,
        // so that the provider has its report cached when they come.
        const RowId run = plan(config(ProviderKind(provider)));
        const JudgeConfig c = config(ProviderKind(provider));
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        for (const RunJob &job : m_project->store().runs().jobs(run).value()) {
            QCOMPARE(job.cacheReadTokens > 0, job.batchIndex > 0);
            QCOMPARE(job.cacheWriteTokens > 0,
                     job.batchIndex == 0 && ProviderKind(provider) == ProviderKind::Anthropic);
            QVERIFY(job.cacheReadTokens < job.inputTokens);
        }
        const RunTotals t = m_project->store().runs().runTotals(run).value();
        QCOMPARE(m_lastProgress.cacheReadTokens, t.cacheReadTokens);
        const double expected = (t.inputTokens - t.cacheReadTokens - t.cacheWriteTokens
                                 + readShare * t.cacheReadTokens + writeShare * t.cacheWriteTokens)
                / 1e6 * c.pricePerMillionInput
            + t.outputTokens / 1e6 * c.pricePerMillionOutput;
        QVERIFY(qAbs(t.cost - expected) < 1e-12);
    }

    void retriesServerErrorsRateLimitsAndTimeouts()
    {
        SimulatorBehaviour b;
        b.serverErrorTimes = 1;
        b.rateLimitTimes = 1;
        b.retryAfterSeconds = 1;
        b.hangTimes = 1;
        judgeDespite(b, 400);
        // Each request: hang, 500, 429, success.
        QCOMPARE(m_judge.requestCount(), 4 * m_jobs);
        QCOMPARE(m_lastProgress.retries, 3 * m_jobs);
    }

    void reasksBrokenTruncatedAndIncompleteAnswers()
    {
        SimulatorBehaviour b;
        b.brokenJsonTimes = 1;
        b.dropItemTimes = 1;
        b.fenced = true;
        m_judge.setBehaviour(b);
        const RowId run = plan(config());
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        // Per report, batches of 5, 5 and 2 items. A batch of five: broken, then an answer
        // without its third item, then that item alone (a new request, broken once too),
        // then answered: 4 requests. A batch of two: broken, then complete: 2 requests.
        QCOMPARE(m_judge.requestCount(), 6 * (4 + 4 + 2));

        m_judge.resetCounters();
        SimulatorBehaviour t;
        t.truncatedTimes = 1;
        m_judge.setBehaviour(t);
        const RowId truncatedRun = plan(config(), u"truncated"_s);
        QCOMPARE(drive(truncatedRun), u"finished"_s);
        verifyVerdicts(truncatedRun);
    }

    // An item the judge keeps leaving out is asked again each time, for real: the re-ask with
    // the same body as the one before must not be answered from the cache with the answer
    // that left it out. Neither must rerun-failed, once the judge behaves.
    void reasksAndRerunFailedReachTheJudge()
    {
        const QString stubborn = u"Task 1 rubric 4:"_s;
        SimulatorBehaviour b;
        b.script = [stubborn](const QString &prompt, int) -> std::optional<QString> {
            QJsonObject answer
                = QJsonDocument::fromJson(JudgeSimulator::answerPrompt(prompt).toUtf8()).object();
            // A readable answer about something else in place of the stubborn item, so that
            // the item is left out rather than the answer unreadable.
            QJsonArray kept;
            const QJsonArray results = answer.value(u"results"_s).toArray();
            for (const auto &item : results) {
                QJsonObject o = item.toObject();
                if (o.value(u"rubric_item"_s).toString().startsWith(stubborn))
                    o.insert(u"rubric_item"_s, u"Cites a source in every paragraph."_s);
                kept.append(o);
            }
            answer.insert(u"results"_s, kept);
            return QString::fromUtf8(QJsonDocument(answer).toJson());
        };
        m_judge.setBehaviour(b);
        JudgeConfig c = config();
        c.maxAttempts = 3;
        const RowId run = plan(c);
        drive(run);
        // Two reports (one per model) hold the stubborn item: its batch is asked once whole,
        // then the item alone twice, the second time with the same body as the first.
        QCOMPARE(m_judge.requestCount(), m_jobs + 2 * 2);
        QCOMPARE(m_lastProgress.cacheHits, 0);
        ProjectStore &s = m_project->store();
        QCOMPARE(s.runs().runTotals(run).value().verdictErrors, 2);
        int leftOut = 0;
        for (const ReportSummary &r : s.reports().reportSummaries(u"drb2"_s).value()) {
            for (const Verdict &v : s.runs().verdicts(run, r.id).value()) {
                if (!v.error.isEmpty()) {
                    QVERIFY2(v.error.contains(u"left this item out of 3 answers"_s),
                             qPrintable(v.error));
                    ++leftOut;
                }
            }
        }
        QCOMPARE(leftOut, 2);

        m_judge.setBehaviour({});
        m_judge.resetCounters();
        const auto requeued = requeueFailedItems(s, run, c.batchSize);
        QVERIFY2(requeued, qPrintable(requeued.errorMessage()));
        QCOMPARE(*requeued, 2);
        QCOMPARE(drive(run), u"finished"_s);
        QCOMPARE(m_judge.requestCount(), 2);
        QCOMPARE(m_lastProgress.cacheHits, 0);
        verifyVerdicts(run);

        // A new run asking what was asked before is still answered from the cache, for free,
        // except the item the cached answers left out: that goes to the judge.
        m_judge.resetCounters();
        const RowId again = plan(config(), u"again"_s);
        QCOMPARE(drive(again), u"finished"_s);
        QCOMPARE(m_lastProgress.cacheHits, m_jobs);
        QCOMPARE(m_judge.requestCount(), 2);
        verifyVerdicts(again);
    }

    // QT_LOGGING_RULES="rubricate.runs=true" tells what a run did, request by request;
    // the key it sent never shows.
    void logsWhatItDoesButNeverTheKey()
    {
        static QStringList messages; // a message handler is a plain function
        messages.clear();
        qputenv("RUBRICATE_TEST_JUDGE_KEY", "sk-test-4711-secret");
        QLoggingCategory::setFilterRules(u"rubricate.runs=true"_s);
        const QtMessageHandler previous = qInstallMessageHandler(
            [](QtMsgType, const QMessageLogContext &context, const QString &message) {
                if (QByteArray(context.category).startsWith("rubricate."))
                    messages << message;
            });
        SimulatorBehaviour b;
        b.serverErrorTimes = 1;
        m_judge.setBehaviour(b);
        JudgeConfig c = config();
        c.apiKeyEnv = u"RUBRICATE_TEST_JUDGE_KEY"_s;
        const QString status = drive(plan(c));
        qInstallMessageHandler(previous);
        QLoggingCategory::setFilterRules(QString());
        qunsetenv("RUBRICATE_TEST_JUDGE_KEY");

        QCOMPARE(status, u"finished"_s);
        QVERIFY(m_judge.lastAuthorization().contains("sk-test-4711-secret")); // it was sent
        const auto logged = [](const QString &what) {
            return std::any_of(messages.cbegin(), messages.cend(),
                               [&](const QString &m) { return m.contains(what); });
        };
        QVERIFY(logged(u"asking 5 item(s) of 127.0.0.1"_s));
        QVERIFY2(logged(u"HTTP 500"_s) && logged(u"asking again in"_s),
                 qPrintable(messages.join(u"\n"_s)));
        QVERIFY2(logged(u"finished: %1 request(s)"_s.arg(2 * m_jobs)), qPrintable(messages.last()));
        for (const QString &m : std::as_const(messages))
            QVERIFY2(!m.contains(u"4711"_s), qPrintable(m));
    }

    // A connection lost after "200 OK", and an answer that trickles in a byte at a time, are
    // network failures worth asking again, not final "HTTP 200" errors or a run that waits
    // for good: the deadline cuts off what the transfer timeout never sees.
    void answersCutOffOrTricklingAreAskedAgain()
    {
        SimulatorBehaviour b;
        b.cutOffTimes = 1;
        b.trickleTimes = 1;
        judgeDespite(b, 1000);
        // Cut off, trickling, answered; more where a loaded machine let the deadline pass
        // before the simulator (on this thread) read a request.
        QVERIFY(m_judge.requestCount() >= 3 * m_jobs);
        QVERIFY(m_lastProgress.retries >= 2 * m_jobs);
    }

    // A gateway's page where the provider's JSON should be is named as such (it read "the
    // judge returned no text"), and asked again.
    void aPageThatIsNoAnswerIsNamed()
    {
        SimulatorBehaviour b;
        b.htmlPageTimes = 1;
        judgeDespite(b);
        QCOMPARE(m_lastProgress.retries, m_jobs);
        QVERIFY2(m_lastProgress.lastError.startsWith(u"the reply is not JSON: <html><body>Bad"_s),
                 qPrintable(m_lastProgress.lastError));
    }

    // An answer without text is asked again, and billed all the same: the ledger counts the
    // tokens of both answers, as the provider does.
    void answersWithoutTextAreBilled()
    {
        const RowId plain = plan(config(), u"plain"_s);
        QCOMPARE(drive(plain), u"finished"_s);
        const qint64 once = m_project->store().runs().runTotals(plain).value().inputTokens;
        QVERIFY(once > 0);

        auto answered = std::make_shared<QSet<QString>>();
        SimulatorBehaviour b;
        b.script = [answered](const QString &prompt, int) -> std::optional<QString> {
            if (answered->contains(prompt))
                return std::nullopt;
            answered->insert(prompt);
            return QString(); // the first answer to each request has no text
        };
        m_judge.setBehaviour(b);
        JudgeConfig other = config(); // not answered from the first run's cache
        other.model += u"-2"_s;
        const RowId run = plan(other, u"empty first"_s);
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_project->store().runs().runTotals(run).value().inputTokens, 2 * once);
        QCOMPARE(m_lastProgress.inputTokens, 2 * once);
    }

    // A server that repeats the key it was sent (in an error message, say) has it replaced
    // before anything of the reply is kept, logged or shown.
    void aKeyTheServerRepeatsIsNeverKept()
    {
        qputenv("RUBRICATE_TEST_JUDGE_KEY", "sk-test-4711-secret");
        SimulatorBehaviour b;
        b.echoKeyTimes = 1;
        m_judge.setBehaviour(b);
        JudgeConfig c = config();
        c.apiKeyEnv = u"RUBRICATE_TEST_JUDGE_KEY"_s;
        const RowId run = plan(c);
        const QString status = drive(run);
        qunsetenv("RUBRICATE_TEST_JUDGE_KEY");
        QCOMPARE(status, u"finished"_s);
        verifyVerdicts(run);
        QSqlQuery q(m_project->store().database());
        QVERIFY(q.exec(u"SELECT last_error FROM run_job WHERE run_id = %1"_s.arg(run)));
        int told = 0;
        while (q.next()) {
            QVERIFY2(!q.value(0).toString().contains(u"4711-secret"_s),
                     qPrintable(q.value(0).toString()));
            told += q.value(0).toString().contains(u"no access with Bearer [API key]"_s);
        }
        QVERIFY(told > 0);
        for (const QString &suffix : {QString(), u"-wal"_s}) {
            QFile file(m_project->store().path() + suffix);
            if (file.open(QIODevice::ReadOnly))
                QVERIFY(!file.readAll().contains("4711-secret"));
        }
    }

    void mapsRewordedItems()
    {
        SimulatorBehaviour b;
        b.reword = true;
        m_judge.setBehaviour(b);
        const RowId run = plan(config());
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_judge.requestCount(), m_jobs);
    }

    void errorsAreNeverZeroesAndCanBeRerun()
    {
        SimulatorBehaviour b;
        b.serverErrorTimes = 100;
        m_judge.setBehaviour(b);
        JudgeConfig c = config();
        c.maxAttempts = 3;
        const RowId run = plan(c);
        QCOMPARE(drive(run), u"failed"_s);
        ProjectStore &s = m_project->store();
        RunTotals t = s.runs().runTotals(run).value();
        QCOMPARE(t.verdicts, m_items);
        QCOMPARE(t.verdictErrors, m_items); // every item an explicit error ...
        QCOMPARE(t.jobsFailed, m_jobs);
        QCOMPARE(m_lastProgress.errorsTotal, m_items);
        // Resumed with nothing pending, a run whose requests gave up is still failed.
        QCOMPARE(drive(run), u"failed"_s);
        QCOMPARE(m_judge.requestCount(), 3 * m_jobs);
        const auto reports = s.reports().reportSummaries(u"drb2"_s).value();
        const Verdict v = s.runs().verdicts(run, reports.constFirst().id).value().constFirst();
        QVERIFY(!v.value.has_value()); // ... with no value, so never counted as "not met"
        QVERIFY2(v.error.contains(u"HTTP 500"_s) && v.error.contains(u"3 attempts"_s),
                 qPrintable(v.error));
        QCOMPARE(m_judge.requestCount(), 3 * m_jobs);

        // "Re-run only the failed items", now that the provider has recovered.
        m_judge.setBehaviour({});
        const auto requeued = requeueFailedItems(s, run, c.batchSize);
        QVERIFY2(requeued, qPrintable(requeued.errorMessage()));
        QCOMPARE(*requeued, m_items);
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        // The answers replaced the errors, and the live count followed them down.
        QCOMPARE(m_lastProgress.errorsTotal, 0);
    }

    void anOversizedAnswerIsAnErrorNotARetry()
    {
        // The shared HTTP policy caps an answer at 16 MiB: a judge (or something posing as
        // one) cannot fill the memory, and the same answer is not asked for again.
        SimulatorBehaviour b;
        b.script = [](const QString &, int arrival) -> std::optional<QString> {
            if (arrival == 1)
                return QString(17 * 1024 * 1024, u'x');
            return std::nullopt;
        };
        m_judge.setBehaviour(b);
        JudgeConfig c = config();
        c.concurrency = 1;
        const RowId run = plan(c);
        QCOMPARE(drive(run), u"failed"_s);
        QCOMPARE(m_judge.requestCount(), m_jobs); // one each: the oversized one not again
        const RunTotals t = m_project->store().runs().runTotals(run).value();
        QCOMPARE(t.jobsFailed, 1);
        QCOMPARE(t.verdictErrors, c.batchSize);
        QVERIFY2(m_lastProgress.lastError.startsWith(u"the answer is too large: more than"_s),
                 qPrintable(m_lastProgress.lastError));
    }

    void unreachableJudgeEndsInExplicitErrors()
    {
        // A closed port: network errors are retried, then end as errors with their cause.
        JudgeConfig closed = config();
        closed.baseUrl = u"http://127.0.0.1:9"_s;
        closed.maxAttempts = 2;
        const RowId dead = plan(closed, u"dead"_s);
        QCOMPARE(drive(dead), u"failed"_s);
        const RunTotals t = m_project->store().runs().runTotals(dead).value();
        QCOMPARE(t.verdictErrors, m_items);
        const auto reports = m_project->store().reports().reportSummaries(u"drb2"_s).value();
        const Verdict v = m_project->store()
                              .runs()
                              .verdicts(dead, reports.constFirst().id)
                              .value()
                              .constFirst();
        QVERIFY2(v.error.startsWith(u"network"_s), qPrintable(v.error));
    }

    void cancelThenResumeLosesAndDoublesNothing()
    {
        const RowId run = planSlowRun();
        {
            RunController controller(m_project->store().path());
            QSignalSpy done(&controller, &RunController::finished);
            QVERIFY(controller.start(run));
            QTRY_VERIFY_WITH_TIMEOUT(controller.progress().jobsDone >= 4, BackgroundWorkTimeout);
            controller.pause();
            // What was in flight finishes; after that, paused, nothing new goes out.
            QTRY_COMPARE_WITH_TIMEOUT(controller.requestsInFlight(), 0, BackgroundWorkTimeout);
            QSignalSpy received(&m_judge, &JudgeSimulator::requestReceived);
            QVERIFY(!received.wait(200));
            controller.resume();
            QTRY_VERIFY_WITH_TIMEOUT(controller.progress().jobsDone >= 8, BackgroundWorkTimeout);
            controller.cancel();
            QCOMPARE(done.size(), 1);
            QCOMPARE(done.constFirst().constFirst().toString(), u"cancelled"_s);
        }
        QVERIFY(m_project->store().runs().runTotals(run).value().jobsPending > 0);
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
        // Only requests cut off by the cancel were sent twice.
        QCOMPARE(m_judge.distinctRequestCount(), m_jobs);
        QVERIFY(m_judge.requestCount() <= m_jobs + 2);
    }

    // Two workers on one run (two windows, or a window and `worker`): they share its jobs, and
    // the run ends as if one had been there: every job asked once, every item judged once.
    void twoWorkersDrainOneRunTogether()
    {
        const RowId run = planSlowRun();
        RunController first(m_project->store().path());
        RunController second(m_project->store().path());
        QSignalSpy firstDone(&first, &RunController::finished);
        QSignalSpy secondDone(&second, &RunController::finished);
        const auto firstStarted = first.start(run);
        QVERIFY2(firstStarted, qPrintable(firstStarted.errorMessage()));
        const auto secondStarted = second.start(run);
        QVERIFY2(secondStarted, qPrintable(secondStarted.errorMessage()));

        QTRY_COMPARE_WITH_TIMEOUT(firstDone.size(), 1, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(secondDone.size(), 1, 60000);
        QCOMPARE(firstDone.constFirst().constFirst().toString(), u"finished"_s);
        QCOMPARE(secondDone.constFirst().constFirst().toString(), u"finished"_s);
        QVERIFY(first.progress().requests > 0);
        QVERIFY(second.progress().requests > 0);
        QCOMPARE(first.progress().requests + second.progress().requests, m_jobs);
        verifyVerdicts(run);
        QCOMPARE(m_judge.requestCount(), m_jobs);
        QCOMPARE(m_project->store().runs().run(run)->status, u"finished"_s);
        QVERIFY(m_project->store().runs().jobLeaseHolders(run).value().isEmpty());
    }

    // A worker that went quiet for a whole lease term (suspended, its disk stalled) loses its
    // jobs to another worker; the answers it gets afterwards are dropped, never written twice.
    void aLapsedLeaseGoesToAnotherWorkerAndTheLateAnswerIsDropped()
    {
        const RowId run = planSlowRun();
        RunController first(m_project->store().path());
        QSignalSpy firstDone(&first, &RunController::finished);
        QVERIFY(first.start(run));
        QTRY_VERIFY_WITH_TIMEOUT(first.progress().jobsDone >= 2 && first.requestsInFlight() > 0,
                                 BackgroundWorkTimeout);

        QSqlQuery lapse(m_project->store().database());
        QVERIFY(lapse.exec(u"UPDATE run_job SET lease_expires = '2000-01-01T00:00:00.000Z'"
                           " WHERE lease_owner IS NOT NULL AND status = 'pending'"_s));
        QVERIFY(lapse.numRowsAffected() > 0);
        RunController second(m_project->store().path());
        QSignalSpy secondDone(&second, &RunController::finished);
        const auto secondStarted = second.start(run);
        QVERIFY2(secondStarted, qPrintable(secondStarted.errorMessage()));

        QTRY_COMPARE_WITH_TIMEOUT(firstDone.size(), 1, 60000);
        QTRY_COMPARE_WITH_TIMEOUT(secondDone.size(), 1, 60000);
        QCOMPARE(secondDone.constFirst().constFirst().toString(), u"finished"_s);
        verifyVerdicts(run);
        QCOMPARE(m_project->store().runs().run(run)->status, u"finished"_s);
        // Only the requests the first worker had in flight were asked twice.
        QCOMPARE(m_judge.distinctRequestCount(), m_jobs);
        QVERIFY(m_judge.requestCount() <= m_jobs + 2);
    }

    // An answer goes into the response cache in its verdicts' transaction; when its job went to
    // another worker meanwhile, nothing of the job is written, but the answer is still kept.
    void anAnswerIsCachedWithItsVerdictsAndAloneWhenItsJobIsLost()
    {
        const JudgeConfig c = config();
        const RowId run = plan(c);
        ProjectStore &s = m_project->store();
        JobLeases mine(s, run);
        const QList<RunJob> claimed = mine.claim(2);
        QCOMPARE(claimed.size(), 2);
        VerdictWriter writer(s, mine, run);
        QList<JudgedItem> written;
        const auto answer = [&](RunJob &job, const QString &key) {
            auto [items, result] = allPassed(job);
            const VerdictWriter::Arrived arrived{key, c, {u"answer "_s + key, 10, 5, job.id, 0}};
            written.clear();
            return writer.writeAnswer(job, items, result, false, nullptr, &written, &arrived);
        };

        RunJob first = claimed.at(0);
        const qsizetype asked = first.rubricIds.size();
        const auto wrote = answer(first, u"first"_s);
        QVERIFY2(wrote, qPrintable(wrote.errorMessage()));
        QCOMPARE(*wrote, VerdictWriter::Outcome::Written);
        QCOMPARE(first.status, u"done"_s);
        QCOMPARE(written.size(), asked);
        QVERIFY(s.runs().verdictId(run, first.reportId, claimed.at(0).rubricIds.constFirst()));
        QCOMPARE(s.runs().cachedResponse(u"first"_s)->response, u"answer first"_s);

        RunJob second = claimed.at(1);
        QSqlQuery takeOver(s.database());
        QVERIFY(takeOver.exec(
            u"UPDATE run_job SET lease_owner = 'elsewhere:1:x' WHERE id = %1"_s.arg(second.id)));
        const auto lost = answer(second, u"second"_s);
        QVERIFY2(lost, qPrintable(lost.errorMessage()));
        QCOMPARE(*lost, VerdictWriter::Outcome::Lost);
        QVERIFY(written.isEmpty());
        QCOMPARE(second.status, u"pending"_s);
        QVERIFY(!s.runs().verdictId(run, second.reportId, second.rubricIds.constFirst()));
        QCOMPARE(s.runs().cachedResponse(u"second"_s)->response, u"answer second"_s);
        // Nor is anything of it in the job's row, which stays the other worker's.
        QSqlQuery row(s.database());
        QVERIFY(row.exec(
            u"SELECT status, rubric_ids, lease_owner FROM run_job WHERE id = %1"_s.arg(second.id)));
        QVERIFY(row.next());
        QCOMPARE(row.value(0).toString(), u"pending"_s);
        QCOMPARE(row.value(1).toString().count(u','), second.rubricIds.size() - 1);
        QCOMPARE(row.value(2).toString(), u"elsewhere:1:x"_s);
    }

    // A job's answer is written in one transaction or not at all: when its transaction cannot
    // begin (in use, SQLite's write lock held by another process past the timeout; here, a
    // transaction already open on the connection), neither the job's row nor its verdicts are
    // written on their own.
    void aJobIsNotWrittenOutsideItsTransaction()
    {
        if (RubricateTest::onPostgres())
            QSKIP("PostgreSQL begins a transaction inside another with a warning");
        const RowId run = plan(config());
        ProjectStore &s = m_project->store();
        JobLeases mine(s, run);
        RunJob job = mine.claim(1).value(0);
        QVERIFY(job.id > 0);
        VerdictWriter writer(s, mine, run);
        auto [items, result] = allPassed(job);
        QSqlQuery outer(s.database());
        QVERIFY(outer.exec(u"BEGIN"_s));
        QList<JudgedItem> written;
        const auto refused = writer.writeAnswer(job, items, result, false, nullptr, &written);
        QVERIFY(!refused);
        QVERIFY(written.isEmpty());
        QVERIFY(outer.exec(u"COMMIT"_s)); // what was written in it would stay
        QCOMPARE(job.status, u"pending"_s);
        QVERIFY(!s.runs().verdictId(run, job.reportId, job.rubricIds.constFirst()));
        QSqlQuery row(s.database());
        QVERIFY(row.exec(u"SELECT status FROM run_job WHERE id = %1"_s.arg(job.id)));
        QVERIFY(row.next());
        QCOMPARE(row.value(0).toString(), u"pending"_s);
    }

    // A worker whose process ended on this machine gives its jobs back at once: resuming right
    // after a crash does not wait out the lease.
    // The database refuses every verdict for a while (a lock held past its timeout): jobs
    // whose answer and failure could not be written are freed and asked again, never left
    // leased for ever (the worker used to wait on them without end). A run that still cannot
    // write ends saying so; resumed once the database writes again, it loses nothing.
    void jobsWhoseWritesFailedAreAskedAgainNotLeftHanging()
    {
        QSqlQuery q(m_project->store().database());
        QVERIFY(q.exec(u"CREATE TABLE blocked (x INTEGER)"_s));
        QVERIFY(q.exec(u"INSERT INTO blocked VALUES (1)"_s));
        if (RubricateTest::onPostgres()) {
            QVERIFY(q.exec(u"CREATE FUNCTION refuse_verdict() RETURNS trigger LANGUAGE plpgsql"
                           " AS $$ BEGIN IF EXISTS (SELECT 1 FROM blocked) THEN RAISE EXCEPTION"
                           " 'database is locked'; END IF; RETURN NEW; END $$"_s));
            QVERIFY(q.exec(u"CREATE TRIGGER refuse_verdict BEFORE INSERT ON verdict"
                           " FOR EACH ROW EXECUTE FUNCTION refuse_verdict()"_s));
        } else {
            QVERIFY(q.exec(u"CREATE TRIGGER refuse_verdict BEFORE INSERT ON verdict"
                           " WHEN EXISTS (SELECT 1 FROM blocked)"
                           " BEGIN SELECT RAISE(ABORT, 'database is locked'); END"_s));
        }
        JudgeConfig c = config();
        c.maxAttempts = 2;
        c.backoffBaseMs = 1;
        c.backoffMaxMs = 5;
        const RowId run = plan(c);
        QCOMPARE(drive(run, 30000), u"failed"_s);
        QVERIFY2(m_lastProgress.lastError.contains(u"could not be written to the project"_s),
                 qPrintable(m_lastProgress.lastError));
        QCOMPARE(m_project->store().runs().runTotals(run).value().jobsPending, m_jobs);

        QVERIFY(q.exec(u"DELETE FROM blocked"_s));
        QCOMPARE(drive(run), u"finished"_s);
        verifyVerdicts(run);
    }

    // The server ends the run's session in the middle (a restart, a network that dropped it):
    // the run goes on over a new session and judges every item.
    void aRunGoesOnWhenTheServerEndsItsSession()
    {
        if (!RubricateTest::onPostgres())
            QSKIP("sessions end on a server only (tst_runcontroller_postgresql)");
        const RowId run = planSlowRun();
        RunController controller(m_project->store().path());
        QSignalSpy done(&controller, &RunController::finished);
        QVERIFY(controller.start(run));
        QTRY_VERIFY_WITH_TIMEOUT(controller.progress().itemsJudged >= 10, 30000);
        QVERIFY2(m_project->server()->endSessions(), qPrintable(m_project->server()->error()));
        QVERIFY(done.wait(60000) || !done.isEmpty());
        QCOMPARE(done.constFirst().constFirst().toString(), u"finished"_s);
        QCOMPARE(controller.progress().itemErrors, 0);
        verifyVerdicts(run);
    }

    void jobsOfAnEndedProcessAreFreeAtOnce()
    {
        const RowId run = planSlowRun();
        // This process's PID scope (boot and namespace), as every worker here writes it.
        const QString scope = JobLeases(m_project->store(), run).owner().section(u':', 3);
        QVERIFY(!scope.isEmpty());
        leaseAllTo(run, kNoSuchPid, u"ended:"_s + scope);
        QCOMPARE(drive(run, 30000), u"finished"_s);
        verifyVerdicts(run);
    }

    // A worker in another container with the same host name has its own pids: that none of
    // ours has its pid says nothing, and its jobs stay its own until its leases run out.
    // An owner from before the PID scope was written is waited for the same way.
    void aWorkerInAnotherPidNamespaceIsNotTakenForEnded()
    {
        const RowId run = plan(config());
        JobLeases mine(m_project->store(), run);
        leaseAllTo(run, kNoSuchPid, u"other:0123456789abcdef"_s);
        QCOMPARE(mine.heldByOthers(), m_jobs);
        leaseAllTo(run, kNoSuchPid, u"older"_s);
        QCOMPARE(mine.heldByOthers(), m_jobs);
        QVERIFY(mine.claim(1).isEmpty());
    }

    void rateLimitPacesRequests()
    {
        JudgeConfig c = config();
        c.requestsPerMinute = 6;
        c.concurrency = 10;
        RunScope scope;
        scope.benchmarkKey = u"drb2"_s;
        scope.taskIds = {u"1"_s};
        scope.models = {u"ModelA"_s};
        const auto planned = planRun(m_project->store(), c, scope, {});
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        QCOMPARE(planned->jobs, 3);
        RunController controller(m_project->store().path());
        QVERIFY(controller.start(planned->runId));
        QTRY_COMPARE_WITH_TIMEOUT(m_judge.requestCount(), 3, BackgroundWorkTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!controller.isActive(), BackgroundWorkTimeout);

        // Two a minute: the third request of a burst must wait for the window to pass.
        c.requestsPerMinute = 2;
        c.batchSize = 4; // new request bodies, so that nothing comes from the cache
        const auto second = planRun(m_project->store(), c, scope, u"slow"_s);
        QCOMPARE(second->jobs, 3);
        m_judge.resetCounters();
        RunController slow(m_project->store().path());
        QVERIFY(slow.start(second->runId));
        QTRY_COMPARE_WITH_TIMEOUT(m_judge.requestCount(), 2, BackgroundWorkTimeout);
        QSignalSpy received(&m_judge, &JudgeSimulator::requestReceived);
        QVERIFY(!received.wait(300)); // the third waits for the minute to pass
        QCOMPARE(m_judge.requestCount(), 2);
        QVERIFY(slow.isActive());
        slow.cancel();
    }

    void offlineJudgeNeedsNoNetwork()
    {
        JudgeConfig c;
        c.provider = ProviderKind::Offline;
        c.model = u"lexical-baseline"_s;
        const RowId run = plan(c);
        QCOMPARE(drive(run), u"finished"_s);
        const RunTotals t = m_project->store().runs().runTotals(run).value();
        QCOMPARE(t.verdicts, m_items);
        QCOMPARE(t.verdictErrors, 0);
        QCOMPARE(t.requests, 0);
        QCOMPARE(m_judge.requestCount(), 0);
        const auto reports = m_project->store().reports().reportSummaries(u"drb2"_s).value();
        const Verdict v
            = m_project->store().runs().verdicts(run, reports.constFirst().id).value().constFirst();
        QVERIFY(v.reason.contains(u"lexical baseline"_s));
        QCOMPARE(m_project->store().runs().run(run)->kind, JudgeKind::Offline);
    }
};

QTEST_GUILESS_MAIN(TestRunController)
#include "tst_runcontroller.moc"
