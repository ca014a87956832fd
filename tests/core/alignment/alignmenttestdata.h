// A small hand-made project of rating rows for the alignment tests: two judge runs and
// three annotators on twelve DRB-II items (two tasks, two models, two dimensions), with a
// judge error, a tie among annotators and an item nobody labelled. The expected numbers in
// the tests are worked out from the table below.
#pragma once

#include "domain/types.h"

#include <QList>
#include <QStringList>

#include <cmath>
#include <limits>
#include <optional>

namespace AlignmentTest {

using namespace Qt::StringLiterals;

inline constexpr double X = std::numeric_limits<double>::quiet_NaN(); // not rated
inline constexpr double E = std::numeric_limits<double>::infinity(); // judge error

struct Item {
    Rubricate::RowId report;
    Rubricate::RowId rubric;
    double run1, run2, ada, bob, cy;
};

// Reports 1 and 2 answer task t1 (models m1, m2), 3 and 4 task t2; rubrics x1 and x2 are
// info_recall, x3 analysis. Majority: 1:13 ties (1 against 0), 4:23 has no annotator.
inline const QList<Item> &items()
{
    static const QList<Item> table{
        // report, rubric, run 1, run 2, ada, bob, cy; then the annotators' majority
        {1, 11, 1, 1, 1, 1, 1}, // 1
        {1, 12, 0, 1, 1, 0, 1}, // 1
        {1, 13, 1, 0, 1, 0, X}, // tie
        {2, 11, 1, E, 1, 1, 0}, // 1
        {2, 12, 0, 0, 0, 0, 0}, // 0
        {2, 13, -1, -1, -1, 0, -1}, // −1
        {3, 21, 1, 1, 1, 1, X}, // 1
        {3, 22, 0, 1, 0, 0, 1}, // 0
        {3, 23, 1, 1, 1, 1, 1}, // 1
        {4, 21, 0, 0, 0, 1, 0}, // 0
        {4, 22, -1, -1, 0, -1, 0}, // 0
        {4, 23, 1, 1, X, X, X}, // none
    };
    return table;
}

inline QString taskOf(Rubricate::RowId report)
{
    return report <= 2 ? u"t1"_s : u"t2"_s;
}

inline QString modelOf(Rubricate::RowId report)
{
    return report % 2 == 1 ? u"m1"_s : u"m2"_s;
}

inline QString dimensionOf(Rubricate::RowId rubric)
{
    return rubric % 10 == 3 ? u"analysis"_s : u"info_recall"_s;
}

inline Rubricate::RatingRow rating(Rubricate::RowId report, Rubricate::RowId rubric,
                                   const QString &rater, const QString &name, double value)
{
    Rubricate::RatingRow r;
    r.reportId = report;
    r.rubricId = rubric;
    r.benchmarkKey = u"drb2"_s;
    r.taskExternalId = taskOf(report);
    r.model = modelOf(report);
    r.language = report <= 2 ? u"en"_s : u"zh"_s;
    r.theme = u"Finance"_s;
    r.dimension = dimensionOf(rubric);
    r.scale = Rubricate::VerdictScale::Drb2Tristate;
    r.rater = rater;
    r.raterName = name;
    r.judge = rater.startsWith(u"run:"_s);
    if (!std::isinf(value)) // an error is a row without a value
        r.value = value;
    return r;
}

// The rows as ProjectStore::ratingRows gives them; `people` renames the three annotators.
// The newer run's name needs CSV quoting on purpose.
inline QList<Rubricate::RatingRow>
ratingRows(bool withJudges = true, const QStringList &people = {u"ada"_s, u"bob"_s, u"cy"_s})
{
    QList<Rubricate::RatingRow> rows;
    for (const Item &i : items()) {
        const double people3[] = {i.ada, i.bob, i.cy};
        if (withJudges) {
            if (!std::isnan(i.run1))
                rows << rating(i.report, i.rubric, u"run:1"_s, u"judge A"_s, i.run1);
            if (!std::isnan(i.run2))
                rows << rating(i.report, i.rubric, u"run:2"_s, u"judge \"B\", newer"_s, i.run2);
        }
        for (int p = 0; p < 3; ++p) {
            if (!std::isnan(people3[p]))
                rows << rating(i.report, i.rubric, u"human:"_s + people.at(p), people.at(p),
                               people3[p]);
        }
    }
    return rows;
}

} // namespace AlignmentTest
