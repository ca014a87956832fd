#include "runs/judgeactions.h"

#include "common/actionfactory.h"
#include "leaderboard/leaderboardpage.h"
#include "review/reportview.h"
#include "review/reviewpage.h"
#include "runs/criteriadialog.h"
#include "runs/runsdock.h"
#include "services/projectjobs.h"
#include "services/projectsnapshot.h"
#include "services/runlauncher.h"
#include "shell/mainwindow.h"
#include "shell/statusmessages.h"

#include <QMenu>
#include <QStatusBar>
#include <QToolBar>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

JudgeActions::JudgeActions(MainWindow *window, RunLauncher *runs, ProjectJobs *jobs, RunsDock *dock,
                           ReviewPage *review)
    : QObject(window)
    , m_window(window)
    , m_runs(runs)
    , m_jobs(jobs)
    , m_dock(dock)
    , m_review(review)
{
    createActions();
    createGeneratorActions();
    connectRuns();
    connectGenerators();
    connect(m_jobs, &ProjectJobs::claimsExtracted, this, &JudgeActions::onClaimsExtracted);
}

void JudgeActions::createActions()
{
    const QStyle *s = m_window->style();
    m_evaluate = makeAction(
        this, themeIcon(u"system-run"_s, s, QStyle::SP_MediaSeekForward),
        MainWindow::tr("Run &Evaluation…"), "actionRunEvaluation", Qt::CTRL | Qt::SHIFT | Qt::Key_R,
        MainWindow::tr(
            "Choose a judge (an LLM provider or the offline judge), a scope and the concurrency, "
            "see the cost, and run it in the background"));
    connect(m_evaluate, &QAction::triggered, this, [this] {
        m_dock->show();
        m_dock->raise();
        m_dock->openRunDialog();
    });

    m_run = makeAction(
        this, themeIcon(u"media-playback-start"_s, s, QStyle::SP_MediaPlay),
        MainWindow::tr("&Run Offline Judge"), "actionRunOffline", Qt::CTRL | Qt::Key_R,
        MainWindow::tr(
            "Judge every report with the offline lexical baseline (no key, no network)"));
    connect(m_run, &QAction::triggered, this, &JudgeActions::runOfflineJudge);

    m_extractClaims = makeAction(
        this, {}, MainWindow::tr("Extract &Claims (Heuristics)"), "actionExtractClaims", {},
        MainWindow::tr(
            "Store the statements of ReportBench and PDR-Bench reports as claims to check "
            "against their sources or fact-check"));
    connect(m_extractClaims, &QAction::triggered, this, [this] {
        if (m_window->projectPath().isEmpty())
            return;
        m_window->statusBar()->showMessage(MainWindow::tr("Extracting claims…"));
        m_jobs->extractClaims(m_window->projectPath());
    });

    m_stop = makeAction(this, themeIcon(u"media-playback-stop"_s, s, QStyle::SP_MediaStop),
                        MainWindow::tr("&Stop"), "actionStop", {},
                        MainWindow::tr("Stop the running judge; it can be resumed later"));
    connect(m_stop, &QAction::triggered, this, [this] { m_runs->cancel(); });
    m_stop->setShortcut(Qt::CTRL | Qt::Key_Period);

    m_criteria = makeAction(
        this, {}, MainWindow::tr("Edit PDR &Criteria…"), "actionEditCriteria", {},
        MainWindow::tr(
            "The PDR-Bench query's dimensions, criteria and weights: check, edit, normalise"));
    connect(m_criteria, &QAction::triggered, this, [this] {
        if (const RowId query = m_review->queryId())
            openCriteriaEditor(query);
    });
    connect(m_review, &ReviewPage::editCriteriaRequested, this, &JudgeActions::openCriteriaEditor);
}

void JudgeActions::createGeneratorActions()
{
    m_classifyPages = makeAction(this, {}, MainWindow::tr("Classify Cited &Pages…"),
                                 "actionClassifyPages", {}, {});
    connect(m_classifyPages, &QAction::triggered, this,
            [this] { openGeneratorDialog(RunDialog::Purpose::ClassifyPages); });
    m_judgeClaims = makeAction(this, {}, MainWindow::tr("Extract Claims with &Judge…"),
                               "actionJudgeClaims", {}, {});
    connect(m_judgeClaims, &QAction::triggered, this,
            [this] { openGeneratorDialog(RunDialog::Purpose::ExtractClaims); });
}

void JudgeActions::connectGenerators()
{
    QStatusBar *status = m_window->statusBar();
    connect(m_runs, &RunLauncher::classifyProgressChanged, this,
            [status](const PageClassifyProgress &p) {
                status->showMessage(StatusMessages::classifyProgress(p));
            });
    connect(m_runs, &RunLauncher::claimsProgressChanged, this,
            [status](const ClaimExtractProgress &p) {
                status->showMessage(StatusMessages::claimExtractProgress(p));
            });
    // Decisions are written one by one: whatever the end, the judge method's board changed.
    connect(m_runs, &RunLauncher::pagesClassified, this,
            [this] { m_window->leaderboards()->refresh(); });
    // Claims replace a report's claims: the tree, the claims panel and the boards read again.
    connect(m_runs, &RunLauncher::claimsWritten, this, [this] {
        if (m_runs->projectPath() == m_window->projectPath())
            m_window->reloadProject();
        m_window->leaderboards()->refresh();
    });
}

void JudgeActions::openGeneratorDialog(RunDialog::Purpose purpose)
{
    const QString project = m_window->projectPath();
    if (project.isEmpty())
        return;
    auto *dialog = new RunDialog(project, purpose, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, project, dialog] {
        if (!m_runs->start(project, dialog->request())) {
            m_window->statusBar()->showMessage(
                MainWindow::tr("Another run is being judged: one at a time."), 8000);
            return;
        }
        m_window->updateActions();
    });
    // open(), not exec(): a nested event loop would stall the progress of what runs.
    dialog->open();
}

void JudgeActions::setSnapshot(const ProjectSnapshot &snapshot)
{
    const auto has = [&snapshot](QLatin1StringView key) {
        return std::any_of(snapshot.reports.cbegin(), snapshot.reports.cend(),
                           [key](const ReportSummary &r) { return r.benchmarkKey == key; });
    };
    m_hasReportBench = has(QLatin1StringView(BenchmarkKey::ReportBench));
    m_hasClaimReports = m_hasReportBench || has(QLatin1StringView(BenchmarkKey::PdrBench));
    m_fetchedSources = snapshot.fetchedSources;
    m_ownersOnly = snapshot.ownersOnlyReason();
    m_dock->setOwnersOnly(m_ownersOnly);
}

void JudgeActions::enableWithReason(QAction *action, const QString &missing,
                                    const QString &description)
{
    action->setEnabled(missing.isEmpty());
    action->setToolTip(missing.isEmpty() ? description : missing);
    action->setStatusTip(action->toolTip());
}

void JudgeActions::connectRuns()
{
    QStatusBar *status = m_window->statusBar();
    connect(m_runs, &RunLauncher::progressChanged, this, [status](const RunProgress &p) {
        status->showMessage(StatusMessages::runProgress(p));
    });
    connect(m_runs, &RunLauncher::criteriaProgressChanged, this,
            [status](const PdrCriteriaProgress &p) {
                status->showMessage(StatusMessages::criteriaProgress(p));
            });
    // Written criteria change the tree's rubric counts and the panel's rows.
    connect(m_runs, &RunLauncher::criteriaWritten, this, [this] {
        m_window->reloadProject();
        m_review->refreshReport();
    });
    // New verdicts for the report on screen refresh its panel while the run goes on.
    connect(m_runs, &RunLauncher::verdictsWritten, this, [this](RowId reportId) {
        if (reportId == m_review->reportView()->reportId())
            m_review->refreshReport();
    });
    connect(m_runs, &RunLauncher::stateChanged, m_window, &MainWindow::updateActions);
    connect(m_runs, &RunLauncher::finished, this,
            [this, status](const QString &runStatus, const QString &error) {
                status->showMessage(StatusMessages::runFinished(runStatus, error), 8000);
                m_window->updateActions();
                m_review->refreshReport();
            });
}

void JudgeActions::addToMenu(QMenu *judge)
{
    judge->addAction(m_evaluate);
    judge->addAction(m_run);
    judge->addAction(m_stop);
    judge->addSeparator();
    judge->addAction(m_dock->pauseAction());
    judge->addAction(m_dock->resumeAction());
    judge->addAction(m_dock->rerunFailedAction());
    judge->addSeparator();
    judge->addAction(m_criteria);
    judge->addAction(m_extractClaims);
    judge->addAction(m_judgeClaims);
    judge->addAction(m_classifyPages);
    judge->setToolTipsVisible(true); // why an action is disabled
}

void JudgeActions::addToToolBar(QToolBar *toolBar)
{
    toolBar->addAction(m_evaluate);
    toolBar->addAction(m_run);
    toolBar->addAction(m_stop);
}

void JudgeActions::updateActions(bool haveProject, bool busy)
{
    const bool running = m_runs->isRunning();
    // Runs, verdicts and claims are an owner's to write. Edit Criteria stays: the editor is
    // also where one reads them, and it opens read-only for a login that may not change them.
    enableUnlessRefused(m_extractClaims, haveProject && !busy, m_ownersOnly);
    enableUnlessRefused(m_run, haveProject && !running, m_ownersOnly);
    enableUnlessRefused(m_evaluate, haveProject && !running, m_ownersOnly);
    m_stop->setEnabled(running);
    m_criteria->setEnabled(haveProject && m_review->queryId() != 0);

    QString noClaims, noPages;
    if (!m_ownersOnly.isEmpty()) {
        noClaims = noPages = m_ownersOnly;
    } else if (!haveProject) {
        noClaims = noPages = MainWindow::tr("Open a project first");
    } else if (running) {
        noClaims = noPages = MainWindow::tr("A judge is at work; one run at a time");
    }
    if (noClaims.isEmpty() && !m_hasClaimReports)
        noClaims = MainWindow::tr("The project has no ReportBench or PDR-Bench reports");
    if (noPages.isEmpty() && !m_hasReportBench)
        noPages = MainWindow::tr("The project has no ReportBench reports");
    else if (noPages.isEmpty() && m_fetchedSources == 0)
        noPages = MainWindow::tr("No cited page has been fetched yet (rubricate-cli sources "
                                 "fetch): there is nothing to classify");
    enableWithReason(m_judgeClaims, noClaims,
                     MainWindow::tr("Have a judge list the statements of ReportBench and "
                                    "PDR-Bench reports with their sources, the reference's "
                                    "method; runs in the background"));
    enableWithReason(m_classifyPages, noPages,
                     MainWindow::tr("Have a judge decide which fetched cited pages of ReportBench "
                                    "reports are papers and their titles, the reference's method "
                                    "for precision and recall; runs in the background"));
}

void JudgeActions::openCriteriaEditor(RowId queryId)
{
    const QString project = m_window->projectPath();
    if (project.isEmpty() || !queryId)
        return;
    auto *dialog = new CriteriaDialog(project, queryId, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setEditRefused(m_ownersOnly);
    connect(dialog, &CriteriaDialog::saved, this, [this, project] {
        if (project != m_window->projectPath())
            return;
        m_window->statusBar()->showMessage(MainWindow::tr("Criteria saved"), 5000);
        // Rubric counts in the tree, and the verdicts of the report on screen.
        m_window->reloadProject();
        m_review->refreshReport();
    });
    dialog->open();
}

void JudgeActions::runOfflineJudge()
{
    if (m_window->projectPath().isEmpty() || m_runs->isRunning())
        return;
    m_window->statusBar()->showMessage(MainWindow::tr("Planning the run…"));
    m_runs->startOffline(m_window->projectPath());
    m_window->updateActions();
}

void JudgeActions::onClaimsExtracted(const QString &projectPath, int extracted, int cited,
                                     int uncited, const QString &error)
{
    if (!error.isEmpty()) {
        m_window->showError(MainWindow::tr("Extract Claims"), error);
        return;
    }
    m_window->statusBar()->showMessage(StatusMessages::claimsExtracted(extracted, cited, uncited),
                                       8000);
    if (projectPath == m_window->projectPath())
        m_window->reloadProject();
}

} // namespace Rubricate
