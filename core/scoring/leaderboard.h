// Leaderboards: one row per model and one column per dimension, axis or metric of a
// benchmark, built from that benchmark's own scoring results (never recomputed here), so the
// numbers on screen are the numbers the CLI and the exports give.
//
// Pure value types and functions: no files, no database. An undefined value stays undefined
// (with the reason), never 0, and sorts after every defined value in either direction.
#pragma once

#include "scoring/drb2scoring.h"
#include "scoring/pdrscoring.h"
#include "scoring/reportbenchscoring.h"
#include "scoring/researchrubricsscoring.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rubricate {

struct LeaderboardColumn {
    QString key; // stable, machine-readable: "total", "axis:Communication", "precision_micro"
    QString title; // for people
    int decimals = 3; // how the value is printed
};

struct LeaderboardValue {
    std::optional<double> value;
    QString note; // why there is no value
};

struct LeaderboardRow {
    QString model;
    QList<LeaderboardValue> values; // one per column
    int n = 0; // what the values average over (see Leaderboard::nTitle)
};

struct Leaderboard {
    QString benchmarkKey;
    QList<LeaderboardColumn> columns;
    QList<LeaderboardRow> rows;
    qsizetype headline = 0; // the column the benchmark ranks by
    QString nTitle; // what a row's n counts: "tasks", "reports"
    QString description; // how the numbers were computed, in one sentence

    qsizetype columnIndex(const QString &key) const; // -1 when absent
    qsizetype rowIndex(const QString &model) const; // -1 when absent
    std::optional<double> value(const QString &model, const QString &columnKey) const;
};

// True when row `a` comes before row `b` sorting by `column`: defined values before undefined
// ones in both orders, then by value, ties by model name (code points) so the order is total.
bool leaderboardRowLess(const LeaderboardRow &a, const LeaderboardRow &b, qsizetype column,
                        bool descending);
// Sorts the rows in place; by the headline column, best first, when `column` is -1.
void sortLeaderboard(Leaderboard &board, qsizetype column = -1, bool descending = true);

// DRB-II: per model the task-macro averages of the five aggregated metrics, exactly the
// footer row of the reference's agg_scores_*.csv; n = tasks with a total. Headline: total.
Leaderboard drb2Leaderboard(const Drb2Scores &scores);

// ResearchRubrics: per model the mean report compliance, overall and per axis (computed
// inside each report from that axis's criteria, researchRubricsGroups Axis); n = reports
// with an overall value. Headline: overall compliance.
Leaderboard researchRubricsLeaderboard(const QList<RrReportScore> &reports);

// ReportBench: per model precision and recall, micro and macro, and references per report;
// n = scored reports. Headline: micro precision (the paper's first column; which average its
// table uses is not stated).
Leaderboard reportBenchLeaderboard(const QList<ReportBenchModelScore> &models);

// PDR-Bench: per model the report means of each dimension average (personalization then
// quality dimensions, those that occur), P, Q, R and R n, the reports R averages over, those
// whose support was judged (only when `withReliability`, i.e. claims were scored), and overall
// (mean of the available P, Q, R means, as aggregate_overall.py); n = reports of the model.
// Headline: overall.
Leaderboard pdrLeaderboard(const QList<PdrReportScore> &reports, bool withReliability);

} // namespace Rubricate
