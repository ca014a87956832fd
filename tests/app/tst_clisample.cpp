// rubricate-cli sample as a user runs it on the demo project: a drawn and stored sample, the
// list of samples, and the command-line mistakes it refuses.
#include "clirunner.h"
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

using RubricateTest::CliResult;

class TestCliSample : public QObject
{
    Q_OBJECT

    RubricateTest::DemoProjectCli m_demo;

    CliResult cli(const QStringList &args) { return m_demo.run(args); }

private slots:
    void initTestCase()
    {
        const CliResult demo = m_demo.create();
        QVERIFY2(demo.code == 0, qPrintable(demo.out + demo.err));
    }

    void drawsStoresAndLists()
    {
        // The demo's own study is the only sample yet.
        const CliResult before = cli({u"sample"_s, u"--list"_s});
        QCOMPARE(before.code, 0);
        QVERIFY2(before.out.contains(u"calibration"_s), qPrintable(before.out));
        QVERIFY(!before.out.contains(u"pilot"_s));

        const CliResult drawn
            = cli({u"sample"_s, u"--benchmark"_s, u"drb2"_s, u"--size"_s, u"12"_s, u"--by"_s,
                   u"dimension,model"_s, u"--annotators"_s, u"ada,bo,cy"_s, u"--overlap"_s, u"2"_s,
                   u"--seed"_s, u"7"_s, u"--name"_s, u"pilot"_s});
        QVERIFY2(drawn.code == 0, qPrintable(drawn.out + drawn.err));
        QVERIFY2(drawn.out.contains(u"sample \"pilot\" of drb2, seed 7: 12 of "_s),
                 qPrintable(drawn.out));
        QVERIFY(drawn.out.contains(u"3 annotators, overlap 2"_s));
        QVERIFY(drawn.out.contains(u"info_recall|AtlasAgent"_s));
        for (const QString &who : {u"ada"_s, u"bo"_s, u"cy"_s}) {
            const QRegularExpression load(u"^%1\\s+8$"_s.arg(who),
                                          QRegularExpression::MultilineOption);
            QVERIFY2(drawn.out.contains(load), qPrintable(drawn.out));
        }

        // Sized by the interval instead; with no name and no seed it picks both.
        const CliResult byWidth
            = cli({u"sample"_s, u"--benchmark"_s, u"drb2"_s, u"--half-width"_s, u"0.15"_s,
                   u"--expected"_s, u"0.8"_s, u"--annotators"_s, u"ada"_s});
        QVERIFY2(byWidth.code == 0, qPrintable(byWidth.out + byWidth.err));
        QVERIFY(byWidth.out.contains(u"sample \"sample-1\" of drb2"_s));
        QVERIFY(byWidth.out.contains(u"±0.15"_s));

        const CliResult list = cli({u"sample"_s, u"--list"_s});
        QCOMPARE(list.code, 0);
        QVERIFY(list.out.contains(u"pilot"_s));
        QVERIFY(list.out.contains(u"ada 8, bo 8, cy 8"_s));
        QVERIFY(list.out.indexOf(u"pilot"_s) < list.out.indexOf(u"sample-1"_s));

        const CliResult again = cli({u"sample"_s, u"--benchmark"_s, u"drb2"_s, u"--size"_s, u"5"_s,
                                     u"--annotators"_s, u"ada"_s, u"--name"_s, u"pilot"_s});
        QCOMPARE(again.code, 1);
        QVERIFY(again.err.contains(u"already"_s));

        // Review order: the demo's two annotators disagree on some items; those come first.
        const CliResult review = cli({u"sample"_s, u"--review"_s, u"pilot"_s});
        QVERIFY2(review.code == 0, qPrintable(review.out + review.err));
        const QStringList lines = review.out.split(u'\n', Qt::SkipEmptyParts).mid(1);
        QCOMPARE(lines.size(), 12);
        bool pastDisagreements = false;
        for (const QString &line : lines) {
            const bool disagreement = line.contains(u"disagreement"_s);
            QVERIFY2(!(pastDisagreements && disagreement), qPrintable(review.out));
            pastDisagreements = pastDisagreements || !disagreement;
        }
        QVERIFY(lines.constFirst().contains(u"disagreement"_s));
        const CliResult mine
            = cli({u"sample"_s, u"--review"_s, u"pilot"_s, u"--annotator"_s, u"ada"_s});
        QCOMPARE(mine.out.split(u'\n', Qt::SkipEmptyParts).size(), 1 + 8);
        QCOMPARE(cli({u"sample"_s, u"--review"_s, u"nope"_s}).code, 1);
    }

    void blindStudyAndItsStatus()
    {
        // The demo's annotators Ana and Ben, a blind study compared with the demo's run.
        const CliResult drawn
            = cli({u"sample"_s, u"--benchmark"_s, u"drb2"_s, u"--size"_s, u"10"_s,
                   u"--annotators"_s, u"Ana,Ben"_s, u"--overlap"_s, u"2"_s, u"--seed"_s, u"3"_s,
                   u"--name"_s, u"study"_s, u"--blind"_s, u"--compare-run"_s, u"1"_s});
        QVERIFY2(drawn.code == 0, qPrintable(drawn.out + drawn.err));
        const CliResult status = cli({u"study"_s, u"status"_s, u"--study"_s, u"study"_s});
        QVERIFY2(status.code == 0, qPrintable(status.out + status.err));
        QVERIFY2(status.out.contains(u"study \"study\": blind, compared with run 1"_s),
                 qPrintable(status.out));
        // Each has 10 items; what the demo's labels already cover counts as labelled, but not
        // as labelled in this study, which is what its corrected scores count.
        const QRegularExpression row(u"^Ana\\s+Ana\\s+(\\d+)\\s+0\\s+10\\s+\\d+%$"_s,
                                     QRegularExpression::MultilineOption);
        const QRegularExpressionMatch ana = row.match(status.out);
        QVERIFY2(ana.hasMatch(), qPrintable(status.out));
        if (ana.captured(1).toInt() > 0) {
            QVERIFY2(status.out.contains(u"0 of them labelled in this study"_s),
                     qPrintable(status.out));
        }
        const CliResult all = cli({u"study"_s, u"status"_s});
        QCOMPARE(all.code, 0);
        QVERIFY(all.out.contains(u"study \"study\""_s));
        QCOMPARE(cli({u"study"_s, u"status"_s, u"--study"_s, u"nope"_s}).code, 1);
        QCOMPARE(cli({u"study"_s}).code, 2);
        const CliResult noRun = cli({u"sample"_s, u"--benchmark"_s, u"drb2"_s, u"--size"_s, u"5"_s,
                                     u"--annotators"_s, u"Ana"_s, u"--compare-run"_s, u"999"_s});
        QCOMPARE(noRun.code, 2);
        QVERIFY(noRun.err.contains(u"no judge run 999"_s));
    }

    void refusesWrongCommandLines()
    {
        // The demo has three benchmarks, so every line names one, except where that is the point.
        const QStringList who{u"--annotators"_s, u"ada,bo"_s, u"--benchmark"_s, u"drb2"_s};
        QCOMPARE(cli(QStringList{u"sample"_s} + who).code, 2); // no size
        QCOMPARE(
            cli(QStringList{u"sample"_s, u"--size"_s, u"5"_s, u"--half-width"_s, u"0.1"_s} + who)
                .code,
            2);
        QCOMPARE(cli({u"sample"_s, u"--size"_s, u"5"_s}).code, 2); // nobody
        const CliResult which
            = cli({u"sample"_s, u"--size"_s, u"5"_s, u"--annotators"_s, u"ada"_s});
        QCOMPARE(which.code, 2);
        QVERIFY(which.err.contains(u"choose one with --benchmark"_s));
        const CliResult by
            = cli(QStringList{u"sample"_s, u"--size"_s, u"5"_s, u"--by"_s, u"colour"_s} + who);
        QCOMPARE(by.code, 2);
        QVERIFY(by.err.contains(u"colour"_s));
        const CliResult overlap
            = cli(QStringList{u"sample"_s, u"--size"_s, u"5"_s, u"--overlap"_s, u"3"_s} + who);
        QCOMPARE(overlap.code, 2);
        QVERIFY(overlap.err.contains(u"overlap"_s));
        QCOMPARE(cli(QStringList{u"sample"_s, u"--size"_s, u"x"_s} + who).code, 2);
        QCOMPARE(cli({u"sample"_s, u"--size"_s, u"5"_s, u"--benchmark"_s, u"nope"_s,
                      u"--annotators"_s, u"ada,bo"_s})
                     .code,
                 1);
        QCOMPARE(cli({u"-p"_s, u"absent.rubricate"_s, u"sample"_s, u"--list"_s}).code, 1);
    }
};

QTEST_GUILESS_MAIN(TestCliSample)
#include "tst_clisample.moc"
