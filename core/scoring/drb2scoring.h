// DeepResearch Bench II scores, computed the way the benchmark's aggregate_scores.py does.
//
// Pure functions over value rows: no files, no database. The reference behaviour is followed
// exactly (duplicate rubric texts collapse, -1 counts as blocked and not met, the total is
// item-weighted, re-runs are averaged, task-macro model averages, code-point column order,
// stable sorts) with one deliberate difference, selectable through ErrorPolicy: an item the
// judge gave no usable score is left out of every denominator by default, where the reference
// pipeline would have written and counted it as 0.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>

namespace Rubricate {

// The five aggregated metrics, in the order the reference writes its CSV files.
enum class Drb2Metric { InfoRecall, Analysis, Presentation, Total, Blocked };
inline constexpr int Drb2MetricCount = 5;
inline constexpr int Drb2DimensionCount = 3; // InfoRecall, Analysis, Presentation

// "info_recall", "analysis", "presentation" (as in tasks_and_rubrics.jsonl) for the three
// rubric dimensions; an empty string for Total and Blocked.
QString drb2DimensionKey(Drb2Metric metric);
// The rubric dimension named `key`, or nothing for any other key (which the reference ignores).
std::optional<Drb2Metric> drb2DimensionFromKey(const QString &key);
// "inforecall", "analysis", "presentation", "total", "blocked": the CSV file name suffixes.
QString drb2MetricSuffix(Drb2Metric metric);

enum class ErrorPolicy {
    // An item without a usable score is left out of the denominators; a dimension whose
    // items all failed has no value. Failures never look like a report's weakness.
    Exclude,
    // As the official pipeline: run_evaluation.py writes a missing score as 0, so the item
    // counts as not met. A run in which no item has a usable score is what the pipeline
    // writes as {"error": ...}, which the aggregator turns into empty cells; it stays empty.
    AsReference,
};

enum class Drb2Summation {
    // Python >= 3.12 sum(): Neumaier-compensated, in the script's iteration order. The
    // authors' published CSVs are reproduced byte for byte only with this: their tied task
    // averages are ordered as this sum rounds them.
    Python312,
    // Python <= 3.11 sum(): plain left-to-right addition. Differs only in the last bits,
    // which can reorder rows whose averages are mathematically equal.
    Naive,
};

struct Drb2ScoringOptions {
    ErrorPolicy errors = ErrorPolicy::Exclude;
    Drb2Summation summation = Drb2Summation::Python312;
};

// One judged rubric item: one line of a result.jsonl contributes one row per item.
struct Drb2ScoreItem {
    QString model;
    int idx = 0;
    QString language; // copied into the tables; the first non-empty value per idx is used
    QString theme;
    // info_recall | analysis | presentation. Any other value (an empty one included) only
    // records that the run exists — the way to pass a run that produced no verdicts at all.
    QString dimension;
    QString rubricText;
    // 1 met, 0 not met, -1 met by citing a blocked source. Other numbers count as not met,
    // as in the reference. Nothing: no usable verdict (the judge failed).
    std::optional<int> score;
    // Repeated judgings of the same (model, idx); each one is a line in the reference's input.
    int runIndex = 0;
};

// Items per dimension after duplicate rubric texts are collapsed, summed over a cell's runs.
struct Drb2Counts {
    int items = 0; // distinct rubric texts
    int met = 0; // score 1
    int notMet = 0; // score 0 (or any number other than 1 and -1)
    int blocked = 0; // score -1
    int errors = 0; // no usable score

    int scored() const { return met + notMet + blocked; }
};

struct Drb2Task {
    int idx = 0;
    QString language;
    QString theme;
};

// One (task, model) pair.
struct Drb2Cell {
    int runs = 0; // 0: the model was never run on the task
    int emptyRuns = 0; // runs that gave no total (every item failed, or no items)
    std::array<Drb2Counts, Drb2DimensionCount> counts;
    std::array<std::optional<double>, Drb2MetricCount> values; // mean over runs with a value

    std::optional<double> value(Drb2Metric metric) const
    {
        return values[static_cast<size_t>(metric)];
    }
    const Drb2Counts &count(Drb2Metric dimension) const
    {
        return counts[static_cast<size_t>(dimension)];
    }
};

// One metric as its CSV file presents it. Indices refer to Drb2Scores::tasks and ::models.
struct Drb2Table {
    QList<qsizetype> rows; // by task average, descending; ties keep first-appearance order
    QList<qsizetype> columns; // by model average, descending; ties keep code-point order
    QList<std::optional<double>> taskAverages; // per task: mean of its cells over models
    QList<std::optional<double>> modelAverages; // per model: mean of its cells over tasks
    std::optional<double> grandMean; // mean of all cells, not of the model averages
};

struct Drb2Scores {
    QList<Drb2Task> tasks; // in order of first appearance in the input
    QStringList models; // in Unicode code-point order
    QList<Drb2Cell> cells; // tasks.size() x models.size(), task-major
    std::array<Drb2Table, Drb2MetricCount> tables;

    const Drb2Cell &cell(qsizetype task, qsizetype model) const
    {
        return cells.at(task * models.size() + model);
    }
    const Drb2Table &table(Drb2Metric metric) const { return tables[static_cast<size_t>(metric)]; }
    qsizetype taskIndex(int idx) const; // -1 when absent
    qsizetype modelIndex(const QString &model) const; // -1 when absent
};

// Scores every (task, model) cell and builds the five tables. Rows are taken in order: the
// first row of a task fixes its place among tied rows, as the first line does for the
// reference. For one run, a rubric text seen twice in a dimension is one item: the last copy
// with a usable score decides it (the pipeline keys its verdicts by text).
Drb2Scores scoreDrb2(const QList<Drb2ScoreItem> &items, const Drb2ScoringOptions &options = {});

// Mean as the reference's mean_or_none(); nothing for an empty list.
std::optional<double> drb2Mean(const QList<double> &values,
                               Drb2Summation summation = Drb2Summation::Python312);

// True when `a` sorts before `b` by Unicode code points, as Python compares str.
bool codePointLess(const QString &a, const QString &b);

} // namespace Rubricate
