// Team projects in the window: File → Open Team Project… builds a location without a password,
// opens a project on the PostgreSQL test server like a file, and puts a new project into an
// empty database when asked to.
#include "demo/demoproject.h"
#include "postgresfixture.h"
#include "project/projecttreemodel.h"
#include "project/teamprojectdialog.h"
#include "services/recentprojects.h"
#include "shell/mainwindow.h"
#include "store/projectlocation.h"
#include "store/projectstore.h"
#include "waits.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestTeamProjectUi : public QObject
{
    Q_OBJECT

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
        QVERIFY2(server.isValid(), qPrintable(server.error()));
        {
            auto store = ProjectStore::create(server.url());
            QVERIFY2(store, qPrintable(store.errorMessage()));
            QCOMPARE(importDemo(*store).errorCount(), 0);
        }
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
            QTRY_VERIFY((dialog = window.findChild<TeamProjectDialog *>()));
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
