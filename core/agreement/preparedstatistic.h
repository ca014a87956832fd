// What the agreement statistics prepared once for a table share: each is computed on the table
// itself or on a bootstrap draw (a multiplicity for each of the table's units, see bootstrap.h),
// and one that refuses its table (no units, too few raters, no such rater) says why, for the
// table and for every draw alike.
#pragma once

#include "labeltable.h"
#include "statresult.h"

#include <span>

namespace Rubricate {

class PreparedStatistic
{
public:
    virtual ~PreparedStatistic() = default;

    StatResult compute() const { return evaluated(nullptr); }
    // `multiplicity` has one entry per unit of the table; any other size is a caller's
    // mistake: asserted, and undefined in a release build.
    StatResult operator()(std::span<const int> multiplicity) const;

    qsizetype unitCount() const { return m_unitCount; }

protected:
    explicit PreparedStatistic(const LabelTable &table)
        : m_unitCount(table.unitCount())
    { }
    PreparedStatistic(const PreparedStatistic &) = default;
    PreparedStatistic(PreparedStatistic &&) = default;
    PreparedStatistic &operator=(const PreparedStatistic &) = default;
    PreparedStatistic &operator=(PreparedStatistic &&) = default;

    // For the whole table when `multiplicity` is null; never called once refused.
    virtual StatResult evaluate(const int *multiplicity) const = 0;

    // Set while preparing: no evaluation can give a value, whatever the draw.
    void refuse(QString reason) { m_refusal = std::move(reason); }
    // A table with units and at least two raters; otherwise refused, and false.
    bool acceptTable(const LabelTable &table);
    // Two distinct raters of the table, and a table with units; otherwise refused, and false.
    bool acceptRaterPair(const LabelTable &table, qsizetype a, qsizetype b);

private:
    StatResult evaluated(const int *multiplicity) const;

    qsizetype m_unitCount = 0;
    QString m_refusal;
};

} // namespace Rubricate
