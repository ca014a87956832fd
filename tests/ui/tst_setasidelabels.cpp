// Study → Write Labels Set Aside in the real window over the demo: labels set aside on this
// machine are written to the open project after all, except one whose item its annotator
// labelled again since, which stays aside and is named in the message's details.
#include "demowindow.h"
#include "services/annotationwriter.h"
#include "store/annotationspool.h"
#include "widgettesting.h"

#include <QAction>
#include <QMessageBox>
#include <QStatusBar>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestSetAsideLabels : public RubricateTest::FreshDemoWindowTest
{
    Q_OBJECT

    QTemporaryDir m_spool; // this test's spool, apart from the window's real one

    AnnotationEvent label(RowId rubric, double value, const QDateTime &at) const
    {
        AnnotationEvent e;
        e.reportId = m_reports.constFirst().id;
        e.rubricId = rubric;
        e.annotator = u"away-ann"_s;
        e.value = value;
        e.at = at;
        return e;
    }

    QAction *writeAction() const
    {
        return child<QAction>(m_window.get(), u"actionWriteSetAsideLabels"_s);
    }

private slots:
    void writesWhatIsNotStaleAndNamesWhatStaysAside()
    {
        m_window->annotationWriter()->setSpoolDirectory(m_spool.path());
        const QString project = m_window->projectPath();
        QList<RowId> rubrics;
        {
            auto store = ProjectStore::open(m_projectPath);
            QVERIFY(store);
            const auto report = store->reports().report(m_reports.constFirst().id);
            QVERIFY(report);
            for (const Rubric &r : store->catalog().rubrics(report->taskId))
                rubrics.append(r.id);
        }
        QVERIFY(rubrics.size() >= 2);
        const QDateTime hourAgo = QDateTime::currentDateTimeUtc().addSecs(-3600);
        AnnotationSpool spool(m_spool.path());
        const Result<AnnotationEvent> stale = spool.add(project, label(rubrics.at(0), 1, hourAgo));
        const Result<AnnotationEvent> kept = spool.add(project, label(rubrics.at(1), 0, hourAgo));
        QVERIFY(stale && kept);
        QCOMPARE(spool.setAside(project).value_or(-1), 2);
        // Given since on another machine: the stale label's item has a newer one.
        QVERIFY(spool.add(project, label(rubrics.at(0), -1, hourAgo.addSecs(1800))));
        QCOMPARE(spool.land(project).landed.size(), 1);

        QAction *write = writeAction();
        QVERIFY(write);
        QVERIFY(write->isEnabled());
        write->trigger();
        QMessageBox *box = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((box = m_window->findChild<QMessageBox *>(u"setAsideReport"_s))
                                     != nullptr,
                                 BackgroundWorkTimeout);
        QVERIFY2(box->text().contains(u"1 label(s) set aside on this computer were written"_s),
                 qPrintable(box->text()));
        QVERIFY2(box->text().contains(u"1 label(s) stay set aside"_s), qPrintable(box->text()));
        QVERIFY2(box->detailedText().contains(u"newer"_s)
                     && box->detailedText().contains(QString::number(rubrics.at(0))),
                 qPrintable(box->detailedText()));
        QCOMPARE(box->icon(), QMessageBox::Warning);
        saveScreenshot(box, u"set-aside-labels.png"_s);
        QVERIFY(write->isEnabled());
        QCOMPARE(spool.setAsideCount(project), 1);
        {
            auto store = ProjectStore::open(m_projectPath);
            QVERIFY(store);
            QVERIFY(store->annotations().annotationId(kept->uid));
            QVERIFY(!store->annotations().annotationId(stale->uid));
            const auto current = store->annotations().currentAnnotation(
                m_reports.constFirst().id, rubrics.at(0), u"away-ann"_s);
            QVERIFY(current);
            QCOMPARE(current->value, std::optional<double>(-1));
        }
        box->close();
    }

    // Nothing set aside is said in the status bar, with no box to close.
    void saysWhenNothingIsSetAside()
    {
        m_window->annotationWriter()->setSpoolDirectory(m_spool.path());
        QAction *write = writeAction();
        QVERIFY(write);
        write->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(
            m_window->statusBar()->currentMessage().contains(u"No labels are set aside"_s),
            BackgroundWorkTimeout);
        QVERIFY(!m_window->findChild<QMessageBox *>(u"setAsideReport"_s));
    }
};

QTEST_MAIN(TestSetAsideLabels)
#include "tst_setasidelabels.moc"
