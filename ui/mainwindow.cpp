#include "mainwindow.h"

#include "adjudicationpage.h"
#include "alignmentdashboard.h"
#include "annotationwriter.h"
#include "criteriadialog.h"
#include "identitydialog.h"
#include "importdialog.h"
#include "leaderboardpage.h"
#include "personaview.h"
#include "preferencesdialog.h"
#include "projectexplorer.h"
#include "projectjobs.h"
#include "projectloader.h"
#include "projecttreemodel.h"
#include "recentprojects.h"
#include "reportview.h"
#include "runlauncher.h"
#include "runsdock.h"
#include "sampledialog.h"
#include "scoringchoices.h"
#include "shortcutsheet.h"
#include "studyqueuedock.h"
#include "verdictpanel.h"

#include <QAction>
#include <QApplication>
#include <QCloseEvent>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileDialog>
#include <QFileInfo>
#include <QIcon>
#include <QInputDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMenu>
#include <QMenuBar>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSplitter>
#include <QStatusBar>
#include <QStyle>
#include <QTabWidget>
#include <QTimer>
#include <QToolBar>
#include <QTreeView>
#include <QUndoStack>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QString geometryKey = u"window/geometry"_s;
const QString stateKey = u"window/state"_s;
const QString splitterKey = u"window/splitter3"_s;

QString counted(int n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(n);
}

QIcon themeIcon(const QString &name, const QStyle *style, QStyle::StandardPixmap fallback)
{
    return QIcon::fromTheme(name, style->standardIcon(fallback));
}

QAction *makeAction(QObject *parent, const QIcon &icon, const QString &text, const char *name,
                    const QKeySequence &key, const QString &tip)
{
    auto *action = new QAction(icon, text, parent);
    action->setObjectName(QString::fromLatin1(name));
    if (!key.isEmpty())
        action->setShortcut(key);
    action->setStatusTip(tip);
    return action;
}

} // namespace

MainWindow::MainWindow(QWidget *parent)
    : QMainWindow(parent)
    , m_loader(new ProjectLoader(this))
    , m_jobs(new ProjectJobs(this))
    , m_runs(new RunLauncher(this))
    , m_undo(new QUndoStack(this))
{
    setWindowTitle(tr("Rubricate"));
    setWindowIcon(QIcon(u":/rubricate/icons/rubricate.png"_s));
    setAcceptDrops(true);

    createCentralWidget();
    createActions();
    createMenusAndToolBar();
    connectWorkers();

    m_counts = new QLabel(this);
    m_counts->setObjectName(u"projectCounts"_s);
    statusBar()->addPermanentWidget(m_counts);

    restoreSettings();
    updateActions();
    statusBar()->showMessage(tr("No project open"));
}

MainWindow::~MainWindow() = default;

QTreeView *MainWindow::projectTree() const
{
    return m_explorer->tree();
}

ProjectTreeModel *MainWindow::projectModel() const
{
    return m_explorer->model();
}

void MainWindow::createActions()
{
    const QStyle *s = style();
    m_newAction = makeAction(this, themeIcon(u"document-new"_s, s, QStyle::SP_FileIcon),
                             tr("&New Project…"), "actionNewProject", QKeySequence::New,
                             tr("Create an empty project file"));
    connect(m_newAction, &QAction::triggered, this, &MainWindow::chooseNewProject);

    m_openAction = makeAction(this, themeIcon(u"document-open"_s, s, QStyle::SP_DialogOpenButton),
                              tr("&Open Project…"), "actionOpenProject", QKeySequence::Open,
                              tr("Open a Rubricate project file"));
    connect(m_openAction, &QAction::triggered, this, &MainWindow::chooseProject);

    m_demoAction = makeAction(this, QIcon(u":/rubricate/icons/rubricate.png"_s),
                              tr("Open &Demo Project"), "actionOpenDemo", {},
                              tr("Open the bundled demo project, creating it if needed"));
    connect(m_demoAction, &QAction::triggered, this, &MainWindow::openDemoProject);

    m_importAction = makeAction(this, themeIcon(u"document-import"_s, s, QStyle::SP_ArrowDown),
                                tr("&Import…"), "actionImport", Qt::CTRL | Qt::Key_I,
                                tr("Import benchmark tasks, reports or judge results (or drop "
                                   "files on the window)"));
    connect(m_importAction, &QAction::triggered, this, &MainWindow::chooseImport);

    m_exportAction = makeAction(this, themeIcon(u"document-export"_s, s, QStyle::SP_ArrowUp),
                                tr("&Export…"), "actionExport", Qt::CTRL | Qt::Key_E,
                                tr("Export judge results in the benchmark's own formats"));
    connect(m_exportAction, &QAction::triggered, this, &MainWindow::chooseExport);

    m_mergeAnnotationsAction
        = makeAction(this, QIcon(), tr("&Merge Annotations From…"), "actionMergeAnnotations", {},
                     tr("Take the annotators, studies and labels another copy of this project "
                        "has and this one lacks"));
    connect(m_mergeAnnotationsAction, &QAction::triggered, this,
            &MainWindow::chooseMergeAnnotations);
    m_exportAnnotationsAction
        = makeAction(this, QIcon(), tr("Export &Annotations…"), "actionExportAnnotations", {},
                     tr("Write every annotation event with its provenance as JSONL or CSV"));
    connect(m_exportAnnotationsAction, &QAction::triggered, this,
            &MainWindow::chooseExportAnnotations);

    m_reloadAction
        = makeAction(this, themeIcon(u"view-refresh"_s, s, QStyle::SP_BrowserReload), tr("&Reload"),
                     "actionReload", QKeySequence::Refresh, tr("Read the project again"));
    connect(m_reloadAction, &QAction::triggered, this, &MainWindow::reloadProject);

    m_evaluateAction = makeAction(
        this, themeIcon(u"system-run"_s, s, QStyle::SP_MediaSeekForward), tr("Run &Evaluation…"),
        "actionRunEvaluation", Qt::CTRL | Qt::SHIFT | Qt::Key_R,
        tr("Choose a judge (an LLM provider or the offline judge), a scope and the concurrency, "
           "see the cost, and run it in the background"));
    connect(m_evaluateAction, &QAction::triggered, this, [this] {
        m_runsDock->show();
        m_runsDock->raise();
        m_runsDock->openRunDialog();
    });

    m_runAction = makeAction(
        this, themeIcon(u"media-playback-start"_s, s, QStyle::SP_MediaPlay),
        tr("&Run Offline Judge"), "actionRunOffline", Qt::CTRL | Qt::Key_R,
        tr("Judge every report with the offline lexical baseline (no key, no network)"));
    connect(m_runAction, &QAction::triggered, this, &MainWindow::runOfflineJudge);

    m_extractClaimsAction = makeAction(
        this, {}, tr("Extract &Claims"), "actionExtractClaims", {},
        tr("Store the statements of ReportBench and PDR-Bench reports as claims to check "
           "against their sources or fact-check"));
    connect(m_extractClaimsAction, &QAction::triggered, this, [this] {
        if (m_projectPath.isEmpty())
            return;
        statusBar()->showMessage(tr("Extracting claims…"));
        m_jobs->extractClaims(m_projectPath);
    });

    m_stopAction = makeAction(this, themeIcon(u"media-playback-stop"_s, s, QStyle::SP_MediaStop),
                              tr("&Stop"), "actionStop", {},
                              tr("Stop the running judge; it can be resumed later"));
    connect(m_stopAction, &QAction::triggered, this, [this] { m_runs->cancel(); });
    m_stopAction->setShortcut(Qt::CTRL | Qt::Key_Period);

    m_criteriaAction = makeAction(
        this, {}, tr("Edit PDR &Criteria…"), "actionEditCriteria", {},
        tr("The PDR-Bench query's dimensions, criteria and weights: check, edit, normalise"));
    connect(m_criteriaAction, &QAction::triggered, this, [this] {
        const RowId query = m_verdictPanel->personaView()->queryId();
        if (query)
            openCriteriaEditor(query);
    });

    m_preferencesAction
        = makeAction(this, {}, tr("&Preferences…"), "actionPreferences", QKeySequence::Preferences,
                     tr("Your annotator name and other settings"));
    m_preferencesAction->setMenuRole(QAction::PreferencesRole);
    connect(m_preferencesAction, &QAction::triggered, this, [this] {
        auto *dialog = new PreferencesDialog(m_annotators, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &PreferencesDialog::annotatorChanged, this,
                &MainWindow::onAnnotatorChanged);
        dialog->open();
    });
    m_switchAnnotatorAction
        = makeAction(this, {}, tr("S&witch Annotator…"), "actionSwitchAnnotator", {},
                     tr("Label as another person from now on"));
    connect(m_switchAnnotatorAction, &QAction::triggered, this, &MainWindow::askWhoIsAnnotating);

    m_quitAction
        = makeAction(this, themeIcon(u"application-exit"_s, s, QStyle::SP_DialogCloseButton),
                     tr("&Quit"), "actionQuit", QKeySequence::Quit, {});
    m_quitAction->setMenuRole(QAction::QuitRole);
    // close() rather than quit(): closing saves the window state.
    connect(m_quitAction, &QAction::triggered, this, &QWidget::close);

    m_shortcutsAction = makeAction(this, {}, tr("&Keyboard Shortcuts"), "actionShortcuts",
                                   QKeySequence::HelpContents, tr("Every key of the window"));
    m_shortcutsAction->setShortcuts({QKeySequence::HelpContents, QKeySequence(Qt::Key_Question)});
    connect(m_shortcutsAction, &QAction::triggered, this,
            [this] { showShortcutSheet(this, shortcutHelp()); });
    addAction(m_shortcutsAction);

    m_scoringChoicesAction = makeAction(
        this, {}, tr("Scoring &Choices"), "actionScoringChoices", {},
        tr("What Rubricate chose where a benchmark's reference scripts are silent, and the "
           "settings that change it"));
    connect(m_scoringChoicesAction, &QAction::triggered, this,
            [this] { showScoringChoices(this); });
    m_aboutAction = makeAction(this, {}, tr("&About Rubricate"), "actionAbout", {}, {});
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

QList<std::pair<QString, QString>> MainWindow::shortcutHelp() const
{
    QList<std::pair<QString, QString>> keys = VerdictPanel::keyHelp();
    keys += AdjudicationPage::keyHelp();
    keys += {{tr("Ctrl+4"), tr("adjudication: the items of the report on screen")}};
    keys += {
        {tr("Ctrl+1 / 2 / 3"), tr("review / agreement dashboard / leaderboards")},
        {tr("Ctrl+F"), tr("filter the project tree")},
        {tr("Ctrl+Shift+F"), tr("search the text of every report")},
        {tr("Ctrl+Shift+R"), tr("run an evaluation: judge, scope, concurrency, cost")},
        {tr("Ctrl+R"), tr("run the offline judge (no key, no network)")},
        {tr("Ctrl+."), tr("stop the running judge (resumable)")},
        {tr("Ctrl+N / Ctrl+O"), tr("new / open a project")},
        {tr("Ctrl+I / Ctrl+E"), tr("import / export")},
        {tr("F5"), tr("reload the project")},
        {tr("L / Shift+L"), tr("next unlabelled / previous item of your study queue")},
        {tr("F1 or ?"), tr("this sheet")},
    };
    return keys;
}

void MainWindow::createMenusAndToolBar()
{
    QMenu *file = menuBar()->addMenu(tr("&File"));
    file->addAction(m_newAction);
    file->addAction(m_openAction);
    file->addAction(m_demoAction);
    m_recentMenu = file->addMenu(tr("Open &Recent"));
    connect(m_recentMenu, &QMenu::aboutToShow, this, &MainWindow::rebuildRecentMenu);
    file->addSeparator();
    file->addAction(m_importAction);
    file->addAction(m_exportAction);
    file->addAction(m_exportAnnotationsAction);
    file->addAction(m_mergeAnnotationsAction);
    file->addAction(m_reloadAction);
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
        m_explorer->filterEdit()->setFocus();
        m_explorer->filterEdit()->selectAll();
    });
    QAction *search = edit->addAction(tr("&Search Report Text"));
    search->setShortcut(Qt::CTRL | Qt::SHIFT | Qt::Key_F);
    connect(search, &QAction::triggered, this, [this] {
        m_explorer->searchEdit()->setFocus();
        m_explorer->searchEdit()->selectAll();
    });
    edit->addSeparator();
    edit->addAction(m_preferencesAction);

    m_viewMenu = menuBar()->addMenu(tr("&View"));
    QAction *review = m_viewMenu->addAction(tr("&Review"));
    review->setShortcut(Qt::CTRL | Qt::Key_1);
    connect(review, &QAction::triggered, this, [this] { showPage(0); });
    QAction *agreement = m_viewMenu->addAction(tr("&Agreement Dashboard"));
    agreement->setObjectName(u"actionAgreement"_s);
    agreement->setShortcut(Qt::CTRL | Qt::Key_2);
    connect(agreement, &QAction::triggered, this, [this] { showPage(1); });
    QAction *boards = m_viewMenu->addAction(tr("&Leaderboards"));
    boards->setObjectName(u"actionLeaderboards"_s);
    boards->setShortcut(Qt::CTRL | Qt::Key_3);
    connect(boards, &QAction::triggered, this, [this] { showPage(2); });
    QAction *adjudication = m_viewMenu->addAction(tr("A&djudication"));
    adjudication->setObjectName(u"actionAdjudication"_s);
    adjudication->setShortcut(Qt::CTRL | Qt::Key_4);
    adjudication->setStatusTip(tr("Every annotator's label and the judge's verdict on the items of "
                                  "the report on screen, and the gold label"));
    connect(adjudication, &QAction::triggered, this, &MainWindow::openAdjudication);
    m_viewMenu->addSeparator();
    m_viewMenu->addAction(m_verdictPanel->blindAction());
    m_viewMenu->addAction(m_runsDock->toggleViewAction());

    QMenu *runs = menuBar()->addMenu(tr("&Judge"));
    runs->addAction(m_evaluateAction);
    runs->addAction(m_runAction);
    runs->addAction(m_stopAction);
    runs->addSeparator();
    runs->addAction(m_runsDock->pauseAction());
    runs->addAction(m_runsDock->resumeAction());
    runs->addAction(m_runsDock->rerunFailedAction());
    runs->addSeparator();
    runs->addAction(m_criteriaAction);
    runs->addAction(m_extractClaimsAction);

    // A study is a sample with its settings: drawing one is how a study starts.
    QMenu *study = menuBar()->addMenu(tr("&Study"));
    QAction *sample = study->addAction(tr("&New Study (Sample Items)…"));
    sample->setObjectName(u"actionSample"_s);
    sample->setStatusTip(tr("Draw a stratified, seeded sample of rubric items, assign it to "
                            "annotators with overlap, and choose the run and blind setting"));
    connect(sample, &QAction::triggered, this, [this] {
        if (m_projectPath.isEmpty())
            return;
        auto *dialog = new SampleDialog(m_projectPath, this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &SampleDialog::saved, this, [this](const QString &name) {
            statusBar()->showMessage(tr("Study “%1” saved; My Queue lists your items").arg(name),
                                     8000);
            m_queueDock->show();
            reloadProject();
        });
        dialog->open();
    });
    study->addAction(m_queueDock->toggleViewAction());
    study->addAction(m_queueDock->nextAction());
    study->addAction(m_queueDock->previousAction());
    QAction *adjudicateStudy = study->addAction(tr("&Adjudicate the Study's Items"));
    adjudicateStudy->setObjectName(u"actionAdjudicateStudy"_s);
    adjudicateStudy->setStatusTip(tr("Every item of the chosen study on the Adjudication page, "
                                     "with every annotator's label and the judge's verdict"));
    connect(adjudicateStudy, &QAction::triggered, this, [this] {
        // The study in My Queue; an adjudicator with no items of their own picks one.
        const auto adjudicate = [this](const QString &name) {
            m_adjudication->showItems(m_studyItems.value(name),
                                      tr("Every item of the study “%1”").arg(name));
            showPage(3);
        };
        QStringList names = m_studyItems.keys();
        names.sort();
        if (const std::optional<Study> chosen = m_queueDock->currentStudy())
            adjudicate(chosen->name);
        else if (names.size() == 1)
            adjudicate(names.constFirst());
        else if (names.isEmpty())
            statusBar()->showMessage(tr("The project has no study yet."), 5000);
        else {
            auto *ask = new QInputDialog(this);
            ask->setAttribute(Qt::WA_DeleteOnClose);
            ask->setWindowTitle(tr("Adjudicate a Study"));
            ask->setLabelText(tr("Study:"));
            ask->setComboBoxItems(names);
            connect(ask, &QInputDialog::textValueSelected, this, adjudicate);
            ask->open();
        }
    });
    study->addSeparator();
    study->addAction(m_switchAnnotatorAction);

    QMenu *help = menuBar()->addMenu(tr("&Help"));
    help->addAction(m_shortcutsAction);
    help->addAction(m_scoringChoicesAction);
    help->addAction(m_aboutAction);

    QToolBar *toolBar = addToolBar(tr("Main Toolbar"));
    toolBar->setObjectName(u"mainToolBar"_s); // saveState() needs a name
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->setMovable(false);
    toolBar->addAction(m_newAction);
    toolBar->addAction(m_openAction);
    toolBar->addAction(m_importAction);
    toolBar->addSeparator();
    toolBar->addAction(m_evaluateAction);
    toolBar->addAction(m_runAction);
    toolBar->addAction(m_stopAction);
    toolBar->addSeparator();
    toolBar->addAction(m_exportAction);
}

void MainWindow::createCentralWidget()
{
    m_explorer = new ProjectExplorer(this);
    m_explorer->setObjectName(u"projectExplorer"_s);
    m_reportView = new ReportView(this);
    m_reportView->setObjectName(u"reportView"_s);
    m_verdictPanel = new VerdictPanel(m_undo, this);
    m_verdictPanel->setObjectName(u"verdictPanel"_s);

    // Explorer, report and verdicts side by side: the eye moves between the rubric and its
    // evidence without scrolling either away.
    m_splitter = new QSplitter(Qt::Horizontal, this);
    m_splitter->setObjectName(u"mainSplitter"_s);
    m_splitter->addWidget(m_explorer);
    m_splitter->addWidget(m_reportView);
    m_splitter->addWidget(m_verdictPanel);
    m_splitter->setStretchFactor(0, 0);
    m_splitter->setStretchFactor(1, 3);
    m_splitter->setStretchFactor(2, 2);
    m_splitter->setChildrenCollapsible(false);
    m_splitter->setSizes({300, 540, 520});

    // Two pages: reading and labelling, and how far judge and people agree.
    m_dashboard = new AlignmentDashboard(this);
    m_dashboard->setObjectName(u"alignmentDashboard"_s);
    m_pages = new QTabWidget(this);
    m_pages->setObjectName(u"pages"_s);
    m_pages->setDocumentMode(true);
    m_pages->addTab(m_splitter, tr("Review"));
    m_pages->addTab(m_dashboard, tr("Agreement"));
    m_leaderboards = new LeaderboardPage(this);
    m_leaderboards->setObjectName(u"leaderboards"_s);
    m_pages->addTab(m_leaderboards, tr("Leaderboards"));
    m_adjudication = new AdjudicationPage(m_undo, this);
    m_adjudication->setObjectName(u"adjudication"_s);
    m_pages->addTab(m_adjudication, tr("Adjudication"));
    setCentralWidget(m_pages);

    m_runsDock = new RunsDock(m_runs, this);
    addDockWidget(Qt::BottomDockWidgetArea, m_runsDock);
    m_queueDock = new StudyQueueDock(this);
    addDockWidget(Qt::BottomDockWidgetArea, m_queueDock);
    tabifyDockWidget(m_runsDock, m_queueDock);
    m_queueDock->hide(); // shown once a study assigns this annotator items
}

void MainWindow::connectWorkers()
{
    connect(m_loader, &ProjectLoader::snapshotLoaded, this, &MainWindow::onSnapshotLoaded);
    connect(m_loader, &ProjectLoader::snapshotFailed, this, &MainWindow::onSnapshotFailed);
    connect(m_loader, &ProjectLoader::reportLoaded, this, &MainWindow::onReportLoaded);
    connect(m_loader, &ProjectLoader::reportFailed, this, [this](RowId, const QString &error) {
        m_reportView->showMessage(error);
        m_verdictPanel->clear();
        statusBar()->clearMessage();
    });

    connect(m_explorer, &ProjectExplorer::reportSelected, this, &MainWindow::onReportSelected);
    connect(m_explorer, &ProjectExplorer::otherSelected, this, [this] {
        m_loader->cancelReport();
        m_reportView->showMessage(tr("Select a report in the tree to read it."));
        m_verdictPanel->clear();
    });
    connect(m_explorer, &ProjectExplorer::searchHitActivated, this,
            [this](RowId reportId, const QString &text) {
                if (reportId == m_reportView->reportId()) {
                    m_reportView->revealText(text);
                    return;
                }
                m_revealOnLoad = text;
                m_explorer->selectReport(reportId);
            });
    connect(m_explorer, &ProjectExplorer::searchFinished, this, [this](int hits) {
        statusBar()->showMessage(tr("%n report(s) found", nullptr, hits), 5000);
    });

    connect(m_dashboard, &AlignmentDashboard::openRubric, this, &MainWindow::openRubric);
    connect(m_dashboard, &AlignmentDashboard::adjudicate, this,
            [this](const QList<std::pair<RowId, RowId>> &items, const QString &title,
                   std::pair<RowId, RowId> current) {
                m_adjudication->showItems(items, title, current);
                showPage(3);
            });
    connect(m_adjudication, &AdjudicationPage::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 8000); });
    // Gold changes what the dashboard compares with; a hidden page only marks itself stale.
    connect(m_adjudication, &AdjudicationPage::goldWritten, m_dashboard,
            &AlignmentDashboard::refresh);
    connect(m_leaderboards, &LeaderboardPage::exported, this, &MainWindow::onExported);
    connect(m_dashboard, &AlignmentDashboard::exported, this, &MainWindow::onExported);
    connect(m_pages, &QTabWidget::currentChanged, this, [this](int page) {
        // Labels and runs may have changed meanwhile.
        if (page == 1)
            m_dashboard->refresh();
        else if (page == 2)
            m_leaderboards->refresh();
    });

    connect(m_jobs, &ProjectJobs::importFinished, this, &MainWindow::onImportFinished);
    connect(m_jobs, &ProjectJobs::demoReady, this, &MainWindow::openProject);
    connect(m_jobs, &ProjectJobs::demoFailed, this, [this](const QString &error) {
        statusBar()->clearMessage();
        showError(tr("Demo project"), error);
    });
    connect(m_jobs, &ProjectJobs::projectCreated, this, &MainWindow::openProject);
    connect(m_jobs, &ProjectJobs::projectCreationFailed, this,
            [this](const QString &, const QString &error) { showError(tr("New Project"), error); });
    connect(m_jobs, &ProjectJobs::exportFinished, this, &MainWindow::onExported);
    connect(m_jobs, &ProjectJobs::claimsExtracted, this, &MainWindow::onClaimsExtracted);
    connect(m_jobs, &ProjectJobs::annotationsMerged, this,
            [this](const QString &project, const QString &other, const MergeSummary &summary) {
                if (!summary.ok()) {
                    showError(tr("Merge Annotations"), summary.error);
                    return;
                }
                if (project == m_projectPath && summary.changed())
                    reloadProject();
                auto *box = new QMessageBox(QMessageBox::Information, tr("Merge Annotations"),
                                            tr("Merged from %1.").arg(QFileInfo(other).fileName()),
                                            QMessageBox::Ok, this);
                box->setObjectName(u"mergeSummary"_s);
                box->setInformativeText(summary.toText());
                box->setAttribute(Qt::WA_DeleteOnClose);
                box->open();
            });
    connect(m_jobs, &ProjectJobs::busyChanged, this, &MainWindow::updateActions);

    connect(m_runs, &RunLauncher::progressChanged, this, [this](const RunProgress &p) {
        statusBar()->showMessage(tr("Judging: %1 of %2 requests, %3 items, %4 errors")
                                     .arg(p.jobsDone + p.jobsFailed)
                                     .arg(p.jobsTotal)
                                     .arg(p.itemsJudged)
                                     .arg(p.itemErrors));
    });
    connect(m_runs, &RunLauncher::criteriaProgressChanged, this,
            [this](const PdrCriteriaProgress &p) {
                statusBar()->showMessage(
                    tr("Writing PDR criteria: %1 of %2 queries written, %3 failed, %4 requests")
                        .arg(p.written)
                        .arg(p.queries)
                        .arg(p.failed)
                        .arg(p.requests));
            });
    // Written criteria change the tree's rubric counts and the panel's rows.
    connect(m_runs, &RunLauncher::criteriaWritten, this, [this] {
        reloadProject();
        if (m_reportView->reportId())
            loadReport(m_reportView->reportId());
    });
    // New verdicts for the report on screen refresh its panel while the run goes on.
    connect(m_runs, &RunLauncher::verdictsWritten, this, [this](RowId reportId) {
        if (reportId == m_reportView->reportId())
            loadReport(reportId);
    });
    connect(m_runs, &RunLauncher::stateChanged, this, &MainWindow::updateActions);
    connect(m_runs, &RunLauncher::finished, this,
            [this](const QString &status, const QString &error) {
                statusBar()->showMessage(status == "finished"_L1
                                             ? tr("Judge run finished")
                                             : tr("Judge run %1: %2").arg(status, error),
                                         8000);
                updateActions();
                if (m_reportView->reportId())
                    loadReport(m_reportView->reportId());
            });

    connect(m_verdictPanel, &VerdictPanel::annotationWritten, this, [this](RowId reportId) {
        // Not when another report is on its way (a queue key right after a label): this
        // refresh would replace that load, and the new report brings fresh labels anyway.
        if (reportId == m_reportView->reportId() && reportId == m_requestedReport)
            loadReport(reportId);
    });
    connect(m_verdictPanel, &VerdictPanel::annotationFailed, this,
            [this](const QString &error) { showError(tr("Annotation"), error); });
    connect(m_verdictPanel, &VerdictPanel::currentRubricChanged, m_reportView,
            &ReportView::focusRubric);
    // The panel's report, not the view's: the panel shows a new report's rows first.
    connect(m_verdictPanel, &VerdictPanel::currentRubricChanged, this, [this](RowId rubricId) {
        m_queueDock->setCurrentItem(m_verdictPanel->reportId(), rubricId);
    });
    connect(m_verdictPanel, &VerdictPanel::labelGiven, this,
            [this](RowId reportId, RowId rubricId, bool labelled) {
                m_queueDock->markLabelled(reportId, rubricId, labelled);
                // After the label is on its way: the next item opens while it is written.
                if (labelled && m_queueDock->autoAdvance()
                    && m_queueDock->rubricsOf(reportId).contains(rubricId))
                    QTimer::singleShot(0, m_queueDock, [this] { m_queueDock->step(1); });
            });
    connect(m_queueDock, &StudyQueueDock::openItem, this, &MainWindow::openRubric);
    connect(m_verdictPanel->writer(), &AnnotationWriter::annotatorRegistered, this,
            [this](const QString &path) {
                // Label counts, queues and the report's labels are this person's now.
                if (path != m_projectPath || !std::exchange(m_reloadOnRegistered, false))
                    return;
                reloadProject();
                if (m_reportView->reportId())
                    loadReport(m_reportView->reportId());
            });
    connect(m_queueDock, &StudyQueueDock::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 5000); });
    connect(m_queueDock, &StudyQueueDock::studyChanged, this, [this] { applyStudyContext(); });
    connect(m_reportView, &ReportView::evidenceActivated, m_verdictPanel,
            &VerdictPanel::selectRubric);
    connect(m_verdictPanel, &VerdictPanel::evidenceStepRequested, this, [this](int step) {
        const RowId rubric = m_verdictPanel->currentRubric();
        const bool onRubric = m_reportView->currentMark() >= 0
            && m_reportView->marks().at(m_reportView->currentMark()).rubricId == rubric;
        if (!(onRubric ? m_reportView->cycleEvidence(step) : m_reportView->focusRubric(rubric)))
            statusBar()->showMessage(m_verdictPanel->blindAction()->isChecked()
                                         ? tr("Blind mode: the judge's evidence is not shown.")
                                         : tr("This rubric has no evidence in the report."),
                                     4000);
    });
    connect(m_verdictPanel, &VerdictPanel::reportStepRequested, this, [this](int step) {
        if (!m_explorer->stepReport(step))
            statusBar()->showMessage(
                step > 0 ? tr("This is the last report.") : tr("This is the first report."), 3000);
    });
    connect(m_verdictPanel, &VerdictPanel::runsChosen, this, [this](RowId run, RowId other) {
        m_runChoice = run;
        m_otherRunChoice = other;
        if (m_reportView->reportId())
            loadReport(m_reportView->reportId());
    });
    connect(m_verdictPanel, &VerdictPanel::blindModeChanged, this,
            [this] { m_reportView->setEvidence(m_verdictPanel->visibleRows()); });
    connect(m_verdictPanel->personaView(), &PersonaView::editCriteriaRequested, this,
            &MainWindow::openCriteriaEditor);
    connect(m_verdictPanel, &VerdictPanel::message, this,
            [this](const QString &text) { statusBar()->showMessage(text, 5000); });
}

void MainWindow::restoreSettings()
{
    const QSettings settings;
    if (!restoreGeometry(settings.value(geometryKey).toByteArray()))
        resize(1360, 820);
    // The runs dock is a strip under the work, not half of it, until the user says otherwise.
    if (!restoreState(settings.value(stateKey).toByteArray()))
        resizeDocks({m_runsDock}, {160}, Qt::Vertical);
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
        importPath(path);
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
    m_exportAction->setEnabled(haveProject && !busy);
    m_mergeAnnotationsAction->setEnabled(haveProject && !busy);
    m_exportAnnotationsAction->setEnabled(haveProject && !busy);
    m_extractClaimsAction->setEnabled(haveProject && !busy);
    m_reloadAction->setEnabled(haveProject);
    m_runAction->setEnabled(haveProject && !m_runs->isRunning());
    m_evaluateAction->setEnabled(haveProject && !m_runs->isRunning());
    m_stopAction->setEnabled(m_runs->isRunning());
    m_demoAction->setEnabled(!busy);
    m_criteriaAction->setEnabled(haveProject && m_verdictPanel->personaView()->queryId() != 0);
}

void MainWindow::openCriteriaEditor(RowId queryId)
{
    if (m_projectPath.isEmpty() || !queryId)
        return;
    auto *dialog = new CriteriaDialog(m_projectPath, queryId, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    const QString project = m_projectPath;
    connect(dialog, &CriteriaDialog::saved, this, [this, project] {
        if (project != m_projectPath)
            return;
        statusBar()->showMessage(tr("Criteria saved"), 5000);
        // Rubric counts in the tree, and the verdicts of the report on screen.
        reloadProject();
        if (m_reportView->reportId())
            loadReport(m_reportView->reportId());
    });
    dialog->open();
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
    if (QFileInfo(path).absoluteFilePath() != m_projectPath) {
        m_undo->clear(); // labels belong to their project
        m_runChoice = m_otherRunChoice = 0;
    }
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
    return m_explorer->selectFirstReport();
}

void MainWindow::chooseNewProject()
{
    auto *chooser = new QFileDialog(this, tr("New Project"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setAcceptMode(QFileDialog::AcceptSave);
    chooser->setDefaultSuffix(u"rubricate"_s);
    chooser->setNameFilter(tr("Rubricate projects (*.rubricate)"));
    connect(chooser, &QFileDialog::fileSelected, this, [this](const QString &path) {
        if (QFileInfo::exists(path)) {
            showError(tr("New Project"),
                      tr("%1 already exists; open it instead, or choose a new name.").arg(path));
            return;
        }
        m_jobs->createProject(path);
    });
    chooser->open();
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

void MainWindow::importPath(const QString &path)
{
    if (m_projectPath.isEmpty()) {
        showError(tr("Import"), tr("Open or create a project first, then drop files on it."));
        return;
    }
    auto *dialog = new ImportDialog(this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    dialog->setSourcePath(path);
    const QString project = m_projectPath;
    connect(dialog, &QDialog::accepted, this, [this, dialog, project] {
        statusBar()->showMessage(tr("Importing %1…").arg(dialog->sourcePath()));
        m_jobs->runImport(project, dialog->kind(), dialog->sourcePath(), dialog->options());
    });
    dialog->open();
}

void MainWindow::chooseImport()
{
    if (!m_projectPath.isEmpty())
        importPath({});
}

void MainWindow::chooseExport()
{
    if (m_projectPath.isEmpty())
        return;
    auto *chooser = new QFileDialog(this, tr("Export DRB-II results to a folder"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setFileMode(QFileDialog::Directory);
    chooser->setOption(QFileDialog::ShowDirsOnly);
    chooser->setDirectory(QFileInfo(m_projectPath).absolutePath());
    const QString project = m_projectPath;
    connect(chooser, &QFileDialog::fileSelected, this, [this, project](const QString &dir) {
        statusBar()->showMessage(tr("Exporting to %1…").arg(dir));
        m_jobs->exportDrb2Results(project, dir);
    });
    chooser->open();
}

void MainWindow::chooseMergeAnnotations()
{
    if (m_projectPath.isEmpty())
        return;
    auto *chooser = new QFileDialog(this, tr("Merge annotations from another copy"),
                                    QFileInfo(m_projectPath).absolutePath(),
                                    tr("Rubricate projects (*.rubricate)"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setFileMode(QFileDialog::ExistingFile);
    const QString project = m_projectPath;
    connect(chooser, &QFileDialog::fileSelected, this, [this, project](const QString &other) {
        statusBar()->showMessage(tr("Merging annotations from %1…").arg(other));
        m_jobs->mergeAnnotations(project, other);
    });
    chooser->open();
}

void MainWindow::chooseExportAnnotations()
{
    if (m_projectPath.isEmpty())
        return;
    auto *chooser
        = new QFileDialog(this, tr("Export annotations"), QFileInfo(m_projectPath).absolutePath(),
                          tr("JSON Lines (*.jsonl);;CSV (*.csv)"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setAcceptMode(QFileDialog::AcceptSave);
    chooser->setDefaultSuffix(u"jsonl"_s);
    const QString project = m_projectPath;
    connect(chooser, &QFileDialog::fileSelected, this, [this, project](const QString &file) {
        statusBar()->showMessage(tr("Exporting annotations to %1…").arg(file));
        m_jobs->exportAnnotations(project, file);
    });
    chooser->open();
}

void MainWindow::onClaimsExtracted(const QString &projectPath, int extracted, int cited,
                                   int uncited, const QString &error)
{
    if (!error.isEmpty()) {
        showError(tr("Extract Claims"), error);
        return;
    }
    statusBar()->showMessage(
        tr("Claims extracted from %n report(s): %1 cited, %2 uncited", "", extracted)
            .arg(cited)
            .arg(uncited),
        8000);
    if (projectPath == m_projectPath)
        reloadProject();
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
    if (!reloading && chosenAnnotator()) // the person is known to the project under their id
        m_verdictPanel->writer()->registerAnnotator(snapshot.path, currentIdentity());
    m_projectPath = snapshot.path;
    m_annotators = snapshot.annotators;
    m_studyItems = snapshot.studyItems;
    m_explorer->setSnapshot(snapshot);
    // First start: asked once the project is read, so that its annotators can be chosen.
    if (std::exchange(m_askIdentity, false) && !chosenAnnotator())
        askWhoIsAnnotating();
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

    const bool reportStays = wantedReport && m_explorer->selectReport(wantedReport);
    if (!reportStays && !reloading) {
        m_reportView->showMessage(reports > 0 ? tr("Select a report in the tree to read it.")
                                              : tr("This project has no reports yet."));
        m_verdictPanel->clear();
        updateActions();
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

void MainWindow::onReportSelected(RowId reportId)
{
    if (reportId == m_reportView->reportId())
        return;
    statusBar()->showMessage(tr("Loading report…"));
    loadReport(reportId);
}

void MainWindow::loadReport(RowId reportId)
{
    m_requestedReport = reportId;
    m_loader->loadReport(m_projectPath, reportId, m_runChoice, m_otherRunChoice);
}

void MainWindow::onReportLoaded(const LoadedReport &loaded)
{
    const ReportSummary *summary = projectModel()->reportSummary(loaded.report.id);
    // Before the verdicts are shown: a blind study must never show its judge, not even once.
    applyStudyContext(loaded.report.id);
    m_verdictPanel->showVerdicts(m_projectPath, loaded);
    updateActions(); // the criteria editor follows the report's query
    // A refresh of the report on screen (a run wrote verdicts, a label revealed a blind
    // rubric) re-highlights without touching the text or its scroll position.
    if (loaded.report.id != m_reportView->reportId()) {
        m_reportView->showReport(loaded, summary ? summary->model : QString(),
                                 m_verdictPanel->visibleRows());
        if (!m_revealOnLoad.isEmpty())
            m_reportView->revealText(std::exchange(m_revealOnLoad, QString()));
        else if (m_rubricOnLoad)
            m_verdictPanel->selectRubric(std::exchange(m_rubricOnLoad, 0));
        else
            m_reportView->focusRubric(m_verdictPanel->currentRubric());
    } else {
        m_reportView->setEvidence(m_verdictPanel->visibleRows());
    }
    statusBar()->clearMessage();
    emit reportShown(loaded.report.id);
}

void MainWindow::applyStudyContext(RowId reportId)
{
    if (!reportId)
        reportId = m_reportView->reportId();
    const std::optional<Study> study = m_queueDock->currentStudy();
    m_verdictPanel->setStudyContext(study ? study->name : QString(), study && study->blind,
                                    study ? m_queueDock->rubricsOf(reportId) : QSet<RowId>());
}

void MainWindow::askWhoIsAnnotating()
{
    auto *dialog = new IdentityDialog(m_annotators, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &IdentityDialog::identityChosen, this, &MainWindow::onAnnotatorChanged);
    dialog->open();
}

void MainWindow::onAnnotatorChanged()
{
    m_undo->clear(); // an undo would write the previous person's label under the new name
    statusBar()->showMessage(tr("Labelling as %1").arg(currentAnnotatorName()), 5000);
    if (m_projectPath.isEmpty())
        return;
    m_reloadOnRegistered = true;
    m_verdictPanel->writer()->registerAnnotator(m_projectPath, currentIdentity());
}

void MainWindow::openAdjudication()
{
    if (const RowId report = m_reportView->reportId())
        m_adjudication->showReport(report, tr("Every item of %1").arg(m_verdictPanel->title()));
    showPage(3);
}

void MainWindow::showPage(int page)
{
    m_pages->setCurrentIndex(page);
}

void MainWindow::openRubric(RowId reportId, RowId rubricId)
{
    showPage(0);
    if (reportId == m_reportView->reportId()) {
        m_verdictPanel->selectRubric(rubricId);
        return;
    }
    m_rubricOnLoad = rubricId;
    m_revealOnLoad.clear();
    m_explorer->selectReport(reportId);
}

void MainWindow::runOfflineJudge()
{
    if (m_projectPath.isEmpty() || m_runs->isRunning())
        return;
    statusBar()->showMessage(tr("Planning the run…"));
    m_runs->startOffline(m_projectPath);
    updateActions();
}

void MainWindow::onExported(const QString &directory, const QStringList &files,
                            const QString &error)
{
    if (!error.isEmpty()) {
        showError(tr("Export"), error);
        return;
    }
    statusBar()->showMessage(
        tr("Exported %n file(s) to %1", nullptr, int(files.size())).arg(directory), 8000);
}

void MainWindow::showError(const QString &title, const QString &message)
{
    // open(), not exec(): a modal loop here would stall every pending background result.
    auto *box = new QMessageBox(QMessageBox::Warning, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->open();
}

} // namespace Rubricate
