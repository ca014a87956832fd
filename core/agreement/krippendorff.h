// Krippendorff's alpha for nominal, ordinal, interval and ratio data with missing values,
// from the coincidence-matrix definition (Krippendorff, "Computing Krippendorff's
// Alpha-Reliability", 2011).
//
// Choices where the reference implementations differ (prior-art §3.4):
// - A unit is pairable when it has values from at least two raters; only pairable values
//   count, and each unit's pairs are divided by (m_u − 1) whether or not data are missing
//   (R's irr divides by 1 when nothing is missing, which biases complete data low).
// - No pairable unit, or every pairable value the same (D_e = 0), is undefined with a reason;
//   NLTK returns 1 for the latter.
// - The ordinal metric ranks categories by the marginals of the pairable values in the order
//   of LabelTable::categories(); categories nobody used do not change the result.
// - The ratio metric is undefined when a pairable value is negative; 0 against 0 differs by 0.
// - There is no default level: the caller always says which one it means.
//
// Cost: one pass over the cells to prepare, then linear in the pairable values per
// evaluation. Nominal, ordinal and interval expected disagreements are linear in the number
// of categories; ratio's is quadratic in the categories actually used, which is fine for
// rating scales but not for thousands of distinct continuous scores.
#pragma once

#include "labeltable.h"
#include "preparedstatistic.h"
#include "statresult.h"

#include <QList>

#include <span>
#include <vector>

namespace Rubricate {

enum class AlphaLevel { Nominal, Ordinal, Interval, Ratio };
QString alphaLevelName(AlphaLevel level);

// Alpha prepared once for a table, then evaluated for any unit multiplicities (a bootstrap
// draw is the table with unit u repeated multiplicity[u] times). Per-unit value counts and,
// where the metric allows, per-unit disagreements are precomputed, so an evaluation costs
// one pass over the pairable units. Evaluation is const and safe from several threads.
class KrippendorffAlpha final : public PreparedStatistic
{
public:
    KrippendorffAlpha(const LabelTable &table, AlphaLevel level);

private:
    StatResult evaluate(const int *multiplicity) const override;

    AlphaLevel m_level;
    QList<double> m_values; // category values, ascending
    // Pairable units, as (category, count) runs in flat arrays: unit p owns entries
    // m_begin[p] .. m_begin[p + 1].
    std::vector<qsizetype> m_unit; // table index of each pairable unit
    std::vector<int> m_begin;
    std::vector<int> m_category;
    std::vector<int> m_count;
    std::vector<int> m_valuesInUnit; // m_u
    // Σ_c Σ_k o_ck δ²_ck of the unit alone; not used for ordinal, whose δ depends on the
    // marginals of the whole (resampled) table.
    std::vector<double> m_disagreement;
};

StatResult krippendorffAlpha(const LabelTable &table, AlphaLevel level);

// The coincidence matrix o_ck over table.categories(), row-major. For display and for
// checking against published matrices.
QList<double> coincidenceMatrix(const LabelTable &table);

} // namespace Rubricate
