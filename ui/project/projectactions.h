// File menu actions about projects: new, open, open a team project, the demo, recent projects,
// import, export, annotation exchange and reload. Dialogs open over the window; the work goes to
// ProjectJobs and the window opens what comes back. Their texts are the window's menus, translated
// in its context (Rubricate::MainWindow).
#pragma once

#include "shell/windowshell.h"
#include <QObject>
#include <QString>

class QAction;
class QMenu;

namespace Rubricate {

class ProjectJobs;
struct ImportSummary;
struct ProjectSnapshot;

class ProjectActions : public QObject
{
    Q_OBJECT

public:
    ProjectActions(WindowShell *window, ProjectJobs *jobs);

    // New, open, demo, recent, then import, export, annotations and reload.
    void addToMenu(QMenu *file);
    QAction *newAction() const { return m_new; }
    QAction *openAction() const { return m_open; }
    QAction *importAction() const { return m_import; }
    QAction *exportAction() const { return m_export; }
    // Whether the project lets this login import and merge (a team project's annotators may
    // not).
    void setSnapshot(const ProjectSnapshot &snapshot);
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

    WindowShell *m_shell;
    QWidget *m_window; // the shell's widget: the parent of dialogs
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
    QString m_ownersOnly; // why the project refuses this login an import, if it does
};

} // namespace Rubricate
