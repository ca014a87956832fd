// ResearchRubrics compliance on the real criteria: pitfalls subtract, partial counts half,
// errors are left out (or count as 0 under the reference policy), and the breakdowns' n match
// the file's domains and complexity levels. Expected values are computed here from the file.
#include "researchrubricsdata.h"
#include "scoring/researchrubricsscoring.h"
#include "shareddata.h"

#include <QHash>
#include <QJsonArray>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

QList<RrScoreItem> itemsOf(const QJsonObject &prompt, const QString &model,
                           const std::function<std::optional<double>(int)> &scoreOf)
{
    QList<RrScoreItem> items;
    const QJsonArray rubrics = prompt.value(u"rubrics"_s).toArray();
    for (int i = 0; i < rubrics.size(); ++i) {
        const QJsonObject c = rubrics.at(i).toObject();
        RrScoreItem item;
        item.model = model;
        item.sampleId = prompt.value(u"sample_id"_s).toString();
        item.domain = prompt.value(u"domain"_s).toString();
        item.complexity = {prompt.value(u"conceptual_breadth"_s).toString(),
                           prompt.value(u"logical_nesting"_s).toString(),
                           prompt.value(u"exploration"_s).toString()};
        item.axis = c.value(u"axis"_s).toString();
        item.weight = c.value(u"weight"_s).toDouble();
        item.score = scoreOf(i);
        items.append(item);
    }
    return items;
}

double weightAt(const QJsonObject &prompt, int i)
{
    return prompt.value(u"rubrics"_s).toArray().at(i).toObject().value(u"weight"_s).toDouble();
}

} // namespace

class TestResearchRubricsScoring : public QObject
{
    Q_OBJECT

    QList<QJsonObject> m_prompts;
    QJsonObject m_pitfallPrompt;

private slots:
    void initTestCase()
    {
        RUBRICATE_REQUIRE_SHARED(path, "researchrubrics/processed_data.jsonl");
        m_prompts = RubricateTest::readResearchRubrics(path);
        QCOMPARE(m_prompts.size(), 101);
        m_pitfallPrompt = RubricateTest::firstPromptWithPitfall(m_prompts);
        QVERIFY(!m_pitfallPrompt.isEmpty());
    }

    void complianceWithPitfallsAndPartials()
    {
        const QJsonObject &p = m_pitfallPrompt;
        const int n = int(p.value(u"rubrics"_s).toArray().size());
        // Satisfied, Partially, Not in turn: pitfalls that are "satisfied" are present.
        const auto cycle = [](int i) {
            return std::optional<double>(i % 3 == 0 ? 1.0 : i % 3 == 1 ? 0.5 : 0.0);
        };
        double numerator = 0, positive = 0;
        bool pitfallCounted = false;
        for (int i = 0; i < n; ++i) {
            const double w = weightAt(p, i);
            numerator += w * *cycle(i);
            if (w > 0)
                positive += w;
            if (w < 0 && *cycle(i) > 0)
                pitfallCounted = true;
        }
        QVERIFY2(pitfallCounted, "the chosen prompt has a present pitfall under this pattern");
        const auto reports = scoreResearchRubrics(itemsOf(p, u"A"_s, cycle));
        QCOMPARE(reports.size(), 1);
        QCOMPARE(reports.constFirst().total.criteria, n);
        QCOMPARE(reports.constFirst().total.errors, 0);
        QVERIFY(qFuzzyCompare(*reports.constFirst().total.compliance, numerator / positive));

        // Every criterion satisfied: the pitfalls pull the score below 1.
        double negative = 0;
        for (int i = 0; i < n; ++i)
            negative += qMin(0.0, weightAt(p, i));
        const auto all = scoreResearchRubrics(itemsOf(p, u"A"_s, [](int) { return 1.0; }));
        QVERIFY(
            qFuzzyCompare(*all.constFirst().total.compliance, (positive + negative) / positive));
        QVERIFY(*all.constFirst().total.compliance < 1.0);

        // Only the pitfalls present: negative.
        const auto onlyPitfalls = scoreResearchRubrics(
            itemsOf(p, u"A"_s, [&](int i) { return weightAt(p, i) < 0 ? 1.0 : 0.0; }));
        QVERIFY(qFuzzyCompare(*onlyPitfalls.constFirst().total.compliance, negative / positive));

        // Binary collapse: partially counts as not satisfied.
        double binaryNumerator = 0;
        for (int i = 0; i < n; ++i)
            binaryNumerator += i % 3 == 0 ? weightAt(p, i) : 0.0;
        RrScoringOptions binary;
        binary.grading = RrGrading::Binary;
        const auto collapsed = scoreResearchRubrics(itemsOf(p, u"A"_s, cycle), binary);
        QVERIFY(
            qFuzzyCompare(*collapsed.constFirst().total.compliance, binaryNumerator / positive));
    }

    void errorsAreLeftOutOrCountAsZero()
    {
        const QJsonObject &p = m_pitfallPrompt;
        const int n = int(p.value(u"rubrics"_s).toArray().size());
        int failed = -1;
        for (int i = 0; i < n && failed < 0; ++i) {
            if (weightAt(p, i) > 0)
                failed = i;
        }
        const auto scoreOf = [&](int i) {
            return i == failed ? std::nullopt : std::optional<double>(1.0);
        };
        double numerator = 0, positive = 0;
        for (int i = 0; i < n; ++i) {
            if (i == failed)
                continue;
            numerator += weightAt(p, i);
            positive += qMax(0.0, weightAt(p, i));
        }
        const auto excluded = scoreResearchRubrics(itemsOf(p, u"A"_s, scoreOf));
        QCOMPARE(excluded.constFirst().total.errors, 1);
        QVERIFY(qFuzzyCompare(*excluded.constFirst().total.compliance, numerator / positive));

        RrScoringOptions reference;
        reference.errors = RrErrorPolicy::AsReference;
        const auto asZero = scoreResearchRubrics(itemsOf(p, u"A"_s, scoreOf), reference);
        QCOMPARE(asZero.constFirst().total.errors, 1);
        QVERIFY(qFuzzyCompare(*asZero.constFirst().total.compliance,
                              numerator / (positive + weightAt(p, failed))));

        // Nothing usable: no value (left out of means), where the reference writes 0.
        const auto none
            = scoreResearchRubrics(itemsOf(p, u"A"_s, [](int) { return std::optional<double>(); }));
        QVERIFY(!none.constFirst().total.compliance);
        const auto groups = researchRubricsGroups(none, RrBreakdown::None);
        QCOMPARE(groups.constFirst().n, 0);
        QCOMPARE(groups.constFirst().empty, 1);
        QVERIFY(!groups.constFirst().mean);
        const auto noneRef = scoreResearchRubrics(
            itemsOf(p, u"A"_s, [](int) { return std::optional<double>(); }), reference);
        QCOMPARE(noneRef.constFirst().total.compliance, std::optional<double>(0.0));
    }

    void breakdownCountsMatchTheFile()
    {
        // Two agents over all 101 prompts, every criterion satisfied.
        QList<RrScoreItem> items;
        QHash<QString, int> byDomain, byBreadth, byNesting, byExploration, promptsWithPositive;
        QHash<QString, double> meanByDomain;
        for (const QJsonObject &p : std::as_const(m_prompts)) {
            for (const QString &model : {u"A"_s, u"B"_s})
                items += itemsOf(p, model, [](int) { return 1.0; });
            ++byDomain[p.value(u"domain"_s).toString()];
            ++byBreadth[p.value(u"conceptual_breadth"_s).toString()];
            ++byNesting[p.value(u"logical_nesting"_s).toString()];
            ++byExploration[p.value(u"exploration"_s).toString()];
            QHash<QString, bool> positive;
            double num = 0, den = 0;
            for (const QJsonValue &c : p.value(u"rubrics"_s).toArray()) {
                const double w = c.toObject().value(u"weight"_s).toDouble();
                positive[c.toObject().value(u"axis"_s).toString()] |= w > 0;
                num += w;
                den += qMax(0.0, w);
            }
            meanByDomain[p.value(u"domain"_s).toString()] += num / den;
            for (auto it = positive.cbegin(); it != positive.cend(); ++it)
                promptsWithPositive[it.key()] += it.value() ? 1 : 0;
        }
        const auto reports = scoreResearchRubrics(items);
        QCOMPARE(reports.size(), 202);

        const auto overall = researchRubricsGroups(reports, RrBreakdown::None);
        QCOMPARE(overall.size(), 2);
        QCOMPARE(overall.at(0).model, u"A"_s);
        QCOMPARE(overall.at(0).n, 101);
        QCOMPARE(overall.at(0).criteria, 2593);

        const auto domains = researchRubricsGroups(reports, RrBreakdown::Domain);
        QCOMPARE(domains.size(), 2 * byDomain.size());
        for (const RrGroup &g : domains) {
            QCOMPARE(g.n, byDomain.value(g.value));
            QVERIFY(qFuzzyCompare(*g.mean, meanByDomain.value(g.value) / g.n));
        }

        const auto complexity = researchRubricsGroups(reports, RrBreakdown::Complexity);
        int breadthRows = 0;
        for (const RrGroup &g : complexity) {
            const auto &counts = g.dimension == "breadth"_L1 ? byBreadth
                : g.dimension == "nesting"_L1                ? byNesting
                                                             : byExploration;
            QCOMPARE(g.n, counts.value(g.value));
            if (g.model == "A"_L1 && g.dimension == "breadth"_L1)
                ++breadthRows;
        }
        QCOMPARE(breadthRows, byBreadth.size());
        // Natural level order: Low before Medium before High.
        QStringList exploration;
        for (const RrGroup &g : complexity) {
            if (g.model == "A"_L1 && g.dimension == "exploration"_L1)
                exploration << g.value;
        }
        QCOMPARE(exploration, (QStringList{u"Low"_s, u"Medium"_s, u"High"_s}));

        // An axis holding only pitfalls in a prompt has no value there.
        const auto axes = researchRubricsGroups(reports, RrBreakdown::Axis);
        int axisCriteria = 0;
        for (const RrGroup &g : axes) {
            QCOMPARE(g.n, promptsWithPositive.value(g.value));
            if (g.model == "A"_L1)
                axisCriteria += g.criteria;
        }
        QCOMPARE(axisCriteria, 2593);
    }

    void mandatoryPassRate()
    {
        RrScoreItem base;
        base.model = u"A"_s;
        base.sampleId = u"s"_s;
        base.axis = u"Explicit Criteria"_s;
        QList<RrScoreItem> items;
        const auto add = [&](double w, std::optional<bool> mandatory, std::optional<double> s) {
            RrScoreItem i = base;
            i.weight = w;
            i.mandatory = mandatory;
            i.score = s;
            items.append(i);
        };
        add(5, true, 1.0); // passes
        add(4, true, 0.5); // partial is not a pass
        add(-3, true, 0.0); // pitfall avoided: passes
        add(-2, true, 1.0); // pitfall present
        add(3, true, std::nullopt); // error: left out
        add(2, false, 0.0); // optional: not counted
        add(1, std::nullopt, 1.0); // unknown: not counted
        const auto groups = researchRubricsGroups(scoreResearchRubrics(items), RrBreakdown::None);
        QCOMPARE(groups.constFirst().mandatory, 4);
        QCOMPARE(groups.constFirst().mandatoryPassed, 2);
        QCOMPARE(groups.constFirst().mandatoryPassRate(), std::optional<double>(0.5));
        // 5 + 2 - 2 + 1 over 5 + 4 + 2 + 1 (the error is left out).
        QCOMPARE(scoreResearchRubrics(items).constFirst().total.compliance,
                 std::optional<double>(6.0 / 12.0));
    }
};

QTEST_GUILESS_MAIN(TestResearchRubricsScoring)
#include "tst_researchrubricsscoring.moc"
