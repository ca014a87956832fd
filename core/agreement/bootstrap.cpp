#include "bootstrap.h"

#include <QHash>
#include <QRandomGenerator>
#include <QtConcurrent/QtConcurrentMap>

#include <algorithm>
#include <cmath>

namespace Rubricate {

namespace {

constexpr int DrawsPerTask = 16; // enough work per task to hide the pool's overhead

// Cluster keys renumbered 0..k−1 in order of first appearance.
QList<qsizetype> denseClusters(const QList<qsizetype> &keys, qsizetype *count)
{
    QHash<qsizetype, qsizetype> index;
    QList<qsizetype> dense;
    dense.reserve(keys.size());
    for (qsizetype key : keys) {
        const auto it = index.constFind(key);
        if (it != index.cend()) {
            dense.append(*it);
        } else {
            const qsizetype next = index.size();
            index.insert(key, next);
            dense.append(next);
        }
    }
    *count = index.size();
    return dense;
}

BootstrapInterval run(const QList<qsizetype> &clusterOfUnit, qsizetype clusterCount,
                      const UnitStatistic &statistic, const BootstrapOptions &options)
{
    const std::vector<int> ones(size_t(clusterOfUnit.size()), 1);
    return bootstrapDraws(
        statistic(ones),
        [&](int index) {
            return statistic(bootstrapDraw(clusterOfUnit, clusterCount, options.resampling,
                                           options.seed, index));
        },
        options);
}

} // namespace

std::optional<double> BootstrapInterval::shareBelow(double threshold) const
{
    if (distribution.isEmpty())
        return std::nullopt;
    const auto below = std::lower_bound(distribution.cbegin(), distribution.cend(), threshold);
    return double(below - distribution.cbegin()) / double(distribution.size());
}

BootstrapInterval bootstrapDraws(const StatResult &estimate,
                                 const std::function<StatResult(int index)> &draw,
                                 const BootstrapOptions &options)
{
    BootstrapInterval result;
    result.options = options;
    result.estimate = estimate;

    const int draws = std::max(0, options.draws);
    std::vector<StatResult> values(static_cast<size_t>(draws));
    auto runDraws = [&](int first) {
        const int last = std::min(draws, first + DrawsPerTask);
        for (int i = first; i < last; ++i)
            values[size_t(i)] = draw(i);
    };
    QList<int> firsts;
    for (int i = 0; i < draws; i += DrawsPerTask)
        firsts.append(i);
    if (options.parallel)
        QtConcurrent::blockingMap(firsts, [&](int first) { runDraws(first); });
    else
        for (int first : std::as_const(firsts))
            runDraws(first);

    for (const StatResult &v : values) {
        if (v.value) {
            result.distribution.append(*v.value);
        } else {
            ++result.undefinedDraws;
            ++result.undefinedReasons[v.undefinedReason];
        }
    }
    result.definedDraws = int(result.distribution.size());
    std::sort(result.distribution.begin(), result.distribution.end());
    if (result.distribution.isEmpty()) {
        result.undefinedReason = UndefinedReason::noDraws();
        return result;
    }
    const double tail = (1.0 - std::clamp(options.confidence, 0.0, 1.0)) / 2;
    result.lower = quantile(result.distribution, tail);
    result.upper = quantile(result.distribution, 1.0 - tail);
    return result;
}

BootstrapInterval bootstrap(const LabelTable &table, const UnitStatistic &statistic,
                            const BootstrapOptions &options)
{
    QList<qsizetype> clusters;
    clusters.reserve(table.unitCount());
    for (qsizetype u = 0; u < table.unitCount(); ++u)
        clusters.append(table.clusterOf(u));
    return run(clusters, table.clusterCount(), statistic, options);
}

BootstrapInterval bootstrap(const QList<qsizetype> &clusterOfUnit, const UnitStatistic &statistic,
                            const BootstrapOptions &options)
{
    qsizetype count = 0;
    const QList<qsizetype> dense = denseClusters(clusterOfUnit, &count);
    return run(dense, count, statistic, options);
}

std::vector<int> bootstrapDraw(const QList<qsizetype> &clusterOfUnit, qsizetype clusterCount,
                               Resampling resampling, quint32 seed, int index)
{
    const quint32 seedWords[2] = {seed, quint32(index)};
    QRandomGenerator random(seedWords, 2);
    const qsizetype units = clusterOfUnit.size();
    std::vector<int> multiplicity(size_t(units), 0);
    if (resampling == Resampling::Units) {
        for (qsizetype i = 0; i < units; ++i)
            ++multiplicity[random.bounded(quint32(units))];
        return multiplicity;
    }
    std::vector<int> clusterMultiplicity(size_t(clusterCount), 0);
    for (qsizetype i = 0; i < clusterCount; ++i)
        ++clusterMultiplicity[random.bounded(quint32(clusterCount))];
    for (qsizetype u = 0; u < units; ++u)
        multiplicity[size_t(u)] = clusterMultiplicity[size_t(clusterOfUnit.at(u))];
    return multiplicity;
}

std::optional<double> quantile(const QList<double> &sorted, double q)
{
    if (sorted.isEmpty())
        return std::nullopt;
    const double position = std::clamp(q, 0.0, 1.0) * double(sorted.size() - 1);
    const qsizetype below = qsizetype(std::floor(position));
    const qsizetype above = std::min(below + 1, sorted.size() - 1);
    const double fraction = position - double(below);
    return sorted.at(below) + fraction * (sorted.at(above) - sorted.at(below));
}

} // namespace Rubricate
