// rubricate-cli claims as a user runs it: extract the statements of ReportBench reports, list
// them, fetch what they cite, and score them; and what the commands refuse.
#include "claimsfixture.h"
#include "clirunner.h"
#include "shareddata.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

using RubricateTest::CliResult;

class TestCliClaims : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    CliResult cli(const QStringList &args)
    {
        return RubricateTest::runCli(m_dir.path(), QStringList{u"-p"_s, u"p.rubricate"_s} + args);
    }

private slots:
    void extractsListsFetchesAndScores()
    {
        RUBRICATE_REQUIRE_SHARED(tasks, "reportbench/ReportBench_v1.1.jsonl");
        QCOMPARE(cli({u"import"_s, u"reportbench"_s, tasks}).code, 0);
        // Port 9 (discard) refuses on the loopback: every cited source is unreachable.
        const QString folder = m_dir.filePath(u"out"_s);
        QVERIFY(
            RubricateTest::writeFile(folder + u"/"_s + RubricateTest::claimsTaskId() + u".json"_s,
                                     RubricateTest::claimsReport(u"http://127.0.0.1:9"_s)));
        const CliResult imported
            = cli({u"import"_s, u"reportbench-reports"_s, folder, u"--model"_s, u"ModelA"_s});
        QVERIFY2(imported.code == 0, qPrintable(imported.out + imported.err));

        const CliResult none = cli({u"claims"_s, u"list"_s});
        QCOMPARE(none.code, 0);
        QVERIFY(none.out.contains(u"no claims"_s));

        const CliResult extracted = cli({u"claims"_s, u"extract"_s});
        QVERIFY2(extracted.code == 0, qPrintable(extracted.out + extracted.err));
        QVERIFY2(extracted.out.contains(u"1 report(s): 1 extracted (3 cited"_s),
                 qPrintable(extracted.out));
        QVERIFY(extracted.out.contains(u"2 uncited"_s));

        const CliResult list = cli({u"claims"_s, u"list"_s});
        QCOMPARE(list.code, 0);
        QVERIFY2(list.out.contains(u"ModelA"_s) && list.out.contains(u"per model"_s),
                 qPrintable(list.out));

        const CliResult again = cli({u"claims"_s, u"extract"_s, u"--models"_s, u"ModelA"_s});
        QCOMPARE(again.code, 0);
        QVERIFY2(again.out.contains(u"0 extracted"_s) && again.out.contains(u"1 already had"_s),
                 qPrintable(again.out));
        QCOMPARE(cli({u"claims"_s, u"extract"_s, u"--force"_s}).code, 0);

        // With no URL named, sources fetch takes the URLs the claims cite.
        const CliResult fetched = cli({u"sources"_s, u"fetch"_s, u"--timeout"_s, u"5"_s});
        QVERIFY2(fetched.code == 0, qPrintable(fetched.out + fetched.err));
        QVERIFY2(fetched.out.contains(u"3 URL(s) cited by the project's claims"_s),
                 qPrintable(fetched.out));
        QVERIFY(fetched.out.contains(u"3 not fetched"_s));

        // The offline baseline has nothing to check a claim against.
        const CliResult offline = cli({u"judge"_s, u"--benchmark"_s, u"reportbench"_s,
                                       u"--scheme"_s, u"reportbench-factcheck"_s});
        QVERIFY(offline.code != 0);
        QVERIFY2(offline.err.contains(u"offline judge cannot check claims"_s),
                 qPrintable(offline.err));

        const QString csv = m_dir.filePath(u"metrics.csv"_s);
        const CliResult score = cli({u"score"_s, u"reportbench"_s, u"--statements-out"_s, csv});
        QVERIFY2(score.code == 0, qPrintable(score.out + score.err));
        QVERIFY2(score.out.contains(u"Statements (claims"_s), qPrintable(score.out));
        QVERIFY(RubricateTest::readFile(csv).startsWith("model,arxiv_id,total_citations,"));
        QVERIFY(RubricateTest::readFile(csv).contains("ModelA,2003.00653,3,2,5,"));

        // The pages method names itself; the three cited sources were never fetched.
        const CliResult pages = cli({u"score"_s, u"reportbench"_s, u"--titles"_s, u"pages"_s});
        QVERIFY2(pages.code == 0, qPrintable(pages.out + pages.err));
        QVERIFY2(pages.out.startsWith(u"Titles: pages\n"_s), qPrintable(pages.out));
        QVERIFY2(pages.out.contains(u"0 of 3 cited URL(s) fetched, 0 read as papers"_s),
                 qPrintable(pages.out));
        QVERIFY(cli({u"score"_s, u"reportbench"_s}).out.startsWith(u"Titles: text\n"_s));
        QCOMPARE(cli({u"score"_s, u"reportbench"_s, u"--titles"_s, u"llm"_s}).code, 2);

        const CliResult badRun = cli({u"score"_s, u"reportbench"_s, u"--runs"_s, u"999"_s});
        QCOMPARE(badRun.code, 1);
        QVERIFY(badRun.err.contains(u"run 999"_s));

        QCOMPARE(cli({u"claims"_s, u"count"_s}).code, 2);
    }

    // --method judge through the offline provider (the judge simulator): the heuristic claims
    // are replaced by the judge's, labelled by origin; a second pass asks nothing.
    void extractsByJudge()
    {
        RUBRICATE_REQUIRE_SHARED(tasks, "reportbench/ReportBench_v1.1.jsonl");
        QCOMPARE(cli({u"import"_s, u"reportbench"_s, tasks}).code, 0);
        const QString folder = m_dir.filePath(u"judged"_s);
        const QString text
            = u"# Survey\n\nGraph networks reached 91% accuracy [A](https://example.org/a). "
              "They were first described in 2009 by Scarselli.\n"_s;
        QVERIFY(RubricateTest::writeFile(
            folder + u"/"_s + RubricateTest::claimsTaskId() + u".json"_s,
            QJsonDocument(QJsonObject{{u"response"_s, text}}).toJson(QJsonDocument::Compact)));
        QCOMPARE(
            cli({u"import"_s, u"reportbench-reports"_s, folder, u"--model"_s, u"ModelJ"_s}).code,
            0);
        QCOMPARE(cli({u"claims"_s, u"extract"_s, u"--models"_s, u"ModelJ"_s}).code, 0);

        const CliResult judged = cli(
            {u"claims"_s, u"extract"_s, u"--method"_s, u"judge"_s, u"--models"_s, u"ModelJ"_s});
        QVERIFY2(judged.code == 0, qPrintable(judged.out + judged.err));
        QVERIFY2(judged.out.contains(u"1 report(s): 1 extracted by judge:offline:"_s)
                     && judged.out.contains(u"(1 cited statement–URL pair(s), 1 uncited"_s),
                 qPrintable(judged.out));

        const CliResult again = cli(
            {u"claims"_s, u"extract"_s, u"--method"_s, u"judge"_s, u"--models"_s, u"ModelJ"_s});
        QCOMPARE(again.code, 0);
        QVERIFY2(again.out.contains(u"1 extracted by a judge before (--force extracts again)"_s)
                     && again.out.contains(u"; 0 requests"_s),
                 qPrintable(again.out));
        QCOMPARE(cli({u"claims"_s, u"extract"_s, u"--method"_s, u"llm"_s}).code, 2);
    }
};

QTEST_GUILESS_MAIN(TestCliClaims)
#include "tst_cliclaims.moc"
