#include "kappa.h"

#include <algorithm>
#include <cstdlib>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString kappaWeightingName(KappaWeighting weighting)
{
    switch (weighting) {
    case KappaWeighting::Unweighted:
        return u"unweighted"_s;
    case KappaWeighting::Linear:
        return u"linear weights"_s;
    case KappaWeighting::Quadratic:
        return u"quadratic weights"_s;
    }
    return {};
}

namespace {

double disagreement(KappaWeighting weighting, int i, int j)
{
    switch (weighting) {
    case KappaWeighting::Unweighted:
        return i == j ? 0.0 : 1.0;
    case KappaWeighting::Linear:
        return std::abs(i - j);
    case KappaWeighting::Quadratic:
        return double(i - j) * (i - j);
    }
    return 0.0;
}

// Σ_i Σ_j rows_i cols_j δ(i, j): the disagreement expected from the marginals alone, times
// N². Closed forms keep it linear in the number of categories, which matters for tables
// whose categories are many distinct scores.
double expectedDisagreement(KappaWeighting weighting, const std::vector<double> &rows,
                            const std::vector<double> &cols, double n)
{
    const size_t v = rows.size();
    switch (weighting) {
    case KappaWeighting::Unweighted: {
        double same = 0;
        for (size_t i = 0; i < v; ++i)
            same += rows[i] * cols[i];
        return n * n - same;
    }
    case KappaWeighting::Linear: {
        double colsTotal = 0, colsMoment = 0;
        for (size_t j = 0; j < v; ++j) {
            colsTotal += cols[j];
            colsMoment += double(j) * cols[j];
        }
        double sum = 0, colsBelow = 0, momentBelow = 0; // over j <= i
        for (size_t i = 0; i < v; ++i) {
            colsBelow += cols[i];
            momentBelow += double(i) * cols[i];
            const double distance = (double(i) * colsBelow - momentBelow)
                + ((colsMoment - momentBelow) - double(i) * (colsTotal - colsBelow));
            sum += rows[i] * distance;
        }
        return sum;
    }
    case KappaWeighting::Quadratic: {
        double rowsMoment = 0, rowsSquare = 0, colsMoment = 0, colsSquare = 0;
        for (size_t i = 0; i < v; ++i) {
            const double x = double(i);
            rowsMoment += x * rows[i];
            rowsSquare += x * x * rows[i];
            colsMoment += x * cols[i];
            colsSquare += x * x * cols[i];
        }
        return n * rowsSquare + n * colsSquare - 2 * rowsMoment * colsMoment;
    }
    }
    return 0.0;
}

} // namespace

CohenKappa::CohenKappa(const LabelTable &table, qsizetype raterA, qsizetype raterB,
                       KappaWeighting weighting)
    : PreparedStatistic(table)
    , m_weighting(weighting)
    , m_categories(table.categoryCount())
{
    if (!acceptRaterPair(table, raterA, raterB))
        return;
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        const int a = table.code(u, raterA);
        const int b = table.code(u, raterB);
        if (a == LabelTable::Missing || b == LabelTable::Missing)
            continue;
        m_unit.push_back(u);
        m_a.push_back(a);
        m_b.push_back(b);
    }
}

StatResult CohenKappa::evaluate(const int *multiplicity) const
{
    std::vector<double> rows(size_t(m_categories), 0.0), cols(size_t(m_categories), 0.0);
    double observed = 0; // Σ δ over the paired units: N times the observed disagreement
    qsizetype n = 0;
    for (size_t p = 0; p < m_unit.size(); ++p) {
        const int w = multiplicity ? multiplicity[m_unit[p]] : 1;
        if (w == 0)
            continue;
        n += w;
        rows[size_t(m_a[p])] += w;
        cols[size_t(m_b[p])] += w;
        observed += w * disagreement(m_weighting, m_a[p], m_b[p]);
    }
    if (n == 0)
        return StatResult::undefined(UndefinedReason::noPairableUnit());
    const double expected = expectedDisagreement(m_weighting, rows, cols, double(n));
    // Zero only when both raters used one and the same category throughout: p_e = 1.
    if (!(expected > 0))
        return StatResult::undefined(UndefinedReason::identicalValues(), n);
    // 1 − D_o / D_e, which for unit weights is (p_o − p_e) / (1 − p_e).
    return StatResult::defined(1.0 - double(n) * observed / expected, n);
}

StatResult cohenKappa(const LabelTable &table, qsizetype raterA, qsizetype raterB,
                      KappaWeighting weighting)
{
    return CohenKappa(table, raterA, raterB, weighting).compute();
}

QList<PairwiseKappa> pairwiseCohenKappa(const LabelTable &table, KappaWeighting weighting)
{
    QList<PairwiseKappa> out;
    for (qsizetype a = 0; a < table.raterCount(); ++a) {
        for (qsizetype b = a + 1; b < table.raterCount(); ++b)
            out.append({a, b, cohenKappa(table, a, b, weighting)});
    }
    return out;
}

FleissKappa::FleissKappa(const LabelTable &table)
    : PreparedStatistic(table)
    , m_categories(table.categoryCount())
{
    if (!acceptTable(table))
        return;
    std::vector<int> codes;
    m_begin.push_back(0);
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        codes.clear();
        for (qsizetype r = 0; r < table.raterCount(); ++r) {
            const int c = table.code(u, r);
            if (c != LabelTable::Missing)
                codes.push_back(c);
        }
        const int m = int(codes.size());
        if (m == 0)
            continue;
        if (m_ratings == 0) {
            m_ratings = m;
        } else if (m != m_ratings) {
            refuse(UndefinedReason::unequalRatingsPerUnit());
            return;
        }
        std::sort(codes.begin(), codes.end());
        double squares = 0;
        for (size_t i = 0; i < codes.size();) {
            size_t j = i;
            while (j < codes.size() && codes[j] == codes[i])
                ++j;
            m_category.push_back(codes[i]);
            m_count.push_back(int(j - i));
            squares += double(j - i) * double(j - i);
            i = j;
        }
        m_unit.push_back(u);
        m_begin.push_back(int(m_category.size()));
        m_agreement.push_back(m > 1 ? (squares - m) / (double(m) * (m - 1)) : 0.0);
    }
    if (m_unit.empty())
        refuse(UndefinedReason::noPairableUnit());
    else if (m_ratings < 2)
        refuse(UndefinedReason::singleRatingPerUnit());
}

StatResult FleissKappa::evaluate(const int *multiplicity) const
{
    std::vector<double> perCategory(size_t(m_categories), 0.0);
    double agreement = 0;
    qsizetype n = 0;
    for (size_t p = 0; p < m_unit.size(); ++p) {
        const int w = multiplicity ? multiplicity[m_unit[p]] : 1;
        if (w == 0)
            continue;
        n += w;
        agreement += w * m_agreement[p];
        for (int e = m_begin[p]; e < m_begin[p + 1]; ++e)
            perCategory[size_t(m_category[size_t(e)])] += double(w) * m_count[size_t(e)];
    }
    if (n == 0)
        return StatResult::undefined(UndefinedReason::noPairableUnit());
    const double ratings = double(n) * m_ratings;
    double chance = 0; // P̄_e
    int used = 0;
    for (double count : perCategory) {
        if (count > 0)
            ++used;
        const double share = count / ratings;
        chance += share * share;
    }
    if (used < 2)
        return StatResult::undefined(UndefinedReason::identicalValues(), n);
    const double observed = agreement / double(n); // P̄
    return StatResult::defined((observed - chance) / (1.0 - chance), n);
}

StatResult fleissKappa(const LabelTable &table)
{
    return FleissKappa(table).compute();
}

} // namespace Rubricate
