// The Judge menu: run an evaluation, the offline judge, stop, edit PDR criteria, extract
// claims (by the heuristics or a judge) and classify ReportBench's cited pages; and what a run
// or a generator says while it goes (progress in the status bar, fresh verdicts for
// the report on screen). Texts in the window's translation context, as its menus.
#pragma once

#include "domain/types.h"
#include "runs/rundialog.h"
#include "shell/windowshell.h"

#include <QObject>

class QAction;
class QMenu;
class QToolBar;

namespace Rubricate {

class ProjectJobs;
class ReviewPage;
class RunLauncher;
class RunsDock;
struct ProjectSnapshot;

class JudgeActions : public QObject
{
    Q_OBJECT

public:
    JudgeActions(WindowShell *window, RunLauncher *runs, ProjectJobs *jobs, RunsDock *dock,
                 ReviewPage *review);

    // Evaluate, offline, stop; the dock's pause, resume, rerun; criteria and claims.
    void addToMenu(QMenu *judge);
    // Evaluate, offline, stop.
    void addToToolBar(QToolBar *toolBar);
    QAction *runAction() const { return m_run; }
    QAction *evaluateAction() const { return m_evaluate; }
    QAction *extractClaimsAction() const { return m_extractClaims; }
    QAction *criteriaAction() const { return m_criteria; }
    QAction *classifyPagesAction() const { return m_classifyPages; }
    QAction *judgeClaimsAction() const { return m_judgeClaims; }
    // What the project holds decides which generators have something to work on, and whether
    // it lets this login judge at all (a team project's annotators may not).
    void setSnapshot(const ProjectSnapshot &snapshot);
    void updateActions(bool haveProject, bool busy);

    // Opens the criteria editor of a PDR-Bench query; a save refreshes the verdicts.
    void openCriteriaEditor(RowId queryId);
    // The judge dialog for a generator (page classification, claim extraction); accepted,
    // it runs in the background like a judge run.
    void openGeneratorDialog(RunDialog::Purpose purpose);

private:
    void createActions();
    void connectRuns();
    void runOfflineJudge();
    void createGeneratorActions();
    void connectGenerators();
    // Enabled only with something to work on; the tooltip says what is missing.
    static void enableWithReason(QAction *action, const QString &missing,
                                 const QString &description);
    void onClaimsExtracted(const QString &projectPath, int extracted, int cited, int uncited,
                           const QString &error);

    WindowShell *m_shell;
    QWidget *m_window; // the shell's widget: the parent of dialogs
    RunLauncher *m_runs;
    ProjectJobs *m_jobs;
    RunsDock *m_dock;
    ReviewPage *m_review;
    QAction *m_evaluate = nullptr;
    QAction *m_run = nullptr;
    QAction *m_stop = nullptr;
    QAction *m_criteria = nullptr;
    QAction *m_extractClaims = nullptr;
    QAction *m_classifyPages = nullptr;
    QAction *m_judgeClaims = nullptr;
    bool m_hasReportBench = false;
    bool m_hasClaimReports = false; // ReportBench or PDR-Bench reports
    int m_fetchedSources = 0;
    QString m_ownersOnly; // why the project refuses this login a run, if it does
};

} // namespace Rubricate
