// Table models of the agreement dashboard: every comparison with its statistics, and the
// main comparison's disagreements (a double click opens the report at that rubric). Rows are
// values taken from an AlignmentReport.
#pragma once

#include "alignment/alignment.h"

#include <QAbstractTableModel>

namespace Rubricate {

class ComparisonsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column { Kind, RaterA, RaterB, N, Percent, Kappa, MacroF1, Alpha, ColumnCount };
    using QAbstractTableModel::QAbstractTableModel;

    void setComparisons(const QList<Comparison> &rows);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<Comparison> m_rows;
};

class DisagreementsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    // The rubric's text tells apart rows that agree on everything else (one report's
    // rubrics of one dimension).
    enum Column { Task, Model, Dimension, Rubric, Judge, Human, People, ColumnCount };
    enum Role { ReportIdRole = Qt::UserRole + 1, RubricIdRole };
    using QAbstractTableModel::QAbstractTableModel;

    // `rubricTexts`: rubric id → text, the whole text (the view elides, the tooltip has it).
    void setDisagreements(const QList<Disagreement> &rows,
                          const QHash<RowId, QString> &rubricTexts);
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<Disagreement> m_rows;
    QHash<RowId, QString> m_rubricTexts;
};

} // namespace Rubricate
