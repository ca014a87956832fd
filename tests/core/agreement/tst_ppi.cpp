// PPI and PPI++ for a mean: a hand-worked case, seeded binary data whose expected values come
// from an independent Python transcription of the formulas (the script is quoted below), the
// difference of two groups, the stratified estimate, the effective sample size, the
// bootstrap variant and every undefined case.
//
// The reference script (python3, standard library only):
//
//   import math, random
//   from statistics import NormalDist
//   z = NormalDist().inv_cdf(0.975)
//   def mean(v): return sum(v)/len(v)
//   def pvar(v):
//       m = mean(v); return sum((x-m)**2 for x in v)/len(v)
//   def lam_tuned(Y, Yh, Yu):
//       n, N = len(Y), len(Yu)
//       my, mh = mean(Y), mean(Yh)
//       cov = sum((a-my)*(b-mh) for a, b in zip(Y, Yh))/n
//       allh = Yh + Yu
//       var = pvar(allh)*len(allh)/(len(allh)-1)
//       return min(1, max(0, cov/((1+n/N)*var)))
//   def ppi(Y, Yh, Yu, lam=None):
//       if lam is None: lam = lam_tuned(Y, Yh, Yu)
//       r = [a-lam*b for a, b in zip(Y, Yh)]
//       est = mean(r) + (lam*mean(Yu) if lam else 0)
//       var = pvar(r)/len(Y) + (lam*lam*pvar(Yu)/len(Yu) if lam else 0)
//       se = math.sqrt(var)
//       return lam, est, se, est - z*se, est + z*se
//   def gen(seed, n, N, p, flip_up, flip_down):   # truth ~ Bernoulli(p), judge flips it
//       rnd = random.Random(seed)
//       def item():
//           y = 1 if rnd.random() < p else 0
//           yh = y
//           if y == 0 and rnd.random() < flip_up: yh = 1
//           if y == 1 and rnd.random() < flip_down: yh = 0
//           return y, yh
//       lab = [item() for _ in range(n)]
//       unl = [item()[1] for _ in range(N)]
//       return [a for a, _ in lab], [b for _, b in lab], unl
//   A = gen(11, 20, 60, 0.6, 0.3, 0.05); B = gen(12, 15, 45, 0.4, 0.1, 0.2)
//   # difference: (eA − eB, √(seA² + seB²)); stratified with weights 300:100 → 0.75, 0.25
#include "agreement/normal.h"
#include "agreement/ppi.h"

#include <QTest>

#include <cmath>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

// Four labelled items and six unlabelled ones, worked by hand:
//   Y − Ŷ = (0, −1, 0, 1): mean 0, population variance 1/2; mean(Ŷᵤ) = 4/6, Var(Ŷᵤ) = 2/9.
//   classic PPI: θ̂ = 2/3 + 0 = 0.6667, se = √(0.5/4 + (2/9)/6) = √0.162037 = 0.402538
//   people only: θ̂ = 3/4, se = √(0.1875/4) = 0.216506
//   λ = 1/2: Y − Ŷ/2 = (.5, −.5, .5, 1): mean 0.375, var 0.296875; θ̂ = 0.375 + 1/3 = 0.708333,
//            se = √(0.296875/4 + 0.25·(2/9)/6) = 0.288926
//   PPI++: Cov(Y, Ŷ) = (.0625 − .1875 + .0625 − .1875)/4 = −0.0625 < 0, so λ clips to 0 and
//          PPI++ is the people-only estimate: this judge disagrees with the people.
const PpiSample hand{{1, 0, 1, 1}, {1, 1, 1, 0}, {1, 0, 1, 1, 1, 0}};

const PpiSample groupA{{1, 0, 1, 1, 0, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0},
                       {1, 0, 1, 1, 0, 1, 1, 1, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0},
                       {1, 1, 0, 0, 0, 1, 0, 0, 1, 1, 1, 0, 1, 1, 1, 1, 1, 1, 1, 1,
                        0, 1, 1, 0, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1,
                        1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0, 0, 0, 1, 0, 1}};

const PpiSample groupB{{0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 0, 1, 0, 0},
                       {0, 0, 1, 1, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 0},
                       {1, 1, 0, 1, 1, 0, 0, 0, 0, 0, 1, 0, 1, 1, 0, 1, 0, 1, 1, 1, 1, 1, 1,
                        1, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0, 1, 0, 1, 1, 0}};

struct Expected {
    double value, se, lower, upper;
};

void expectEstimate(const PpiEstimate &e, const Expected &x)
{
    QVERIFY2(e.hasInterval(), qPrintable(e.undefinedReason));
    QVERIFY2(std::abs(*e.value - x.value) < 1e-12, qPrintable(QString::number(*e.value, 'g', 17)));
    QVERIFY2(std::abs(*e.standardError - x.se) < 1e-12,
             qPrintable(QString::number(*e.standardError, 'g', 17)));
    QVERIFY(std::abs(*e.lower - x.lower) < 1e-9);
    QVERIFY(std::abs(*e.upper - x.upper) < 1e-9);
}

} // namespace

class TestPpi : public QObject
{
    Q_OBJECT

private slots:
    void normalQuantile()
    {
        QVERIFY(std::abs(twoSidedNormalZ(0.95) - 1.959963984540054) < 1e-12);
        QVERIFY(std::abs(twoSidedNormalZ(0.90) - 1.6448536269514722) < 1e-12);
        QVERIFY(std::abs(twoSidedNormalZ(0.99) - 2.5758293035489004) < 1e-12);
    }

    void handWorked()
    {
        expectEstimate(
            ppiMean(hand, PpiOptions::classic()),
            {0.6666666666666666, 0.40253824294970664, -0.1222937919147925, 1.4556271252481259});
        expectEstimate(ppiMean(hand, PpiOptions::peopleOnly()),
                       {0.75, 0.21650635094610965, 0.3256553497214357, 1.1743446502785644});
        expectEstimate(
            ppiMean(hand, {0.5, 0.95}),
            {0.7083333333333333, 0.2889256119821489, 0.1420495396371273, 1.2746171270295392});
        QCOMPARE(ppiTunedLambda(hand), 0.0);
        const PpiEstimate tuned = ppiMean(hand);
        QCOMPARE(tuned.lambda, 0.0);
        QCOMPARE(tuned.value, 0.75);
        QCOMPARE(tuned.labelled, 4);
        QCOMPARE(tuned.unlabelled, 6);
    }

    // λ = 0 is the classical interval on the labels alone: mean ± z·σ/√n, σ with divisor n.
    void peopleOnlyIsClassical()
    {
        const PpiEstimate e = ppiMean(groupA, PpiOptions::peopleOnly(0.9));
        double m = 0, v = 0;
        for (double y : groupA.gold)
            m += y / double(groupA.gold.size());
        for (double y : groupA.gold)
            v += (y - m) * (y - m) / double(groupA.gold.size());
        const double half = twoSidedNormalZ(0.9) * std::sqrt(v / double(groupA.gold.size()));
        QVERIFY(std::abs(*e.value - m) < 1e-15);
        QVERIFY(std::abs(*e.lower - (m - half)) < 1e-15);
        QVERIFY(std::abs(*e.upper - (m + half)) < 1e-15);
        // The judge's unlabelled outcomes do not matter to it.
        PpiSample noJudge = groupA;
        noJudge.judgeUnlabelled.clear();
        QCOMPARE(ppiMean(noJudge, PpiOptions::peopleOnly(0.9)).upper, e.upper);
    }

    void seededData()
    {
        QVERIFY(std::abs(*ppiTunedLambda(groupA) - 0.6260044642857147) < 1e-12);
        QVERIFY(std::abs(*ppiTunedLambda(groupB) - 0.5394285714285715) < 1e-12);
        expectEstimate(
            ppiMean(groupA),
            {0.6917336309523809, 0.07776440531773604, 0.5393181972504433, 0.8441490646543186});
        expectEstimate(
            ppiMean(groupA, PpiOptions::classic()),
            {0.7166666666666667, 0.09156560085129817, 0.5372013867753522, 0.8961319465579811});
        expectEstimate(ppiMean(groupA, PpiOptions::peopleOnly()),
                       {0.65, 0.10665364503850772, 0.44096269690460593, 0.8590373030953942});
        expectEstimate(
            ppiMean(groupB),
            {0.47339682539682537, 0.09855767395166234, 0.2802273340515258, 0.666566316742125});
        expectEstimate(
            ppiMean(groupB, PpiOptions::classic()),
            {0.4222222222222223, 0.11485065151593665, 0.19711908165002592, 0.6473253627944187});
        expectEstimate(
            ppiMean(groupB, PpiOptions::peopleOnly()),
            {0.5333333333333333, 0.1288122377439061, 0.28086598658726647, 0.7858006800794002});
    }

    void judgeOnly()
    {
        // All 80 of A's judge outcomes: mean 0.7, se = √(0.21/80).
        const PpiEstimate e = judgeOnlyMean(groupA);
        QVERIFY(std::abs(*e.value - 0.7) < 1e-12);
        QVERIFY(std::abs(*e.standardError - 0.05123475382979798) < 1e-12);
        QVERIFY(!judgeOnlyMean({}).isDefined());
        QCOMPARE(judgeOnlyMean({}).undefinedReason, UndefinedReason::noJudgedItems());
    }

    void difference()
    {
        expectEstimate(
            ppiDifference(ppiMean(groupA), ppiMean(groupB)),
            {0.21833680555555557, 0.1255424941172642, -0.02772196144361383, 0.46439557255472497});
        const PpiEstimate undefinedB = ppiMean({}, {});
        const PpiEstimate d = ppiDifference(ppiMean(groupA), undefinedB);
        QVERIFY(!d.isDefined());
        QCOMPARE(d.undefinedReason, UndefinedReason::noLabelledItems());
    }

    void stratified()
    {
        // Weights are normalised: 300 and 100 judged items are shares 0.75 and 0.25.
        expectEstimate(
            ppiStratified({{groupA, 300}, {groupB, 100}}),
            {0.637149429563492, 0.06331436433807516, 0.5130555557568175, 0.7612433033701664});
        // One stratum alone is that stratum's estimate.
        QCOMPARE(ppiStratified({{groupA, 1}, {groupB, 0}}).value, ppiMean(groupA).value);
    }

    void stratifiedUndefined()
    {
        const PpiSample unlabelled{{}, {}, {1, 0, 1}};
        const PpiEstimate e = ppiStratified({{groupA, 3}, {unlabelled, 1}});
        QVERIFY(!e.isDefined());
        QCOMPARE(e.undefinedReason,
                 UndefinedReason::undefinedStratum(1, UndefinedReason::noLabelledItems()));
        QVERIFY(e.undefinedReason.startsWith(u"stratum 2: "_s));
        QCOMPARE(ppiStratified({{groupA, 0}}).undefinedReason, UndefinedReason::noWeight());
        QCOMPARE(ppiStratified({{groupA, 1}, {groupB, -1}}).undefinedReason,
                 UndefinedReason::noWeight());
        QCOMPARE(ppiStratified({}).undefinedReason, UndefinedReason::noWeight());
    }

    void effectiveSample()
    {
        // n · se(people)² / se(PPI++)² = 20 · 0.10665² / 0.07776² on group A.
        const auto nEff
            = effectiveSampleSize(ppiMean(groupA, PpiOptions::peopleOnly()), ppiMean(groupA));
        QVERIFY(nEff);
        QVERIFY(std::abs(*nEff - 37.62007790763877) < 1e-9);
        QVERIFY(!effectiveSampleSize(ppiMean({}, {}), ppiMean(groupA)));
    }

    void undefinedCases()
    {
        const PpiEstimate none = ppiMean({{}, {}, {1, 1, 0}});
        QVERIFY(!none.isDefined());
        QCOMPARE(none.undefinedReason, UndefinedReason::noLabelledItems());

        // The judge cannot add anything without unlabelled items, except at λ = 0.
        const PpiSample allLabelled{{1, 0, 1}, {1, 1, 1}, {}};
        QCOMPARE(ppiMean(allLabelled).undefinedReason, UndefinedReason::noUnlabelledItems());
        QCOMPARE(ppiMean(allLabelled, PpiOptions::classic()).undefinedReason,
                 UndefinedReason::noUnlabelledItems());
        QVERIFY(ppiMean(allLabelled, PpiOptions::peopleOnly()).hasInterval());

        // One labelled item: PPI++ cannot tune λ; a fixed λ gives an estimate, no interval.
        const PpiSample single{{1}, {0}, {1, 0, 1, 1}};
        QCOMPARE(ppiMean(single).undefinedReason, UndefinedReason::singleLabelledItem());
        QVERIFY(!ppiTunedLambda(single));
        const PpiEstimate classic = ppiMean(single, PpiOptions::classic());
        QCOMPARE(classic.value, 1.0 + 0.75);
        QVERIFY(!classic.hasInterval());
        QCOMPARE(classic.undefinedReason, UndefinedReason::singleLabelledItem());
    }

    // Every label identical: people-only has a zero standard error and so no interval, while
    // classic PPI still has one because the judge's errors vary.
    void identicalLabels()
    {
        const PpiSample allMet{{1, 1, 1, 1}, {1, 0, 1, 1}, {1, 0, 1, 1, 0}};
        const PpiEstimate people = ppiMean(allMet, PpiOptions::peopleOnly());
        QCOMPARE(people.value, 1.0);
        QVERIFY(!people.hasInterval());
        QCOMPARE(people.undefinedReason, UndefinedReason::noVariation());
        // Y constant: Cov(Y, Ŷ) = 0, so PPI++ is people-only and has no interval either.
        const PpiEstimate tuned = ppiMean(allMet);
        QCOMPARE(tuned.lambda, 0.0);
        QCOMPARE(tuned.undefinedReason, UndefinedReason::noVariation());
        QVERIFY(ppiMean(allMet, PpiOptions::classic()).hasInterval());
        QVERIFY(!effectiveSampleSize(people, ppiMean(allMet, PpiOptions::classic())));
    }

    // A judge that always says the same thing: every λ gives the same estimate, PPI++ says 0.
    void constantJudge()
    {
        const PpiSample constant{{1, 0, 1, 1}, {1, 1, 1, 1}, {1, 1, 1}};
        QCOMPARE(ppiTunedLambda(constant), 0.0);
        QCOMPARE(ppiMean(constant, PpiOptions::classic()).value,
                 ppiMean(constant, PpiOptions::peopleOnly()).value);
        QCOMPARE(ppiMean(constant, PpiOptions::classic()).standardError,
                 ppiMean(constant, PpiOptions::peopleOnly()).standardError);
    }

    void bootstrapInterval()
    {
        BootstrapOptions options;
        options.draws = 2000;
        options.seed = 7;
        const BootstrapInterval a = ppiBootstrap(groupA, PpiOptions::tuned(), options);
        QVERIFY(a.hasInterval());
        QCOMPARE(a.definedDraws, 2000);
        QCOMPARE(a.estimate.value, ppiMean(groupA).value);
        QVERIFY(*a.lower < *a.estimate.value && *a.estimate.value < *a.upper);
        // The percentile interval agrees with the normal one to within a few hundredths.
        const PpiEstimate normal = ppiMean(groupA);
        QVERIFY2(std::abs(*a.lower - *normal.lower) < 0.04, qPrintable(QString::number(*a.lower)));
        QVERIFY2(std::abs(*a.upper - *normal.upper) < 0.04, qPrintable(QString::number(*a.upper)));
        // The seed is the whole story, threads are not.
        options.parallel = false;
        const BootstrapInterval sequential = ppiBootstrap(groupA, PpiOptions::tuned(), options);
        QCOMPARE(sequential.distribution, a.distribution);
        options.seed = 8;
        QVERIFY(ppiBootstrap(groupA, PpiOptions::tuned(), options).distribution != a.distribution);
    }

    // Planning on Y = (1, 0, 1, 0), Ŷ = (1, 0, 1, 1), Ŷᵤ = (1, 1, 0, 0, 1, 0), T = 10, by hand:
    //   σ²_Y = 1/4; σ²_Ŷ over all ten (mean 0.6) = 0.24; C = (.125 + .375 + .125 − .125)/4 = 1/8.
    //   n = 4: λ = (1/8) / ((1 + 4/6)·0.24) = 0.3125,
    //          Var = λ²·0.24/6 + (1/4 − 2λ/8 + λ²·0.24)/4 = 0.00390625 + 0.048828125 = 0.052734375
    //   n = 6: λ = (1/8) / ((1 + 6/4)·0.24) = 5/24, Var = 1/384 + (20/96)/6 = 43/1152
    //   n = 10: nothing unlabelled, Var = σ²_Y/10 = 0.025, half-width 1.96·√0.025 = 0.30990
    //   half-widths z·√Var for n = 4 … 8: 0.4501, 0.4087, 0.3787, 0.3556, 0.3373; the actual
    //   current PPI++ interval (λ with the n + N − 1 divisor) is ±0.44662.
    void planning()
    {
        const PpiSample s{{1, 0, 1, 0}, {1, 0, 1, 1}, {1, 1, 0, 0, 1, 0}};
        const std::optional<PpiMoments> m = ppiMoments(s);
        QVERIFY(m);
        QVERIFY(std::abs(m->goldVariance - 0.25) < 1e-12);
        QVERIFY(std::abs(m->judgeVariance - 0.24) < 1e-12);
        QVERIFY(std::abs(m->covariance - 0.125) < 1e-12);
        QVERIFY(std::abs(ppiPlannedVariance(*m, 4, 10) - 0.052734375) < 1e-12);
        QVERIFY(std::abs(ppiPlannedVariance(*m, 6, 10) - 43.0 / 1152) < 1e-12);
        QVERIFY(std::abs(ppiPlannedVariance(*m, 10, 10) - 0.025) < 1e-12);

        const PpiPlan reached = ppiPlan(s, 0.45);
        QCOMPARE(reached.extraItems, 0);
        QVERIFY(std::abs(*reached.currentHalfWidth - 0.44662095951283726) < 1e-9);

        const PpiPlan two = ppiPlan(s, 0.40);
        QCOMPARE(two.extraItems, 2);
        QVERIFY(std::abs(*two.plannedHalfWidth - 0.37866579703200204) < 1e-9);
        QCOMPARE(ppiPlan(s, 0.35).extraItems, 4);

        const PpiPlan never = ppiPlan(s, 0.30);
        QVERIFY(!never.isReachable());
        QVERIFY(std::abs(*never.bestHalfWidth - 0.3098975161522808) < 1e-9);
        QCOMPARE(never.unreachableReason, UndefinedReason::targetOutOfReach(*never.bestHalfWidth));
    }

    // Without an interval now there is nothing to plan from, and the reason is the interval's.
    void planningUndefined()
    {
        QCOMPARE(ppiPlan({{}, {}, {1, 0}}, 0.1).unreachableReason,
                 UndefinedReason::noLabelledItems());
        QCOMPARE(ppiPlan({{1}, {1}, {1, 0}}, 0.1).unreachableReason,
                 UndefinedReason::singleLabelledItem());
        const PpiPlan same = ppiPlan({{1, 1, 1}, {1, 1, 1}, {1, 1}}, 0.1);
        QVERIFY(!same.isReachable());
        QCOMPARE(same.unreachableReason, UndefinedReason::noVariation());
    }

    void bootstrapUndefined()
    {
        BootstrapOptions options;
        options.draws = 50;
        const BootstrapInterval none = ppiBootstrap({{}, {}, {1, 0}}, {}, options);
        QVERIFY(!none.hasInterval());
        QCOMPARE(none.undefinedReasons.value(UndefinedReason::noLabelledItems()), 50);
        QCOMPARE(none.undefinedReason, UndefinedReason::noDraws());
    }
};

QTEST_GUILESS_MAIN(TestPpi)
#include "tst_ppi.moc"
