// computeAlignment on hand-made rating rows: who is compared with whom, the majority and its
// ties, judge errors, filters, subsets, the binary collapse, the breakdown, the disagreement
// list, agreement with the statistics computed directly, and reproducible intervals.
#include "agreement/kappa.h"
#include "alignment/alignment.h"
#include "alignmenttestdata.h"

#include <QTest>

using namespace Rubricate;
using namespace AlignmentTest;
using namespace Qt::StringLiterals;

namespace {

AlignmentOptions baseOptions()
{
    AlignmentOptions o;
    o.benchmarkKey = u"drb2"_s;
    o.intervals = false;
    return o;
}

std::optional<double> cell(const AlignmentReport &report, const QString &unit, const QString &rater)
{
    return report.table.value(report.table.unitIndex(unit), report.table.raterIndex(rater));
}

const Comparison *find(const AlignmentReport &report, const QString &a, const QString &b)
{
    for (const Comparison &c : report.comparisons) {
        if (c.raterA == a && c.raterB == b)
            return &c;
    }
    return nullptr;
}

// Every interval bound of every comparison, in order.
QList<std::optional<double>> bounds(const AlignmentReport &report)
{
    QList<std::optional<double>> out;
    for (const Comparison &c : report.comparisons) {
        for (const Estimate *e : {&c.percent, &c.kappa, &c.macroF1, &c.alpha})
            out << e->lower << e->upper;
    }
    return out;
}

} // namespace

class TestAlignment : public QObject
{
    Q_OBJECT

private slots:
    void everyoneIsCompared()
    {
        const AlignmentReport r = computeAlignment(ratingRows(), baseOptions());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QCOMPARE(r.judges, (QStringList{u"run:2"_s, u"run:1"_s})); // newest first
        QCOMPARE(r.annotators, (QStringList{u"human:ada"_s, u"human:bob"_s, u"human:cy"_s}));
        QCOMPARE(r.mainJudge, u"run:2"_s);
        QCOMPARE(r.mainHuman, HumanMajority);
        // Per run: the majority and three people; three pairs of people; one pair of runs.
        QCOMPARE(r.comparisons.size(), 2 * 4 + 3 + 1);
        QVERIFY(find(r, u"run:2"_s, u"run:1"_s));
        QCOMPARE(find(r, u"human:ada"_s, u"human:cy"_s)->kind, u"human-human"_s);
        QCOMPARE(r.raterNames.value(u"run:2"_s), u"judge \"B\", newer"_s);
        QCOMPARE(r.table.unitCount(), 12);
        QCOMPARE(r.table.raters().constLast(), HumanMajority);
        QCOMPARE(r.categories, (QList<double>{-1, 0, 1}));
        QCOMPARE(r.alphaByLevel.size(), 4);
        QVERIFY(r.annotatorsAlpha.point.isDefined());
    }

    void majorityTiesAreCountedAndLeftOut()
    {
        const AlignmentReport r = computeAlignment(ratingRows(), baseOptions());
        QCOMPARE(r.majorityTies, 1);
        QVERIFY(!cell(r, u"1:13"_s, HumanMajority)); // ada 1 against bob 0
        QVERIFY(!cell(r, u"4:23"_s, HumanMajority)); // nobody labelled it
        QCOMPARE(cell(r, u"2:13"_s, HumanMajority), std::optional<double>(-1));
        QCOMPARE(cell(r, u"4:22"_s, HumanMajority), std::optional<double>(0));
        // Twelve items: the tie, the unlabelled item and the judge error are not paired.
        QCOMPARE(r.mainComparison()->n, 9);
    }

    void judgeErrorsAreCountedNeverPaired()
    {
        const AlignmentReport r = computeAlignment(ratingRows(), baseOptions());
        QCOMPARE(r.judgeErrors, 1);
        QVERIFY(!cell(r, u"2:11"_s, u"run:2"_s));
        QCOMPARE(cell(r, u"2:11"_s, u"run:1"_s), std::optional<double>(1));
        // ada labelled eleven items; run 2 has an error on one of them, run 1 none.
        QCOMPARE(find(r, u"run:2"_s, u"human:ada"_s)->n, 10);
        QCOMPARE(find(r, u"run:1"_s, u"human:ada"_s)->n, 11);
    }

    void filtersAndSubset()
    {
        AlignmentOptions o = baseOptions();
        o.filters.insert(RatingAttribute::Dimension, u"analysis"_s);
        AlignmentReport r = computeAlignment(ratingRows(), o);
        QCOMPARE(r.table.unitCount(), 4);
        for (const QString &unit : {u"1:13"_s, u"2:13"_s, u"3:23"_s, u"4:23"_s})
            QVERIFY2(r.table.unitIndex(unit) >= 0, qPrintable(unit));

        o = baseOptions();
        o.filters.insert(RatingAttribute::Model, u"m1"_s);
        r = computeAlignment(ratingRows(), o);
        QCOMPARE(r.table.unitCount(), 6);
        QCOMPARE(r.judgeErrors, 0); // the error is on model m2's report
        o.filters.insert(RatingAttribute::Dimension, u"analysis"_s);
        QCOMPARE(computeAlignment(ratingRows(), o).table.unitCount(), 2);
        o.filters.insert(RatingAttribute::Model, QString()); // empty: lets everything through
        QCOMPARE(computeAlignment(ratingRows(), o).table.unitCount(), 4);

        o = baseOptions();
        o.subset = {{1, 11}, {3, 21}};
        r = computeAlignment(ratingRows(), o);
        QCOMPARE(r.table.unitCount(), 2);
        QCOMPARE(r.mainComparison()->n, 2);

        o = baseOptions();
        o.filters.insert(RatingAttribute::Task, u"no such task"_s);
        QVERIFY(!computeAlignment(ratingRows(), o).error.isEmpty());
    }

    void binaryCollapseChangesCategories()
    {
        AlignmentOptions o = baseOptions();
        o.collapse = LabelCollapse::Drb2Binary;
        const AlignmentReport r = computeAlignment(ratingRows(), o);
        QCOMPARE(r.categories, (QList<double>{0, 1}));
        QCOMPARE(r.mainComparison()->confusion.categories, (QList<double>{0, 1}));
        QCOMPARE(cell(r, u"2:13"_s, u"run:2"_s), std::optional<double>(0)); // was −1
        QCOMPARE(cell(r, u"2:13"_s, HumanMajority), std::optional<double>(0));
        // 4:22 was −1 against a majority of 0; both are "not met" now.
        QCOMPARE(r.disagreements.size(), 1);
        QCOMPARE(r.majorityTies, 1);
    }

    void breakdownGroups()
    {
        AlignmentReport r = computeAlignment(ratingRows(), baseOptions());
        QCOMPARE(r.breakdown.size(), 2);
        QCOMPARE(r.breakdown.at(0).group, u"analysis"_s);
        QCOMPARE(r.breakdown.at(0).n, 2);
        QCOMPARE(r.breakdown.at(1).group, u"info_recall"_s);
        QCOMPARE(r.breakdown.at(1).n, 7);

        AlignmentOptions o = baseOptions();
        o.breakdown = RatingAttribute::Task;
        r = computeAlignment(ratingRows(), o);
        QCOMPARE(r.breakdown.size(), 2);
        QCOMPARE(r.breakdown.at(0).group, u"t1"_s);
        QCOMPARE(r.breakdown.at(0).n, 4);
        QCOMPARE(r.breakdown.at(1).group, u"t2"_s);
        QCOMPARE(r.breakdown.at(1).n, 5);
    }

    void disagreementsOfTheMainComparison()
    {
        const AlignmentReport r = computeAlignment(ratingRows(), baseOptions());
        QCOMPARE(r.disagreements.size(), 2);
        const Disagreement &first = r.disagreements.at(0);
        QCOMPARE(first.reportId, 3);
        QCOMPARE(first.rubricId, 22);
        QCOMPARE(first.task, u"t2"_s);
        QCOMPARE(first.model, u"m1"_s);
        QCOMPARE(first.dimension, u"info_recall"_s);
        QCOMPARE(first.judge, 1.0);
        QCOMPARE(first.human, 0.0);
        QCOMPARE(first.annotators, 3);
        QCOMPARE(r.disagreements.at(1).rubricId, 22);
        QCOMPARE(r.disagreements.at(1).judge, -1.0);
    }

    void kappaEqualsTheDirectComputation()
    {
        const AlignmentReport r = computeAlignment(ratingRows(), baseOptions());
        // Run 2 against the majority on the nine paired items, as worked out in the table.
        const QList<std::pair<double, double>> pairs{{1, 1}, {1, 1}, {0, 0}, {-1, -1}, {1, 1},
                                                     {1, 0}, {1, 1}, {0, 0}, {-1, 0}};
        LabelTable direct
            = LabelTable::forScale(VerdictScale::Drb2Tristate, {u"judge"_s, u"people"_s});
        for (const auto &[j, h] : pairs) {
            const qsizetype u = direct.addUnit(QString::number(direct.unitCount()));
            direct.setValue(u, 0, j);
            direct.setValue(u, 1, h);
        }
        const Comparison *main = r.mainComparison();
        QVERIFY(main);
        QCOMPARE(main->kappa.point.value, cohenKappa(direct, 0, 1).value);
        // (7/9 − 30/81) / (1 − 30/81)
        QCOMPARE(*main->kappa.point.value, 33.0 / 51.0);
        QCOMPARE(*main->percent.point.value, 7.0 / 9.0);
        QCOMPARE(main->confusion.total(), 9);
        QCOMPARE(main->confusion.agreements(), 7);
    }

    void otherJudgeAndAnnotator()
    {
        AlignmentOptions o = baseOptions();
        o.judge = u"run:1"_s;
        o.human = u"human:ada"_s;
        const AlignmentReport r = computeAlignment(ratingRows(), o);
        QCOMPARE(r.mainComparison()->raterA, u"run:1"_s);
        QCOMPARE(r.mainComparison()->raterB, u"human:ada"_s);
        QCOMPARE(r.mainComparison()->n, 11);
    }

    void annotatorsAloneWithoutAJudge()
    {
        const AlignmentReport r = computeAlignment(ratingRows(false), baseOptions());
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.annotatorsOnly);
        QVERIFY(r.judges.isEmpty());
        QVERIFY(r.mainJudge.isEmpty());
        QVERIFY(!r.mainComparison());
        // Three pairs of people, nothing else: no majority, no breakdown, no disagreements.
        QCOMPARE(r.comparisons.size(), 3);
        for (const Comparison &c : r.comparisons)
            QCOMPARE(c.kind, u"human-human"_s);
        QCOMPARE(r.table.raterIndex(HumanMajority), -1);
        QVERIFY(r.breakdown.isEmpty());
        QVERIFY(r.disagreements.isEmpty());
        // 4:23 nobody labelled; of the other eleven, 1:13 and 3:21 lack cy.
        QCOMPARE(r.table.unitCount(), 11);
        QCOMPARE(r.itemsByAnnotatorCount, (QMap<int, qsizetype>{{2, 2}, {3, 9}}));
        QVERIFY(!r.annotatorsFleiss.point.isDefined());
        QCOMPARE(r.annotatorsFleiss.point.undefinedReason,
                 UndefinedReason::unequalRatingsPerUnit());
        QVERIFY(r.annotatorsAlpha.point.isDefined());
        // Each one's labels in the order −1, 0, 1, counted down the table's columns.
        QCOMPARE(r.annotatorLabels.size(), 3);
        QCOMPARE(r.annotatorLabels.at(0).rater, u"human:ada"_s);
        QCOMPARE(r.annotatorLabels.at(0).items, 11);
        QCOMPARE(r.annotatorLabels.at(0).perCategory, (QList<qsizetype>{1, 4, 6}));
        QCOMPARE(r.annotatorLabels.at(1).perCategory, (QList<qsizetype>{1, 5, 5}));
        QCOMPARE(r.annotatorLabels.at(2).items, 9);
        QCOMPARE(r.annotatorLabels.at(2).perCategory, (QList<qsizetype>{1, 4, 4}));
        // Alpha of the people alone at each level, the judge nowhere.
        QCOMPARE(r.alphaByLevel.size(), 4);

        // The people's numbers are those of the report with judges.
        const AlignmentReport withJudges = computeAlignment(ratingRows(), baseOptions());
        QCOMPARE(r.annotatorsAlpha.point.value, withJudges.annotatorsAlpha.point.value);
        for (const Comparison &c : r.comparisons) {
            const Comparison *same = find(withJudges, c.raterA, c.raterB);
            QVERIFY(same);
            QCOMPARE(c.n, same->n);
            QCOMPARE(c.kappa.point.value, same->kappa.point.value);
            QCOMPARE(c.alpha.point.value, same->alpha.point.value);
        }
        QCOMPARE(r.annotatorLabels.at(1).perCategory, withJudges.annotatorLabels.at(1).perCategory);
    }

    void annotatorsOnlyLeavesJudgesOut()
    {
        AlignmentOptions o = baseOptions();
        o.annotatorsOnly = true;
        const AlignmentReport r = computeAlignment(ratingRows(), o);
        QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
        QVERIFY(r.annotatorsOnly);
        QVERIFY(r.judges.isEmpty());
        QCOMPARE(r.table.raters(), (QStringList{u"human:ada"_s, u"human:bob"_s, u"human:cy"_s}));
        QCOMPARE(r.comparisons.size(), 3);
        QCOMPARE(r.judgeErrors, 0); // the judges' rows are not read at all
        QCOMPARE(r.table.unitCount(), 11);
    }

    void fleissWhereEveryItemHasAsManyLabels()
    {
        // The nine items all three labelled.
        AlignmentOptions o = baseOptions();
        for (const Item &i : items()) {
            if (!std::isnan(i.ada) && !std::isnan(i.bob) && !std::isnan(i.cy))
                o.subset.insert({i.report, i.rubric});
        }
        QCOMPARE(o.subset.size(), 9);
        const AlignmentReport r = computeAlignment(ratingRows(false), o);
        QCOMPARE(r.itemsByAnnotatorCount, (QMap<int, qsizetype>{{3, 9}}));
        QVERIFY2(r.annotatorsFleiss.point.isDefined(),
                 qPrintable(r.annotatorsFleiss.point.undefinedReason));
        QCOMPARE(r.annotatorsFleiss.point.value, fleissKappa(r.table).value);
    }

    void annotatorsAloneNeedTwo()
    {
        QList<RatingRow> ada;
        for (const RatingRow &row : ratingRows())
            if (row.rater == u"human:ada"_s || row.judge)
                ada << row;
        AlignmentOptions o = baseOptions();
        o.annotatorsOnly = true;
        const AlignmentReport r = computeAlignment(ada, o);
        QVERIFY(r.error.contains(u"at least two"_s));
        QVERIFY(r.comparisons.isEmpty());
        // Without judges, the same, and the error says there is no judge either.
        ada.removeIf([](const RatingRow &row) { return row.judge; });
        const AlignmentReport noJudge = computeAlignment(ada, baseOptions());
        QVERIFY(noJudge.error.contains(u"No judge run"_s));
        QVERIFY(noJudge.error.contains(u"1 annotator(s)"_s));
    }

    void intervalsAreReproducible()
    {
        AlignmentOptions o = baseOptions();
        o.intervals = true;
        o.bootstrap.draws = 200;
        o.bootstrap.seed = 11;
        const AlignmentReport a = computeAlignment(ratingRows(), o);
        const AlignmentReport b = computeAlignment(ratingRows(), o);
        const Comparison *main = a.mainComparison();
        QVERIFY(main->kappa.lower && main->kappa.upper);
        QVERIFY(*main->kappa.lower <= *main->kappa.point.value);
        QVERIFY(*main->kappa.upper >= *main->kappa.point.value);
        QCOMPARE(bounds(a), bounds(b));
        QCOMPARE(a.breakdown.at(1).kappa.lower, b.breakdown.at(1).kappa.lower);

        o.bootstrap.seed = 12;
        QVERIFY(bounds(computeAlignment(ratingRows(), o)) != bounds(a));

        o.intervals = false;
        const AlignmentReport none = computeAlignment(ratingRows(), o);
        QVERIFY(!none.mainComparison()->kappa.lower);
    }
};

QTEST_GUILESS_MAIN(TestAlignment)
#include "tst_alignment.moc"
