// `rubricate-cli agreement` as a user runs it: the demo project with two annotators' labels,
// the table on stdout, the export folder, and the exit codes of wrong command lines.
#include "clirunner.h"
#include "store/projectstore.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

using Result = RubricateTest::CliResult;

class TestCliAgreement : public QObject
{
    Q_OBJECT

    RubricateTest::DemoProjectCli m_demo;

    Result cli(const QStringList &args) { return m_demo.run(args); }

private slots:
    void initTestCase()
    {
        const Result demo = m_demo.create();
        QVERIFY2(demo.code == 0, qPrintable(demo.out + demo.err));

        // ada agrees with the judge throughout, bob differs on every third item.
        QString error;
        auto store = ProjectStore::open(m_demo.filePath(u"demo.rubricate"_s), &error);
        QVERIFY2(store, qPrintable(error));
        Transaction tx(*store);
        int items = 0;
        for (const RatingRow &row : store->ratingRows(u"drb2"_s)) {
            if (!row.judge || !row.value)
                continue;
            AnnotationEvent e;
            e.reportId = row.reportId;
            e.rubricId = row.rubricId;
            e.annotator = u"ada"_s;
            e.value = row.value;
            QVERIFY2(store->appendAnnotation(e), qPrintable(store->lastError()));
            e.annotator = u"bob"_s;
            if (items++ % 3 == 0)
                e.value = *row.value == 1 ? 0.0 : 1.0;
            QVERIFY2(store->appendAnnotation(e), qPrintable(store->lastError()));
        }
        QVERIFY(tx.commit());
        QVERIFY(items > 10);
    }

    void printsTheTable()
    {
        const Result r = cli({u"agreement"_s, u"--draws"_s, u"100"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains(u"Agreement on drb2"_s));
        QVERIFY(r.out.contains(u"vs human majority"_s));
        QVERIFY(r.out.contains(u"ada vs bob"_s));
        QVERIFY(r.out.contains(u"Cohen's kappa"_s));
        QVERIFY(r.out.contains(u"By dimension"_s));
        QVERIFY(r.out.contains(u" ["_s)); // intervals
        QVERIFY(!r.out.contains(u"nan"_s));
    }

    void writesTheExport()
    {
        const Result r
            = cli({u"agreement"_s, u"--out"_s, u"out"_s, u"--draws"_s, u"50"_s, u"--seed"_s, u"7"_s,
                   u"--collapse"_s, u"binary"_s, u"--breakdown"_s, u"model"_s, u"--against"_s,
                   u"human:bob"_s, u"--clusters"_s, u"--f1"_s, u"researchrubrics"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        const QDir out(m_demo.filePath(u"out"_s));
        for (const QString &name :
             {u"comparisons.csv"_s, u"comparisons.json"_s, u"breakdown.csv"_s, u"breakdown.json"_s,
              u"confusion.csv"_s, u"annotator-pairs.csv"_s, u"disagreements.csv"_s, u"labels.csv"_s,
              u"alignment.md"_s, u"alignment.tex"_s, u"manifest.json"_s}) {
            QVERIFY2(QFile::exists(out.filePath(name)), qPrintable(name));
            QVERIFY2(r.out.contains(name), qPrintable(name));
        }
        QFile f(out.filePath(u"manifest.json"_s));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject m = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(m.value(u"version"_s).toString(), QStringLiteral(RUBRICATE_VERSION));
        QCOMPARE(m.value(u"collapse"_s).toString(), u"drb2-binary"_s);
        QCOMPARE(m.value(u"reference"_s).toString(), u"human:bob"_s);
        QCOMPARE(m.value(u"breakdown"_s).toString(), u"model"_s);
        const QJsonObject bootstrap = m.value(u"bootstrap"_s).toObject();
        QCOMPARE(bootstrap.value(u"seed"_s).toInt(), 7);
        QCOMPARE(bootstrap.value(u"draws"_s).toInt(), 50);
        QVERIFY(bootstrap.value(u"resampling"_s).toString().startsWith(u"clusters"_s));
        QCOMPARE(m.value(u"macro_f1"_s).toObject().value(u"averaging"_s).toString(),
                 u"per-task mean"_s);
    }

    void filtersAndNoIntervals()
    {
        const Result r = cli({u"agreement"_s, u"--filter"_s, u"dimension=info_recall"_s,
                              u"--draws"_s, u"0"_s, u"--level"_s, u"ordinal"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY(r.out.contains(u"No intervals."_s));
        QVERIFY(r.out.contains(u"alpha (ordinal)"_s));
        QVERIFY(!r.out.contains(u"analysis"_s));
    }

    void wrongCommandLines()
    {
        QCOMPARE(cli({u"agreement"_s, u"--level"_s, u"loud"_s}).code, 2);
        QCOMPARE(cli({u"agreement"_s, u"--filter"_s, u"colour=red"_s}).code, 2);
        QCOMPARE(cli({u"agreement"_s, u"--draws"_s, u"-3"_s}).code, 2);
        QCOMPARE(cli({u"agreement"_s, u"--against"_s, u"everyone"_s}).code, 2);
        QCOMPARE(cli({u"agreement"_s, u"extra"_s}).code, 2);
        const Result noRun = cli({u"agreement"_s, u"--judge"_s, u"run:999"_s});
        QCOMPARE(noRun.code, 1);
        QVERIFY(noRun.err.contains(u"run:999"_s));
        QCOMPARE(cli({u"agreement"_s, u"--against"_s, u"human:nobody"_s}).code, 1);
        QCOMPARE(cli({u"agreement"_s, u"--benchmark"_s, u"pdrbench"_s}).code, 1);
        const Result noProject = cli({u"-p"_s, u"absent.rubricate"_s, u"agreement"_s});
        QCOMPARE(noProject.code, 1);
    }

    // --against gold compares the judge with the adjudicated labels, by hand: four items the
    // newest run rated 1, 1, 0, 0 get gold 1, 1, 0, 1 (the last re-adjudicated from 0: the
    // newest gold counts). Agreement 3/4 = 0.750; κ: p_e = 0.5·0.75 + 0.5·0.25 = 0.5, so
    // (0.75 − 0.5) / (1 − 0.5) = 0.500.
    void againstGold()
    {
        const Result none = cli({u"agreement"_s, u"--against"_s, u"gold"_s, u"--draws"_s, u"0"_s});
        QCOMPARE(none.code, 1);
        QVERIFY2(none.err.contains(u"no gold labels"_s), qPrintable(none.err));

        QString error;
        auto store = ProjectStore::open(m_demo.filePath(u"demo.rubricate"_s), &error);
        QVERIFY2(store, qPrintable(error));
        const QList<RatingRow> rows = store->ratingRows(u"drb2"_s);
        QString newest;
        for (const RatingRow &r : rows) {
            if (r.judge
                && (newest.isEmpty() || r.rater.mid(4).toLongLong() > newest.mid(4).toLongLong()))
                newest = r.rater;
        }
        QList<const RatingRow *> met, notMet;
        for (const RatingRow &r : rows) {
            if (r.rater != newest || !r.value)
                continue;
            if (*r.value == 1 && met.size() < 2)
                met << &r;
            else if (*r.value == 0 && notMet.size() < 2)
                notMet << &r;
        }
        QCOMPARE(met.size(), 2);
        QCOMPARE(notMet.size(), 2);
        Transaction tx(*store);
        const auto gold = [&store](const RatingRow *item, double value) {
            AnnotationEvent e;
            e.reportId = item->reportId;
            e.rubricId = item->rubricId;
            e.annotator = u"judith"_s;
            e.kind = AnnotationKind::Gold;
            e.provenance.method = LabelMethod::Adjudicated;
            e.value = value;
            return store->appendAnnotation(e).has_value();
        };
        QVERIFY(gold(met.at(0), 1) && gold(met.at(1), 1) && gold(notMet.at(0), 0));
        QVERIFY(gold(notMet.at(1), 0) && gold(notMet.at(1), 1));
        QVERIFY(tx.commit());
        store.reset();

        const Result r = cli({u"agreement"_s, u"--against"_s, u"gold"_s, u"--draws"_s, u"0"_s});
        QVERIFY2(r.code == 0, qPrintable(r.out + r.err));
        QVERIFY2(r.out.contains(u"against Gold"_s), qPrintable(r.out));
        const QStringList lines = r.out.split(u'\n');
        const auto line = std::find_if(lines.cbegin(), lines.cend(),
                                       [](const QString &l) { return l.contains(u" vs Gold"_s); });
        QVERIFY2(line != lines.cend(), qPrintable(r.out));
        const QStringList cells = line->split(QRegularExpression(u"\\s{2,}"_s), Qt::SkipEmptyParts);
        QVERIFY2(cells.size() >= 4, qPrintable(*line));
        QCOMPARE(cells.at(1).trimmed(), u"4"_s);
        QCOMPARE(cells.at(2).trimmed(), u"0.750"_s);
        QCOMPARE(cells.at(3).trimmed(), u"0.500"_s);
        // Gold is no annotator: the people are compared as before, and gold only when asked.
        QVERIFY(r.out.contains(u"ada vs bob"_s));
        QVERIFY(!r.out.contains(u"Gold vs"_s));
        const Result usual = cli({u"agreement"_s, u"--draws"_s, u"0"_s});
        QVERIFY2(usual.code == 0, qPrintable(usual.err));
        QVERIFY(!usual.out.contains(u"Gold"_s));
    }
};

QTEST_GUILESS_MAIN(TestCliAgreement)
#include "tst_cliagreement.moc"
