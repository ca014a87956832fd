// Judge runs from the window: the runs model stays consistent and updates in place, the run
// dialog turns its widgets into the right request (never holding the API key) and estimates
// the cost off the GUI thread, and a real run against the judge simulator is started, paused,
// resumed, finished, resumed after an "interrupted" state and repaired through the dock.
#include "judge/judgesimulator.h"
#include "judgefixture.h"
#include "runs/rundialog.h"
#include "runs/runsdock.h"
#include "runs/runsmodel.h"
#include "scratchproject.h"
#include "services/runlauncher.h"
#include "shell/statusmessages.h"
#include "waits.h"
#include "widgettesting.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QBrush>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileInfo>
#include <QHeaderView>
#include <QJsonDocument>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QSignalSpy>
#include <QSpinBox>
#include <QTableView>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

constexpr auto keyVariable = "RUBRICATE_TST_RUNSUI_KEY";
const QByteArray secretKey = "sk-runsui-secret-0123456789";

RunRow row(RowId id, const QString &status, int done, int total)
{
    RunRow r;
    r.id = id;
    r.name = u"run %1"_s.arg(id);
    r.kind = u"llm"_s;
    r.provider = u"openai"_s;
    r.model = u"gpt"_s;
    r.benchmarkKey = u"drb2"_s;
    r.status = status;
    r.jobsTotal = total;
    r.jobsDone = done;
    r.jobsPending = total - done;
    r.priced = true;
    return r;
}

} // namespace

class TestRunsUi : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    JudgeSimulator m_judge;
    int m_items = 0;

    QString path() const { return m_project->store().path(); }

    // Points an open dialog at the simulator as an OpenAI-compatible judge.
    void configureForSimulator(RunDialog &dialog)
    {
        auto *provider = child<QComboBox>(&dialog, u"provider"_s);
        provider->setCurrentIndex(provider->findData(int(ProviderKind::OpenAiCompatible)));
        child<QLineEdit>(&dialog, u"baseUrl"_s)->setText(m_judge.baseUrl());
        child<QLineEdit>(&dialog, u"model"_s)->setText(u"sim-judge"_s);
        child<QLineEdit>(&dialog, u"apiKeyEnv"_s)->setText(QString::fromLatin1(keyVariable));
        child<QDoubleSpinBox>(&dialog, u"priceIn"_s)->setValue(1.0);
        child<QDoubleSpinBox>(&dialog, u"priceOut"_s)->setValue(2.0);
        child<QSpinBox>(&dialog, u"concurrency"_s)->setValue(2);
        child<QSpinBox>(&dialog, u"batchSize"_s)->setValue(5);
    }

    static RunState stateOf(RunsDock &dock, RowId runId)
    {
        return dock.model()->state(dock.model()->rowOfRun(runId));
    }

    static const RunRow *rowOf(RunsDock &dock, RowId runId)
    {
        return dock.model()->rowAt(dock.model()->rowOfRun(runId));
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_judge.listen());
        qputenv(keyVariable, secretKey);
    }

    void init()
    {
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY(m_project->isOpen());
        // 3 tasks x 12 rubrics x 2 models = 72 items; batches of 5 -> 18 requests.
        m_items = RubricateTest::writeJudgeFixture(m_project->store(), m_project->filePath(u"in"_s),
                                                   3, 12);
        m_judge.setBehaviour({});
        m_judge.resetCounters();
    }

    void cleanup() { m_project.reset(); }

    void modelUpdatesInPlace()
    {
        RunsModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);
        QSignalSpy removed(&model, &QAbstractItemModel::rowsRemoved);

        RunRow imported = row(3, u"finished"_s, 0, 0);
        imported.kind = u"imported"_s;
        model.setRows({row(1, u"finished"_s, 3, 3), row(2, u"running"_s, 0, 4), imported});
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.columnCount(), int(RunsModel::ColumnCount));
        QCOMPARE(model.state(0), RunState::Finished);
        // "running" in the project with nothing judging it: a killed process left it so.
        QCOMPARE(model.state(1), RunState::Interrupted);
        QCOMPARE(model.index(1, RunsModel::StatusColumn).data().toString(), u"interrupted"_s);
        QCOMPARE(model.state(2), RunState::Imported);
        QVERIFY(!model.index(2, RunsModel::ProgressColumn).data(RunsModel::FractionRole).isValid());

        // Started again: running at once, then live from its controller's progress.
        model.setActiveRun(2);
        QCOMPARE(model.state(1), RunState::Running);
        changed.clear();
        RunProgress p;
        p.runId = 2;
        p.status = u"running"_s;
        p.jobsTotal = 4;
        p.jobsDone = 1;
        p.inFlight = 2;
        p.errorsTotal = 3;
        p.inputTokens = 12345;
        p.outputTokens = 678;
        p.cost = 0.5;
        p.itemsPerSecond = 2.5;
        p.lastError = u"HTTP 500: upstream"_s;
        model.applyProgress(p);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.constFirst().at(0).toModelIndex(), model.index(1, 0));
        QCOMPARE(changed.constFirst().at(1).toModelIndex(),
                 model.index(1, RunsModel::ColumnCount - 1));
        QCOMPARE(model.index(1, RunsModel::JobsColumn).data().toString(), u"1 / 4"_s);
        QCOMPARE(model.index(1, RunsModel::ProgressColumn).data(RunsModel::FractionRole).toDouble(),
                 0.25);
        QCOMPARE(model.index(1, RunsModel::SpeedColumn).data().toString(), u"2.5"_s);
        QCOMPARE(model.index(1, RunsModel::TokensColumn).data().toString(), u"12.3k / 678"_s);
        QCOMPARE(model.index(1, RunsModel::CostColumn).data().toString(), u"$0.50"_s);
        // Errors are errors: a count in red with their cause, never a verdict.
        const QModelIndex errors = model.index(1, RunsModel::ErrorsColumn);
        QCOMPARE(errors.data().toString(), u"3"_s);
        QVERIFY(errors.data(Qt::ForegroundRole).value<QBrush>().color().red() > 150);
        QVERIFY(errors.data(Qt::ToolTipRole).toString().contains(u"HTTP 500"_s));
        QCOMPARE(errors.data(RunsModel::LastErrorRole).toString(), u"HTTP 500: upstream"_s);

        // The same progress again announces nothing.
        changed.clear();
        model.applyProgress(p);
        QCOMPARE(changed.size(), 0);

        p.status = u"paused"_s;
        p.inFlight = 1;
        model.applyProgress(p);
        QCOMPARE(model.state(1), RunState::Pausing);
        p.inFlight = 0;
        model.applyProgress(p);
        QCOMPARE(model.state(1), RunState::Paused);

        // A read of the project while it runs: the live run keeps its newer figures, run 1
        // is gone, run 4 is new; no reset.
        RunRow stale = row(2, u"running"_s, 0, 4);
        model.updateRows({stale, imported, row(4, u"pending"_s, 0, 2)});
        QCOMPARE(removed.size(), 1);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(model.rowCount(), 3);
        QCOMPARE(model.rowOfRun(2), 0);
        QCOMPARE(model.rowAt(0)->jobsDone, 1);
        QCOMPARE(model.state(0), RunState::Paused);
        QCOMPARE(model.state(2), RunState::NotStarted);

        // The end: the final progress shows at once; the next read is the project's word.
        p.status = u"finished"_s;
        p.jobsDone = 4;
        model.applyProgress(p);
        model.setActiveRun(0);
        QCOMPARE(model.state(0), RunState::Finished);
        QCOMPARE(model.index(0, RunsModel::ProgressColumn).data().toString(), u"100%"_s);
        QCOMPARE(reset.size(), 1);
    }

    void dialogBuildsTheRequestAndEstimates()
    {
        RunDialog dialog(path());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isLoaded(), BackgroundWorkTimeout);
        auto *provider = child<QComboBox>(&dialog, u"provider"_s);
        auto *baseUrl = child<QLineEdit>(&dialog, u"baseUrl"_s);
        auto *keyStatus = child<QLabel>(&dialog, u"keyStatus"_s);
        auto *estimate = child<QLabel>(&dialog, u"estimate"_s);
        auto *models = child<QListWidget>(&dialog, u"models"_s);
        QVERIFY(provider && baseUrl && keyStatus && estimate && models);
        QCOMPARE(child<QComboBox>(&dialog, u"scheme"_s)->currentText(), u"drb2"_s);
        QCOMPARE(child<QComboBox>(&dialog, u"benchmark"_s)->currentData().toString(), u"drb2"_s);
        QCOMPARE(models->count(), 2); // the agents that have reports

        // Each provider brings its endpoint, and the default endpoint is stored as "default".
        provider->setCurrentIndex(provider->findData(int(ProviderKind::Anthropic)));
        QCOMPARE(baseUrl->text(), defaultBaseUrl(ProviderKind::Anthropic));
        QCOMPARE(dialog.request().config.baseUrl, QString());
        QVERIFY(keyStatus->text().contains(u"ANTHROPIC_API_KEY"_s));

        configureForSimulator(dialog);
        child<QLineEdit>(&dialog, u"tasks"_s)->setText(u"1,3"_s);
        child<QLineEdit>(&dialog, u"name"_s)->setText(u"simulated"_s);
        for (int i = 0; i < models->count(); ++i) {
            if (models->item(i)->data(Qt::UserRole).toString() == "ModelB"_L1)
                models->item(i)->setCheckState(Qt::Unchecked);
        }
        QVERIFY(keyStatus->text().contains(QString::fromLatin1(keyVariable)));
        QVERIFY(keyStatus->text().contains(u"environment"_s));

        const RunRequest r = dialog.request();
        QCOMPARE(r.rerunFailedOf, RowId(0));
        QCOMPARE(r.name, u"simulated"_s);
        QCOMPARE(r.config.provider, ProviderKind::OpenAiCompatible);
        QCOMPARE(r.config.model, u"sim-judge"_s);
        QCOMPARE(r.config.baseUrl, m_judge.baseUrl());
        QCOMPARE(r.config.apiKeyEnv, QString::fromLatin1(keyVariable));
        QCOMPARE(r.config.scheme, u"drb2"_s);
        QCOMPARE(r.config.concurrency, 2);
        QCOMPARE(r.config.batchSize, 5);
        QCOMPARE(r.config.pricePerMillionInput, 1.0);
        QCOMPARE(r.config.pricePerMillionOutput, 2.0);
        QCOMPARE(r.scope.benchmarkKey, u"drb2"_s);
        QCOMPARE(r.scope.taskIds, (QStringList{u"1"_s, u"3"_s}));
        QCOMPARE(r.scope.models, QStringList{u"ModelA"_s});
        QVERIFY(!r.scope.onlyUnjudged);

        // The estimate, computed off the GUI thread: 2 reports x 3 requests, priced.
        QTRY_VERIFY_WITH_TIMEOUT(dialog.estimate().has_value(), BackgroundWorkTimeout);
        QCOMPARE(dialog.estimate()->jobs, 6);
        QCOMPARE(dialog.estimate()->items, 24);
        QVERIFY(dialog.estimate()->cost.value_or(0) > 0);
        QVERIFY2(estimate->text().contains(u"≈ $"_s), qPrintable(estimate->text()));
        saveScreenshot(&dialog, u"rundialog.png"_s);

        // The key itself is nowhere: not in the request, not on screen.
        QVERIFY(!QJsonDocument(r.config.toJson()).toJson().contains(secretKey));
        for (const QLabel *label : dialog.findChildren<QLabel *>())
            QVERIFY(!label->text().contains(QString::fromLatin1(secretKey)));
        for (const QLineEdit *edit : dialog.findChildren<QLineEdit *>())
            QVERIFY(!edit->text().contains(QString::fromLatin1(secretKey)));

        // A URL with a password or a key in it would put that into the project: the run cannot
        // start until it is gone, and the dialog says why.
        QPushButton *start = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        auto *urlProblem = child<QLabel>(&dialog, u"urlProblem"_s);
        QVERIFY(urlProblem && start->isEnabled() && urlProblem->isHidden());
        const QString plain = m_judge.baseUrl();
        auto *url = child<QLineEdit>(&dialog, u"baseUrl"_s);
        url->setText(plain + u"?key=abc"_s);
        QVERIFY(!start->isEnabled());
        QVERIFY(!urlProblem->isHidden());
        QVERIFY2(urlProblem->text().contains(u"key"_s), qPrintable(urlProblem->text()));
        url->setText(plain);
        QVERIFY(start->isEnabled() && urlProblem->isHidden());

        // Without prices the cost is unknown, not zero.
        child<QDoubleSpinBox>(&dialog, u"priceIn"_s)->setValue(0);
        child<QDoubleSpinBox>(&dialog, u"priceOut"_s)->setValue(0);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.estimate() && !dialog.estimate()->cost,
                                 BackgroundWorkTimeout);
        QVERIFY2(estimate->text().contains(u"price unknown"_s), qPrintable(estimate->text()));

        // The offline judge: free, no key, and the typed URL is not its business.
        provider->setCurrentIndex(provider->findData(int(ProviderKind::Offline)));
        QTRY_VERIFY_WITH_TIMEOUT(dialog.estimate() && dialog.estimate()->cost,
                                 BackgroundWorkTimeout);
        QCOMPARE(*dialog.estimate()->cost, 0.0);
        QVERIFY2(estimate->text().contains(u"$0.00"_s), qPrintable(estimate->text()));
        QCOMPARE(dialog.request().config.model, u"lexical-baseline"_s);
        QCOMPARE(dialog.request().config.baseUrl, QString());
        QVERIFY(!child<QLineEdit>(&dialog, u"baseUrl"_s)->isEnabled());

        // A scope with nothing in it says so, and cannot be started.
        child<QLineEdit>(&dialog, u"tasks"_s)->setText(u"99"_s);
        QTRY_VERIFY_WITH_TIMEOUT(!dialog.estimateError().isEmpty(), BackgroundWorkTimeout);
        QVERIFY(estimate->text().contains(u"nothing to judge"_s));
    }

    void runPausesResumesAndFinishesFromTheDock()
    {
        SimulatorBehaviour slow;
        slow.latencyMs = 100; // a pause must land while most of the run is still to come
        m_judge.setBehaviour(slow);

        RunLauncher launcher;
        RunsDock dock(&launcher);
        dock.resize(1000, 260);
        QAbstractItemModelTester tester(dock.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&dock, &RunsDock::rowsLoaded);
        dock.setProject(path());
        QVERIFY(loaded.wait(BackgroundWorkTimeout));
        QCOMPARE(dock.model()->rowCount(), 0);
        QVERIFY(dock.newRunAction()->isEnabled());
        QSignalSpy resets(dock.model(), &QAbstractItemModel::modelReset);
        QSignalSpy changed(dock.model(), &QAbstractItemModel::dataChanged);

        RunDialog dialog(path());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isLoaded(), BackgroundWorkTimeout);
        configureForSimulator(dialog);
        const RunRequest request = dialog.request();

        QSignalSpy started(&launcher, &RunLauncher::started);
        QSignalSpy finished(&launcher, &RunLauncher::finished);
        QVERIFY(launcher.start(path(), request));
        QVERIFY(!launcher.start(path(), request)); // one run at a time
        QVERIFY(!dock.newRunAction()->isEnabled());
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, BackgroundWorkTimeout);
        const RowId runId = started.constFirst().at(0).value<RowId>();
        QCOMPARE(started.constFirst().at(1).toInt(), 18);
        QVERIFY(runId > 0);

        // Progress reaches the row in place.
        QTRY_VERIFY_WITH_TIMEOUT(rowOf(dock, runId) && rowOf(dock, runId)->jobsDone >= 2,
                                 BackgroundWorkTimeout);
        QCOMPARE(stateOf(dock, runId), RunState::Running);
        QVERIFY(!changed.isEmpty());
        QCOMPARE(dock.selectedRunId(), runId);

        QVERIFY(dock.pauseAction()->isEnabled());
        dock.pauseAction()->trigger();
        // What was in flight is answered and written; then nothing new goes out.
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(dock, runId), RunState::Paused, BackgroundWorkTimeout);
        QCOMPARE(rowOf(dock, runId)->inFlight, 0);
        const int sent = m_judge.requestCount();
        QSignalSpy received(&m_judge, &JudgeSimulator::requestReceived);
        QVERIFY(!received.wait(600));
        QCOMPARE(m_judge.requestCount(), sent);
        QVERIFY(sent < 18);
        QVERIFY(launcher.isPaused());
        QVERIFY(!dock.pauseAction()->isEnabled());
        QVERIFY(dock.cancelAction()->isEnabled());
        saveScreenshot(&dock, u"runsdock-paused.png"_s);

        QVERIFY(dock.resumeAction()->isEnabled());
        dock.resumeAction()->trigger();
        QVERIFY(received.wait(BackgroundWorkTimeout));
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, BackgroundWorkTimeout);
        QCOMPARE(finished.constFirst().at(0).toString(), u"finished"_s);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(dock, runId), RunState::Finished, BackgroundWorkTimeout);

        const RunRow *done = rowOf(dock, runId);
        QCOMPARE(done->jobsDone, 18);
        QCOMPARE(done->errors, 0);
        QVERIFY(done->inputTokens > 0 && done->cost > 0);
        QCOMPARE(dock.model()
                     ->index(dock.model()->rowOfRun(runId), RunsModel::ProgressColumn)
                     .data()
                     .toString(),
                 u"100%"_s);
        const RunTotals totals = m_project->store().runs().runTotals(runId).value();
        QCOMPARE(totals.verdicts, m_items);
        QCOMPARE(totals.verdictErrors, 0);
        QCOMPARE(totals.jobsDone, 18);
        QCOMPARE(m_judge.distinctRequestCount(), 18);
        QCOMPARE(resets.size(), 0); // updated in place throughout
        QVERIFY(dock.newRunAction()->isEnabled());
        saveScreenshot(&dock, u"runsdock.png"_s);
    }

    // Found in the window: a run started while an older row was selected could not be paused
    // or cancelled without a click, started below the dock's edge, was still "Judging" in
    // the status bar once paused, shared its name with the judge's previous run, and its
    // status and cost were elided to the width of an empty table.
    void dockFollowsANewRunWithoutAClick()
    {
        SimulatorBehaviour slow;
        slow.latencyMs = 100;
        m_judge.setBehaviour(slow);

        RunDialog dialog(path());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isLoaded(), BackgroundWorkTimeout);
        configureForSimulator(dialog);
        child<QLineEdit>(&dialog, u"name"_s)->clear();
        const RunRequest request = dialog.request();
        QVERIFY(request.name.isEmpty());
        // Earlier runs of the same judge, more than the dock shows at its smallest.
        constexpr int earlier = 8;
        for (int i = 0; i < earlier; ++i) {
            const auto planned = planRun(m_project->store(), request.config, request.scope, {});
            QVERIFY2(planned, qPrintable(planned.errorMessage()));
        }

        RunLauncher launcher;
        RunsDock dock(&launcher);
        const int rowHeight = dock.view()->verticalHeader()->defaultSectionSize();
        QVERIFY(dock.view()->minimumHeight() >= 4 * rowHeight);
        dock.resize(900, dock.minimumSizeHint().height());
        dock.show();
        QSignalSpy loaded(&dock, &RunsDock::rowsLoaded);
        dock.setProject(path());
        QVERIFY(loaded.wait(BackgroundWorkTimeout));
        QCOMPARE(dock.model()->rowCount(), earlier);
        const RowId older = dock.model()->rowAt(0)->id;
        dock.selectRun(older);
        QCOMPARE(dock.selectedRunId(), older);

        QSignalSpy started(&launcher, &RunLauncher::started);
        QVERIFY(launcher.start(path(), request));
        QTRY_COMPARE_WITH_TIMEOUT(started.size(), 1, BackgroundWorkTimeout);
        const RowId runId = started.constFirst().at(0).value<RowId>();

        // Selected, scrolled into view and controllable, without a click.
        QTRY_COMPARE_WITH_TIMEOUT(dock.selectedRunId(), runId, BackgroundWorkTimeout);
        QTRY_VERIFY_WITH_TIMEOUT(dock.pauseAction()->isEnabled(), BackgroundWorkTimeout);
        QVERIFY(dock.cancelAction()->isEnabled());
        const QModelIndex newRow = dock.model()->index(dock.model()->rowOfRun(runId), 0);
        QTRY_VERIFY_WITH_TIMEOUT(
            dock.view()->viewport()->rect().contains(dock.view()->visualRect(newRow)),
            BackgroundWorkTimeout);

        // Every run has a name of its own.
        QSet<QString> names;
        for (int row = 0; row < dock.model()->rowCount(); ++row)
            names.insert(dock.model()->rowAt(row)->name);
        QCOMPARE(names.size(), dock.model()->rowCount());
        QCOMPARE(rowOf(dock, runId)->name, rowOf(dock, older)->name + u" (%1)"_s.arg(earlier + 1));

        // Paused is what the status bar says once the run is paused.
        QVERIFY(StatusMessages::runProgress(launcher.lastProgress()).startsWith(u"Judging"_s));
        dock.pauseAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(dock, runId), RunState::Paused, BackgroundWorkTimeout);
        const QString paused = StatusMessages::runProgress(launcher.lastProgress());
        QVERIFY2(paused.startsWith(u"Paused"_s), qPrintable(paused));
        QVERIFY(!paused.contains(u"Judging"_s));

        // The cells that grew since the table was empty are shown whole.
        QHeaderView *header = dock.view()->horizontalHeader();
        // What the cells need, as the view measures them (public on the base class).
        const QAbstractItemView *cells = dock.view();
        for (int column : {int(RunsModel::JudgeColumn), int(RunsModel::StatusColumn),
                           int(RunsModel::JobsColumn), int(RunsModel::CostColumn)})
            QTRY_VERIFY2_WITH_TIMEOUT(
                header->sectionSize(column) >= cells->sizeHintForColumn(column),
                qPrintable(u"column %1 is clipped"_s.arg(column)), BackgroundWorkTimeout);
        saveScreenshot(&dock, u"runsdock-follow.png"_s);

        QSignalSpy finished(&launcher, &RunLauncher::finished);
        dock.cancelAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, BackgroundWorkTimeout);
    }

    // A run that another worker (here a `rubricate-cli worker` on another machine) drives is
    // not "interrupted": the dock says who judges it, and this window may still join.
    void aBatchRunIsOfferedPricedAndShown()
    {
        RunDialog dialog(path());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isLoaded(), BackgroundWorkTimeout);
        configureForSimulator(dialog);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.estimate() && dialog.estimate()->cost,
                                 BackgroundWorkTimeout);
        const double live = *dialog.estimate()->cost;
        auto *batch = child<QCheckBox>(&dialog, u"sendAsBatch"_s);
        QVERIFY(batch && batch->isEnabled() && !batch->isChecked());
        batch->setChecked(true);
        QVERIFY(dialog.request().config.batch);
        QTRY_VERIFY_WITH_TIMEOUT(dialog.estimate() && dialog.estimate()->cost
                                     && qFuzzyCompare(*dialog.estimate()->cost, live / 2),
                                 BackgroundWorkTimeout);

        // A batch a closed window left running: the dock says so until a resume takes it.
        const auto planned = planRun(m_project->store(), dialog.request().config,
                                     dialog.request().scope, u"batched"_s);
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        // Two batches (a provider caps one batch's size): the dock sums them.
        RunBatch open;
        open.runId = planned->runId;
        open.provider = u"openai"_s;
        open.batchId = u"batch_7"_s;
        open.state = u"running"_s;
        open.total = planned->jobs - 5;
        open.answered = 3;
        QVERIFY(m_project->store().runs().addBatch(open));
        RunBatch taken = open;
        taken.batchId = u"batch_8"_s;
        taken.state = u"done"_s;
        taken.total = taken.answered = 5;
        taken.taken = true;
        QVERIFY(m_project->store().runs().addBatch(taken));
        QVERIFY(m_project->store().runs().setRunStatus(planned->runId, u"running"_s));
        RunLauncher launcher;
        RunsDock dock(&launcher);
        QSignalSpy loaded(&dock, &RunsDock::rowsLoaded);
        dock.setProject(path());
        QVERIFY(loaded.wait(BackgroundWorkTimeout));
        const QModelIndex status
            = dock.model()->index(dock.model()->rowOfRun(planned->runId), RunsModel::StatusColumn);
        QCOMPARE(status.data().toString(),
                 u"interrupted · 2 batches: 1 running, 1 done; 8/%1 answered"_s.arg(planned->jobs));
        QVERIFY(status.data(Qt::ToolTipRole).toString().contains(u"provider batch"_s));
    }

    // The dock's Cancel cancels a batch run's batch at the provider, which then bills no
    // more of it; closing the window instead leaves it running for the next session.
    void cancellingABatchRunCancelsItsBatchAtTheProvider()
    {
        RunDialog dialog(path());
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isLoaded(), BackgroundWorkTimeout);
        configureForSimulator(dialog);
        child<QCheckBox>(&dialog, u"sendAsBatch"_s)->setChecked(true);
        const RunRequest request = dialog.request();
        QVERIFY(request.config.batch);
        const auto startBatchRun = [&](RunLauncher &launcher) -> RowId {
            QSignalSpy started(&launcher, &RunLauncher::started);
            if (!launcher.start(path(), request))
                return 0;
            if (!QTest::qWaitFor([&] { return !started.isEmpty(); }, BackgroundWorkTimeout))
                return 0;
            const RowId run = started.constFirst().at(0).value<RowId>();
            // Created at the provider and kept in the project.
            const auto kept = [&] {
                return m_project->store().runs().openBatch(run).has_value();
            };
            return QTest::qWaitFor(kept, BackgroundWorkTimeout) ? run : 0;
        };
        {
            RunLauncher launcher;
            RunsDock dock(&launcher);
            QSignalSpy loaded(&dock, &RunsDock::rowsLoaded);
            dock.setProject(path());
            QVERIFY(loaded.wait(BackgroundWorkTimeout));
            const RowId run = startBatchRun(launcher);
            QVERIFY(run != 0);
            QTRY_VERIFY_WITH_TIMEOUT(dock.cancelAction()->isEnabled(), BackgroundWorkTimeout);
            QSignalSpy finished(&launcher, &RunLauncher::finished);
            dock.cancelAction()->trigger();
            QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, BackgroundWorkTimeout);
            QCOMPARE(finished.constFirst().constFirst().toString(), u"cancelled"_s);
            QCOMPARE(m_judge.batchCancels(), 1);
            QCOMPARE(m_project->store().runs().latestBatch(run)->state, u"cancelled"_s);
            QVERIFY(!m_project->store().runs().openBatch(run));
            QCOMPARE(m_judge.requestCount(), 0);
        }
        RowId left = 0;
        {
            RunLauncher launcher;
            left = startBatchRun(launcher);
            QVERIFY(left != 0);
        } // the window closes
        QCOMPARE(m_judge.batchesCreated(), 2);
        QCOMPARE(m_judge.batchCancels(), 1);
        QVERIFY(m_project->store().runs().openBatch(left));
    }

    void anotherWorkersRunIsRunningElsewhere()
    {
        JudgeConfig c;
        c.provider = ProviderKind::OpenAiCompatible;
        c.baseUrl = m_judge.baseUrl();
        c.model = u"sim-judge"_s;
        c.batchSize = 5;
        RunScope scope;
        scope.benchmarkKey = u"drb2"_s;
        const auto planned = planRun(m_project->store(), c, scope, u"shared"_s);
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        const RowId runId = planned->runId;
        QVERIFY(m_project->store().runs().setRunStatus(runId, u"running"_s));
        QCOMPARE(m_project->store().runs().claimJobs(runId, u"lab-02:4242:k3j"_s, 3, 600).size(),
                 3);

        RunLauncher launcher;
        RunsDock dock(&launcher);
        QSignalSpy loaded(&dock, &RunsDock::rowsLoaded);
        dock.setProject(path());
        QVERIFY(loaded.wait(BackgroundWorkTimeout));
        QCOMPARE(stateOf(dock, runId), RunState::Elsewhere);
        const int row = dock.model()->rowOfRun(runId);
        const QModelIndex status = dock.model()->index(row, RunsModel::StatusColumn);
        QCOMPARE(status.data().toString(), u"running elsewhere"_s);
        QCOMPARE(status.data(Qt::ToolTipRole).toString(),
                 u"Other workers judge this run:\nlab-02, process 4242: 3 request(s) in hand"_s);
        dock.selectRun(runId);
        QVERIFY(dock.resumeAction()->isEnabled()); // joining the others is allowed

        // Its leases given back (the worker ended cleanly): interrupted, as before.
        QCOMPARE(m_project->store().runs().expireJobLeases(runId, u"lab-02:4242:k3j"_s), 3);
        dock.reload();
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(dock, runId), RunState::Interrupted,
                                  BackgroundWorkTimeout);
    }

    void resumesAnInterruptedRunAndRerunsItsFailures()
    {
        // A run a killed process left "running", with all its requests still pending.
        JudgeConfig c;
        c.provider = ProviderKind::OpenAiCompatible;
        c.baseUrl = m_judge.baseUrl();
        c.model = u"sim-judge"_s;
        c.apiKeyEnv = QString::fromLatin1(keyVariable);
        c.batchSize = 5;
        c.concurrency = 2;
        c.maxAttempts = 2;
        c.backoffBaseMs = 20;
        c.backoffMaxMs = 50;
        c.pricePerMillionInput = 1;
        RunScope scope;
        scope.benchmarkKey = u"drb2"_s;
        scope.taskIds = {u"1"_s};
        scope.models = {u"ModelA"_s};
        QString error;
        const auto planned = planRun(m_project->store(), c, scope, u"killed"_s);
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        const RowId runId = planned->runId;
        QVERIFY(m_project->store().runs().setRunStatus(runId, u"running"_s));

        RunLauncher launcher;
        RunsDock dock(&launcher);
        dock.resize(1000, 260);
        QAbstractItemModelTester tester(dock.model(),
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy loaded(&dock, &RunsDock::rowsLoaded);
        dock.setProject(path());
        QVERIFY(loaded.wait(BackgroundWorkTimeout));
        QCOMPARE(stateOf(dock, runId), RunState::Interrupted);
        dock.selectRun(runId);
        QVERIFY(dock.resumeAction()->isEnabled());
        QVERIFY(!dock.pauseAction()->isEnabled());
        QVERIFY(!dock.rerunFailedAction()->isEnabled());

        // Resumed into a judge that fails every time: errors, not verdicts.
        SimulatorBehaviour failing;
        failing.serverErrorTimes = 1000;
        m_judge.setBehaviour(failing);
        QSignalSpy finished(&launcher, &RunLauncher::finished);
        dock.resumeAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, BackgroundWorkTimeout);
        QCOMPARE(finished.constFirst().at(0).toString(), u"failed"_s);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(dock, runId), RunState::Failed, BackgroundWorkTimeout);
        const int row = dock.model()->rowOfRun(runId);
        const QModelIndex errors = dock.model()->index(row, RunsModel::ErrorsColumn);
        QTRY_COMPARE_WITH_TIMEOUT(errors.data().toString(), u"12"_s, BackgroundWorkTimeout);
        QVERIFY(errors.data(Qt::ToolTipRole).toString().contains(u"HTTP 500"_s));
        QVERIFY(dock.model()
                    ->index(row, RunsModel::StatusColumn)
                    .data(Qt::ToolTipRole)
                    .toString()
                    .contains(u"HTTP 500"_s));
        for (const Verdict &v :
             m_project->store()
                 .runs()
                 .verdicts(runId,
                           m_project->store().runs().jobs(runId).value().constFirst().reportId)
                 .value())
            QVERIFY(!v.value.has_value() && !v.error.isEmpty());
        saveScreenshot(&dock, u"runsdock-failed.png"_s);

        // The dialog offers to repair it, with the run's own judge, and prices the repair.
        {
            RunDialog dialog(path());
            QTRY_VERIFY_WITH_TIMEOUT(dialog.isLoaded(), BackgroundWorkTimeout);
            auto *rerun = child<QCheckBox>(&dialog, u"rerunFailed"_s);
            auto *runs = child<QComboBox>(&dialog, u"rerunRun"_s);
            QVERIFY(rerun->isEnabled());
            QCOMPARE(runs->count(), 1);
            QCOMPARE(runs->currentData().value<RowId>(), runId);
            rerun->setChecked(true);
            QVERIFY(!child<QComboBox>(&dialog, u"provider"_s)->isEnabled());
            const RunRequest r = dialog.request();
            QCOMPARE(r.rerunFailedOf, runId);
            QCOMPARE(r.config.model, u"sim-judge"_s);
            QCOMPARE(r.config.maxAttempts, 2);
            QTRY_VERIFY_WITH_TIMEOUT(dialog.estimate().has_value(), BackgroundWorkTimeout);
            QCOMPARE(dialog.estimate()->items, 12);
            QVERIFY(dialog.estimate()->cost.value_or(0) > 0);
            saveScreenshot(&dialog, u"rundialog-rerun.png"_s);
        }

        // The judge recovers: "Re-run failed" turns every error into a verdict.
        m_judge.setBehaviour({});
        QVERIFY(dock.rerunFailedAction()->isEnabled());
        dock.rerunFailedAction()->trigger();
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, BackgroundWorkTimeout);
        QCOMPARE(finished.at(1).at(0).toString(), u"finished"_s);
        QTRY_COMPARE_WITH_TIMEOUT(stateOf(dock, runId), RunState::Finished, BackgroundWorkTimeout);
        QTRY_COMPARE_WITH_TIMEOUT(errors.data().toString(), u"0"_s, BackgroundWorkTimeout);
        const RunTotals totals = m_project->store().runs().runTotals(runId).value();
        QCOMPARE(totals.verdicts, 12);
        QCOMPARE(totals.verdictErrors, 0);
        QVERIFY(!dock.rerunFailedAction()->isEnabled());
    }

    void offlineRunKeepsItsSignals()
    {
        RunLauncher launcher;
        QSignalSpy started(&launcher, &RunLauncher::started);
        QSignalSpy progress(&launcher, &RunLauncher::progressChanged);
        QSignalSpy written(&launcher, &RunLauncher::verdictsWritten);
        QSignalSpy finished(&launcher, &RunLauncher::finished);
        launcher.startOffline(path());
        QVERIFY(launcher.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 1, BackgroundWorkTimeout);
        QCOMPARE(finished.constFirst().at(0).toString(), u"finished"_s);
        QCOMPARE(started.size(), 1);
        QVERIFY(!progress.isEmpty());
        QVERIFY(!written.isEmpty());
        QVERIFY(!launcher.isRunning());
        const RowId runId = started.constFirst().at(0).value<RowId>();
        QCOMPARE(m_project->store().runs().runTotals(runId).value().verdicts, m_items);

        // A project that is not there is an error, not a new empty project.
        const QString missing = m_project->filePath(u"missing.rubricate"_s);
        launcher.startOffline(missing);
        QTRY_COMPARE_WITH_TIMEOUT(finished.size(), 2, BackgroundWorkTimeout);
        QCOMPARE(finished.at(1).at(0).toString(), u"failed"_s);
        QVERIFY(!QFileInfo::exists(missing));
    }
};

QTEST_MAIN(TestRunsUi)
#include "tst_runsui.moc"
