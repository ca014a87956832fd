// Macro-F1 against hand-computed values: pooled and per-task mean, ResearchRubrics' reference
// treatment of classes nobody used and the corrected default, binary and ternary views.
#include "agreement/f1.h"
#include "agreementtestdata.h"

#include <QTest>

using namespace Rubricate;
using namespace AgreementTest;
using namespace Qt::StringLiterals;

namespace {

constexpr double S = 1.0, P = 0.5, N = 0.0; // ternary verdicts

// Human ("gt") and judge ("pred") labels, one cluster per task.
LabelTable ternaryTasks(const QList<std::pair<QList<double>, QList<double>>> &tasks)
{
    LabelTable table = LabelTable::forScale(VerdictScale::Ternary, {u"gt"_s, u"pred"_s});
    for (qsizetype t = 0; t < tasks.size(); ++t) {
        const auto &[gt, pred] = tasks.at(t);
        for (qsizetype i = 0; i < gt.size(); ++i) {
            const qsizetype u = table.addUnit(u"t%1-%2"_s.arg(t).arg(i), u"task %1"_s.arg(t));
            table.setValue(u, 0, gt.at(i));
            table.setValue(u, 1, pred.at(i));
        }
    }
    return table;
}

// prior-art §3.6: gt = [S, S, N, P, S, N], pred = [S, N, N, S, S, N].
const QList<double> gtVector{S, S, N, P, S, N};
const QList<double> predVector{S, N, N, S, S, N};

void expectValue(const StatResult &r, double expected)
{
    QVERIFY2(r.isDefined(), qPrintable(r.undefinedReason));
    QVERIFY2(std::abs(*r.value - expected) < 1e-9,
             qPrintable(u"%1, expected %2"_s.arg(*r.value, 0, 'f', 9).arg(expected, 0, 'f', 9)));
}

const MacroF1Options pooledSkip{MacroF1Averaging::Pooled, AbsentClass::Skip};
const MacroF1Options pooledZero{MacroF1Averaging::Pooled, AbsentClass::CountAsZero};
const MacroF1Options perTaskSkip{MacroF1Averaging::PerClusterMean, AbsentClass::Skip};

} // namespace

class TestF1 : public QObject
{
    Q_OBJECT

private slots:
    void referenceVector()
    {
        // Ternary: S 2·2/(3+3) = 2/3, P 0 (the judge never says it), N 2·2/(2+3) = 4/5;
        // mean 22/45 = 0.488889. Every class is used, so both policies agree.
        const LabelTable table = ternaryTasks({{gtVector, predVector}});
        expectValue(macroF1(table, 0, 1, researchRubricsReferenceF1), 22.0 / 45.0);
        expectValue(macroF1(table, 0, 1, pooledSkip), 22.0 / 45.0);
        expectValue(macroF1(table, 0, 1, pooledZero), 22.0 / 45.0);
        // Binary collapse: S 2/3, N 2/3.
        const LabelTable binary = collapsed(table, LabelCollapse::ResearchRubricsBinary);
        expectValue(macroF1(binary, 0, 1, researchRubricsReferenceF1), 2.0 / 3.0);
        expectValue(macroF1(binary, 0, 1), 2.0 / 3.0);
        QCOMPARE(macroF1(table, 0, 1).n, 6);
    }

    void absentClassAllSatisfied()
    {
        // Both sides say Satisfied throughout. The reference scores the unused Not Satisfied
        // as 0: 0.5 in binary mode, 1/3 in ternary. The default counts only used classes.
        const LabelTable table = ternaryTasks({{{S, S, S}, {S, S, S}}});
        const LabelTable binary = collapsed(table, LabelCollapse::ResearchRubricsBinary);
        expectValue(macroF1(binary, 0, 1, researchRubricsReferenceF1), 0.5);
        expectValue(macroF1(table, 0, 1, researchRubricsReferenceF1), 1.0 / 3.0);
        expectValue(macroF1(binary, 0, 1), 1.0);
        expectValue(macroF1(table, 0, 1, perTaskSkip), 1.0);
    }

    void absentClassPerfectTernaryWithoutPartially()
    {
        const LabelTable table = ternaryTasks({{{S, N, S, N}, {S, N, S, N}}});
        expectValue(macroF1(table, 0, 1, researchRubricsReferenceF1), 2.0 / 3.0);
        expectValue(macroF1(table, 0, 1, perTaskSkip), 1.0);
    }

    void classUsedByOneSideScoresZeroUnderBothPolicies()
    {
        // Only the judge ever says Partially: that is a real error, not an unused class.
        const LabelTable table = ternaryTasks({{{S, S, N}, {S, P, N}}});
        // S 2·1/(2+1) = 2/3, P 0, N 1.
        expectValue(macroF1(table, 0, 1, pooledSkip), (2.0 / 3.0 + 0 + 1) / 3);
        expectValue(macroF1(table, 0, 1, pooledZero), (2.0 / 3.0 + 0 + 1) / 3);
    }

    void perTaskMeanAgainstPooled()
    {
        // Task 0 is the reference vector (22/45), task 1 three Satisfied on both sides.
        const LabelTable table = ternaryTasks({{gtVector, predVector}, {{S, S, S}, {S, S, S}}});
        expectValue(macroF1(table, 0, 1, researchRubricsReferenceF1), (22.0 / 45 + 1.0 / 3) / 2);
        expectValue(macroF1(table, 0, 1, perTaskSkip), (22.0 / 45 + 1.0) / 2);
        // Pooled over the nine items: S 2·5/(6+6), P 0, N 2·2/(2+3): 49/90.
        expectValue(macroF1(table, 0, 1, pooledSkip), 49.0 / 90.0);
        expectValue(macroF1(table, 0, 1, pooledZero), 49.0 / 90.0);
        QCOMPARE(macroF1(table, 0, 1, perTaskSkip).n, 9);
    }

    void pairsByUnitNotPosition()
    {
        // A missing judge verdict drops that item only; the reference would truncate lists.
        LabelTable table = ternaryTasks({{gtVector, predVector}});
        const qsizetype u = table.addUnit(u"unjudged"_s, u"task 0"_s);
        table.setValue(u, 0, N);
        expectValue(macroF1(table, 0, 1, researchRubricsReferenceF1), 22.0 / 45.0);
        QCOMPARE(macroF1(table, 0, 1).n, 6);
    }

    void clusterMultiplicityWeightsTasks()
    {
        const LabelTable table = ternaryTasks({{gtVector, predVector}, {{S, S, S}, {S, S, S}}});
        const MacroF1 f1(table, 0, 1, researchRubricsReferenceF1);
        // Task 0 drawn twice, task 1 once: (2·22/45 + 1/3) / 3.
        std::vector<int> multiplicity(9, 1);
        for (int i = 0; i < 6; ++i)
            multiplicity[size_t(i)] = 2;
        expectValue(f1(multiplicity), (2 * 22.0 / 45 + 1.0 / 3) / 3);
        QCOMPARE(f1(multiplicity).n, 15);
    }

    void perClass()
    {
        const LabelTable table = ternaryTasks({{{S, S, N}, {S, S, N}}});
        const QList<std::optional<double>> f1 = perClassF1(confusionMatrix(table, 0, 1));
        QCOMPARE(f1.size(), 3); // categories ascending: N, P, S
        QCOMPARE(f1.at(0), std::optional<double>(1.0));
        QCOMPARE(f1.at(1), std::nullopt);
        QCOMPARE(f1.at(2), std::optional<double>(1.0));
    }

    void undefined()
    {
        LabelTable table = LabelTable::forScale(VerdictScale::Ternary, {u"gt"_s, u"pred"_s});
        QCOMPARE(macroF1(table, 0, 1).undefinedReason, UndefinedReason::emptyTable());
        table.set(u"a"_s, u"gt"_s, S);
        table.set(u"b"_s, u"pred"_s, S);
        QCOMPARE(macroF1(table, 0, 1).undefinedReason, UndefinedReason::noPairableUnit());
        QCOMPARE(macroF1(table, 0, 1, researchRubricsReferenceF1).undefinedReason,
                 UndefinedReason::noPairableUnit());
        QCOMPARE(macroF1(table, 1, 1).undefinedReason, UndefinedReason::noSuchRater());
        QCOMPARE(macroF1(byRater({{1, 0}}), 0, 1).undefinedReason,
                 UndefinedReason::fewerThanTwoRaters());
    }

    void namesSayWhichVariant()
    {
        const QString reference = macroF1Name(researchRubricsReferenceF1);
        QVERIFY(reference.contains(u"ResearchRubrics"_s));
        QVERIFY(reference.contains(u"tasks"_s));
        QVERIFY(macroF1Name(pooledSkip) != macroF1Name(pooledZero));
        QVERIFY(macroF1Name(pooledSkip) != macroF1Name(perTaskSkip));
    }
};

QTEST_GUILESS_MAIN(TestF1)
#include "tst_f1.moc"
