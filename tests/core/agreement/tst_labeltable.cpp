// The label table: categories and codes, building from names, rater selection, pairing, and
// the documented binary collapses of ResearchRubrics and DRB-II.
#include "agreement/labeltable.h"
#include "agreementtestdata.h"

#include <QTest>

using namespace Rubricate;
using namespace AgreementTest;
using namespace Qt::StringLiterals;

class TestLabelTable : public QObject
{
    Q_OBJECT

private slots:
    void categoriesAreSortedAndUnique()
    {
        const LabelTable t({1, 0.5, 0, 1, 0.5});
        QCOMPARE(t.categories(), (QList<double>{0, 0.5, 1}));
        QCOMPARE(LabelTable::forScale(VerdictScale::Drb2Tristate).categories(),
                 (QList<double>{-1, 0, 1}));
        QCOMPARE(LabelTable::forScale(VerdictScale::Ternary).categories(),
                 (QList<double>{0, 0.5, 1}));
        QCOMPARE(LabelTable::forScale(VerdictScale::ZeroToTen).categoryCount(), 11);
        QCOMPARE(t.categoryOf(0.5), 1);
        QCOMPARE(t.categoryOf(0.1 + 0.2 + 0.2), 1);
        QCOMPARE(t.categoryOf(0.7), LabelTable::Missing);
    }

    void valuesOutsideTheCategoriesAreRefused()
    {
        LabelTable t = LabelTable::forScale(VerdictScale::Ternary, {u"a"_s});
        const qsizetype u = t.addUnit(u"x"_s);
        QVERIFY(t.setValue(u, 0, 0.5));
        QVERIFY(!t.setValue(u, 0, 0.7));
        QCOMPARE(t.value(u, 0), std::optional<double>(0.5));
        QVERIFY(!t.set(u"y"_s, u"a"_s, 2.0));
        QCOMPARE(t.unitIndex(u"y"_s), -1); // a refused value adds nothing
        QVERIFY(t.setValue(u, 0, std::nullopt));
        QCOMPARE(t.value(u, 0), std::nullopt);
        QVERIFY(!t.setValue(5, 0, 1.0));
        QVERIFY(!t.setValue(u, 3, 1.0));
    }

    void buildingByName()
    {
        LabelTable t = LabelTable::forScale(VerdictScale::Binary);
        QVERIFY(t.set(u"item 1"_s, u"judge"_s, 1, u"task A"_s));
        QVERIFY(t.set(u"item 2"_s, u"judge"_s, 0, u"task A"_s));
        // A rater added after units keeps every value already there.
        QVERIFY(t.set(u"item 1"_s, u"human"_s, 1));
        QVERIFY(t.set(u"item 3"_s, u"human"_s, 0, u"task B"_s));
        QCOMPARE(t.raters(), (QStringList{u"judge"_s, u"human"_s}));
        QCOMPARE(t.unitCount(), 3);
        QCOMPARE(t.value(0, 0), std::optional<double>(1));
        QCOMPARE(t.value(1, 0), std::optional<double>(0));
        QCOMPARE(t.value(0, 1), std::optional<double>(1));
        QCOMPARE(t.value(1, 1), std::nullopt);
        QCOMPARE(t.value(2, 1), std::optional<double>(0));
        QCOMPARE(t.valuesInUnit(0), 2);
        QCOMPARE(t.valueCount(), 4);
        QCOMPARE(t.addRater(u"judge"_s), 0);
        QCOMPARE(t.addUnit(u"item 2"_s, u"task B"_s), 1); // keeps its first cluster
        QCOMPARE(t.clusterCount(), 2);
        QCOMPARE(t.clusterOf(0), t.clusterOf(1));
        QCOMPARE(t.clusterName(t.clusterOf(2)), u"task B"_s);
    }

    void unitsWithoutClusterAreTheirOwn()
    {
        LabelTable t({0, 1}, {u"a"_s});
        t.addUnit(u"x"_s);
        t.addUnit(u"y"_s);
        t.addUnit(u"z"_s, u"x"_s); // a named cluster "x" is not unit x's own cluster
        QCOMPARE(t.clusterCount(), 3);
        QVERIFY(t.clusterOf(0) != t.clusterOf(2));
        QCOMPARE(t.clusterName(t.clusterOf(0)), QString());
    }

    void pairing()
    {
        const LabelTable t = canonical();
        const QList<PairedLabel> ab = pairedLabels(t, 0, 1);
        QCOMPARE(ab.size(), 9); // units 1–9; A has no value for 10–12
        QCOMPARE(ab.at(5).unit, 5);
        QCOMPARE(ab.at(5).a, 1.0);
        QCOMPARE(ab.at(5).b, 2.0);
        QCOMPARE(pairedLabels(t, 1, 2).size(), 9);
        QVERIFY(pairedLabels(t, 0, 9).isEmpty());
    }

    void selectingRatersKeepsUnitsAndClusters()
    {
        LabelTable t = LabelTable::forScale(VerdictScale::Binary, {u"a"_s, u"b"_s, u"c"_s});
        t.set(u"1"_s, u"a"_s, 1, u"T"_s);
        t.set(u"1"_s, u"c"_s, 0, u"T"_s);
        t.set(u"2"_s, u"b"_s, 1, u"T"_s);
        t.set(u"3"_s, u"c"_s, 1);
        const LabelTable ca = selectRaters(t, {2, 0});
        QCOMPARE(ca.raters(), (QStringList{u"c"_s, u"a"_s}));
        QCOMPARE(ca.unitCount(), 3);
        QCOMPARE(ca.value(0, 0), std::optional<double>(0));
        QCOMPARE(ca.value(0, 1), std::optional<double>(1));
        QCOMPARE(ca.value(1, 0), std::nullopt);
        QCOMPARE(ca.clusterOf(0), ca.clusterOf(1));
        QCOMPARE(ca.clusterCount(), 2);

        const LabelTable pairable = pairableUnits(ca);
        QCOMPARE(pairable.unitCount(), 1);
        QCOMPARE(pairable.unitName(0), u"1"_s);
        QCOMPARE(pairable.clusterName(pairable.clusterOf(0)), u"T"_s);
    }

    void researchRubricsBinaryCollapse()
    {
        const LabelTable t = byRater({{1, 0.5, 0}, {0.5, 0.5, 1}}, {0, 0.5, 1});
        const LabelTable b = collapsed(t, LabelCollapse::ResearchRubricsBinary);
        QCOMPARE(b.categories(), (QList<double>{0, 1}));
        QCOMPARE(b.value(0, 0), std::optional<double>(1));
        QCOMPARE(b.value(1, 0), std::optional<double>(0)); // Partially → Not Satisfied
        QCOMPARE(b.value(0, 1), std::optional<double>(0));
        QCOMPARE(b.value(2, 1), std::optional<double>(1));
        QCOMPARE(b.unitCount(), t.unitCount());
        QCOMPARE(b.raters(), t.raters());
    }

    void drb2BinaryCollapse()
    {
        LabelTable t = LabelTable::forScale(VerdictScale::Drb2Tristate, {u"a"_s, u"b"_s});
        t.set(u"1"_s, u"a"_s, -1);
        t.set(u"1"_s, u"b"_s, 0);
        t.set(u"2"_s, u"a"_s, 1);
        const LabelTable b = collapsed(t, LabelCollapse::Drb2Binary);
        QCOMPARE(b.categories(), (QList<double>{0, 1}));
        QCOMPARE(b.value(0, 0), std::optional<double>(0)); // blocked counts as not met
        QCOMPARE(b.value(0, 1), std::optional<double>(0));
        QCOMPARE(b.value(1, 0), std::optional<double>(1));
        QCOMPARE(b.value(1, 1), std::nullopt);
    }

    void threeWayIsTheIdentity()
    {
        const LabelTable t = canonical();
        const LabelTable same = collapsed(t, LabelCollapse::None);
        QCOMPARE(same.categories(), t.categories());
        for (qsizetype u = 0; u < t.unitCount(); ++u) {
            for (qsizetype r = 0; r < t.raterCount(); ++r)
                QCOMPARE(same.value(u, r), t.value(u, r));
        }
        QVERIFY(collapseName(LabelCollapse::ResearchRubricsBinary).contains(u"Partially"_s));
    }
};

QTEST_GUILESS_MAIN(TestLabelTable)
#include "tst_labeltable.moc"
