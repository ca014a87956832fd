// The pdrbench prompt scheme: one request per family with whole dimensions, the persona only
// for personalization, and replies matched as score_calculator.py matches them (exact,
// case-insensitive, substring), with left-out criteria missing and bad scores errors, never 0.
#include "judge/judgesimulator.h"
#include "judge/pdrbenchscheme.h"
#include "judge/promptscheme.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestPdrBenchScheme : public QObject
{
    Q_OBJECT

    std::unique_ptr<PromptScheme> m_scheme;

    static Rubric rubric(RowId id, const QString &dimension, int position, const QString &text,
                         double weight = 0.5)
    {
        Rubric r;
        r.id = id;
        r.dimension = dimension;
        r.position = position;
        r.text = text;
        r.weight = weight;
        r.scale = VerdictScale::ZeroToTen;
        r.metadata = {{u"explanation"_s, u"why %1"_s.arg(id)}};
        return r;
    }

    static QList<RowId> ids(const QList<SchemeItem> &items)
    {
        QList<RowId> out;
        for (const SchemeItem &i : items)
            out << i.rubricId;
        return out;
    }

    // Two goal criteria, one presentation, two depth (quality), given out of order.
    static QList<Rubric> sample()
    {
        return {rubric(5, u"depth_insight"_s, 1, u"Weighs the risks"_s),
                rubric(1, u"goal_alignment"_s, 0, u"Addresses the nurse's shift income"_s, 0.6),
                rubric(4, u"depth_insight"_s, 0, u"Explains trade-offs"_s),
                rubric(3, u"presentation_fit"_s, 0, u"Uses a table"_s, 1.0),
                rubric(2, u"goal_alignment"_s, 1, u"Sets a savings goal"_s, 0.4)};
    }

    SchemeContext context() const
    {
        SchemeContext ctx;
        ctx.task.judgeTask = u"task text of the task row"_s;
        ctx.report.text = u"# Budget\n\nFor a nurse working shifts ..."_s;
        Query q;
        q.text = u"Plan a family budget for next year."_s;
        q.setting = u"task_only"_s;
        ctx.query = q;
        Persona p;
        p.externalId = u"u01"_s;
        p.attributes
            = {{u"userid"_s, u"u01"_s}, {u"occupation"_s, u"nurse"_s}, {u"city"_s, u"北京"_s}};
        ctx.persona = p;
        return ctx;
    }

    SchemeResult read(const QList<SchemeItem> &items, const QJsonObject &reply) const
    {
        return m_scheme->interpret(items, QString::fromUtf8(QJsonDocument(reply).toJson()));
    }

private slots:
    void initTestCase()
    {
        auto scheme = makeScheme(u"pdrbench"_s, {});
        QVERIFY2(scheme, qPrintable(scheme.errorMessage()));
        m_scheme = std::move(scheme).value();
        QCOMPARE(m_scheme->scale(), VerdictScale::ZeroToTen);
    }

    void registry()
    {
        QVERIFY(schemeKeys().contains(u"pdrbench"_s));
        QCOMPARE(defaultSchemeFor(u"pdrbench"_s), u"pdrbench"_s);
        QVERIFY(schemeMismatch(u"pdrbench"_s, u"pdrbench"_s).isEmpty());
        QVERIFY(!schemeMismatch(u"pdrbench"_s, u"drb2"_s).isEmpty());
        QVERIFY(!schemeMismatch(u"drb2"_s, u"pdrbench"_s).isEmpty());
        QVERIFY(!schemeMismatch(u"researchrubrics"_s, u"pdrbench"_s).isEmpty());
    }

    void oneRequestPerFamily()
    {
        const auto batches = m_scheme->plan(sample(), 0);
        QCOMPARE(batches.size(), 2);
        QCOMPARE(ids(batches.at(0)), (QList<RowId>{1, 2, 3}));
        QCOMPARE(ids(batches.at(1)), (QList<RowId>{4, 5}));
        QCOMPARE(pdrItemFamily(batches.at(0).at(0)), u"personalization"_s);
        QCOMPARE(pdrItemFamily(batches.at(1).at(0)), u"quality"_s);
    }

    void batchSizeKeepsDimensionsWhole()
    {
        // Cap 2: goal (2 items) and presentation (1) do not fit together, so they go apart;
        // neither is split.
        auto batches = m_scheme->plan(sample(), 2);
        QCOMPARE(batches.size(), 3);
        QCOMPARE(ids(batches.at(0)), (QList<RowId>{1, 2}));
        QCOMPARE(ids(batches.at(1)), (QList<RowId>{3}));
        QCOMPARE(ids(batches.at(2)), (QList<RowId>{4, 5}));
        // Cap 3: the whole personalization family fits.
        batches = m_scheme->plan(sample(), 3);
        QCOMPARE(batches.size(), 2);
        // Cap 1: only here is a dimension split, because it is larger than the cap.
        batches = m_scheme->plan(sample(), 1);
        QCOMPARE(batches.size(), 5);
        QCOMPARE(ids(batches.at(0)), (QList<RowId>{1}));
        QCOMPARE(ids(batches.at(1)), (QList<RowId>{2}));
    }

    void personalizationPrompt()
    {
        const auto batches = m_scheme->plan(sample(), 0);
        const QString prompt
            = m_scheme->buildRequest(context(), batches.at(0), nullptr, JudgeConfig{}).prompt;
        QVERIFY(prompt.contains(u"Plan a family budget for next year."_s)); // the query's text
        QVERIFY(!prompt.contains(u"task text of the task row"_s));
        QVERIFY(prompt.contains(u"\"occupation\": \"nurse\""_s));
        QVERIFY(prompt.contains(u"北京"_s)); // non-ASCII kept
        QVERIFY(prompt.contains(u"For a nurse working shifts"_s));
        const qsizetype open = prompt.lastIndexOf(u"<criteria_list>"_s);
        const QString list
            = prompt.mid(open + 15, prompt.lastIndexOf(u"</criteria_list>"_s) - open - 15);
        const QJsonObject criteria = QJsonDocument::fromJson(list.toUtf8()).object();
        QCOMPARE(criteria.keys(), (QStringList{u"goal_alignment"_s, u"presentation_fit"_s}));
        const QJsonObject first = criteria.value(u"goal_alignment"_s).toArray().at(0).toObject();
        QCOMPARE(first.value(u"criterion"_s).toString(), u"Addresses the nurse's shift income"_s);
        QCOMPARE(first.value(u"explanation"_s).toString(), u"why 1"_s);
        QCOMPARE(first.value(u"weight"_s).toDouble(), 0.6);
        // The dimension order of the reference, not the alphabet.
        QVERIFY(list.indexOf(u"goal_alignment"_s) < list.indexOf(u"presentation_fit"_s));
    }

    void qualityPromptHasNoPersona()
    {
        const auto batches = m_scheme->plan(sample(), 0);
        const QString prompt
            = m_scheme->buildRequest(context(), batches.at(1), nullptr, JudgeConfig{}).prompt;
        QVERIFY(!prompt.contains(u"nurse\""_s));
        QVERIFY(!prompt.contains(u"<persona>"_s));
        QVERIFY(prompt.contains(u"Explains trade-offs"_s));
    }

    // A Chinese query gets the Chinese prompt (our translation of the English one), in both
    // families; the task's language decides when the query has none; everything else English.
    void promptLanguage()
    {
        const auto batches = m_scheme->plan(sample(), 0);
        SchemeContext zh = context();
        zh.query->language = u"zh"_s;
        QVERIFY(pdrPromptIsChinese(zh));
        const QString personal = m_scheme->buildRequest(zh, batches.at(0), nullptr, {}).prompt;
        QVERIFY(personal.startsWith(u"你是一名评估个性化研究报告的专家。"_s));
        QVERIFY(!personal.contains(u"You are an expert"_s));
        QVERIFY(personal.contains(u"\"occupation\": \"nurse\""_s)); // the persona is shown
        QVERIFY(personal.contains(u"<criteria_list>"_s));
        const QString quality = m_scheme->buildRequest(zh, batches.at(1), nullptr, {}).prompt;
        QVERIFY(quality.startsWith(u"你是一名评估研究报告的专家。"_s));
        QVERIFY(!quality.contains(u"<persona>"_s));
        // Same reply shape: the simulated judge answers the Chinese prompt as the English one.
        const SchemeResult r
            = m_scheme->interpret(batches.at(0), JudgeSimulator::answerPrompt(personal));
        QVERIFY(r.parsed);
        QCOMPARE(r.items.at(0).value,
                 std::optional<double>(JudgeSimulator::expectedPdrScore(batches.at(0).at(0).text)));

        SchemeContext byTask = context();
        byTask.task.language = u"zh"_s;
        QVERIFY(pdrPromptIsChinese(byTask));
        byTask.query->language = u"en"_s;
        QVERIFY(!pdrPromptIsChinese(byTask));
        QVERIFY(m_scheme->buildRequest(byTask, batches.at(0), nullptr, {})
                    .prompt.startsWith(u"You are an expert evaluator"_s));
        QVERIFY(!pdrPromptIsChinese(context()));
    }

    void templateFile()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"t.txt"_s);
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("[{family}] {task} / {persona} / {criteria_list} / {article}");
        f.close();
        const auto custom = makeScheme(u"pdrbench"_s, path);
        QVERIFY2(custom, qPrintable(custom.errorMessage()));
        const auto batches = custom->plan(sample(), 0);
        const QString p = custom->buildRequest(context(), batches.at(1), nullptr, {}).prompt;
        QVERIFY(p.startsWith(u"[quality] Plan a family budget for next year. /  / {"_s));
        QFile g(path);
        QVERIFY(g.open(QIODevice::WriteOnly));
        g.write("{passage} {task_and_rubric}");
        g.close();
        const auto bad = makeScheme(u"pdrbench"_s, path);
        QVERIFY(!bad);
        QVERIFY(bad.errorMessage().contains(u"{criteria_list}"_s));
    }

    void matchingRules()
    {
        const QList<SchemeItem> items = m_scheme->plan(sample(), 0).at(0);
        const QJsonObject reply{
            {u"goal_alignment"_s,
             QJsonArray{
                 // substring: the judge shortened the first criterion
                 QJsonObject{{u"criterion"_s, u"nurse's shift income"_s}, {u"target_score"_s, 7}},
                 // case-insensitive, with spaces around
                 QJsonObject{{u"criterion"_s, u"  SETS A SAVINGS GOAL "_s},
                             {u"target_score"_s, 7.5}},
                 // a second answer for the first criterion is ignored
                 QJsonObject{{u"criterion"_s, u"Addresses the nurse's shift income"_s},
                             {u"target_score"_s, 1}},
                 // nothing asked matches
                 QJsonObject{{u"criterion"_s, u"Mentions pets"_s}, {u"target_score"_s, 3}},
                 // an empty text would be a substring of everything
                 QJsonObject{{u"criterion"_s, u""_s}, {u"target_score"_s, 3}}}},
            {u"Presentation_Fit"_s,
             QJsonArray{QJsonObject{{u"criterion"_s, u"Uses a table"_s},
                                    {u"article_1_score"_s, u"8"_s}}}}};
        const SchemeResult r = read(items, reply);
        QVERIFY(r.parsed);
        QCOMPARE(r.items.size(), 3);
        QCOMPARE(r.items.at(0).value, std::optional<double>(7));
        QCOMPARE(r.items.at(0).matchedBy, u"substring"_s);
        QCOMPARE(r.items.at(1).value, std::optional<double>(7.5)); // non-integers accepted
        QCOMPARE(r.items.at(1).matchedBy, u"case-insensitive"_s);
        QCOMPARE(r.items.at(2).value, std::optional<double>(8));
        QCOMPARE(r.items.at(2).matchedBy, u"exact"_s);
        QCOMPARE(r.repairs.size(), 2); // two unmatched, one repeated
        // The unmatched item with a score is kept, for the reference's reading, on the first
        // answered item with a usable score; the empty text is no criterion at all.
        const QJsonArray unmatched = r.items.at(0).raw.value(pdrUnmatchedKey).toArray();
        QCOMPARE(unmatched.size(), 1);
        QCOMPARE(unmatched.at(0).toObject(),
                 (QJsonObject{{u"dimension"_s, u"goal_alignment"_s},
                              {u"criterion"_s, u"Mentions pets"_s},
                              {u"score"_s, 3}}));
        QVERIFY(!r.items.at(1).raw.contains(pdrUnmatchedKey));
        QVERIFY(!r.items.at(0).raw.contains(pdrLeftOutKey)); // every criterion was answered
    }

    void missingAndErrors()
    {
        const QList<SchemeItem> items = m_scheme->plan(sample(), 0).at(0);
        const QJsonObject reply{
            {u"goal_alignment"_s,
             QJsonArray{QJsonObject{{u"criterion"_s, u"Addresses the nurse's shift income"_s},
                                    {u"target_score"_s, 12}},
                        QJsonObject{{u"criterion"_s, u"Sets a savings goal"_s},
                                    {u"target_score"_s, u"high"_s}}}}};
        const SchemeResult r = read(items, reply);
        QVERIFY(r.parsed);
        QVERIFY(!r.items.at(0).value);
        QVERIFY(r.items.at(0).error.contains(u"between 0 and 10"_s));
        QVERIFY(!r.items.at(0).missing);
        QVERIFY(!r.items.at(1).value);
        QVERIFY(r.items.at(1).error.contains(u"not a number"_s));
        // presentation_fit left out entirely: missing, asked again; never a 0
        QVERIFY(r.items.at(2).missing);
        QVERIFY(!r.items.at(2).value);
        // No answered item has a usable score, so the first answered one says what was left
        // out (criterion 3), for the reference's reading of this reply.
        QCOMPARE(r.items.at(0).raw.value(pdrLeftOutKey).toArray(), (QJsonArray{3.0}));
        QVERIFY(!r.items.at(1).raw.contains(pdrLeftOutKey));

        const QJsonObject noScore{
            {u"goal_alignment"_s,
             QJsonArray{QJsonObject{{u"criterion"_s, u"Sets a savings goal"_s}}}}};
        const SchemeResult s = read(items, noScore);
        QVERIFY(s.items.at(1).error.contains(u"missing"_s));
        QVERIFY(s.items.at(0).missing);
    }

    void unreadableReplies()
    {
        const QList<SchemeItem> items = m_scheme->plan(sample(), 0).at(0);
        QVERIFY(!m_scheme->interpret(items, u"I cannot do that."_s).parsed);
        const SchemeResult wrong = read(items, {{u"depth_insight"_s, QJsonArray{}}});
        QVERIFY(!wrong.parsed);
        QVERIFY(wrong.parseError.contains(u"none of the asked dimensions"_s));
    }

    void simulatorAnswersTheScheme()
    {
        const QList<SchemeItem> items = m_scheme->plan(sample(), 0).at(0);
        const QString prompt = m_scheme->buildRequest(context(), items, nullptr, {}).prompt;
        SchemeResult r = m_scheme->interpret(items, JudgeSimulator::answerPrompt(prompt));
        QVERIFY(r.parsed);
        for (int i = 0; i < items.size(); ++i) {
            QCOMPARE(r.items.at(i).value,
                     std::optional<double>(JudgeSimulator::expectedPdrScore(items.at(i).text)));
        }
        // Reworded (upper case) still matches; dropped items are missing.
        r = m_scheme->interpret(items, JudgeSimulator::answerPrompt(prompt, true, true));
        QCOMPARE(r.items.at(0).matchedBy, u"case-insensitive"_s);
        QVERIFY(r.items.at(2).missing);
    }
};

QTEST_GUILESS_MAIN(TestPdrBenchScheme)
#include "tst_pdrbenchscheme.moc"
