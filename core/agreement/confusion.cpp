#include "confusion.h"

#include <algorithm>
#include <numeric>

namespace Rubricate {

qint64 ConfusionMatrix::rowTotal(qsizetype row) const
{
    const qsizetype v = categories.size();
    return std::accumulate(cells.cbegin() + row * v, cells.cbegin() + (row + 1) * v, qint64(0));
}

qint64 ConfusionMatrix::columnTotal(qsizetype column) const
{
    const qsizetype v = categories.size();
    qint64 sum = 0;
    for (qsizetype r = 0; r < v; ++r)
        sum += at(r, column);
    return sum;
}

qint64 ConfusionMatrix::total() const
{
    return std::accumulate(cells.cbegin(), cells.cend(), qint64(0));
}

qint64 ConfusionMatrix::agreements() const
{
    qint64 sum = 0;
    for (qsizetype c = 0; c < categories.size(); ++c)
        sum += at(c, c);
    return sum;
}

ConfusionMatrix confusionMatrix(const LabelTable &table, qsizetype raterA, qsizetype raterB)
{
    ConfusionMatrix m;
    m.categories = table.categories();
    const qsizetype v = m.categories.size();
    m.cells.fill(0, v * v);
    if (raterA < 0 || raterB < 0 || raterA >= table.raterCount() || raterB >= table.raterCount())
        return m;
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        const int a = table.code(u, raterA);
        const int b = table.code(u, raterB);
        if (a != LabelTable::Missing && b != LabelTable::Missing)
            ++m.cells[a * v + b];
    }
    return m;
}

StatResult percentAgreement(const ConfusionMatrix &matrix)
{
    const qint64 n = matrix.total();
    if (n == 0)
        return StatResult::undefined(UndefinedReason::noPairableUnit());
    return StatResult::defined(double(matrix.agreements()) / double(n), n);
}

PercentAgreement::PercentAgreement(const LabelTable &table)
    : PreparedStatistic(table)
{
    if (!acceptTable(table))
        return;
    std::vector<int> counts(size_t(table.categoryCount()), 0);
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        const int m = table.valuesInUnit(u);
        if (m < 2)
            continue;
        double agreeing = 0;
        for (qsizetype r = 0; r < table.raterCount(); ++r) {
            const int c = table.code(u, r);
            // A value agrees with each earlier value of its category, in both orders: over
            // the unit that sums to n_uc (n_uc − 1) without a second pass over categories.
            if (c != LabelTable::Missing)
                agreeing += 2 * counts[size_t(c)]++;
        }
        for (qsizetype r = 0; r < table.raterCount(); ++r) {
            const int c = table.code(u, r);
            if (c != LabelTable::Missing)
                counts[size_t(c)] = 0;
        }
        m_unit.push_back(u);
        m_values.push_back(m);
        m_agreeing.push_back(agreeing / (m - 1));
    }
}

StatResult PercentAgreement::evaluate(const int *multiplicity) const
{
    double values = 0, agreeing = 0;
    qsizetype units = 0;
    for (size_t p = 0; p < m_unit.size(); ++p) {
        const int w = multiplicity ? multiplicity[m_unit[p]] : 1;
        units += w;
        values += w * m_values[p];
        agreeing += w * m_agreeing[p];
    }
    if (units == 0)
        return StatResult::undefined(UndefinedReason::noPairableUnit());
    return StatResult::defined(agreeing / values, units);
}

StatResult percentAgreement(const LabelTable &table)
{
    return PercentAgreement(table).compute();
}

std::optional<double> ClassPrevalence::share(qsizetype category) const
{
    if (total == 0)
        return std::nullopt;
    return double(counts.at(category)) / double(total);
}

namespace {

ClassPrevalence countValues(const LabelTable &table, qsizetype firstRater, qsizetype endRater)
{
    ClassPrevalence p;
    p.categories = table.categories();
    p.counts.fill(0, p.categories.size());
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        for (qsizetype r = firstRater; r < endRater; ++r) {
            const int c = table.code(u, r);
            if (c != LabelTable::Missing) {
                ++p.counts[c];
                ++p.total;
            }
        }
    }
    return p;
}

} // namespace

ClassPrevalence prevalence(const LabelTable &table)
{
    return countValues(table, 0, table.raterCount());
}

ClassPrevalence prevalence(const LabelTable &table, qsizetype rater)
{
    if (rater < 0 || rater >= table.raterCount())
        return countValues(table, 0, 0);
    return countValues(table, rater, rater + 1);
}

} // namespace Rubricate
