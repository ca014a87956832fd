#include "leaderboard.h"

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

qsizetype Leaderboard::columnIndex(const QString &key) const
{
    for (qsizetype i = 0; i < columns.size(); ++i) {
        if (columns.at(i).key == key)
            return i;
    }
    return -1;
}

qsizetype Leaderboard::rowIndex(const QString &model) const
{
    for (qsizetype i = 0; i < rows.size(); ++i) {
        if (rows.at(i).model == model)
            return i;
    }
    return -1;
}

std::optional<double> Leaderboard::value(const QString &model, const QString &columnKey) const
{
    const qsizetype row = rowIndex(model);
    const qsizetype column = columnIndex(columnKey);
    if (row < 0 || column < 0 || column >= rows.at(row).values.size())
        return std::nullopt;
    return rows.at(row).values.at(column).value;
}

bool leaderboardRowLess(const LeaderboardRow &a, const LeaderboardRow &b, qsizetype column,
                        bool descending)
{
    const auto valueOf = [column](const LeaderboardRow &r) -> std::optional<double> {
        return column >= 0 && column < r.values.size() ? r.values.at(column).value : std::nullopt;
    };
    const std::optional<double> x = valueOf(a), y = valueOf(b);
    // Undefined is not "worst": it goes last whichever way the column is sorted.
    if (x.has_value() != y.has_value())
        return x.has_value();
    if (x && *x != *y)
        return descending ? *x > *y : *x < *y;
    return codePointLess(a.model, b.model);
}

void sortLeaderboard(Leaderboard &board, qsizetype column, bool descending)
{
    if (column < 0)
        column = board.headline;
    std::stable_sort(board.rows.begin(), board.rows.end(),
                     [column, descending](const LeaderboardRow &a, const LeaderboardRow &b) {
                         return leaderboardRowLess(a, b, column, descending);
                     });
}

namespace {

LeaderboardValue valueOrNote(std::optional<double> v, const QString &note)
{
    return v ? LeaderboardValue{v, {}} : LeaderboardValue{std::nullopt, note};
}

} // namespace

Leaderboard drb2Leaderboard(const Drb2Scores &scores)
{
    Leaderboard board;
    board.benchmarkKey = u"drb2"_s;
    board.nTitle = u"tasks"_s;
    board.description = u"Means over tasks of each model's per-task scores (task-macro), as the "
                        "footer row of the reference's agg_scores CSVs."_s;
    board.columns = {{u"info_recall"_s, u"Info recall"_s, 3},
                     {u"analysis"_s, u"Analysis"_s, 3},
                     {u"presentation"_s, u"Presentation"_s, 3},
                     {u"total"_s, u"Total"_s, 3},
                     {u"blocked"_s, u"Blocked rate"_s, 3}};
    board.headline = 3;
    const Drb2Metric metrics[] = {Drb2Metric::InfoRecall, Drb2Metric::Analysis,
                                  Drb2Metric::Presentation, Drb2Metric::Total, Drb2Metric::Blocked};
    for (qsizetype m = 0; m < scores.models.size(); ++m) {
        LeaderboardRow row;
        row.model = scores.models.at(m);
        for (Drb2Metric metric : metrics) {
            const Drb2Table &table = scores.table(metric);
            const std::optional<double> v
                = m < table.modelAverages.size() ? table.modelAverages.at(m) : std::nullopt;
            row.values << valueOrNote(v,
                                      metric == Drb2Metric::Total || metric == Drb2Metric::Blocked
                                          ? u"no task with a usable score"_s
                                          : u"no task with a usable score on this dimension"_s);
        }
        for (qsizetype t = 0; t < scores.tasks.size(); ++t) {
            if (scores.cell(t, m).value(Drb2Metric::Total))
                ++row.n;
        }
        board.rows << row;
    }
    sortLeaderboard(board);
    return board;
}

Leaderboard researchRubricsLeaderboard(const QList<RrReportScore> &reports)
{
    Leaderboard board;
    board.benchmarkKey = u"researchrubrics"_s;
    board.nTitle = u"reports"_s;
    board.description = u"Mean weighted compliance over a model's reports (sample-macro); per "
                        "axis from that axis's criteria inside each report."_s;
    board.columns << LeaderboardColumn{u"compliance"_s, u"Compliance"_s, 4};
    board.headline = 0;
    const QList<RrGroup> overall = researchRubricsGroups(reports, RrBreakdown::None);
    const QList<RrGroup> byAxis = researchRubricsGroups(reports, RrBreakdown::Axis);
    // Axes in order of first appearance over the reports, as the scoring keeps them.
    QStringList axes;
    for (const RrReportScore &r : reports) {
        for (const RrAxisPart &a : r.axes) {
            if (!axes.contains(a.axis))
                axes << a.axis;
        }
    }
    for (const QString &axis : std::as_const(axes))
        board.columns << LeaderboardColumn{u"axis:"_s + axis, axis, 4};
    for (const RrGroup &g : overall) {
        LeaderboardRow row;
        row.model = g.model;
        row.n = g.n;
        row.values << valueOrNote(g.mean,
                                  u"no report with a compliance (every criterion "
                                  "failed, or no positive weight)"_s);
        for (const QString &axis : std::as_const(axes)) {
            const auto it = std::find_if(byAxis.cbegin(), byAxis.cend(), [&](const RrGroup &a) {
                return a.model == g.model && a.value == axis;
            });
            if (it == byAxis.cend())
                row.values << LeaderboardValue{std::nullopt,
                                               u"no criterion of this axis was judged"_s};
            else
                row.values << valueOrNote(it->mean,
                                          u"no report with a value on this axis "
                                          "(only pitfalls, or every criterion "
                                          "failed)"_s);
        }
        board.rows << row;
    }
    sortLeaderboard(board);
    return board;
}

Leaderboard reportBenchLeaderboard(const QList<ReportBenchModelScore> &models)
{
    Leaderboard board;
    board.benchmarkKey = u"reportbench"_s;
    board.nTitle = u"reports"_s;
    board.description = u"Citation precision and recall against the surveys' ground-truth "
                        "references; micro pools the counts, macro averages the reports."_s;
    board.columns = {{u"precision_micro"_s, u"Precision (micro)"_s, 3},
                     {u"precision_macro"_s, u"Precision (macro)"_s, 3},
                     {u"recall_micro"_s, u"Recall (micro)"_s, 3},
                     {u"recall_macro"_s, u"Recall (macro)"_s, 3},
                     {u"refs_per_report"_s, u"Refs per report"_s, 2}};
    board.headline = 0;
    for (const ReportBenchModelScore &m : models) {
        LeaderboardRow row;
        row.model = m.model;
        row.n = m.scored;
        const QString noneScored = u"every report was dropped"_s;
        const bool scored = m.scored > 0;
        row.values << valueOrNote(m.microPrecision,
                                  scored ? u"no report names a paper"_s : noneScored)
                   << valueOrNote(m.macroPrecision,
                                  scored ? u"no report names a paper"_s : noneScored)
                   << valueOrNote(m.microRecall, noneScored)
                   << valueOrNote(m.macroRecall, noneScored)
                   << valueOrNote(m.refsPerReport, noneScored);
        board.rows << row;
    }
    sortLeaderboard(board);
    return board;
}

Leaderboard pdrLeaderboard(const QList<PdrReportScore> &reports, bool withReliability)
{
    Leaderboard board;
    board.benchmarkKey = QString::fromLatin1(BenchmarkKey::PdrBench);
    board.nTitle = u"reports"_s;
    board.description = u"Means over a model's reports (item-macro) of the criterion-weighted "
                        "dimension averages and of the dimension-weighted P and Q, on 0-10; "
                        "overall is the mean of the available P, Q and R, R over the reports "
                        "whose support was judged (R n)."_s;
    const QList<PdrGroup> groups = pdrGroups(reports, PdrBreakdown::None);
    QStringList dimensions;
    for (const QStringList *family : {&pdrPersonalizationDimensions(), &pdrQualityDimensions()}) {
        for (const QString &d : *family) {
            for (const PdrGroup &g : groups) {
                const bool present
                    = std::any_of(g.dimensions.cbegin(), g.dimensions.cend(),
                                  [&](const PdrDimensionMean &m) { return m.dimension == d; });
                if (present && !dimensions.contains(d))
                    dimensions << d;
            }
        }
    }
    for (const QString &d : std::as_const(dimensions)) {
        QString title = d;
        title.replace(u'_', u' ');
        title[0] = title.at(0).toUpper();
        board.columns << LeaderboardColumn{u"dim:"_s + d, title, 2};
    }
    board.columns << LeaderboardColumn{u"P"_s, u"P (personalization)"_s, 2}
                  << LeaderboardColumn{u"Q"_s, u"Q (quality)"_s, 2};
    if (withReliability)
        board.columns << LeaderboardColumn{u"R"_s, u"R (reliability)"_s, 2}
                      << LeaderboardColumn{u"R_n"_s, u"R n (reports)"_s, 0};
    board.columns << LeaderboardColumn{u"overall"_s, u"Overall"_s, 2};
    board.headline = board.columns.size() - 1;
    for (const PdrGroup &g : groups) {
        LeaderboardRow row;
        row.model = g.model;
        row.n = g.reports;
        for (const QString &d : std::as_const(dimensions)) {
            const auto it
                = std::find_if(g.dimensions.cbegin(), g.dimensions.cend(),
                               [&](const PdrDimensionMean &m) { return m.dimension == d; });
            row.values << (it == g.dimensions.cend()
                               ? LeaderboardValue{std::nullopt,
                                                  u"no criterion of this dimension was judged"_s}
                               : valueOrNote(it->mean.mean,
                                             u"every criterion of this dimension failed"_s));
        }
        row.values << valueOrNote(g.p.mean, u"no report with a usable P"_s)
                   << valueOrNote(g.q.mean, u"no report with a usable Q"_s);
        if (withReliability)
            row.values << valueOrNote(g.r.mean, u"no report whose support was judged"_s)
                       << LeaderboardValue{double(g.r.n), {}};
        row.values << valueOrNote(g.overall, u"none of P, Q, R has a value"_s);
        board.rows << row;
    }
    sortLeaderboard(board);
    return board;
}

} // namespace Rubricate
