// A label written by another process appears in the open window without a reload, and the
// selection stays where the person left it. On a project file (PRAGMA data_version) and, as
// tst_liveupdates_postgresql, on the PostgreSQL test server (LISTEN/NOTIFY).
#include "demo/demoproject.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "scratchproject.h"
#include "services/annotatoridentity.h"
#include "shell/mainwindow.h"
#include "waits.h"

#include <QApplication>
#include <QProcess>
#include <QProcessEnvironment>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {
// The other process: the same person on a second machine labels one rubric.
int labelElsewhere(const QString &location, RowId report, RowId rubric)
{
    auto store = ProjectStore::open(location);
    if (!store)
        return 1;
    AnnotationEvent e;
    e.reportId = report;
    e.rubricId = rubric;
    e.annotator = u"ann"_s;
    e.value = -1;
    return store->annotations().appendAnnotation(e) ? 0 : 2;
}

} // namespace

class TestLiveUpdates : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"RubricateTest"_s);
        QCoreApplication::setApplicationName(u"tst_liveupdates"_s);
        QSettings().clear();
        chooseAnnotator({u"ann"_s, u"Ann"_s});
    }

    void cleanupTestCase() { QSettings().clear(); }

    void aLabelFromAnotherProcessAppears() { labelFromAnotherProcessAppears(false); }

    // On a server: the session the window listens on ends (a restart, a network that dropped
    // it). Nothing tells it so; it must find out, listen again, and still show the label.
    void aLabelAppearsAfterTheServerEndedTheSession()
    {
        if (!RubricateTest::onPostgres())
            QSKIP("sessions end on a server only (tst_liveupdates_postgresql)");
        labelFromAnotherProcessAppears(true);
    }

public:
    void labelFromAnotherProcessAppears(bool endSessions)
    {
        RubricateTest::ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        QCOMPARE(importDemo(project.store()).errorCount(), 0);

        MainWindow window;
        window.show();
        window.openProject(project.location());
        QTRY_VERIFY_WITH_TIMEOUT(window.selectFirstReport(), BackgroundWorkTimeout);
        VerdictModel *verdicts = window.verdictPanel()->model();
        QTRY_VERIFY_WITH_TIMEOUT(verdicts->rowCount() > 2, BackgroundWorkTimeout);
        QTableView *table = window.verdictPanel()->view();
        table->setFocus();
        table->setCurrentIndex(verdicts->index(2, VerdictModel::RubricColumn));
        const QModelIndex human = verdicts->index(1, VerdictModel::HumanColumn);
        QCOMPARE(human.data().toString(), QString());
        const RowId report = window.reportView()->reportId();
        const RowId rubric = human.siblingAtColumn(0).data(VerdictModel::RubricIdRole).toLongLong();
        if (endSessions)
            QVERIFY2(project.server()->endSessions(), qPrintable(project.server()->error()));

        QProcess other;
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(u"RUBRICATE_TEST_LABEL"_s,
                   u"%1 %2 %3"_s.arg(project.location()).arg(report).arg(rubric));
        other.setProcessEnvironment(env);
        other.start(QCoreApplication::applicationFilePath(), {});
        QVERIFY(other.waitForFinished(30000));
        QCOMPARE(other.exitCode(), 0);

        QTRY_COMPARE_WITH_TIMEOUT(verdicts->index(1, VerdictModel::HumanColumn).data().toString(),
                                  u"−1"_s, BackgroundWorkTimeout);
        // Nothing moved under the person: the same report, the same rubric selected.
        QCOMPARE(window.reportView()->reportId(), report);
        QCOMPARE(table->currentIndex().row(), 2);
    }
};

int main(int argc, char **argv)
{
    const QString label = qEnvironmentVariable("RUBRICATE_TEST_LABEL");
    if (!label.isEmpty()) {
        QCoreApplication app(argc, argv);
        const QStringList parts = label.split(u' ');
        return labelElsewhere(parts.value(0), parts.value(1).toLongLong(),
                              parts.value(2).toLongLong());
    }
    QApplication app(argc, argv);
    TestLiveUpdates test;
    return QTest::qExec(&test, argc, argv);
}

#include "tst_liveupdates.moc"
