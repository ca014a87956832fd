#include "drb2scoring.h"

#include <QHash>

#include <algorithm>
#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

constexpr size_t metricIndex(Drb2Metric m)
{
    return static_cast<size_t>(m);
}

// One line of the reference's input: one judging of one report.
struct Run {
    qsizetype task = 0;
    QString model;
    // Per dimension: rubric text -> the decided score (nothing: no copy had a usable one).
    std::array<QHash<QString, std::optional<int>>, Drb2DimensionCount> items;
};

struct RunResult {
    std::array<Drb2Counts, Drb2DimensionCount> counts;
    std::array<std::optional<double>, Drb2MetricCount> values;
};

RunResult evaluateRun(const Run &run, ErrorPolicy policy)
{
    RunResult r;
    int usable = 0;
    for (size_t d = 0; d < Drb2DimensionCount; ++d) {
        Drb2Counts &c = r.counts[d];
        c.items = int(run.items[d].size());
        for (const std::optional<int> &score : run.items[d]) {
            if (!score)
                ++c.errors;
            else if (*score == 1)
                ++c.met;
            else if (*score == -1)
                ++c.blocked;
            else
                ++c.notMet;
        }
        usable += c.scored();
    }
    // Under AsReference a run without a single usable score is the pipeline's error line.
    if (usable == 0)
        return r;

    const bool errorsCount = policy == ErrorPolicy::AsReference;
    int met = 0, blocked = 0, denominator = 0;
    for (size_t d = 0; d < Drb2DimensionCount; ++d) {
        const Drb2Counts &c = r.counts[d];
        const int n = c.scored() + (errorsCount ? c.errors : 0);
        if (n > 0)
            r.values[d] = double(c.met) / double(n);
        met += c.met;
        blocked += c.blocked;
        denominator += n;
    }
    // Item-weighted over the whole task, not the mean of the three fractions.
    r.values[metricIndex(Drb2Metric::Total)] = double(met) / double(denominator);
    r.values[metricIndex(Drb2Metric::Blocked)] = double(blocked) / double(denominator);
    return r;
}

double sumOf(const QList<double> &values, Drb2Summation summation)
{
    if (summation == Drb2Summation::Naive) {
        double s = 0.0;
        for (double x : values)
            s += x;
        return s;
    }
    // Neumaier's improvement of Kahan summation, the algorithm CPython 3.12 adopted for
    // sum() over floats: the rounding error of every addition is kept in `c` and added back
    // once at the end.
    double s = 0.0;
    double c = 0.0;
    for (double x : values) {
        const double t = s + x;
        if (std::fabs(s) >= std::fabs(x))
            c += (s - t) + x;
        else
            c += (x - t) + s;
        s = t;
    }
    if (c != 0.0 && std::isfinite(c))
        s += c;
    return s;
}

void sortDescending(QList<qsizetype> &order, const QList<std::optional<double>> &keys)
{
    // The reference sorts with key=-1 for a missing average, reverse=True; Python's sort is
    // stable in both directions, so equal keys keep their previous order.
    std::stable_sort(order.begin(), order.end(), [&](qsizetype a, qsizetype b) {
        return keys.at(a).value_or(-1.0) > keys.at(b).value_or(-1.0);
    });
}

} // namespace

QString drb2DimensionKey(Drb2Metric metric)
{
    switch (metric) {
    case Drb2Metric::InfoRecall:
        return u"info_recall"_s;
    case Drb2Metric::Analysis:
        return u"analysis"_s;
    case Drb2Metric::Presentation:
        return u"presentation"_s;
    case Drb2Metric::Total:
    case Drb2Metric::Blocked:
        break;
    }
    return {};
}

std::optional<Drb2Metric> drb2DimensionFromKey(const QString &key)
{
    if (key == "info_recall"_L1)
        return Drb2Metric::InfoRecall;
    if (key == "analysis"_L1)
        return Drb2Metric::Analysis;
    if (key == "presentation"_L1)
        return Drb2Metric::Presentation;
    return std::nullopt;
}

QString drb2MetricSuffix(Drb2Metric metric)
{
    switch (metric) {
    case Drb2Metric::InfoRecall:
        return u"inforecall"_s;
    case Drb2Metric::Analysis:
        return u"analysis"_s;
    case Drb2Metric::Presentation:
        return u"presentation"_s;
    case Drb2Metric::Total:
        return u"total"_s;
    case Drb2Metric::Blocked:
        return u"blocked"_s;
    }
    return {};
}

bool codePointLess(const QString &a, const QString &b)
{
    // QString compares UTF-16 units, which puts characters beyond U+FFFF before U+E000..U+FFFF.
    const QList<uint> ua = a.toUcs4();
    const QList<uint> ub = b.toUcs4();
    return std::lexicographical_compare(ua.cbegin(), ua.cend(), ub.cbegin(), ub.cend());
}

std::optional<double> drb2Mean(const QList<double> &values, Drb2Summation summation)
{
    if (values.isEmpty())
        return std::nullopt;
    return sumOf(values, summation) / double(values.size());
}

qsizetype Drb2Scores::taskIndex(int idx) const
{
    for (qsizetype i = 0; i < tasks.size(); ++i) {
        if (tasks.at(i).idx == idx)
            return i;
    }
    return -1;
}

qsizetype Drb2Scores::modelIndex(const QString &model) const
{
    return models.indexOf(model);
}

Drb2Scores scoreDrb2(const QList<Drb2ScoreItem> &items, const Drb2ScoringOptions &options)
{
    Drb2Scores out;
    QHash<int, qsizetype> taskByIdx;
    QList<QStringList> modelsSeenPerTask; // first-appearance order, for the grand mean
    QList<Run> runs; // first-appearance order, which is the order re-runs are averaged in
    QHash<QString, qsizetype> runByKey;

    for (const Drb2ScoreItem &item : items) {
        qsizetype task = taskByIdx.value(item.idx, -1);
        if (task < 0) {
            task = out.tasks.size();
            taskByIdx.insert(item.idx, task);
            out.tasks.append({item.idx, item.language, item.theme});
            modelsSeenPerTask.append(QStringList());
        }
        Drb2Task &t = out.tasks[task];
        if (t.language.isEmpty())
            t.language = item.language;
        if (t.theme.isEmpty())
            t.theme = item.theme;
        if (!modelsSeenPerTask.at(task).contains(item.model))
            modelsSeenPerTask[task].append(item.model);

        const QString key = item.model + u'\x1f' + QString::number(item.idx) + u'\x1f'
            + QString::number(item.runIndex);
        qsizetype run = runByKey.value(key, -1);
        if (run < 0) {
            run = runs.size();
            runByKey.insert(key, run);
            runs.append({task, item.model, {}});
        }
        const std::optional<Drb2Metric> dim = drb2DimensionFromKey(item.dimension);
        if (!dim)
            continue;
        QHash<QString, std::optional<int>> &texts = runs[run].items[metricIndex(*dim)];
        // Keyed by text like the pipeline's dict; an error never overrides a usable copy.
        auto it = texts.find(item.rubricText);
        if (it == texts.end())
            texts.insert(item.rubricText, item.score);
        else if (item.score)
            *it = item.score;
    }

    QStringList models;
    for (const QStringList &seen : std::as_const(modelsSeenPerTask)) {
        for (const QString &m : seen) {
            if (!models.contains(m))
                models.append(m);
        }
    }
    std::sort(models.begin(), models.end(), codePointLess);
    out.models = models;
    const qsizetype taskCount = out.tasks.size();
    const qsizetype modelCount = models.size();
    QHash<QString, qsizetype> modelIndex;
    for (qsizetype m = 0; m < modelCount; ++m)
        modelIndex.insert(models.at(m), m);

    out.cells.resize(taskCount * modelCount);
    QList<std::array<QList<double>, Drb2MetricCount>> runValues(out.cells.size());
    for (const Run &run : std::as_const(runs)) {
        const qsizetype c = run.task * modelCount + modelIndex.value(run.model);
        Drb2Cell &cell = out.cells[c];
        const RunResult r = evaluateRun(run, options.errors);
        ++cell.runs;
        if (!r.values[metricIndex(Drb2Metric::Total)])
            ++cell.emptyRuns;
        for (size_t d = 0; d < Drb2DimensionCount; ++d) {
            Drb2Counts &sum = cell.counts[d];
            sum.items += r.counts[d].items;
            sum.met += r.counts[d].met;
            sum.notMet += r.counts[d].notMet;
            sum.blocked += r.counts[d].blocked;
            sum.errors += r.counts[d].errors;
        }
        for (size_t m = 0; m < Drb2MetricCount; ++m) {
            if (r.values[m])
                runValues[c][m].append(*r.values[m]);
        }
    }
    for (qsizetype c = 0; c < out.cells.size(); ++c) {
        for (size_t m = 0; m < Drb2MetricCount; ++m)
            out.cells[c].values[m] = drb2Mean(runValues.at(c)[m], options.summation);
    }

    for (size_t m = 0; m < Drb2MetricCount; ++m) {
        Drb2Table &table = out.tables[m];
        table.modelAverages.resize(modelCount);
        table.taskAverages.resize(taskCount);
        // The loops run in the reference's iteration orders, which decide the last bits.
        for (qsizetype model = 0; model < modelCount; ++model) {
            QList<double> values;
            for (qsizetype task = 0; task < taskCount; ++task) {
                if (const auto v = out.cell(task, model).values[m])
                    values.append(*v);
            }
            table.modelAverages[model] = drb2Mean(values, options.summation);
        }
        QList<double> all;
        for (qsizetype task = 0; task < taskCount; ++task) {
            QList<double> values;
            for (qsizetype model = 0; model < modelCount; ++model) {
                if (const auto v = out.cell(task, model).values[m])
                    values.append(*v);
            }
            table.taskAverages[task] = drb2Mean(values, options.summation);
            for (const QString &name : modelsSeenPerTask.at(task)) {
                if (const auto v = out.cell(task, modelIndex.value(name)).values[m])
                    all.append(*v);
            }
        }
        table.grandMean = drb2Mean(all, options.summation);

        for (qsizetype model = 0; model < modelCount; ++model)
            table.columns.append(model);
        sortDescending(table.columns, table.modelAverages);
        for (qsizetype task = 0; task < taskCount; ++task)
            table.rows.append(task);
        sortDescending(table.rows, table.taskAverages);
    }
    return out;
}

} // namespace Rubricate
