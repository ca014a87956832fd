// The main window composes the project tree, the report view, menus and the status bar.
// Reading and writing the project happens in ProjectLoader and ProjectJobs, off this
// thread; the window only wires their signals to its widgets.
#pragma once

#include "projectsnapshot.h"

#include <QMainWindow>
#include <QString>

class QAction;
class QLabel;
class QLineEdit;
class QMenu;
class QSortFilterProxyModel;
class QSplitter;
class QUndoStack;
class QTreeView;

namespace Rubricate {

class ProjectJobs;
class ProjectLoader;
struct ImportSummary;
class ProjectTreeModel;
class ReportView;
class RunLauncher;
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

    QString projectPath() const { return m_projectPath; }
    QString countsText() const;
    QTreeView *projectTree() const { return m_tree; }
    ProjectTreeModel *projectModel() const { return m_model; }
    ReportView *reportView() const { return m_reportView; }
    VerdictPanel *verdictPanel() const { return m_verdictPanel; }
    QAction *runAction() const { return m_runAction; }
    QUndoStack *undoStack() const { return m_undo; }

signals:
    void projectLoaded(const QString &path);
    void reportShown(Rubricate::RowId reportId);

protected:
    void closeEvent(QCloseEvent *event) override;

private:
    void createActions();
    void createMenusAndToolBar();
    void createCentralWidget();
    void restoreSettings();
    void saveSettings() const;
    void rebuildRecentMenu();
    void updateActions();

    void chooseProject();
    void chooseImport();
    void onSnapshotLoaded(const ProjectSnapshot &snapshot);
    void onSnapshotFailed(const QString &path, const QString &error);
    void onReportLoaded(const LoadedReport &loaded);
    void onCurrentChanged(const QModelIndex &current);
    void onFilterChanged(const QString &text);
    void onImportFinished(const QString &projectPath, const QString &source,
                          const ImportSummary &summary);
    void showError(const QString &title, const QString &message);
    void runOfflineJudge();

    ProjectLoader *m_loader = nullptr;
    ProjectJobs *m_jobs = nullptr;
    RunLauncher *m_runs = nullptr;
    QUndoStack *m_undo = nullptr;
    ProjectTreeModel *m_model = nullptr;
    QSortFilterProxyModel *m_proxy = nullptr;

    QSplitter *m_splitter = nullptr;
    QLineEdit *m_filter = nullptr;
    QTreeView *m_tree = nullptr;
    ReportView *m_reportView = nullptr;
    VerdictPanel *m_verdictPanel = nullptr;
    QSplitter *m_reportSplitter = nullptr;
    QLabel *m_counts = nullptr;

    QAction *m_openAction = nullptr;
    QAction *m_demoAction = nullptr;
    QAction *m_importAction = nullptr;
    QAction *m_reloadAction = nullptr;
    QAction *m_runAction = nullptr;
    QAction *m_stopAction = nullptr;
    QAction *m_quitAction = nullptr;
    QAction *m_aboutAction = nullptr;
    QMenu *m_recentMenu = nullptr;

    QString m_projectPath; // the project on screen
};

} // namespace Rubricate
