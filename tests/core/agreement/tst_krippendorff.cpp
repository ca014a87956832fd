// Krippendorff's alpha against the published and recomputed vectors of prior-art §3.2, the
// undefined cases, and the equivalence of reweighting with duplicating units.
#include "agreement/krippendorff.h"
#include "agreementtestdata.h"

#include <QTest>

using namespace Rubricate;
using namespace AgreementTest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(Rubricate::AlphaLevel)

namespace {

constexpr double Tolerance = 1e-6;

void expectAlpha(const LabelTable &table, AlphaLevel level, double expected)
{
    const StatResult r = krippendorffAlpha(table, level);
    QVERIFY2(r.isDefined(), qPrintable(r.undefinedReason));
    QVERIFY2(std::abs(*r.value - expected) < Tolerance,
             qPrintable(u"%1 alpha %2, expected %3"_s.arg(alphaLevelName(level))
                            .arg(*r.value, 0, 'f', 9)
                            .arg(expected, 0, 'f', 9)));
}

const AlphaLevel allLevels[]
    = {AlphaLevel::Nominal, AlphaLevel::Ordinal, AlphaLevel::Interval, AlphaLevel::Ratio};

} // namespace

class TestKrippendorff : public QObject
{
    Q_OBJECT

private slots:
    void canonical_data()
    {
        QTest::addColumn<AlphaLevel>("level");
        QTest::addColumn<double>("expected");
        QTest::newRow("nominal 113/152") << AlphaLevel::Nominal << 113.0 / 152.0;
        QTest::newRow("ordinal") << AlphaLevel::Ordinal << 108577.0 / 133160.0;
        QTest::newRow("interval 951/1120") << AlphaLevel::Interval << 951.0 / 1120.0;
        QTest::newRow("ratio") << AlphaLevel::Ratio << 18222619.0 / 22852465.0;
    }
    void canonical()
    {
        QFETCH(AlphaLevel, level);
        QFETCH(double, expected);
        expectAlpha(AgreementTest::canonical(), level, expected);
        // The published three decimals, as a reader would check them.
        const double published[] = {0.743, 0.815, 0.849, 0.797};
        QCOMPARE(std::round(*krippendorffAlpha(AgreementTest::canonical(), level).value * 1000)
                     / 1000,
                 published[int(level)]);
        // Unit 12 has a single value and is not pairable.
        QCOMPARE(krippendorffAlpha(AgreementTest::canonical(), level).n, 11);
    }

    void canonicalCoincidences()
    {
        const QList<double> o = coincidenceMatrix(AgreementTest::canonical());
        const double third = 1.0 / 3, fourThirds = 4.0 / 3;
        const QList<double> expected{7,          fourThirds, third,      third, 0, //
                                     fourThirds, 10,         fourThirds, third, 0, //
                                     third,      fourThirds, 8,          third, 0, //
                                     third,      third,      third,      4,     0, //
                                     0,          0,          0,          0,     3};
        QCOMPARE(o.size(), expected.size());
        for (qsizetype i = 0; i < o.size(); ++i)
            QVERIFY2(std::abs(o.at(i) - expected.at(i)) < 1e-12, qPrintable(QString::number(i)));
        double n = 0;
        for (double v : o)
            n += v;
        QVERIFY(std::abs(n - 40) < 1e-12); // pairable values
    }

    void otherVectors_data()
    {
        QTest::addColumn<int>("data");
        QTest::addColumn<AlphaLevel>("level");
        QTest::addColumn<double>("expected");
        QTest::newRow("3x15 nominal") << 0 << AlphaLevel::Nominal << 56.0 / 81.0;
        QTest::newRow("3x15 ordinal") << 0 << AlphaLevel::Ordinal << 112173.0 / 139048.0;
        QTest::newRow("3x15 interval") << 0 << AlphaLevel::Interval << 643.0 / 793.0;
        QTest::newRow("3x15 ratio") << 0 << AlphaLevel::Ratio << 90503.0 / 111878.0;
        QTest::newRow("3x10 nominal") << 1 << AlphaLevel::Nominal << 479.0 / 682.0;
        QTest::newRow("3x10 ordinal") << 1 << AlphaLevel::Ordinal << 52547.0 / 63045.0;
        QTest::newRow("3x10 interval") << 1 << AlphaLevel::Interval << 1156.0 / 1301.0;
        QTest::newRow("3x10 ratio") << 1 << AlphaLevel::Ratio << 66767.0 / 85124.0;
    }
    void otherVectors()
    {
        QFETCH(int, data);
        QFETCH(AlphaLevel, level);
        QFETCH(double, expected);
        expectAlpha(data == 0 ? wikipedia3x15() : complete3x10(), level, expected);
    }

    void oolong96()
    {
        // Units (2,1,1), (2,2,1) ×3, (2,2,2) ×6: R's irr gives 0.056 without NAs.
        QList<QList<double>> units{{2, 1, 1}};
        for (int i = 0; i < 3; ++i)
            units.append({2, 2, 1});
        for (int i = 0; i < 6; ++i)
            units.append({2, 2, 2});
        expectAlpha(byUnit(units), AlphaLevel::Nominal, 0.072);
    }

    void fastKrippendorff11IsZero()
    {
        // One disagreement in almost invariant data makes D_o equal D_e: alpha is 0, not
        // undefined and not negative.
        const LabelTable table = byRater({{3, 3, 3, 3, 3},
                                          {3, 3, 3, 3, 3},
                                          {3, 3, NA, NA, 3},
                                          {3, 3, 3, 3, 1},
                                          {3, NA, 3, 3, 3}});
        expectAlpha(table, AlphaLevel::Nominal, 0.0);
    }

    void perfectAgreementIsOne()
    {
        const LabelTable table = byRater({{1, 2, 3, NA}, {1, 2, 3, 2}, {NA, 2, 3, 2}});
        for (AlphaLevel level : allLevels)
            expectAlpha(table, level, 1.0);
    }

    void identicalValuesAreUndefined()
    {
        // Everyone says "Satisfied": NLTK would return 1.
        const LabelTable table = byRater({{1, 1, 1}, {1, 1, 1}}, {0, 0.5, 1});
        for (AlphaLevel level : allLevels) {
            const StatResult r = krippendorffAlpha(table, level);
            QVERIFY(!r.isDefined());
            QCOMPARE(r.undefinedReason, UndefinedReason::identicalValues());
            QCOMPARE(r.n, 3);
        }
    }

    void secondValueOnlyInUnpairableUnit()
    {
        const LabelTable table = byRater({{1, 1, 0}, {1, 1, NA}});
        const StatResult r = krippendorffAlpha(table, AlphaLevel::Nominal);
        QVERIFY(!r.isDefined());
        QCOMPARE(r.undefinedReason, UndefinedReason::identicalValues());
    }

    void noPairableUnit()
    {
        const LabelTable table = byRater({{1, NA, 0}, {NA, 1, NA}});
        const StatResult r = krippendorffAlpha(table, AlphaLevel::Interval);
        QVERIFY(!r.isDefined());
        QCOMPARE(r.undefinedReason, UndefinedReason::noPairableUnit());
        QCOMPARE(r.n, 0);
    }

    void singleRater()
    {
        const StatResult r = krippendorffAlpha(byRater({{1, 0, 1}}), AlphaLevel::Nominal);
        QVERIFY(!r.isDefined());
        QCOMPARE(r.undefinedReason, UndefinedReason::fewerThanTwoRaters());
    }

    void emptyTable()
    {
        const StatResult r
            = krippendorffAlpha(LabelTable({0, 1}, {u"a"_s, u"b"_s}), AlphaLevel::Nominal);
        QVERIFY(!r.isDefined());
        QCOMPARE(r.undefinedReason, UndefinedReason::emptyTable());
        QVERIFY(!krippendorffAlpha(LabelTable(), AlphaLevel::Ordinal).isDefined());
    }

    void ratioRefusesNegativeValues()
    {
        // DRB-II codes: 1 against −1 would divide by zero.
        LabelTable table = LabelTable::forScale(VerdictScale::Drb2Tristate, {u"a"_s, u"b"_s});
        const QList<std::pair<double, double>> pairs{{1, 1}, {0, 0}, {-1, 1}, {1, 0}};
        for (qsizetype u = 0; u < pairs.size(); ++u) {
            table.set(u"u%1"_s.arg(u), u"a"_s, pairs.at(u).first);
            table.set(u"u%1"_s.arg(u), u"b"_s, pairs.at(u).second);
        }
        const StatResult r = krippendorffAlpha(table, AlphaLevel::Ratio);
        QVERIFY(!r.isDefined());
        QCOMPARE(r.undefinedReason, UndefinedReason::negativeRatioValue());
        QVERIFY(krippendorffAlpha(table, AlphaLevel::Nominal).isDefined());
    }

    void ratioZeroAgainstZero()
    {
        // 0 against 0 is no difference; 0 against anything positive is the largest one.
        const LabelTable table = byRater({{0, 0, 2, 4}, {0, 1, 2, 4}});
        const StatResult r = krippendorffAlpha(table, AlphaLevel::Ratio);
        QVERIFY(r.isDefined());
        QVERIFY(*r.value < 1.0);
    }

    void ordinalIgnoresUnusedCategoriesAndSpacing()
    {
        const double base
            = *krippendorffAlpha(AgreementTest::canonical(), AlphaLevel::Ordinal).value;
        // An unused category anywhere in the order has n_g = 0 and changes no rank.
        const double widened
            = *krippendorffAlpha(AgreementTest::canonical({0, 1, 2, 2.5, 3, 4, 5, 9}),
                                 AlphaLevel::Ordinal)
                   .value;
        QVERIFY(std::abs(base - widened) < 1e-12);
        // Any increasing relabelling gives the same ordinal alpha.
        const LabelTable canonicalTable = AgreementTest::canonical();
        const LabelTable stretched = mapped(canonicalTable, [](double v) { return v * v * 10; });
        QVERIFY(std::abs(base - *krippendorffAlpha(stretched, AlphaLevel::Ordinal).value) < 1e-12);
        QVERIFY(std::abs(*krippendorffAlpha(stretched, AlphaLevel::Interval).value - 951.0 / 1120.0)
                > 1e-3);
    }

    void multiplicityEqualsDuplicatedUnits()
    {
        // A bootstrap draw reweights units; it must equal the table with units repeated.
        const LabelTable table = AgreementTest::canonical();
        const std::vector<int> multiplicity{2, 0, 1, 3, 0, 1, 1, 2, 0, 1, 4, 5};
        LabelTable repeated(table.categories(), table.raters());
        for (qsizetype u = 0; u < table.unitCount(); ++u) {
            for (int copy = 0; copy < multiplicity[size_t(u)]; ++copy) {
                const qsizetype unit = repeated.addUnit(u"%1-%2"_s.arg(u).arg(copy));
                for (qsizetype r = 0; r < table.raterCount(); ++r)
                    repeated.setValue(unit, r, table.value(u, r));
            }
        }
        for (AlphaLevel level : allLevels) {
            const StatResult weighted = KrippendorffAlpha(table, level)(multiplicity);
            const StatResult direct = krippendorffAlpha(repeated, level);
            QVERIFY(weighted.isDefined() && direct.isDefined());
            QVERIFY2(std::abs(*weighted.value - *direct.value) < 1e-12,
                     qPrintable(alphaLevelName(level)));
            QCOMPARE(weighted.n, direct.n);
        }
        // A draw without any pairable unit is undefined, not an error.
        const std::vector<int> none(12, 0);
        QCOMPARE(KrippendorffAlpha(table, AlphaLevel::Nominal)(none).undefinedReason,
                 UndefinedReason::noPairableUnit());
    }

    void nominalIgnoresCategoryOrder()
    {
        const LabelTable table = AgreementTest::canonical();
        const LabelTable reversed = mapped(table, [](double v) { return -v; });
        QVERIFY(std::abs(*krippendorffAlpha(reversed, AlphaLevel::Nominal).value - 113.0 / 152.0)
                < Tolerance);
        QVERIFY(std::abs(*krippendorffAlpha(reversed, AlphaLevel::Interval).value - 951.0 / 1120.0)
                < Tolerance);
    }
};

QTEST_GUILESS_MAIN(TestKrippendorff)
#include "tst_krippendorff.moc"
