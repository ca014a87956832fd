// Claims in the window: Judge → Extract Claims runs in the background, the report's claims
// appear in the verdict panel beside its rubrics, and a person labels one with the binary keys.
// Judge → Extract Claims with Judge… and Classify Cited Pages… open the run dialog for their
// generator and run it in the background against the fake judge until its rows are written.
#include "judge/judgesimulator.h"
#include "project/projectexplorer.h"
#include "project/projecttreemodel.h"
#include "reportbenchpages.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "runs/rundialog.h"
#include "shell/mainwindow.h"
#include "sources/sourcefetcher.h"
#include "store/projectstore.h"
#include "waits.h"

#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QLineEdit>
#include <QPushButton>
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

    // Opens the generator's dialog from `action` and starts it with the fake judge.
    static void startWithJudge(MainWindow &window, QAction *action, const JudgeSimulator &judge,
                               RunDialog::Purpose purpose)
    {
        QTRY_VERIFY_WITH_TIMEOUT(!window.findChild<RunDialog *>(),
                                 BackgroundWorkTimeout); // the last one has gone
        QVERIFY(action->isEnabled());
        action->trigger();
        RunDialog *dialog = nullptr;
        QTRY_VERIFY_WITH_TIMEOUT((dialog = window.findChild<RunDialog *>()) != nullptr,
                                 BackgroundWorkTimeout);
        QCOMPARE(dialog->purpose(), purpose);
        QTRY_VERIFY_WITH_TIMEOUT(dialog->isLoaded(), BackgroundWorkTimeout);
        auto *provider = dialog->findChild<QComboBox *>(u"provider"_s);
        auto *model = dialog->findChild<QLineEdit *>(u"model"_s);
        // Offline, a generator uses no model: none is named, and the field offers nothing.
        provider->setCurrentIndex(provider->findData(int(ProviderKind::Offline)));
        QVERIFY(model->text().isEmpty());
        QVERIFY(!model->placeholderText().isEmpty());
        QVERIFY(!model->isEnabled() && !model->isClearButtonEnabled());
        provider->setCurrentIndex(provider->findData(int(ProviderKind::OpenAiCompatible)));
        QVERIFY(model->isEnabled() && model->isClearButtonEnabled());
        dialog->findChild<QLineEdit *>(u"baseUrl"_s)->setText(judge.baseUrl());
        model->setText(u"test-judge"_s);
        QPushButton *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QTRY_VERIFY_WITH_TIMEOUT(ok->isEnabled(), BackgroundWorkTimeout);
        ok->click();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"RubricateTest"_s);
        QCoreApplication::setApplicationName(u"tst_claimsui"_s);
        QSettings().clear();
    }

    void extractedClaimsCanBeLabelled()
    {
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
        QTRY_COMPARE_WITH_TIMEOUT(model->index(1, VerdictModel::HumanColumn).data().toString(),
                                  u"no"_s, BackgroundWorkTimeout); // a binary check says yes or no
        auto store = ProjectStore::open(path);
        QTRY_VERIFY_WITH_TIMEOUT(
            store->annotations()
                .currentAnnotation(reportId, model->rowAt(1)->rubricId, VerdictPanel::annotator())
                .has_value(),
            BackgroundWorkTimeout);
        QCOMPARE(
            *store->annotations().currentAnnotation(reportId, model->rowAt(1)->rubricId)->value,
            0.0);
    }

    // Disabled with the reason while there is nothing to classify; Stop cancels; then each
    // generator runs through its dialog and the fake judge to the end and writes its rows.
    void judgeGeneratorsRunFromTheWindow()
    {
        RubricateTest::ReportBenchPagesProject project;
        QVERIFY(project.create(false));
        const QList<QUrl> &urls = project.urls;
        const JudgeSimulator &judge = project.judge;

        MainWindow window;
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        window.openProject(project.path);
        QTRY_COMPARE_WITH_TIMEOUT(window.projectModel()->rowCount(), 1, BackgroundWorkTimeout);
        QVERIFY(window.judgeClaimsAction()->isEnabled());
        QVERIFY(!window.classifyPagesAction()->isEnabled());
        QVERIFY(window.classifyPagesAction()->toolTip().contains(u"fetched"_s));
        QVERIFY(RubricateTest::fetchReportBenchPages(*project.open(), urls));
        window.reloadProject();
        QTRY_VERIFY_WITH_TIMEOUT(window.classifyPagesAction()->isEnabled(), BackgroundWorkTimeout);

        // Judge → Stop cancels a classification whose requests go unanswered: nothing is
        // written and the window is free again.
        SimulatorBehaviour hang;
        hang.hangTimes = 1;
        project.judge.setBehaviour(hang);
        startWithJudge(window, window.classifyPagesAction(), judge,
                       RunDialog::Purpose::ClassifyPages);
        QTRY_VERIFY_WITH_TIMEOUT(project.judge.requestCount() > 0, BackgroundWorkTimeout);
        QAction *stop = window.findChild<QAction *>(u"actionStop"_s);
        QVERIFY(stop && stop->isEnabled());
        stop->trigger();
        QTRY_VERIFY_WITH_TIMEOUT(window.classifyPagesAction()->isEnabled(), BackgroundWorkTimeout);
        QVERIFY(project.open()->sources().pageJudges().isEmpty());
        project.judge.setBehaviour({});

        // The four fetched pages (the fifth is a dead link), each decision stored.
        startWithJudge(window, window.classifyPagesAction(), judge,
                       RunDialog::Purpose::ClassifyPages);
        QTRY_VERIFY_WITH_TIMEOUT(!window.classifyPagesAction()->isEnabled(),
                                 BackgroundWorkTimeout); // busy
        QTRY_VERIFY_WITH_TIMEOUT(window.classifyPagesAction()->isEnabled(), BackgroundWorkTimeout);
        {
            auto store = project.open();
            QCOMPARE(store->sources().pageJudges(), QStringList{u"openai:test-judge"_s});
            int classified = 0;
            for (const QUrl &url : std::as_const(urls)) {
                classified
                    += store->sources()
                           .pageClassification(sourceKey(url.toString()), u"openai:test-judge"_s)
                           .has_value();
            }
            QCOMPARE(classified, 4);
        }

        startWithJudge(window, window.judgeClaimsAction(), judge,
                       RunDialog::Purpose::ExtractClaims);
        const auto judgeClaims = [&project] {
            auto store = project.open();
            int n = 0;
            for (const ReportSummary &r : store->reports().reportSummaries().value()) {
                for (const Rubric &claim : store->catalog().claims(r.id))
                    n += claim.metadata.value(u"origin"_s).toString()
                        == "judge:openai:test-judge"_L1;
            }
            return n;
        };
        QTRY_VERIFY_WITH_TIMEOUT(judgeClaims() > 0, BackgroundWorkTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(window.judgeClaimsAction()->isEnabled(), BackgroundWorkTimeout);
    }
};

QTEST_MAIN(TestClaimsUi)
#include "tst_claimsui.moc"
