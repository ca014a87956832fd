// Team projects in the window: File → Open Team Project… builds a location without a password,
// opens a project on the PostgreSQL test server like a file, puts a new project into an empty
// database when asked to, and labels as the annotator the project binds the login to.
#include "agreement/adjudicationpage.h"
#include "demo/demoproject.h"
#include "ingest/importer.h"
#include "pdrfixtures.h"
#include "postgresfixture.h"
#include "project/projecttreemodel.h"
#include "project/teamprojectdialog.h"
#include "review/reviewpage.h"
#include "review/unwrittenlabels.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "runs/criteriadialog.h"
#include "services/annotationwriter.h"
#include "services/annotatoridentity.h"
#include "services/recentprojects.h"
#include "shell/mainwindow.h"
#include "store/projectlocation.h"
#include "store/projectstore.h"
#include "store/teamroles.h"
#include "waits.h"

#include <QAbstractButton>
#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSpinBox>
#include <QSqlQuery>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestTeamProjectUi : public QObject
{
    Q_OBJECT

    // A new team project holding the demo on the test server, made by its superuser; with the
    // annotator login `login` bound to `annotator` unless `login` is empty.
    static Result<void> makeDemoProject(const RubricateTest::PostgresDatabase &server,
                                        const QString &login = {}, const QString &annotator = {})
    {
        if (!server.isValid())
            return Error{server.error()};
        auto store = ProjectStore::create(server.url());
        if (!store)
            return store.error();
        if (importDemo(*store).errorCount() > 0)
            return Error{u"the demo did not import"_s};
        if (login.isEmpty())
            return {};
        return addTeamMember(*store, login, TeamRole::Annotator, annotator);
    }

    // Labels row `row` of the report on screen with `key`, as a person does, once it is shown.
    static void labelRow(MainWindow &window, int row, Qt::Key key)
    {
        VerdictPanel *panel = window.verdictPanel();
        QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowCount() > row, BackgroundWorkTimeout);
        QTableView *table = panel->view();
        table->setFocus();
        table->setCurrentIndex(panel->model()->index(row, VerdictModel::RubricColumn));
        QTest::keyClick(table, key);
    }

    // How many label events `annotator` has in the test server's project.
    // The value of the annotator's newest label event, -99 when there is none.
    static double newestLabelOf(const RubricateTest::PostgresDatabase &server,
                                const QString &annotator)
    {
        auto store = ProjectStore::open(server.url());
        if (!store)
            return -99;
        QSqlQuery q(store->database());
        if (!q.exec(u"SELECT value FROM annotation_event WHERE annotator = '%1'"
                    " ORDER BY id DESC LIMIT 1"_s.arg(annotator))
            || !q.next())
            return -99;
        return q.value(0).toDouble();
    }

    static int labelsOf(const RubricateTest::PostgresDatabase &server, const QString &annotator)
    {
        auto store = ProjectStore::open(server.url());
        if (!store)
            return -1;
        QSqlQuery q(store->database());
        if (!q.exec(
                u"SELECT count(*) FROM annotation_event WHERE annotator = '%1'"_s.arg(annotator))
            || !q.next())
            return -1;
        return q.value(0).toInt();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"RubricateTest"_s);
        QCoreApplication::setApplicationName(u"tst_teamprojectui"_s);
        QSettings().clear();
    }

    void cleanupTestCase() { QSettings().clear(); }

    void dialogBuildsTheLocation()
    {
        TeamProjectDialog dialog;
        dialog.findChild<QLineEdit *>(u"host"_s)->setText(u"db.lab.example"_s);
        dialog.findChild<QSpinBox *>(u"port"_s)->setValue(5433);
        dialog.findChild<QLineEdit *>(u"database"_s)->setText(u"study"_s);
        dialog.findChild<QLineEdit *>(u"user"_s)->setText(u"ann"_s);
        auto *ssl = dialog.findChild<QComboBox *>(u"sslMode"_s);
        ssl->setCurrentIndex(ssl->findData(u"require"_s));
        QCOMPARE(dialog.location(),
                 u"postgresql://ann@db.lab.example:5433/study?sslmode=require"_s);

        TeamProjectDialog again;
        again.setLocation(dialog.location());
        QCOMPARE(again.location(), dialog.location());
        // Left at its default, the port is libpq's choice, as in a URL without one.
        again.findChild<QSpinBox *>(u"port"_s)->setValue(0);
        QCOMPARE(again.location(), u"postgresql://ann@db.lab.example/study?sslmode=require"_s);
    }

    void windowOpensATeamProject()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        const Result<void> made = makeDemoProject(server);
        QVERIFY2(made, qPrintable(made.errorMessage()));
        {
            MainWindow window;
            window.show();
            window.openProject(server.url());
            QTRY_COMPARE_WITH_TIMEOUT(window.projectModel()->rowCount(), 3, BackgroundWorkTimeout);
            const QString location = ProjectLocation::normalized(server.url());
            QCOMPARE(window.projectPath(), location);
            QCOMPARE(window.windowTitle(), u"rubricate@localhost/"_s + server.name());
            QCOMPARE(RecentProjects::paths().value(0), location);
        }
        ProjectStore::close(server.url());
    }

    // Someone chose another identity on this machine; the project binds their login to the
    // annotator ann_bound and would refuse a label under any other. The window labels as
    // ann_bound while the project is open, offers no other, and leaves the choice alone.
    void windowLabelsAsTheAnnotatorTheLoginIsBoundTo()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        const Result<void> made = makeDemoProject(server, u"ann_window"_s, u"ann_bound"_s);
        QVERIFY2(made, qPrintable(made.errorMessage()));
        chooseAnnotator({u"someone-else"_s, u"Someone Else"_s});
        const QString asAnnotator = ProjectLocation::normalized(server.urlAs(u"ann_window"_s));
        {
            MainWindow window;
            window.show();
            window.openProject(asAnnotator);
            QTRY_COMPARE_WITH_TIMEOUT(window.projectModel()->rowCount(), 3, BackgroundWorkTimeout);
            QCOMPARE(currentAnnotator(), u"ann_bound"_s);
            QVERIFY(!window.findChild<QAction *>(u"actionSwitchAnnotator"_s)->isEnabled());

            QVERIFY(window.selectFirstReport());
            labelRow(window, 0, Qt::Key_1);
            QTRY_COMPARE_WITH_TIMEOUT(labelsOf(server, u"ann_bound"_s), 1, BackgroundWorkTimeout);
            QCOMPARE(labelsOf(server, u"someone-else"_s), 0);
        }
        ProjectStore::close(asAnnotator);
        QCOMPARE(chosenAnnotator()->id, u"someone-else"_s);
        QCOMPARE(currentAnnotator(), u"someone-else"_s); // the binding was that project's
        ProjectStore::close(server.url());
    }

    // The server ends the window's sessions (a restart, a network that dropped them) between
    // two labels: the second is written all the same, on a new session, with no error.
    void aLabelAfterTheServerEndedTheSessionIsWritten()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        const Result<void> made = makeDemoProject(server);
        QVERIFY2(made, qPrintable(made.errorMessage()));
        chooseAnnotator({u"ann_restart"_s, u"Ann"_s});
        {
            MainWindow window;
            window.show();
            window.openProject(server.url());
            QTRY_COMPARE_WITH_TIMEOUT(window.projectModel()->rowCount(), 3, BackgroundWorkTimeout);
            QVERIFY(window.selectFirstReport());
            labelRow(window, 0, Qt::Key_1);
            QTRY_COMPARE_WITH_TIMEOUT(labelsOf(server, u"ann_restart"_s), 1, BackgroundWorkTimeout);

            QVERIFY2(server.endSessions(), qPrintable(server.error()));
            labelRow(window, 1, Qt::Key_0);
            QTRY_COMPARE_WITH_TIMEOUT(labelsOf(server, u"ann_restart"_s), 2, BackgroundWorkTimeout);
            QVERIFY(!window.findChild<QMessageBox *>());
        }
        ProjectStore::close(server.url());
    }

    // The server goes out of reach while labels are given: they wait on this machine, the
    // status bar says how many, with no error box, and they are written in the order given
    // once it takes sessions again (the label given last on an item stays its current one).
    void labelsGivenWhileTheServerIsOutOfReachAreWrittenLater()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        const Result<void> made = makeDemoProject(server);
        QVERIFY2(made, qPrintable(made.errorMessage()));
        chooseAnnotator({u"ann_away"_s, u"Ann"_s});
        QTemporaryDir spool; // this machine's spool, apart from other runs'
        QVERIFY(spool.isValid());
        {
            MainWindow window;
            window.annotationWriter()->setSpoolDirectory(spool.path());
            window.show();
            window.openProject(server.url());
            QTRY_COMPARE_WITH_TIMEOUT(window.projectModel()->rowCount(), 3, BackgroundWorkTimeout);
            QVERIFY(window.selectFirstReport());
            auto *unwritten = window.findChild<UnwrittenLabelsIndicator *>();
            QVERIFY(unwritten);
            labelRow(window, 0, Qt::Key_1);
            QTRY_COMPARE_WITH_TIMEOUT(labelsOf(server, u"ann_away"_s), 1, BackgroundWorkTimeout);
            QVERIFY(!unwritten->isVisible());

            QVERIFY2(server.setAcceptingConnections(false), qPrintable(server.error()));
            QVERIFY2(server.endSessions(), qPrintable(server.error()));
            labelRow(window, 1, Qt::Key_0);
            labelRow(window, 1, Qt::Key_1);
            QTRY_COMPARE_WITH_TIMEOUT(unwritten->waitingCount(), 2, BackgroundWorkTimeout);
            QVERIFY(unwritten->isVisible());
            QVERIFY2(unwritten->toolTip().contains(server.name()),
                     qPrintable(unwritten->toolTip()));
            QVERIFY(!window.findChild<QMessageBox *>());

            // The click saves the wait for the next try.
            QVERIFY2(server.setAcceptingConnections(true), qPrintable(server.error()));
            unwritten->click();
            QTRY_COMPARE_WITH_TIMEOUT(labelsOf(server, u"ann_away"_s), 3, BackgroundWorkTimeout);
            QTRY_VERIFY_WITH_TIMEOUT(!unwritten->isVisible(), BackgroundWorkTimeout);
            QCOMPARE(newestLabelOf(server, u"ann_away"_s), 1.0);
            QVERIFY(!window.findChild<QMessageBox *>());
        }
        ProjectStore::close(server.url());
    }

    // The project refuses an annotator's login every write but its own labels (teamroles.h):
    // while it is open as one, the window offers none of the owners' actions and says why in
    // their tooltips; opened as an owner, they are back, and reading and exporting stay.
    void ownersActionsAreDisabledForAnAnnotator()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        RowId report = 0, query = 0;
        const Result<void> made = makeDemoProject(server, u"ann_gated"_s);
        QVERIFY2(made, qPrintable(made.errorMessage()));
        {
            auto store = ProjectStore::open(server.url());
            QVERIFY2(store, qPrintable(store.errorMessage()));
            const Result<void> owns = addTeamMember(*store, u"olga_gated"_s, TeamRole::Owner);
            QVERIFY2(owns, qPrintable(owns.errorMessage()));
            report = store->reports().reportSummaries().value().constFirst().id;
            // A PDR-Bench query, whose criteria an annotator may read but not change.
            QTemporaryDir dir;
            QVERIFY(dir.isValid());
            const QString pdr = dir.filePath(u"pdr"_s);
            QVERIFY(RubricateTest::writePdrDataFolder(pdr));
            // (The fixture's bad lines are errors on purpose; its two reports are what counts.)
            const ImportSummary imported = runImport(*store, ImportKind::PdrFolder, pdr);
            QCOMPARE(imported.added.value(u"reports"_s), 2);
            const auto bench = store->catalog().benchmark(u"pdrbench"_s);
            QVERIFY(bench);
            query = store->catalog().queryId(bench->id, u"1"_s).value_or(0);
            QVERIFY(query);
        }
        const QString asAnnotator = ProjectLocation::normalized(server.urlAs(u"ann_gated"_s));
        const QString asOwner = ProjectLocation::normalized(server.urlAs(u"olga_gated"_s));
        const QStringList ownersActions = {
            u"actionImport"_s,     u"actionMergeAnnotations"_s, u"actionRunEvaluation"_s,
            u"actionRunOffline"_s, u"actionExtractClaims"_s,    u"actionNewRun"_s,
            u"actionSample"_s,     u"actionExtendSample"_s,     u"actionAdjudicateStudy"_s,
        };
        {
            MainWindow window;
            window.show();
            window.openProject(asAnnotator);
            QTRY_COMPARE_WITH_TIMEOUT(window.projectPath(), asAnnotator, BackgroundWorkTimeout);
            // Also refused: having a judge extract claims or classify pages. For an owner these
            // depend on what the demo holds, so the owner's check leaves them out.
            for (const QString &name :
                 ownersActions + QStringList{u"actionJudgeClaims"_s, u"actionClassifyPages"_s}) {
                const QAction *action = window.findChild<QAction *>(name);
                QVERIFY2(action, qPrintable(name));
                QTRY_VERIFY2_WITH_TIMEOUT(!action->isEnabled(), qPrintable(name),
                                          BackgroundWorkTimeout);
                QVERIFY2(action->toolTip().contains(u"ann_gated"_s), qPrintable(action->toolTip()));
            }
            for (const char *name : {"actionExport", "actionExportAnnotations", "actionReload"})
                QVERIFY2(window.findChild<QAction *>(QLatin1StringView(name))->isEnabled(), name);
            // Gold labels too: the adjudication page can be read, not written.
            window.findChild<QAction *>(u"actionAdjudication"_s)->trigger(); // loads when shown
            auto *adjudication = window.findChild<AdjudicationPage *>();
            adjudication->showReport(report, u"first report"_s);
            QTRY_VERIFY_WITH_TIMEOUT(adjudication->goldButton(1), BackgroundWorkTimeout);
            for (QAbstractButton *gold :
                 {adjudication->goldButton(1),
                  window.findChild<QAbstractButton *>(u"adjudicationNote"_s)}) {
                QVERIFY(!gold->isEnabled());
                QVERIFY2(gold->toolTip().contains(u"ann_gated"_s), qPrintable(gold->toolTip()));
            }
            // The criteria editor opens to be read: nothing to edit, and Save says why.
            emit window.findChild<ReviewPage *>()->editCriteriaRequested(query);
            CriteriaDialog *criteria = nullptr;
            QTRY_VERIFY_WITH_TIMEOUT(criteria = window.findChild<CriteriaDialog *>(),
                                     BackgroundWorkTimeout);
            QTRY_VERIFY_WITH_TIMEOUT(criteria->isLoaded(), BackgroundWorkTimeout);
            QVERIFY(criteria->model()->rowCount() > 0);
            QVERIFY(!criteria->saveButton()->isEnabled());
            QVERIFY2(criteria->saveButton()->toolTip().contains(u"ann_gated"_s),
                     qPrintable(criteria->saveButton()->toolTip()));
            for (const QPushButton *edit : {criteria->addButton(), criteria->normaliseButton()})
                QVERIFY(!edit->isEnabled());
            QCOMPARE(criteria->tree()->editTriggers(), QAbstractItemView::NoEditTriggers);
            QVERIFY(criteria->findChild<QLabel *>(u"criteriaRefused"_s)->isVisible());
            criteria->reject();

            window.openProject(asOwner);
            QTRY_COMPARE_WITH_TIMEOUT(window.projectPath(), asOwner, BackgroundWorkTimeout);
            for (const QString &name : ownersActions) {
                const QAction *action = window.findChild<QAction *>(name);
                QTRY_VERIFY2_WITH_TIMEOUT(action->isEnabled(), qPrintable(name),
                                          BackgroundWorkTimeout);
                QVERIFY2(!action->toolTip().contains(u"ann_gated"_s),
                         qPrintable(action->toolTip()));
            }
            QTRY_VERIFY_WITH_TIMEOUT(
                window.findChild<QAbstractButton *>(u"adjudicationNote"_s)->isEnabled(),
                BackgroundWorkTimeout);
        }
        ProjectStore::close(asAnnotator);
        ProjectStore::close(asOwner);
        ProjectStore::close(server.url());
    }

    void dialogPutsAProjectIntoAnEmptyDatabase()
    {
        RUBRICATE_REQUIRE_POSTGRES();
        RubricateTest::PostgresDatabase server;
        QVERIFY2(server.isValid(), qPrintable(server.error()));
        {
            MainWindow window;
            window.show();
            window.findChild<QAction *>(u"actionOpenTeamProject"_s)->trigger();
            TeamProjectDialog *dialog = nullptr;
            QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<TeamProjectDialog *>()),
                                     BackgroundWorkTimeout);
            dialog->setLocation(server.url());
            dialog->findChild<QCheckBox *>()->setChecked(true);
            QCOMPARE(dialog->location(), ProjectLocation::normalized(server.url()));
            dialog->accept();
            QTRY_COMPARE_WITH_TIMEOUT(window.projectPath(),
                                      ProjectLocation::normalized(server.url()),
                                      BackgroundWorkTimeout);
        }
        auto store = ProjectStore::open(server.url());
        QVERIFY2(store, qPrintable(store.errorMessage()));
        store.value().reset();
        ProjectStore::close(server.url());
    }
};

QTEST_MAIN(TestTeamProjectUi)
#include "tst_teamprojectui.moc"
