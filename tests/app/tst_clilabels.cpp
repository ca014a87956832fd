// rubricate-cli labels as a user on a machine without a display runs it: the labels a window
// left waiting, listed, written to their project, and set aside when their project is gone.
#include "clirunner.h"

#include "store/annotationspool.h"
#include "store/projectlocation.h"

#include <QDir>
#include <QTest>

using namespace Qt::StringLiterals;
using namespace Rubricate;

using RubricateTest::CliResult;

class TestCliLabels : public QObject
{
    Q_OBJECT

    RubricateTest::DemoProjectCli m_demo;
    QTemporaryDir m_home; // the user's data folder, where the window keeps its spool
    QString m_project;
    QString m_gone;

    CliResult cli(const QStringList &args) { return m_demo.run(args); }
    // Without -p: about every project with labels waiting.
    CliResult labels(const QStringList &args)
    {
        return RubricateTest::runCli(m_demo.filePath(u"."_s), QStringList{u"labels"_s} + args);
    }

    // How many items the offline annotator's current labels are on, as the project exports them.
    int currentLabelsOfflineAnn()
    {
        const CliResult exported = cli({u"annotations"_s, u"export"_s, u"--current"_s});
        if (exported.code != 0)
            return -1;
        const QStringList lines = exported.out.split(u'\n');
        return int(std::count_if(lines.cbegin(), lines.cend(),
                                 [](const QString &l) { return l.contains(u"offline-ann"_s); }));
    }

    AnnotationEvent label(RowId report, RowId rubric, double value) const
    {
        AnnotationEvent e;
        e.reportId = report;
        e.rubricId = rubric;
        e.annotator = u"offline-ann"_s;
        e.value = value;
        return e;
    }

private slots:
    void initTestCase()
    {
        // rubricate-cli inherits it: the spool below is the one the command reads.
        qputenv("XDG_DATA_HOME", m_home.path().toUtf8());
        const CliResult demo = m_demo.create();
        QVERIFY2(demo.code == 0, qPrintable(demo.out + demo.err));
        m_project = ProjectLocation::normalized(m_demo.filePath(u"demo.rubricate"_s));
        m_gone = ProjectLocation::normalized(m_demo.filePath(u"moved-away.rubricate"_s));
        QVERIFY(AnnotationSpool::windowDirectory().startsWith(m_home.path()));
    }

    void listsWritesAndSetsAsideWaitingLabels()
    {
        const CliResult none = labels({});
        QCOMPARE(none.code, 0);
        QVERIFY2(none.out.contains(u"No labels wait on this machine for a project."_s),
                 qPrintable(none.out));

        // As the window leaves them: two for the demo, one for a project moved away.
        AnnotationSpool spool(AnnotationSpool::windowDirectory());
        QVERIFY(spool.add(m_project, label(1, 1, 1)));
        QVERIFY(spool.add(m_project, label(1, 2, 0)));
        QVERIFY(spool.add(m_gone, label(1, 1, -1)));

        const CliResult waiting = labels({u"waiting"_s});
        QCOMPARE(waiting.code, 0);
        QVERIFY2(waiting.out.contains(m_project + u": 2 label(s) waiting"_s),
                 qPrintable(waiting.out));
        QVERIFY2(waiting.out.contains(m_gone + u": 1 label(s) waiting"_s), qPrintable(waiting.out));

        // What can be written is; what cannot stays, and the exit code says so.
        const CliResult written = labels({u"write"_s});
        QVERIFY2(written.code == 1, qPrintable(written.out + written.err));
        QVERIFY2(written.out.contains(m_project + u": 2 label(s) written, 0 waiting"_s),
                 qPrintable(written.out));
        QVERIFY2(written.out.contains(m_gone + u": 0 label(s) written, 1 waiting"_s),
                 qPrintable(written.out));
        QVERIFY2(written.err.contains(u"1 label(s) still wait"_s), qPrintable(written.err));
        QVERIFY(spool.pending(m_project).events.isEmpty());
        QCOMPARE(currentLabelsOfflineAnn(), 2);

        // Giving up is for a project named outright, and keeps the labels in a file.
        QCOMPARE(labels({u"set-aside"_s}).code, 2);
        const CliResult aside = cli({u"-p"_s, m_gone, u"labels"_s, u"set-aside"_s});
        QVERIFY2(aside.code == 0, qPrintable(aside.out + aside.err));
        QVERIFY2(aside.out.contains(u"1 label(s) set aside"_s), qPrintable(aside.out));
        QVERIFY(QFileInfo::exists(spool.setAsideFileOf(m_gone)));
        QVERIFY(spool.pending(m_gone).events.isEmpty());

        const CliResult done = labels({u"write"_s});
        QCOMPARE(done.code, 0);
        // Nothing to give up on is said, not passed over.
        QCOMPARE(cli({u"labels"_s, u"set-aside"_s}).code, 1);

        // A label its project refuses (its rubric gone) is set aside; the exit code says that
        // not every label arrived, and the rest are written.
        QVERIFY(spool.add(m_project, label(1, 987654321, 1)));
        QVERIFY(spool.add(m_project, label(1, 3, 1)));
        const CliResult refused = cli({u"labels"_s, u"write"_s});
        QVERIFY2(refused.code == 1, qPrintable(refused.out + refused.err));
        QVERIFY2(refused.out.contains(m_project + u": 1 label(s) written, 0 waiting"_s),
                 qPrintable(refused.out));
        QVERIFY2(refused.err.contains(u"refused and set aside: the label of report 1, rubric "
                                      "987654321"_s),
                 qPrintable(refused.err));
        QVERIFY(QFileInfo::exists(spool.setAsideFileOf(m_project)));

        // A spool file that names no project is listed, never passed over in silence.
        QFile stray(QDir(AnnotationSpool::windowDirectory()).filePath(u"stray.jsonl"_s));
        QVERIFY(stray.open(QIODevice::WriteOnly));
        stray.write("not a header\n{\"uid\": \"u1\"}\n");
        stray.close();
        const CliResult listed = labels({});
        QCOMPARE(listed.code, 0);
        QVERIFY2(listed.err.contains(u"stray.jsonl: 1 line(s) under a first line that names no "
                                     "project"_s),
                 qPrintable(listed.err));
        QCOMPARE(labels({u"write"_s}).code, 1);
        // One project's, named: its labels only.
        const CliResult demoOnly = cli({u"labels"_s});
        QVERIFY2(demoOnly.out.contains(m_project + u": 0 label(s) waiting"_s),
                 qPrintable(demoOnly.out));
        QCOMPARE(labels({u"forget"_s}).code, 2);
    }
    // After the one above: the demo has a refused label set aside. One given up on while the
    // project was out of reach is written after all; the refused one stays, named.
    void writesSetAsideLabelsAfterAll()
    {
        AnnotationSpool spool(AnnotationSpool::windowDirectory());
        QCOMPARE(spool.setAsideCount(m_project), 1);
        QVERIFY(spool.add(m_project, label(1, 4, -1)));
        QCOMPARE(spool.setAside(m_project).value_or(-1), 1);
        const CliResult listed = cli({u"labels"_s});
        QVERIFY2(listed.out.contains(u"2 set aside earlier"_s), qPrintable(listed.out));

        QCOMPARE(labels({u"write-set-aside"_s}).code, 2); // for a project named outright
        const CliResult written = cli({u"labels"_s, u"write-set-aside"_s});
        QVERIFY2(written.code == 1, qPrintable(written.out + written.err));
        QVERIFY2(written.out.contains(m_project
                                      + u": 1 set-aside label(s) written, 1 still set aside"_s),
                 qPrintable(written.out));
        QVERIFY2(written.err.contains(u"kept aside: the label of report 1, rubric 987654321"_s),
                 qPrintable(written.err));
        QCOMPARE(spool.setAsideCount(m_project), 1);
        QCOMPARE(currentLabelsOfflineAnn(), 4);
    }
};

QTEST_GUILESS_MAIN(TestCliLabels)
#include "tst_clilabels.moc"
