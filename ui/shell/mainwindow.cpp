#include "shell/mainwindow.h"

#include "agreement/adjudicationpage.h"
#include "agreement/alignmentdashboard.h"
#include "agreement/studyactions.h"
#include "agreement/studyqueuedock.h"
#include "common/actionfactory.h"
#include "leaderboard/leaderboardpage.h"
#include "project/projectactions.h"
#include "project/projectexplorer.h"
#include "review/reportview.h"
#include "review/reviewpage.h"
#include "review/unwrittenlabels.h"
#include "review/verdictpanel.h"
#include "runs/judgeactions.h"
#include "runs/runsdock.h"
#include "services/annotationwriter.h"
#include "services/annotatoridentity.h"
#include "services/projectjobs.h"
#include "services/projectloader.h"
#include "services/projectwatcher.h"
#include "services/recentprojects.h"
#include "services/runlauncher.h"
#include "shell/annotatoractions.h"
#include "shell/helpactions.h"
#include "shell/preferencesdialog.h"
#include "shell/setasidelabels.h"
#include "shell/statusmessages.h"
#include "store/projectlocation.h"

#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QScrollArea>
#include <QSettings>
#include <QStatusBar>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QUndoStack>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QString geometryKey = u"window/geometry"_s;
const QString stateKey = u"window/state"_s;
const QString splitterKey = u"window/splitter3"_s;

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_loader(new ProjectLoader(this))
    , m_jobs(new ProjectJobs(this))
    , m_runs(new RunLauncher(this))
    , m_watcher(new ProjectWatcher(this))
    , m_undo(new QUndoStack(this))
    , m_writer(new AnnotationWriter(this))
{
    setWindowTitle(tr("Rubricate"));
    setWindowIcon(QIcon(u":/rubricate/icons/rubricate.png"_s));
    setAcceptDrops(true);

    createCentralWidget();
    createActions();
    createMenusAndToolBar();
    connectWorkers();
    connectPages();

    m_counts = new QLabel(this);
    m_counts->setObjectName(u"projectCounts"_s);
    statusBar()->addPermanentWidget(new UnwrittenLabelsIndicator(m_writer, this));
    statusBar()->addPermanentWidget(m_annotatorActions->boundIndicator());
    statusBar()->addPermanentWidget(m_counts);

    restoreSettings();
    updateActions();
    statusBar()->showMessage(tr("No project open"));
}

MainWindow::~MainWindow() = default;

ProjectExplorer *MainWindow::explorer() const
{
    return m_review->explorer();
}

QTreeView *MainWindow::projectTree() const
{
    return m_review->explorer()->tree();
}

ProjectTreeModel *MainWindow::projectModel() const
{
    return m_review->explorer()->model();
}

ReportView *MainWindow::reportView() const
{
    return m_review->reportView();
}

VerdictPanel *MainWindow::verdictPanel() const
{
    return m_review->verdictPanel();
}

QAction *MainWindow::runAction() const
{
    return m_judgeActions->runAction();
}

QAction *MainWindow::extractClaimsAction() const
{
    return m_judgeActions->extractClaimsAction();
}

QAction *MainWindow::classifyPagesAction() const
{
    return m_judgeActions->classifyPagesAction();
}

QAction *MainWindow::judgeClaimsAction() const
{
    return m_judgeActions->judgeClaimsAction();
}

QAction *MainWindow::evaluateAction() const
{
    return m_judgeActions->evaluateAction();
}

QAction *MainWindow::criteriaAction() const
{
    return m_judgeActions->criteriaAction();
}

void MainWindow::createCentralWidget()
{
    // The queue first: the review page follows the study it is read for.
    m_queueDock = new StudyQueueDock(this);
    m_review = new ReviewPage(m_loader, m_undo, m_writer, m_queueDock, this);

    // Reading and labelling, how far judge and people agree, the leaderboards, adjudication.
    m_dashboard = new AlignmentDashboard(this);
    m_dashboard->setObjectName(u"alignmentDashboard"_s);
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(u"pages"_s);
    m_pages->setDocumentMode(true);
    m_pages->addTab(m_review, tr("Review"));
    // Its charts and tables need more height than a laptop leaves: the page scrolls there
    // rather than making the window taller than the screen.
    auto *dashboardScroll = new QScrollArea(this);
    dashboardScroll->setObjectName(u"alignmentScroll"_s);
    dashboardScroll->setFrameShape(QFrame::NoFrame);
    dashboardScroll->setWidgetResizable(true);
    dashboardScroll->setWidget(m_dashboard);
    m_pages->addTab(dashboardScroll, tr("Agreement"));
    m_leaderboards = new LeaderboardPage(this);
    m_leaderboards->setObjectName(u"leaderboards"_s);
    m_pages->addTab(m_leaderboards, tr("Leaderboards"));
    m_adjudication = new AdjudicationPage(m_undo, m_writer, this);
    m_adjudication->setObjectName(u"adjudication"_s);
    m_pages->addTab(m_adjudication, tr("Adjudication"));
    setCentralWidget(m_pages);

    m_runsDock = new RunsDock(m_runs, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_runsDock);
    addDockWidget(Qt::BottomDockWidgetArea, m_queueDock);
    tabifyDockWidget(m_runsDock, m_queueDock);
    m_queueDock->hide(); // shown once a study assigns this annotator items
}

void MainWindow::createActions()
{
    m_projectActions = new ProjectActions(this, m_jobs);
    m_judgeActions = new JudgeActions(this, m_runs, m_jobs, m_runsDock, m_review);
    m_studyActions = new StudyActions(this, m_queueDock, m_adjudication);
    m_helpActions = new HelpActions(this);
    m_annotatorActions = new AnnotatorActions(this, m_undo);
    m_setAsideLabels = new SetAsideLabels(this, m_writer);
    connect(m_annotatorActions, &AnnotatorActions::annotatorChosen, this,
            &MainWindow::onAnnotatorChanged);

    m_preferencesAction
        = makeAction(this, {}, tr("&Preferences…"), "actionPreferences", QKeySequence::Preferences,
                     tr("Your annotator name and other settings"));
    m_preferencesAction->setMenuRole(QAction::PreferencesRole);
    connect(m_preferencesAction, &QAction::triggered, this, [this] {
        auto *dialog = new PreferencesDialog(m_annotatorActions->annotators(), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &PreferencesDialog::annotatorChanged, this,
                &MainWindow::onAnnotatorChanged);
        connect(dialog, &PreferencesDialog::scoringChanged, m_leaderboards,
                &LeaderboardPage::refresh);
        dialog->open();
    });

    const QStyle *s = style();
    m_quitAction
        = makeAction(this, themeIcon(u"application-exit"_s, s, QStyle::SP_DialogCloseButton),
                     tr("&Quit"), "actionQuit", QKeySequence::Quit, {});
    m_quitAction->setMenuRole(QAction::QuitRole);
    // close() rather than quit(): closing saves the window state.
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);
}

void MainWindow::createMenusAndToolBar()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    m_projectActions->addToMenu(file);
    file->addSeparator();
    file->addAction(m_quitAction);

    QMenu *edit = menuBar()->addMenu(tr("&Edit"));
    QAction *undo = m_undo->createUndoAction(this, tr("&Undo"));
    undo->setShortcut(QKeySequence::Undo);
    undo->setObjectName(u"actionUndo"_s);
    QAction *redo = m_undo->createRedoAction(this, tr("&Redo"));
    redo->setShortcut(QKeySequence::Redo);
    redo->setObjectName(u"actionRedo"_s);
    edit->addAction(undo);
    edit->addAction(redo);
    edit->addSeparator();
    QAction *filter = edit->addAction(tr("&Filter Reports"));
    filter->setShortcut(QKeySequence::Find);
    connect(filter, &QAction::triggered, this, [this] {
        explorer()->filterEdit()->setFocus();
        explorer()->filterEdit()->selectAll();
    });
    QAction *search = edit->addAction(tr("&Search Report Text"));
    search->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_F);
    connect(search, &QAction::triggered, this, [this] {
        explorer()->searchEdit()->setFocus();
        explorer()->searchEdit()->selectAll();
    });
    edit->addSeparator();
    edit->addAction(m_preferencesAction);

    createViewMenu();
    m_judgeActions->addToMenu(menuBar()->addMenu(tr("&Judge")));

    QMenu *study = menuBar()->addMenu(tr("&Study"));
    m_studyActions->addToMenu(study);
    study->addSeparator();
    m_annotatorActions->addToMenu(study);
    m_setAsideLabels->addToMenu(study);

    m_helpActions->addToMenu(menuBar()->addMenu(tr("&Help")));

    QToolBar *toolBar = addToolBar(tr("Main Toolbar"));
    toolBar->setObjectName(u"mainToolBar"_s); // saveState() needs a name
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->setMovable(false);
    toolBar->addAction(m_projectActions->newAction());
    toolBar->addAction(m_projectActions->openAction());
    toolBar->addAction(m_projectActions->importAction());
    toolBar->addSeparator();
    m_judgeActions->addToToolBar(toolBar);
    toolBar->addSeparator();
    toolBar->addAction(m_projectActions->exportAction());
}

void MainWindow::createViewMenu()
{
    QMenu *view = menuBar()->addMenu(tr("&View"));
    QAction *review = view->addAction(tr("&Review"));
    review->setShortcut(Qt::CTRL | Qt::Key_1);
    connect(review, &QAction::triggered, this, [this] { showPage(Page::Review); });
    QAction *agreement = view->addAction(tr("&Agreement Dashboard"));
    agreement->setObjectName(u"actionAgreement"_s);
    agreement->setShortcut(Qt::CTRL | Qt::Key_2);
    connect(agreement, &QAction::triggered, this, [this] { showPage(Page::Agreement); });
    QAction *boards = view->addAction(tr("&Leaderboards"));
    boards->setObjectName(u"actionLeaderboards"_s);
    boards->setShortcut(Qt::CTRL | Qt::Key_3);
    connect(boards, &QAction::triggered, this, [this] { showPage(Page::Leaderboards); });
    QAction *adjudication = view->addAction(tr("A&djudication"));
    adjudication->setObjectName(u"actionAdjudication"_s);
    adjudication->setShortcut(Qt::CTRL | Qt::Key_4);
    adjudication->setStatusTip(tr("Every annotator's label and the judge's verdict on the items of "
                                  "the report on screen, and the gold label"));
    connect(adjudication, &QAction::triggered, this, &MainWindow::openAdjudication);
    view->addSeparator();
    view->addAction(verdictPanel()->blindAction());
    view->addAction(m_runsDock->toggleViewAction());
}

void MainWindow::connectWorkers()
{
    connect(m_loader, &ProjectLoader::snapshotLoaded, this, &MainWindow::onSnapshotLoaded);
    connect(m_loader, &ProjectLoader::snapshotFailed, this, &MainWindow::onSnapshotFailed);
    connect(m_watcher, &ProjectWatcher::changedElsewhere, this, &MainWindow::onChangedElsewhere);
    connect(m_jobs, &ProjectJobs::exportFinished, this, &MainWindow::onExported);
    connect(m_jobs, &ProjectJobs::busyChanged, this, &MainWindow::updateActions);
    connect(m_writer, &AnnotationWriter::annotatorRegistered, this, [this](const QString &path) {
        // Label counts, queues and the report's labels are this person's now.
        if (path != m_projectPath || !std::exchange(m_reloadOnRegistered, false))
            return;
        reloadProject();
        m_review->refreshReport();
    });
}

void MainWindow::connectPages()
{
    connect(m_review, &ReviewPage::message, this, [this](const QString &text, int timeout) {
        if (text.isEmpty())
            statusBar()->clearMessage();
        else
            statusBar()->showMessage(text, timeout);
    });
    connect(m_review, &ReviewPage::errorOccurred, this, &MainWindow::showError);
    connect(m_review, &ReviewPage::reportChanged, this, &MainWindow::updateActions);
    connect(m_review, &ReviewPage::reportShown, this, &MainWindow::reportShown);
    connect(m_queueDock, &StudyQueueDock::openItem, this, &MainWindow::openRubric);
    connect(m_queueDock, &StudyQueueDock::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 5000); });

    connect(m_dashboard, &AlignmentDashboard::openRubric, this, &MainWindow::openRubric);
    connect(m_dashboard, &AlignmentDashboard::adjudicate, this,
            [this](const QList<std::pair<RowId, RowId>> &items, const QString &title,
                   std::pair<RowId, RowId> current) {
                m_adjudication->showItems(items, title, current);
                showPage(Page::Adjudication);
            });
    connect(m_adjudication, &AdjudicationPage::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    // Gold changes what the dashboard compares with; a hidden page only marks itself stale.
    connect(m_adjudication, &AdjudicationPage::goldWritten, m_dashboard,
            &AlignmentDashboard::refresh);
    connect(m_leaderboards, &LeaderboardPage::exported, this, &MainWindow::onExported);
    connect(m_dashboard, &AlignmentDashboard::exported, this, &MainWindow::onExported);
    connect(m_pages, &QTabWidget::currentChanged, this, [this](int index) {
        // Labels and runs may have changed meanwhile.
        if (const auto page = Page(index); page == Page::Agreement)
            m_dashboard->refresh();
        else if (page == Page::Leaderboards)
            m_leaderboards->refresh();
    });
}

void MainWindow::restoreSettings()
{
    const QSettings settings;
    if (!restoreGeometry(settings.value(geometryKey).toByteArray()))
        resize(1360, 820);
    // The runs dock is a strip under the work, not half of it, until the user says otherwise.
    // Once the window has its size: before that the layout spreads the height afresh.
    if (!restoreState(settings.value(stateKey).toByteArray())) {
        QTimer::singleShot(0, this, [this] { resizeDocks({m_runsDock}, {160}, Qt::Vertical); });
    }
    m_review->restoreState(settings.value(splitterKey).toByteArray());
}

void MainWindow::saveSettings() const
{
    QSettings settings;
    settings.setValue(geometryKey, saveGeometry());
    settings.setValue(stateKey, saveState());
    settings.setValue(splitterKey, m_review->saveState());
}

void MainWindow::closeEvent(QCloseEvent *event)
{
    saveSettings();
    QMainWindow::closeEvent(event);
}

void MainWindow::dragEnterEvent(QDragEnterEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (!urls.isEmpty()
        && std::all_of(urls.cbegin(), urls.cend(), [](const QUrl &u) { return u.isLocalFile(); }))
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent *event)
{
    const QList<QUrl> urls = event->mimeData()->urls();
    if (urls.isEmpty())
        return;
    event->acceptProposedAction();
    const QString path = urls.constFirst().toLocalFile();
    if (path.endsWith(u".rubricate"_s, Qt::CaseInsensitive))
        openProject(path);
    else
        m_projectActions->importPath(path);
}

void MainWindow::updateActions()
{
    const bool haveProject = !m_projectPath.isEmpty();
    const bool busy = m_jobs->isBusy();
    m_projectActions->updateActions(haveProject, busy);
    m_judgeActions->updateActions(haveProject, busy);
    m_setAsideLabels->updateActions(haveProject);
}

QString MainWindow::countsText() const
{
    return m_counts->text();
}

void MainWindow::openProject(const QString &path)
{
    if (path.isEmpty())
        return;
    statusBar()->showMessage(tr("Opening %1…").arg(ProjectLocation::displayName(path)));
    const QString location = ProjectLocation::normalized(path);
    if (location != m_projectPath) {
        m_undo->clear(); // labels belong to their project
        m_review->leaveProject();
    }
    m_loader->loadSnapshot(location);
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
    return explorer()->selectFirstReport();
}

void MainWindow::onSnapshotLoaded(const ProjectSnapshot &snapshot)
{
    const bool reloading = snapshot.path == m_projectPath;
    m_annotatorActions->setSnapshot(snapshot);
    // The person is known to the project under their id; a bound annotator's entry is there
    // already, and its login may not change it.
    if (!reloading && chosenAnnotator() && !snapshot.boundAnnotator)
        m_writer->registerAnnotator(snapshot.path, currentIdentity());
    m_projectPath = snapshot.path;
    m_projectActions->setSnapshot(snapshot);
    m_studyActions->setSnapshot(snapshot);
    m_judgeActions->setSnapshot(snapshot);
    m_review->setSnapshot(snapshot);
    const bool hadQueue = m_queueDock->currentStudy().has_value();
    m_queueDock->setSnapshot(snapshot);
    if (!hadQueue && m_queueDock->currentStudy()) {
        m_queueDock->show();
        m_queueDock->raise(); // in front of the runs it shares the bottom with
        QTimer::singleShot(0, this, [this] { // laid out by then: room for a few items
            resizeDocks({m_queueDock}, {m_queueDock->sizeHint().height() * 2}, Qt::Vertical);
        });
    }
    if (m_runsDock->projectPath() != snapshot.path)
        m_runsDock->setProject(snapshot.path);
    m_dashboard->setProject(snapshot.path);
    m_leaderboards->setProject(snapshot.path);
    if (m_adjudication->projectPath() != snapshot.path)
        m_adjudication->showItems({}, QString()); // the last project's items mean nothing here
    m_adjudication->setProject(snapshot.path);
    m_adjudication->setGoldRefused(snapshot.ownersOnlyReason());
    m_watcher->watch(snapshot.path);

    m_counts->setText(StatusMessages::projectCounts(
        int(snapshot.tasks.size()), snapshot.rubricCount(), int(snapshot.reports.size())));
    setWindowTitle(ProjectLocation::displayName(snapshot.path));
    if (!ProjectLocation::isServer(snapshot.path))
        setWindowFilePath(snapshot.path);
    RecentProjects::add(snapshot.path);
    updateActions();
    if (snapshot.boundAnnotator) {
        statusBar()->showMessage(
            tr("Opened %1, labelling as %2: the team project binds your "
               "login to this annotator")
                .arg(ProjectLocation::displayName(snapshot.path), currentAnnotatorName()),
            10000);
    } else {
        statusBar()->showMessage(tr("Opened %1").arg(ProjectLocation::displayName(snapshot.path)),
                                 5000);
    }

    m_review->settleOnReport();
    emit projectLoaded(snapshot.path);
}

void MainWindow::onChangedElsewhere(const QSet<QString> &tables)
{
    const auto touched = [&tables](std::initializer_list<QLatin1StringView> names) {
        return tables.isEmpty()
            || std::any_of(names.begin(), names.end(),
                           [&tables](QLatin1StringView n) { return tables.contains(n); });
    };
    // The report on screen re-reads its labels and verdicts and keeps its text, scroll
    // position and selected rubric (ReviewPage::refreshReport).
    if (touched({"annotation_event"_L1, "verdict"_L1, "rubric"_L1, "study"_L1}))
        m_review->refreshReport();
    if (touched({"judge_run"_L1, "run_job"_L1}))
        m_runsDock->reload();
}

void MainWindow::onSnapshotFailed(const QString &path, const QString &error)
{
    statusBar()->clearMessage();
    if (!ProjectLocation::mayExist(path))
        RecentProjects::remove(path);
    showError(tr("Open Project"), error);
}

void MainWindow::askWhoIsAnnotating()
{
    m_annotatorActions->askWhoIsAnnotating();
}

void MainWindow::askWhoIsAnnotatingOnceOpen()
{
    m_annotatorActions->askOnceOpen();
}

void MainWindow::onAnnotatorChanged()
{
    m_undo->clear(); // an undo would write the previous person's label under the new name
    statusBar()->showMessage(tr("Labelling as %1").arg(currentAnnotatorName()), 5000);
    if (m_projectPath.isEmpty())
        return;
    m_reloadOnRegistered = true;
    m_writer->registerAnnotator(m_projectPath, currentIdentity());
}

void MainWindow::openAdjudication()
{
    if (const RowId report = reportView()->reportId())
        m_adjudication->showReport(report, tr("Every item of %1").arg(verdictPanel()->title()));
    showPage(Page::Adjudication);
}

void MainWindow::showPage(Page page)
{
    m_pages->setCurrentIndex(int(page));
}

void MainWindow::openRubric(RowId reportId, RowId rubricId)
{
    showPage(Page::Review);
    m_review->openRubric(reportId, rubricId);
}

void MainWindow::onExported(const QString &directory, const QStringList &files,
                            const QString &error)
{
    if (!error.isEmpty()) {
        showError(tr("Export"), error);
        return;
    }
    statusBar()->showMessage(StatusMessages::exported(directory, int(files.size())), 8000);
}

void MainWindow::showError(const QString &title, const QString &message)
{
    // open(), not exec(): a modal loop here would stall every pending background result.
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

void MainWindow::refreshLeaderboards()
{
    m_leaderboards->refresh();
}

void MainWindow::showStatus(const QString &message, int timeoutMs)
{
    statusBar()->showMessage(message, timeoutMs);
}

void MainWindow::clearStatus()
{
    statusBar()->clearMessage();
}

} // namespace Rubricate
