// The researchrubrics prompt scheme on real criteria: planning one per call or in batches, the
// request carrying criterion, axis and weight, and replies read back leniently, with an
// unknown label an error and never 0.
#include "judge/promptscheme.h"
#include "judge/researchrubricsscheme.h"
#include "researchrubricsdata.h"
#include "shareddata.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestResearchRubricsScheme : public QObject
{
    Q_OBJECT

    QJsonObject m_prompt;
    QList<Rubric> m_rubrics;
    std::unique_ptr<PromptScheme> m_scheme;

    QList<SchemeItem> allItems() const { return m_scheme->plan(m_rubrics, 0).value(0); }

    // A reply answering every asked item with `labels` in turn.
    static QJsonArray answers(const QList<SchemeItem> &items, const QStringList &labels)
    {
        QJsonArray results;
        for (int i = 0; i < items.size(); ++i) {
            results.append(QJsonObject{{u"criterion"_s, items.at(i).text},
                                       {u"verdict"_s, labels.at(i % labels.size())},
                                       {u"reason"_s, u"because %1"_s.arg(i)},
                                       {u"evidence_quotes"_s, QJsonArray{u"quote %1"_s.arg(i)}}});
        }
        return results;
    }

private slots:
    void initTestCase()
    {
        RUBRICATE_REQUIRE_SHARED(path, "researchrubrics/processed_data.jsonl");
        m_prompt = RubricateTest::firstPromptWithPitfall(RubricateTest::readResearchRubrics(path));
        QVERIFY(!m_prompt.isEmpty());
        const QJsonArray rubrics = m_prompt.value(u"rubrics"_s).toArray();
        // Given in reverse, to see that planning restores the prompt's order.
        for (int i = int(rubrics.size()) - 1; i >= 0; --i) {
            const QJsonObject c = rubrics.at(i).toObject();
            Rubric r;
            r.id = 1000 + i;
            r.position = i;
            r.text = c.value(u"criterion"_s).toString();
            r.dimension = c.value(u"axis"_s).toString();
            r.weight = c.value(u"weight"_s).toDouble();
            r.scale = VerdictScale::Ternary;
            m_rubrics.append(r);
        }
        auto scheme = makeScheme(u"researchrubrics"_s, {});
        QVERIFY2(scheme, qPrintable(scheme.errorMessage()));
        m_scheme = std::move(scheme).value();
        QCOMPARE(m_scheme->scale(), VerdictScale::Ternary);
    }

    void registered()
    {
        QVERIFY(schemeKeys().contains(u"researchrubrics"_s));
        QCOMPARE(defaultSchemeFor(u"researchrubrics"_s), u"researchrubrics"_s);
        QCOMPARE(defaultSchemeFor(u"drb2"_s), u"drb2"_s);
        QVERIFY(schemeMismatch(u"researchrubrics"_s, u"researchrubrics"_s).isEmpty());
        QVERIFY(!schemeMismatch(u"researchrubrics"_s, u"drb2"_s).isEmpty());
        QVERIFY(!schemeMismatch(u"drb2"_s, u"researchrubrics"_s).isEmpty());
        QVERIFY(schemeMismatch(u"drb2"_s, u"drb2"_s).isEmpty());
    }

    void plansOnePerCallOrBatched()
    {
        const int n = int(m_rubrics.size());
        const auto single = m_scheme->plan(m_rubrics, 1);
        QCOMPARE(single.size(), n);
        for (int i = 0; i < n; ++i) {
            QCOMPARE(single.at(i).size(), 1);
            QCOMPARE(single.at(i).constFirst().rubricId, RowId(1000 + i)); // the prompt's order
        }
        QCOMPARE(m_scheme->plan(m_rubrics, 0).size(), 1);
        QCOMPARE(m_scheme->plan(m_rubrics, 10).size(), (n + 9) / 10);
        QCOMPARE(m_scheme->plan({}, 1).size(), 0);
    }

    void requestCarriesCriteriaWithWeights()
    {
        SchemeContext ctx;
        ctx.task.judgeTask = m_prompt.value(u"prompt"_s).toString();
        ctx.report.text = u"# A report\n\nIt says {task_and_rubric} and {passage} literally."_s;
        const QList<SchemeItem> items = allItems();
        JudgeConfig config;
        const ProviderRequest request = m_scheme->buildRequest(ctx, items, nullptr, config);
        QVERIFY(request.prompt.contains(ctx.report.text)); // placeholders in a report stay
        const qsizetype open = request.prompt.indexOf(u"<task_and_rubric>"_s);
        const qsizetype close = request.prompt.indexOf(u"</task_and_rubric>"_s);
        QVERIFY(open > 0 && close > open);
        const QString block = request.prompt.mid(open + 17, close - open - 17);
        QJsonParseError parseError;
        const QJsonObject payload = QJsonDocument::fromJson(block.toUtf8(), &parseError).object();
        QCOMPARE(parseError.error, QJsonParseError::NoError);
        QCOMPARE(payload.value(u"task"_s).toString(), ctx.task.judgeTask);
        const QJsonArray sent = payload.value(u"criteria"_s).toArray();
        const QJsonArray file = m_prompt.value(u"rubrics"_s).toArray();
        QCOMPARE(sent.size(), file.size());
        for (int i = 0; i < file.size(); ++i) {
            const QJsonObject s = sent.at(i).toObject(), f = file.at(i).toObject();
            QCOMPARE(s.value(u"criterion"_s).toString(), f.value(u"criterion"_s).toString());
            QCOMPARE(s.value(u"axis"_s).toString(), f.value(u"axis"_s).toString());
            QCOMPARE(s.value(u"weight"_s).toDouble(), f.value(u"weight"_s).toDouble());
        }
    }

    // The reference sends reports whole up to 600,000 characters (chunking only beyond), so
    // a 200,000-character report is not cut at DRB-II's 150,000; a set limit still applies.
    void reportsGoWholeUpToTheReferenceLimit()
    {
        QCOMPARE(m_scheme->defaultPassageChars(), 600000);
        SchemeContext ctx;
        ctx.task.judgeTask = u"Plan."_s;
        ctx.report.text = QString(200000, u'x');
        JudgeConfig config;
        QCOMPARE(passageLimit(config), 150000); // the default scheme is drb2
        config.scheme = u"researchrubrics"_s;
        QCOMPARE(passageLimit(config), 600000);
        QVERIFY(m_scheme->buildRequest(ctx, allItems(), nullptr, config)
                    .prompt.contains(QString(200000, u'x')));
        config.maxPassageChars = 1000;
        const QString cut = m_scheme->buildRequest(ctx, allItems(), nullptr, config).prompt;
        QVERIFY(cut.contains(QString(1000, u'x')));
        QVERIFY(!cut.contains(QString(1001, u'x')));
    }

    void readsLabelsAndKeepsEvidence()
    {
        const QList<SchemeItem> items = allItems();
        const QString reply = QString::fromUtf8(
            QJsonDocument(QJsonObject{{u"results"_s,
                                       answers(items,
                                               {u"Satisfied"_s, u"partially satisfied"_s,
                                                u"NOT_SATISFIED"_s})}})
                .toJson());
        const SchemeResult r = m_scheme->interpret(items, reply);
        QVERIFY(r.parsed);
        QCOMPARE(r.items.size(), items.size());
        const double expected[] = {1.0, 0.5, 0.0};
        for (int i = 0; i < items.size(); ++i) {
            const ItemOutcome &o = r.items.at(i);
            QCOMPARE(o.rubricId, items.at(i).rubricId);
            QVERIFY2(o.value, qPrintable(o.error));
            QCOMPARE(*o.value, expected[i % 3]);
            QCOMPARE(o.reason, u"because %1"_s.arg(i));
            QCOMPARE(o.evidence, u"quote %1"_s.arg(i));
            QCOMPARE(o.matchedBy, u"exact"_s);
        }
    }

    void repairsBrokenJson()
    {
        const QList<SchemeItem> items = allItems().mid(0, 3);
        QString json = QString::fromUtf8(
            QJsonDocument(QJsonObject{{u"results"_s, answers(items, {u"Satisfied"_s})}})
                .toJson(QJsonDocument::Indented));
        // Fenced, with prose, a trailing comma, and cut off before the end.
        json.replace(u"\n    ]\n}"_s, u",\n    ]\n}"_s);
        const QString reply = u"Here are my grades:\n```json\n"_s + json.left(json.size() - 4);
        const SchemeResult r = m_scheme->interpret(items, reply);
        QVERIFY2(r.parsed, qPrintable(r.parseError));
        QVERIFY(!r.repairs.isEmpty());
        QVERIFY(r.repairs.contains(u"code fence"_s) || r.repairs.contains(u"surrounding prose"_s));
        for (const ItemOutcome &o : r.items) {
            QVERIFY(!o.missing);
            QCOMPARE(o.value, std::optional<double>(1.0));
        }
    }

    void unknownLabelIsAnErrorNeverZero()
    {
        const QList<SchemeItem> items = allItems().mid(0, 2);
        const QString reply = QString::fromUtf8(
            QJsonDocument(QJsonObject{{u"results"_s,
                                       answers(items, {u"Mostly Satisfied"_s, u"Satisfied"_s})}})
                .toJson());
        const SchemeResult r = m_scheme->interpret(items, reply);
        QVERIFY(r.parsed);
        QVERIFY(!r.items.at(0).value.has_value());
        QVERIFY(r.items.at(0).error.contains(u"Mostly Satisfied"_s));
        QCOMPARE(r.items.at(0).label, u"Mostly Satisfied"_s);
        QCOMPARE(r.items.at(1).value, std::optional<double>(1.0));

        const Result<double> yes = researchRubricsLabelValue(u"Yes"_s);
        QVERIFY(!yes);
        QVERIFY(yes.errorMessage().contains(u"Yes"_s));
        // A number outside the scale is an error too.
        const QJsonObject two{{u"criterion"_s, items.at(0).text}, {u"verdict"_s, 2}};
        const SchemeResult n = m_scheme->interpret(
            items.mid(0, 1),
            QString::fromUtf8(
                QJsonDocument(QJsonObject{{u"results"_s, QJsonArray{two}}}).toJson()));
        QVERIFY(n.parsed);
        QVERIFY(!n.items.at(0).value.has_value());
        QVERIFY(!n.items.at(0).error.isEmpty());
    }

    void oneCriterionAsABareObject()
    {
        const QList<SchemeItem> one = allItems().mid(1, 1);
        const SchemeResult r
            = m_scheme->interpret(one,
                                  u"{'verdict': 'Partially Satisfied', 'reason': 'half', "
                                  "'evidence_quotes': ['a', 'b']}"_s);
        QVERIFY2(r.parsed, qPrintable(r.parseError));
        QCOMPARE(r.items.size(), 1);
        QCOMPARE(r.items.at(0).value, std::optional<double>(0.5));
        QCOMPARE(r.items.at(0).matchedBy, u"only item"_s);
        QCOMPARE(r.items.at(0).evidence, u"a ... b"_s);
    }

    void leftOutItemsAreMissingAndNoJsonIsUnreadable()
    {
        const QList<SchemeItem> items = allItems().mid(0, 4);
        const QJsonArray some = answers(items.mid(0, 2), {u"Satisfied"_s});
        const SchemeResult r = m_scheme->interpret(
            items, QString::fromUtf8(QJsonDocument(QJsonObject{{u"results"_s, some}}).toJson()));
        QVERIFY(r.parsed);
        QVERIFY(!r.items.at(0).missing);
        QVERIFY(r.items.at(2).missing && r.items.at(3).missing);
        QVERIFY(!m_scheme->interpret(items, u"I cannot grade this report."_s).parsed);
    }
};

QTEST_GUILESS_MAIN(TestResearchRubricsScheme)
#include "tst_researchrubricsscheme.moc"
