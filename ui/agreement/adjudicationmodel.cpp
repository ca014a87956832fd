#include "agreement/adjudicationmodel.h"

#include "review/verdictmodel.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QMap>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

void AdjudicationModel::setItems(const QList<AdjudicationItem> &items)
{
    beginResetModel();
    m_items = items;
    endResetModel();
}

const AdjudicationItem *AdjudicationModel::itemAt(int row) const
{
    return row >= 0 && row < m_items.size() ? &m_items.at(row) : nullptr;
}

int AdjudicationModel::rowOf(RowId reportId, RowId rubricId) const
{
    for (qsizetype i = 0; i < m_items.size(); ++i) {
        if (m_items.at(i).reportId == reportId && m_items.at(i).rubricId == rubricId)
            return int(i);
    }
    return -1;
}

const RunVerdict *AdjudicationModel::judge(const AdjudicationItem &item)
{
    return item.verdicts.isEmpty() ? nullptr : &item.verdicts.constFirst();
}

QList<double> AdjudicationModel::opinions(const AdjudicationItem &item)
{
    QList<double> out;
    for (const AnnotationEvent &e : item.labels) {
        if (e.value)
            out.append(*e.value);
    }
    if (const RunVerdict *j = judge(item); j && j->value)
        out.append(*j->value);
    return out;
}

bool AdjudicationModel::disagrees(const AdjudicationItem &item)
{
    const QList<double> values = opinions(item);
    return std::any_of(values.cbegin(), values.cend(),
                       [&values](double v) { return v != values.constFirst(); });
}

std::optional<double> AdjudicationModel::consensus(const AdjudicationItem &item)
{
    QMap<double, int> counts;
    for (double v : opinions(item))
        ++counts[v];
    std::optional<double> best;
    int bestCount = 0;
    bool tie = false;
    for (auto it = counts.cbegin(); it != counts.cend(); ++it) {
        if (it.value() > bestCount) {
            best = it.key();
            bestCount = it.value();
            tie = false;
        } else if (it.value() == bestCount) {
            tie = true;
        }
    }
    return tie ? std::nullopt : best;
}

int AdjudicationModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_items.size());
}

int AdjudicationModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant AdjudicationModel::data(const QModelIndex &index, int role) const
{
    const AdjudicationItem *item = itemAt(index.row());
    if (!item)
        return {};
    if (role == ReportIdRole)
        return item->reportId;
    if (role == RubricIdRole)
        return item->rubricId;
    if (role == DisagreesRole)
        return disagrees(*item);
    if (role == Qt::ToolTipRole && index.column() == RubricColumn)
        return item->rubricText;
    if (role == Qt::ToolTipRole && index.column() == FlagColumn && disagrees(*item))
        return tr("The annotators and the judge do not all give the same label");
    if (role == Qt::FontRole && index.column() == GoldColumn) {
        QFont bold;
        bold.setBold(true);
        return bold;
    }
    if (role == Qt::ForegroundRole && index.column() == FlagColumn)
        return QBrush(QColor(0xc6, 0x28, 0x28));
    if (role != Qt::DisplayRole)
        return {};
    switch (Column(index.column())) {
    case FlagColumn:
        return disagrees(*item) ? u"≠"_s : QString();
    case TaskColumn:
        return item->taskExternalId;
    case ModelColumn:
        return item->model;
    case DimensionColumn:
        return item->dimension;
    case RubricColumn:
        return item->rubricText.simplified(); // the view elides it; the tooltip has it whole
    case AnnotatorsColumn: {
        QStringList parts;
        for (const AnnotationEvent &e : item->labels) {
            parts << u"%1 %2"_s.arg(
                e.annotatorName, e.value ? VerdictModel::valueText(e.value, item->scale) : u"—"_s);
        }
        return parts.join(u" · "_s);
    }
    case JudgeColumn: {
        const RunVerdict *j = judge(*item);
        if (!j)
            return QString();
        return j->value ? VerdictModel::valueText(j->value, item->scale) : tr("error");
    }
    case GoldColumn:
        return item->gold && item->gold->value
            ? VerdictModel::valueText(item->gold->value, item->scale)
            : QString();
    case ColumnCount:
        break;
    }
    return {};
}

QVariant AdjudicationModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (Column(section)) {
    case FlagColumn:
        return u"≠"_s;
    case TaskColumn:
        return tr("Task");
    case ModelColumn:
        return tr("Model");
    case DimensionColumn:
        return tr("Dimension");
    case RubricColumn:
        return tr("Rubric");
    case AnnotatorsColumn:
        return tr("Annotators");
    case JudgeColumn:
        return tr("Judge");
    case GoldColumn:
        return tr("Gold");
    case ColumnCount:
        break;
    }
    return {};
}

} // namespace Rubricate
