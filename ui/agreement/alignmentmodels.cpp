#include "agreement/alignmentmodels.h"

#include "services/alignmentcharts.h"
#include "services/coretext.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

void ComparisonsModel::setComparisons(const QList<Comparison> &rows)
{
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int ComparisonsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int ComparisonsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant ComparisonsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Comparison &c = m_rows.at(index.row());
    const auto estimateOf = [&c](int column) -> const Estimate * {
        switch (column) {
        case Percent:
            return &c.percent;
        case Kappa:
            return &c.kappa;
        case MacroF1:
            return &c.macroF1;
        case Alpha:
            return &c.alpha;
        default:
            return nullptr;
        }
    };
    if (role == Qt::ToolTipRole) {
        if (const Estimate *e = estimateOf(index.column()))
            return CoreText::reason(e->intervalNote.isEmpty() ? e->point.undefinedReason
                                                              : e->intervalNote);
        return {};
    }
    if (role == Qt::TextAlignmentRole && index.column() >= N)
        return int(Qt::AlignRight | Qt::AlignVCenter);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Kind:
        return c.kind == "judge-majority"_L1 ? tr("judge vs majority")
            : c.kind == "judge-human"_L1     ? tr("judge vs person")
            : c.kind == "human-human"_L1     ? tr("person vs person")
                                             : tr("judge vs judge");
    case RaterA:
        return CoreText::raterName(c.raterA, c.nameA);
    case RaterB:
        return CoreText::raterName(c.raterB, c.nameB);
    case N:
        return c.n;
    default:
        if (const Estimate *e = estimateOf(index.column()))
            return e->point.value ? estimateText(*e) : tr("undefined");
        return {};
    }
}

QVariant ComparisonsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Kind:
        return tr("Comparison");
    case RaterA:
        return tr("Rater A");
    case RaterB:
        return tr("Rater B (reference)");
    case N:
        return tr("n");
    case Percent:
        return tr("Agreement");
    case Kappa:
        return tr("Cohen's κ");
    case MacroF1:
        return tr("Macro-F1");
    case Alpha:
        return tr("α");
    default:
        return {};
    }
}

void DisagreementsModel::setDisagreements(const QList<Disagreement> &rows,
                                          const QHash<RowId, QString> &rubricTexts)
{
    beginResetModel();
    m_rows = rows;
    m_rubricTexts = rubricTexts;
    endResetModel();
}

int DisagreementsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int DisagreementsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant DisagreementsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Disagreement &d = m_rows.at(index.row());
    if (role == ReportIdRole)
        return d.reportId;
    if (role == RubricIdRole)
        return d.rubricId;
    if (role == Qt::ToolTipRole && index.column() == Rubric)
        return m_rubricTexts.value(d.rubricId);
    if (role != Qt::DisplayRole)
        return {};
    switch (index.column()) {
    case Task:
        return d.task;
    case Model:
        return d.model;
    case Dimension:
        return d.dimension;
    case Rubric:
        return m_rubricTexts.value(d.rubricId).simplified();
    case Judge:
        return QString::number(d.judge);
    case Human:
        return QString::number(d.human);
    case People:
        return d.annotators;
    default:
        return {};
    }
}

QVariant DisagreementsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case Task:
        return tr("Task");
    case Model:
        return tr("Agent");
    case Dimension:
        return tr("Dimension");
    case Rubric:
        return tr("Rubric");
    case Judge:
        return tr("Judge");
    case Human:
        return tr("People");
    case People:
        return tr("Annotators");
    default:
        return {};
    }
}

} // namespace Rubricate
