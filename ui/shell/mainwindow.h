// The main window composes: the pages (review, agreement, leaderboards, adjudication), the
// docks, the menus and toolbar from the feature action handlers, and the status bar. Reading
// and writing the project happens in ProjectLoader, ProjectJobs and RunLauncher, off this
// thread; reading and labelling a report is the review page's.
#pragma once

#include "services/projectsnapshot.h"
#include "shell/windowshell.h"

#include <QMainWindow>
#include <QSet>
#include <QString>

class QAction;
class QLabel;
class QTabWidget;
class QUndoStack;
class QTreeView;

namespace Rubricate {

class AdjudicationPage;
class AnnotationWriter;
class AlignmentDashboard;
class AnnotatorActions;
class SetAsideLabels;
class HelpActions;
class JudgeActions;
class LeaderboardPage;
class ProjectActions;
class ProjectExplorer;
class ProjectJobs;
class ProjectLoader;
class ProjectTreeModel;
class ProjectWatcher;
class ReportView;
class ReviewPage;
class RunLauncher;
class RunsDock;
class StudyActions;
class StudyQueueDock;
class VerdictPanel;

class MainWindow : public QMainWindow, public WindowShell
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    void openProject(const QString &path) override;
    void openDemoProject() override;
    void reloadProject() override;
    // Selects the first report in tree order; false when the project has none.
    bool selectFirstReport();

    QString projectPath() const override { return m_projectPath; }
    QString countsText() const;
    ReviewPage *review() const { return m_review; }
    ProjectExplorer *explorer() const;
    QTreeView *projectTree() const;
    ProjectTreeModel *projectModel() const;
    ReportView *reportView() const;
    VerdictPanel *verdictPanel() const;
    QAction *runAction() const;
    QAction *classifyPagesAction() const;
    QAction *judgeClaimsAction() const;
    QAction *extractClaimsAction() const;
    QAction *evaluateAction() const;
    // Judge → Edit PDR Criteria…: enabled while a PDR-Bench report is on screen.
    QAction *criteriaAction() const;
    RunsDock *runsDock() const { return m_runsDock; }
    StudyQueueDock *queueDock() const { return m_queueDock; }
    // "Who is annotating?" over the window (first start, Study → Switch Annotator).
    void askWhoIsAnnotating();
    // Asks once the next project is open, unless someone has been chosen by then.
    void askWhoIsAnnotatingOnceOpen();
    AlignmentDashboard *dashboard() const { return m_dashboard; }
    LeaderboardPage *leaderboards() const { return m_leaderboards; }
    AdjudicationPage *adjudication() const { return m_adjudication; }
    // View → Adjudication: the items of the report on screen (if any) in the adjudication page.
    void openAdjudication();
    void showPage(Page page) override;
    // Opens the report in the review page with the rubric current (a disagreement's row).
    void openRubric(RowId reportId, RowId rubricId);
    QUndoStack *undoStack() const { return m_undo; }
    // What writes the labels of every page, and keeps them while the project is out of reach.
    AnnotationWriter *annotationWriter() const { return m_writer; }

    // WindowShell: what the feature handlers ask of the window.
    QWidget *widget() override { return this; }
    void updateActions() override;
    void refreshLeaderboards() override;
    void showStatus(const QString &message, int timeoutMs = 0) override;
    void clearStatus() override;
    void showError(const QString &title, const QString &message) override;

signals:
    void projectLoaded(const QString &path);
    void reportShown(Rubricate::RowId reportId);

protected:
    void closeEvent(QCloseEvent *event) override;
    void dragEnterEvent(QDragEnterEvent *event) override;
    void dropEvent(QDropEvent *event) override;

private:
    void createActions();
    void createMenusAndToolBar();
    void createViewMenu();
    void createCentralWidget();
    void connectWorkers();
    void connectPages();
    void restoreSettings();
    void saveSettings() const;

    void onSnapshotLoaded(const ProjectSnapshot &snapshot);
    void onSnapshotFailed(const QString &path, const QString &error);
    // Another window, process or machine wrote to the project: what is on screen follows,
    // without a reload and without moving the selection or the focus.
    void onChangedElsewhere(const QSet<QString> &tables);
    void onAnnotatorChanged();
    // Any export (DRB-II files, the alignment report, a leaderboard) ends here.
    void onExported(const QString &directory, const QStringList &files, const QString &error);

    ProjectLoader *m_loader = nullptr;
    ProjectJobs *m_jobs = nullptr;
    RunLauncher *m_runs = nullptr;
    ProjectWatcher *m_watcher = nullptr;
    QUndoStack *m_undo = nullptr;
    AnnotationWriter *m_writer = nullptr;

    ReviewPage *m_review = nullptr;
    RunsDock *m_runsDock = nullptr;
    StudyQueueDock *m_queueDock = nullptr;
    QTabWidget *m_pages = nullptr;
    AlignmentDashboard *m_dashboard = nullptr;
    LeaderboardPage *m_leaderboards = nullptr;
    AdjudicationPage *m_adjudication = nullptr;
    QLabel *m_counts = nullptr;

    ProjectActions *m_projectActions = nullptr;
    JudgeActions *m_judgeActions = nullptr;
    StudyActions *m_studyActions = nullptr;
    HelpActions *m_helpActions = nullptr;
    AnnotatorActions *m_annotatorActions = nullptr;
    SetAsideLabels *m_setAsideLabels = nullptr;
    QAction *m_preferencesAction = nullptr;
    QAction *m_quitAction = nullptr;

    QString m_projectPath; // the project on screen
    bool m_reloadOnRegistered = false;
};

} // namespace Rubricate
