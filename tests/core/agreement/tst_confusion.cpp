// Confusion matrices, percent agreement (two raters and many) and class prevalence.
#include "agreement/confusion.h"
#include "agreementtestdata.h"

#include <QTest>

using namespace Rubricate;
using namespace AgreementTest;
using namespace Qt::StringLiterals;

class TestConfusion : public QObject
{
    Q_OBJECT

private slots:
    void matrix()
    {
        const LabelTable t = canonical();
        const ConfusionMatrix m = confusionMatrix(t, 0, 2); // A against C: units 2–9
        QCOMPARE(m.categories, (QList<double>{1, 2, 3, 4, 5}));
        QCOMPARE(m.total(), 8);
        QCOMPARE(m.agreements(), 5);
        QCOMPARE(m.at(1, 2), 1); // unit 2: A 2, C 3
        QCOMPARE(m.at(0, 2), 1); // unit 6: A 1, C 3
        QCOMPARE(m.at(0, 1), 1); // unit 8: A 1, C 2
        QCOMPARE(m.rowTotal(0), 2);
        QCOMPARE(m.columnTotal(2), 4);
        const StatResult p = percentAgreement(m);
        QCOMPARE(*p.value, 5.0 / 8.0);
        QCOMPARE(p.n, 8);
    }

    void pairAgreementUndefinedWithoutPairs()
    {
        const LabelTable t = byRater({{1, NA}, {NA, 1}});
        const StatResult p = percentAgreement(confusionMatrix(t, 0, 1));
        QVERIFY(!p.isDefined());
        QCOMPARE(p.undefinedReason, UndefinedReason::noPairableUnit());
    }

    void manyRaters()
    {
        // Krippendorff's observed agreement: 1 − nominal D_o = 1 − 8/40 on the canonical data.
        const StatResult p = percentAgreement(canonical());
        QVERIFY(std::abs(*p.value - 0.8) < 1e-12);
        QCOMPARE(p.n, 11);
        // Complete data: the mean share of agreeing rater pairs. Three raters, units with
        // 3, 1 and 0 agreeing pairs out of 3.
        const LabelTable complete = byUnit({{1, 1, 1}, {1, 1, 0}, {0, 1, 2}});
        QVERIFY(std::abs(*percentAgreement(complete).value - (1.0 + 1.0 / 3 + 0) / 3) < 1e-12);
        // Two raters: the plain share of agreeing units.
        const LabelTable two = byRater({{1, 0, 1, 1}, {1, 1, 1, NA}});
        QVERIFY(std::abs(*percentAgreement(two).value - 2.0 / 3) < 1e-12);
    }

    void manyRatersMultiplicity()
    {
        const LabelTable complete = byUnit({{1, 1, 1}, {1, 1, 0}, {0, 1, 2}});
        const PercentAgreement agreement(complete);
        const std::vector<int> w{3, 0, 1};
        QVERIFY(std::abs(*agreement(w).value - 3.0 / 4) < 1e-12);
        QCOMPARE(agreement(w).n, 4);
    }

    void manyRatersUndefined()
    {
        QCOMPARE(percentAgreement(byRater({{1, 0}})).undefinedReason,
                 UndefinedReason::fewerThanTwoRaters());
        QCOMPARE(percentAgreement(byRater({{1, NA}, {NA, 0}})).undefinedReason,
                 UndefinedReason::noPairableUnit());
        QCOMPARE(percentAgreement(LabelTable({0, 1}, {u"a"_s, u"b"_s})).undefinedReason,
                 UndefinedReason::emptyTable());
        // Identical values are perfect agreement here: percent agreement is not
        // chance-corrected, which is exactly why it is shown next to kappa and alpha.
        QCOMPARE(percentAgreement(byRater({{1, 1}, {1, 1}})).value, std::optional<double>(1.0));
    }

    void prevalenceOfClasses()
    {
        const LabelTable t = canonical();
        const ClassPrevalence all = prevalence(t);
        QCOMPARE(all.total, 41); // every value, the unpairable one included
        QCOMPARE(all.counts, (QList<qint64>{9, 13, 11, 5, 3}));
        QCOMPARE(*all.share(1), 13.0 / 41.0);
        const ClassPrevalence a = prevalence(t, 0);
        QCOMPARE(a.total, 9);
        QCOMPARE(a.counts, (QList<qint64>{3, 3, 2, 1, 0}));
        const ClassPrevalence none = prevalence(t, 7);
        QCOMPARE(none.total, 0);
        QCOMPARE(none.share(0), std::nullopt);
    }
};

QTEST_GUILESS_MAIN(TestConfusion)
#include "tst_confusion.moc"
