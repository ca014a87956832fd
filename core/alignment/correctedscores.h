// Judge-corrected leaderboard scores (issue 16): per model, the judge's own score, the PPI++
// score and the people-only score with their intervals, from one judge run's verdicts and the
// people's labels of a sample of the same items. Pure functions over RatingRow values (the
// caller reads them from the store, filtered to a study's labels), no I/O.
//
// The outcome of an item is the benchmark's per-item score, chosen so that the mean outcome
// over a model's judged items is on the scale of the benchmark's own score:
//  - DRB-II: whether the rubric item is met (verdict 1 → 1, 0 or −1 → 0), so the mean is the
//    share of items met;
//  - ResearchRubrics: the criterion's weighted ternary contribution to its report's
//    compliance, rescaled so that the mean over items is the benchmark's mean compliance
//    (researchrubricsscoring.h, its default policies: errors left out, ternary grading):
//        o_i = (M / R) · w_i · s_i / W_r
//    with s_i ∈ {1, 0.5, 0}, w_i the weight (negative for a pitfall), W_r the positive weight
//    of the judged criteria of item i's report in the group, M the group's items and R its
//    reports. Σ_i o_i / M = Σ_r (Σ_{i∈r} w_i·s_i / W_r) / R: the plain mean of report
//    compliance. The multiplier depends on the weights alone, never on a verdict, so the
//    judge's and the people's outcomes of an item share it. A report whose judged criteria in
//    the group weigh nothing has no compliance, as in the benchmark: its items have no
//    outcome and are counted (CorrectedModelScore::withoutOutcome);
//  - PDR-Bench: the criterion's 0–10 score, so the mean is the mean criterion score on PDR's
//    0–10 scale (unweighted: not P or Q, whose criterion and dimension weights the labelled
//    sample was not drawn by);
//  - ReportBench: whether the claim is supported (1) or not (0): the share supported.
// Any other benchmark is an explicit error. An item is judged when the judge run gave it a
// value (a judge error is not judged) and labelled when it is judged and has a gold label:
//  - against the human majority (the default): the label most of its annotators gave (on
//    DRB-II, 0 and −1 are one label); an item whose annotators tie is not labelled (it stays
//    among the judged ones) and counted;
//  - against one annotator ("human:NAME") or the adjudicated gold labels (GoldRater, when the
//    rows include them): that rater's label.
// People's labels of items the judge did not judge are left out: PPI needs both values.
//
// Each model is one group, estimated without strata: the study's sampler allocates each
// model's items to dimensions in proportion to their size, for which the unstratified
// estimate is the stratified one up to rounding.
#pragma once

#include "agreement/ppi.h"
#include "alignment.h"
#include "domain/types.h"

#include <QHash>
#include <QList>
#include <QString>

namespace Rubricate {

struct CorrectedScoreOptions {
    QString benchmarkKey = QStringLiteral("drb2"); // drb2, researchrubrics, pdrbench, reportbench
    QString judge; // "run:12"; empty: the newest run that rated the benchmark
    QString gold = HumanMajority; // or "human:NAME", or GoldRater
    double confidence = 0.95;
    bool perDimension = false; // one row per model and dimension instead of per model
    // ResearchRubrics: each criterion's weight by rubric id (Rubric::weight). A judged
    // criterion without one is an error: its contribution cannot be known.
    QHash<RowId, double> rubricWeights;
};

struct CorrectedModelScore {
    QString model;
    QString dimension; // with CorrectedScoreOptions::perDimension; empty otherwise
    PpiEstimate judgeOnly; // the judge's mean over every judged item
    PpiEstimate corrected; // PPI++
    PpiEstimate peopleOnly; // the gold outcomes' mean (λ = 0)
    qsizetype labelled = 0; // n
    qsizetype judged = 0; // N: every judged item, labelled or not
    std::optional<double> effectiveSampleSize;
    int goldTies = 0; // items whose annotators tied: not labelled
    int withoutOutcome = 0; // judged items with no outcome (ResearchRubrics: weightless report)
    PpiSample sample; // the outcomes the estimates come from (for a bootstrap or a plan)
};

struct CorrectedScores {
    QString error; // set when nothing could be computed
    QString judge; // the run compared
    QString judgeName;
    QString gold;
    QString benchmarkKey;
    double confidence = 0.95;
    QList<CorrectedModelScore> models; // by model name (and dimension)
};

// DRB-II's per-item outcome: 1 for a met rubric item, 0 for one not met (0) or contradicted
// (−1), as the benchmark's own score counts them.
double drb2Outcome(double verdict);

// Whether correctedScores() knows the benchmark's per-item outcome.
bool hasPerItemOutcome(const QString &benchmarkKey);
// What a model's mean outcome is, in words: "share of rubric items met" …
QString correctedOutcomeName(const QString &benchmarkKey);

// A ResearchRubrics criterion's outcome (see the header comment): its weighted contribution
// w·s / W_r to its report's compliance, times M / R.
double researchRubricsOutcome(double weight, double score, double reportPositiveWeight,
                              double itemsPerReport);

CorrectedScores correctedScores(const QList<RatingRow> &rows,
                                const CorrectedScoreOptions &options = {});

// "Is model A better than model B": the PPI++ difference A − B with its interval, the two
// models sampled independently. An interval that contains 0 is a tie at that confidence.
struct CorrectedDifference {
    QString modelA;
    QString modelB;
    QString dimension; // both rows' dimension, with rows per dimension
    PpiEstimate difference;

    // +1: A is better, −1: B is, 0: a tie; nothing without an interval.
    std::optional<int> verdict() const;
};

// Every pair of models once, in the order of `scores.models` (A before B); with rows per
// dimension, the pairs within each dimension.
QList<CorrectedDifference> pairwiseDifferences(const CorrectedScores &scores,
                                               double confidence = 0.95);

} // namespace Rubricate
