#include "krippendorff.h"

#include <algorithm>
#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

double ratioDelta2(double c, double k)
{
    const double sum = c + k;
    if (sum == 0.0)
        return 0.0; // only reached for 0 against 0; negative values are refused earlier
    const double d = (c - k) / sum;
    return d * d;
}

// Σ_c Σ_k n_c n_k (x_c − x_k)² over one unit's or the whole table's counts, in the
// cancellation-free form 2 m Σ n_c (x_c − mean)².
template<typename Count, typename Score>
double squaredSpread(qsizetype size, Count count, Score score)
{
    double m = 0, sum = 0;
    for (qsizetype i = 0; i < size; ++i) {
        m += count(i);
        sum += count(i) * score(i);
    }
    if (m == 0)
        return 0;
    const double mean = sum / m;
    double spread = 0;
    for (qsizetype i = 0; i < size; ++i) {
        const double d = score(i) - mean;
        spread += count(i) * d * d;
    }
    return 2 * m * spread;
}

} // namespace

QString alphaLevelName(AlphaLevel level)
{
    switch (level) {
    case AlphaLevel::Nominal:
        return u"nominal"_s;
    case AlphaLevel::Ordinal:
        return u"ordinal"_s;
    case AlphaLevel::Interval:
        return u"interval"_s;
    case AlphaLevel::Ratio:
        return u"ratio"_s;
    }
    return {};
}

KrippendorffAlpha::KrippendorffAlpha(const LabelTable &table, AlphaLevel level)
    : PreparedStatistic(table)
    , m_level(level)
    , m_values(table.categories())
{
    if (!acceptTable(table))
        return;
    const qsizetype raters = table.raterCount();
    std::vector<int> codes;
    codes.reserve(size_t(raters));
    m_begin.push_back(0);
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        codes.clear();
        for (qsizetype r = 0; r < raters; ++r) {
            const int c = table.code(u, r);
            if (c != LabelTable::Missing)
                codes.push_back(c);
        }
        if (codes.size() < 2)
            continue;
        std::sort(codes.begin(), codes.end());
        const int first = int(m_category.size());
        for (size_t i = 0; i < codes.size();) {
            size_t j = i;
            while (j < codes.size() && codes[j] == codes[i])
                ++j;
            m_category.push_back(codes[i]);
            m_count.push_back(int(j - i));
            i = j;
        }
        const int last = int(m_category.size());
        const int m = int(codes.size());
        m_unit.push_back(u);
        m_begin.push_back(last);
        m_valuesInUnit.push_back(m);

        double d = 0; // Σ_{c≠k} n_c n_k δ²_ck, divided by (m_u − 1) below
        switch (level) {
        case AlphaLevel::Nominal: {
            double same = 0;
            for (int e = first; e < last; ++e)
                same += double(m_count[e]) * m_count[e];
            d = double(m) * m - same;
            break;
        }
        case AlphaLevel::Interval:
            d = squaredSpread(
                last - first, [&](qsizetype i) { return double(m_count[first + i]); },
                [&](qsizetype i) { return m_values.at(m_category[first + i]); });
            break;
        case AlphaLevel::Ratio:
            for (int e = first; e < last; ++e) {
                for (int f = first; f < last; ++f) {
                    if (e != f)
                        d += double(m_count[e]) * m_count[f]
                            * ratioDelta2(m_values.at(m_category[e]), m_values.at(m_category[f]));
                }
            }
            break;
        case AlphaLevel::Ordinal:
            break;
        }
        m_disagreement.push_back(d / (m - 1));
    }
}

StatResult KrippendorffAlpha::evaluate(const int *multiplicity) const
{
    const size_t categories = size_t(m_values.size());
    std::vector<double> marginal(categories, 0.0); // n_c
    double observed = 0; // Σ o_ck δ²_ck, i.e. n · D_o
    qsizetype units = 0;
    const size_t pairable = m_unit.size();
    for (size_t p = 0; p < pairable; ++p) {
        const int w = multiplicity ? multiplicity[m_unit[p]] : 1;
        if (w == 0)
            continue;
        units += w;
        for (int e = m_begin[p]; e < m_begin[p + 1]; ++e)
            marginal[size_t(m_category[size_t(e)])] += double(w) * m_count[size_t(e)];
        if (m_level != AlphaLevel::Ordinal)
            observed += w * m_disagreement[p];
    }
    if (units == 0)
        return StatResult::undefined(UndefinedReason::noPairableUnit());

    double n = 0;
    int used = 0;
    bool negative = false;
    for (size_t c = 0; c < categories; ++c) {
        if (marginal[c] > 0) {
            n += marginal[c];
            ++used;
            negative = negative || m_values.at(qsizetype(c)) < 0;
        }
    }
    if (used < 2)
        return StatResult::undefined(UndefinedReason::identicalValues(), units);
    if (m_level == AlphaLevel::Ratio && negative)
        return StatResult::undefined(UndefinedReason::negativeRatioValue(), units);

    double expected = 0; // Σ n_c n_k δ²_ck, i.e. n (n − 1) · D_e
    switch (m_level) {
    case AlphaLevel::Nominal: {
        double same = 0;
        for (double nc : marginal)
            same += nc * nc;
        expected = n * n - same;
        break;
    }
    case AlphaLevel::Interval:
        expected = squaredSpread(
            qsizetype(categories), [&](qsizetype c) { return marginal[size_t(c)]; },
            [&](qsizetype c) { return m_values.at(c); });
        break;
    case AlphaLevel::Ratio:
        for (size_t c = 0; c < categories; ++c) {
            if (marginal[c] == 0)
                continue;
            for (size_t k = 0; k < categories; ++k) {
                if (k != c && marginal[k] > 0)
                    expected += marginal[c] * marginal[k]
                        * ratioDelta2(m_values.at(qsizetype(c)), m_values.at(qsizetype(k)));
            }
        }
        break;
    case AlphaLevel::Ordinal: {
        // δ²_ck = (Σ_{g=c..k} n_g − (n_c + n_k)/2)² is the squared distance between the
        // categories' mid-ranks r_c = Σ_{g<c} n_g + n_c/2, so ordinal alpha is interval alpha
        // on mid-ranks, and both sums take linear time.
        std::vector<double> rank(categories);
        double below = 0;
        for (size_t c = 0; c < categories; ++c) {
            rank[c] = below + marginal[c] / 2;
            below += marginal[c];
        }
        expected = squaredSpread(
            qsizetype(categories), [&](qsizetype c) { return marginal[size_t(c)]; },
            [&](qsizetype c) { return rank[size_t(c)]; });
        for (size_t p = 0; p < pairable; ++p) {
            const int w = multiplicity ? multiplicity[m_unit[p]] : 1;
            if (w == 0)
                continue;
            const int first = m_begin[p];
            const double spread = squaredSpread(
                m_begin[p + 1] - first,
                [&](qsizetype i) { return double(m_count[size_t(first + i)]); },
                [&](qsizetype i) { return rank[size_t(m_category[size_t(first + i)])]; });
            observed += w * spread / (m_valuesInUnit[p] - 1);
        }
        break;
    }
    }
    if (!(expected > 0))
        return StatResult::undefined(UndefinedReason::identicalValues(), units);
    return StatResult::defined(1.0 - (n - 1) * observed / expected, units);
}

StatResult krippendorffAlpha(const LabelTable &table, AlphaLevel level)
{
    return KrippendorffAlpha(table, level).compute();
}

QList<double> coincidenceMatrix(const LabelTable &table)
{
    const qsizetype v = table.categoryCount();
    QList<double> o(v * v, 0.0);
    std::vector<int> counts(size_t(v), 0);
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        const int m = table.valuesInUnit(u);
        if (m < 2)
            continue;
        std::fill(counts.begin(), counts.end(), 0);
        for (qsizetype r = 0; r < table.raterCount(); ++r) {
            const int c = table.code(u, r);
            if (c != LabelTable::Missing)
                ++counts[size_t(c)];
        }
        for (qsizetype c = 0; c < v; ++c) {
            const int nc = counts[size_t(c)];
            if (nc == 0)
                continue;
            for (qsizetype k = 0; k < v; ++k) {
                const int nk = counts[size_t(k)];
                // Ordered pairs from different raters: a value is never paired with itself.
                const double pairs = c == k ? double(nc) * (nc - 1) : double(nc) * nk;
                o[c * v + k] += pairs / (m - 1);
            }
        }
    }
    return o;
}

} // namespace Rubricate
