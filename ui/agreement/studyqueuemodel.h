// The current annotator's items in one study, as the queue shows them: unlabelled first (in
// the order the store gave), each with its report and rubric. A label given on the review
// page ticks its row in place, so the list does not jump under the annotator's eyes.
#pragma once

#include "domain/types.h"

#include <QAbstractTableModel>
#include <QHash>

namespace Rubricate {

class StudyQueueModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { PositionColumn, ReportColumn, RubricColumn, StatusColumn, ColumnCount };

    using QAbstractTableModel::QAbstractTableModel;

    // `reportNames`: how a report is named in the list (model · task).
    void setItems(const QList<QueueItem> &items, const QHash<RowId, QString> &reportNames);
    const QList<QueueItem> &items() const { return m_items; }
    const QueueItem *itemAt(int row) const;
    int rowOf(RowId reportId, RowId rubricId) const; // -1 when not in the queue
    // Returns whether the item is in the queue.
    bool setLabelled(RowId reportId, RowId rubricId, bool labelled);
    int labelledCount() const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

private:
    QList<QueueItem> m_items;
    QHash<RowId, QString> m_reportNames;
};

} // namespace Rubricate
