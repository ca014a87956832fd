// Which rubric items people annotate, who labels which, and in what order a reviewer sees
// them: a seeded stratified sample (by dimension, model, task ...), a sample size from the
// interval width one wants, balanced assignment with overlap, and a review order that puts
// disagreements first. Pure functions over values, no I/O: the caller reads the items
// (ProjectStore::itemRows) and writes the assignments (ProjectStore::saveAssignments).
#pragma once

#include "alignment/alignment.h"
#include "domain/types.h"

#include <QHash>
#include <QList>
#include <QMap>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rubricate {

struct SampleUnit {
    RowId reportId = 0;
    RowId rubricId = 0;
    QString stratum; // the item's values of the stratifying attributes: "analysis|ModelA"
    std::optional<double> judgeValue; // the newest judge verdict, when there is one

    friend bool operator==(const SampleUnit &, const SampleUnit &) = default;
};

// The stratum of an item: its values of `by`, joined with '|' ("" when `by` is empty).
QString stratumOf(const RatingRow &item, const QList<RatingAttribute> &by);
// One unit per (report, rubric) of `items`, in their order; a repeated item (several raters'
// rows) counts once and takes its judge value from the first judge row.
QList<SampleUnit> sampleUnits(const QList<RatingRow> &items, const QList<RatingAttribute> &by);

// How many units of each stratum a sample of `size` takes (see stratifiedSample).
QMap<QString, int> stratumAllocation(const QMap<QString, int> &stratumSizes, int size);

// A stratified random sample of `size` units.
//
// Allocation is proportional, by largest remainder (Hamilton's method): stratum h of N_h units
// out of N has the quota size·N_h/N; every stratum gets the integer part, and the units left
// over go to the largest fractional parts (ties: the larger stratum, then the stratum's name),
// so each stratum is within one of its quota and the counts sum to `size`. When `size` is at
// least the number of strata, a stratum that got nothing gets one, taken from the stratum
// furthest above its quota: a small stratum is then represented at all, at the price of being
// more than one off the quota when many tiny strata compete with few large ones.
//
// Within a stratum the units are drawn without replacement with QRandomGenerator(seed), strata
// in the order of their names, so that a seed gives the same sample of the same population on
// every machine. The sample comes back in the population's order. A `size` of at least the
// population returns all of it; a size of zero or less, nothing.
QList<SampleUnit> stratifiedSample(const QList<SampleUnit> &population, int size, quint32 seed);

// How many items give percent agreement a confidence interval of ± `halfWidth`.
//
// Percent agreement is a proportion: the share p of items on which the raters agree. For a
// simple random sample its standard error is √(p(1−p)/n) and the normal-approximation interval
// is p ± z·√(p(1−p)/n), so n = z²·p(1−p)/w² (the textbook size for estimating a proportion,
// e.g. Cochran, Sampling Techniques, 1977, §4.4). With `population` > 0 the finite population
// correction n' = n / (1 + (n − 1)/N) applies, as the sample is drawn without replacement from
// N items. The result is rounded up and at least 1; invalid input (p outside [0, 1], w ≤ 0,
// confidence outside (0, 1)) gives 0. p = 0.5 is the conservative choice when nothing is known.
//
// It is a starting point, not an answer, for κ and α: their intervals are wider because they
// subtract chance agreement p_e. In the usual large-sample approximation (Cohen 1960) the
// standard error of κ is that of p_o divided by (1 − p_e), so κ needs about 1/(1 − p_e)² times
// as many items for the same width, which for skewed labels (p_e near 1) is many times more.
// Items of one report are not independent either (a design effect above one), while
// proportional stratification can only narrow the interval; a pilot and the bootstrap
// intervals of the alignment view tell the rest.
int sampleSizeForHalfWidth(double expectedAgreement, double halfWidth, double confidence = 0.95,
                           int population = 0);

// Gives every item of `sample` `overlap` distinct annotators (1 ≤ overlap ≤ annotators; names
// are trimmed, blanks and repeats dropped), with every annotator's load within one of every
// other's. The order is seeded: reports in a shuffled order with each report's items together
// in a shuffled order, because a long report is read once per annotator rather than once per
// item. Each item takes the least-loaded annotators (which keeps the loads balanced); ties go
// to someone who already has this report, then to the one least often paired with those
// already chosen for the item (so that every pair of annotators shares items for pairwise
// agreement), then to QRandomGenerator(seed). Returned in position order; empty when
// `overlap` is out of range. `priorLoads` (items per annotator already assigned, by name)
// start the loads where a sample being extended left them, so that the loads over the
// whole sample stay balanced.
QList<Assignment> assign(const QList<SampleUnit> &sample, const QStringList &annotators,
                         int overlap, quint32 seed, const QHash<QString, int> &priorLoads = {});

enum class ReviewGroup {
    Disagreement, // at least two current labels, not all equal
    SingleLabel, // exactly one label so far
    Rest, // labels that agree, or none yet
};

struct ReviewItem {
    RowId reportId = 0;
    RowId rubricId = 0;
    ReviewGroup group = ReviewGroup::Rest;
    int labels = 0; // the judge's (at most one run) and every annotator's current label
};

// The order in which a reviewer should see `items`: disagreements first (the judge against an
// annotator, or annotators among themselves), then items with a single label, then the rest.
// The labels are the current ratings in `ratings` (ProjectStore::ratingRows): every annotator's
// and one judge's, the run `judge` ("run:12") or, when empty, the newest run that rated the
// item. Judge errors and cleared labels are no labels. The sort is stable: within a group the
// items keep the order of `items` (their positions).
QList<ReviewItem> disagreementsFirst(const QList<Assignment> &items,
                                     const QList<RatingRow> &ratings, const QString &judge = {});

// What the CLI and the sample dialog ask for, in one place.
struct SampleRequest {
    QList<RatingAttribute> by = {RatingAttribute::Dimension, RatingAttribute::Model};
    int size = 0; // used unless halfWidth is set
    std::optional<double> halfWidth; // target half-width of percent agreement's interval
    double expectedAgreement = 0.8;
    double confidence = 0.95;
    QStringList annotators;
    int overlap = 1;
    quint32 seed = 0;
};

struct StratumCount {
    QString stratum;
    int population = 0;
    int sampled = 0;
};

struct SamplePlan {
    QString error; // why there is nothing to assign; empty when the plan is usable
    int population = 0; // items to draw from
    int size = 0; // the size drawn: as asked, or from the half-width; at most the population
    QList<StratumCount> strata; // by name
    QList<SampleUnit> sample;
    QList<Assignment> assignments;
    QList<std::pair<QString, int>> loads; // items per annotator, in the request's order
};

// The sample, its strata and its assignment for one benchmark's items (ProjectStore::itemRows).
SamplePlan planSample(const QList<RatingRow> &items, const SampleRequest &request);

// Extending a drawn sample (issue 16, planning): more items for some models, as the PPI++
// plan asks, keeping every item, label and assignment the sample has.
struct SampleExtension {
    QString error; // why nothing can be added; empty when `assignments` is usable
    QList<StratumCount> strata; // per model asked for: items not yet sampled, items added
    QList<Assignment> assignments; // the added items only, positioned after the sample's
    QList<std::pair<QString, int>> loads; // added items per annotator, in the sample's order
};

// Adds `extraPerModel` more items per model (RatingRow::model) to the sample `existing`
// (AnnotationStore::assignments), drawn from `items`, the rows one may draw from (each item
// once or several times; the caller passes the items its judge run rated, as only those can
// correct it). Items already in the sample are never drawn again, and a model asked for more
// items than it has left gets all of them. Within a model the draw is stratifiedSample()'s by
// dimension, so that the model's sample stays proportional to its dimensions as the first
// draw made it. The new items go to the sample's annotators with its overlap (the most
// annotators any item has) by assign(), starting from their current loads.
//
// The draw continues the sample's seed deterministically: the generator is seeded with the
// seed and the sample's size, so that the same sample extended in the same way gives the
// same items on every machine, and a second extension draws afresh rather than repeating
// the first one's sequence. A model given 0 (its target not reachable) gets nothing.
SampleExtension extendSample(const QList<RatingRow> &items, const QList<Assignment> &existing,
                             const QMap<QString, int> &extraPerModel, quint32 seed);

// `total` more items shared among the models of `items` in proportion to the items each has
// not yet sampled (stratumAllocation(), models as strata): extendSample's `extraPerModel`
// when a number of items is asked for rather than an interval width.
QMap<QString, int> extensionAllocation(const QList<RatingRow> &items,
                                       const QList<Assignment> &existing, int total);

// Annotator names from a comma-separated list: trimmed, blanks and repeats dropped.
QStringList annotatorList(const QString &commaSeparated);

} // namespace Rubricate
