// Judge-corrected scores per model on the hand-made alignment project (alignmenttestdata.h):
// DRB-II outcomes (1 met; 0 and −1 not met), the gold outcome (majority, one annotator, the
// adjudicated label), ties and judge errors left out of the labelled sample, the newest run
// by default, and the undefined cases reaching the leaderboard as reasons.
//
// Worked out from the table, with run 2 (the newest) against the human majority on outcomes:
//   m1 (reports 1, 3): 1:11 judge 1, people 1 1 1 → 1;  1:12 judge 1, people 1 0 1 → 1;
//     1:13 judge 0, people 1 0 → tie (not labelled);  3:21 judge 1, people 1 1 → 1;
//     3:22 judge 1, people 0 0 1 → 0;  3:23 judge 1, people 1 1 1 → 1.
//     Y = (1, 1, 1, 0, 1), Ŷ = (1, 1, 1, 1, 1), Ŷᵤ = (0): n 5, N 6, judge-only 5/6,
//     people-only 4/5 with se √(0.16/5); Ŷ constant on the labelled items, so Cov(Y, Ŷ) = 0,
//     λ = 0 and PPI++ is the people-only estimate.
//   m2 (reports 2, 4): 2:11 is a judge error (its labels are left out); 2:12, 2:13, 4:21,
//     4:22 are 0 for the judge and the majority; 4:23 is judged 1 and not labelled.
//     Y = Ŷ = (0, 0, 0, 0), Ŷᵤ = (1): judge-only 1/5, people-only 0 with no interval (every
//     label the same), and PPI++ (λ = 0) the same.
#include "alignment/correctedscores.h"
#include "alignmenttestdata.h"

#include <QTest>

using namespace Rubricate;
using namespace AlignmentTest;
using namespace Qt::StringLiterals;

namespace {

const CorrectedModelScore *modelScore(const CorrectedScores &s, const QString &model)
{
    for (const CorrectedModelScore &m : s.models)
        if (m.model == model)
            return &m;
    return nullptr;
}
// The pointer would dangle: keep the scores in a local first.
const CorrectedModelScore *modelScore(CorrectedScores &&, const QString &) = delete;

// A rating of another benchmark's item by a judge run ("run:…") or an annotator.
RatingRow otherRating(const QString &benchmark, RowId report, RowId rubric, const QString &rater,
                      double value, const QString &model = u"a"_s)
{
    RatingRow r;
    r.reportId = report;
    r.rubricId = rubric;
    r.benchmarkKey = benchmark;
    r.model = model;
    r.dimension = u"d"_s;
    r.rater = rater;
    r.raterName = rater;
    r.judge = rater.startsWith(u"run:"_s);
    r.value = value;
    return r;
}

// Run 3's verdicts on items 11, 12, … of report 1.
QList<RatingRow> judgeRatings(const QString &benchmark, const QList<double> &values)
{
    QList<RatingRow> rows;
    for (qsizetype i = 0; i < values.size(); ++i)
        rows << otherRating(benchmark, 1, 11 + i, u"run:3"_s, values.at(i));
    return rows;
}

bool near(const std::optional<double> &value, double expected)
{
    return value && std::abs(*value - expected) < 1e-12;
}

} // namespace

class TestCorrectedScores : public QObject
{
    Q_OBJECT

private slots:
    void outcome()
    {
        QCOMPARE(drb2Outcome(1), 1.0);
        QCOMPARE(drb2Outcome(0), 0.0);
        QCOMPARE(drb2Outcome(-1), 0.0);
    }

    void againstTheMajority()
    {
        const CorrectedScores s = correctedScores(ratingRows());
        QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
        QCOMPARE(s.judge, u"run:2"_s);
        QCOMPARE(s.judgeName, u"judge \"B\", newer"_s);
        QCOMPARE(s.models.size(), 2);

        const CorrectedModelScore *m1 = modelScore(s, u"m1"_s);
        QVERIFY(m1);
        QCOMPARE(m1->labelled, 5);
        QCOMPARE(m1->judged, 6);
        QCOMPARE(m1->goldTies, 1);
        QVERIFY(std::abs(*m1->judgeOnly.value - 5.0 / 6) < 1e-12);
        QVERIFY(std::abs(*m1->peopleOnly.value - 0.8) < 1e-12);
        QVERIFY(std::abs(*m1->peopleOnly.standardError - std::sqrt(0.16 / 5)) < 1e-12);
        QCOMPARE(m1->corrected.lambda, 0.0);
        QCOMPARE(m1->corrected.value, m1->peopleOnly.value);
        QVERIFY(m1->effectiveSampleSize);
        QVERIFY(std::abs(*m1->effectiveSampleSize - 5) < 1e-9);

        const CorrectedModelScore *m2 = modelScore(s, u"m2"_s);
        QVERIFY(m2);
        QCOMPARE(m2->labelled, 4);
        QCOMPARE(m2->judged, 5);
        QVERIFY(std::abs(*m2->judgeOnly.value - 0.2) < 1e-12);
        QCOMPARE(m2->peopleOnly.value, 0.0);
        QVERIFY(!m2->peopleOnly.hasInterval());
        QCOMPARE(m2->peopleOnly.undefinedReason, UndefinedReason::noVariation());
        QVERIFY(!m2->corrected.hasInterval());
        QVERIFY(!m2->effectiveSampleSize);
    }

    // Run 1 disagrees with the people on 1:12, so PPI++ trusts it only in part.
    void chosenRun()
    {
        CorrectedScoreOptions options;
        options.judge = u"run:1"_s;
        const CorrectedScores s = correctedScores(ratingRows(), options);
        QCOMPARE(s.judge, u"run:1"_s);
        const CorrectedModelScore *m1 = modelScore(s, u"m1"_s);
        QVERIFY(m1);
        const PpiSample expected{{1, 1, 1, 0, 1}, {1, 0, 1, 0, 1}, {1}};
        QCOMPARE(m1->corrected.value, ppiMean(expected).value);
        QCOMPARE(m1->corrected.lambda, ppiMean(expected).lambda);
        QVERIFY(m1->corrected.lambda > 0);
        QCOMPARE(m1->corrected.upper, ppiMean(expected).upper);
    }

    // One annotator as the gold: bob labelled all six m1 items, so nothing is left for the
    // judge to add and PPI++ says so.
    void oneAnnotator()
    {
        CorrectedScoreOptions options;
        options.gold = u"human:bob"_s;
        const CorrectedScores s = correctedScores(ratingRows(), options);
        const CorrectedModelScore *m1 = modelScore(s, u"m1"_s);
        QVERIFY(m1);
        QCOMPARE(m1->labelled, 6);
        QCOMPARE(m1->goldTies, 0);
        QVERIFY(!m1->corrected.isDefined());
        QCOMPARE(m1->corrected.undefinedReason, UndefinedReason::noUnlabelledItems());
        QVERIFY(std::abs(*m1->peopleOnly.value - 0.5) < 1e-12); // bob: 1 0 0 1 0 1
    }

    // The adjudicated gold label is the gold when asked for, and never a vote otherwise.
    void adjudicatedGold()
    {
        QList<RatingRow> rows = ratingRows();
        rows << rating(1, 13, GoldRater, u"Gold"_s, 1);
        CorrectedScoreOptions options;
        options.gold = GoldRater;
        // Kept in locals: modelScore points into them.
        const CorrectedScores againstGold = correctedScores(rows, options);
        const CorrectedModelScore *m1 = modelScore(againstGold, u"m1"_s);
        QVERIFY(m1);
        QCOMPARE(m1->labelled, 1);
        QCOMPARE(m1->peopleOnly.value, 1.0);
        const CorrectedScores againstMajority = correctedScores(rows);
        const CorrectedModelScore *majority = modelScore(againstMajority, u"m1"_s);
        QVERIFY(majority);
        QCOMPARE(majority->goldTies, 1); // the gold label did not break the tie
    }

    void noLabels()
    {
        QList<RatingRow> judgeRows;
        for (const RatingRow &r : ratingRows())
            if (r.judge)
                judgeRows << r;
        const CorrectedScores s = correctedScores(judgeRows);
        QVERIFY(s.error.isEmpty());
        for (const CorrectedModelScore &m : s.models) {
            QVERIFY(m.judgeOnly.isDefined());
            QVERIFY(!m.corrected.isDefined());
            QCOMPARE(m.corrected.undefinedReason, UndefinedReason::noLabelledItems());
        }
    }

    // m1 − m2 with run 1: the difference of the PPI++ estimates, the standard errors in
    // quadrature; m2's labels are all 0 under run 2, so no interval there.
    void pairwise()
    {
        CorrectedScoreOptions options;
        options.judge = u"run:1"_s;
        const CorrectedScores s = correctedScores(ratingRows(), options);
        const QList<CorrectedDifference> d = pairwiseDifferences(s);
        QCOMPARE(d.size(), 1);
        QCOMPARE(d.first().modelA, u"m1"_s);
        QCOMPARE(d.first().modelB, u"m2"_s);
        const PpiEstimate &a = modelScore(s, u"m1"_s)->corrected;
        const PpiEstimate &b = modelScore(s, u"m2"_s)->corrected;
        // m2 under run 1: Y = (1, 0, 0, 0, 0) = Ŷ, Ŷᵤ = (1); λ = 0.16 / (6 · 4/15) = 0.1.
        QVERIFY(std::abs(b.lambda - 0.1) < 1e-12);
        QVERIFY(a.hasInterval() && b.hasInterval());
        QVERIFY(std::abs(*d.first().difference.value - (*a.value - *b.value)) < 1e-12);
        const double se = std::hypot(*a.standardError, *b.standardError);
        QVERIFY(std::abs(*d.first().difference.standardError - se) < 1e-12);
        QCOMPARE(d.first().verdict(), *d.first().difference.lower > 0 ? 1 : 0);

        const QList<CorrectedDifference> newest
            = pairwiseDifferences(correctedScores(ratingRows()));
        QCOMPARE(newest.size(), 1);
        QVERIFY(!newest.first().verdict());
        QCOMPARE(newest.first().difference.undefinedReason, UndefinedReason::noVariation());
    }

    void verdicts()
    {
        CorrectedDifference d;
        d.difference.value = 0.2;
        QVERIFY(!d.verdict());
        d.difference.lower = 0.1;
        d.difference.upper = 0.3;
        QCOMPARE(d.verdict(), 1);
        d.difference.lower = -0.1;
        QCOMPARE(d.verdict(), 0);
        d.difference.lower = -0.3;
        d.difference.upper = -0.1;
        QCOMPARE(d.verdict(), -1);
    }

    // Per dimension, m1 under run 2: info_recall holds 1:11, 1:12, 3:21, 3:22 (Y = 1 1 1 0,
    // Ŷ = 1 1 1 1, nothing unlabelled: PPI++ undefined, people-only 3/4); analysis holds 1:13
    // (a tie) and 3:23 (Y = 1 = Ŷ, Ŷᵤ = 0): one labelled item, no tuned estimate.
    void perDimension()
    {
        CorrectedScoreOptions options;
        options.perDimension = true;
        const CorrectedScores s = correctedScores(ratingRows(), options);
        QCOMPARE(s.models.size(), 4);
        const CorrectedModelScore &analysis = s.models.at(0);
        QCOMPARE(analysis.model, u"m1"_s);
        QCOMPARE(analysis.dimension, u"analysis"_s);
        QCOMPARE(analysis.labelled, 1);
        QCOMPARE(analysis.judged, 2);
        QCOMPARE(analysis.corrected.undefinedReason, UndefinedReason::singleLabelledItem());
        const CorrectedModelScore &recall = s.models.at(1);
        QCOMPARE(recall.dimension, u"info_recall"_s);
        QCOMPARE(recall.labelled, 4);
        QCOMPARE(recall.judged, 4);
        QCOMPARE(recall.corrected.undefinedReason, UndefinedReason::noUnlabelledItems());
        QCOMPARE(recall.peopleOnly.value, 0.75);
        // Pairs only within a dimension: m1 and m2 once per dimension.
        const QList<CorrectedDifference> pairs = pairwiseDifferences(s);
        QCOMPARE(pairs.size(), 2);
        for (const CorrectedDifference &d : pairs)
            QCOMPARE(d.modelA, u"m1"_s);
        QCOMPARE(pairs.at(0).dimension, u"analysis"_s);
        QCOMPARE(pairs.at(1).dimension, u"info_recall"_s);
    }

    // ResearchRubrics, model a. Report 1: criteria 101 (w 2), 102 (w 1), 103 (w −1, a
    // pitfall), W = 3; report 2: 201 and 202 (w 1 each), W = 2; report 3 only the pitfall 301:
    // no compliance, so no outcome. M / R = 5 / 2.
    //   judge s: 1, 0.5, 1 | 1, 0 → compliance (2 + 0.5 − 1) / 3 = 0.5 and 1 / 2 = 0.5, mean 0.5;
    //   outcomes 2.5·w·s/W: 5/3, 5/12, −5/6 | 5/4, 0 → mean 2.5 / 5 = 0.5, the same.
    //   ada labels 101 0.5, 103 0, 201 1: Y = (5/6, 0, 5/4), Ŷ = (5/3, −5/6, 5/4),
    //   Ŷᵤ = (5/12, 0); people-only (5/6 + 5/4) / 3 = 25/36.
    void researchRubrics()
    {
        const QString rr = u"researchrubrics"_s;
        QList<RatingRow> rows;
        const QList<std::tuple<RowId, RowId, double>> judged{
            {1, 101, 1}, {1, 102, 0.5}, {1, 103, 1}, {2, 201, 1}, {2, 202, 0}, {3, 301, 0}};
        for (const auto &[report, rubric, s] : judged)
            rows << otherRating(rr, report, rubric, u"run:7"_s, s);
        rows << otherRating(rr, 1, 101, u"human:ada"_s, 0.5)
             << otherRating(rr, 1, 103, u"human:ada"_s, 0)
             << otherRating(rr, 2, 201, u"human:ada"_s, 1);
        CorrectedScoreOptions options;
        options.benchmarkKey = rr;
        options.rubricWeights = {{101, 2}, {102, 1}, {103, -1}, {201, 1}, {202, 1}, {301, -2}};
        const CorrectedScores s = correctedScores(rows, options);
        QVERIFY2(s.error.isEmpty(), qPrintable(s.error));
        QCOMPARE(s.models.size(), 1);
        const CorrectedModelScore &a = s.models.first();
        QCOMPARE(a.judged, 5);
        QCOMPARE(a.labelled, 3);
        QCOMPARE(a.withoutOutcome, 1);
        QVERIFY(near(a.judgeOnly.value, 0.5));
        QVERIFY(near(a.peopleOnly.value, 25.0 / 36));
        const PpiSample expected{
            {5.0 / 6, 0, 5.0 / 4}, {5.0 / 3, -5.0 / 6, 5.0 / 4}, {5.0 / 12, 0}};
        const PpiEstimate tuned = ppiMean(expected);
        QVERIFY(near(a.corrected.value, *tuned.value));
        QVERIFY(near(a.corrected.upper, *tuned.upper));
        QVERIFY(std::abs(researchRubricsOutcome(2, 0.5, 3, 2.5) - 5.0 / 6) < 1e-12);

        options.rubricWeights.remove(202);
        QVERIFY(correctedScores(rows, options).error.contains(u"202"_s));
    }

    // PDR-Bench, the 0–10 scores: judge 8, 6, 4, 10; item 1 labelled 7 7 5 (majority 7), item
    // 2 6 and 8 (a tie), item 3 2 by one annotator. Y = (7, 2), Ŷ = (8, 4), Ŷᵤ = (6, 10).
    void pdrBench()
    {
        const QString pdr = u"pdrbench"_s;
        QList<RatingRow> rows = judgeRatings(pdr, {8, 6, 4, 10});
        rows << otherRating(pdr, 1, 11, u"human:ada"_s, 7)
             << otherRating(pdr, 1, 11, u"human:bob"_s, 7)
             << otherRating(pdr, 1, 11, u"human:cy"_s, 5)
             << otherRating(pdr, 1, 12, u"human:ada"_s, 6)
             << otherRating(pdr, 1, 12, u"human:bob"_s, 8)
             << otherRating(pdr, 1, 13, u"human:ada"_s, 2);
        CorrectedScoreOptions options;
        options.benchmarkKey = pdr;
        const CorrectedModelScore a = correctedScores(rows, options).models.value(0);
        QCOMPARE(a.judged, 4);
        QCOMPARE(a.labelled, 2);
        QCOMPARE(a.goldTies, 1);
        QVERIFY(near(a.judgeOnly.value, 7));
        QVERIFY(near(a.peopleOnly.value, 4.5));
        QVERIFY(near(a.corrected.value, *ppiMean({{7, 2}, {8, 4}, {6, 10}}).value));
    }

    // ReportBench claims: judge 1 1 0 1, people 1 and 0 on the first two. The judge says 1 on
    // both labelled claims, so Cov(Y, Ŷ) = 0, λ = 0 and PPI++ is the people's 1/2.
    void reportBench()
    {
        const QString rb = u"reportbench"_s;
        QList<RatingRow> rows = judgeRatings(rb, {1, 1, 0, 1});
        rows << otherRating(rb, 1, 11, u"human:ada"_s, 1)
             << otherRating(rb, 1, 12, u"human:ada"_s, 0);
        CorrectedScoreOptions options;
        options.benchmarkKey = rb;
        const CorrectedModelScore a = correctedScores(rows, options).models.value(0);
        QVERIFY(near(a.judgeOnly.value, 0.75));
        QCOMPARE(a.corrected.lambda, 0.0);
        QVERIFY(near(a.corrected.value, 0.5));
        QVERIFY(near(a.peopleOnly.value, 0.5));
    }

    void errors()
    {
        QVERIFY(!correctedScores(ratingRows(false)).error.isEmpty());
        CorrectedScoreOptions options;
        options.judge = u"run:9"_s;
        QVERIFY(correctedScores(ratingRows(), options).error.contains(u"run:9"_s));
        options = {};
        options.benchmarkKey = u"pdrbench"_s; // the rows are DRB-II's: no judge rated pdrbench
        QVERIFY(!correctedScores(ratingRows(), options).error.isEmpty());
        options.benchmarkKey = u"demo"_s;
        QVERIFY(correctedScores(ratingRows(), options).error.contains(u"demo"_s));
        QVERIFY(!hasPerItemOutcome(u"demo"_s));
    }
};

QTEST_GUILESS_MAIN(TestCorrectedScores)
#include "tst_correctedscores.moc"
