// rubricate-cli as a user runs it: commands, output and exit codes.
#include "clirunner.h"
#include "shareddata.h"
#include "testfiles.h"

#include <QFile>
#include <QProcess>
#include <QScopeGuard>
#include <QTemporaryDir>
#include <QTest>

#include <unistd.h>

using namespace Qt::StringLiterals;

using RubricateTest::CliResult;

class TestCli : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    CliResult cli(const QStringList &args) { return RubricateTest::runCli(m_dir.path(), args); }

private slots:
    void helpAndUsageErrors()
    {
        const CliResult help = cli({u"--help"_s});
        QCOMPARE(help.code, 0);
        QVERIFY(help.out.contains(u"import <kind> <path>"_s));
        QVERIFY(help.out.contains(u"drb2-reports"_s));
        // Every option is declared once: QCommandLineParser warns about a repeat on every call.
        QVERIFY2(!help.err.contains(u"already having an option"_s), qPrintable(help.err));
        QVERIFY(help.out.contains(u"Exit codes"_s));

        QCOMPARE(cli({}).code, 2);
        const CliResult unknown = cli({u"frobnicate"_s});
        QCOMPARE(unknown.code, 2);
        QVERIFY(unknown.err.contains(u"unknown command"_s));
        QCOMPARE(cli({u"import"_s, u"nosuchkind"_s, u"x"_s}).code, 2);
        QCOMPARE(cli({u"--bogus-option"_s}).code, 2);
        // Numbers past what they are kept in are refused, not cast into something else.
        const CliResult huge = cli({u"judge"_s, u"--concurrency"_s, u"1e12"_s});
        QCOMPARE(huge.code, 2);
        QVERIFY2(huge.err.contains(u"--concurrency needs a number in range"_s),
                 qPrintable(huge.err));
        const CliResult tooLong = cli({u"judge"_s, u"--timeout"_s, u"1e12"_s});
        QCOMPARE(tooLong.code, 2);
        QVERIFY(tooLong.err.contains(u"--timeout needs seconds from 0 to a day"_s));
    }

    // `project check A B` heads each count with its project's name; B's was "copied".
    void checkNamesBothProjects()
    {
        QTemporaryDir dir;
        const QString first = dir.filePath(u"first.rubricate"_s);
        const QString second = dir.filePath(u"second.rubricate"_s);
        QCOMPARE(cli({u"init"_s, first}).code, 0);
        QCOMPARE(cli({u"project"_s, u"copy"_s, first, second}).code, 0);
        const CliResult checked = cli({u"project"_s, u"check"_s, first, second});
        QVERIFY2(checked.code == 0, qPrintable(checked.err));
        const QString header = checked.out.section(u'\n', 0, 0);
        QVERIFY2(header.contains(u"first.rubricate"_s) && header.contains(u"second.rubricate"_s)
                     && !header.contains(u"copied"_s),
                 qPrintable(checked.out));
    }

    void missingThingsFailClearly()
    {
        const CliResult noFile = cli({u"import"_s, u"drb2"_s, u"/nonexistent/tasks.jsonl"_s});
        QCOMPARE(noFile.code, 1);
        QVERIFY(noFile.err.contains(u"no such file"_s));
        const CliResult noProject = cli({u"-p"_s, u"absent.rubricate"_s, u"stats"_s});
        QCOMPARE(noProject.code, 1);
        QVERIFY(noProject.err.contains(u"no project"_s));
    }

    // A read-only project can be read, and a write to it says why it is refused; a project in
    // a folder SQLite cannot keep its journal in, or in no folder at all, is named with the
    // cause before SQLite's own "unable to open database file". Root may write anything, so
    // as root the CLI runs as nobody.
    void readOnlyProjectIsNamed()
    {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QCOMPARE(RubricateTest::runCli(dir.path(), {u"-p"_s, u"p.rubricate"_s, u"demo"_s}).code, 0);
        const QString project = dir.filePath(u"p.rubricate"_s);
        const auto asUser = [&](const QStringList &args) {
            QProcess p;
            if (::geteuid() == 0)
                p.start(u"runuser"_s,
                        QStringList{u"-u"_s, u"nobody"_s, u"--"_s, QStringLiteral(RUBRICATE_CLI)}
                            + args);
            else
                p.start(QStringLiteral(RUBRICATE_CLI), args);
            p.waitForFinished(60000);
            return CliResult{p.exitCode(), QString::fromUtf8(p.readAllStandardOutput()),
                             QString::fromUtf8(p.readAllStandardError())};
        };
        using P = QFileDevice;
        const auto readable = P::ReadOwner | P::ReadGroup | P::ReadOther;
        const auto everyone = readable | P::ExeOwner | P::ExeGroup | P::ExeOther;
        const auto writable = P::WriteOwner | P::WriteGroup | P::WriteOther;
        const auto restore = qScopeGuard([&] {
            QFile::setPermissions(dir.path(), everyone | P::WriteOwner);
            QFile::setPermissions(project, readable | P::WriteOwner);
        });
        QVERIFY(QFile::setPermissions(dir.path(), everyone | writable));
        QVERIFY(QFile::setPermissions(project, readable));
        if (asUser({u"--help"_s}).code != 0)
            QSKIP("the command line tool cannot be run as nobody from this build folder");

        QCOMPARE(asUser({u"-p"_s, project, u"stats"_s}).code, 0);
        const CliResult write = asUser({u"-p"_s, project, u"judge"_s});
        QCOMPARE(write.code, 1);
        QVERIFY2(write.err.contains(u"The project file is read-only"_s), qPrintable(write.err));

        QVERIFY(QFile::setPermissions(project, readable | writable));
        // Reading the read-only file left its journal beside it, which SQLite could not fold
        // back in: with it there, the folder is not in the way.
        QFile::remove(project + u"-wal"_s);
        QFile::remove(project + u"-shm"_s);
        QVERIFY(QFile::setPermissions(dir.path(), everyone));
        const CliResult folder = asUser({u"-p"_s, project, u"stats"_s});
        QCOMPARE(folder.code, 1);
        QVERIFY2(folder.err.contains(u"its folder %1 is read-only"_s.arg(dir.path())),
                 qPrintable(folder.err));

        const QString nowhere = dir.filePath(u"no/such/p.rubricate"_s);
        const CliResult missing = asUser({u"-p"_s, nowhere, u"demo"_s});
        QCOMPARE(missing.code, 1);
        QVERIFY2(
            missing.err.contains(u"the folder %1 does not exist"_s.arg(dir.filePath(u"no/such"_s))),
            qPrintable(missing.err));
    }

    void importThenStatsOnRealData()
    {
        RUBRICATE_REQUIRE_SHARED(tasks, "drb2/tasks_and_rubrics.jsonl");
        // No --project: the default ./project.rubricate is created by the import.
        const CliResult imp = cli({u"import"_s, u"drb2"_s, tasks});
        QCOMPARE(imp.code, 0);
        QVERIFY(imp.out.contains(u"9415 added"_s));
        QVERIFY(QFile::exists(m_dir.filePath(u"project.rubricate"_s)));

        const CliResult stats = cli({u"stats"_s});
        QCOMPARE(stats.code, 0);
        for (const char *expected : {"132", "6983", "1686", "746"})
            QVERIFY2(stats.out.contains(QLatin1StringView(expected)), expected);

        RUBRICATE_REQUIRE_SHARED(reports, "drb2/samples/report");
        QCOMPARE(cli({u"import"_s, u"drb2-reports"_s, reports}).code, 0);
        const CliResult list = cli({u"list"_s, u"reports"_s});
        QCOMPARE(list.code, 0);
        QCOMPARE(list.out.count(u"passage"_s), 2 * 6); // model column and source column

        const CliResult search = cli({u"search"_s, u"土地财政"_s});
        QCOMPARE(search.code, 0);
        QVERIFY(search.out.contains(u"1 hit"_s));
        // A limit that cuts the list says so; the count is never the limit's in disguise.
        const CliResult cut = cli({u"search"_s, u"and"_s, u"--limit"_s, u"2"_s});
        QCOMPARE(cut.code, 0);
        QVERIFY2(cut.out.contains(u"the first 2 hit(s); there are more"_s), qPrintable(cut.out));
        QCOMPARE(cli({u"search"_s, u"and"_s, u"--limit"_s, u"abc"_s}).code, 2);
        QCOMPARE(cli({u"search"_s, u""_s}).code, 2);

        // A mistyped benchmark is said, not listed as empty.
        const CliResult bogus = cli({u"list"_s, u"tasks"_s, u"--benchmark"_s, u"bogus"_s});
        QCOMPARE(bogus.code, 1);
        QVERIFY2(bogus.err.contains(u"no benchmark \"bogus\""_s) && bogus.err.contains(u"drb2"_s),
                 qPrintable(bogus.err));

        const CliResult show = cli({u"show"_s, u"task"_s, u"drb2:116"_s});
        QCOMPARE(show.code, 0);
        QVERIFY(show.out.contains(u"dup of"_s));
        QCOMPARE(cli({u"show"_s, u"task"_s, u"drb2:9999"_s}).code, 1);
    }

    void partialImportSucceedsUnlessStrict()
    {
        const QString path = m_dir.filePath(u"rr.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(
            path,
            "{\"sample_id\": \"a1\", \"prompt\": \"p\", \"rubrics\": [{\"criterion\": \"c\","
            " \"weight\": 2, \"axis\": \"Explicit Criteria\"}]}\n{\"sample_id\": \"a2\", \n"));
        const CliResult r
            = cli({u"-p"_s, u"partial.rubricate"_s, u"import"_s, u"researchrubrics"_s, path});
        // Something was imported: a success, with the skipped line listed.
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains(u"rr.jsonl:2: error: invalid JSON"_s));
        QVERIFY(r.out.contains(u"tasks:"_s));
        const CliResult strict = cli({u"-p"_s, u"partial.rubricate"_s, u"import"_s,
                                      u"researchrubrics"_s, path, u"--strict"_s});
        QCOMPARE(strict.code, 3);
        QVERIFY(strict.out.contains(u"rr.jsonl:2: error: invalid JSON"_s));
    }

    // A folder with bad files beside good ones succeeds; one with nothing importable fails.
    void folderImportExitsByWhatWasImported()
    {
        const QString corpus = QStringLiteral(RUBRICATE_TEST_DATA_DIR "/hostile");
        const QStringList project{u"-p"_s, u"folders.rubricate"_s};
        QCOMPARE(cli(project + QStringList{u"import"_s, u"drb2"_s, corpus + u"/drb2-tasks.jsonl"_s})
                     .code,
                 0);
        const CliResult partial
            = cli(project
                  + QStringList{u"import"_s, u"drb2-reports"_s, corpus + u"/empty-files/report"_s});
        QCOMPARE(partial.code, 0);
        QVERIFY2(partial.out.contains(u"ModelA/idx-2.md: error: empty file (0 bytes)"_s),
                 qPrintable(partial.out));
        QCOMPARE(cli(project
                     + QStringList{u"import"_s, u"drb2-reports"_s,
                                   corpus + u"/empty-files/report"_s, u"--strict"_s})
                     .code,
                 3);

        const QString onlyBad = m_dir.filePath(u"only-bad/report/ModelA"_s);
        QVERIFY(RubricateTest::writeFile(onlyBad + u"/idx-1.md"_s, {}));
        const CliResult nothing
            = cli(project + QStringList{u"import"_s, u"drb2-reports"_s, onlyBad});
        QCOMPARE(nothing.code, 1);
        QVERIFY2(nothing.out.contains(u"idx-1.md: error: empty file"_s), qPrintable(nothing.out));
    }

    void demoImports()
    {
        const CliResult demo = cli({u"-p"_s, u"demo.rubricate"_s, u"demo"_s});
        QVERIFY2(demo.code == 0, qPrintable(demo.out + demo.err));
        const CliResult runs = cli({u"-p"_s, u"demo.rubricate"_s, u"list"_s, u"runs"_s});
        QVERIFY(runs.out.contains(u"finished"_s));
        const CliResult again = cli({u"-p"_s, u"demo.rubricate"_s, u"demo"_s});
        QCOMPARE(again.code, 0);
        QVERIFY(!again.out.contains(u" 1 added"_s));

        // Long titles end in "…" where the table cuts them; the Chinese one fits whole.
        const CliResult tasks = cli({u"-p"_s, u"demo.rubricate"_s, u"list"_s, u"tasks"_s});
        QVERIFY2(
            tasks.out.contains(u"Plan a three-day, car-free visit to the fictional coastal t…\n"_s),
            qPrintable(tasks.out));
        QVERIFY2(tasks.out.contains(u"城市屋顶分布式光伏发展研究\n"_s), qPrintable(tasks.out));
    }
};

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
