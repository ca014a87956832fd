#include "f1.h"

#include <algorithm>
#include <numeric>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString macroF1Name(const MacroF1Options &options)
{
    const QString averaging = options.averaging == MacroF1Averaging::Pooled
        ? u"Macro-F1, pooled over items"_s
        : u"Macro-F1, mean over tasks"_s;
    const QString absent = options.absentClass == AbsentClass::Skip
        ? u"unused classes left out"_s
        : u"unused classes count as 0 (ResearchRubrics reference)"_s;
    return averaging + u", "_s + absent;
}

namespace {

// Accumulated counts of one confusion matrix: true positives per class, and per class the
// number of times each side used it (2·tp + fp + fn = reference + predicted uses).
struct ClassCounts {
    std::vector<double> truePositive;
    std::vector<double> uses;

    explicit ClassCounts(qsizetype categories)
        : truePositive(size_t(categories), 0.0)
        , uses(size_t(categories), 0.0)
    { }
    void reset()
    {
        std::fill(truePositive.begin(), truePositive.end(), 0.0);
        std::fill(uses.begin(), uses.end(), 0.0);
    }
    void add(int reference, int predicted, int weight)
    {
        if (reference == predicted)
            truePositive[size_t(reference)] += weight;
        uses[size_t(reference)] += weight;
        uses[size_t(predicted)] += weight;
    }
    double macro(AbsentClass absent) const
    {
        double sum = 0;
        int classes = 0;
        for (size_t c = 0; c < uses.size(); ++c) {
            if (uses[c] == 0) {
                // scikit-learn's zero_division=0: an unused label scores 0 but still counts.
                if (absent == AbsentClass::CountAsZero)
                    ++classes;
                continue;
            }
            sum += 2 * truePositive[c] / uses[c];
            ++classes;
        }
        return classes > 0 ? sum / classes : 0.0;
    }
};

} // namespace

MacroF1::MacroF1(const LabelTable &table, qsizetype reference, qsizetype predicted,
                 const MacroF1Options &options)
    : PreparedStatistic(table)
    , m_options(options)
    , m_categories(table.categoryCount())
{
    if (!acceptRaterPair(table, reference, predicted))
        return;
    std::vector<qsizetype> order(size_t(table.unitCount()));
    std::iota(order.begin(), order.end(), qsizetype(0));
    // Pooled averaging treats the table as one cluster.
    const bool perCluster = options.averaging == MacroF1Averaging::PerClusterMean;
    if (perCluster) {
        std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
            return table.clusterOf(a) < table.clusterOf(b);
        });
    }
    qsizetype cluster = -1;
    for (qsizetype u : order) {
        const int r = table.code(u, reference);
        const int p = table.code(u, predicted);
        if (r == LabelTable::Missing || p == LabelTable::Missing)
            continue;
        const qsizetype c = perCluster ? table.clusterOf(u) : 0;
        if (c != cluster) {
            m_begin.push_back(int(m_unit.size()));
            cluster = c;
        }
        m_unit.push_back(u);
        m_reference.push_back(r);
        m_predicted.push_back(p);
    }
    m_begin.push_back(int(m_unit.size()));
}

StatResult MacroF1::evaluate(const int *multiplicity) const
{
    ClassCounts counts(m_categories);
    double sum = 0, clusterWeights = 0;
    qsizetype n = 0;
    for (size_t k = 0; k + 1 < m_begin.size(); ++k) {
        counts.reset();
        qsizetype weight = 0;
        for (int i = m_begin[k]; i < m_begin[k + 1]; ++i) {
            const int w = multiplicity ? multiplicity[m_unit[size_t(i)]] : 1;
            if (w == 0)
                continue;
            weight += w;
            counts.add(m_reference[size_t(i)], m_predicted[size_t(i)], w);
        }
        if (weight == 0)
            continue;
        n += weight;
        const double clusterWeight = double(weight) / (m_begin[k + 1] - m_begin[k]);
        sum += clusterWeight * counts.macro(m_options.absentClass);
        clusterWeights += clusterWeight;
    }
    if (n == 0)
        return StatResult::undefined(UndefinedReason::noPairableUnit());
    return StatResult::defined(sum / clusterWeights, n);
}

StatResult macroF1(const LabelTable &table, qsizetype reference, qsizetype predicted,
                   const MacroF1Options &options)
{
    return MacroF1(table, reference, predicted, options).compute();
}

QList<std::optional<double>> perClassF1(const ConfusionMatrix &matrix)
{
    QList<std::optional<double>> out;
    for (qsizetype c = 0; c < matrix.categories.size(); ++c) {
        const qint64 uses = matrix.rowTotal(c) + matrix.columnTotal(c);
        if (uses == 0)
            out.append(std::nullopt);
        else
            out.append(2.0 * double(matrix.at(c, c)) / double(uses));
    }
    return out;
}

} // namespace Rubricate
