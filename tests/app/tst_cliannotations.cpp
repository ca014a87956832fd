// rubricate-cli annotations export / import and merge as a user runs them on the demo
// project and a copy of it.
#include "clirunner.h"
#include "testfiles.h"

#include <QFile>
#include <QTest>

using namespace Qt::StringLiterals;

using RubricateTest::CliResult;

class TestCliAnnotations : public QObject
{
    Q_OBJECT

    RubricateTest::DemoProjectCli m_demo;

    CliResult cli(const QStringList &args) { return m_demo.run(args); }
    CliResult cliOn(const QString &project, const QStringList &args)
    {
        return m_demo.run(QStringList{u"-p"_s, project} + args);
    }

private slots:
    void initTestCase()
    {
        const CliResult demo = m_demo.create();
        QVERIFY2(demo.code == 0, qPrintable(demo.out + demo.err));
    }

    void exportsEveryEventOrTheCurrentLabels()
    {
        const CliResult all = cli({u"annotations"_s, u"export"_s, u"-o"_s, u"all.jsonl"_s});
        QVERIFY2(all.code == 0, qPrintable(all.err));
        QVERIFY2(all.err.contains(u"224 annotation event(s) written"_s), qPrintable(all.err));
        QFile file(m_demo.filePath(u"all.jsonl"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        const QList<QByteArray> lines = file.readAll().trimmed().split('\n');
        QCOMPARE(lines.size(), 224);
        QVERIFY2(lines.constFirst().contains("\"method\":\"imported\""),
                 lines.constFirst().constData()); // the demo's labels came from a file

        const CliResult csv = cli({u"annotations"_s, u"export"_s, u"--current"_s, u"--format"_s,
                                   u"csv"_s, u"--benchmark"_s, u"drb2"_s});
        QVERIFY2(csv.code == 0, qPrintable(csv.err));
        QVERIFY(csv.out.startsWith(u"uid,kind,benchmark,task,query,model,dimension,number"_s));
        const qsizetype rows = csv.out.count(u"\r\n"_s) - 1;
        QVERIFY2(rows > 100 && rows <= 224, qPrintable(QString::number(rows)));

        const CliResult bad = cli({u"annotations"_s, u"export"_s, u"--format"_s, u"xml"_s});
        QCOMPARE(bad.code, 2);
    }

    void mergesACopyOnceAndImportsWhatIsMissing()
    {
        QVERIFY(QFile::copy(m_demo.filePath(u"demo.rubricate"_s),
                            m_demo.filePath(u"copy.rubricate"_s)));
        QVERIFY(RubricateTest::writeFile(
            m_demo.filePath(u"cy.jsonl"_s),
            "{\"task\": \"1\", \"model\": \"AtlasAgent\", \"dimension\": \"analysis\", "
            "\"number\": 1, \"annotator\": \"Cy\", \"label\": 1}\n"));
        const CliResult labelled
            = cliOn(u"copy.rubricate"_s, {u"annotations"_s, u"import"_s, u"cy.jsonl"_s});
        QVERIFY2(labelled.code == 0, qPrintable(labelled.out + labelled.err));

        const CliResult merged = cli({u"merge"_s, u"copy.rubricate"_s});
        QVERIFY2(merged.code == 0, qPrintable(merged.out + merged.err));
        QVERIFY2(merged.out.contains(u"1 annotation event(s) added, 224 already here; 1 "
                                     "annotator(s)"_s),
                 qPrintable(merged.out));
        const CliResult again = cli({u"merge"_s, u"copy.rubricate"_s});
        QVERIFY2(again.out.contains(u"0 annotation event(s) added, 225 already here; 0 "
                                    "annotator(s)"_s),
                 qPrintable(again.out));

        // Exported lines land in the copy as the events it already has; one about an agent
        // the copy never saw is named by line and skipped.
        const CliResult exported = cli({u"annotations"_s, u"export"_s, u"-o"_s, u"all.jsonl"_s});
        QCOMPARE(exported.code, 0);
        QFile file(m_demo.filePath(u"all.jsonl"_s));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QByteArray bytes = file.readAll();
        file.close();
        QByteArray stranger = bytes.left(bytes.indexOf('\n') + 1);
        stranger.replace("\"model\":\"", "\"model\":\"NoSuchAgent");
        stranger.replace("\"uid\":\"", "\"uid\":\"x-");
        QVERIFY(RubricateTest::writeFile(m_demo.filePath(u"more.jsonl"_s), bytes + stranger));
        const CliResult imported
            = cliOn(u"copy.rubricate"_s, {u"annotations"_s, u"import"_s, u"more.jsonl"_s});
        QVERIFY2(imported.code == 0, qPrintable(imported.out + imported.err));
        QVERIFY2(imported.out.contains(u"0 added, 0 updated, 225 unchanged"_s),
                 qPrintable(imported.out));
        QVERIFY2(imported.out.contains(u"more.jsonl:226: error: "_s), qPrintable(imported.out));
        QVERIFY(imported.out.contains(u"NoSuchAgent"_s));

        QCOMPARE(cli({u"merge"_s}).code, 2);
        const CliResult self = cli({u"merge"_s, u"demo.rubricate"_s});
        QCOMPARE(self.code, 1);
        QVERIFY(self.err.contains(u"is this project"_s));
    }
};

QTEST_GUILESS_MAIN(TestCliAnnotations)
#include "tst_cliannotations.moc"
