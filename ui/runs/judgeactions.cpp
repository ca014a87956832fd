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
#include "shell/statusmessages.h"

#include <QMenu>
#include <QToolBar>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

JudgeActions::JudgeActions(WindowShell *window, RunLauncher *runs, ProjectJobs *jobs,
                           RunsDock *dock, ReviewPage *review)
    : QObject(window->widget())
    , m_shell(window)
    , m_window(window->widget())
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
        WindowTexts::tr("Run &Evaluation…"), "actionRunEvaluation",
        Qt::CTRL | Qt::SHIFT | Qt::Key_R,
        WindowTexts::tr(
            "Choose a judge (an LLM provider or the offline judge), a scope and the concurrency, "
            "see the cost, and run it in the background"));
    connect(m_evaluate, &QAction::triggered, this, [this] {
        m_dock->show();
        m_dock->raise();
        m_dock->openRunDialog();
    });

    m_run = makeAction(
        this, themeIcon(u"media-playback-start"_s, s, QStyle::SP_MediaPlay),
        WindowTexts::tr("&Run Offline Judge"), "actionRunOffline", Qt::CTRL | Qt::Key_R,
        WindowTexts::tr(
            "Judge every report with the offline lexical baseline (no key, no network)"));
    connect(m_run, &QAction::triggered, this, &JudgeActions::runOfflineJudge);

    m_extractClaims = makeAction(
        this, {}, WindowTexts::tr("Extract &Claims (Heuristics)"), "actionExtractClaims", {},
        WindowTexts::tr(
            "Store the statements of ReportBench and PDR-Bench reports as claims to check "
            "against their sources or fact-check"));
    connect(m_extractClaims, &QAction::triggered, this, [this] {
        if (m_shell->projectPath().isEmpty())
            return;
        m_shell->showStatus(WindowTexts::tr("Extracting claims…"));
        m_jobs->extractClaims(m_shell->projectPath());
    });

    m_stop = makeAction(this, themeIcon(u"media-playback-stop"_s, s, QStyle::SP_MediaStop),
                        WindowTexts::tr("&Stop"), "actionStop", {},
                        WindowTexts::tr("Stop the running judge; it can be resumed later"));
    connect(m_stop, &QAction::triggered, this, [this] { m_runs->cancel(); });
    m_stop->setShortcut(Qt::CTRL | Qt::Key_Period);

    m_criteria = makeAction(
        this, {}, WindowTexts::tr("Edit PDR &Criteria…"), "actionEditCriteria", {},
        WindowTexts::tr(
            "The PDR-Bench query's dimensions, criteria and weights: check, edit, normalise"));
    connect(m_criteria, &QAction::triggered, this, [this] {
        if (const RowId query = m_review->queryId())
            openCriteriaEditor(query);
    });
    connect(m_review, &ReviewPage::editCriteriaRequested, this, &JudgeActions::openCriteriaEditor);
}

void JudgeActions::createGeneratorActions()
{
    m_classifyPages = makeAction(this, {}, WindowTexts::tr("Classify Cited &Pages…"),
                                 "actionClassifyPages", {}, {});
    connect(m_classifyPages, &QAction::triggered, this,
            [this] { openGeneratorDialog(RunDialog::Purpose::ClassifyPages); });
    m_judgeClaims = makeAction(this, {}, WindowTexts::tr("Extract Claims with &Judge…"),
                               "actionJudgeClaims", {}, {});
    connect(m_judgeClaims, &QAction::triggered, this,
            [this] { openGeneratorDialog(RunDialog::Purpose::ExtractClaims); });
}

void JudgeActions::connectGenerators()
{
    connect(m_runs, &RunLauncher::classifyProgressChanged, this,
            [this](const PageClassifyProgress &p) {
                m_shell->showStatus(StatusMessages::classifyProgress(p));
            });
    connect(m_runs, &RunLauncher::claimsProgressChanged, this,
            [this](const ClaimExtractProgress &p) {
                m_shell->showStatus(StatusMessages::claimExtractProgress(p));
            });
    // Decisions are written one by one: whatever the end, the judge method's board changed.
    connect(m_runs, &RunLauncher::pagesClassified, this,
            [this] { m_shell->refreshLeaderboards(); });
    // Claims replace a report's claims: the tree, the claims panel and the boards read again.
    connect(m_runs, &RunLauncher::claimsWritten, this, [this] {
        if (m_runs->projectPath() == m_shell->projectPath())
            m_shell->reloadProject();
        m_shell->refreshLeaderboards();
    });
}

void JudgeActions::openGeneratorDialog(RunDialog::Purpose purpose)
{
    const QString project = m_shell->projectPath();
    if (project.isEmpty())
        return;
    auto *dialog = new RunDialog(project, purpose, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, project, dialog] {
        if (!m_runs->start(project, dialog->request())) {
            m_shell->showStatus(WindowTexts::tr("Another run is being judged: one at a time."),
                                8000);
            return;
        }
        m_shell->updateActions();
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
    connect(m_runs, &RunLauncher::progressChanged, this,
            [this](const RunProgress &p) { m_shell->showStatus(StatusMessages::runProgress(p)); });
    connect(m_runs, &RunLauncher::criteriaProgressChanged, this,
            [this](const PdrCriteriaProgress &p) {
                m_shell->showStatus(StatusMessages::criteriaProgress(p));
            });
    // Written criteria change the tree's rubric counts and the panel's rows.
    connect(m_runs, &RunLauncher::criteriaWritten, this, [this] {
        m_shell->reloadProject();
        m_review->refreshReport();
    });
    // New verdicts for the report on screen refresh its panel while the run goes on.
    connect(m_runs, &RunLauncher::verdictsWritten, this, [this](RowId reportId) {
        if (reportId == m_review->reportView()->reportId())
            m_review->refreshReport();
    });
    connect(m_runs, &RunLauncher::stateChanged, this, [this] { m_shell->updateActions(); });
    connect(m_runs, &RunLauncher::finished, this,
            [this](const QString &runStatus, const QString &error) {
                m_shell->showStatus(StatusMessages::runFinished(runStatus, error), 8000);
                m_shell->updateActions();
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
        noClaims = noPages = WindowTexts::tr("Open a project first");
    } else if (running) {
        noClaims = noPages = WindowTexts::tr("A judge is at work; one run at a time");
    }
    if (noClaims.isEmpty() && !m_hasClaimReports)
        noClaims = WindowTexts::tr("The project has no ReportBench or PDR-Bench reports");
    if (noPages.isEmpty() && !m_hasReportBench)
        noPages = WindowTexts::tr("The project has no ReportBench reports");
    else if (noPages.isEmpty() && m_fetchedSources == 0)
        noPages = WindowTexts::tr("No cited page has been fetched yet (rubricate-cli sources "
                                  "fetch): there is nothing to classify");
    enableWithReason(m_judgeClaims, noClaims,
                     WindowTexts::tr("Have a judge list the statements of ReportBench and "
                                     "PDR-Bench reports with their sources, the reference's "
                                     "method; runs in the background"));
    enableWithReason(m_classifyPages, noPages,
                     WindowTexts::tr("Have a judge decide which fetched cited pages of ReportBench "
                                     "reports are papers and their titles, the reference's method "
                                     "for precision and recall; runs in the background"));
}

void JudgeActions::openCriteriaEditor(RowId queryId)
{
    const QString project = m_shell->projectPath();
    if (project.isEmpty() || !queryId)
        return;
    auto *dialog = new CriteriaDialog(project, queryId, m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setEditRefused(m_ownersOnly);
    connect(dialog, &CriteriaDialog::saved, this, [this, project] {
        if (project != m_shell->projectPath())
            return;
        m_shell->showStatus(WindowTexts::tr("Criteria saved"), 5000);
        // Rubric counts in the tree, and the verdicts of the report on screen.
        m_shell->reloadProject();
        m_review->refreshReport();
    });
    dialog->open();
}

void JudgeActions::runOfflineJudge()
{
    if (m_shell->projectPath().isEmpty() || m_runs->isRunning())
        return;
    m_shell->showStatus(WindowTexts::tr("Planning the run…"));
    m_runs->startOffline(m_shell->projectPath());
    m_shell->updateActions();
}

void JudgeActions::onClaimsExtracted(const QString &projectPath, int extracted, int cited,
                                     int uncited, const QString &error)
{
    if (!error.isEmpty()) {
        m_shell->showError(WindowTexts::tr("Extract Claims"), error);
        return;
    }
    m_shell->showStatus(StatusMessages::claimsExtracted(extracted, cited, uncited), 8000);
    if (projectPath == m_shell->projectPath())
        m_shell->reloadProject();
}

} // namespace Rubricate
