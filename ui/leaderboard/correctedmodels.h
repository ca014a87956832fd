// The two tables of the leaderboard's "Corrected" view: per model (and dimension) the judge's,
// PPI++ and people-only scores with their intervals and ranks, and every pair of models.
#pragma once

#include "alignment/correctedscores.h"
#include "domain/types.h"

#include <QAbstractTableModel>

namespace Rubricate {

// A rank per score, within its dimension, from the PPI++ intervals: 1 + the number of rows
// whose interval lies wholly above this one's, prefixed with "=" when another row's interval
// overlaps it (a tie at the intervals' confidence). Empty for a row without an interval.
QStringList correctedRanks(const QList<CorrectedModelScore> &scores);

// One row per model (and dimension), best PPI++ first within a dimension, undefined last.
// DisplayRole is the formatted cell ("undefined: <reason>" where there is no value), ValueRole
// the number (invalid when undefined).
class CorrectedScoresModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        ModelColumn,
        DimensionColumn,
        RankColumn,
        JudgeColumn,
        CorrectedColumn,
        PeopleColumn,
        LabelledColumn,
        JudgedColumn,
        EffectiveColumn,
        ColumnCount
    };
    enum Role { ValueRole = Qt::UserRole + 1 };

    struct Row {
        CorrectedModelScore score;
        QString rank; // correctedRanks(); empty: no interval
    };

    explicit CorrectedScoresModel(QObject *parent = nullptr);
    void setScores(const QList<CorrectedModelScore> &scores);
    const QList<Row> &rows() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<Row> m_rows;
};

// Every pair of models once: A − B by PPI++ with its interval and the verdict it supports.
class CorrectedPairsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        ModelAColumn,
        ModelBColumn,
        DimensionColumn,
        DifferenceColumn,
        VerdictColumn,
        ColumnCount
    };

    explicit CorrectedPairsModel(QObject *parent = nullptr);
    void setDifferences(const QList<CorrectedDifference> &differences);
    const QList<CorrectedDifference> &differences() const { return m_rows; }

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    QList<CorrectedDifference> m_rows;
};

} // namespace Rubricate
