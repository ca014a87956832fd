// File menu actions about projects: new, open, open a team project, the demo, recent projects,
// import, export, annotation exchange and reload. Dialogs open over the window; the work goes to
// ProjectJobs and the window opens what comes back. Their texts are the window's menus, translated
// in its context (Rubricate::MainWindow).
#pragma once

#include <QObject>

class QAction;
class QMenu;

namespace Rubricate {

class MainWindow;
class ProjectJobs;
struct ImportSummary;

class ProjectActions : public QObject
{
    Q_OBJECT

public:
    ProjectActions(MainWindow *window, ProjectJobs *jobs);

    // New, open, demo, recent, then import, export, annotations and reload.
    void addToMenu(QMenu *file);
    QAction *newAction() const { return m_new; }
    QAction *openAction() const { return m_open; }
    QAction *importAction() const { return m_import; }
    QAction *exportAction() const { return m_export; }
    void updateActions(bool haveProject, bool busy);

    // Imports a dropped or given file or folder: asks what kind it is, prefilled.
    void importPath(const QString &path);

private:
    void createActions();
    void connectJobs();
    void rebuildRecentMenu();
    void chooseNewProject();
    void chooseProject();
    void chooseTeamProject();
    // Where file choosers start: beside the open project file, else the home folder.
    QString startFolder() const;
    void chooseExport();
    void chooseMergeAnnotations();
    void chooseExportAnnotations();
    void onImportFinished(const QString &projectPath, const QString &source,
                          const ImportSummary &summary);
    void showMessage(const QString &text);

    MainWindow *m_window;
    ProjectJobs *m_jobs;
    QAction *m_new = nullptr;
    QAction *m_open = nullptr;
    QAction *m_openTeam = nullptr;
    QAction *m_demo = nullptr;
    QAction *m_import = nullptr;
    QAction *m_export = nullptr;
    QAction *m_mergeAnnotations = nullptr;
    QAction *m_exportAnnotations = nullptr;
    QAction *m_reload = nullptr;
    QMenu *m_recentMenu = nullptr;
};

} // namespace Rubricate
