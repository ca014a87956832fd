// Confusion matrices, raw percent agreement and class prevalence: the plain numbers that
// belong next to every kappa and alpha. With one dominant label (rubric verdicts are mostly
// "Satisfied") kappa and alpha can sit near zero despite near-total agreement; percent
// agreement and prevalence show the reader why.
#pragma once

#include "labeltable.h"
#include "preparedstatistic.h"
#include "statresult.h"

#include <QList>

#include <optional>
#include <span>
#include <vector>

namespace Rubricate {

// Counts of (rater A's value, rater B's value) over the units both rated. Rows are rater A
// (the reference, for F1), columns rater B, both over LabelTable::categories().
struct ConfusionMatrix {
    QList<double> categories;
    QList<qint64> cells; // row-major, categories.size() squared

    qint64 at(qsizetype row, qsizetype column) const
    {
        return cells.at(row * categories.size() + column);
    }
    qint64 rowTotal(qsizetype row) const;
    qint64 columnTotal(qsizetype column) const;
    qint64 total() const;
    qint64 agreements() const; // the diagonal
};

ConfusionMatrix confusionMatrix(const LabelTable &table, qsizetype raterA, qsizetype raterB);

// Share of the paired units on which the two raters agree, as a fraction.
StatResult percentAgreement(const ConfusionMatrix &matrix);

// Percent agreement over any number of raters with missing values: the share of agreeing
// pairs of values within a unit, each unit weighted by its number of values. That is
// Krippendorff's observed agreement (1 − nominal D_o), so it sits beside alpha on the same
// footing; with complete data it is the mean share of agreeing rater pairs.
class PercentAgreement final : public PreparedStatistic
{
public:
    explicit PercentAgreement(const LabelTable &table);

private:
    StatResult evaluate(const int *multiplicity) const override;

    std::vector<qsizetype> m_unit; // pairable units
    std::vector<double> m_values; // m_u
    std::vector<double> m_agreeing; // Σ_c n_uc (n_uc − 1) / (m_u − 1)
};

StatResult percentAgreement(const LabelTable &table);

// How often each category was given.
struct ClassPrevalence {
    QList<double> categories;
    QList<qint64> counts;
    qint64 total = 0;

    // Share of all values; nothing when there are no values.
    std::optional<double> share(qsizetype category) const;
};

// Over every value in the table, or over one rater's values.
ClassPrevalence prevalence(const LabelTable &table);
ClassPrevalence prevalence(const LabelTable &table, qsizetype rater);

} // namespace Rubricate
