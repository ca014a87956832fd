#include "mainwindow.h"

#include "importdialog.h"
#include "projectjobs.h"
#include "projectloader.h"
#include "projecttreemodel.h"
#include "recentprojects.h"
#include "reportview.h"
#include "runlauncher.h"
#include "verdictpanel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QIcon>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QSettings>
#include <QSortFilterProxyModel>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QString geometryKey = u"window/geometry"_s;
const QString stateKey = u"window/state"_s;
const QString splitterKey = u"window/splitter"_s;
const QString treeHeaderKey = u"window/treeHeader"_s;

// Small projects are easiest to read fully expanded; big ones (DRB-II has thousands of
// reports) open with only the benchmarks expanded.
constexpr int ExpandAllBelowReports = 200;

QString counted(int n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(n);
}

QIcon themeIcon(const QString &name, const QStyle *style, QStyle::StandardPixmap fallback)
{
    return QIcon::fromTheme(name, style->standardIcon(fallback));
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_loader(new ProjectLoader(this))
    , m_jobs(new ProjectJobs(this))
    , m_runs(new RunLauncher(this))
    , m_undo(new QUndoStack(this))
    , m_model(new ProjectTreeModel(this))
    , m_proxy(new QSortFilterProxyModel(this))
{
    setWindowTitle(tr("Rubricate"));
    setWindowIcon(QIcon(u":/rubricate/icons/rubricate.png"_s));

    // A matching report shows its task and benchmark; a matching task shows its reports.
    m_proxy->setSourceModel(m_model);
    m_proxy->setRecursiveFilteringEnabled(true);
    m_proxy->setAutoAcceptChildRows(true);
    m_proxy->setFilterCaseSensitivity(Qt::CaseInsensitive);
    m_proxy->setFilterKeyColumn(-1);

    createActions();
    createMenusAndToolBar();
    createCentralWidget();

    m_counts = new QLabel(this);
    m_counts->setObjectName(u"projectCounts"_s);
    statusBar()->addPermanentWidget(m_counts);

    connect(m_loader, &ProjectLoader::snapshotLoaded, this, &MainWindow::onSnapshotLoaded);
    connect(m_loader, &ProjectLoader::snapshotFailed, this, &MainWindow::onSnapshotFailed);
    connect(m_loader, &ProjectLoader::reportLoaded, this, &MainWindow::onReportLoaded);
    connect(m_loader, &ProjectLoader::reportFailed, this, [this](RowId, const QString &error) {
        m_reportView->showMessage(error);
        statusBar()->clearMessage();
    });
    connect(m_jobs, &ProjectJobs::importFinished, this, &MainWindow::onImportFinished);
    connect(m_jobs, &ProjectJobs::demoReady, this, &MainWindow::openProject);
    connect(m_jobs, &ProjectJobs::demoFailed, this, [this](const QString &error) {
        statusBar()->clearMessage();
        showError(tr("Demo project"), error);
    });
    connect(m_jobs, &ProjectJobs::busyChanged, this, &MainWindow::updateActions);
    connect(m_runs, &RunLauncher::progressChanged, this, [this](const RunProgress &p) {
        statusBar()->showMessage(tr("Judging: %1 of %2 requests, %3 items, %4 errors")
                                     .arg(p.jobsDone + p.jobsFailed)
                                     .arg(p.jobsTotal)
                                     .arg(p.itemsJudged)
                                     .arg(p.itemErrors));
    });
    // New verdicts for the report on screen refresh its panel while the run goes on.
    connect(m_runs, &RunLauncher::verdictsWritten, this, [this](RowId reportId) {
        if (reportId == m_reportView->reportId())
            m_loader->loadReport(m_projectPath, reportId);
    });
    connect(m_runs, &RunLauncher::finished, this,
            [this](const QString &status, const QString &error) {
                statusBar()->showMessage(status == "finished"_L1
                                             ? tr("Judge run finished")
                                             : tr("Judge run %1: %2").arg(status, error),
                                         8000);
                updateActions();
                if (m_reportView->reportId())
                    m_loader->loadReport(m_projectPath, m_reportView->reportId());
            });

    restoreSettings();
    updateActions();
    statusBar()->showMessage(tr("No project open"));
}

MainWindow::~MainWindow() = default;

void MainWindow::createActions()
{
    const QStyle *s = style();
    m_openAction = new QAction(themeIcon(u"document-open"_s, s, QStyle::SP_DialogOpenButton),
                               tr("&Open Project…"), this);
    m_openAction->setObjectName(u"actionOpenProject"_s);
    m_openAction->setShortcut(QKeySequence::Open);
    m_openAction->setStatusTip(tr("Open a Rubricate project file"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::chooseProject);

    m_demoAction
        = new QAction(QIcon(u":/rubricate/icons/rubricate.png"_s), tr("Open &Demo Project"), this);
    m_demoAction->setObjectName(u"actionOpenDemo"_s);
    m_demoAction->setStatusTip(tr("Open the bundled demo project, creating it if needed"));
    connect(m_demoAction, &QAction::triggered, this, &MainWindow::openDemoProject);

    m_importAction = new QAction(themeIcon(u"document-import"_s, s, QStyle::SP_ArrowDown),
                                 tr("&Import…"), this);
    m_importAction->setObjectName(u"actionImport"_s);
    m_importAction->setShortcut(Qt::CTRL | Qt::Key_I);
    m_importAction->setStatusTip(tr("Import benchmark tasks, reports or judge results"));
    connect(m_importAction, &QAction::triggered, this, &MainWindow::chooseImport);

    m_reloadAction = new QAction(themeIcon(u"view-refresh"_s, s, QStyle::SP_BrowserReload),
                                 tr("&Reload"), this);
    m_reloadAction->setObjectName(u"actionReload"_s);
    m_reloadAction->setShortcut(QKeySequence::Refresh);
    m_reloadAction->setStatusTip(tr("Read the project again"));
    connect(m_reloadAction, &QAction::triggered, this, &MainWindow::reloadProject);

    m_runAction = new QAction(themeIcon(u"media-playback-start"_s, s, QStyle::SP_MediaPlay),
                              tr("&Run Offline Judge"), this);
    m_runAction->setObjectName(u"actionRunOffline"_s);
    m_runAction->setShortcut(Qt::CTRL | Qt::Key_R);
    m_runAction->setStatusTip(
        tr("Judge every report with the offline lexical baseline (no key, no network)"));
    connect(m_runAction, &QAction::triggered, this, &MainWindow::runOfflineJudge);

    m_stopAction = new QAction(themeIcon(u"media-playback-stop"_s, s, QStyle::SP_MediaStop),
                               tr("&Stop"), this);
    m_stopAction->setObjectName(u"actionStop"_s);
    m_stopAction->setStatusTip(tr("Stop the running judge; it can be resumed later"));
    connect(m_stopAction, &QAction::triggered, this, [this] { m_runs->cancel(); });

    m_quitAction = new QAction(themeIcon(u"application-exit"_s, s, QStyle::SP_DialogCloseButton),
                               tr("&Quit"), this);
    m_quitAction->setObjectName(u"actionQuit"_s);
    m_quitAction->setShortcut(QKeySequence::Quit);
    m_quitAction->setMenuRole(QAction::QuitRole);
    // close() rather than quit(): closing saves the window state.
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_aboutAction = new QAction(tr("&About Rubricate"), this);
    m_aboutAction->setObjectName(u"actionAbout"_s);
    m_aboutAction->setMenuRole(QAction::AboutRole);
    connect(m_aboutAction, &QAction::triggered, this, [this] {
        auto *box = new QMessageBox(QMessageBox::NoIcon, tr("About Rubricate"),
                                    tr("Rubricate %1\n\nA workbench for judging deep-research "
                                       "reports against expert rubrics.")
                                        .arg(QApplication::applicationVersion()),
                                    QMessageBox::Ok, this);
        box->setIconPixmap(windowIcon().pixmap(64, 64));
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
}

void MainWindow::createMenusAndToolBar()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_openAction);
    file->addAction(m_demoAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    file->addSeparator();
    file->addAction(m_importAction);
    file->addAction(m_reloadAction);
    file->addSeparator();
    file->addAction(m_runAction);
    file->addAction(m_stopAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setObjectName(u"actionUndo"_s);
    QAction *redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setObjectName(u"actionRedo"_s);
    edit->addAction(undo);
    edit->addAction(redo);

    auto *keys = new QAction(tr("&Keyboard Shortcuts"), this);
    keys->setObjectName(u"actionShortcuts"_s);
    keys->setShortcut(QKeySequence::HelpContents);
    connect(keys, &QAction::triggered, this, [this] {
        auto *box = new QMessageBox(
            QMessageBox::Information, tr("Keyboard shortcuts"),
            tr("<table>"
               "<tr><td><b>Up / Down</b></td><td>previous / next rubric</td></tr>"
               "<tr><td><b>1 / 0 / -</b></td><td>label the rubric 1, 0 or −1</td></tr>"
               "<tr><td><b>A</b></td><td>accept the judge's verdict</td></tr>"
               "<tr><td><b>Ctrl+Z / Ctrl+Shift+Z</b></td><td>undo / redo a label</td></tr>"
               "<tr><td><b>Ctrl+R</b></td><td>run the offline judge</td></tr>"
               "<tr><td><b>Ctrl+O</b></td><td>open a project</td></tr>"
               "<tr><td><b>F5</b></td><td>reload the project</td></tr>"
               "</table><p>Every label is saved at once as an event; nothing is lost on quit.</p>"),
            QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->open();
    });
    addAction(keys);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(findChild<QAction *>(u"actionShortcuts"_s));
    help->addAction(m_aboutAction);

    QToolBar *toolBar = addToolBar(tr("Main Toolbar"));
    toolBar->setObjectName(u"mainToolBar"_s); // saveState() needs a name
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->setMovable(false);
    toolBar->addAction(m_openAction);
    toolBar->addAction(m_demoAction);
    toolBar->addAction(m_importAction);
    toolBar->addAction(m_reloadAction);
    toolBar->addSeparator();
    toolBar->addAction(m_runAction);
    toolBar->addAction(m_stopAction);
}

void MainWindow::createCentralWidget()
{
    m_filter = new QLineEdit(this);
    m_filter->setObjectName(u"projectFilter"_s);
    m_filter->setPlaceholderText(tr("Filter tasks and reports…"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, &MainWindow::onFilterChanged);

    m_tree = new QTreeView(this);
    m_tree->setObjectName(u"projectTree"_s);
    m_tree->setModel(m_proxy);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(ProjectTreeModel::NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(ProjectTreeModel::DetailsColumn,
                                           QHeaderView::ResizeToContents);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &MainWindow::onCurrentChanged);

    auto *left = new QWidget(this);
    auto *leftLayout = new QVBoxLayout(left);
    leftLayout->setContentsMargins(6, 6, 0, 6);
    leftLayout->setSpacing(4);
    leftLayout->addWidget(m_filter);
    leftLayout->addWidget(m_tree, 1);

    m_reportView = new ReportView(this);
    m_reportView->setObjectName(u"reportView"_s);

    // The judge's verdicts for the open report, one row per rubric, and the labelling keys.
    m_verdictPanel = new VerdictPanel(m_undo, this);
    connect(m_verdictPanel, &VerdictPanel::annotationWritten, this, [this](RowId reportId) {
        if (reportId == m_reportView->reportId())
            m_loader->loadReport(m_projectPath, reportId);
    });
    connect(m_verdictPanel, &VerdictPanel::annotationFailed, this,
            [this](const QString &error) { showError(tr("Annotation"), error); });

    m_reportSplitter = new QSplitter(Qt::Vertical, this);
    m_reportSplitter->setObjectName(u"reportSplitter"_s);
    m_reportSplitter->addWidget(m_reportView);
    m_reportSplitter->addWidget(m_verdictPanel);
    m_reportSplitter->setStretchFactor(0, 3);
    m_reportSplitter->setStretchFactor(1, 2);
    m_reportSplitter->setChildrenCollapsible(false);

    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"mainSplitter"_s);
    m_splitter->addWidget(left);
    m_splitter->addWidget(m_reportSplitter);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 1);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({420, 860});
    setCentralWidget(m_splitter);
}

void MainWindow::restoreSettings()
{
    const QSettings settings;
    if (!restoreGeometry(settings.value(geometryKey).toByteArray()))
        resize(1280, 800);
    restoreState(settings.value(stateKey).toByteArray());
    m_splitter->restoreState(settings.value(splitterKey).toByteArray());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(geometryKey, saveGeometry());
    settings.setValue(stateKey, saveState());
    settings.setValue(splitterKey, m_splitter->saveState());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::rebuildRecentMenu()
{
    m_recentMenu->clear();
    const QStringList paths = RecentProjects::paths();
    for (qsizetype i = 0; i < paths.size(); ++i) {
        const QString &path = paths.at(i);
        QAction *action
            = m_recentMenu->addAction(u"&%1 %2"_s.arg(i + 1).arg(QFileInfo(path).fileName()));
        action->setToolTip(path);
        action->setStatusTip(path);
        connect(action, &QAction::triggered, this, [this, path] { openProject(path); });
    }
    if (paths.isEmpty()) {
        m_recentMenu->addAction(tr("No recent projects"))->setEnabled(false);
        return;
    }
    m_recentMenu->addSeparator();
    connect(m_recentMenu->addAction(tr("&Clear Recent Projects")), &QAction::triggered, this,
            [] { RecentProjects::clear(); });
}

void MainWindow::updateActions()
{
    const bool haveProject = !m_projectPath.isEmpty();
    const bool busy = m_jobs->isBusy();
    m_importAction->setEnabled(haveProject && !busy);
    m_reloadAction->setEnabled(haveProject);
    m_runAction->setEnabled(haveProject && !m_runs->isRunning());
    m_stopAction->setEnabled(m_runs->isRunning());
    m_demoAction->setEnabled(!busy);
}

QString MainWindow::countsText() const
{
    return m_counts->text();
}

void MainWindow::openProject(const QString &path)
{
    if (path.isEmpty())
        return;
    statusBar()->showMessage(tr("Opening %1…").arg(QFileInfo(path).fileName()));
    if (QFileInfo(path).absoluteFilePath() != m_projectPath)
        m_undo->clear(); // labels belong to their project
    m_loader->loadSnapshot(QFileInfo(path).absoluteFilePath());
}

void MainWindow::openDemoProject()
{
    statusBar()->showMessage(tr("Preparing the demo project…"));
    m_jobs->prepareDemo(ProjectJobs::demoProjectPath());
}

void MainWindow::reloadProject()
{
    if (!m_projectPath.isEmpty())
        openProject(m_projectPath);
}

bool MainWindow::selectFirstReport()
{
    const QModelIndex index = m_proxy->mapFromSource(m_model->firstReportIndex());
    if (!index.isValid())
        return false;
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
        m_tree->expand(p);
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    return true;
}

void MainWindow::chooseProject()
{
    auto *chooser = new QFileDialog(this, tr("Open Project"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setFileMode(QFileDialog::ExistingFile);
    chooser->setNameFilters({tr("Rubricate projects (*.rubricate)"), tr("All files (*)")});
    if (!m_projectPath.isEmpty())
        chooser->setDirectory(QFileInfo(m_projectPath).absolutePath());
    connect(chooser, &QFileDialog::fileSelected, this, &MainWindow::openProject);
    chooser->open();
}

void MainWindow::chooseImport()
{
    if (m_projectPath.isEmpty())
        return;
    auto *dialog = new ImportDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString project = m_projectPath;
    connect(dialog, &QDialog::accepted, this, [this, dialog, project] {
        statusBar()->showMessage(tr("Importing %1…").arg(dialog->sourcePath()));
        m_jobs->runImport(project, dialog->kind(), dialog->sourcePath());
    });
    dialog->open();
}

void MainWindow::onImportFinished(const QString &projectPath, const QString &source,
                                  const ImportSummary &summary)
{
    statusBar()->clearMessage();
    showImportSummary(this, source, summary);
    if (projectPath == m_projectPath)
        reloadProject();
}

void MainWindow::onSnapshotLoaded(const ProjectSnapshot &snapshot)
{
    const bool reloading = snapshot.path == m_projectPath;
    const RowId wantedReport = reloading ? m_reportView->reportId() : 0;
    m_projectPath = snapshot.path;

    m_model->setSnapshot(snapshot);
    m_tree->expandToDepth(snapshot.reports.size() < ExpandAllBelowReports ? 1 : 0);
    if (!m_filter->text().isEmpty())
        m_tree->expandAll();

    const int tasks = int(snapshot.tasks.size());
    const int rubrics = snapshot.rubricCount();
    const int reports = int(snapshot.reports.size());
    m_counts->setText(counted(tasks, tr("1 task"), tr("%L1 tasks")) + u" · "_s
                      + counted(rubrics, tr("1 rubric"), tr("%L1 rubrics")) + u" · "_s
                      + counted(reports, tr("1 report"), tr("%L1 reports")));
    setWindowTitle(QFileInfo(snapshot.path).fileName());
    setWindowFilePath(snapshot.path);
    RecentProjects::add(snapshot.path);
    updateActions();
    statusBar()->showMessage(tr("Opened %1").arg(snapshot.path), 5000);

    const QModelIndex wanted = m_proxy->mapFromSource(m_model->indexOfReport(wantedReport));
    if (wanted.isValid()) {
        m_tree->setCurrentIndex(wanted);
        m_tree->scrollTo(wanted);
    } else if (!reloading) {
        m_reportView->showMessage(reports > 0 ? tr("Select a report in the tree to read it.")
                                              : tr("This project has no reports yet."));
    }
    emit projectLoaded(snapshot.path);
}

void MainWindow::onSnapshotFailed(const QString &path, const QString &error)
{
    statusBar()->clearMessage();
    if (!QFileInfo::exists(path))
        RecentProjects::remove(path);
    showError(tr("Open Project"), error);
}

void MainWindow::onCurrentChanged(const QModelIndex &current)
{
    const QModelIndex source = m_proxy->mapToSource(current);
    if (!source.isValid())
        return; // a model reset; keep showing what is on screen
    const auto kind = ProjectTreeModel::NodeKind(source.data(ProjectTreeModel::KindRole).toInt());
    if (kind != ProjectTreeModel::NodeKind::Report) {
        m_loader->cancelReport();
        m_reportView->showMessage(tr("Select a report in the tree to read it."));
        return;
    }
    const RowId id = source.data(ProjectTreeModel::ReportIdRole).toLongLong();
    if (id == m_reportView->reportId())
        return;
    statusBar()->showMessage(tr("Loading report…"));
    m_loader->loadReport(m_projectPath, id);
}

void MainWindow::onReportLoaded(const LoadedReport &loaded)
{
    const ReportSummary *summary = m_model->reportSummary(loaded.report.id);
    // A refresh of the report on screen (a run wrote verdicts) leaves the text and its
    // scroll position alone.
    if (loaded.report.id != m_reportView->reportId())
        m_reportView->showReport(loaded, summary ? summary->model : QString());
    m_verdictPanel->showVerdicts(m_projectPath, loaded);
    statusBar()->clearMessage();
    emit reportShown(loaded.report.id);
}

void MainWindow::onFilterChanged(const QString &text)
{
    m_proxy->setFilterFixedString(text);
    if (!text.isEmpty())
        m_tree->expandAll();
}

void MainWindow::runOfflineJudge()
{
    if (m_projectPath.isEmpty() || m_runs->isRunning())
        return;
    statusBar()->showMessage(tr("Planning the run…"));
    m_runs->startOffline(m_projectPath);
    updateActions();
}

void MainWindow::showError(const QString &title, const QString &message)
{
    // open(), not exec(): a modal loop here would stall every pending background result.
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace Rubricate
