#include "agreement/studyqueuedock.h"

#include "agreement/studyqueuemodel.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QProgressBar>
#include <QSettings>
#include <QTabWidget>
#include <QTableView>
#include <QTreeWidget>
#include <QVBoxLayout>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QString autoAdvanceKey = u"study/autoAdvance"_s;
const QString studyKey = u"study/current"_s;

QString reportName(const ReportSummary &r)
{
    QString name = u"%1 · %2"_s.arg(r.model, r.taskExternalId);
    if (!r.queryExternalId.isEmpty())
        name += u" · "_s + r.queryExternalId;
    return name;
}

} // namespace

StudyQueueDock::StudyQueueDock(QWidget *parent)
    : QDockWidget(tr("My Queue"), parent)
    , m_model(new StudyQueueModel(this))
    , m_view(new QTableView(this))
    , m_studyBox(new QComboBox(this))
    , m_progressLabel(new QLabel(this))
    , m_progressBar(new QProgressBar(this))
    , m_overview(new QTreeWidget(this))
    , m_autoAdvance(new QCheckBox(tr("&Auto-advance after a label"), this))
    , m_nextAction(new QAction(tr("&Next Assigned Item"), this))
    , m_previousAction(new QAction(tr("&Previous Assigned Item"), this))
{
    setObjectName(u"studyQueueDock"_s);
    m_view->setObjectName(u"queueView"_s);
    m_studyBox->setObjectName(u"studyBox"_s);
    m_progressLabel->setObjectName(u"queueProgress"_s);
    m_overview->setObjectName(u"studyOverview"_s);
    m_autoAdvance->setObjectName(u"autoAdvance"_s);
    m_nextAction->setObjectName(u"actionNextAssigned"_s);
    m_previousAction->setObjectName(u"actionPreviousAssigned"_s);

    m_view->setModel(m_model);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setWordWrap(false);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setSectionResizeMode(StudyQueueModel::RubricColumn,
                                                     QHeaderView::Stretch);
    // A narrow dock: the tick first, the sample's position only as a tooltip-free extra.
    m_view->setColumnHidden(StudyQueueModel::PositionColumn, true);
    m_view->horizontalHeader()->moveSection(
        m_view->horizontalHeader()->visualIndex(StudyQueueModel::StatusColumn), 0);
    connect(m_view, &QTableView::activated, this, [this](const QModelIndex &index) {
        if (const QueueItem *item = m_model->itemAt(index.row()))
            emit openItem(item->reportId, item->rubricId);
    });

    m_overview->setColumnCount(3);
    m_overview->setHeaderLabels({tr("Annotator"), tr("Labelled"), tr("Done")});
    m_overview->setRootIsDecorated(false);
    m_overview->header()->setSectionResizeMode(QHeaderView::ResizeToContents);

    m_autoAdvance->setToolTip(tr("After each label of a queue item, open the next unlabelled one"));
    m_autoAdvance->setChecked(QSettings().value(autoAdvanceKey, false).toBool());
    connect(m_autoAdvance, &QCheckBox::toggled, this,
            [](bool on) { QSettings().setValue(autoAdvanceKey, on); });

    m_nextAction->setShortcut(Qt::Key_L);
    m_nextAction->setStatusTip(tr("Open the next item of your queue that you have not labelled"));
    m_previousAction->setShortcut(Qt::SHIFT | Qt::Key_L);
    m_previousAction->setStatusTip(tr("Open the item before this one in your queue"));
    for (QAction *action : {m_nextAction, m_previousAction})
        action->setShortcutContext(Qt::WindowShortcut);
    connect(m_nextAction, &QAction::triggered, this, [this] { step(1); });
    connect(m_previousAction, &QAction::triggered, this, [this] { step(-1); });

    m_studyBox->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    connect(m_studyBox, &QComboBox::currentIndexChanged, this, [this] {
        QSettings().setValue(studyKey, m_studyBox->currentData().toString());
        showStudy();
        emit studyChanged();
    });

    auto *tabs = new QTabWidget(this);
    tabs->setDocumentMode(true);
    tabs->addTab(m_view, tr("Mine"));
    tabs->addTab(m_overview, tr("Everyone"));

    // One row of settings and progress over the list: the dock sits under the review page,
    // where width is plenty and height is not.
    auto *body = new QWidget(this);
    auto *top = new QHBoxLayout;
    top->addWidget(m_studyBox);
    top->addWidget(m_progressLabel);
    top->addWidget(m_progressBar, 1);
    top->addWidget(m_autoAdvance);
    auto *layout = new QVBoxLayout(body);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->addLayout(top);
    layout->addWidget(tabs, 1);
    setWidget(body);
    showStudy();
}

void StudyQueueDock::setSnapshot(const ProjectSnapshot &snapshot)
{
    m_snapshot = snapshot;
    const QString wanted = m_studyBox->count() > 0 ? m_studyBox->currentData().toString()
                                                   : QSettings().value(studyKey).toString();
    {
        const QSignalBlocker block(m_studyBox);
        m_studyBox->clear();
        for (const Study &study : std::as_const(m_snapshot.studies)) {
            if (!m_snapshot.queues.contains(study.name))
                continue;
            m_studyBox->addItem(study.blind ? tr("%1 (blind)").arg(study.name) : study.name,
                                study.name);
        }
        m_studyBox->setCurrentIndex(std::max(0, m_studyBox->findData(wanted)));
        if (wanted.isEmpty()) {
            // No choice yet: the first study with work left for me, not a finished one.
            for (int i = 0; i < m_studyBox->count(); ++i) {
                const QList<QueueItem> queue
                    = m_snapshot.queues.value(m_studyBox->itemData(i).toString());
                if (std::any_of(queue.cbegin(), queue.cend(),
                                [](const QueueItem &item) { return !item.labelled; })) {
                    m_studyBox->setCurrentIndex(i);
                    break;
                }
            }
        }
    }
    showStudy();
    emit studyChanged();
}

std::optional<Study> StudyQueueDock::currentStudy() const
{
    const QString name = m_studyBox->currentData().toString();
    for (const Study &study : m_snapshot.studies) {
        if (study.name == name && !name.isEmpty())
            return study;
    }
    return std::nullopt;
}

QSet<RowId> StudyQueueDock::rubricsOf(RowId reportId) const
{
    QSet<RowId> out;
    for (const QueueItem &item : m_model->items()) {
        if (item.reportId == reportId)
            out.insert(item.rubricId);
    }
    return out;
}

bool StudyQueueDock::autoAdvance() const
{
    return m_autoAdvance->isChecked();
}

void StudyQueueDock::showStudy()
{
    const std::optional<Study> study = currentStudy();
    QHash<RowId, QString> names;
    for (const ReportSummary &r : std::as_const(m_snapshot.reports))
        names.insert(r.id, reportName(r));
    m_model->setItems(study ? m_snapshot.queues.value(study->name) : QList<QueueItem>(), names);
    m_studyBox->setEnabled(m_studyBox->count() > 1);
    m_nextAction->setEnabled(study.has_value());
    m_previousAction->setEnabled(study.has_value());

    m_overview->clear();
    if (study) {
        for (const StudyProgress &p : m_snapshot.progress.value(study->name)) {
            auto *row = new QTreeWidgetItem(m_overview);
            row->setText(0, p.annotatorName);
            row->setText(1, tr("%L1 of %L2").arg(p.labelled).arg(p.assigned));
            row->setText(2,
                         p.assigned > 0 ? u"%1%"_s.arg(100 * p.labelled / p.assigned) : QString());
            row->setToolTip(0, p.annotatorId);
        }
    }
    updateProgress();
}

void StudyQueueDock::updateProgress()
{
    const std::optional<Study> study = currentStudy();
    if (!study) {
        m_progressLabel->setText(tr("No study assigns you items. Draw one with Study → New "
                                    "Study…, naming yourself among the annotators."));
        m_progressBar->hide();
        return;
    }
    const int total = m_model->rowCount();
    const int done = m_model->labelledCount();
    m_progressLabel->setText(tr("%L1 of %L2 labelled").arg(done).arg(total));
    m_progressBar->show();
    m_progressBar->setRange(0, std::max(1, total));
    m_progressBar->setValue(done);
}

void StudyQueueDock::setCurrentItem(RowId reportId, RowId rubricId)
{
    m_currentReport = reportId;
    m_currentRubric = rubricId;
    const int row = m_model->rowOf(reportId, rubricId);
    if (row >= 0)
        m_view->setCurrentIndex(m_model->index(row, StudyQueueModel::RubricColumn));
    else
        m_view->clearSelection();
}

void StudyQueueDock::markLabelled(RowId reportId, RowId rubricId, bool labelled)
{
    if (m_model->setLabelled(reportId, rubricId, labelled))
        updateProgress();
}

bool StudyQueueDock::step(int direction)
{
    // Walk in the sample's order, so that Shift+L really goes back to the item before.
    QList<QueueItem> ordered = m_model->items();
    std::sort(ordered.begin(), ordered.end(),
              [](const QueueItem &a, const QueueItem &b) { return a.position < b.position; });
    if (ordered.isEmpty()) {
        emit message(tr("No study assigns you items."));
        return false;
    }
    const auto here = std::find_if(ordered.cbegin(), ordered.cend(), [this](const QueueItem &i) {
        return i.reportId == m_currentReport && i.rubricId == m_currentRubric;
    });
    const qsizetype at = here == ordered.cend() ? -1 : here - ordered.cbegin();
    const qsizetype n = ordered.size();
    if (direction < 0) {
        if (at <= 0) {
            emit message(tr("This is the first item of your queue."));
            return false;
        }
        const QueueItem &item = ordered.at(at - 1);
        emit openItem(item.reportId, item.rubricId);
        return true;
    }
    for (qsizetype k = 1; k <= n; ++k) {
        const QueueItem &item = ordered.at((at + k + n) % n); // from the start when not in it
        if (!item.labelled
            && !(item.reportId == m_currentReport && item.rubricId == m_currentRubric)) {
            emit openItem(item.reportId, item.rubricId);
            return true;
        }
    }
    emit message(tr("Every item of your queue is labelled."));
    return false;
}

} // namespace Rubricate
