// The fixture of the GUI tests that drive the real window over the demo project: the project,
// written by importDemo into a temporary folder, a window, and the steps those tests share —
// open the project, open a report, read this annotator's labels back. A test case derives from
// it beside QObject and calls its setup steps from its own initTestCase() and init(), or derives
// from FreshDemoWindowTest, which gives each test function a demo project of its own.
#pragma once

#include "demo/demoproject.h"
#include "project/projectexplorer.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "shell/mainwindow.h"
#include "store/projectstore.h"
#include "waits.h"

#include <QAbstractProxyModel>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTest>
#include <QTreeView>

#include <algorithm>
#include <memory>

namespace RubricateTest {

class DemoWindowFixture
{
protected:
    // Keeps settings and the demo project away from the user's real ones. The application's
    // name is the executable's, so no two test executables share their settings.
    static void isolateSettings()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("RubricateTest"));
        QSettings().clear();
    }

    // Writes the demo project as `fileName` in the temporary folder and keeps what it holds.
    void createDemoProject(const QString &fileName)
    {
        using namespace Rubricate;
        QVERIFY(m_dir.isValid());
        m_projectPath = m_dir.filePath(fileName);
        auto store = ProjectStore::create(m_projectPath);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        const ImportSummary summary = importDemo(*store);
        QVERIFY2(summary.errorCount() == 0, qPrintable(summary.toText()));
        const auto drb2 = store->catalog().benchmark(QStringLiteral("drb2"));
        QVERIFY(drb2);
        QCOMPARE(store->catalog().benchmarks().value().size(),
                 3); // the demo also has ResearchRubrics and ReportBench
        m_benchmarkName = drb2->name;
        m_tasks = store->catalog().taskSummaries().value();
        m_drb2Tasks = std::count_if(m_tasks.cbegin(), m_tasks.cend(), [](const TaskSummary &t) {
            return t.benchmarkKey == QLatin1String("drb2");
        });
        m_reports = store->reports().reportSummaries().value();
        QVERIFY(m_tasks.size() >= 2);
        QVERIFY(m_reports.size() >= 2);
    }

    void showWindow()
    {
        m_window = std::make_unique<Rubricate::MainWindow>();
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }

    // A fresh demo project per test, open in a fresh window: labels one test writes must not
    // leak into the next.
    void openFreshDemoProject()
    {
        QSettings().clear();
        static int n = 0;
        createDemoProject(QStringLiteral("demo-%1.rubricate").arg(++n));
        showWindow();
        openAndWait();
    }

    // Opens the project unless the window already shows it, and waits for its three benchmarks.
    void openAndWait()
    {
        if (m_window->projectPath() != m_projectPath)
            m_window->openProject(m_projectPath);
        QTRY_COMPARE_WITH_TIMEOUT(m_window->projectModel()->rowCount(), 3, BackgroundWorkTimeout);
    }

    QModelIndex viewIndexOfReport(Rubricate::RowId id) const
    {
        const auto *proxy = qobject_cast<QAbstractProxyModel *>(m_window->projectTree()->model());
        return proxy->mapFromSource(m_window->projectModel()->indexOfReport(id));
    }

    // The first report in `format` (by `model`, if given), or 0.
    Rubricate::RowId reportId(const QString &format, const QString &model = {}) const
    {
        for (const Rubricate::ReportSummary &r : m_reports) {
            if (r.format == format && (model.isEmpty() || r.model == model))
                return r.id;
        }
        return 0;
    }

    // Selects the report in the explorer and waits until it is on screen with its verdicts.
    void openReport(const QString &format, const QString &model = {})
    {
        const Rubricate::RowId id = reportId(format, model);
        QVERIFY(id);
        showReport(id);
    }

    void openReportOf(const QString &benchmarkKey)
    {
        const auto report = std::find_if(
            m_reports.cbegin(), m_reports.cend(),
            [&](const Rubricate::ReportSummary &r) { return r.benchmarkKey == benchmarkKey; });
        QVERIFY(report != m_reports.cend());
        showReport(report->id);
    }

    // This annotator's events on one rubric of one report, oldest first.
    QList<Rubricate::AnnotationEvent> events(Rubricate::RowId report, Rubricate::RowId rubric)
    {
        using namespace Rubricate;
        auto store = ProjectStore::open(m_projectPath);
        // The demo ships Ana's and Ben's labels: only this annotator's events are the test's.
        QList<AnnotationEvent> history = store
            ? store->annotations().annotationHistory(report, rubric)
            : QList<AnnotationEvent>();
        history.removeIf(
            [](const AnnotationEvent &e) { return e.annotator != VerdictPanel::annotator(); });
        return history;
    }

    QTemporaryDir m_dir;
    QString m_projectPath;
    QString m_benchmarkName;
    QList<Rubricate::TaskSummary> m_tasks;
    qsizetype m_drb2Tasks = 0; // the tree's first benchmark
    QList<Rubricate::ReportSummary> m_reports;
    std::unique_ptr<Rubricate::MainWindow> m_window;

private:
    void showReport(Rubricate::RowId id)
    {
        QVERIFY(m_window->explorer()->selectReport(id));
        QTRY_COMPARE_WITH_TIMEOUT(m_window->reportView()->reportId(), id, BackgroundWorkTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(m_window->verdictPanel()->model()->rowCount() > 0,
                                 BackgroundWorkTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(!m_window->reportView()->isBuilding(), BackgroundWorkTimeout);
    }
};

// A test case whose every test function starts with a fresh demo project open in a fresh window.
// Qt Test calls these slots of the base class; the test functions are the derived class's
// private slots.
class FreshDemoWindowTest : public QObject, protected DemoWindowFixture
{
    Q_OBJECT

protected slots:
    void initTestCase() { isolateSettings(); }
    void cleanupTestCase() { QSettings().clear(); }
    void init() { openFreshDemoProject(); }
    void cleanup() { m_window.reset(); }
};

} // namespace RubricateTest
