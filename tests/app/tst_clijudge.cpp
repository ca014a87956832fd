// `rubricate-cli judge` killed with SIGKILL in the middle of a run, then resumed: every
// answer that had arrived is reused, every verdict is there exactly once and right.
#include "judge/judgesimulator.h"
#include "judgefixture.h"
#include "scratchproject.h"
#include "testfiles.h"
#include "waits.h"

#include <QDir>
#include <QFile>
#include <QProcess>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestCliJudge : public QObject
{
    Q_OBJECT

    JudgeSimulator m_judge;

    QStringList judgeArgs(const QString &project)
    {
        return {u"-p"_s,
                project,
                u"judge"_s,
                u"--provider"_s,
                u"openai"_s,
                u"--base-url"_s,
                m_judge.baseUrl(),
                u"--model"_s,
                u"sim"_s,
                u"--batch-size"_s,
                u"3"_s,
                u"--concurrency"_s,
                u"2"_s,
                u"--backoff-ms"_s,
                u"20"_s};
    }

    int cachedAnswers(ProjectStore &store)
    {
        QSqlQuery q(store.database());
        return q.exec(u"SELECT count(*) FROM response_cache"_s) && q.next() ? q.value(0).toInt()
                                                                            : -1;
    }

private slots:
    void initTestCase() { QVERIFY(m_judge.listen()); }

    void killedRunResumesExactly()
    {
        RubricateTest::ScratchProject project;
        QVERIFY(project.isOpen());
        // 4 tasks x 12 rubrics x 2 models, batches of 3: 32 requests.
        const int items
            = RubricateTest::writeJudgeFixture(project.store(), project.filePath(u"in"_s), 4, 12);
        const int jobs = 4 * 4 * 2;
        SimulatorBehaviour slow;
        slow.latencyMs = 150;
        m_judge.setBehaviour(slow);

        QProcess judge;
        judge.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        judge.start(QStringLiteral(RUBRICATE_CLI), judgeArgs(project.store().path()));
        QVERIFY(judge.waitForStarted());
        // Let it get part of the way, then kill it without warning.
        QTRY_VERIFY_WITH_TIMEOUT(
            project.store().runs().list().value().size() == 1
                && project.store()
                        .runs()
                        .runTotals(project.store().runs().list().value().constFirst().id)
                        .value()
                        .jobsDone
                    >= 8,
            BackgroundWorkTimeout);
        judge.kill(); // SIGKILL
        QVERIFY(judge.waitForFinished());
        QCOMPARE(judge.exitStatus(), QProcess::CrashExit);

        const RowId run = project.store().runs().list().value().constFirst().id;
        const RunTotals atKill = project.store().runs().runTotals(run).value();
        QVERIFY(atKill.jobsDone < jobs);
        const int answeredBeforeKill = cachedAnswers(project.store());
        QVERIFY(answeredBeforeKill >= atKill.jobsDone);
        // Requests the killed process had written may still sit unread in our sockets: count
        // once every one of its connections has been read to its end.
        QTRY_COMPARE_WITH_TIMEOUT(m_judge.openConnections(), 0, BackgroundWorkTimeout);
        const int sentBeforeKill = m_judge.requestCount();

        QProcess resume;
        resume.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        resume.start(QStringLiteral(RUBRICATE_CLI),
                     {u"-p"_s, project.store().path(), u"resume"_s, QString::number(run)});
        // Not waitForFinished(): the simulator answering it lives on this event loop.
        QTRY_VERIFY_WITH_TIMEOUT(resume.state() == QProcess::NotRunning, 60000);
        QCOMPARE(resume.exitCode(), 0);

        // Every request body was sent; only those in flight at the kill (at most the
        // concurrency, 2) were sent twice. Answers that had arrived were not paid again.
        QCOMPARE(m_judge.distinctRequestCount(), jobs);
        QVERIFY(m_judge.maxRequestsForOneBody() <= 2);
        QVERIFY2(m_judge.requestCount() - jobs <= 2,
                 qPrintable(u"%1 requests for %2 jobs"_s.arg(m_judge.requestCount()).arg(jobs)));
        // After the kill, exactly the requests whose answers had not arrived were sent.
        QCOMPARE(m_judge.requestCount() - sentBeforeKill, jobs - answeredBeforeKill);
        QCOMPARE(cachedAnswers(project.store()), jobs);

        // Every verdict exactly once, with the judge's score.
        const RunTotals done = project.store().runs().runTotals(run).value();
        QCOMPARE(done.jobsDone, jobs);
        QCOMPARE(done.verdicts, items);
        QCOMPARE(done.verdictErrors, 0);
        const RubricateTest::ScoreCheck scores
            = RubricateTest::checkSimulatedScores(project.store(), run);
        QCOMPARE(scores.wrong, 0);
        QCOMPARE(scores.checked, items);
        QCOMPARE(project.store().runs().run(run)->status, u"finished"_s);
    }

    // A run sent as a provider batch, the program killed while the batch runs (closed for the
    // day), and resumed: the same batch is polled again, nothing is sent twice.
    void batchRunSurvivesTheProgramClosing()
    {
        RubricateTest::ScratchProject project;
        QVERIFY(project.isOpen());
        const int items
            = RubricateTest::writeJudgeFixture(project.store(), project.filePath(u"in"_s), 2, 6);
        SimulatorBehaviour b;
        b.batchPollsBeforeDone = 1000000; // until the test lets it end
        m_judge.setBehaviour(b);
        m_judge.resetCounters();

        QProcess judge;
        judge.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        judge.start(QStringLiteral(RUBRICATE_CLI),
                    judgeArgs(project.store().path())
                        << u"--batch"_s << u"--batch-poll"_s << u"0.02"_s);
        QVERIFY(judge.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(m_judge.batchStatusPolls() >= 2, BackgroundWorkTimeout);
        judge.kill();
        QVERIFY(judge.waitForFinished());
        const RowId run = project.store().runs().list().value().constFirst().id;

        QProcess runs;
        runs.start(QStringLiteral(RUBRICATE_CLI), {u"-p"_s, project.store().path(), u"runs"_s});
        QTRY_VERIFY_WITH_TIMEOUT(runs.state() == QProcess::NotRunning, 60000);
        const QString list = QString::fromUtf8(runs.readAllStandardOutput());
        QVERIFY2(list.contains(u"batch running, 0/"_s), qPrintable(list));

        b.batchPollsBeforeDone = 1;
        m_judge.setBehaviour(b);
        QProcess resume;
        resume.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        resume.start(QStringLiteral(RUBRICATE_CLI),
                     {u"-p"_s, project.store().path(), u"resume"_s, QString::number(run),
                      u"--batch-poll"_s, u"0.02"_s});
        QTRY_VERIFY_WITH_TIMEOUT(resume.state() == QProcess::NotRunning, 60000);
        QCOMPARE(resume.exitCode(), 0);
        QCOMPARE(m_judge.batchesCreated(), 1);
        QCOMPARE(m_judge.requestCount(), 0);
        RubricateTest::verifySimulatorVerdicts(project.store(), run, items);
        QCOMPARE(project.store().runs().latestBatch(run)->state, u"done"_s);
    }

    // TERM (or Ctrl-C) while requests are out: the run is closed and says so, not left
    // "running" for good, and `resume` finishes it.
    void anInterruptedRunIsClosedAndResumes()
    {
        RubricateTest::ScratchProject project;
        QVERIFY(project.isOpen());
        const int items
            = RubricateTest::writeJudgeFixture(project.store(), project.filePath(u"in"_s), 2, 6);
        SimulatorBehaviour slow;
        slow.latencyMs = 5000;
        m_judge.setBehaviour(slow);
        m_judge.resetCounters();
        QProcess judge;
        judge.start(QStringLiteral(RUBRICATE_CLI), judgeArgs(project.store().path()));
        QVERIFY(judge.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(m_judge.requestCount() >= 1, BackgroundWorkTimeout);
        judge.terminate();
        QTRY_VERIFY_WITH_TIMEOUT(judge.state() == QProcess::NotRunning, BackgroundWorkTimeout);
        QCOMPARE(judge.exitStatus(), QProcess::NormalExit);
        QCOMPARE(judge.exitCode(), 130);
        const QString said = QString::fromUtf8(judge.readAllStandardError());
        QVERIFY2(said.contains(u"interrupted"_s), qPrintable(said));
        const RowId run = project.store().runs().list().value().constFirst().id;
        QCOMPARE(project.store().runs().run(run)->status, u"cancelled"_s);

        m_judge.setBehaviour({});
        QProcess resume;
        resume.start(QStringLiteral(RUBRICATE_CLI),
                     {u"-p"_s, project.store().path(), u"resume"_s, QString::number(run)});
        QTRY_VERIFY_WITH_TIMEOUT(resume.state() == QProcess::NotRunning, BackgroundWorkTimeout);
        QCOMPARE(resume.exitCode(), 0);
        RubricateTest::verifySimulatorVerdicts(project.store(), run, items);
    }

    void runsListsTheRun()
    {
        RubricateTest::ScratchProject project;
        RubricateTest::writeJudgeFixture(project.store(), project.filePath(u"in"_s), 1, 4);
        m_judge.setBehaviour({});
        QProcess judge;
        judge.start(QStringLiteral(RUBRICATE_CLI),
                    {u"-p"_s, project.store().path(), u"judge"_s, u"--provider"_s, u"offline"_s});
        QVERIFY(judge.waitForFinished(60000));
        QCOMPARE(judge.exitCode(), 0);
        const QString out = QString::fromUtf8(judge.readAllStandardOutput());
        QVERIFY2(out.contains(u"8 verdicts, 0 errors"_s), qPrintable(out));

        QProcess runs;
        runs.start(QStringLiteral(RUBRICATE_CLI), {u"-p"_s, project.store().path(), u"runs"_s});
        QVERIFY(runs.waitForFinished(60000));
        const QString list = QString::fromUtf8(runs.readAllStandardOutput());
        QVERIFY2(list.contains(u"offline"_s) && list.contains(u"finished"_s), qPrintable(list));
        // A run sent live has nothing in the provider batch column.
        QVERIFY2(!list.contains(u"answered"_s), qPrintable(list));

        // The official files, as the DRB-II pipeline writes them.
        QProcess exporter;
        const QString outDir = project.filePath(u"export"_s);
        exporter.start(QStringLiteral(RUBRICATE_CLI),
                       {u"-p"_s, project.store().path(), u"export"_s, u"drb2"_s, outDir});
        QVERIFY(exporter.waitForFinished(60000));
        QCOMPARE(exporter.exitCode(), 0);
        for (const char *name :
             {"result.jsonl", "agg_scores_inforecall.csv", "agg_scores_analysis.csv",
              "agg_scores_presentation.csv", "agg_scores_total.csv", "agg_scores_blocked.csv"})
            QVERIFY2(QFile::exists(outDir + u'/' + QLatin1StringView(name)), name);
        QFile total(outDir + u"/agg_scores_total.csv"_s);
        QVERIFY(total.open(QIODevice::ReadOnly));
        const QByteArray csv = total.readAll();
        QVERIFY(csv.startsWith("idx,language,theme,"));
        QVERIFY(csv.contains("\r\n"));
        QCOMPARE(csv.count("\r\n"), 3); // header, one task, footer

        // A run named twice counts once; a run id that is no number, or no run, is said.
        const auto exportWith = [&](const QString &runIds, const QString &dir) {
            QProcess p;
            p.start(QStringLiteral(RUBRICATE_CLI),
                    {u"-p"_s, project.store().path(), u"export"_s, u"drb2"_s, dir, u"--runs"_s,
                     runIds});
            return p.waitForFinished(60000) ? p.exitCode() : -1;
        };
        const RowId runId = project.store().runs().list().value().constLast().id;
        const QString once = project.filePath(u"export-once"_s);
        const QString twice = project.filePath(u"export-twice"_s);
        QCOMPARE(exportWith(QString::number(runId), once), 0);
        QCOMPARE(exportWith(u"%1,%1"_s.arg(runId), twice), 0);
        for (const char *name : {"result.jsonl", "agg_scores_total.csv"}) {
            const QString file = QLatin1StringView(name);
            QCOMPARE(RubricateTest::readFile(twice + u'/' + file),
                     RubricateTest::readFile(once + u'/' + file));
        }
        QCOMPARE(exportWith(u"abc"_s, twice), 2);
        QCOMPARE(exportWith(u"999"_s, twice), 1);

        // A key is never taken from the command line or stored: a provider without one fails,
        // before a run is written that could never start.
        const qsizetype runsBefore = project.store().runs().list().value().size();
        QProcess keyless;
        keyless.setProcessEnvironment([] {
            auto env = QProcessEnvironment::systemEnvironment();
            env.remove(u"OPENAI_API_KEY"_s);
            return env;
        }());
        keyless.start(QStringLiteral(RUBRICATE_CLI),
                      {u"-p"_s, project.store().path(), u"judge"_s, u"--provider"_s, u"openai"_s,
                       u"--model"_s, u"gpt"_s, u"--base-url"_s, u"https://api.invalid/v1"_s});
        QVERIFY(keyless.waitForFinished(60000));
        QCOMPARE(keyless.exitCode(), 1);
        QVERIFY(QString::fromUtf8(keyless.readAllStandardError()).contains(u"OPENAI_API_KEY"_s));
        QCOMPARE(project.store().runs().list().value().size(), runsBefore);
    }

    void keyFromTheSystemKeyring()
    {
        const QString session = QStandardPaths::findExecutable(u"dbus-run-session"_s);
        const QString keyring = QStandardPaths::findExecutable(u"gnome-keyring-daemon"_s);
        if (session.isEmpty() || keyring.isEmpty()) {
            if (qEnvironmentVariable("CI") == "true"_L1)
                QFAIL("dbus-run-session and gnome-keyring-daemon are needed (cmake/dev.sh "
                      "installs them)");
            QSKIP("no dbus-run-session or gnome-keyring-daemon on this machine");
        }
        RubricateTest::ScratchProject project;
        RubricateTest::writeJudgeFixture(project.store(), project.filePath(u"in"_s), 1, 3);
        m_judge.setBehaviour({});
        m_judge.resetCounters();
        // A private session bus with an unlocked keyring; the key goes in through stdin and
        // the judge run finds it there, with no key in its environment.
        const QString cli = QStringLiteral(RUBRICATE_CLI);
        const QString script
            = u"echo unlock | gnome-keyring-daemon --unlock --components=secrets >/dev/null && "
              "echo sk-from-keyring | \"%1\" keys set RUBRICATE_TEST_KEY && "
              "\"%1\" -p \"%2\" judge --provider openai --model sim --base-url %3 "
              "--api-key-env RUBRICATE_TEST_KEY && "
              "\"%1\" keys check RUBRICATE_TEST_KEY"_s.arg(cli, project.store().path(),
                                                           m_judge.baseUrl());
        QProcess p;
        // A fresh home, so that the daemon creates (and unlocks) a new login keyring.
        auto env = QProcessEnvironment::systemEnvironment();
        env.insert(u"HOME"_s, project.filePath(u"home"_s));
        env.insert(u"XDG_DATA_HOME"_s, project.filePath(u"home/.local/share"_s));
        env.remove(u"RUBRICATE_TEST_KEY"_s);
        QDir().mkpath(project.filePath(u"home/.local/share"_s));
        p.setProcessEnvironment(env);
        p.start(session, {u"--"_s, u"sh"_s, u"-c"_s, script});
        // Not waitForFinished(): the judge it calls is served by this event loop.
        QTRY_VERIFY_WITH_TIMEOUT(p.state() == QProcess::NotRunning, 60000);
        const QString out = QString::fromUtf8(p.readAllStandardOutput());
        QVERIFY2(p.exitCode() == 0, qPrintable(out + QString::fromUtf8(p.readAllStandardError())));
        QVERIFY(out.contains(u"RUBRICATE_TEST_KEY stored in the system keyring"_s));
        QVERIFY(out.contains(u"RUBRICATE_TEST_KEY: found in the keyring (15 characters)"_s));
        QVERIFY(out.contains(u"6 verdicts, 0 errors"_s));
        QCOMPARE(m_judge.lastAuthorization(), QByteArray("Bearer sk-from-keyring"));
        // The key is nowhere in the project.
        QFile file(project.store().path());
        QVERIFY(file.open(QIODevice::ReadOnly));
        QVERIFY(!file.readAll().contains("sk-from-keyring"));
    }
};

QTEST_GUILESS_MAIN(TestCliJudge)
#include "tst_clijudge.moc"
