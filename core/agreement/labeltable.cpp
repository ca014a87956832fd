#include "labeltable.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

bool sameValue(double a, double b)
{
    return std::abs(a - b) <= 1e-9 * std::max(1.0, std::max(std::abs(a), std::abs(b)));
}

} // namespace

LabelTable::LabelTable(QList<double> categories, const QStringList &raters)
{
    categories.removeIf([](double v) { return !std::isfinite(v); });
    std::sort(categories.begin(), categories.end());
    for (double v : std::as_const(categories)) {
        if (m_categories.isEmpty() || !sameValue(m_categories.constLast(), v))
            m_categories.append(v);
    }
    for (const QString &r : raters)
        addRater(r);
}

LabelTable LabelTable::forScale(VerdictScale scale, const QStringList &raters)
{
    return LabelTable(scaleValues(scale), raters);
}

int LabelTable::categoryOf(double value) const
{
    if (!std::isfinite(value))
        return Missing;
    const auto it = std::lower_bound(m_categories.cbegin(), m_categories.cend(), value);
    // The tolerance can put the match on either side of the insertion point.
    if (it != m_categories.cend() && sameValue(*it, value))
        return int(it - m_categories.cbegin());
    if (it != m_categories.cbegin() && sameValue(*(it - 1), value))
        return int(it - m_categories.cbegin() - 1);
    return Missing;
}

qsizetype LabelTable::addRater(const QString &name)
{
    if (const auto it = m_raterIndex.constFind(name); it != m_raterIndex.cend())
        return *it;
    const qsizetype oldCount = m_raters.size();
    const qsizetype units = unitCount();
    if (units > 0) {
        // Unit-major storage has to make room in every row; raters are few and added early.
        QList<int> codes(units * (oldCount + 1), Missing);
        for (qsizetype u = 0; u < units; ++u) {
            for (qsizetype r = 0; r < oldCount; ++r)
                codes[u * (oldCount + 1) + r] = m_codes.at(u * oldCount + r);
        }
        m_codes = std::move(codes);
    }
    m_raters.append(name);
    m_raterIndex.insert(name, oldCount);
    return oldCount;
}

qsizetype LabelTable::raterIndex(const QString &name) const
{
    return m_raterIndex.value(name, -1);
}

qsizetype LabelTable::addUnit(const QString &name, const QString &cluster)
{
    if (const auto it = m_unitIndex.constFind(name); it != m_unitIndex.cend())
        return *it;
    const qsizetype unit = m_unitNames.size();
    m_unitNames.append(name);
    m_unitIndex.insert(name, unit);
    qsizetype c = -1;
    if (!cluster.isEmpty()) {
        const auto it = m_clusterIndex.constFind(cluster);
        if (it != m_clusterIndex.cend())
            c = *it;
    }
    if (c < 0) {
        c = m_clusterNames.size();
        m_clusterNames.append(cluster);
        if (!cluster.isEmpty())
            m_clusterIndex.insert(cluster, c);
    }
    m_unitCluster.append(c);
    m_codes.resize(m_codes.size() + m_raters.size(), Missing);
    return unit;
}

qsizetype LabelTable::unitIndex(const QString &name) const
{
    return m_unitIndex.value(name, -1);
}

bool LabelTable::setValue(qsizetype unit, qsizetype rater, std::optional<double> value)
{
    if (unit < 0 || unit >= unitCount() || rater < 0 || rater >= raterCount())
        return false;
    int code = Missing;
    if (value) {
        code = categoryOf(*value);
        if (code == Missing)
            return false;
    }
    m_codes[unit * m_raters.size() + rater] = code;
    return true;
}

bool LabelTable::set(const QString &unit, const QString &rater, std::optional<double> value,
                     const QString &cluster)
{
    if (value && categoryOf(*value) == Missing)
        return false;
    const qsizetype r = addRater(rater);
    return setValue(addUnit(unit, cluster), r, value);
}

std::optional<double> LabelTable::value(qsizetype unit, qsizetype rater) const
{
    const int c = code(unit, rater);
    if (c == Missing)
        return std::nullopt;
    return m_categories.at(c);
}

int LabelTable::valuesInUnit(qsizetype unit) const
{
    const qsizetype raters = m_raters.size();
    const int *row = m_codes.constData() + unit * raters;
    return int(std::count_if(row, row + raters, [](int c) { return c != Missing; }));
}

qsizetype LabelTable::valueCount() const
{
    return std::count_if(m_codes.cbegin(), m_codes.cend(), [](int c) { return c != Missing; });
}

QList<PairedLabel> pairedLabels(const LabelTable &table, qsizetype raterA, qsizetype raterB)
{
    QList<PairedLabel> out;
    if (raterA < 0 || raterB < 0 || raterA >= table.raterCount() || raterB >= table.raterCount())
        return out;
    const QList<double> &cats = table.categories();
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        const int a = table.code(u, raterA);
        const int b = table.code(u, raterB);
        if (a != LabelTable::Missing && b != LabelTable::Missing)
            out.append({u, cats.at(a), cats.at(b)});
    }
    return out;
}

namespace {

// A table with the same categories whose units keep their names and clusters.
LabelTable sameUnits(const LabelTable &table, const QList<double> &categories,
                     const QStringList &raters, const QList<qsizetype> &units)
{
    LabelTable out(categories, raters);
    for (qsizetype u : units)
        out.addUnit(table.unitName(u), table.clusterName(table.clusterOf(u)));
    return out;
}

} // namespace

LabelTable selectRaters(const LabelTable &table, const QList<qsizetype> &raters)
{
    QStringList names;
    for (qsizetype r : raters)
        names << table.raters().at(r);
    QList<qsizetype> units(table.unitCount());
    std::iota(units.begin(), units.end(), qsizetype(0));
    LabelTable out = sameUnits(table, table.categories(), names, units);
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        for (qsizetype i = 0; i < raters.size(); ++i)
            out.setValue(u, i, table.value(u, raters.at(i)));
    }
    return out;
}

LabelTable pairableUnits(const LabelTable &table)
{
    QList<qsizetype> units;
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        if (table.valuesInUnit(u) >= 2)
            units.append(u);
    }
    LabelTable out = sameUnits(table, table.categories(), table.raters(), units);
    for (qsizetype i = 0; i < units.size(); ++i) {
        for (qsizetype r = 0; r < table.raterCount(); ++r)
            out.setValue(i, r, table.value(units.at(i), r));
    }
    return out;
}

QString collapseName(LabelCollapse collapse)
{
    switch (collapse) {
    case LabelCollapse::None:
        return u"as labelled"_s;
    case LabelCollapse::ResearchRubricsBinary:
        return u"binary: Partially Satisfied counted as Not Satisfied"_s;
    case LabelCollapse::Drb2Binary:
        return u"binary: met (1) against not met (0) and blocked (−1)"_s;
    }
    return {};
}

LabelTable collapsed(const LabelTable &table, LabelCollapse collapse)
{
    switch (collapse) {
    case LabelCollapse::None:
        return table;
    case LabelCollapse::ResearchRubricsBinary:
        return mapped(table, [](double v) { return sameValue(v, 0.5) ? 0.0 : v; });
    case LabelCollapse::Drb2Binary:
        return mapped(table, [](double v) { return sameValue(v, -1.0) ? 0.0 : v; });
    }
    return table;
}

LabelTable mapped(const LabelTable &table, const std::function<double(double)> &map)
{
    QList<double> image;
    for (double v : table.categories())
        image.append(map(v));
    QList<qsizetype> units(table.unitCount());
    std::iota(units.begin(), units.end(), qsizetype(0));
    LabelTable out = sameUnits(table, image, table.raters(), units);
    QList<int> newCode;
    for (double v : std::as_const(image))
        newCode.append(out.categoryOf(v));
    for (qsizetype u = 0; u < table.unitCount(); ++u) {
        for (qsizetype r = 0; r < table.raterCount(); ++r) {
            const int c = table.code(u, r);
            if (c != LabelTable::Missing)
                out.setValue(u, r, out.categories().at(newCode.at(c)));
        }
    }
    return out;
}

} // namespace Rubricate
