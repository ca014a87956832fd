// Judge-corrected means: prediction-powered inference (PPI, Angelopoulos et al., Science 2023)
// and its power-tuned form PPI++ (Angelopoulos, Duchi & Zrnic, arXiv 2311.01453).
//
// An LLM judge scored many items; people labelled a few of them too. The judge's mean over
// all items is precise but biased by the judge's errors; the people's mean over their few
// items is unbiased but wide. PPI adds the two: the judge's mean over the unlabelled items
// plus the judge's average error measured on the labelled ones,
//
//     θ̂(λ) = λ·mean(Ŷᵤ) + mean(Y − λ·Ŷ),
//
// with the normal-approximation standard error √(Var(λ·Ŷᵤ)/N + Var(Y − λ·Ŷ)/n). λ = 1 is
// classic PPI, λ = 0 the people's own mean (the classical z interval), and PPI++ picks the λ
// that minimises the variance, so its interval is, up to estimation noise, never wider than
// the people-only one. All of this follows the reference implementation, ppi_py:
//  - variances in the standard error are population variances (divisor n, not n − 1), as
//    ppi_py's interval and its classical baseline compute them;
//  - the tuned λ is Cov(Y, Ŷ) / ((1 + n/N) · Var(Ŷ ∪ Ŷᵤ)), the covariance over the labelled
//    items with divisor n, the variance over every judged item with divisor n + N − 1, and
//    λ clipped to [0, 1] as ppi_py's mean functions do (clip=True): a negative λ would bet
//    against the judge, a λ above one would trust it more than the data say.
//
// "Unlabelled" means judged items that nobody labelled: the two sets are disjoint and N is
// the number of unlabelled items, as in the papers. A caller reporting "N judged" adds n.
//
// Undefined results are explicit, never a fallback to the judge's score:
//  - no labelled item: no estimate at all;
//  - λ ≠ 0 and no unlabelled item: no estimate (nothing for the judge to add);
//  - one labelled item: an estimate, but no interval (its variance cannot be estimated);
//  - a standard error of exactly zero (every labelled outcome, after the judge's correction,
//    is the same and the judge's unlabelled outcomes do not vary either, e.g. people-only on
//    labels that are all 1): an estimate, but no interval, since a zero-width interval would
//    claim certainty that a finite sample cannot give.
// A judge whose outcomes never vary makes every λ give the same estimate and variance; PPI++
// then reports λ = 0, the people-only estimate it equals.
#pragma once

#include "bootstrap.h"

#include <QList>
#include <QString>

#include <optional>

namespace Rubricate {

// One group's outcomes, e.g. one model's items on one benchmark.
struct PpiSample {
    QList<double> gold; // Y: the people's outcome of each labelled item
    QList<double> judgeLabelled; // Ŷ: the judge's outcome of the same items, in the same order
    QList<double> judgeUnlabelled; // Ŷᵤ: the judge's outcomes of the items nobody labelled
};

struct PpiOptions {
    std::optional<double> lambda; // empty: PPI++ tunes it; 1: classic PPI; 0: people only
    double confidence = 0.95; // two-sided, 1 − α

    static PpiOptions tuned(double confidence = 0.95) { return {std::nullopt, confidence}; }
    static PpiOptions classic(double confidence = 0.95) { return {1.0, confidence}; }
    static PpiOptions peopleOnly(double confidence = 0.95) { return {0.0, confidence}; }
};

struct PpiEstimate {
    std::optional<double> value; // the point estimate; empty: undefined, see undefinedReason
    std::optional<double> standardError; // empty whenever there is no interval
    std::optional<double> lower;
    std::optional<double> upper;
    QString undefinedReason; // why the estimate or its interval is missing
    double lambda = 0; // the λ used (for a difference or stratified estimate: not meaningful)
    qsizetype labelled = 0; // n
    qsizetype unlabelled = 0; // N

    bool isDefined() const { return value.has_value(); }
    bool hasInterval() const { return lower.has_value(); }
    double width() const { return hasInterval() ? *upper - *lower : 0.0; }
};

// The PPI++ λ for a mean (see the header comment), clipped to [0, 1]. Nothing without two
// labelled items or without an unlabelled one.
std::optional<double> ppiTunedLambda(const PpiSample &sample);

// The corrected mean with its normal-approximation interval.
PpiEstimate ppiMean(const PpiSample &sample, const PpiOptions &options = {});

// The judge's own mean over every judged item (labelled and not) with the interval of a
// sample mean: the number leaderboards print today. The interval ignores the judge's errors,
// which is the point of showing it next to the corrected ones.
PpiEstimate judgeOnlyMean(const PpiSample &sample, double confidence = 0.95);

// A − B for two independently sampled groups (two models): the standard errors add in
// quadrature. Undefined when either side is; no interval when either side has none.
PpiEstimate ppiDifference(const PpiEstimate &a, const PpiEstimate &b, double confidence = 0.95);

// A stratum of a stratified sample and its weight: its share of the judged population (any
// non-negative numbers, e.g. the stratum's item counts; they are normalised to sum to one).
struct PpiStratum {
    PpiSample sample;
    double weight = 0;
};

// Σ w_h·θ̂_h with standard error √(Σ w_h²·se_h²), each stratum estimated on its own (PPI++
// tunes λ per stratum). Undefined, naming the stratum by its index, when a stratum with
// weight is undefined; no interval when one of them has none.
PpiEstimate ppiStratified(const QList<PpiStratum> &strata, const PpiOptions &options = {});

// n_eff = n · Var(people only) / Var(tuned): how many labelled items the people-only
// estimate would need to be as precise as the corrected one. Nothing when either estimate
// has no interval.
std::optional<double> effectiveSampleSize(const PpiEstimate &peopleOnly,
                                          const PpiEstimate &corrected);

// Percentile bootstrap of ppiMean's point estimate: the labelled and unlabelled items are
// resampled independently, each with replacement, and PPI++ re-tunes λ on every draw. Draw
// i takes the labelled resample from bootstrapDraw(…, seed, 2i) and the unlabelled one from
// bootstrapDraw(…, seed, 2i + 1), so the interval depends only on the seed and the number of
// draws. `bootstrapOptions.confidence` is ignored in favour of `options.confidence`.
BootstrapInterval ppiBootstrap(const PpiSample &sample, const PpiOptions &options,
                               const BootstrapOptions &bootstrapOptions);

// Planning (issue 16, item 4): how many more of a group's judged items people must label for
// the PPI++ interval to shrink to a target half-width. Labelling k more items moves them from
// the unlabelled to the labelled set (n + k and N − k, the total fixed), and the variance of
// the tuned estimate at any n is predicted from the moments measured so far,
//
//     Var(n) = λ²·σ²_Ŷ / (T − n) + (σ²_Y − 2λ·C + λ²·σ²_Ŷ) / n,   T = n + N,
//     λ = C / ((1 + n / (T − n)) · σ²_Ŷ) clipped to [0, 1], the PPI++ λ at that n,
//
// with σ²_Y the gold outcomes' variance, C their covariance with the judge's on the labelled
// items and σ²_Ŷ the judge's variance over every judged item (population variances, as the
// intervals use). When every judged item is labelled (N = 0) the judge has nothing to add and
// Var = σ²_Y / T. The prediction assumes the next items look like the ones labelled so far.
struct PpiMoments {
    double goldVariance = 0; // σ²_Y
    double judgeVariance = 0; // σ²_Ŷ
    double covariance = 0; // C
};

// The moments of a sample; nothing without two labelled items.
std::optional<PpiMoments> ppiMoments(const PpiSample &sample);
// Var(n) above for `labelled` of `total` judged items (1 ≤ labelled ≤ total).
double ppiPlannedVariance(const PpiMoments &moments, qsizetype labelled, qsizetype total);

struct PpiPlan {
    std::optional<double> currentHalfWidth; // the PPI++ interval's of the sample as it is
    std::optional<qsizetype> extraItems; // more labels needed: 0 when reached already
    std::optional<double> plannedHalfWidth; // predicted with the extra items
    std::optional<double> bestHalfWidth; // predicted with every judged item labelled
    QString unreachableReason; // why extraItems is empty

    bool isReachable() const { return extraItems.has_value(); }
};

// The fewest extra labelled items whose predicted PPI++ half-width (z·√Var(n)) is at most
// `targetHalfWidth`, found by trying each k from 1 to N. Not reachable, with the reason,
// when the current sample has no interval (no labels, one label, nothing varies: the
// moments that the prediction needs are unknown), or when even labelling every judged item
// stays wider than the target.
PpiPlan ppiPlan(const PpiSample &sample, double targetHalfWidth, double confidence = 0.95);

namespace UndefinedReason {
QString noLabelledItems(); // no item of the group was labelled by people
QString noJudgedItems(); // the judge scored nothing
QString noUnlabelledItems(); // the judge has nothing to add beyond the labelled items
QString singleLabelledItem(); // one labelled item: its variance cannot be estimated
QString noVariation(); // the standard error is zero: nothing in the sample varies
QString undefinedStratum(int index, const QString &reason); // a stratum has no estimate
QString noWeight(); // the strata weigh nothing together, or a weight is negative
QString targetOutOfReach(double bestHalfWidth); // labelling every judged item is not enough
} // namespace UndefinedReason

} // namespace Rubricate
