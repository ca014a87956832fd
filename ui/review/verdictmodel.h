// The verdict panel's model: one row per rubric of the open report. Rows are values
// (VerdictRow) built off the GUI thread; updates arrive in batches and touch only the rows
// that changed, so a run writing verdicts never resets the view under the annotator.
#pragma once

#include "store/verdictrows.h"

#include <QAbstractTableModel>

namespace Rubricate {

class VerdictModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        DimensionColumn,
        RubricColumn,
        JudgeColumn,
        OtherJudgeColumn, // a second run beside the first, hidden unless one is chosen
        ReasonColumn, // the judge's reason; hidden by default (the details show it whole)
        EvidenceColumn,
        HumanColumn,
        NoteColumn,
        // The criterion's weight (ResearchRubrics, PDR-Bench); last so saved header states
        // and column numbers stay valid, shown after the rubric by the panel.
        WeightColumn,
        ColumnCount
    };
    enum Role {
        RubricIdRole = Qt::UserRole + 1,
        JudgeValueRole, // double, invalid when there is none
        HumanValueRole, // double, invalid when there is none
        EvidenceStatusRole, // QString
        ReasonRole, // QString
        EvidenceRole, // QString, the quote
        JudgeErrorRole, // QString, why there is no judge value
    };

    explicit VerdictModel(QObject *parent = nullptr);

    // A different report: replaces everything in one reset.
    void setRows(const QList<VerdictRow> &rows);
    // The same report, newer data: rows are matched by rubric; changed rows are announced as
    // contiguous dataChanged ranges, new rubrics appended in one insertion.
    void updateRows(const QList<VerdictRow> &rows);

    // Blind mode: the judge's verdict, reason and evidence of a rubric stay hidden until a
    // person has labelled it, so the label is not anchored on the judge.
    void setBlind(bool blind);
    bool isBlind() const { return m_blind; }
    bool judgeHidden(const VerdictRow &row) const { return m_blind && !row.humanValue; }

    const VerdictRow *rowAt(int row) const;
    const QList<VerdictRow> &rows() const { return m_rows; }
    int rowOfRubric(RowId rubricId) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // How a value reads on its scale ("1", "0.5", "7", "−1").
    // A value as its scale words it, briefly (the words of the report's highlight colours):
    // DRB-II 1 / 0 / −1, ResearchRubrics met / partly / not met (Satisfied, Partially
    // Satisfied, Not Satisfied), 0–10 scores as numbers, binary checks yes / no.
    static QString valueText(std::optional<double> value,
                             VerdictScale scale = VerdictScale::Drb2Tristate);
    // "met (1) · partly (P) · not met (0)": the values a person can give, with
    // their keys.
    static QString scaleText(VerdictScale scale);
    // Any row whose weight is not 1: worth a weight column.
    bool hasWeights() const;
    // The verdict a column shows (judge, second run, person); empty for other columns.
    static std::optional<double> valueIn(const VerdictRow &row, int column);

private:
    QList<VerdictRow> m_rows;
    bool m_blind = false;
};

} // namespace Rubricate
