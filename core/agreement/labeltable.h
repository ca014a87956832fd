// The input of every agreement statistic: units (rubric items) × raters (judge runs,
// annotators), each cell an optional value from an ordered set of categories.
//
// Values are stored as category codes (their index in the ascending category list) so that
// the statistics count and compare small integers instead of doubles. A cluster groups units
// that belong together (the rubric items of one task): per-task Macro-F1 averages over
// clusters, and the bootstrap can resample whole clusters.
#pragma once

#include "domain/types.h"

#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace Rubricate {

class LabelTable
{
public:
    static constexpr int Missing = -1;

    LabelTable() = default;
    // `categories` is the value domain; it is sorted ascending and de-duplicated, and that
    // order is the one the ordinal statistics use. List every value of the scale, not only
    // those observed: weighted kappa weights by position in this list.
    explicit LabelTable(QList<double> categories, const QStringList &raters = {});
    // The scale's values in ascending order. For DRB-II that orders −1 < 0 < 1, which is
    // arithmetic on labels rather than a meaningful order: use nominal statistics there.
    static LabelTable forScale(VerdictScale scale, const QStringList &raters = {});

    const QList<double> &categories() const { return m_categories; }
    qsizetype categoryCount() const { return m_categories.size(); }
    // The code of `value` (its index in categories()), or Missing when it is not a category.
    // Values match within a relative 1e-9, so 0.1 + 0.2 finds 0.3.
    int categoryOf(double value) const;

    const QStringList &raters() const { return m_raters; }
    qsizetype raterCount() const { return m_raters.size(); }
    // The rater's index; a name already present returns its existing index.
    qsizetype addRater(const QString &name);
    qsizetype raterIndex(const QString &name) const; // -1 when absent

    qsizetype unitCount() const { return m_unitNames.size(); }
    // The unit's index; a name already present returns its existing index (and keeps its
    // first cluster). An empty cluster makes the unit a cluster of its own.
    qsizetype addUnit(const QString &name, const QString &cluster = {});
    qsizetype unitIndex(const QString &name) const; // -1 when absent
    const QString &unitName(qsizetype unit) const { return m_unitNames.at(unit); }

    qsizetype clusterCount() const { return m_clusterNames.size(); }
    qsizetype clusterOf(qsizetype unit) const { return m_unitCluster.at(unit); }
    // Empty for the cluster of a unit added without one.
    const QString &clusterName(qsizetype cluster) const { return m_clusterNames.at(cluster); }

    // False, and the cell unchanged, when `value` is not one of the categories. Nothing
    // clears the cell.
    bool setValue(qsizetype unit, qsizetype rater, std::optional<double> value);
    // Adds the unit and the rater as needed; false when the value is not a category.
    bool set(const QString &unit, const QString &rater, std::optional<double> value,
             const QString &cluster = {});
    std::optional<double> value(qsizetype unit, qsizetype rater) const;
    int code(qsizetype unit, qsizetype rater) const
    {
        return m_codes.at(unit * m_raters.size() + rater);
    }
    // Number of raters who gave the unit a value.
    int valuesInUnit(qsizetype unit) const;
    qsizetype valueCount() const; // cells with a value

private:
    QList<double> m_categories;
    QStringList m_raters;
    QHash<QString, qsizetype> m_raterIndex;
    QStringList m_unitNames;
    QHash<QString, qsizetype> m_unitIndex;
    QList<qsizetype> m_unitCluster;
    QStringList m_clusterNames;
    QHash<QString, qsizetype> m_clusterIndex;
    QList<int> m_codes; // unit-major, raterCount() cells per unit
};

// Two raters' values on one unit that both rated.
struct PairedLabel {
    qsizetype unit = 0;
    double a = 0;
    double b = 0;
};
QList<PairedLabel> pairedLabels(const LabelTable &table, qsizetype raterA, qsizetype raterB);

// The same units and clusters with only the given raters, in the given order.
LabelTable selectRaters(const LabelTable &table, const QList<qsizetype> &raters);
// Only the units with values from at least two raters. Resample this, not the full table,
// when unpairable units should not dilute bootstrap draws.
LabelTable pairableUnits(const LabelTable &table);

// The documented ways the benchmarks' scales are read as binary.
enum class LabelCollapse {
    None, // the scale as it is (three-way stays three-way)
    // ResearchRubrics' binary mode (calculate_F1_score.py): Partially Satisfied (0.5) counts
    // as Not Satisfied (0), so only full satisfaction is a positive.
    ResearchRubricsBinary,
    // DRB-II: 1 (met) against {0 not met, −1 met only through the blocked source}; the
    // benchmark's own scoring counts −1 as not met.
    Drb2Binary,
};
QString collapseName(LabelCollapse collapse);
LabelTable collapsed(const LabelTable &table, LabelCollapse collapse);
// Every value v becomes map(v); the categories become the image of the old ones.
LabelTable mapped(const LabelTable &table, const std::function<double(double)> &map);

} // namespace Rubricate
