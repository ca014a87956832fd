// Leaderboards built from hand-made scoring results: each benchmark's numbers are taken from
// its own scoring unchanged, undefined values keep their reason and sort last both ways, and
// the headline column decides the default order.
#include "scoring/leaderboard.h"

#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

Drb2ScoreItem drbItem(const QString &model, int idx, const QString &dimension, const QString &text,
                      std::optional<int> score)
{
    Drb2ScoreItem item;
    item.model = model;
    item.idx = idx;
    item.dimension = dimension;
    item.rubricText = text;
    item.score = score;
    return item;
}

RrScoreItem rrItem(const QString &model, const QString &sample, const QString &axis, double weight,
                   std::optional<double> score)
{
    RrScoreItem item;
    item.model = model;
    item.sampleId = sample;
    item.axis = axis;
    item.weight = weight;
    item.score = score;
    return item;
}

} // namespace

class TestLeaderboard : public QObject
{
    Q_OBJECT

private slots:
    void drb2AveragesOverTasks();
    void researchRubricsOverallAndAxes();
    void reportBenchMicroMacro();
    void undefinedSortsLastBothWays();
};

void TestLeaderboard::drb2AveragesOverTasks()
{
    const QList<Drb2ScoreItem> items{
        // A on task 1: recall 1/2, analysis 1/1, total 2/3; task 2: recall 0/1 (blocked).
        drbItem(u"A"_s, 1, u"info_recall"_s, u"r1"_s, 1),
        drbItem(u"A"_s, 1, u"info_recall"_s, u"r2"_s, 0),
        drbItem(u"A"_s, 1, u"analysis"_s, u"a1"_s, 1),
        drbItem(u"A"_s, 2, u"info_recall"_s, u"r3"_s, -1),
        // B on task 1 only, every item failed: no value anywhere.
        drbItem(u"B"_s, 1, u"info_recall"_s, u"r1"_s, std::nullopt),
        // C on task 2: everything met.
        drbItem(u"C"_s, 2, u"info_recall"_s, u"r3"_s, 1),
    };
    const Drb2Scores scores = scoreDrb2(items);
    const Leaderboard board = drb2Leaderboard(scores);
    QCOMPARE(board.benchmarkKey, u"drb2"_s);
    QCOMPARE(board.columns.size(), 5);
    QCOMPARE(board.columns.at(board.headline).key, u"total"_s);
    QCOMPARE(board.rows.size(), 3);
    // Sorted by total, best first; B has none and goes last.
    QCOMPARE(board.rows.at(0).model, u"C"_s);
    QCOMPARE(board.rows.at(1).model, u"A"_s);
    QCOMPARE(board.rows.at(2).model, u"B"_s);
    QCOMPARE(*board.value(u"A"_s, u"total"_s), (2.0 / 3 + 0.0) / 2);
    QCOMPARE(*board.value(u"A"_s, u"info_recall"_s), (0.5 + 0.0) / 2);
    QCOMPARE(*board.value(u"A"_s, u"analysis"_s), 1.0);
    QCOMPARE(*board.value(u"A"_s, u"blocked"_s), (0.0 + 1.0) / 2);
    QVERIFY(!board.value(u"A"_s, u"presentation"_s));
    QCOMPARE(board.rows.at(1).n, 2);
    // Exactly the reference's model averages.
    for (const LeaderboardRow &row : board.rows) {
        const qsizetype m = scores.modelIndex(row.model);
        QCOMPARE(row.values.at(3).value, scores.table(Drb2Metric::Total).modelAverages.at(m));
    }
    const LeaderboardRow &b = board.rows.at(2);
    QVERIFY(!b.values.at(3).value);
    QVERIFY(!b.values.at(3).note.isEmpty());
    QCOMPARE(b.n, 0);
}

void TestLeaderboard::researchRubricsOverallAndAxes()
{
    const QList<RrScoreItem> items{
        // M, s1: 4·1 + 2·0.5 over 6 → 5/6; Style axis 2·0.5/2 = 0.5, Facts 1.
        rrItem(u"M"_s, u"s1"_s, u"Facts"_s, 4, 1.0),
        rrItem(u"M"_s, u"s1"_s, u"Style"_s, 2, 0.5),
        // M, s2: only Facts, 0 → 0.
        rrItem(u"M"_s, u"s2"_s, u"Facts"_s, 3, 0.0),
        // N, s1: Facts 1; never judged on Style.
        rrItem(u"N"_s, u"s1"_s, u"Facts"_s, 1, 1.0),
    };
    const Leaderboard board = researchRubricsLeaderboard(scoreResearchRubrics(items));
    QCOMPARE(board.columns.size(), 3);
    QCOMPARE(board.columns.at(0).key, u"compliance"_s);
    QCOMPARE(board.columns.at(1).key, u"axis:Facts"_s);
    QCOMPARE(board.columns.at(2).key, u"axis:Style"_s);
    QCOMPARE(board.rows.at(0).model, u"N"_s);
    QCOMPARE(*board.value(u"M"_s, u"compliance"_s), (5.0 / 6 + 0.0) / 2);
    QCOMPARE(*board.value(u"M"_s, u"axis:Facts"_s), 0.5);
    QCOMPARE(*board.value(u"M"_s, u"axis:Style"_s), 0.5);
    QCOMPARE(board.rows.at(1).n, 2);
    const LeaderboardRow &n = board.rows.at(0);
    QVERIFY(!n.values.at(2).value);
    QVERIFY(!n.values.at(2).note.isEmpty());
}

void TestLeaderboard::reportBenchMicroMacro()
{
    ReportBenchModelScore x;
    x.model = u"X"_s;
    x.reports = 3;
    x.scored = 3;
    x.microPrecision = 0.5;
    x.macroPrecision = 0.4;
    x.microRecall = 0.1;
    x.macroRecall = 0.2;
    x.refsPerReport = 7.5;
    ReportBenchModelScore y;
    y.model = u"Y"_s;
    y.reports = 1;
    y.scored = 1;
    y.withoutCitations = 1;
    y.microRecall = 0;
    y.macroRecall = 0;
    y.refsPerReport = 0;
    const Leaderboard board = reportBenchLeaderboard({y, x});
    QCOMPARE(board.columns.at(board.headline).key, u"precision_micro"_s);
    QCOMPARE(board.rows.at(0).model, u"X"_s);
    QCOMPARE(*board.value(u"X"_s, u"precision_macro"_s), 0.4);
    QCOMPARE(*board.value(u"X"_s, u"recall_micro"_s), 0.1);
    QCOMPARE(*board.value(u"X"_s, u"recall_macro"_s), 0.2);
    QCOMPARE(*board.value(u"X"_s, u"refs_per_report"_s), 7.5);
    QCOMPARE(board.rows.at(0).n, 3);
    // Y names no paper: precision undefined with the reason, recall a real 0.
    QVERIFY(!board.value(u"Y"_s, u"precision_micro"_s));
    QVERIFY(!board.rows.at(1).values.at(0).note.isEmpty());
    QCOMPARE(*board.value(u"Y"_s, u"recall_micro"_s), 0.0);
}

void TestLeaderboard::undefinedSortsLastBothWays()
{
    Leaderboard board;
    board.columns = {{u"v"_s, u"V"_s, 3}};
    board.rows = {{u"a"_s, {{0.2, {}}}, 1},
                  {u"b"_s, {{std::nullopt, u"why"_s}}, 0},
                  {u"c"_s, {{0.9, {}}}, 1},
                  {u"d"_s, {{0.2, {}}}, 1}};
    sortLeaderboard(board, 0, true);
    QStringList order;
    for (const LeaderboardRow &r : board.rows)
        order << r.model;
    QCOMPARE(order, (QStringList{u"c"_s, u"a"_s, u"d"_s, u"b"_s}));
    sortLeaderboard(board, 0, false);
    order.clear();
    for (const LeaderboardRow &r : board.rows)
        order << r.model;
    QCOMPARE(order, (QStringList{u"a"_s, u"d"_s, u"c"_s, u"b"_s}));
    QCOMPARE(board.columnIndex(u"v"_s), 0);
    QCOMPARE(board.columnIndex(u"w"_s), -1);
}

QTEST_GUILESS_MAIN(TestLeaderboard)
#include "tst_leaderboard.moc"
