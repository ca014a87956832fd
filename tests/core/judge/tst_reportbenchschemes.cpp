// The reportbench-cited and reportbench-factcheck prompt schemes: registry, one statement per
// request, requests carrying statement and source, replies read back leniently (repaired
// JSON, booleans or labels) with unknown labels errors; and offline statement extraction.
// (No raw string literals here: moc of Qt 6.4 loses the test class after some of them.)
#include "judge/judgeconfig.h"
#include "judge/promptscheme.h"
#include "judge/reportbenchschemes.h"
#include "scoring/reportbenchstatements.h"

#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestReportBenchSchemes : public QObject
{
    Q_OBJECT

    static QList<Rubric> statements()
    {
        QList<Rubric> out;
        for (int i = 0; i < 3; ++i) {
            Rubric r;
            r.id = 10 + i;
            r.position = 2 - i;
            r.text = u"Statement number %1 about solar capacity in 2023."_s.arg(i);
            out.append(r);
        }
        return out;
    }

    static std::unique_ptr<PromptScheme> scheme(const QString &key)
    {
        auto s = makeScheme(key, {});
        if (!s) {
            qWarning("%s", qPrintable(s.errorMessage()));
            return nullptr;
        }
        return std::move(s).value();
    }

private slots:
    void registered()
    {
        for (const QString &key : {u"reportbench-cited"_s, u"reportbench-factcheck"_s}) {
            QVERIFY(schemeKeys().contains(key));
            const auto s = scheme(key);
            QVERIFY(s);
            QCOMPARE(s->key(), key);
            QCOMPARE(s->scale(), VerdictScale::Binary);
            QVERIFY(schemeMismatch(key, u"reportbench"_s).isEmpty());
            QVERIFY(!schemeMismatch(key, u"drb2"_s).isEmpty());
        }
        // ReportBench has no rubrics: by default its judge checks the cited statements.
        QCOMPARE(defaultSchemeFor(u"reportbench"_s), u"reportbench-cited"_s);
        const auto unknown = makeReportBenchScheme(u"reportbench-other"_s, {});
        QVERIFY(!unknown);
        QVERIFY(!unknown.error().message.isEmpty());
        const auto noSource = makeReportBenchScheme(u"reportbench-cited"_s, u"only {statement}"_s);
        QVERIFY(!noSource);
        QVERIFY(noSource.error().message.contains(u"{source}"_s));
        QVERIFY(makeReportBenchScheme(u"reportbench-factcheck"_s, u"Is {statement} true?"_s));
    }

    void oneStatementPerRequestInOrder()
    {
        const auto s = scheme(u"reportbench-cited"_s);
        const QList<QList<SchemeItem>> plan = s->plan(statements(), 10);
        QCOMPARE(plan.size(), 3);
        QCOMPARE(plan.at(0).size(), 1);
        QCOMPARE(plan.at(0).at(0).rubricId, RowId(12)); // position 0
        QCOMPARE(plan.at(2).at(0).rubricId, RowId(10));
    }

    void citedRoundTrip()
    {
        const auto s = scheme(u"reportbench-cited"_s);
        SchemeItem item = s->plan(statements(), 1).at(0).at(0);
        item.sourceUrl = u"https://example.org/solar"_s;
        item.sourceText = u"Solar capacity reached 1,400 GW in 2023. {statement}"_s;
        const ProviderRequest request = s->buildRequest({}, {item}, nullptr, JudgeConfig{});
        QVERIFY(request.prompt.contains(item.text));
        QVERIFY(request.prompt.contains(u"Solar capacity reached 1,400 GW"_s));
        QVERIFY(request.prompt.contains(u"https://example.org/solar"_s));
        QVERIFY(!request.prompt.contains(u"{source}"_s));
        // The literal placeholder inside the source is left alone.
        QVERIFY(request.prompt.contains(u"2023. {statement}"_s));

        SchemeResult r = s->interpret(
            {item},
            u"{\"verdict\": \"Supported\", \"quote\": \"reached 1,400 GW\", \"reason\": \"same\"}"_s);
        QVERIFY(r.parsed);
        QCOMPARE(r.items.size(), 1);
        QCOMPARE(r.items.at(0).rubricId, item.rubricId);
        QCOMPARE(r.items.at(0).value, 1.0);
        QCOMPARE(r.items.at(0).evidence, u"reached 1,400 GW"_s);
        QCOMPARE(r.items.at(0).reason, u"same"_s);

        // A stored claim knows its sentence: that is the evidence in the report (the view
        // highlights the statement), and the source's quote goes with the reason.
        SchemeItem claim = item;
        claim.metadata.insert(u"sentence"_s, u"Solar capacity reached 1,400 GW in 2023 [2]."_s);
        r = s->interpret(
            {claim},
            u"{\"verdict\": \"Supported\", \"quote\": \"reached 1,400 GW\", \"reason\": \"same\"}"_s);
        QCOMPARE(r.items.at(0).evidence, u"Solar capacity reached 1,400 GW in 2023 [2]."_s);
        QCOMPARE(r.items.at(0).reason, u"same\nSource: “reached 1,400 GW”"_s);

        // Broken JSON: fenced, single quotes, trailing comma, and the reference's NOT_FOUND.
        r = s->interpret({item},
                         u"Here it is:\n```json\n{'verdict': 'NOT_FOUND', 'reason': "
                         "'absent',}\n```"_s);
        QVERIFY(r.parsed);
        QVERIFY(!r.repairs.isEmpty());
        QCOMPARE(r.items.at(0).value, 0.0);
        QVERIFY(r.items.at(0).error.isEmpty());

        // A boolean under the reference's key.
        r = s->interpret({item}, u"{\"match\": true, \"reason\": \"ok\"}"_s);
        QCOMPARE(r.items.at(0).value, 1.0);

        // An unknown label is an error, not "not supported".
        r = s->interpret({item}, u"{\"verdict\": \"partly\", \"reason\": \"?\"}"_s);
        QVERIFY(r.parsed);
        QVERIFY(!r.items.at(0).value);
        QVERIFY(r.items.at(0).error.contains(u"partly"_s));

        // No JSON at all, or no verdict: not parsed, ask again.
        QVERIFY(!s->interpret({item}, u"I cannot tell."_s).parsed);
        QVERIFY(!s->interpret({item}, u"{\"reason\": \"no verdict\"}"_s).parsed);
    }

    void factcheckRoundTrip()
    {
        const auto s = scheme(u"reportbench-factcheck"_s);
        const SchemeItem item = s->plan(statements(), 1).at(0).at(0);
        const ProviderRequest request = s->buildRequest({}, {item}, nullptr, JudgeConfig{});
        QVERIFY(request.prompt.contains(item.text));
        QVERIFY(!request.prompt.contains(u"{statement}"_s));

        SchemeResult r
            = s->interpret({item}, u"{\"decision\": false, \"reason\": \"it was 1.4 TW\"}"_s);
        QVERIFY(r.parsed);
        QCOMPARE(r.items.at(0).value, 0.0);
        QCOMPARE(r.items.at(0).reason, u"it was 1.4 TW"_s);

        // Truncated and with Python literals; string decisions as the reference reads them.
        r = s->interpret({item}, u"{\"decision\": True, \"reason\": \"confirmed by the IEA"_s);
        QVERIFY(r.parsed);
        QCOMPARE(r.items.at(0).value, 1.0);
        QVERIFY(!r.repairs.isEmpty());
        r = s->interpret({item}, u"{\"decision\": \"正确\", \"reason\": \"x\"}"_s);
        QCOMPARE(r.items.at(0).value, 1.0);
        r = s->interpret({item}, u"[{\"decision\": \"Incorrect\", \"reason\": \"x\"}]"_s);
        QCOMPARE(r.items.at(0).value, 0.0);

        r = s->interpret({item}, u"{\"decision\": \"unverifiable\", \"reason\": \"x\"}"_s);
        QVERIFY(r.parsed);
        QVERIFY(!r.items.at(0).value);
        QVERIFY(!r.items.at(0).error.isEmpty());
        r = s->interpret({item}, u"{\"decision\": 0.5}"_s);
        QVERIFY(!r.items.at(0).value);
    }

    void extractStatementsData()
    {
        const QString report
            = u"# Solar power\n"
              "\n"
              "Global solar capacity passed 1,400 GW in 2023 [1]. It grew by about a third in one "
              "year.[2]\n"
              "Costs fell, e.g. module prices dropped sharply after 2022 (see "
              "https://example.org/prices).\n"
              "\n"
              "- Module prices fell by half in China during 2023 [^3].\n"
              "- Short item.\n"
              "\n"
              "| table | row with a long enough cell |\n"
              "|---|---|\n"
              "\n"
              "```\n"
              "code that is not a statement at all here.\n"
              "```\n"
              "\n"
              "The share of solar in new capacity was "
              "75%【4】。中国的太阳能装机容量在二零二三年大幅增长。\n"
              "\n"
              "## References\n"
              "[1] IEA, Renewables 2023, https://iea.org/reports/renewables-2023\n"
              "[2] Ember, Global Electricity Review, https://ember-climate.org/review.\n"
              "[^3]: BNEF, https://bnef.com/modules\n"
              "[4] https://example.org/share\n"
              "Some prose under references that is not a statement.\n"_s;
        const QList<ReportStatement> s = extractStatements(report);
        QStringList claims;
        for (const ReportStatement &st : s)
            claims << st.claim;
        QCOMPARE(claims,
                 (QStringList{
                     u"Global solar capacity passed 1,400 GW in 2023."_s,
                     u"It grew by about a third in one year."_s,
                     u"Costs fell, e.g. module prices dropped sharply after 2022 (see)."_s,
                     u"Module prices fell by half in China during 2023."_s,
                     u"The share of solar in new capacity was 75%。"_s,
                     u"中国的太阳能装机容量在二零二三年大幅增长。"_s,
                 }));
        QVERIFY(s.at(0).cited());
        QCOMPARE(s.at(0).urls, QStringList{u"https://iea.org/reports/renewables-2023"_s});
        QCOMPARE(s.at(1).markers, QStringList{u"[2]"_s});
        QCOMPARE(s.at(1).urls, QStringList{u"https://ember-climate.org/review"_s});
        QCOMPARE(s.at(2).urls, QStringList{u"https://example.org/prices"_s});
        QCOMPARE(s.at(3).urls, QStringList{u"https://bnef.com/modules"_s});
        QCOMPARE(s.at(4).urls, QStringList{u"https://example.org/share"_s});
        QVERIFY(!s.at(5).cited());
        // Spans point back into the report.
        QCOMPARE(report.mid(s.at(0).span.offset, s.at(0).span.length),
                 u"Global solar capacity passed 1,400 GW in 2023 [1]."_s);
    }

    void extractStatementsEdgeCases()
    {
        const QList<ReportStatement> s = extractStatements(
            u"Smith J. and Lee K. found a 3.5% rise in output. Prices rose [1-3]. "
            "Wind grew as well in every region studied. See [Ember](https://ember.org/x) for "
            "the full data set.\n\n[2] https://two.org/a\n[3] https://three.org/b"_s);
        QCOMPARE(s.size(), 3); // "Prices rose" is too short
        QCOMPARE(s.at(0).claim, u"Smith J. and Lee K. found a 3.5% rise in output."_s);
        QVERIFY(!s.at(0).cited());
        QVERIFY(!s.at(1).cited());
        QVERIFY(s.at(2).cited());
        QCOMPARE(s.at(2).claim, u"See Ember for the full data set."_s);
        QCOMPARE(s.at(2).urls, QStringList{u"https://ember.org/x"_s});

        const QList<ReportStatement> range = extractStatements(
            u"Prices rose in all of the markets [1-3].\n\n[2] https://two.org/a\n"
            "[3] https://three.org/b"_s);
        QCOMPARE(range.size(), 1);
        // [1] has no definition: only the ones that resolve.
        QCOMPARE(range.at(0).urls, (QStringList{u"https://two.org/a"_s, u"https://three.org/b"_s}));
        QVERIFY(extractStatements(QString()).isEmpty());
    }
};

QTEST_APPLESS_MAIN(TestReportBenchSchemes)
#include "tst_reportbenchschemes.moc"
