#include "agreement/studyqueuemodel.h"

#include <QFont>

namespace Rubricate {

using namespace Qt::StringLiterals;

void StudyQueueModel::setItems(const QList<QueueItem> &items,
                               const QHash<RowId, QString> &reportNames)
{
    beginResetModel();
    m_items = items;
    m_reportNames = reportNames;
    endResetModel();
}

const QueueItem *StudyQueueModel::itemAt(int row) const
{
    return row >= 0 && row < m_items.size() ? &m_items.at(row) : nullptr;
}

int StudyQueueModel::rowOf(RowId reportId, RowId rubricId) const
{
    for (int row = 0; row < m_items.size(); ++row) {
        if (m_items.at(row).reportId == reportId && m_items.at(row).rubricId == rubricId)
            return row;
    }
    return -1;
}

bool StudyQueueModel::setLabelled(RowId reportId, RowId rubricId, bool labelled)
{
    const int row = rowOf(reportId, rubricId);
    if (row < 0)
        return false;
    if (m_items.at(row).labelled != labelled) {
        m_items[row].labelled = labelled;
        emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
    }
    return true;
}

int StudyQueueModel::labelledCount() const
{
    return int(std::count_if(m_items.cbegin(), m_items.cend(),
                             [](const QueueItem &i) { return i.labelled; }));
}

int StudyQueueModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int StudyQueueModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant StudyQueueModel::data(const QModelIndex &index, int role) const
{
    const QueueItem *item = itemAt(index.row());
    if (!item)
        return {};
    if (role == Qt::DisplayRole) {
        switch (index.column()) {
        case PositionColumn:
            return item->position + 1; // the sample's order, 1-based as people count
        case ReportColumn:
            return m_reportNames.value(item->reportId, tr("report %1").arg(item->reportId));
        case RubricColumn:
            return u"%1: %2"_s.arg(item->dimension, item->rubricText.simplified());
        case StatusColumn:
            return item->labelled ? u"✓"_s : QString();
        }
    }
    if (role == Qt::ToolTipRole && index.column() == StatusColumn)
        return item->labelled ? tr("labelled") : tr("not labelled yet");
    if (role == Qt::ToolTipRole && index.column() == RubricColumn)
        return item->rubricText;
    if (role == Qt::FontRole && !item->labelled) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    return {};
}

QVariant StudyQueueModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case PositionColumn:
        return tr("#");
    case ReportColumn:
        return tr("Report");
    case RubricColumn:
        return tr("Rubric");
    case StatusColumn:
        return u"✓"_s;
    }
    return {};
}

} // namespace Rubricate
