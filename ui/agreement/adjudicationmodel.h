// The items an adjudicator works through, one row each: where the item is, what the
// annotators and the judge said, the gold label so far, and whether they disagree. "The
// judge" is the newest run with a verdict on the item; older runs are shown in the details
// but do not make an item a disagreement.
#pragma once

#include "store/projectstore.h"

#include <QAbstractTableModel>

namespace Rubricate {

class AdjudicationModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        FlagColumn,
        TaskColumn,
        ModelColumn,
        DimensionColumn,
        RubricColumn,
        AnnotatorsColumn,
        JudgeColumn,
        GoldColumn,
        ColumnCount
    };
    enum Role { ReportIdRole = Qt::UserRole + 1, RubricIdRole, DisagreesRole };

    using QAbstractTableModel::QAbstractTableModel;

    void setItems(const QList<AdjudicationItem> &items);
    const QList<AdjudicationItem> &items() const { return m_items; }
    const AdjudicationItem *itemAt(int row) const;
    int rowOf(RowId reportId, RowId rubricId) const; // -1 when absent

    // The values that count for a disagreement: each annotator's label, then the judge's.
    static QList<double> opinions(const AdjudicationItem &item);
    // The annotators and the judge do not all give the same label.
    static bool disagrees(const AdjudicationItem &item);
    // The value most of them give; none on a tie or when nobody gave one.
    static std::optional<double> consensus(const AdjudicationItem &item);
    // The newest run's verdict (nullptr: no run has judged the item).
    static const RunVerdict *judge(const AdjudicationItem &item);

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<AdjudicationItem> m_items;
};

} // namespace Rubricate
