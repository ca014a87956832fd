#include "project/projectexplorer.h"

#include "project/projecttreemodel.h"
#include "services/background.h"
#include "text/markdowntext.h"

#include <QComboBox>
#include <QEvent>
#include <QGridLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QSet>
#include <QStyle>
#include <QTreeView>
#include <QVBoxLayout>

#include <algorithm>
#include <optional>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Small projects are easiest to read fully expanded; big ones (DRB-II has thousands of
// reports) open with only the benchmarks expanded.
constexpr int ExpandAllBelowReports = 200;

constexpr int HitReportRole = Qt::UserRole + 1;
constexpr int HitTextRole = Qt::UserRole + 2;

QStringList sortedDistinct(QSet<QString> values)
{
    values.remove(QString());
    QStringList list(values.cbegin(), values.cend());
    list.sort(Qt::CaseInsensitive);
    return list;
}

} // namespace

ProjectExplorer::ProjectExplorer(QWidget *parent)
    : QWidget(parent)
    , m_model(new ProjectTreeModel(this))
    , m_proxy(new ProjectFilterModel(this))
    , m_filter(new QLineEdit(this))
    , m_group(new QComboBox(this))
    , m_tree(new QTreeView(this))
    , m_search(new QLineEdit(this))
    , m_results(new QListWidget(this))
{
    m_proxy->setSourceModel(m_model);

    m_filter->setObjectName(u"projectFilter"_s);
    m_filter->setPlaceholderText(tr("Filter tasks and reports…"));
    m_filter->setClearButtonEnabled(true);
    connect(m_filter, &QLineEdit::textChanged, this, [this](const QString &text) {
        m_proxy->setText(text);
        afterFilterChange();
    });

    auto *filters = new QGridLayout;
    filters->setContentsMargins(0, 0, 0, 0);
    filters->setHorizontalSpacing(4);
    filters->setVerticalSpacing(2);
    const char *names[]
        = {"languageFilter", "themeFilter", "personaFilter", "modelFilter", "statusFilter"};
    for (int a = 0; a < ProjectFilterModel::AttributeCount; ++a) {
        auto *box = new QComboBox(this);
        box->setObjectName(QString::fromLatin1(names[a]));
        box->setSizeAdjustPolicy(QComboBox::AdjustToMinimumContentsLengthWithIcon);
        box->setMinimumContentsLength(8);
        connect(box, &QComboBox::currentIndexChanged, this, [this, a, box] {
            m_proxy->setAttribute(ProjectFilterModel::Attribute(a), box->currentData().toString());
            afterFilterChange();
        });
        m_boxes[a] = box;
    }
    filters->addWidget(m_boxes[ProjectFilterModel::Language], 0, 0);
    filters->addWidget(m_boxes[ProjectFilterModel::Theme], 0, 1);
    filters->addWidget(m_boxes[ProjectFilterModel::Status], 0, 2);
    filters->addWidget(m_boxes[ProjectFilterModel::Model], 1, 0, 1, 2);
    filters->addWidget(m_boxes[ProjectFilterModel::Persona], 1, 2);
    m_group->setObjectName(u"groupBox"_s);
    m_group->addItem(tr("Group by task"), int(ProjectTreeModel::Grouping::ByTask));
    m_group->addItem(tr("Group by persona"), int(ProjectTreeModel::Grouping::ByPersona));
    m_group->setToolTip(tr("PDR-Bench: show reports under their task, or under the persona "
                           "who asked and then the task"));
    m_group->setVisible(false);
    connect(m_group, &QComboBox::currentIndexChanged, this,
            [this] { setGrouping(m_group->currentData().toInt()); });
    filters->addWidget(m_group, 2, 0, 1, 3);
    fillBox(ProjectFilterModel::Status, tr("Any status"), {});
    m_boxes[ProjectFilterModel::Status]->addItem(
        tr("Unlabelled"), QString::number(int(ProjectTreeModel::AnnotationStatus::Unlabelled)));
    m_boxes[ProjectFilterModel::Status]->addItem(
        tr("In progress"), QString::number(int(ProjectTreeModel::AnnotationStatus::InProgress)));
    m_boxes[ProjectFilterModel::Status]->addItem(
        tr("Fully labelled"), QString::number(int(ProjectTreeModel::AnnotationStatus::Done)));

    m_tree->setObjectName(u"projectTree"_s);
    m_tree->setModel(m_proxy);
    m_tree->setUniformRowHeights(true);
    m_tree->setAlternatingRowColors(true);
    m_tree->setSelectionMode(QAbstractItemView::SingleSelection);
    m_tree->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_tree->header()->setStretchLastSection(false);
    m_tree->header()->setSectionResizeMode(ProjectTreeModel::NameColumn, QHeaderView::Stretch);
    m_tree->header()->setSectionResizeMode(ProjectTreeModel::DetailsColumn,
                                           QHeaderView::Interactive);
    m_tree->viewport()->installEventFilter(this);
    connect(m_tree, &QTreeView::expanded, this, &ProjectExplorer::fitColumns);
    connect(m_tree, &QTreeView::collapsed, this, &ProjectExplorer::fitColumns);
    connect(m_tree->selectionModel(), &QItemSelectionModel::currentChanged, this,
            &ProjectExplorer::onCurrentChanged);

    m_search->setObjectName(u"reportSearch"_s);
    m_search->setPlaceholderText(tr("Search the text of every report (Enter)…"));
    m_search->setClearButtonEnabled(true);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { search(m_search->text()); });
    connect(m_search, &QLineEdit::textChanged, this, [this](const QString &text) {
        if (text.isEmpty()) {
            ++m_searchRequest;
            m_results->clear();
            m_results->hide();
        }
    });
    m_results->setObjectName(u"searchResults"_s);
    m_results->setWordWrap(true);
    m_results->setUniformItemSizes(false);
    m_results->hide();
    connect(m_results, &QListWidget::currentItemChanged, this, [this](QListWidgetItem *item) {
        if (item)
            emit searchHitActivated(item->data(HitReportRole).toLongLong(),
                                    item->data(HitTextRole).toString());
    });

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 6, 0, 6);
    layout->setSpacing(4);
    layout->addWidget(m_filter);
    layout->addLayout(filters);
    layout->addWidget(m_tree, 3);
    layout->addWidget(m_search);
    layout->addWidget(m_results, 1);
}

void ProjectExplorer::fillBox(ProjectFilterModel::Attribute attribute, const QString &anyText,
                              const QStringList &values)
{
    QComboBox *box = m_boxes[attribute];
    const QString kept = box->currentData().toString();
    const QSignalBlocker block(box);
    box->clear();
    box->addItem(anyText, QString());
    for (const QString &v : values)
        box->addItem(v, v);
    const int at = box->findData(kept);
    box->setCurrentIndex(at >= 0 ? at : 0);
    m_proxy->setAttribute(attribute, box->currentData().toString());
}

void ProjectExplorer::setSnapshot(const ProjectSnapshot &snapshot)
{
    const bool otherProject = snapshot.path != m_projectPath;
    m_projectPath = snapshot.path;
    m_reportCount = int(snapshot.reports.size());
    m_model->setSnapshot(snapshot);
    m_agentNameWidth = widestAgentName();

    QSet<QString> languages, themes, personas, models;
    for (const TaskSummary &t : snapshot.tasks) {
        languages.insert(t.language);
        themes.insert(t.theme);
    }
    for (const ReportSummary &r : snapshot.reports) {
        personas.insert(r.persona);
        models.insert(r.model);
    }
    fillBox(ProjectFilterModel::Language, tr("Any language"), sortedDistinct(languages));
    fillBox(ProjectFilterModel::Theme, tr("Any theme"), sortedDistinct(themes));
    fillBox(ProjectFilterModel::Persona, tr("Any persona"), sortedDistinct(personas));
    fillBox(ProjectFilterModel::Model, tr("Any model"), sortedDistinct(models));
    m_boxes[ProjectFilterModel::Persona]->setVisible(personas.size() > 1
                                                     || !personas.contains(QString()));
    m_group->setVisible(m_model->hasPersonas());
    if (otherProject) {
        ++m_searchRequest;
        m_results->clear();
        m_results->hide();
    }
    afterFilterChange();
}

void ProjectExplorer::afterFilterChange()
{
    const bool byPersona = m_model->grouping() == ProjectTreeModel::Grouping::ByPersona;
    if (m_proxy->isFiltering())
        m_tree->expandAll();
    else
        m_tree->expandToDepth(m_reportCount < ExpandAllBelowReports ? (byPersona ? 2 : 1) : 0);
    fitColumns();
}

bool ProjectExplorer::eventFilter(QObject *watched, QEvent *event)
{
    if (watched == m_tree->viewport() && event->type() == QEvent::Resize)
        fitColumns();
    return QWidget::eventFilter(watched, event);
}

int ProjectExplorer::widestAgentName() const
{
    // As the tree lays a row out: indented by its depth, the text inside the item margins.
    // The margins are those the delegate asks for a row on screen (the style's, which the
    // focus frame's metric alone fell short of by a few pixels: "AtlasAge…").
    const QFontMetrics metrics = m_tree->fontMetrics();
    std::optional<int> margins;
    const auto marginsFor = [&](const QModelIndex &report) {
        const QModelIndex shown = m_proxy->mapFromSource(report);
        if (!shown.isValid())
            return std::optional<int>();
        return std::optional<int>(m_tree->sizeHintForIndex(shown).width()
                                  - metrics.horizontalAdvance(report.data().toString()));
    };
    int widest = 0;
    QList<QModelIndex> pending{QModelIndex()};
    while (!pending.isEmpty()) {
        const QModelIndex parent = pending.takeLast();
        for (int row = 0; row < m_model->rowCount(parent); ++row) {
            const QModelIndex child = m_model->index(row, ProjectTreeModel::NameColumn, parent);
            const auto kind
                = ProjectTreeModel::NodeKind(child.data(ProjectTreeModel::KindRole).toInt());
            if (kind != ProjectTreeModel::NodeKind::Report) {
                pending.append(child);
                continue;
            }
            int depth = 0;
            for (QModelIndex p = parent; p.isValid(); p = p.parent())
                ++depth;
            if (!margins)
                margins = marginsFor(child);
            widest = std::max(widest,
                              (depth + (m_tree->rootIsDecorated() ? 1 : 0)) * m_tree->indentation()
                                  + metrics.horizontalAdvance(child.data().toString()));
        }
    }
    // No report on screen (all filtered out): the style's text margins.
    return widest
        + margins.value_or(2 * (m_tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 1));
}

void ProjectExplorer::fitColumns()
{
    // The agent's name is what a reader looks for in a report row, so the details give way
    // first: they take their natural width only where that leaves the names whole.
    const int room = m_tree->viewport()->width() - m_agentNameWidth;
    // QTreeView hides the override QAbstractItemView makes public.
    const int details = static_cast<const QAbstractItemView *>(m_tree)->sizeHintForColumn(
        ProjectTreeModel::DetailsColumn);
    m_tree->header()->resizeSection(
        ProjectTreeModel::DetailsColumn,
        std::max(m_tree->header()->minimumSectionSize(), std::min(details, room)));
}

void ProjectExplorer::setGrouping(int grouping)
{
    // The report on screen stays current in the new tree.
    const QModelIndex current = m_proxy->mapToSource(m_tree->currentIndex());
    const RowId report = current.data(ProjectTreeModel::ReportIdRole).toLongLong();
    m_model->setGrouping(ProjectTreeModel::Grouping(grouping));
    m_agentNameWidth = widestAgentName();
    afterFilterChange();
    if (report)
        selectReport(report);
}

void ProjectExplorer::onCurrentChanged(const QModelIndex &current)
{
    const QModelIndex source = m_proxy->mapToSource(current);
    if (!source.isValid())
        return; // a model reset; keep showing what is on screen
    const auto kind = ProjectTreeModel::NodeKind(source.data(ProjectTreeModel::KindRole).toInt());
    if (kind == ProjectTreeModel::NodeKind::Report)
        emit reportSelected(source.data(ProjectTreeModel::ReportIdRole).toLongLong());
    else
        emit otherSelected();
}

bool ProjectExplorer::selectReport(RowId reportId)
{
    const QModelIndex source = m_model->indexOfReport(reportId);
    if (!source.isValid())
        return false;
    QModelIndex index = m_proxy->mapFromSource(source);
    if (!index.isValid()) { // hidden by a filter: the hit matters more than the filter
        m_filter->clear();
        for (QComboBox *box : m_boxes)
            box->setCurrentIndex(0);
        index = m_proxy->mapFromSource(source);
    }
    for (QModelIndex p = index.parent(); p.isValid(); p = p.parent())
        m_tree->expand(p);
    m_tree->setCurrentIndex(index);
    m_tree->scrollTo(index);
    return index.isValid();
}

bool ProjectExplorer::selectFirstReport()
{
    return selectReport(
        m_model->firstReportIndex().data(ProjectTreeModel::ReportIdRole).toLongLong());
}

bool ProjectExplorer::stepReport(int step)
{
    // Walk the visible tree in display order and stop at the next report row.
    QModelIndex index = m_tree->currentIndex();
    if (!index.isValid())
        index = m_proxy->index(0, 0);
    const auto next = [this, step](const QModelIndex &at) -> QModelIndex {
        if (step > 0) {
            if (m_proxy->rowCount(at) > 0)
                return m_proxy->index(0, 0, at);
            for (QModelIndex i = at; i.isValid(); i = i.parent()) {
                const QModelIndex sibling = i.siblingAtRow(i.row() + 1);
                if (sibling.isValid())
                    return sibling;
            }
            return {};
        }
        if (at.row() > 0) {
            QModelIndex i = at.siblingAtRow(at.row() - 1);
            while (m_proxy->rowCount(i) > 0)
                i = m_proxy->index(m_proxy->rowCount(i) - 1, 0, i);
            return i;
        }
        return at.parent();
    };
    for (QModelIndex i = next(index); i.isValid(); i = next(i)) {
        const auto kind = ProjectTreeModel::NodeKind(i.data(ProjectTreeModel::KindRole).toInt());
        if (kind == ProjectTreeModel::NodeKind::Report) {
            for (QModelIndex p = i.parent(); p.isValid(); p = p.parent())
                m_tree->expand(p);
            m_tree->setCurrentIndex(i);
            m_tree->scrollTo(i);
            return true;
        }
    }
    return false;
}

void ProjectExplorer::search(const QString &text)
{
    const QString query = text.simplified();
    if (query.isEmpty() || m_projectPath.isEmpty())
        return;
    const quint64 request = ++m_searchRequest;
    const QString path = m_projectPath;
    runInBackground(
        this,
        [path, query] {
            QList<SearchHit> hits;
            if (auto store = ProjectStore::open(path))
                hits = store->search().reports(query, 200);
            return hits;
        },
        [this, request, query](const QList<SearchHit> &hits) {
            if (request != m_searchRequest)
                return;
            const QSignalBlocker block(m_results);
            m_results->clear();
            // The view jumps to the first term: a phrase search matches every term.
            const QString first = query.section(u' ', 0, 0);
            for (const SearchHit &hit : hits) {
                // Report text is mostly Markdown; a snippet reads as the rendered report does.
                const QString snippet = markdownPlainText(hit.snippet).simplified();
                auto *item = new QListWidgetItem(
                    u"%1 · %2\n%3"_s.arg(hit.taskExternalId, hit.model, snippet), m_results);
                item->setData(HitReportRole, hit.reportId);
                item->setData(HitTextRole, first);
                item->setToolTip(snippet);
            }
            if (hits.isEmpty())
                m_results->addItem(tr("No report contains “%1”.").arg(query));
            m_results->show();
            emit searchFinished(int(hits.size()));
        });
}

} // namespace Rubricate
