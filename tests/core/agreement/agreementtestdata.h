// Reliability data from the literature and small builders for the agreement tests.
#pragma once

#include "agreement/labeltable.h"

#include <QList>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <limits>

namespace AgreementTest {

using namespace Qt::StringLiterals;

// A missing value in the literal tables below.
inline constexpr double NA = std::numeric_limits<double>::quiet_NaN();

// One row per rater, one column per unit. Categories default to the observed values.
inline Rubricate::LabelTable byRater(const QList<QList<double>> &rows,
                                     QList<double> categories = {})
{
    if (categories.isEmpty()) {
        for (const QList<double> &row : rows) {
            for (double v : row) {
                if (!std::isnan(v))
                    categories.append(v);
            }
        }
    }
    QStringList raters;
    for (qsizetype r = 0; r < rows.size(); ++r)
        raters << u"r%1"_s.arg(r + 1);
    Rubricate::LabelTable table(categories, raters);
    const qsizetype units = rows.isEmpty() ? 0 : rows.first().size();
    for (qsizetype u = 0; u < units; ++u) {
        const qsizetype unit = table.addUnit(u"u%1"_s.arg(u + 1));
        for (qsizetype r = 0; r < rows.size(); ++r) {
            const double v = rows.at(r).at(u);
            table.setValue(unit, r, std::isnan(v) ? std::nullopt : std::optional<double>(v));
        }
    }
    return table;
}

// One row per unit, one column per rater.
inline Rubricate::LabelTable byUnit(const QList<QList<double>> &units,
                                    QList<double> categories = {})
{
    QList<QList<double>> rows;
    const qsizetype raters = units.isEmpty() ? 0 : units.first().size();
    for (qsizetype r = 0; r < raters; ++r) {
        QList<double> row;
        for (const QList<double> &unit : units)
            row.append(unit.at(r));
        rows.append(row);
    }
    return byRater(rows, categories);
}

// Krippendorff (2011), section E: 4 observers × 12 units with missing values.
inline Rubricate::LabelTable canonical(QList<double> categories = {})
{
    return byRater({{1, 2, 3, 3, 2, 1, 4, 1, 2, NA, NA, NA},
                    {1, 2, 3, 3, 2, 2, 4, 1, 2, 5, NA, 3},
                    {NA, 3, 3, 3, 2, 3, 4, 2, 2, 5, 1, NA},
                    {1, 2, 3, 3, 2, 4, 4, 1, 2, 5, 1, NA}},
                   categories);
}

// Wikipedia's and fast-krippendorff's 3 coders × 15 units.
inline Rubricate::LabelTable wikipedia3x15()
{
    return byRater({{NA, NA, NA, NA, NA, 3, 4, 1, 2, 1, 1, 3, 3, NA, 3},
                    {1, NA, 2, 1, 3, 3, 4, 3, NA, NA, NA, NA, NA, NA, NA},
                    {NA, NA, 2, 1, 3, 4, 4, NA, 2, 1, 1, 3, 3, NA, 4}});
}

// Complete data: 3 raters × 10 units (where R's irr is biased low).
inline Rubricate::LabelTable complete3x10()
{
    return byRater({{1, 2, 3, 3, 2, 1, 4, 1, 2, 5},
                    {1, 2, 3, 3, 2, 2, 4, 1, 2, 5},
                    {1, 3, 3, 3, 2, 3, 4, 2, 2, 5}});
}

// A table with `counts[u][c]` raters giving category c to unit u, raters filled in order.
inline Rubricate::LabelTable fromCounts(const QList<QList<int>> &counts,
                                        const QList<double> &categories)
{
    int raters = 0;
    for (const QList<int> &row : counts) {
        int sum = 0;
        for (int n : row)
            sum += n;
        raters = std::max(raters, sum);
    }
    QStringList names;
    for (int r = 0; r < raters; ++r)
        names << u"r%1"_s.arg(r + 1);
    Rubricate::LabelTable table(categories, names);
    for (qsizetype u = 0; u < counts.size(); ++u) {
        const qsizetype unit = table.addUnit(u"u%1"_s.arg(u + 1));
        int rater = 0;
        for (qsizetype c = 0; c < counts.at(u).size(); ++c) {
            for (int i = 0; i < counts.at(u).at(c); ++i)
                table.setValue(unit, rater++, categories.at(c));
        }
    }
    return table;
}

} // namespace AgreementTest
