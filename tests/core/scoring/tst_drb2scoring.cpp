// DRB-II scoring: the reference's arithmetic on hand-made cases, and the authors' own tables.
#include "drb2testdata.h"
#include "scoring/drb2scoring.h"
#include "shareddata.h"

#include <QTest>

#include <cmath>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

Drb2ScoreItem item(const QString &model, int idx, const QString &dimension, const QString &text,
                   std::optional<int> score, int run = 0)
{
    Drb2ScoreItem i;
    i.model = model;
    i.idx = idx;
    i.language = u"en"_s;
    i.theme = u"Theme %1"_s.arg(idx);
    i.dimension = dimension;
    i.rubricText = text;
    i.score = score;
    i.runIndex = run;
    return i;
}

// A task with one item per dimension and the given scores.
QList<Drb2ScoreItem> threeItems(const QString &model, int idx, std::optional<int> ir,
                                std::optional<int> an, std::optional<int> pr)
{
    return {item(model, idx, u"info_recall"_s, u"ir"_s, ir),
            item(model, idx, u"analysis"_s, u"an"_s, an),
            item(model, idx, u"presentation"_s, u"pr"_s, pr)};
}

std::optional<double> at(const Drb2Scores &s, int idx, const QString &model, Drb2Metric m)
{
    return s.cell(s.taskIndex(idx), s.modelIndex(model)).value(m);
}

QList<int> rowIdx(const Drb2Scores &s, Drb2Metric m)
{
    QList<int> out;
    for (qsizetype t : s.table(m).rows)
        out << s.tasks.at(t).idx;
    return out;
}

QStringList columnNames(const Drb2Scores &s, Drb2Metric m)
{
    QStringList out;
    for (qsizetype c : s.table(m).columns)
        out << s.models.at(c);
    return out;
}

const Drb2Metric dimensionMetrics[]
    = {Drb2Metric::InfoRecall, Drb2Metric::Analysis, Drb2Metric::Presentation};

} // namespace

class TestDrb2Scoring : public QObject
{
    Q_OBJECT

private slots:
    void duplicateTextsCollapseToOneItem()
    {
        // Like idx 116: the same analysis string listed twice is one item in the result file.
        QList<Drb2ScoreItem> items{
            item(u"m"_s, 116, u"info_recall"_s, u"i1"_s, 1),
            item(u"m"_s, 116, u"info_recall"_s, u"i2"_s, 0),
            item(u"m"_s, 116, u"analysis"_s, u"A"_s, 1),
            item(u"m"_s, 116, u"analysis"_s, u"B"_s, 0),
            item(u"m"_s, 116, u"analysis"_s, u"A"_s, 1),
            item(u"m"_s, 116, u"analysis"_s, u"C"_s, 0),
            item(u"m"_s, 116, u"analysis"_s, u"B"_s, 0),
            item(u"m"_s, 116, u"presentation"_s, u"P"_s, 1),
        };
        const Drb2Scores s = scoreDrb2(items);
        const Drb2Cell &c = s.cell(0, 0);
        QCOMPARE(c.count(Drb2Metric::Analysis).items, 3);
        QCOMPARE(c.count(Drb2Metric::Analysis).met, 1);
        QCOMPARE(*c.value(Drb2Metric::Analysis), 1.0 / 3.0);
        // Item-weighted over the 6 distinct items, not 8 strings and not a mean of fractions.
        QCOMPARE(*c.value(Drb2Metric::Total), 3.0 / 6.0);

        // A later copy with a usable score decides; a later failure does not undo it.
        items << item(u"m"_s, 116, u"analysis"_s, u"C"_s, 1)
              << item(u"m"_s, 116, u"analysis"_s, u"A"_s, std::nullopt);
        const Drb2Scores again = scoreDrb2(items);
        QCOMPARE(again.cell(0, 0).count(Drb2Metric::Analysis).items, 3);
        QCOMPARE(again.cell(0, 0).count(Drb2Metric::Analysis).errors, 0);
        QCOMPARE(*again.cell(0, 0).value(Drb2Metric::Analysis), 2.0 / 3.0);

        // Only identical texts collapse: no trimming, no case folding.
        const Drb2Scores loose = scoreDrb2({item(u"m"_s, 1, u"analysis"_s, u"A"_s, 1),
                                            item(u"m"_s, 1, u"analysis"_s, u"A "_s, 0),
                                            item(u"m"_s, 1, u"analysis"_s, u"a"_s, 0)});
        QCOMPARE(loose.cell(0, 0).count(Drb2Metric::Analysis).items, 3);
    }

    void blockedIsNotMet()
    {
        const Drb2Scores s = scoreDrb2({
            item(u"m"_s, 1, u"info_recall"_s, u"a"_s, 1),
            item(u"m"_s, 1, u"info_recall"_s, u"b"_s, -1),
            item(u"m"_s, 1, u"info_recall"_s, u"c"_s, -1),
            item(u"m"_s, 1, u"info_recall"_s, u"d"_s, 0),
            item(u"m"_s, 1, u"presentation"_s, u"p"_s, 2), // any other number: not met
        });
        const Drb2Cell &c = s.cell(0, 0);
        QCOMPARE(*c.value(Drb2Metric::InfoRecall), 0.25);
        QCOMPARE(*c.value(Drb2Metric::Presentation), 0.0);
        QCOMPARE(*c.value(Drb2Metric::Total), 1.0 / 5.0);
        QCOMPARE(*c.value(Drb2Metric::Blocked), 2.0 / 5.0);
        QCOMPARE(c.count(Drb2Metric::InfoRecall).blocked, 2);
        QCOMPARE(c.count(Drb2Metric::InfoRecall).notMet, 1);
        QCOMPARE(c.count(Drb2Metric::Presentation).notMet, 1);
        // The pipeline writes all three dimension keys; an empty one has no value.
        QVERIFY(!c.value(Drb2Metric::Analysis).has_value());
    }

    void repeatedRunsAreAveraged()
    {
        const QList<Drb2ScoreItem> items{
            item(u"m"_s, 1, u"info_recall"_s, u"a"_s, 1, 0),
            item(u"m"_s, 1, u"info_recall"_s, u"b"_s, 0, 0),
            item(u"m"_s, 1, u"info_recall"_s, u"a"_s, 1, 1),
            item(u"m"_s, 1, u"info_recall"_s, u"b"_s, std::nullopt, 1),
            // A third run where the judge failed completely: no value, not a zero.
            item(u"m"_s, 1, u"info_recall"_s, u"a"_s, std::nullopt, 2),
            item(u"m"_s, 1, u"info_recall"_s, u"b"_s, std::nullopt, 2),
        };
        const Drb2Scores s = scoreDrb2(items);
        const Drb2Cell &c = s.cell(0, 0);
        QCOMPARE(c.runs, 3);
        QCOMPARE(c.emptyRuns, 1);
        // Mean of the run values 0.5 and 1.0; pooling the items would give 2/3.
        QCOMPARE(*c.value(Drb2Metric::InfoRecall), 0.75);
        QCOMPARE(*c.value(Drb2Metric::Total), 0.75);
        QCOMPARE(c.count(Drb2Metric::InfoRecall).items, 6);
        QCOMPARE(c.count(Drb2Metric::InfoRecall).errors, 3);

        // The reference counts the half-failed run's error as 0 (run value 0.5), but still
        // leaves the completely failed run out: it wrote that one as an error line.
        const Drb2Scores ref = scoreDrb2(items, {ErrorPolicy::AsReference, {}});
        QCOMPARE(*ref.cell(0, 0).value(Drb2Metric::InfoRecall), 0.5);
        QCOMPARE(ref.cell(0, 0).emptyRuns, 1);
    }

    void errorsAreExcludedUnlessAsReference()
    {
        QList<Drb2ScoreItem> items{
            item(u"m"_s, 1, u"info_recall"_s, u"a"_s, 1),
            item(u"m"_s, 1, u"info_recall"_s, u"b"_s, 0),
            item(u"m"_s, 1, u"info_recall"_s, u"c"_s, std::nullopt),
            item(u"m"_s, 1, u"info_recall"_s, u"d"_s, 1),
            item(u"m"_s, 1, u"analysis"_s, u"e"_s, std::nullopt), // only item: fails
            item(u"m"_s, 1, u"presentation"_s, u"p"_s, -1),
        };
        const Drb2Scores ex = scoreDrb2(items);
        const Drb2Cell &c = ex.cell(0, 0);
        QCOMPARE(c.count(Drb2Metric::InfoRecall).errors, 1);
        QCOMPARE(c.count(Drb2Metric::InfoRecall).items, 4);
        QCOMPARE(*c.value(Drb2Metric::InfoRecall), 2.0 / 3.0);
        QVERIFY(!c.value(Drb2Metric::Analysis).has_value());
        QCOMPARE(*c.value(Drb2Metric::Total), 2.0 / 4.0);
        QCOMPARE(*c.value(Drb2Metric::Blocked), 1.0 / 4.0);

        const Drb2Scores ref = scoreDrb2(items, {ErrorPolicy::AsReference, {}});
        const Drb2Cell &r = ref.cell(0, 0);
        QCOMPARE(*r.value(Drb2Metric::InfoRecall), 2.0 / 4.0);
        QCOMPARE(*r.value(Drb2Metric::Analysis), 0.0);
        QCOMPARE(*r.value(Drb2Metric::Total), 2.0 / 6.0);
        QCOMPARE(*r.value(Drb2Metric::Blocked), 1.0 / 6.0);
        QCOMPARE(r.count(Drb2Metric::InfoRecall).errors, 1); // still reported as errors

        // Every item failed: an empty cell under both policies, never 0.
        const QList<Drb2ScoreItem> failed
            = threeItems(u"m"_s, 2, std::nullopt, std::nullopt, std::nullopt);
        for (ErrorPolicy p : {ErrorPolicy::Exclude, ErrorPolicy::AsReference}) {
            const Drb2Scores f = scoreDrb2(failed, {p, {}});
            QCOMPARE(f.tasks.size(), 1);
            QCOMPARE(f.cell(0, 0).runs, 1);
            for (int m = 0; m < Drb2MetricCount; ++m)
                QVERIFY(!f.cell(0, 0).values[m].has_value());
        }
    }

    void emptyCellsAndAverages()
    {
        QList<Drb2ScoreItem> items;
        items << threeItems(u"A"_s, 1, 1, 1, 1) // A: 1.0
              << threeItems(u"B"_s, 1, 0, 0, 0) // B: 0.0
              << threeItems(u"A"_s, 2, 1, 0, std::nullopt); // A: 0.5; B never ran task 2
        // Task 3: a run that produced no verdicts at all (the pipeline's error line).
        Drb2ScoreItem marker = item(u"C"_s, 3, QString(), QString(), std::nullopt);
        items << marker;
        const Drb2Scores s = scoreDrb2(items);
        QCOMPARE(s.models, (QStringList{u"A"_s, u"B"_s, u"C"_s}));
        QCOMPARE(s.tasks.size(), 3);
        QCOMPARE(s.cell(s.taskIndex(2), s.modelIndex(u"B"_s)).runs, 0);
        QVERIFY(!at(s, 2, u"B"_s, Drb2Metric::Total));
        QCOMPARE(s.cell(s.taskIndex(3), s.modelIndex(u"C"_s)).runs, 1);
        QVERIFY(!at(s, 3, u"C"_s, Drb2Metric::Total));

        const Drb2Table &t = s.table(Drb2Metric::Total);
        QCOMPARE(*t.modelAverages.at(0), 0.75); // task-macro over A's two cells
        QCOMPARE(*t.modelAverages.at(1), 0.0);
        QVERIFY(!t.modelAverages.at(2)); // C has no cell with a value
        QCOMPARE(*t.taskAverages.at(0), 0.5);
        QCOMPARE(*t.taskAverages.at(1), 0.5);
        QVERIFY(!t.taskAverages.at(2));
        // The mean of all three cells, not the mean of the model averages (0.375).
        QCOMPARE(*t.grandMean, 0.5);
        // Task 2's presentation item failed: only A's task-1 cell counts there.
        QCOMPARE(*s.table(Drb2Metric::Presentation).modelAverages.at(0), 1.0);

        // Missing averages sort as -1: C last among columns, task 3 last among rows.
        QCOMPARE(columnNames(s, Drb2Metric::Total), (QStringList{u"A"_s, u"B"_s, u"C"_s}));
        QCOMPARE(rowIdx(s, Drb2Metric::Total), (QList<int>{1, 2, 3}));
        QCOMPARE(s.tasks.at(0).theme, u"Theme 1"_s);
    }

    void tiesKeepInputAndCodePointOrder()
    {
        QList<Drb2ScoreItem> items;
        // Tasks in input order 5, 3, 9, 7: 5, 3 and 9 tie at 0.5, 7 is higher.
        items << threeItems(u"b"_s, 5, 1, 0, std::nullopt)
              << threeItems(u"b"_s, 3, 0, 1, std::nullopt)
              << threeItems(u"b"_s, 9, 1, 0, std::nullopt)
              << threeItems(u"b"_s, 7, 1, 1, std::nullopt);
        // Four more models tied with b on average; their names sort differently in UTF-16.
        const QString astral = QString::fromUcs4(U"\U0001F600");
        const QString bmpHigh = QString(QChar(0xFFFD));
        for (const QString &m : {u"a"_s, u"B"_s, astral, bmpHigh}) {
            for (int idx : {5, 3, 9, 7})
                items << threeItems(m, idx, idx == 7 ? 1 : 0, 1, std::nullopt);
        }
        const Drb2Scores s = scoreDrb2(items);
        QCOMPARE(rowIdx(s, Drb2Metric::Total), (QList<int>{7, 5, 3, 9}));
        // Code points: "B" < "a" < "b" < U+FFFD < U+1F600 (QString's own order would put the
        // surrogate pair before U+FFFD).
        QVERIFY(codePointLess(bmpHigh, astral));
        QVERIFY(astral < bmpHigh);
        QCOMPARE(s.models, (QStringList{u"B"_s, u"a"_s, u"b"_s, bmpHigh, astral}));
        QCOMPARE(columnNames(s, Drb2Metric::Total), s.models);

        // A higher average still moves a column to the front.
        items << threeItems(astral, 11, 1, 1, 1);
        const Drb2Scores more = scoreDrb2(items);
        QCOMPARE(columnNames(more, Drb2Metric::Total).constFirst(), astral);
    }

    void summationFollowsPython()
    {
        const QList<double> tenths(10, 0.1);
        // Python 3.12: sum([0.1] * 10) == 1.0; Python 3.11: 0.9999999999999999.
        QCOMPARE(*drb2Mean(tenths, Drb2Summation::Python312), 0.1);
        QVERIFY(*drb2Mean(tenths, Drb2Summation::Naive) != 0.1);
        QCOMPARE(*drb2Mean(tenths, Drb2Summation::Naive), 0.9999999999999999 / 10);
        QVERIFY(!drb2Mean({}).has_value());
        // Compensation must not lose a small term after a large one.
        QCOMPARE(*drb2Mean({1e16, 1.0, -1e16}, Drb2Summation::Python312), 1.0 / 3.0);
    }

    // formats.md §6: every non-empty cell of the authors' total table is the item-weighted
    // combination of its dimension cells, with duplicate rubric strings counted once.
    void authorsTotalsAreItemWeighted()
    {
        RUBRICATE_REQUIRE_SHARED(totalPath, "drb2/samples/agg_scores_v0/agg_scores_total.csv");
        RUBRICATE_REQUIRE_SHARED(tasksPath, "drb2/tasks_and_rubrics.jsonl");
        const QString dir = QFileInfo(totalPath).absolutePath();
        const QMap<int, RubricateTest::Drb2TaskRubrics> tasks
            = RubricateTest::loadDrb2Tasks(tasksPath);
        QCOMPARE(tasks.size(), 132);
        QCOMPARE(tasks.value(116).texts[1].size(), 23);
        QCOMPARE(tasks.value(116).distinct(1), 17);

        const auto total = RubricateTest::loadAuthorsCsv(dir, Drb2Metric::Total);
        QVERIFY(total);
        std::array<std::optional<Drb2CsvTable>, 3> dims;
        std::array<QHash<QString, const Drb2CsvTable::Row *>, 3> rowOf;
        for (int d = 0; d < 3; ++d) {
            dims[d] = RubricateTest::loadAuthorsCsv(dir, dimensionMetrics[d]);
            QVERIFY(dims[d]);
            for (const Drb2CsvTable::Row &r : dims[d]->rows)
                rowOf[d].insert(r.idx, &r);
        }

        int checked = 0, empty = 0;
        double maxDeviation = 0, maxDeviationWithDuplicates = 0;
        for (const Drb2CsvTable::Row &row : total->rows) {
            const RubricateTest::Drb2TaskRubrics &task = tasks[row.idx.toInt()];
            for (qsizetype m = 0; m < total->models.size(); ++m) {
                const auto t = drb2CsvNumber(row.cells.at(m));
                double weighted = 0, weightedRaw = 0;
                bool all = true;
                for (int d = 0; d < 3; ++d) {
                    const Drb2CsvTable::Row *r = rowOf[d].value(row.idx);
                    QVERIFY(r);
                    const auto v
                        = drb2CsvNumber(r->cells.at(dims[d]->models.indexOf(total->models.at(m))));
                    // Empty cells are empty in every file: they are whole-run failures.
                    QCOMPARE(v.has_value(), t.has_value());
                    all = all && v.has_value();
                    if (v) {
                        weighted += *v * task.distinct(d);
                        weightedRaw += *v * task.texts[d].size();
                    }
                }
                if (!t) {
                    ++empty;
                    continue;
                }
                QVERIFY(all);
                const double dev = std::fabs(weighted / task.distinctTotal() - *t);
                QVERIFY2(dev < 2e-6,
                         qPrintable(u"idx %1 %2: %3"_s.arg(row.idx, total->models.at(m)).arg(dev)));
                maxDeviation = std::max(maxDeviation, dev);
                const int raw
                    = int(task.texts[0].size() + task.texts[1].size() + task.texts[2].size());
                maxDeviationWithDuplicates
                    = std::max(maxDeviationWithDuplicates, std::fabs(weightedRaw / raw - *t));
                ++checked;
            }
        }
        QCOMPARE(checked, 912);
        QCOMPARE(empty, 12);
        // Without collapsing idx 116's repeats the formula would not hold.
        QVERIFY(maxDeviationWithDuplicates > 1e-3);
        qInfo("912 cells: item-weighted total holds, max deviation %.3g", maxDeviation);
    }
};

QTEST_GUILESS_MAIN(TestDrb2Scoring)
#include "tst_drb2scoring.moc"
