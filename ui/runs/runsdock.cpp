#include "runs/runsdock.h"

#include "common/actionfactory.h"
#include "runs/rundialog.h"
#include "runs/runsmodel.h"
#include "services/background.h"
#include "services/runlauncher.h"

#include <QAction>
#include <QApplication>
#include <QFileInfo>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QTableView>
#include <QToolBar>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

constexpr int MinimumRows = 4; // rows the runs table always has room for
constexpr int ProgressWidth = 120;

bool sameProject(const QString &a, const QString &b)
{
    return !a.isEmpty() && QFileInfo(a).absoluteFilePath() == QFileInfo(b).absoluteFilePath();
}

} // namespace

void RunProgressDelegate::paint(QPainter *painter, const QStyleOptionViewItem &option,
                                const QModelIndex &index) const
{
    const QVariant fraction = index.data(RunsModel::FractionRole);
    if (!fraction.isValid()) {
        QStyledItemDelegate::paint(painter, option, index);
        return;
    }
    QStyleOptionViewItem cell = option;
    initStyleOption(&cell, index);
    cell.text.clear();
    const QWidget *widget = option.widget;
    QStyle *style = widget ? widget->style() : QApplication::style();
    // The cell's own background first, so that selection still shows around the bar.
    style->drawControl(QStyle::CE_ItemViewItem, &cell, painter, widget);

    QStyleOptionProgressBar bar;
    bar.rect = option.rect.adjusted(3, 3, -3, -3);
    bar.palette = option.palette;
    bar.direction = option.direction;
    bar.fontMetrics = option.fontMetrics;
    bar.state = (option.state & QStyle::State_Enabled) | QStyle::State_Horizontal;
    bar.minimum = 0;
    bar.maximum = 1000;
    bar.progress = qBound(0, qRound(fraction.toDouble() * 1000), 1000);
    bar.text = index.data(Qt::DisplayRole).toString();
    bar.textVisible = true;
    bar.textAlignment = Qt::AlignCenter;
    style->drawControl(QStyle::CE_ProgressBar, &bar, painter, widget);
}

RunsDock::RunsDock(RunLauncher *launcher, QWidget *parent)
    : QDockWidget(tr("Judge Runs"), parent)
    , m_launcher(launcher)
    , m_model(new RunsModel(this))
{
    setObjectName(u"runsDock"_s);
    const QStyle *s = style();
    m_newRunAction = new QAction(themeIcon(u"document-new"_s, s, QStyle::SP_FileDialogNewFolder),
                                 tr("&New Run…"), this);
    m_newRunAction->setObjectName(u"actionNewRun"_s);
    m_newRunAction->setStatusTip(tr("Choose a judge and a scope, see the estimated cost, start"));
    m_pauseAction = new QAction(themeIcon(u"media-playback-pause"_s, s, QStyle::SP_MediaPause),
                                tr("&Pause"), this);
    m_pauseAction->setObjectName(u"actionPauseRun"_s);
    m_pauseAction->setStatusTip(
        tr("Send no new requests; answers already on their way are still written"));
    m_resumeAction = new QAction(themeIcon(u"media-playback-start"_s, s, QStyle::SP_MediaPlay),
                                 tr("&Resume"), this);
    m_resumeAction->setObjectName(u"actionResumeRun"_s);
    m_resumeAction->setStatusTip(
        tr("Continue the selected run: a paused one, or one that was cancelled or interrupted"));
    m_cancelAction = new QAction(themeIcon(u"media-playback-stop"_s, s, QStyle::SP_MediaStop),
                                 tr("&Cancel"), this);
    m_cancelAction->setObjectName(u"actionCancelRun"_s);
    m_cancelAction->setStatusTip(
        tr("Stop the run; its unanswered requests stay queued and Resume sends them later"));
    m_rerunAction = new QAction(themeIcon(u"view-refresh"_s, s, QStyle::SP_BrowserReload),
                                tr("Re-run &Failed"), this);
    m_rerunAction->setObjectName(u"actionRerunFailed"_s);
    m_rerunAction->setStatusTip(tr("Ask the judge again for the items that ended in an error"));

    auto *toolBar = new QToolBar(this);
    toolBar->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    toolBar->setIconSize(QSize(16, 16));
    toolBar->addAction(m_newRunAction);
    toolBar->addSeparator();
    toolBar->addAction(m_pauseAction);
    toolBar->addAction(m_resumeAction);
    toolBar->addAction(m_cancelAction);
    toolBar->addSeparator();
    toolBar->addAction(m_rerunAction);

    m_view = new QTableView(this);
    m_view->setObjectName(u"runsView"_s);
    m_view->setModel(m_model);
    m_view->setItemDelegateForColumn(RunsModel::ProgressColumn, new RunProgressDelegate(m_view));
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    QHeaderView *header = m_view->horizontalHeader();
    header->setSectionResizeMode(QHeaderView::ResizeToContents);
    header->setSectionResizeMode(RunsModel::NameColumn, QHeaderView::Stretch);
    header->setSectionResizeMode(RunsModel::ProgressColumn, QHeaderView::Fixed);
    header->resizeSection(RunsModel::ProgressColumn, ProgressWidth);
    // Room for a few runs: a dock squeezed to a row and a half hides the run just started.
    m_view->setMinimumHeight(header->sizeHint().height()
                             + m_view->verticalHeader()->defaultSectionSize() * MinimumRows
                             + 2 * m_view->frameWidth());

    m_message = new QLabel(this);
    m_message->setObjectName(u"runsMessage"_s);
    m_message->setWordWrap(true);
    m_message->setTextFormat(Qt::PlainText);
    m_message->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_message->hide();
    auto *note = new QLabel(tr("One run is judged at a time. A cancelled or interrupted run keeps "
                               "its unanswered requests: select it and press Resume."),
                            this);
    note->setWordWrap(true);
    note->setEnabled(false); // the platform's look for secondary text

    auto *body = new QWidget(this);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 0, 4, 4);
    layout->setSpacing(4);
    layout->addWidget(toolBar);
    layout->addWidget(m_view, 1);
    layout->addWidget(m_message);
    layout->addWidget(note);
    setWidget(body);

    connect(m_newRunAction, &QAction::triggered, this, &RunsDock::openRunDialog);
    connect(m_pauseAction, &QAction::triggered, m_launcher, &RunLauncher::pause);
    connect(m_resumeAction, &QAction::triggered, this, &RunsDock::resumeSelected);
    connect(m_cancelAction, &QAction::triggered, m_launcher, &RunLauncher::cancel);
    connect(m_rerunAction, &QAction::triggered, this, &RunsDock::rerunSelected);
    connect(m_view->selectionModel(), &QItemSelectionModel::selectionChanged, this,
            &RunsDock::updateActions);
    // A row's state (running, paused, interrupted) decides which actions apply to it.
    connect(m_model, &QAbstractItemModel::dataChanged, this, &RunsDock::updateActions);
    // Sizing to contents happens when the header lays out, not when a cell changes: a
    // status that grows from "pending" to "finished" would be elided until the next reset.
    connect(m_model, &QAbstractItemModel::dataChanged, this, &RunsDock::fitColumns);
    connect(m_model, &QAbstractItemModel::rowsInserted, this, &RunsDock::fitColumns);
    connect(m_launcher, &RunLauncher::started, this,
            [this](RowId runId, int) { onStarted(runId); });
    connect(m_launcher, &RunLauncher::progressChanged, this, &RunsDock::onProgress);
    connect(m_launcher, &RunLauncher::finished, this, &RunsDock::onFinished);
    connect(m_launcher, &RunLauncher::stateChanged, this, &RunsDock::updateActions);
    updateActions();
}

void RunsDock::setOwnersOnly(const QString &reason)
{
    m_ownersOnly = reason;
    updateActions();
}

void RunsDock::setProject(const QString &projectPath)
{
    if (projectPath != m_projectPath) {
        m_projectPath = projectPath;
        m_model->setRows({});
        showMessage({});
    }
    const bool ours
        = m_launcher->isRunning() && sameProject(m_launcher->projectPath(), projectPath);
    m_model->setActiveRun(ours ? m_launcher->activeRunId() : 0);
    if (ours && m_launcher->activeRunId())
        m_model->applyProgress(m_launcher->lastProgress());
    reload();
}

void RunsDock::reload()
{
    const quint64 request = ++m_loadRequest;
    if (m_projectPath.isEmpty()) {
        m_model->setRows({});
        updateActions();
        return;
    }
    runInBackground(
        this, [path = m_projectPath] { return RunsModel::readRows(path); },
        [this, request](const Result<QList<RunRow>> &loaded) {
            // A newer read (or another project) makes this one obsolete.
            if (request != m_loadRequest)
                return;
            if (!loaded)
                showMessage(tr("The runs could not be read: %1").arg(loaded.errorMessage()));
            m_model->updateRows(loaded ? *loaded : QList<RunRow>());
            // A run started here is what the person wants to watch: select it, whatever row
            // was selected before.
            if (m_followRun && m_model->rowOfRun(m_followRun) >= 0) {
                selectRun(m_followRun);
                m_followRun = 0;
            } else if (!m_view->selectionModel()->hasSelection() && m_model->rowCount() > 0) {
                selectRun(m_model->activeRun() ? m_model->activeRun()
                                               : m_model->rowAt(m_model->rowCount() - 1)->id);
            }
            updateActions();
            emit rowsLoaded();
        });
}

RowId RunsDock::selectedRunId() const
{
    const QModelIndexList rows = m_view->selectionModel()->selectedRows();
    if (rows.isEmpty())
        return 0;
    const RunRow *r = m_model->rowAt(rows.constFirst().row());
    return r ? r->id : 0;
}

void RunsDock::selectRun(RowId runId)
{
    const int row = m_model->rowOfRun(runId);
    if (row < 0)
        return;
    m_view->selectionModel()->select(
        m_model->index(row, 0), QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    // A row just inserted has no place in the scroll range until the view lays itself out,
    // which it otherwise does later: scrolling now would stop short of a new last run.
    m_view->doItemsLayout();
    m_view->scrollTo(m_model->index(row, 0));
}

void RunsDock::openRunDialog()
{
    if (m_projectPath.isEmpty())
        return;
    auto *dialog = new RunDialog(m_projectPath, this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    connect(dialog, &QDialog::accepted, this, [this, dialog] {
        if (!m_launcher->start(m_projectPath, dialog->request()))
            showMessage(tr("Another run is being judged. One run is judged at a time: cancel "
                           "it, or wait for it to finish."));
    });
    // open(), not exec(): a nested event loop would stall the run's progress.
    dialog->open();
}

void RunsDock::onStarted(RowId runId)
{
    if (!sameProject(m_launcher->projectPath(), m_projectPath))
        return;
    showMessage({});
    m_model->setActiveRun(runId);
    // A new run has no row until the read below: select it when it arrives.
    m_followRun = m_model->rowOfRun(runId) >= 0 ? 0 : runId;
    selectRun(runId);
    reload();
}

void RunsDock::onProgress(const RunProgress &progress)
{
    if (sameProject(m_launcher->projectPath(), m_projectPath))
        m_model->applyProgress(progress);
}

void RunsDock::onFinished(const QString &status, const QString &error)
{
    if (!sameProject(m_launcher->projectPath(), m_projectPath))
        return;
    m_model->setActiveRun(0);
    if (status == "failed"_L1 && !error.isEmpty())
        showMessage(tr("The run failed: %1").arg(error));
    reload();
}

void RunsDock::resumeSelected()
{
    const RowId runId = selectedRunId();
    if (!runId)
        return;
    if (m_launcher->isRunning() && m_launcher->activeRunId() == runId) {
        m_launcher->resume();
        return;
    }
    m_launcher->resumeRun(m_projectPath, runId);
}

void RunsDock::rerunSelected()
{
    RunRequest request;
    request.rerunFailedOf = selectedRunId();
    if (request.rerunFailedOf)
        m_launcher->start(m_projectPath, request);
}

void RunsDock::updateActions()
{
    const bool busy = m_launcher->isRunning();
    const QModelIndexList selected = m_view->selectionModel()->selectedRows();
    const int row = selected.isEmpty() ? -1 : selected.constFirst().row();
    const RunRow *r = m_model->rowAt(row);
    const RunState state = m_model->state(row);
    // Pause and Cancel act on the run being judged, whichever row is selected: a run must
    // not need a click before it can be stopped.
    const bool judging = busy && m_launcher->activeRunId() != 0
        && sameProject(m_launcher->projectPath(), m_projectPath);
    const bool ours = r && judging && m_launcher->activeRunId() == r->id;
    const bool judgeable = r && r->kind != "imported"_L1;
    enableUnlessRefused(m_newRunAction, !m_projectPath.isEmpty() && !busy, m_ownersOnly);
    m_pauseAction->setEnabled(judging && !m_launcher->isPaused());
    enableUnlessRefused(
        m_resumeAction,
        (ours && m_launcher->isPaused())
            || (!busy && judgeable && r->jobsPending > 0 && state != RunState::Running),
        m_ownersOnly);
    m_cancelAction->setEnabled(judging);
    enableUnlessRefused(m_rerunAction, !busy && judgeable && r->errors > 0, m_ownersOnly);
}

void RunsDock::fitColumns()
{
    // The name stretches into what is left and the progress bar has its own width.
    for (int column = 0; column < RunsModel::ColumnCount; ++column) {
        if (column != RunsModel::NameColumn && column != RunsModel::ProgressColumn)
            m_view->resizeColumnToContents(column);
    }
}

void RunsDock::showMessage(const QString &text)
{
    m_message->setText(text);
    m_message->setVisible(!text.isEmpty());
}

} // namespace Rubricate
