// PDR-Bench scoring on hand-built data (there is no PDR data to test against): sampled weights
// averaged, renormalised, rounded as Python does with the residue on the last dimension;
// P / Q / R / overall for a few reports with judge errors, unavailable sources and a report
// without claims; breakdowns by persona and setting. Every expected number is worked out in the
// comments.
#include "scoring/pdrscoring.h"
#include "scoring/pdrweights.h"

#include <QTest>

#include <cmath>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

PdrWeightSample sample(std::initializer_list<std::pair<const char *, double>> entries)
{
    PdrWeightSample s;
    for (const auto &[d, w] : entries)
        s.append({QString::fromLatin1(d), QJsonValue(w)});
    return s;
}

bool near(std::optional<double> a, double b)
{
    return a && std::abs(*a - b) < 1e-9;
}

PdrCriterionItem crit(const QString &model, const QString &query, const QString &persona,
                      const QString &setting, const QString &dimension, double dimWeight,
                      double weight, std::optional<double> score)
{
    PdrCriterionItem c;
    c.model = model;
    c.queryId = query;
    c.persona = persona;
    c.setting = setting;
    c.dimension = dimension;
    c.dimensionWeight = dimWeight;
    c.weight = weight;
    c.score = score;
    return c;
}

QList<PdrClaimItem> claims(const QString &model, const QString &query, const QString &persona,
                           const QString &setting, std::initializer_list<PdrClaimStatus> statuses)
{
    QList<PdrClaimItem> out;
    for (PdrClaimStatus s : statuses)
        out.append({model, query, persona, setting, s});
    return out;
}

const PdrReportScore *reportOf(const QList<PdrReportScore> &reports, const QString &query)
{
    for (const PdrReportScore &r : reports) {
        if (r.queryId == query)
            return &r;
    }
    return nullptr;
}

// Four reports of model M and one of M2:
//  A q1 u1 task_persona
//    P: goal W .4 (w .5 s 8, w .5 s 6) → 7; content W .3 (w .25 s 4, w .75 s 10) → 8.5;
//       presentation W .2 (w 1 s 5, w 1 s 11 = error) → 5; actionability W .1 (w .6 s 10,
//       w .4 error) → 10.  P = 2.8 + 2.55 + 1 + 1 = 7.35; 2 errors.
//    Q: depth W .5 (7) , logic W .3 (9), clarity W .2 (10) → 3.5 + 2.7 + 2 = 8.2
//    claims: 6 supported, 2 not, 1 unavailable, 1 uncited → CC 9, FA 6/8 = 7.5, R 8.25
//  B q2 u2 task_only
//    P: goal W .4 all errors (2); content W .3 → 6; presentation W .2 → 4; actionability W .1
//       → 8.  P = 3.4 / .6 = 5.666…; as the reference (goal counts 0): 3.4.  No claims.
//  C q3 u1 task_only: P goal W 1 → 4; 3 uncited claims → CC 0, FA 0, R 0.
//  D q4 u2 task_context: no criteria; 2 unavailable, 1 judge error, 1 uncited → CC 7.5, no FA.
//  E (M2) q1 u1 task_persona: P goal W 1 → 10.
struct Fixture {
    QList<PdrCriterionItem> criteria;
    QList<PdrClaimItem> claimItems;
    Fixture()
    {
        const QString M = u"M"_s, A = u"q1"_s, P = u"task_persona"_s;
        criteria = {
            crit(M, A, u"u1"_s, P, u"goal_alignment"_s, .4, .5, 8),
            crit(M, A, u"u1"_s, P, u"goal_alignment"_s, .4, .5, 6),
            crit(M, A, u"u1"_s, P, u"content_alignment"_s, .3, .25, 4),
            crit(M, A, u"u1"_s, P, u"content_alignment"_s, .3, .75, 10),
            crit(M, A, u"u1"_s, P, u"presentation_fit"_s, .2, 1, 5),
            crit(M, A, u"u1"_s, P, u"presentation_fit"_s, .2, 1, 11),
            crit(M, A, u"u1"_s, P, u"actionability_practicality"_s, .1, .6, 10),
            crit(M, A, u"u1"_s, P, u"actionability_practicality"_s, .1, .4, std::nullopt),
            crit(M, A, u"u1"_s, P, u"clarity_readability"_s, .2, 1, 10),
            crit(M, A, u"u1"_s, P, u"depth_insight"_s, .5, .5, 6),
            crit(M, A, u"u1"_s, P, u"depth_insight"_s, .5, .5, 8),
            crit(M, A, u"u1"_s, P, u"logical_coherence"_s, .3, 1, 9),
            crit(M, u"q2"_s, u"u2"_s, u"task_only"_s, u"goal_alignment"_s, .4, .5, std::nullopt),
            crit(M, u"q2"_s, u"u2"_s, u"task_only"_s, u"goal_alignment"_s, .4, .5, std::nullopt),
            crit(M, u"q2"_s, u"u2"_s, u"task_only"_s, u"content_alignment"_s, .3, 1, 6),
            crit(M, u"q2"_s, u"u2"_s, u"task_only"_s, u"presentation_fit"_s, .2, 1, 4),
            crit(M, u"q2"_s, u"u2"_s, u"task_only"_s, u"actionability_practicality"_s, .1, 1, 8),
            crit(M, u"q3"_s, u"u1"_s, u"task_only"_s, u"goal_alignment"_s, 1, 1, 4),
            crit(u"M2"_s, A, u"u1"_s, P, u"goal_alignment"_s, 1, 1, 10),
        };
        using S = PdrClaimStatus;
        claimItems = claims(M, A, u"u1"_s, P,
                            {S::Supported, S::Supported, S::Supported, S::Supported, S::Supported,
                             S::Supported, S::NotSupported, S::NotSupported, S::SourceUnavailable,
                             S::Uncited})
            + claims(M, u"q3"_s, u"u1"_s, u"task_only"_s, {S::Uncited, S::Uncited, S::Uncited})
            + claims(M, u"q4"_s, u"u2"_s, u"task_context"_s,
                     {S::SourceUnavailable, S::SourceUnavailable, S::JudgeError, S::Uncited});
    }
};

} // namespace

class TestPdrScoring : public QObject
{
    Q_OBJECT

private slots:
    void pythonRounding()
    {
        QCOMPARE(pdrPythonRound(0.125, 2), 0.12); // exact tie → even
        QCOMPARE(pdrPythonRound(0.375, 2), 0.38); // exact tie → even
        QCOMPARE(pdrPythonRound(0.135, 2), 0.14); // 0.13500000000000000888…
        QCOMPARE(pdrPythonRound(2.675, 2), 2.67); // 2.67499999999999982236…
        QCOMPARE(pdrPythonRound(1.0 / 3, 2), 0.33);
        QCOMPARE(pdrPythonRound(-0.001, 2), 0.0);
    }

    void threeSamplesWithResidue()
    {
        // Each dimension averages (0.4 + 0.3 + 0.3) / 3 = 1/3 → 0.33; the residue
        // 1 − 0.99 = 0.01 goes to the last dimension → 0.34.
        const PdrWeights w = combinePdrWeightSamples(
            {sample(
                 {{"depth_insight", .4}, {"logical_coherence", .3}, {"clarity_readability", .3}}),
             sample(
                 {{"depth_insight", .3}, {"logical_coherence", .4}, {"clarity_readability", .3}}),
             sample(
                 {{"depth_insight", .3}, {"logical_coherence", .3}, {"clarity_readability", .4}})});
        QVERIFY2(w.ok(), qPrintable(w.error));
        QCOMPARE(w.acceptedSamples, 3);
        QCOMPARE(w.weights.size(), 3);
        QCOMPARE(w.weights.at(0).first, u"depth_insight"_s);
        QCOMPARE(w.weights.at(0).second, 0.33);
        QCOMPARE(w.weights.at(1).second, 0.33);
        QCOMPARE(w.weights.at(2).first, u"clarity_readability"_s);
        QVERIFY(near(w.weights.at(2).second, 0.34));
        // Bit for bit what CPython computes: 0.33 + (1 − (0.33 + 0.33 + 0.33)) == 0.34.
        QVERIFY(w.weights.at(2).second == 0.34);
        QVERIFY(w.residue == 0.010000000000000009);
        QVERIFY(near(w.averages.at(0), 1.0 / 3));

        // The residue follows the requested order.
        PdrWeightOptions o;
        o.order = {u"clarity_readability"_s, u"depth_insight"_s, u"logical_coherence"_s};
        o.roundResidue = true;
        const PdrWeights ordered = combinePdrWeightSamples(
            {sample(
                 {{"depth_insight", .4}, {"logical_coherence", .3}, {"clarity_readability", .3}}),
             sample(
                 {{"depth_insight", .3}, {"logical_coherence", .4}, {"clarity_readability", .3}}),
             sample(
                 {{"depth_insight", .3}, {"logical_coherence", .3}, {"clarity_readability", .4}})},
            o);
        QCOMPARE(ordered.weights.at(2).first, u"logical_coherence"_s);
        QCOMPARE(ordered.weights.at(2).second, 0.34); // rounded again: exactly 0.34
        QCOMPARE(ordered.weight(u"clarity_readability"_s), 0.33);
    }

    void tiesRoundToEven()
    {
        // 0.125 / 0.625 / 0.25 exactly: Python rounds to 0.12 / 0.62 / 0.25 (half-up would give
        // 0.13 / 0.63), so the residue is +0.01 and the last weight 0.26.
        const PdrWeightSample s = sample({{"a", .125}, {"b", .625}, {"c", .25}});
        const PdrWeights w = combinePdrWeightSamples({s, s, s});
        QVERIFY2(w.ok(), qPrintable(w.error));
        QCOMPARE(w.weights.at(0).second, 0.12);
        QCOMPARE(w.weights.at(1).second, 0.62);
        QVERIFY(near(w.weights.at(2).second, 0.26));
    }

    void normalisationAndNegativeResidue()
    {
        // Without the sum check: averages 1.5 / 1 / 1.5, total 4 → 0.375 / 0.25 / 0.375 →
        // rounded 0.38 / 0.25 / 0.38 = 1.01 → residue −0.01 → last 0.37.
        PdrWeightOptions o;
        o.discardSamplesNotSummingToOne = false;
        const PdrWeights w = combinePdrWeightSamples(
            {sample({{"a", 2}, {"b", 1}, {"c", 1}}), sample({{"a", 1}, {"b", 1}, {"c", 2}})}, o);
        QVERIFY2(w.ok(), qPrintable(w.error));
        QCOMPARE(w.averages, (QList<double>{0.375, 0.25, 0.375}));
        QCOMPARE(w.weights.at(0).second, 0.38);
        QCOMPARE(w.weights.at(1).second, 0.25);
        QVERIFY(near(w.weights.at(2).second, 0.37));
        QVERIFY(near(w.residue, -0.01));

        // No rounding at all: the renormalised averages.
        o.decimals = -1;
        const PdrWeights raw = combinePdrWeightSamples(
            {sample({{"a", 2}, {"b", 1}, {"c", 1}}), sample({{"a", 1}, {"b", 1}, {"c", 2}})}, o);
        QCOMPARE(raw.weights.at(0).second, 0.375);
        QCOMPARE(raw.residue, 0.0);
    }

    void discardedSamplesAndDroppedDimensions()
    {
        // The third sample sums to 0.9 and is discarded as the reference does; "c" is missing
        // from the second accepted sample and dropped, leaving a alone: 0.5 / 0.5 → 1.
        const PdrWeights w = combinePdrWeightSamples({sample({{"a", .5}, {"c", .5}}),
                                                      sample({{"a", .5}, {"b", .5}}),
                                                      sample({{"a", .5}, {"b", .4}})});
        QVERIFY2(w.ok(), qPrintable(w.error));
        QCOMPARE(w.acceptedSamples, 2);
        QCOMPARE(w.discarded.size(), 1);
        QCOMPARE(w.discarded.at(0).index, 2);
        QCOMPARE(w.droppedDimensions, (QStringList{u"c"_s, u"b"_s}));
        QCOMPARE(w.weights.size(), 1);
        QCOMPARE(w.weights.at(0).second, 1.0);
    }

    void refusals()
    {
        QVERIFY(!combinePdrWeightSamples({}).ok());
        QVERIFY(!combinePdrWeightSamples({PdrWeightSample{}}).ok());
        PdrWeightSample text = sample({{"a", .5}});
        text.append({u"b"_s, QJsonValue(u"0.5"_s)});
        const PdrWeights t = combinePdrWeightSamples({text});
        QVERIFY(!t.ok());
        QVERIFY(t.error.contains(u"not a number"_s));
        QVERIFY(t.weights.isEmpty());
        const PdrWeights neg = combinePdrWeightSamples({sample({{"a", 1.5}, {"b", -.5}})});
        QVERIFY(neg.error.contains(u"negative"_s));
        QVERIFY(!combinePdrWeightSamples({sample({{"a", .5}, {"a", .5}})}).ok());
        QVERIFY(!combinePdrWeightSamples({sample({{"a", std::nan("")}})}).ok());
        // All zero: discarded by the sum check, or refused as all zero without it.
        const PdrWeights zero = combinePdrWeightSamples({sample({{"a", 0}, {"b", 0}})});
        QVERIFY(zero.error.contains(u"sums to 1"_s));
        PdrWeightOptions o;
        o.discardSamplesNotSummingToOne = false;
        const PdrWeights zero2 = combinePdrWeightSamples({sample({{"a", 0}, {"b", 0}})}, o);
        QVERIFY(zero2.error.contains(u"zero"_s));
    }

    void subCriterionWeights()
    {
        QVERIFY(checkPdrSubCriterionWeights({QJsonValue(.5), QJsonValue(.5)}).isEmpty());
        QVERIFY(checkPdrSubCriterionWeights({QJsonValue(.3), QJsonValue(.3), QJsonValue(.4)})
                    .isEmpty());
        QVERIFY(!checkPdrSubCriterionWeights({QJsonValue(.5), QJsonValue(.4)}).isEmpty());
        QVERIFY(!checkPdrSubCriterionWeights({}).isEmpty());
        QVERIFY(!checkPdrSubCriterionWeights({QJsonValue(u"1"_s)}).isEmpty());
        QVERIFY(!checkPdrSubCriterionWeights({QJsonValue(-.5), QJsonValue(1.5)}).isEmpty());
        QVERIFY(!checkPdrSubCriterionWeights({QJsonValue(0), QJsonValue(0)}).isEmpty());
    }

    void personalizationAndQuality()
    {
        const Fixture f;
        const QList<PdrReportScore> reports = scorePdr(f.criteria, f.claimItems);
        QCOMPARE(reports.size(), 5);
        QCOMPARE(reports.at(0).queryId, u"q1"_s);
        QCOMPARE(reports.at(4).queryId, u"q4"_s); // only claims: appended after the criteria
        const PdrReportScore *a = reportOf(reports, u"q1"_s);
        QVERIFY(near(a->personalization.score, 7.35));
        QCOMPARE(a->personalization.criteria, 8);
        QCOMPARE(a->personalization.errors, 2);
        QVERIFY(near(a->quality.score, 8.2));
        QCOMPARE(a->quality.errors, 0);
        // Dimensions in the reference's order, personalization first.
        QCOMPARE(a->dimensions.size(), 7);
        QCOMPARE(a->dimensions.at(0).dimension, u"goal_alignment"_s);
        QCOMPARE(a->dimensions.at(4).dimension, u"depth_insight"_s);
        QCOMPARE(a->dimensions.at(6).dimension, u"clarity_readability"_s);
        QVERIFY(near(a->dimensions.at(1).average, 8.5));
        QVERIFY(near(a->dimensions.at(3).average, 10));

        const PdrReportScore *b = reportOf(reports, u"q2"_s);
        QVERIFY(near(b->personalization.score, 3.4 / 0.6));
        QCOMPARE(b->personalization.errors, 2);
        QVERIFY(!b->dimensions.at(0).average);
        QVERIFY(!b->quality.score);

        PdrScoringOptions ref;
        ref.missing = PdrMissingPolicy::AsReference;
        const QList<PdrReportScore> asRef = scorePdr(f.criteria, f.claimItems, ref);
        QVERIFY(near(reportOf(asRef, u"q2"_s)->personalization.score, 3.4));
        QVERIFY(near(reportOf(asRef, u"q1"_s)->personalization.score, 7.35));

        // A dimension without a weight is skipped and counted.
        QList<PdrCriterionItem> unweighted{
            crit(u"M"_s, u"q9"_s, {}, {}, u"goal_alignment"_s, .5, 1, 6),
            crit(u"M"_s, u"q9"_s, {}, {}, u"content_alignment"_s, 0, 1, 2)};
        unweighted[1].dimensionWeight.reset();
        const PdrReportScore u = scorePdr(unweighted, {}).at(0);
        QCOMPARE(u.personalization.unweightedDimensions, 1);
        QVERIFY(near(u.personalization.score, .5 * 6)); // Σ W·avg, as the reference
        PdrScoringOptions normalized;
        normalized.weights = PdrWeightsPolicy::Normalized;
        QVERIFY(near(scorePdr(unweighted, {}, normalized).at(0).personalization.score, 6));
    }

    void reliability()
    {
        const Fixture f;
        const QList<PdrReportScore> reports = scorePdr(f.criteria, f.claimItems);
        const PdrReliabilityPart &a = reportOf(reports, u"q1"_s)->reliability;
        QCOMPARE(a.claims, 10);
        QCOMPARE(a.cited, 9);
        QCOMPARE(a.unavailable, 1);
        QVERIFY(near(a.citationCoverage, 9));
        QVERIFY(near(a.factualAccuracy, 7.5)); // the unavailable source is not "not supported"
        QVERIFY(near(a.score, 8.25));

        const PdrReliabilityPart &b = reportOf(reports, u"q2"_s)->reliability;
        QCOMPARE(b.claims, 0);
        QVERIFY(!b.factualAccuracy && !b.citationCoverage && !b.score);

        const PdrReliabilityPart &c = reportOf(reports, u"q3"_s)->reliability;
        QVERIFY(near(c.citationCoverage, 0));
        QVERIFY(near(c.factualAccuracy, 0));
        QVERIFY(near(c.score, 0));

        const PdrReliabilityPart &d = reportOf(reports, u"q4"_s)->reliability;
        QCOMPARE(d.errors, 1);
        QVERIFY(near(d.citationCoverage, 7.5));
        QVERIFY(!d.factualAccuracy);
        QVERIFY(!d.score);

        PdrScoringOptions o;
        o.unavailable = PdrUnavailablePolicy::CountAsNotSupported;
        o.noClaims = PdrNoClaimsPolicy::Zero;
        const QList<PdrReportScore> other = scorePdr(f.criteria, f.claimItems, o);
        QVERIFY(near(reportOf(other, u"q1"_s)->reliability.factualAccuracy, 60.0 / 9));
        QVERIFY(near(reportOf(other, u"q1"_s)->reliability.score, (60.0 / 9 + 9) / 2));
        QVERIFY(near(reportOf(other, u"q2"_s)->reliability.score, 0));
        QVERIFY(near(reportOf(other, u"q4"_s)->reliability.factualAccuracy, 0));
        QVERIFY(near(reportOf(other, u"q4"_s)->reliability.score, 3.75));

        o = {};
        o.reliability = PdrReliabilityCombination::FactualAccuracy;
        QVERIFY(
            near(reportOf(scorePdr(f.criteria, f.claimItems, o), u"q1"_s)->reliability.score, 7.5));
    }

    void overallAndGroups()
    {
        const Fixture f;
        const QList<PdrReportScore> reports = scorePdr(f.criteria, f.claimItems);

        const QList<PdrGroup> all = pdrGroups(reports, PdrBreakdown::None);
        QCOMPARE(all.size(), 2);
        const PdrGroup &m = all.at(0);
        QCOMPARE(m.model, u"M"_s);
        QCOMPARE(m.reports, 4);
        QCOMPARE(m.p.n, 3);
        QCOMPARE(m.p.missing, 1);
        const double p = (7.35 + 3.4 / 0.6 + 4) / 3;
        QVERIFY(near(m.p.mean, p));
        QCOMPARE(m.q.n, 1);
        QVERIFY(near(m.q.mean, 8.2));
        QCOMPARE(m.r.n, 2);
        QCOMPARE(m.r.missing, 2);
        QVERIFY(near(m.r.mean, 4.125));
        QCOMPARE(m.factualAccuracy.n, 2);
        QVERIFY(near(m.factualAccuracy.mean, 3.75));
        QCOMPARE(m.citationCoverage.n, 3);
        QVERIFY(near(m.citationCoverage.mean, 5.5));
        QVERIFY(near(m.overall, (p + 8.2 + 4.125) / 3));
        QCOMPARE(m.criterionErrors, 4);
        QCOMPARE(m.claimErrors, 1);
        QCOMPARE(m.unavailableSources, 3);
        QCOMPARE(m.dimensions.at(0).dimension, u"goal_alignment"_s);
        QCOMPARE(m.dimensions.at(0).mean.n, 2); // A 7, C 4; B's goal had only errors
        QCOMPARE(m.dimensions.at(0).mean.missing, 1);
        QVERIFY(near(m.dimensions.at(0).mean.mean, 5.5));
        QCOMPARE(all.at(1).model, u"M2"_s);
        QVERIFY(near(all.at(1).overall, 10)); // only P available: the mean of what there is

        const QList<PdrGroup> personas = pdrGroups(reports, PdrBreakdown::Persona);
        QCOMPARE(personas.size(), 3);
        QCOMPARE(personas.at(0).value, u"u1"_s);
        QCOMPARE(personas.at(0).reports, 2);
        QVERIFY(near(personas.at(0).p.mean, (7.35 + 4) / 2));
        QCOMPARE(personas.at(0).r.n, 2);
        QCOMPARE(personas.at(1).value, u"u2"_s);
        QCOMPARE(personas.at(1).reports, 2);
        QCOMPARE(personas.at(1).p.n, 1);
        QCOMPARE(personas.at(1).r.n, 0);
        QVERIFY(!personas.at(1).r.mean);
        QVERIFY(near(personas.at(1).overall, 3.4 / 0.6));
        QCOMPARE(personas.at(2).model, u"M2"_s);

        const QList<PdrGroup> settings = pdrGroups(reports, PdrBreakdown::Setting);
        QCOMPARE(settings.size(), 4);
        QCOMPARE(settings.at(0).value, u"task_only"_s);
        QCOMPARE(settings.at(0).reports, 2);
        QVERIFY(near(settings.at(0).p.mean, (3.4 / 0.6 + 4) / 2));
        QCOMPARE(settings.at(1).value, u"task_context"_s);
        QCOMPARE(settings.at(1).reports, 1);
        QCOMPARE(settings.at(1).p.n, 0);
        QVERIFY(!settings.at(1).overall);
        QCOMPARE(settings.at(1).citationCoverage.n, 1);
        QCOMPARE(settings.at(2).value, u"task_persona"_s);
        QVERIFY(near(settings.at(2).overall, (7.35 + 8.2 + 8.25) / 3));
        QCOMPARE(settings.at(3).model, u"M2"_s);

        QCOMPARE(pdrBreakdownFromKey(u"setting"_s), PdrBreakdown::Setting);
        QVERIFY(!pdrBreakdownFromKey(u"domain"_s));
    }

    // A query whose quality weights sum to 0.99 (.40 + .30 + .29): depth (.5 × 6 + .5 × 7) = 6.5,
    // logic 6, clarity (.65 × 9 + .35 × 10) = 9.35. The reference's Q = .4 × 6.5 + .3 × 6 +
    // .29 × 9.35 = 2.6 + 1.8 + 2.7115 = 7.1115; divided by Σ W = .99 it would be 7.1833.
    void weightsNotSummingToOne()
    {
        const QString M = u"M"_s, q = u"q1"_s;
        const QList<PdrCriterionItem> items{
            crit(M, q, {}, {}, u"depth_insight"_s, .40, .5, 6),
            crit(M, q, {}, {}, u"depth_insight"_s, .40, .5, 7),
            crit(M, q, {}, {}, u"logical_coherence"_s, .30, 1, 6),
            crit(M, q, {}, {}, u"clarity_readability"_s, .29, .65, 9),
            crit(M, q, {}, {}, u"clarity_readability"_s, .29, .35, 10),
        };
        const PdrReportScore reference = scorePdr(items, {}).at(0);
        QVERIFY(near(reference.quality.score, 7.1115));
        QCOMPARE(QString::number(*reference.quality.score, 'f', 4), u"7.1115"_s);
        PdrScoringOptions o;
        o.weights = PdrWeightsPolicy::Normalized;
        const PdrReportScore normalized = scorePdr(items, {}, o).at(0);
        QVERIFY(near(normalized.quality.score, 7.1115 / .99));
        QCOMPARE(QString::number(*normalized.quality.score, 'f', 4), u"7.1833"_s);

        // A dimension without a score: the others stand for it, scaled to the query's Σ W.
        // Reference: (2.6 + 1.8) / .7 × .99 = 6.2228…; normalized (2.6 + 1.8) / .7 = 6.2857….
        QList<PdrCriterionItem> gap = items.mid(0, 3);
        gap << crit(M, q, {}, {}, u"clarity_readability"_s, .29, 1, std::nullopt);
        QVERIFY(near(scorePdr(gap, {}).at(0).quality.score, 4.4 / .7 * .99));
        QVERIFY(near(scorePdr(gap, {}, o).at(0).quality.score, 4.4 / .7));
        // The reference's own treatment of the gap: it counts 0, and nothing is divided.
        o.missing = PdrMissingPolicy::AsReference;
        QVERIFY(near(scorePdr(gap, {}, o).at(0).quality.score, 4.4 / .99));
        o.weights = PdrWeightsPolicy::Reference;
        QVERIFY(near(scorePdr(gap, {}, o).at(0).quality.score, 4.4));
    }

    // One dimension, criteria a (w .6) and b (w .4); the reply scored a 8 and named b so that it
    // matched nothing ("b, reworded", 2); b, asked again, got 9. The dimension's mean weight is
    // .5. Reference: (8 × .6 + 2 × .5) / (.6 + .5) = 5.8 / 1.1 = 5.2727…, b's second answer left
    // out. Re-ask: (8 × .6 + 9 × .4) / 1 = 8.4, the unmatched item dropped.
    void unmatchedCriteria()
    {
        const QString M = u"M"_s, q = u"q1"_s;
        QList<PdrCriterionItem> items{
            crit(M, q, {}, {}, u"goal_alignment"_s, 1, .6, 8),
            crit(M, q, {}, {}, u"goal_alignment"_s, 1, .5, 2),
            crit(M, q, {}, {}, u"goal_alignment"_s, 1, .4, 9),
        };
        items[1].origin = PdrItemOrigin::Unmatched;
        items[2].origin = PdrItemOrigin::AskedAgain;
        const PdrReportScore reference = scorePdr(items, {}).at(0);
        QVERIFY(near(reference.personalization.score, 5.8 / 1.1));
        QCOMPARE(reference.personalization.unmatched, 1);
        QCOMPARE(reference.personalization.leftOut, 1);
        QCOMPARE(reference.personalization.criteria, 2);
        PdrScoringOptions o;
        o.unmatched = PdrUnmatchedPolicy::Reask;
        const PdrReportScore reask = scorePdr(items, {}, o).at(0);
        QVERIFY(near(reask.personalization.score, 8.4));
        QCOMPARE(reask.personalization.unmatched, 1);
        QCOMPARE(reask.personalization.leftOut, 0);
        QCOMPARE(reask.personalization.criteria, 2);
    }

    // Right after claims are extracted no support run has judged anything: a report that cites
    // nothing would have R 0 (CC 0, FA 0), and averaged with nothing else it would pull the
    // overall down. Without judged support no report has R; the overall is the mean of P and Q.
    void reliabilityOnlyWhereSupportWasJudged()
    {
        const QString M = u"M"_s;
        const QList<PdrCriterionItem> items{
            crit(M, u"q1"_s, {}, {}, u"goal_alignment"_s, 1, 1, 4),
            crit(M, u"q1"_s, {}, {}, u"depth_insight"_s, 1, 1, 6),
            crit(M, u"q2"_s, {}, {}, u"goal_alignment"_s, 1, 1, 2),
            crit(M, u"q2"_s, {}, {}, u"depth_insight"_s, 1, 1, 8),
        };
        using S = PdrClaimStatus;
        QList<PdrClaimItem> claimItems = claims(M, u"q1"_s, {}, {}, {S::Uncited, S::Uncited})
            + claims(M, u"q2"_s, {}, {}, {S::JudgeError, S::JudgeError, S::Uncited});
        for (PdrClaimItem &c : claimItems)
            c.supportJudged = false;
        const QList<PdrReportScore> before = scorePdr(items, claimItems);
        for (const PdrReportScore &r : before) {
            QVERIFY(!r.reliability.score);
            QVERIFY(!r.reliability.citationCoverage);
        }
        PdrGroup g = pdrGroups(before, PdrBreakdown::None).at(0);
        QCOMPARE(g.r.n, 0);
        QCOMPARE(g.r.missing, 2);
        QCOMPARE(g.supportNotJudged, 2);
        QVERIFY(near(g.overall, (3.0 + 7.0) / 2)); // P = (4 + 2) / 2, Q = (6 + 8) / 2

        // q2's two citations judged supported; q1, which cites nothing, has R 0 now that its
        // model's support was judged. R = (0 + (10 + 10·2/3) / 2) / 2 = 4.1666…, over 2 reports.
        claimItems = claims(M, u"q1"_s, {}, {}, {S::Uncited, S::Uncited})
            + claims(M, u"q2"_s, {}, {}, {S::Supported, S::Supported, S::Uncited});
        g = pdrGroups(scorePdr(items, claimItems), PdrBreakdown::None).at(0);
        QCOMPARE(g.r.n, 2);
        QCOMPARE(g.supportNotJudged, 0);
        const double r = (0 + (10 + 20.0 / 3) / 2) / 2;
        QVERIFY(near(g.r.mean, r));
        QVERIFY(near(g.overall, (3.0 + 7.0 + r) / 3));
    }

    void criterionMatching()
    {
        const QList<std::pair<QString, double>> criteria{
            {u"Explain costs"_s, .2}, {u"Budget plan for family"_s, .5}, {u"Risk"_s, .3}};
        QCOMPARE(matchPdrCriterion(u" Budget plan for family "_s, criteria).index, 1);
        QCOMPARE(matchPdrCriterion(u"budget PLAN for family"_s, criteria).index, 1);
        const PdrCriterionMatch sub = matchPdrCriterion(u"explain costs clearly"_s, criteria);
        QCOMPARE(sub.index, 0);
        QCOMPARE(sub.weight, .2);
        const PdrCriterionMatch none = matchPdrCriterion(u"unrelated"_s, criteria);
        QCOMPARE(none.index, -1);
        QVERIFY(near(none.weight, (.2 + .5 + .3) / 3));
    }
};

QTEST_GUILESS_MAIN(TestPdrScoring)
#include "tst_pdrscoring.moc"
