// Percentile bootstrap intervals for any agreement statistic, resampling units or whole
// clusters (the rubric items of a task belong together and are not independent).
//
// A draw is a vector of unit multiplicities handed to a prepared statistic, which reweights
// its precomputed per-unit counts instead of building a new table. Draw i takes its random
// numbers from a generator seeded with (seed, i), so the result depends only on the seed and
// the number of draws, not on how the draws are spread over threads.
//
// Draws on which the statistic is undefined (for example a resample in which every value
// happens to be the same) are counted with their reasons and reported; the interval is taken
// over the defined draws, and the caller can see how many that was.
//
// This is the unit (cluster) bootstrap recommended in prior-art §3.7, not Krippendorff's
// KALPHA resampling of coincidences with D_e held fixed; intervals differ from KALPHA's.
#pragma once

#include "labeltable.h"
#include "statresult.h"

#include <QList>
#include <QMap>

#include <functional>
#include <optional>
#include <span>
#include <vector>

namespace Rubricate {

// A statistic of the table in which unit u appears multiplicity[u] times. The prepared
// statistics (KrippendorffAlpha, CohenKappa, FleissKappa, MacroF1, PercentAgreement) are
// such callables. It is called from several threads at once and must be safe for that.
using UnitStatistic = std::function<StatResult(std::span<const int> multiplicity)>;

enum class Resampling {
    Units, // draw units with replacement
    Clusters, // draw clusters with replacement; a drawn cluster brings all its units
};

struct BootstrapOptions {
    int draws = 1000;
    double confidence = 0.95; // two-sided, e.g. 0.95 for the 2.5th and 97.5th percentiles
    quint32 seed = 20250101; // store it with the result: the same seed gives the same interval
    Resampling resampling = Resampling::Units;
    bool parallel = true; // spread draws over the global thread pool
};

struct BootstrapInterval {
    StatResult estimate; // the statistic on the table itself
    std::optional<double> lower; // empty when no draw was defined
    std::optional<double> upper;
    QString undefinedReason; // why there is no interval
    BootstrapOptions options; // exactly what was run
    int definedDraws = 0;
    int undefinedDraws = 0;
    QMap<QString, int> undefinedReasons; // reason -> number of draws
    QList<double> distribution; // the defined draws' values, ascending

    bool hasInterval() const { return lower.has_value(); }
    // Share of defined draws below `threshold`: Krippendorff's q for a minimum acceptable
    // alpha (0.667 or 0.8). Nothing without defined draws.
    std::optional<double> shareBelow(double threshold) const;
};

// Units and clusters as in the table (a unit without a cluster is its own cluster).
BootstrapInterval bootstrap(const LabelTable &table, const UnitStatistic &statistic,
                            const BootstrapOptions &options = {});
// `clusterOfUnit` gives each unit's cluster as any integer key; its size is the unit count.
BootstrapInterval bootstrap(const QList<qsizetype> &clusterOfUnit, const UnitStatistic &statistic,
                            const BootstrapOptions &options = {});

// The driver under both: draw(i) is the statistic on draw i, however the caller resamples
// (PPI resamples two samples per draw). `estimate` is the statistic on the data itself. Draw
// i must depend only on i and the seed; with options.parallel it is called from several
// threads at once. options.resampling is not used.
BootstrapInterval bootstrapDraws(const StatResult &estimate,
                                 const std::function<StatResult(int index)> &draw,
                                 const BootstrapOptions &options);

// The multiplicities of draw `index`, as bootstrap() uses them; `clusterOfUnit` holds dense
// cluster indices below `clusterCount`. For tests and for replaying a single draw.
std::vector<int> bootstrapDraw(const QList<qsizetype> &clusterOfUnit, qsizetype clusterCount,
                               Resampling resampling, quint32 seed, int index);

// The q-quantile of ascending `sorted` values, interpolating between neighbours (numpy's
// default, Hyndman–Fan type 7). Nothing for an empty list.
std::optional<double> quantile(const QList<double> &sorted, double q);

} // namespace Rubricate
