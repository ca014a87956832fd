// The main window composes the project explorer, the report view, the verdict panel, menus,
// the toolbar and the status bar. Reading and writing the project happens in ProjectLoader,
// ProjectJobs and RunLauncher, off this thread; the window only wires their signals to its
// widgets.
#pragma once

#include "projectsnapshot.h"

#include <QMainWindow>
#include <QString>

class QAction;
class QLabel;
class QMenu;
class QSplitter;
class QTabWidget;
class QUndoStack;
class QTreeView;

namespace Rubricate {

class AdjudicationPage;
class AlignmentDashboard;
class LeaderboardPage;
class ProjectExplorer;
class ProjectJobs;
class ProjectLoader;
struct ImportSummary;
class ProjectTreeModel;
class ReportView;
class RunLauncher;
class RunsDock;
class StudyQueueDock;
class VerdictPanel;

class MainWindow : public QMainWindow
{
    Q_OBJECT

public:
    explicit MainWindow(QWidget *parent = nullptr);
    ~MainWindow() override;

    void openProject(const QString &path);
    void openDemoProject();
    void reloadProject();
    // Selects the first report in tree order; false when the project has none.
    bool selectFirstReport();
    // Imports a dropped or given file or folder: asks what kind it is, prefilled.
    void importPath(const QString &path);

    QString projectPath() const { return m_projectPath; }
    QString countsText() const;
    ProjectExplorer *explorer() const { return m_explorer; }
    QTreeView *projectTree() const;
    ProjectTreeModel *projectModel() const;
    ReportView *reportView() const { return m_reportView; }
    VerdictPanel *verdictPanel() const { return m_verdictPanel; }
    QAction *runAction() const { return m_runAction; }
    QAction *extractClaimsAction() const { return m_extractClaimsAction; }
    QAction *evaluateAction() const { return m_evaluateAction; }
    // Judge → Edit PDR Criteria…: enabled while a PDR-Bench report is on screen.
    QAction *criteriaAction() const { return m_criteriaAction; }
    // Opens the criteria editor of a PDR-Bench query; a save refreshes the verdicts.
    void openCriteriaEditor(RowId queryId);
    RunsDock *runsDock() const { return m_runsDock; }
    StudyQueueDock *queueDock() const { return m_queueDock; }
    // "Who is annotating?" over the window (first start, Study → Switch Annotator).
    void askWhoIsAnnotating();
    // Asks once the next project is open, unless someone has been chosen by then.
    void askWhoIsAnnotatingOnceOpen() { m_askIdentity = true; }
    AlignmentDashboard *dashboard() const { return m_dashboard; }
    LeaderboardPage *leaderboards() const { return m_leaderboards; }
    AdjudicationPage *adjudication() const { return m_adjudication; }
    // View → Adjudication: the items of the report on screen (if any) in the adjudication page.
    void openAdjudication();
    // Shows the review (0), the agreement dashboard (1), the leaderboards (2) or adjudication
    // (3).
    void showPage(int page);
    // Opens the report in the review page with the rubric current (a disagreement's row).
    void openRubric(RowId reportId, RowId rubricId);
    QUndoStack *undoStack() const { return m_undo; }
    QList<std::pair<QString, QString>> shortcutHelp() const;

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
    void createCentralWidget();
    void connectWorkers();
    void restoreSettings();
    void saveSettings() const;
    void rebuildRecentMenu();
    void updateActions();

    void chooseNewProject();
    void chooseProject();
    void chooseImport();
    void chooseExport();
    void chooseMergeAnnotations();
    void chooseExportAnnotations();
    void onSnapshotLoaded(const ProjectSnapshot &snapshot);
    // The study being worked, for the report on screen (0: the one shown now).
    void applyStudyContext(RowId reportId = 0);
    void onAnnotatorChanged();
    void onSnapshotFailed(const QString &path, const QString &error);
    void onReportLoaded(const LoadedReport &loaded);
    void onReportSelected(RowId reportId);
    void onImportFinished(const QString &projectPath, const QString &source,
                          const ImportSummary &summary);
    // Any export (DRB-II files, the alignment report, a leaderboard) ends here.
    void onExported(const QString &directory, const QStringList &files, const QString &error);
    void onClaimsExtracted(const QString &projectPath, int extracted, int cited, int uncited,
                           const QString &error);
    void showError(const QString &title, const QString &message);
    void runOfflineJudge();
    void loadReport(RowId reportId);

    ProjectLoader *m_loader = nullptr;
    ProjectJobs *m_jobs = nullptr;
    RunLauncher *m_runs = nullptr;
    QUndoStack *m_undo = nullptr;

    QSplitter *m_splitter = nullptr;
    ProjectExplorer *m_explorer = nullptr;
    ReportView *m_reportView = nullptr;
    VerdictPanel *m_verdictPanel = nullptr;
    RunsDock *m_runsDock = nullptr;
    StudyQueueDock *m_queueDock = nullptr;
    QList<Annotator> m_annotators; // of the open project, for the identity choice
    bool m_askIdentity = false;
    QHash<QString, QList<std::pair<RowId, RowId>>> m_studyItems; // of the open project
    bool m_reloadOnRegistered = false;
    RowId m_requestedReport = 0; // the newest report asked of the loader
    QTabWidget *m_pages = nullptr;
    AlignmentDashboard *m_dashboard = nullptr;
    LeaderboardPage *m_leaderboards = nullptr;
    AdjudicationPage *m_adjudication = nullptr;
    QLabel *m_counts = nullptr;

    QAction *m_newAction = nullptr;
    QAction *m_openAction = nullptr;
    QAction *m_demoAction = nullptr;
    QAction *m_importAction = nullptr;
    QAction *m_exportAction = nullptr;
    QAction *m_mergeAnnotationsAction = nullptr;
    QAction *m_exportAnnotationsAction = nullptr;
    QAction *m_reloadAction = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_extractClaimsAction = nullptr;
    QAction *m_evaluateAction = nullptr;
    QAction *m_stopAction = nullptr;
    QAction *m_criteriaAction = nullptr;
    QAction *m_preferencesAction = nullptr;
    QAction *m_switchAnnotatorAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_shortcutsAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QAction *m_scoringChoicesAction = nullptr;
    QMenu *m_recentMenu = nullptr;
    QMenu *m_viewMenu = nullptr;

    QString m_projectPath; // the project on screen
    RowId m_runChoice = 0; // the run chosen in the verdict panel (0: the newest)
    RowId m_otherRunChoice = 0; // shown beside it (0: none)
    QString m_revealOnLoad; // a search hit's text, shown once its report has loaded
    RowId m_rubricOnLoad = 0; // a rubric to make current once its report has loaded
};

} // namespace Rubricate
