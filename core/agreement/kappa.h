// Cohen's kappa for two raters (unweighted, linear and quadratic weights) and Fleiss' kappa
// for many raters.
//
// Weighted kappa weighs disagreements by the distance between category positions in
// LabelTable::categories(), as Cohen (1968) and scikit-learn with the full label list do; a
// table built for the scale lists every category, so an unused one still counts in the
// distances. For more than two raters, Cohen's kappa is reported pairwise, never averaged.
//
// Fleiss' kappa (1971) assumes the same number of ratings for every unit. Units nobody
// rated are skipped; any other difference in the number of ratings is refused with a reason
// rather than padded or reweighted: Krippendorff's alpha is the statistic for missing data.
#pragma once

#include "labeltable.h"
#include "preparedstatistic.h"
#include "statresult.h"

#include <span>
#include <vector>

namespace Rubricate {

enum class KappaWeighting { Unweighted, Linear, Quadratic };
QString kappaWeightingName(KappaWeighting weighting);

// Prepared for a table and a pair of raters, evaluable for any unit multiplicities
// (see KrippendorffAlpha). Units rated by only one of the two are not used.
class CohenKappa final : public PreparedStatistic
{
public:
    CohenKappa(const LabelTable &table, qsizetype raterA, qsizetype raterB,
               KappaWeighting weighting = KappaWeighting::Unweighted);

private:
    StatResult evaluate(const int *multiplicity) const override;

    KappaWeighting m_weighting;
    qsizetype m_categories = 0;
    std::vector<qsizetype> m_unit; // units both raters rated
    std::vector<int> m_a; // their codes
    std::vector<int> m_b;
};

StatResult cohenKappa(const LabelTable &table, qsizetype raterA, qsizetype raterB,
                      KappaWeighting weighting = KappaWeighting::Unweighted);

struct PairwiseKappa {
    qsizetype raterA = 0;
    qsizetype raterB = 0;
    StatResult kappa;
};
// Every pair of raters (a < b), in table order.
QList<PairwiseKappa> pairwiseCohenKappa(const LabelTable &table,
                                        KappaWeighting weighting = KappaWeighting::Unweighted);

class FleissKappa final : public PreparedStatistic
{
public:
    explicit FleissKappa(const LabelTable &table);

private:
    StatResult evaluate(const int *multiplicity) const override;

    qsizetype m_categories = 0;
    int m_ratings = 0; // per unit
    std::vector<qsizetype> m_unit; // rated units
    std::vector<int> m_begin; // (category, count) runs, as in KrippendorffAlpha
    std::vector<int> m_category;
    std::vector<int> m_count;
    std::vector<double> m_agreement; // P_i
};

StatResult fleissKappa(const LabelTable &table);

} // namespace Rubricate
