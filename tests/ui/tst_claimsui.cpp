// Claims in the window: Judge → Extract Claims runs in the background, the report's claims
// appear in the verdict panel beside its rubrics, and a person labels one with the binary keys.
#include "project/projectexplorer.h"
#include "project/projecttreemodel.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "shell/mainwindow.h"
#include "store/projectstore.h"
#include "waits.h"

#include <QAction>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestClaimsUi : public QObject
{
    Q_OBJECT

private slots:
    void extractedClaimsCanBeLabelled()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"RubricateTest"_s);
        QCoreApplication::setApplicationName(u"tst_claimsui"_s);
        QSettings().clear();
        QTemporaryDir dir;
        const QString path = dir.filePath(u"claims.rubricate"_s);
        RowId reportId = 0;
        {
            auto store = ProjectStore::create(path);
            QVERIFY2(store, qPrintable(store.errorMessage()));
            const auto bench = store->catalog().ensureBenchmark(u"reportbench"_s, u"ReportBench"_s,
                                                                VerdictScale::Binary);
            Task t;
            t.benchmarkId = bench->id;
            t.externalId = u"2003.00653"_s;
            t.prompt = u"Survey the tides."_s;
            Report r;
            r.modelId = *store->reports().ensureModel(u"ModelA"_s);
            r.taskId = store->catalog().upsertTask(t).id;
            r.format = ReportFormat::Markdown;
            r.text = u"# Tides\n\nThe moon causes the ocean tides on planet Earth [1].\n\n"
                     "Spring tides happen twice in every lunar month.\n\n"
                     "## References\n\n[1] Tide tables. https://example.org/tides\n"_s;
            r.hasText = true;
            reportId = store->reports().upsertReport(r, {}).id;
            QVERIFY(reportId);
        }

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openProject(path);
        QTRY_COMPARE_WITH_TIMEOUT(window.projectModel()->rowCount(), 1, BackgroundWorkTimeout);
        QVERIFY(window.extractClaimsAction()->isEnabled());
        window.extractClaimsAction()->trigger();
        // Extracted off the GUI thread, then the project is read again.
        QTRY_VERIFY_WITH_TIMEOUT(
            [&] {
                auto store = ProjectStore::open(path);
                return store && store->catalog().claims(reportId).size() == 2;
            }(),
            BackgroundWorkTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(window.explorer()->selectReport(reportId), BackgroundWorkTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(window.reportView()->reportId(), reportId, BackgroundWorkTimeout);
        VerdictPanel *panel = window.verdictPanel();
        VerdictModel *model = panel->model();
        QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), 2, BackgroundWorkTimeout);
        QCOMPARE(model->rowAt(0)->dimension, u"cited"_s);
        QCOMPARE(model->rowAt(0)->scale, VerdictScale::Binary);
        QCOMPARE(model->rowAt(1)->rubricText, u"Spring tides happen twice in every lunar month."_s);

        // The binary keys label a claim like any rubric item.
        QTableView *table = panel->view();
        table->setFocus();
        table->setCurrentIndex(model->index(1, VerdictModel::RubricColumn));
        QTest::keyClick(table, Qt::Key_0);
        QTRY_COMPARE(model->index(1, VerdictModel::HumanColumn).data().toString(),
                     u"no"_s); // a binary check says yes or no
        auto store = ProjectStore::open(path);
        QTRY_VERIFY(
            store->annotations()
                .currentAnnotation(reportId, model->rowAt(1)->rubricId, VerdictPanel::annotator())
                .has_value());
        QCOMPARE(
            *store->annotations().currentAnnotation(reportId, model->rowAt(1)->rubricId)->value,
            0.0);
    }
};

QTEST_MAIN(TestClaimsUi)
#include "tst_claimsui.moc"
