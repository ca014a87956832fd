// Macro-F1 between a reference rater (a human) and a predicted one (a judge).
//
// ResearchRubrics (calculate_F1_score.py) computes scikit-learn's
// f1_score(labels=L, average='macro', zero_division=0) per task and reports the unweighted
// mean over tasks. With an explicit label list, a class neither side used in a task scores 0
// and still counts in the average, so a task where both say "Satisfied" throughout scores
// 0.5 in binary mode and a perfect ternary match without "Partially" 2/3. That reference
// behaviour is available as AbsentClass::CountAsZero; the default leaves such classes out of
// the average, because agreeing about a class nobody used is not a failure.
//
// The classes are LabelTable::categories(), which plays the part of scikit-learn's `labels`:
// build the table for the scale (LabelTable::forScale) so that an unused class is a class.
//
// Units are paired by identity (both raters rated the unit), not by list position: the
// reference truncates the two lists to the shorter length, which only matches this when the
// lists are aligned and complete.
#pragma once

#include "confusion.h"
#include "labeltable.h"
#include "preparedstatistic.h"
#include "statresult.h"

#include <optional>
#include <span>
#include <vector>

namespace Rubricate {

enum class MacroF1Averaging {
    Pooled, // one confusion matrix over every paired unit
    PerClusterMean, // Macro-F1 per cluster (task), then the unweighted mean over clusters
};

enum class AbsentClass {
    Skip, // a class neither rater used is left out of the macro average (default)
    CountAsZero, // scikit-learn with an explicit label list, as ResearchRubrics reports
};

struct MacroF1Options {
    MacroF1Averaging averaging = MacroF1Averaging::Pooled;
    AbsentClass absentClass = AbsentClass::Skip;
};

// The setting that reproduces ResearchRubrics' published numbers, per-task mean with absent
// classes counted as 0. Collapse the table first for their binary mode.
inline constexpr MacroF1Options researchRubricsReferenceF1{MacroF1Averaging::PerClusterMean,
                                                           AbsentClass::CountAsZero};

// A label that says which Macro-F1 this is, for tables and exports: the variants must never
// be mixed in one column.
QString macroF1Name(const MacroF1Options &options);

// Prepared for a table and two raters, evaluable for any unit multiplicities (see
// KrippendorffAlpha). In the per-cluster mean a cluster counts with the mean multiplicity of
// its paired units, which is its own multiplicity when whole clusters are resampled.
class MacroF1 final : public PreparedStatistic
{
public:
    MacroF1(const LabelTable &table, qsizetype reference, qsizetype predicted,
            const MacroF1Options &options = {});

private:
    StatResult evaluate(const int *multiplicity) const override;

    MacroF1Options m_options;
    qsizetype m_categories = 0;
    // Paired units, grouped by cluster: cluster k owns m_begin[k] .. m_begin[k + 1].
    std::vector<int> m_begin;
    std::vector<qsizetype> m_unit;
    std::vector<int> m_reference;
    std::vector<int> m_predicted;
};

StatResult macroF1(const LabelTable &table, qsizetype reference, qsizetype predicted,
                   const MacroF1Options &options = {});

// F1 of every category, rows of the matrix being the reference. Nothing for a category
// neither side used; 0 for one only one side used.
QList<std::optional<double>> perClassF1(const ConfusionMatrix &matrix);

} // namespace Rubricate
