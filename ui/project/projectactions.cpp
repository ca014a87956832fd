#include "project/projectactions.h"

#include "common/actionfactory.h"
#include "project/importdialog.h"
#include "project/teamprojectdialog.h"
#include "services/projectjobs.h"
#include "services/projectsnapshot.h"
#include "services/recentprojects.h"
#include "store/projectlocation.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenu>
#include <QMessageBox>

namespace Rubricate {

using namespace Qt::StringLiterals;

ProjectActions::ProjectActions(WindowShell *window, ProjectJobs *jobs)
    : QObject(window->widget())
    , m_shell(window)
    , m_window(window->widget())
    , m_jobs(jobs)
{
    createActions();
    connectJobs();
}

void ProjectActions::createActions()
{
    const QStyle *s = m_window->style();
    m_new = makeAction(this, themeIcon(u"document-new"_s, s, QStyle::SP_FileIcon),
                       WindowTexts::tr("&New Project…"), "actionNewProject", QKeySequence::New,
                       WindowTexts::tr("Create an empty project file"));
    connect(m_new, &QAction::triggered, this, &ProjectActions::chooseNewProject);

    m_open = makeAction(this, themeIcon(u"document-open"_s, s, QStyle::SP_DialogOpenButton),
                        WindowTexts::tr("&Open Project…"), "actionOpenProject", QKeySequence::Open,
                        WindowTexts::tr("Open a Rubricate project file"));
    connect(m_open, &QAction::triggered, this, &ProjectActions::chooseProject);

    m_openTeam = makeAction(this, themeIcon(u"network-server"_s, s, QStyle::SP_DriveNetIcon),
                            WindowTexts::tr("Open &Team Project…"), "actionOpenTeamProject", {},
                            WindowTexts::tr("Open a project that a team shares on a PostgreSQL "
                                            "server"));
    connect(m_openTeam, &QAction::triggered, this, &ProjectActions::chooseTeamProject);

    m_demo = makeAction(this, QIcon(u":/rubricate/icons/rubricate.png"_s),
                        WindowTexts::tr("Open &Demo Project"), "actionOpenDemo", {},
                        WindowTexts::tr("Open the bundled demo project, creating it if needed"));
    connect(m_demo, &QAction::triggered, this, [this] { m_shell->openDemoProject(); });

    m_import
        = makeAction(this, themeIcon(u"document-import"_s, s, QStyle::SP_ArrowDown),
                     WindowTexts::tr("&Import…"), "actionImport", Qt::CTRL | Qt::Key_I,
                     WindowTexts::tr("Import benchmark tasks, reports or judge results (or drop "
                                     "files on the window)"));
    connect(m_import, &QAction::triggered, this, [this] {
        if (!m_shell->projectPath().isEmpty())
            importPath({});
    });

    m_export = makeAction(this, themeIcon(u"document-export"_s, s, QStyle::SP_ArrowUp),
                          WindowTexts::tr("&Export…"), "actionExport", Qt::CTRL | Qt::Key_E,
                          WindowTexts::tr("Export judge results in the benchmark's own formats"));
    connect(m_export, &QAction::triggered, this, &ProjectActions::chooseExport);

    m_mergeAnnotations = makeAction(
        this, QIcon(), WindowTexts::tr("&Merge Annotations From…"), "actionMergeAnnotations", {},
        WindowTexts::tr("Take the annotators, studies and labels another copy of this project "
                        "has and this one lacks"));
    connect(m_mergeAnnotations, &QAction::triggered, this, &ProjectActions::chooseMergeAnnotations);
    m_exportAnnotations = makeAction(
        this, QIcon(), WindowTexts::tr("Export &Annotations…"), "actionExportAnnotations", {},
        WindowTexts::tr("Write every annotation event with its provenance as JSONL or CSV"));
    connect(m_exportAnnotations, &QAction::triggered, this,
            &ProjectActions::chooseExportAnnotations);

    m_reload = makeAction(this, themeIcon(u"view-refresh"_s, s, QStyle::SP_BrowserReload),
                          WindowTexts::tr("&Reload"), "actionReload", QKeySequence::Refresh,
                          WindowTexts::tr("Read the project again"));
    connect(m_reload, &QAction::triggered, this, [this] { m_shell->reloadProject(); });
}

void ProjectActions::connectJobs()
{
    connect(m_jobs, &ProjectJobs::importFinished, this, &ProjectActions::onImportFinished);
    connect(m_jobs, &ProjectJobs::demoReady, this,
            [this](const QString &path) { m_shell->openProject(path); });
    connect(m_jobs, &ProjectJobs::demoFailed, this, [this](const QString &error) {
        m_shell->clearStatus();
        m_shell->showError(WindowTexts::tr("Demo project"), error);
    });
    connect(m_jobs, &ProjectJobs::projectCreated, this,
            [this](const QString &path) { m_shell->openProject(path); });
    connect(m_jobs, &ProjectJobs::projectCreationFailed, this,
            [this](const QString &, const QString &error) {
                m_shell->showError(WindowTexts::tr("New Project"), error);
            });
    connect(m_jobs, &ProjectJobs::annotationsMerged, this,
            [this](const QString &project, const QString &other, const MergeSummary &summary) {
                if (!summary.ok()) {
                    m_shell->showError(WindowTexts::tr("Merge Annotations"), summary.error);
                    return;
                }
                if (project == m_shell->projectPath() && summary.changed())
                    m_shell->reloadProject();
                auto *box = new QMessageBox(
                    QMessageBox::Information, WindowTexts::tr("Merge Annotations"),
                    WindowTexts::tr("Merged from %1.").arg(QFileInfo(other).fileName()),
                    QMessageBox::Ok, m_window);
                box->setObjectName(u"mergeSummary"_s);
                box->setInformativeText(summary.toText());
                box->setAttribute(Qt::WA_DeleteOnClose);
                box->open();
            });
}

void ProjectActions::addToMenu(QMenu *file)
{
    file->addAction(m_new);
    file->addAction(m_open);
    file->addAction(m_openTeam);
    file->addAction(m_demo);
    m_recentMenu = file->addMenu(WindowTexts::tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &ProjectActions::rebuildRecentMenu);
    file->addSeparator();
    file->addAction(m_import);
    file->addAction(m_export);
    file->addAction(m_exportAnnotations);
    file->addAction(m_mergeAnnotations);
    file->addAction(m_reload);
    file->setToolTipsVisible(true); // why Import is disabled, when it is
}

void ProjectActions::setSnapshot(const ProjectSnapshot &snapshot)
{
    m_ownersOnly = snapshot.ownersOnlyReason();
}

void ProjectActions::updateActions(bool haveProject, bool busy)
{
    enableUnlessRefused(m_import, haveProject && !busy, m_ownersOnly);
    m_export->setEnabled(haveProject && !busy);
    // A merge writes other annotators, studies and their labels.
    enableUnlessRefused(m_mergeAnnotations, haveProject && !busy, m_ownersOnly);
    m_exportAnnotations->setEnabled(haveProject && !busy);
    m_reload->setEnabled(haveProject);
    m_demo->setEnabled(!busy);
}

void ProjectActions::showMessage(const QString &text)
{
    m_shell->showStatus(text);
}

void ProjectActions::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList paths = RecentProjects::paths();
    for (qsizetype i = 0; i < paths.size(); ++i) {
        const QString &path = paths.at(i);
        QAction *action = m_recentMenu->addAction(
            u"&%1 %2"_s.arg(i + 1).arg(ProjectLocation::displayName(path)));
        if (ProjectLocation::isServer(path))
            action->setIcon(m_openTeam->icon());
        action->setToolTip(path);
        action->setStatusTip(path);
        connect(action, &QAction::triggered, m_window,
                [this, path] { m_shell->openProject(path); });
    }
    if (paths.isEmpty()) {
        m_recentMenu->addAction(WindowTexts::tr("No recent projects"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(WindowTexts::tr("&Clear Recent Projects")), &QAction::triggered,
            this, [] { RecentProjects::clear(); });
}

void ProjectActions::chooseNewProject()
{
    auto *chooser = new QFileDialog(m_window, WindowTexts::tr("New Project"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setAcceptMode(QFileDialog::AcceptSave);
    chooser->setDefaultSuffix(u"rubricate"_s);
    chooser->setNameFilter(WindowTexts::tr("Rubricate projects (*.rubricate)"));
    connect(chooser, &QFileDialog::fileSelected, this, [this](const QString &path) {
        if (QFileInfo::exists(path)) {
            m_shell->showError(
                WindowTexts::tr("New Project"),
                WindowTexts::tr("%1 already exists; open it instead, or choose a new name.")
                    .arg(path));
            return;
        }
        m_jobs->createProject(path);
    });
    chooser->open();
}

void ProjectActions::chooseProject()
{
    auto *chooser = new QFileDialog(m_window, WindowTexts::tr("Open Project"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setFileMode(QFileDialog::ExistingFile);
    chooser->setNameFilters(
        {WindowTexts::tr("Rubricate projects (*.rubricate)"), WindowTexts::tr("All files (*)")});
    chooser->setDirectory(startFolder());
    connect(chooser, &QFileDialog::fileSelected, this,
            [this](const QString &path) { m_shell->openProject(path); });
    chooser->open();
}

void ProjectActions::chooseTeamProject()
{
    auto *dialog = new TeamProjectDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    for (const QString &recent : RecentProjects::paths()) {
        if (ProjectLocation::isServer(recent)) {
            dialog->setLocation(recent);
            break;
        }
    }
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        const QString location = dialog->location();
        if (!dialog->createIfEmpty()) {
            m_shell->openProject(location);
            return;
        }
        showMessage(
            WindowTexts::tr("Connecting to %1…").arg(ProjectLocation::displayName(location)));
        m_jobs->createProject(location); // opens what is there; a schema only into an empty one
    });
    dialog->open();
}

QString ProjectActions::startFolder() const
{
    const QString project = m_shell->projectPath();
    if (project.isEmpty() || ProjectLocation::isServer(project))
        return QDir::homePath();
    return QFileInfo(project).absolutePath();
}

void ProjectActions::importPath(const QString &path)
{
    const QString project = m_shell->projectPath();
    if (project.isEmpty()) {
        m_shell->showError(
            WindowTexts::tr("Import"),
            WindowTexts::tr("Open or create a project first, then drop files on it."));
        return;
    }
    if (!m_ownersOnly.isEmpty()) { // files dropped on the window skip the disabled action
        m_shell->showError(WindowTexts::tr("Import"), m_ownersOnly);
        return;
    }
    auto *dialog = new ImportDialog(m_window);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setSourcePath(path);
    connect(dialog, &QDialog::accepted, this, [this, dialog, project] {
        showMessage(WindowTexts::tr("Importing %1…").arg(dialog->sourcePath()));
        m_jobs->runImport(project, dialog->kind(), dialog->sourcePath(), dialog->options());
    });
    dialog->open();
}

void ProjectActions::chooseExport()
{
    const QString project = m_shell->projectPath();
    if (project.isEmpty())
        return;
    auto *chooser = new QFileDialog(m_window, WindowTexts::tr("Export DRB-II results to a folder"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setFileMode(QFileDialog::Directory);
    chooser->setOption(QFileDialog::ShowDirsOnly);
    chooser->setDirectory(startFolder());
    connect(chooser, &QFileDialog::fileSelected, this, [this, project](const QString &dir) {
        showMessage(WindowTexts::tr("Exporting to %1…").arg(dir));
        m_jobs->exportDrb2Results(project, dir);
    });
    chooser->open();
}

void ProjectActions::chooseMergeAnnotations()
{
    const QString project = m_shell->projectPath();
    if (project.isEmpty())
        return;
    auto *chooser
        = new QFileDialog(m_window, WindowTexts::tr("Merge annotations from another copy"),
                          startFolder(), WindowTexts::tr("Rubricate projects (*.rubricate)"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setFileMode(QFileDialog::ExistingFile);
    connect(chooser, &QFileDialog::fileSelected, this, [this, project](const QString &other) {
        showMessage(WindowTexts::tr("Merging annotations from %1…").arg(other));
        m_jobs->mergeAnnotations(project, other);
    });
    chooser->open();
}

void ProjectActions::chooseExportAnnotations()
{
    const QString project = m_shell->projectPath();
    if (project.isEmpty())
        return;
    auto *chooser = new QFileDialog(m_window, WindowTexts::tr("Export annotations"), startFolder(),
                                    WindowTexts::tr("JSON Lines (*.jsonl);;CSV (*.csv)"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setAcceptMode(QFileDialog::AcceptSave);
    chooser->setDefaultSuffix(u"jsonl"_s);
    connect(chooser, &QFileDialog::fileSelected, this, [this, project](const QString &file) {
        showMessage(WindowTexts::tr("Exporting annotations to %1…").arg(file));
        m_jobs->exportAnnotations(project, file);
    });
    chooser->open();
}

void ProjectActions::onImportFinished(const QString &projectPath, const QString &source,
                                      const ImportSummary &summary)
{
    m_shell->clearStatus();
    showImportSummary(m_window, source, summary);
    if (projectPath == m_shell->projectPath())
        m_shell->reloadProject();
}

} // namespace Rubricate
