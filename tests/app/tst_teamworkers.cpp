// A team on one project at once: two `rubricate-cli worker` processes drain one judge run
// against the local fake judge while three annotator processes label one study, and one worker
// is killed with SIGKILL halfway. Afterwards every job is done once, every item has one
// verdict, no answer was paid for twice beyond the killed worker's requests in flight, and
// every label is there once. Runs on a project file and, as tst_teamworkers_postgresql, on
// the PostgreSQL test server.
#include "clirunner.h"
#include "judge/judgesimulator.h"
#include "judgefixture.h"
#include "scratchproject.h"
#include "waits.h"

#include <QProcess>
#include <QProcessEnvironment>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

constexpr int Tasks = 4;
constexpr int RubricsPerTask = 12;
constexpr int BatchSize = 3;
constexpr int Concurrency = 2;
constexpr int SampleSize = 30;
const QStringList annotatorNames = {u"ann"_s, u"bob"_s, u"cy"_s};

// The child process: one annotator labelling their queue of the study, one event at a time as
// the window writes them.
int labelAsAnnotator(const QString &location, const QString &name)
{
    auto store = ProjectStore::open(location);
    if (!store) {
        qWarning("%s", qPrintable(store.errorMessage()));
        return 1;
    }
    const auto id = store->annotations().annotatorIdNamed(name);
    if (!id)
        return 2;
    const QList<Assignment> queue = store->annotations().assignments(u"team"_s, *id).value();
    if (queue.size() != SampleSize)
        return 3;
    for (const Assignment &a : queue) {
        AnnotationEvent e;
        e.reportId = a.reportId;
        e.rubricId = a.rubricId;
        e.annotator = *id;
        e.value = (a.position % 3) - 1;
        e.provenance.study = u"team"_s;
        if (const auto appended = store->annotations().appendAnnotation(e); !appended) {
            qWarning("%s", qPrintable(appended.errorMessage()));
            return 4;
        }
    }
    return 0;
}

} // namespace

class TestTeamWorkers : public QObject
{
    Q_OBJECT

    JudgeSimulator m_judge;

    static RubricateTest::CliResult cli(const QStringList &args)
    {
        QProcess p;
        p.start(QStringLiteral(RUBRICATE_CLI), args);
        p.waitForFinished(60000);
        return {p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1,
                QString::fromUtf8(p.readAllStandardOutput()),
                QString::fromUtf8(p.readAllStandardError())};
    }

    std::unique_ptr<QProcess> start(const QString &program, const QStringList &args,
                                    const QProcessEnvironment &env = {})
    {
        auto p = std::make_unique<QProcess>();
        p->setProcessChannelMode(QProcess::ForwardedErrorChannel);
        if (!env.isEmpty())
            p->setProcessEnvironment(env);
        p->start(program, args);
        return p;
    }

private slots:
    void initTestCase() { QVERIFY(m_judge.listen()); }

    void workersAndAnnotatorsShareOneProject()
    {
        RubricateTest::ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        const QString location = project.location();
        const int items = RubricateTest::writeJudgeFixture(
            project.store(), project.filePath(u"in"_s), Tasks, RubricsPerTask);
        const int jobs = items / BatchSize;

        // The owner plans the run and draws the study.
        auto planned
            = cli({u"-p"_s, location, u"judge"_s, u"--provider"_s, u"openai"_s, u"--base-url"_s,
                   m_judge.baseUrl(), u"--model"_s, u"sim"_s, u"--batch-size"_s,
                   QString::number(BatchSize), u"--concurrency"_s, QString::number(Concurrency),
                   u"--backoff-ms"_s, u"20"_s, u"--plan-only"_s});
        QVERIFY2(planned.code == 0, qPrintable(planned.err));
        const RowId run = project.store().runs().list().value().constLast().id;
        QCOMPARE(project.store().runs().runTotals(run).value().jobs, jobs);
        auto sample
            = cli({u"-p"_s, location, u"sample"_s, u"--benchmark"_s, u"drb2"_s, u"--size"_s,
                   QString::number(SampleSize), u"--annotators"_s, annotatorNames.join(u','),
                   u"--overlap"_s, u"3"_s, u"--name"_s, u"team"_s});
        QVERIFY2(sample.code == 0, qPrintable(sample.err + sample.out));

        SimulatorBehaviour slow;
        slow.latencyMs = 120;
        m_judge.setBehaviour(slow);
        m_judge.resetCounters();
        const QStringList workerArgs = {
            u"-p"_s, location, u"worker"_s, u"--run"_s, QString::number(run), u"--lease"_s, u"3"_s};
        auto doomed = start(QStringLiteral(RUBRICATE_CLI), workerArgs);
        auto survivor = start(QStringLiteral(RUBRICATE_CLI), workerArgs);
        std::vector<std::unique_ptr<QProcess>> annotators;
        for (const QString &name : annotatorNames) {
            QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
            env.insert(u"RUBRICATE_TEST_ANNOTATE_AS"_s, name);
            env.insert(u"RUBRICATE_TEST_ANNOTATE_PROJECT"_s, location);
            annotators.push_back(start(QCoreApplication::applicationFilePath(), {}, env));
        }
        QVERIFY(doomed->waitForStarted() && survivor->waitForStarted());

        // Halfway through, one worker dies without a word.
        QTRY_VERIFY_WITH_TIMEOUT(project.store().runs().runTotals(run).value().jobsDone >= jobs / 3,
                                 60000);
        doomed->kill();
        QVERIFY(doomed->waitForFinished());
        QCOMPARE(doomed->exitStatus(), QProcess::CrashExit);

        // The simulator answering the survivor lives on this event loop: no blocking waits.
        QTRY_VERIFY_WITH_TIMEOUT(survivor->state() == QProcess::NotRunning, 120000);
        QCOMPARE(survivor->exitStatus(), QProcess::NormalExit);
        QCOMPARE(survivor->exitCode(), 0);
        for (const auto &a : annotators) {
            QTRY_VERIFY_WITH_TIMEOUT(a->state() == QProcess::NotRunning, 60000);
            QCOMPARE(a->exitCode(), 0);
        }

        // Every job done once, every item judged once and right, the run finished.
        const RunTotals t = project.store().runs().runTotals(run).value();
        QCOMPARE(t.jobsDone, jobs);
        QCOMPARE(t.verdicts, items);
        QCOMPARE(t.verdictErrors, 0);
        QCOMPARE(project.store().runs().run(run)->status, u"finished"_s);
        const RubricateTest::ScoreCheck scores
            = RubricateTest::checkSimulatedScores(project.store(), run);
        QCOMPARE(scores.wrong, 0);
        QCOMPARE(scores.checked, items);
        // Each request body reached the judge; only the killed worker's requests in flight
        // (at most its concurrency) were sent again. The connections of the killed process
        // are read to their end first.
        QTRY_COMPARE_WITH_TIMEOUT(m_judge.openConnections(), 0, BackgroundWorkTimeout);
        QCOMPARE(m_judge.distinctRequestCount(), jobs);
        QVERIFY2(m_judge.requestCount() - jobs <= Concurrency,
                 qPrintable(u"%1 requests for %2 jobs"_s.arg(m_judge.requestCount()).arg(jobs)));

        // Every label once: three annotators, each the whole sample.
        QSqlQuery q(project.store().database());
        QVERIFY(q.exec(u"SELECT count(*), count(DISTINCT uid) FROM annotation_event"
                       " WHERE study = 'team'"_s)
                && q.next());
        QCOMPARE(q.value(0).toInt(), SampleSize * int(annotatorNames.size()));
        QCOMPARE(q.value(1).toInt(), SampleSize * int(annotatorNames.size()));
        for (const StudyProgress &p :
             project.store().annotations().studyProgress(u"team"_s).value())
            QCOMPARE(p.labelled, SampleSize);
    }

    // The server goes away in the middle of a worker's run and stays away: the worker exits 1
    // with one line that says so and how to go on. What it could not read was taken for a run
    // with nothing left ("finished", exit 0), after failures with no reason.
    void aWorkerWhoseServerWentAwaySaysSo()
    {
        RubricateTest::ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        if (!project.server())
            QSKIP("a server goes away on PostgreSQL only (tst_teamworkers_postgresql)");
        const QString location = project.location();
        RubricateTest::writeJudgeFixture(project.store(), project.filePath(u"in"_s), Tasks,
                                         RubricsPerTask);
        auto planned
            = cli({u"-p"_s, location, u"judge"_s, u"--provider"_s, u"openai"_s, u"--base-url"_s,
                   m_judge.baseUrl(), u"--model"_s, u"sim"_s, u"--batch-size"_s, u"1"_s,
                   u"--concurrency"_s, u"1"_s, u"--backoff-ms"_s, u"20"_s, u"--max-attempts"_s,
                   u"3"_s, u"--plan-only"_s});
        QVERIFY2(planned.code == 0, qPrintable(planned.err));
        const RowId run = project.store().runs().list().value().constLast().id;

        SimulatorBehaviour slow;
        slow.latencyMs = 150;
        m_judge.setBehaviour(slow);
        QProcess worker;
        worker.start(QStringLiteral(RUBRICATE_CLI),
                     {u"-p"_s, location, u"worker"_s, u"--run"_s, QString::number(run)});
        QVERIFY(worker.waitForStarted());
        QTRY_VERIFY_WITH_TIMEOUT(project.store().runs().runTotals(run).value().jobsDone >= 2,
                                 60000);
        RubricateTest::PostgresDatabase &server = *project.server();
        QVERIFY2(server.setAcceptingConnections(false), qPrintable(server.error()));
        QVERIFY2(server.endSessions(), qPrintable(server.error()));
        QTRY_VERIFY_WITH_TIMEOUT(worker.state() == QProcess::NotRunning, 120000);
        QVERIFY2(server.setAcceptingConnections(true), qPrintable(server.error()));

        const QString err = QString::fromUtf8(worker.readAllStandardError());

        QCOMPARE(worker.exitStatus(), QProcess::NormalExit);
        QVERIFY2(worker.exitCode() == 1, qPrintable(err));
        QVERIFY2(
            err.contains(u"rubricate-cli: lost the connection to postgresql://"_s)
                && err.contains(u"; run %1 still has jobs: rubricate-cli resume %1\n"_s.arg(run)),
            qPrintable(err));
        QVERIFY2(!err.contains(u" finished: "_s), qPrintable(err));
        QVERIFY2(!err.contains(u"database not open"_s), qPrintable(err));
        QVERIFY2(!err.contains(u": \n"_s), qPrintable(err)); // a reason left empty
        QVERIFY2(!worker.readAllStandardOutput().contains("finished"), qPrintable(err));
    }

    // A copy to a server that fails on the way (a row the server refuses) exits 1 with the
    // reason and shows no table of checks, which had every row at 0 and "same".
    void aFailedCopyShowsNoChecks()
    {
        if (!RubricateTest::onPostgres())
            QSKIP("copies to a server (tst_teamworkers_postgresql)");
        QTemporaryDir dir;
        const QString file = dir.filePath(u"broken.rubricate"_s);
        {
            auto store = ProjectStore::create(file);
            QVERIFY2(store, qPrintable(store.errorMessage()));
            QSqlQuery q(store->database());
            QVERIFY(q.exec(u"PRAGMA foreign_keys = OFF"_s));
            QVERIFY(q.exec(u"INSERT INTO persona (benchmark_id, external_id, fingerprint)"
                           " VALUES (999, 'orphan', 'x')"_s));
        }
        ProjectStore::close(file);
        RubricateTest::PostgresDatabase empty;
        QVERIFY2(empty.isValid(), qPrintable(empty.error()));
        const auto copied = cli({u"project"_s, u"copy"_s, file, empty.url()});
        QVERIFY2(copied.code == 1, qPrintable(copied.err));
        QVERIFY2(copied.err.contains(u"persona"_s), qPrintable(copied.err));
        QVERIFY2(!copied.out.contains(u"same"_s) && !copied.out.contains(u"sha-256"_s),
                 qPrintable(copied.out));
    }

    // An owner's password goes in the owner's ~/.pgpass, not "the annotator's".
    void addOwnerSaysWhosePasswordItIs()
    {
        RubricateTest::ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        if (!project.server())
            QSKIP("roles belong to team projects (tst_teamworkers_postgresql)");
        const auto added
            = cli({u"-p"_s, project.location(), u"team"_s, u"add-owner"_s, u"olga_pgpass"_s});
        QVERIFY2(added.code == 0, qPrintable(added.err));
        QVERIFY2(added.out.contains(u"it goes in the owner's ~/.pgpass"_s), qPrintable(added.out));
    }
};

int main(int argc, char **argv)
{
    QCoreApplication app(argc, argv);
    const QString annotator = qEnvironmentVariable("RUBRICATE_TEST_ANNOTATE_AS");
    if (!annotator.isEmpty())
        return labelAsAnnotator(qEnvironmentVariable("RUBRICATE_TEST_ANNOTATE_PROJECT"), annotator);
    TestTeamWorkers test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_teamworkers.moc"
