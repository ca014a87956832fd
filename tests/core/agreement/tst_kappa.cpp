// Cohen's kappa (unweighted, linear, quadratic) and Fleiss' kappa on textbook examples, their
// undefined cases, and Fleiss' refusal of units with different numbers of ratings.
#include "agreement/kappa.h"
#include "agreementtestdata.h"

#include <QTest>

using namespace Rubricate;
using namespace AgreementTest;
using namespace Qt::StringLiterals;

namespace {

// Two raters from a confusion matrix: cells[a][b] units where A said a and B said b.
LabelTable fromConfusion(const QList<QList<int>> &cells, const QList<double> &categories)
{
    LabelTable table(categories, {u"A"_s, u"B"_s});
    int unit = 0;
    for (qsizetype a = 0; a < cells.size(); ++a) {
        for (qsizetype b = 0; b < cells.at(a).size(); ++b) {
            for (int i = 0; i < cells.at(a).at(b); ++i) {
                const qsizetype u = table.addUnit(u"u%1"_s.arg(unit++));
                table.setValue(u, 0, categories.at(a));
                table.setValue(u, 1, categories.at(b));
            }
        }
    }
    return table;
}

void expectValue(const StatResult &r, double expected, double tolerance = 1e-9)
{
    QVERIFY2(r.isDefined(), qPrintable(r.undefinedReason));
    QVERIFY2(std::abs(*r.value - expected) < tolerance,
             qPrintable(u"%1, expected %2"_s.arg(*r.value, 0, 'f', 9).arg(expected, 0, 'f', 9)));
}

// Fleiss (1971) as on Wikipedia: 10 subjects, 14 raters, 5 categories.
const QList<QList<int>> fleissCounts{
    {0, 0, 0, 0, 14}, {0, 2, 6, 4, 2}, {0, 0, 3, 5, 6}, {0, 3, 9, 2, 0}, {2, 2, 8, 1, 1},
    {7, 7, 0, 0, 0},  {3, 2, 6, 3, 0}, {2, 5, 3, 2, 2}, {6, 5, 2, 1, 0}, {0, 2, 2, 3, 7}};

} // namespace

class TestKappa : public QObject
{
    Q_OBJECT

private slots:
    void cohenTwoByTwo()
    {
        // Wikipedia: YY 20, YN 5, NY 10, NN 15 → p_o 0.70, p_e 0.50, κ 0.40.
        const LabelTable table = fromConfusion({{15, 10}, {5, 20}}, {0, 1});
        const StatResult r = cohenKappa(table, 0, 1);
        expectValue(r, 0.40);
        QCOMPARE(r.n, 50);
        // With two categories every weighting is the same statistic.
        expectValue(cohenKappa(table, 0, 1, KappaWeighting::Linear), 0.40);
        expectValue(cohenKappa(table, 0, 1, KappaWeighting::Quadratic), 0.40);
        // Symmetric in the raters.
        expectValue(cohenKappa(table, 1, 0), 0.40);
    }

    void cohenThreeByThree()
    {
        // Computed by hand in exact fractions from (p_o − p_e) / (1 − p_e) with agreement
        // weights 1, 1 − |i−j|/(k−1) and 1 − (i−j)²/(k−1)²: 43/83, 62/107 and 20/31.
        const LabelTable table = fromConfusion({{10, 4, 1}, {3, 12, 5}, {1, 2, 12}}, {0, 0.5, 1});
        expectValue(cohenKappa(table, 0, 1, KappaWeighting::Unweighted), 43.0 / 83.0);
        expectValue(cohenKappa(table, 0, 1, KappaWeighting::Linear), 62.0 / 107.0);
        expectValue(cohenKappa(table, 0, 1, KappaWeighting::Quadratic), 20.0 / 31.0);
    }

    void weightsFollowCategoryPositions()
    {
        // An unused middle category still spaces the others apart, as scikit-learn does when
        // given the full label list: 0 against 1 is two steps on the ternary scale.
        const LabelTable ternary = fromConfusion({{5, 0, 2}, {0, 0, 0}, {1, 0, 6}}, {0, 0.5, 1});
        const LabelTable binary = fromConfusion({{5, 2}, {1, 6}}, {0, 1});
        expectValue(cohenKappa(ternary, 0, 1), *cohenKappa(binary, 0, 1).value);
        expectValue(cohenKappa(ternary, 0, 1, KappaWeighting::Linear),
                    *cohenKappa(binary, 0, 1).value);
    }

    void cohenIgnoresUnitsRatedOnce()
    {
        LabelTable table = fromConfusion({{15, 10}, {5, 20}}, {0, 1});
        const qsizetype extra = table.addUnit(u"only A"_s);
        table.setValue(extra, 0, 1);
        const StatResult r = cohenKappa(table, 0, 1);
        expectValue(r, 0.40);
        QCOMPARE(r.n, 50);
    }

    void cohenUndefined()
    {
        // Both raters constant and equal: p_e = 1.
        const LabelTable same = fromConfusion({{0, 0}, {0, 8}}, {0, 1});
        for (auto w :
             {KappaWeighting::Unweighted, KappaWeighting::Linear, KappaWeighting::Quadratic}) {
            const StatResult r = cohenKappa(same, 0, 1, w);
            QVERIFY(!r.isDefined());
            QCOMPARE(r.undefinedReason, UndefinedReason::identicalValues());
            QCOMPARE(r.n, 8);
        }
        // Constant but different: no agreement at all, which is a number.
        expectValue(cohenKappa(fromConfusion({{0, 8}, {0, 0}}, {0, 1}), 0, 1), 0.0);

        const LabelTable apart = byRater({{1, NA}, {NA, 0}});
        QCOMPARE(cohenKappa(apart, 0, 1).undefinedReason, UndefinedReason::noPairableUnit());
        QCOMPARE(cohenKappa(apart, 0, 0).undefinedReason, UndefinedReason::noSuchRater());
        QCOMPARE(cohenKappa(apart, 0, 5).undefinedReason, UndefinedReason::noSuchRater());
        QCOMPARE(cohenKappa(byRater({{1, 0}}), 0, 1).undefinedReason,
                 UndefinedReason::fewerThanTwoRaters());
        QCOMPARE(cohenKappa(LabelTable({0, 1}, {u"a"_s, u"b"_s}), 0, 1).undefinedReason,
                 UndefinedReason::emptyTable());
    }

    void cohenMultiplicity()
    {
        const LabelTable table = fromConfusion({{10, 4, 1}, {3, 12, 5}, {1, 2, 12}}, {0, 0.5, 1});
        std::vector<int> twice(size_t(table.unitCount()), 2);
        const CohenKappa kappa(table, 0, 1, KappaWeighting::Quadratic);
        expectValue(kappa(twice), 20.0 / 31.0);
        QCOMPARE(kappa(twice).n, 100);
    }

    void pairwise()
    {
        const QList<PairwiseKappa> all = pairwiseCohenKappa(complete3x10());
        QCOMPARE(all.size(), 3);
        QCOMPARE(all.at(0).raterA, 0);
        QCOMPARE(all.at(0).raterB, 1);
        QCOMPARE(all.at(2).raterA, 1);
        QCOMPARE(all.at(2).raterB, 2);
        for (const PairwiseKappa &p : all)
            QVERIFY(p.kappa.isDefined());
        expectValue(all.at(0).kappa, *cohenKappa(complete3x10(), 0, 1).value);
    }

    void fleissWikipedia()
    {
        const LabelTable table = fromCounts(fleissCounts, {1, 2, 3, 4, 5});
        const StatResult r = fleissKappa(table);
        // P̄ = 0.3780, P̄_e = 0.2128; exactly 4211/20059.
        expectValue(r, 4211.0 / 20059.0);
        QCOMPARE(std::round(*r.value * 1000) / 1000, 0.210);
        QCOMPARE(r.n, 10);
    }

    void fleissTwoRatersAgainstScott()
    {
        // With two raters Fleiss' kappa is Scott's pi: (p_o − p_e) / (1 − p_e), p_e from the
        // pooled marginals. Table: 20 YY, 5 YN, 10 NY, 15 NN: p_o 0.7, pooled yes 0.55.
        const LabelTable table = fromConfusion({{15, 10}, {5, 20}}, {0, 1});
        const double pe = 0.55 * 0.55 + 0.45 * 0.45;
        expectValue(fleissKappa(table), (0.7 - pe) / (1 - pe));
    }

    void fleissRefusesUnequalRatings()
    {
        const StatResult r = fleissKappa(AgreementTest::canonical());
        QVERIFY(!r.isDefined());
        QCOMPARE(r.undefinedReason, UndefinedReason::unequalRatingsPerUnit());
    }

    void fleissSkipsUnratedUnits()
    {
        LabelTable table = fromCounts(fleissCounts, {1, 2, 3, 4, 5});
        table.addUnit(u"nobody rated this"_s);
        const StatResult r = fleissKappa(table);
        expectValue(r, 4211.0 / 20059.0);
        QCOMPARE(r.n, 10);
    }

    void fleissUndefined()
    {
        QCOMPARE(fleissKappa(byRater({{1, 1}, {1, 1}, {1, 1}})).undefinedReason,
                 UndefinedReason::identicalValues());
        QCOMPARE(fleissKappa(byRater({{1, 0, NA}, {NA, NA, 1}})).undefinedReason,
                 UndefinedReason::singleRatingPerUnit());
        QCOMPARE(fleissKappa(byRater({{1, 0}})).undefinedReason,
                 UndefinedReason::fewerThanTwoRaters());
        QCOMPARE(fleissKappa(LabelTable({0, 1}, {u"a"_s, u"b"_s})).undefinedReason,
                 UndefinedReason::emptyTable());
        LabelTable unrated({0, 1}, {u"a"_s, u"b"_s});
        unrated.addUnit(u"x"_s);
        QCOMPARE(fleissKappa(unrated).undefinedReason, UndefinedReason::noPairableUnit());
    }

    void fleissMultiplicity()
    {
        const LabelTable table = fromCounts(fleissCounts, {1, 2, 3, 4, 5});
        const FleissKappa kappa(table);
        std::vector<int> only(10, 0);
        only[1] = 1; // {0 2 6 4 2} alone
        only[3] = 2; // {0 3 9 2 0} twice
        // The same as a table with those units repeated.
        const LabelTable repeated = fromCounts(
            {fleissCounts.at(1), fleissCounts.at(3), fleissCounts.at(3)}, {1, 2, 3, 4, 5});
        expectValue(kappa(only), *fleissKappa(repeated).value);
        QCOMPARE(kappa(only).n, 3);
    }
};

QTEST_GUILESS_MAIN(TestKappa)
#include "tst_kappa.moc"
