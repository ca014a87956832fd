// Judge-corrected leaderboard scores (issue 16): per model, the judge's own score, the PPI++
// score and the people-only score with their intervals, from one judge run's verdicts and the
// people's labels of a sample of the same items. Pure functions over RatingRow values (the
// caller reads them from the store, filtered to a study's labels), no I/O.
//
// The outcome of an item is the benchmark's per-item score; for DRB-II it is whether the
// rubric item is met (verdict 1 → 1, 0 or −1 → 0), so a model's mean outcome is the share of
// items met. An item is judged when the judge run gave it a value (a judge error is not
// judged) and labelled when it is judged and has a gold outcome:
//  - against the human majority (the default): the outcome most of its annotators gave; an
//    item whose annotators tie is not labelled (it stays among the judged ones) and counted;
//  - against one annotator ("human:NAME") or the adjudicated gold labels (GoldRater, when the
//    rows include them): that rater's outcome.
// People's labels of items the judge did not judge are left out: PPI needs both values.
//
// Each model is one group, estimated without strata: the study's sampler allocates each
// model's items to dimensions in proportion to their size, for which the unstratified
// estimate is the stratified one up to rounding.
#pragma once

#include "agreement/ppi.h"
#include "alignment.h"
#include "domain/types.h"

#include <QList>
#include <QString>

namespace Rubricate {

struct CorrectedScoreOptions {
    QString benchmarkKey = QStringLiteral("drb2"); // the only one with an outcome so far
    QString judge; // "run:12"; empty: the newest run that rated the benchmark
    QString gold = HumanMajority; // or "human:NAME", or GoldRater
    double confidence = 0.95;
    bool perDimension = false; // one row per model and dimension instead of per model
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
};

struct CorrectedScores {
    QString error; // set when nothing could be computed
    QString judge; // the run compared
    QString judgeName;
    QString gold;
    QList<CorrectedModelScore> models; // by model name (and dimension)
};

// DRB-II's per-item outcome: 1 for a met rubric item, 0 for one not met (0) or contradicted
// (−1), as the benchmark's own score counts them.
double drb2Outcome(double verdict);

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
