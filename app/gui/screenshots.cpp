#include "screenshots.h"

#include "agreement/alignmentdashboard.h"
#include "agreement/studyqueuedock.h"
#include "leaderboard/correctedview.h"
#include "leaderboard/leaderboardpage.h"
#include "project/projectexplorer.h"
#include "project/projecttreemodel.h"
#include "project/teamprojectdialog.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "runs/criteriadialog.h"
#include "shell/mainwindow.h"

#include <QAction>
#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDialog>
#include <QMessageBox>
#include <QTabWidget>
#include <QTableView>
#include <QTimer>
#include <QTreeWidget>

#include <algorithm>
#include <cstdio>
#include <functional>

using namespace Qt::StringLiterals;
using namespace Rubricate;

namespace {

void saveAndQuit(QWidget *widget, const QString &file)
{
    const bool ok = widget->grab().save(file);
    if (!ok)
        std::fprintf(stderr, "cannot write %s\n", qPrintable(file));
    QCoreApplication::exit(ok ? 0 : 1);
}

// The summaries of every report in tree order, at any depth (grouping by persona adds one).
QList<const ReportSummary *> reportsInTreeOrder(const MainWindow &window,
                                                const QModelIndex &parent = {})
{
    const ProjectTreeModel *model = window.projectModel();
    QList<const ReportSummary *> out;
    for (int row = 0; row < model->rowCount(parent); ++row) {
        const QModelIndex index = model->index(row, 0, parent);
        if (const ReportSummary *r
            = model->reportSummary(index.data(ProjectTreeModel::ReportIdRole).toLongLong()))
            out.append(r);
        out += reportsInTreeOrder(window, index);
    }
    return out;
}

// The first report in tree order that `wanted` accepts, or 0.
RowId firstReport(const MainWindow &window,
                  const std::function<bool(const ReportSummary &)> &wanted)
{
    for (const ReportSummary *r : reportsInTreeOrder(window)) {
        if (wanted(*r))
            return r->id;
    }
    return 0;
}

// Scenes named after a benchmark ("review-researchrubrics", "leaderboard-reportbench"): the
// benchmark's key, else empty.
QString sceneBenchmark(const QString &scene)
{
    const qsizetype dash = scene.indexOf(u'-');
    return dash < 0 || !(scene.startsWith(u"review-"_s) || scene.startsWith(u"leaderboard-"_s))
        ? QString()
        : scene.mid(dash + 1);
}

// The longest report that `wanted` accepts, or 0.
RowId longestReport(const MainWindow &window,
                    const std::function<bool(const ReportSummary &)> &wanted)
{
    const ReportSummary *best = nullptr;
    for (const ReportSummary *r : reportsInTreeOrder(window)) {
        if (wanted(*r) && (!best || r->characters > best->characters))
            best = r;
    }
    return best ? best->id : 0;
}

// Selects the first rubric of the report on screen that has evidence, so its span is current.
void selectRubricWithEvidence(MainWindow &window, bool last)
{
    VerdictPanel *panel = window.verdictPanel();
    const QList<VerdictRow> &rows = panel->model()->rows();
    for (qsizetype i = 0; i < rows.size(); ++i) {
        const VerdictRow &row = rows.at(last ? rows.size() - 1 - i : i);
        if (!row.spans.isEmpty()) {
            panel->selectRubric(row.rubricId);
            return;
        }
    }
}

} // namespace

void scheduleScreenshot(MainWindow &window, const QString &file, const QString &scene)
{
    QObject::connect(&window, &MainWindow::projectLoaded, &window, [&window, scene] {
        // Let the tree lay itself out before a report is selected.
        QTimer::singleShot(200, &window, [&window, scene] {
            if (scene == "blind"_L1)
                window.verdictPanel()->blindAction()->setChecked(true);
            if (scene == "persona"_L1) { // PDR-Bench grouped by persona
                QComboBox *group = window.explorer()->groupBox();
                group->setCurrentIndex(group->findData(1));
            }
            const QString benchmark = sceneBenchmark(scene);
            const RowId pdf
                = firstReport(window, [](const ReportSummary &r) { return r.format == u"pdf"_s; });
            // The benchmark's longest report: the one that shows the most of its verdicts.
            const RowId ofBenchmark = longestReport(
                window, [&](const ReportSummary &r) { return r.benchmarkKey == benchmark; });
            // The longest report with a persona shows the most of a PDR-Bench query.
            const RowId pdr = longestReport(
                window, [](const ReportSummary &r) { return !r.persona.isEmpty(); });
            const bool study = scene == "queue"_L1 || scene == "study-overview"_L1;
            if (study && window.queueDock()->step(1))
                ; // the first unlabelled item of my queue is on its way
            else if (scene == "pdf"_L1 && pdf)
                window.explorer()->selectReport(pdf);
            else if (scene.startsWith(u"review-"_s) && ofBenchmark)
                window.explorer()->selectReport(ofBenchmark);
            else if ((scene == "persona"_L1 || scene == "criteria-editor"_L1) && pdr)
                window.explorer()->selectReport(pdr);
            else
                window.selectFirstReport();
        });
    });
    auto shown = std::make_shared<bool>(false);
    QObject::connect(&window, &MainWindow::reportShown, &window, [&window, file, scene, shown] {
        if (std::exchange(*shown, true))
            return;
        if (scene == "pdf"_L1 || scene == "main"_L1 || scene.startsWith(u"review-"_s))
            selectRubricWithEvidence(window, scene == "pdf"_L1);
        if (scene == "blind"_L1)
            window.verdictPanel()->view()->setCurrentIndex(
                window.verdictPanel()->model()->index(2, VerdictModel::RubricColumn));
        if (scene == "run-dialog"_L1)
            window.evaluateAction()->trigger();
        if (scene == "classify-pages"_L1)
            window.classifyPagesAction()->trigger();
        if (scene == "judge-claims"_L1)
            window.judgeClaimsAction()->trigger();
        if (scene == "shortcuts"_L1)
            window.findChild<QAction *>(u"actionShortcuts"_s)->trigger();
        if (scene == "team-project"_L1)
            window.findChild<QAction *>(u"actionOpenTeamProject"_s)->trigger();
        if (scene == "scoring-choices"_L1)
            window.findChild<QAction *>(u"actionScoringChoices"_s)->trigger();
        if (scene == "preferences"_L1)
            window.findChild<QAction *>(u"actionPreferences"_s)->trigger();
        if (scene == "extend-sample"_L1)
            window.findChild<QAction *>(u"actionExtendSample"_s)->trigger();
        if (scene == "persona"_L1)
            window.verdictPanel()->showPersonaTab();
        if (scene == "criteria-editor"_L1) {
            window.criteriaAction()->trigger();
            // One weight off, so that the check shows what it says about a wrong sum.
            if (auto *dialog = window.findChild<CriteriaDialog *>()) {
                QObject::connect(dialog, &CriteriaDialog::loaded, dialog, [dialog] {
                    CriteriaModel *model = dialog->model();
                    model->setData(
                        model->criterionIndex(0, 0, 0).siblingAtColumn(CriteriaModel::WeightColumn),
                        0.5);
                });
            }
        }
        if (scene == "agreement"_L1)
            window.showPage(Page::Agreement);
        if (scene == "study-overview"_L1) {
            StudyQueueDock *dock = window.queueDock();
            if (auto *tabs = dock->findChild<QTabWidget *>())
                tabs->setCurrentWidget(dock->overview());
        }
        if (scene == "adjudication"_L1) {
            // Through the Agreement page, as a person gets there: its first disagreement.
            AlignmentDashboard *dashboard = window.dashboard();
            window.showPage(Page::Agreement);
            auto opened = std::make_shared<bool>(false);
            QObject::connect(
                dashboard, &AlignmentDashboard::reportReady, dashboard, [dashboard, opened] {
                    if (*opened || !dashboard->adjudicateAction()->isEnabled())
                        return;
                    *opened = true;
                    // The one most people labelled: the fullest comparison.
                    const QList<Disagreement> &all = dashboard->report().disagreements;
                    const auto fullest = std::max_element(
                        all.cbegin(), all.cend(),
                        [](const auto &a, const auto &b) { return a.annotators < b.annotators; });
                    QTableView *list = dashboard->disagreementsView();
                    list->setCurrentIndex(list->model()->index(int(fullest - all.cbegin()), 0));
                    dashboard->adjudicateAction()->trigger();
                });
        }
        const bool corrected = scene == "corrected"_L1;
        const bool leaderboard = scene.startsWith(u"leaderboard"_s) || corrected;
        if (leaderboard) {
            window.showPage(Page::Leaderboards);
            if (corrected) { // the demo's study corrects DRB-II, the page's first benchmark
                // Per dimension: small samples, where ties and undefined cells show.
                CorrectedView *view = window.leaderboards()->correctedView();
                view->perDimensionBox()->setChecked(true);
                window.leaderboards()->viewTabs()->setCurrentWidget(view);
            }
            const QString benchmark = sceneBenchmark(scene);
            QComboBox *box = window.leaderboards()->benchmarkBox();
            // The page fills its chooser when it has loaded; pick the scene's benchmark then.
            if (!benchmark.isEmpty()) {
                QObject::connect(window.leaderboards(), &LeaderboardPage::ready, box,
                                 [box, benchmark] {
                                     const int at = box->findData(benchmark);
                                     if (at >= 0 && box->currentIndex() != at)
                                         box->setCurrentIndex(at);
                                 });
            }
        }
        // Give pages time to render, the dialog's estimate and the dashboard's bootstrap time
        // to arrive.
        QTimer::singleShot(
            scene == "agreement"_L1 || scene == "adjudication"_L1 || leaderboard ? 6000 : 1500,
            &window, [&window, file, scene] {
                QWidget *target = &window;
                if (scene == "run-dialog"_L1 || scene == "classify-pages"_L1
                    || scene == "judge-claims"_L1)
                    target = window.findChild<QDialog *>(u"runDialog"_s);
                else if (scene == "criteria-editor"_L1)
                    target = window.findChild<QDialog *>(u"criteriaDialog"_s);
                else if (scene == "shortcuts"_L1)
                    target = window.findChild<QMessageBox *>(u"shortcutSheet"_s);
                else if (scene == "team-project"_L1)
                    target = window.findChild<TeamProjectDialog *>();
                else if (scene == "scoring-choices"_L1)
                    target = window.findChild<QDialog *>(u"scoringChoices"_s);
                else if (scene == "preferences"_L1)
                    target = window.findChild<QDialog *>(u"preferencesDialog"_s);
                else if (scene == "extend-sample"_L1)
                    target = window.findChild<QDialog *>(u"extendSampleDialog"_s);
                if (!target) {
                    std::fprintf(stderr, "scene %s did not open\n", qPrintable(scene));
                    QCoreApplication::exit(2);
                    return;
                }
                saveAndQuit(target, file);
            });
    });
    QTimer::singleShot(60'000, &window, [] {
        std::fprintf(stderr, "no report appeared within a minute\n");
        QCoreApplication::exit(2);
    });
}
