// Judge replies as judges really write them: every repair the lenient parser makes, replies
// cut off mid-item and megabyte inputs. Mapping the returned items is tst_itemmapping's.
#include "judge/jsonrepair.h"
#include "judge/replyparsing.h"

#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

QJsonValue json(const char *text)
{
    const QJsonDocument doc = QJsonDocument::fromJson(QByteArray(text));
    Q_ASSERT(doc.isObject() || doc.isArray());
    return doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array());
}

QJsonObject item(const QString &text, int score = 1)
{
    return QJsonObject{{u"rubric_item"_s, text},
                       {u"score"_s, score},
                       {u"reason"_s, u"r"_s},
                       {u"evidence"_s, u""_s}};
}

QString resultsReply(int count, int reasonLength = 20)
{
    QJsonArray results;
    for (int i = 0; i < count; ++i) {
        QJsonObject o = item(u"Rubric item number %1"_s.arg(i), i % 3 - 1);
        o[u"reason"_s] = QString(reasonLength, u'x');
        results.append(o);
    }
    return QString::fromUtf8(
        QJsonDocument(QJsonObject{{u"results"_s, results}}).toJson(QJsonDocument::Indented));
}

// What the light reading of a reply gives is the same as what the Qt one gives.
void verifyLightAgrees(const QString &reply, const LenientJson &parsed)
{
    const LenientLightJson light = parseLenientLightJson(reply);
    QCOMPARE(light.value.has_value(), parsed.value.has_value());
    if (light.value)
        QCOMPARE(light.value->toJson(), *parsed.value);
    QCOMPARE(light.repairs, parsed.repairs);
    QCOMPARE(light.error, parsed.error);
}

} // namespace

class TestReplyParsing : public QObject
{
    Q_OBJECT

private slots:
    void repairs_data();
    void repairs();
    void validJsonReadAsItStands_data();
    void validJsonReadAsItStands();
    void keyAfterByteOrderMark();
    void drb2KeyQuoteQuirk();
    void curlyQuotesInsideContentPreserved();
    void singleQuotedPythonDict();
    void truncatedInsideFortiethOfFifty();
    void truncatedShapes_data();
    void truncatedShapes();
    void unparseable_data();
    void unparseable();
    void megabyteReply();
    void pathologicalMegabytes_data();
    void pathologicalMegabytes();
};

void TestReplyParsing::repairs_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QJsonValue>("expected");
    QTest::addColumn<QStringList>("repairs");

    const QJsonValue results
        = json(R"({"results":[{"rubric_item":"A","score":1,"reason":"ok","evidence":"e"}]})");
    const QString body
        = uR"({"results":[{"rubric_item":"A","score":1,"reason":"ok","evidence":"e"}]})"_s;

    QTest::newRow("plain object") << body << results << QStringList{};
    QTest::newRow("plain array") << uR"([{"a": 1}, {"a": 2}])"_s << json(R"([{"a":1},{"a":2}])")
                                 << QStringList{};
    QTest::newRow("json fence") << u"Here is my evaluation:\n```json\n"_s + body + u"\n```\nDone."_s
                                << results << QStringList{u"code fence"_s};
    QTest::newRow("bare fence") << u"```\n"_s + body + u"\n```"_s << results
                                << QStringList{u"code fence"_s};
    QTest::newRow("upper-case fence after a bare one") << u"```\nnot json\n```\n```JSON\n"_s + body
            + u"\n```"_s << results << QStringList{u"code fence"_s};
    QTest::newRow("fence with braces after it")
        << u"```json\n"_s + body + u"\n```\nNote: {this is not json}"_s << results
        << QStringList{u"code fence"_s};
    QTest::newRow("other code fence first")
        << u"Checked with:\n```python\nprint([1, 2])\n```\nResult:\n```json\n"_s + body + u"\n```"_s
        << results << QStringList{u"code fence"_s};
    QTest::newRow("fence quoted inside a value")
        << u"```json\n{\"results\":[{\"rubric_item\":\"A\",\"score\":1,\"reason\":\"uses ```code```\",\"evidence\":\"e\"}]}\n```"_s
        << json(
               R"({"results":[{"rubric_item":"A","score":1,"reason":"uses ```code```","evidence":"e"}]})")
        << QStringList{u"code fence"_s};
    QTest::newRow("prose before and after")
        << u"Sure! Here are the scores: "_s + body + u" Let me know if you need more."_s << results
        << QStringList{u"surrounding prose"_s};
    QTest::newRow("bracketed prose before") << u"Scores [as requested] follow (see [1]): "_s + body
                                            << results << QStringList{u"surrounding prose"_s};
    QTest::newRow("example object before the answer") << u"Format: {\"score\": 0}. Answer: "_s
            + body << results << QStringList{u"surrounding prose"_s};
    QTest::newRow("byte order mark")
        << QChar(0xFEFF) + body << results << QStringList{u"byte order mark"_s};
    QTest::newRow("trailing commas")
        << uR"({"results":[{"rubric_item":"A","score":1,"reason":"ok","evidence":"e",},],})"_s
        << results << QStringList{u"trailing comma"_s};
    QTest::newRow("smart quote delimiters")
        << u"{\u201Cresults\u201D:[{\u201Crubric_item\u201D: \u201CA\u201D, \u201Cscore\u201D: 1, \u201Creason\u201D: \u201Cok\u201D, \u201Cevidence\u201D: \u201Ce\u201D}]}"_s
        << results << QStringList{u"smart quotes"_s};
    QTest::newRow("mixed smart and straight quotes")
        << u"{\u201Cresults\": [{\u201Crubric_item\u201D: \"A\", \"score\": 1, \"reason\": \u201Cok\u201D, \"evidence\": \"e\"}]}"_s
        << results << QStringList{u"smart quotes"_s};
    QTest::newRow("python literals")
        << uR"({"a": True, "b": False, "c": None, "d": [true, null]})"_s
        << json(R"({"a":true,"b":false,"c":null,"d":[true,null]})")
        << QStringList{u"Python literals"_s};
    QTest::newRow("comments")
        << u"{ // the verdicts\n\"results\": [ /* one item */ {\"rubric_item\":\"A\",\"score\":1,\"reason\":\"ok\",\"evidence\":\"e\"}]}"_s
        << results << QStringList{u"comments"_s};
    QTest::newRow("url inside a string is not a comment")
        << uR"({"a": "see https://example.org/x", "b": 1,})"_s
        << json(R"({"a":"see https://example.org/x","b":1})") << QStringList{u"trailing comma"_s};
    QTest::newRow("missing comma between lines")
        << u"{\"rubric_item\": \"A\"\n\"score\": 1}"_s << json(R"({"rubric_item":"A","score":1})")
        << QStringList{u"missing comma"_s};
    QTest::newRow("missing comma between objects")
        << u"[{\"a\": 1}\n{\"a\": 2}]"_s << json(R"([{"a":1},{"a":2}])")
        << QStringList{u"missing comma"_s};
    QTest::newRow("unquoted keys")
        << uR"({score: 1, reason: "fine"})"_s << json(R"({"score":1,"reason":"fine"})")
        << QStringList{u"unquoted keys"_s};
    QTest::newRow("raw newline in a string")
        << u"{\"reason\": \"line one\nline two\"}"_s << json(R"({"reason":"line one\nline two"})")
        << QStringList{u"control characters in strings"_s};
    // Qt's own parser would silently drop the backslash of an unknown escape.
    QTest::newRow("invalid escape")
        << uR"({"path": "C:\docs", "score": 1})"_s << json(R"({"path":"C:\\docs","score":1})")
        << QStringList{u"invalid escapes"_s};
    QTest::newRow("valid escapes kept")
        << uR"({"a": "tab\tquote\"uni\u00e9slash\/", "b": 1,})"_s
        << json(R"({"a":"tab\tquote\"uni\u00e9slash/","b":1})") << QStringList{u"trailing comma"_s};
    QTest::newRow("stray comma") << uR"({"a": 1,, "b": 2})"_s << json(R"({"a":1,"b":2})")
                                 << QStringList{u"stray comma"_s};
    QTest::newRow("several at once")
        << u"\uFEFF```json\n{'results': [{\u201Crubric_item\u201D: 'A', score: 1, 'reason': 'ok', 'evidence': 'e',},], // end\n}\n```"_s
        << results << QStringList{u"byte order mark"_s, u"code fence"_s,    u"comments"_s,
                                  u"smart quotes"_s,    u"single quotes"_s, u"unquoted keys"_s,
                                  u"trailing comma"_s};
}

void TestReplyParsing::repairs()
{
    QFETCH(QString, reply);
    QFETCH(QJsonValue, expected);
    QFETCH(QStringList, repairs);
    const LenientJson parsed = parseLenientJson(reply);
    QVERIFY2(parsed.value.has_value(), qPrintable(parsed.error));
    QCOMPARE(*parsed.value, expected);
    QCOMPARE(parsed.repairs, repairs);
    verifyLightAgrees(reply, parsed);
    QVERIFY(parsed.error.isEmpty());
}

void TestReplyParsing::drb2KeyQuoteQuirk()
{
    // The DRB-II reference escapes quotes inside keys before json.loads; judges write them raw.
    const QString reply
        = uR"({"Define "Arousalism" as a concept": {"score": 1, "reason": "ok"}, "Cite Surah 67 "Al-Mulk"": {"score": 0, "reason": "absent"}})"_s;
    const LenientJson parsed = parseLenientJson(reply);
    QVERIFY2(parsed.value.has_value(), qPrintable(parsed.error));
    const QJsonObject o = parsed.value->toObject();
    QCOMPARE(
        o.keys(),
        (QStringList{u"Cite Surah 67 \"Al-Mulk\""_s, u"Define \"Arousalism\" as a concept"_s}));
    QCOMPARE(o.value(u"Define \"Arousalism\" as a concept"_s).toObject().value(u"score"_s).toInt(),
             1);
    QCOMPARE(parsed.repairs, QStringList{u"unescaped quotes"_s});

    // The same slip inside values of the results shape.
    const QString values
        = uR"({"results": [{"rubric_item": "Quote "the instruments of the house of David", verbatim", "score": 1, "reason": "He wrote "yes", then left", "evidence": ""}]})"_s;
    const LenientJson v = parseLenientJson(values);
    QVERIFY2(v.value.has_value(), qPrintable(v.error));
    const QJsonObject first = v.value->toObject().value(u"results"_s).toArray().first().toObject();
    QCOMPARE(first.value(u"rubric_item"_s).toString(),
             u"Quote \"the instruments of the house of David\", verbatim"_s);
    QCOMPARE(first.value(u"reason"_s).toString(), u"He wrote \"yes\", then left"_s);
    QCOMPARE(first.value(u"score"_s).toInt(), 1);
    QCOMPARE(v.repairs, QStringList{u"unescaped quotes"_s});
}

void TestReplyParsing::curlyQuotesInsideContentPreserved()
{
    // Curly quotes inside a normal string are content, even when other repairs are needed.
    const QString content
        = u"Pakistan\u2019s \u201CZakat\u201D programme \u2018failed\u2019: \u201Cbeggars\u201D"_s;
    const QString reply = u"{\"rubric_item\": \""_s + content + u"\", \"score\": 1,}"_s;
    const LenientJson parsed = parseLenientJson(reply);
    QVERIFY2(parsed.value.has_value(), qPrintable(parsed.error));
    QCOMPARE(parsed.value->toObject().value(u"rubric_item"_s).toString(), content);
    QCOMPARE(parsed.repairs, QStringList{u"trailing comma"_s});

    // Smart-quoted values keep apostrophes and inner quotes that are not followed by structure.
    const QString smart
        = u"{\u201Creason\u201D: \u201Cthe report\u2019s \u201Ckey\u201D table\u201D}"_s;
    const LenientJson s = parseLenientJson(smart);
    QVERIFY2(s.value.has_value(), qPrintable(s.error));
    QCOMPARE(s.value->toObject().value(u"reason"_s).toString(),
             u"the report\u2019s \u201Ckey\u201D table"_s);
    QCOMPARE(s.repairs, QStringList{u"smart quotes"_s});
}

void TestReplyParsing::singleQuotedPythonDict()
{
    const QString reply
        = uR"(Result: {'results': [{'rubric_item': 'Pakistan's "Zakat" programme', 'score': -1, 'reason': 'It\'s cited', 'evidence': None, 'ok': True}]})"_s;
    const LenientJson parsed = parseLenientJson(reply);
    QVERIFY2(parsed.value.has_value(), qPrintable(parsed.error));
    const QJsonObject first
        = parsed.value->toObject().value(u"results"_s).toArray().first().toObject();
    QCOMPARE(first.value(u"rubric_item"_s).toString(), u"Pakistan's \"Zakat\" programme"_s);
    QCOMPARE(first.value(u"score"_s).toInt(), -1);
    QCOMPARE(first.value(u"reason"_s).toString(), u"It's cited"_s);
    QVERIFY(first.value(u"evidence"_s).isNull());
    QCOMPARE(first.value(u"ok"_s).toBool(), true);
    QCOMPARE(parsed.repairs,
             (QStringList{u"surrounding prose"_s, u"single quotes"_s, u"Python literals"_s}));
}

void TestReplyParsing::truncatedInsideFortiethOfFifty()
{
    const QString full = resultsReply(50);
    // Cut inside the reason string of item 40 (index 39).
    const qsizetype item40 = full.lastIndexOf(u'{', full.indexOf(u"Rubric item number 39"_s));
    QVERIFY(item40 > 0);
    const qsizetype reason = full.indexOf(u"xxxx"_s, item40);
    QVERIFY(reason > item40);
    const QString cut = u"```json\n"_s + full.left(reason + 7);

    const LenientJson parsed = parseLenientJson(cut);
    QVERIFY2(parsed.value.has_value(), qPrintable(parsed.error));
    const QJsonArray results = parsed.value->toObject().value(u"results"_s).toArray();
    QCOMPARE(results.size(), 39);
    QCOMPARE(results.last().toObject().value(u"rubric_item"_s).toString(),
             u"Rubric item number 38"_s);
    QCOMPARE(results.last().toObject().value(u"reason"_s).toString(), QString(20, u'x'));
    QCOMPARE(
        parsed.repairs,
        (QStringList{u"code fence"_s, u"truncated: closed 2 brackets, dropped a partial item"_s}));
}

void TestReplyParsing::truncatedShapes_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QJsonValue>("expected");
    QTest::addColumn<QStringList>("repairs");

    QTest::newRow("cut in a string value, no array")
        << uR"({"verdict": "Satisfied", "score": 1.0, "reasoning": "The report expl)"_s
        << json(R"({"verdict":"Satisfied","score":1.0,"reasoning":"The report expl"})")
        << QStringList{u"truncated: closed an open string, closed 1 bracket"_s};
    QTest::newRow("cut after a key")
        << uR"({"score": 1, "reason")"_s << json(R"({"score":1})")
        << QStringList{u"truncated: closed 1 bracket, dropped a partial field"_s};
    QTest::newRow("cut after a colon")
        << uR"({"score": 1, "reason": )"_s << json(R"({"score":1})")
        << QStringList{u"truncated: closed 1 bracket, dropped a partial field"_s};
    QTest::newRow("cut in a key of an item")
        << uR"({"results": [{"rubric_item": "A", "score": 1}, {"rubric_it)"_s
        << json(R"({"results":[{"rubric_item":"A","score":1}]})")
        << QStringList{u"truncated: closed 2 brackets, dropped a partial item"_s};
    QTest::newRow("cut after a complete item")
        << uR"({"results": [{"rubric_item": "A", "score": 1}, )"_s
        << json(R"({"results":[{"rubric_item":"A","score":1}]})")
        << QStringList{u"truncated: closed 2 brackets"_s};
    QTest::newRow("only the final brace missing")
        << uR"({"results": [{"rubric_item": "A", "score": 1}])"_s
        << json(R"({"results":[{"rubric_item":"A","score":1}]})")
        << QStringList{u"truncated: closed 1 bracket"_s};
    QTest::newRow("cut in a nested evidence list")
        << uR"({"results": [{"rubric_item": "A", "score": 1}, {"rubric_item": "B", "evidence": ["one", "tw)"_s
        << json(R"({"results":[{"rubric_item":"A","score":1}]})")
        << QStringList{u"truncated: closed 2 brackets, dropped a partial item"_s};
    QTest::newRow("top-level array cut in a number")
        << uR"([{"score": 1}, {"score": 0}, {"score": 1)"_s << json(R"([{"score":1},{"score":0}])")
        << QStringList{u"truncated: closed 1 bracket, dropped a partial item"_s};
    QTest::newRow("cut in an escape")
        << u"{\"results\": [{\"a\": 1}, {\"a\": \"x\\"_s << json(R"({"results":[{"a":1}]})")
        << QStringList{u"truncated: closed 2 brackets, dropped a partial item"_s};
    QTest::newRow("fenced, cut, closing fence present")
        << u"```json\n{\"results\": [{\"a\": 1}, {\"a\": 2\n```"_s
        << json(R"({"results":[{"a":1}]})")
        << QStringList{u"code fence"_s, u"truncated: closed 2 brackets, dropped a partial item"_s};
}

void TestReplyParsing::validJsonReadAsItStands_data()
{
    QTest::addColumn<QString>("reply");
    QTest::newRow("smart quotes in strings")
        << u"{\"reason\": \"\u201Cquoted\u201D and \u2018single\u2019\", \"score\": 1}"_s;
    QTest::newRow("escaped quote before a comma")
        << uR"({"rubric_item": "He said \", \" then left", "score": 0})"_s;
    QTest::newRow("escapes") << uR"(["\/\b\f\n\r\t\u00e9\ud83d\ude00\\"])"_s;
    QTest::newRow("nested") << uR"({"results": [{"a": [1, -2.5e3, true, null, {}]}, []]})"_s;
    QTest::newRow("non-ASCII") << u"{\"\u4e2d\": \"\u6587 \U0001F600 text\"}"_s;
    QTest::newRow("a mark inside a string") << u"[\"a\uFEFFb\"]"_s;
}

// Valid JSON is read as it stands, skipping the rewrite: which must give the same, unflagged.
void TestReplyParsing::validJsonReadAsItStands()
{
    QFETCH(QString, reply);
    const QJsonDocument qt = QJsonDocument::fromJson(reply.toUtf8());
    QVERIFY(qt.isObject() || qt.isArray());
    const QJsonValue expected = qt.isObject() ? QJsonValue(qt.object()) : QJsonValue(qt.array());
    const LenientJson parsed = parseLenientJson(reply);
    QVERIFY2(parsed.value.has_value(), qPrintable(parsed.error));
    QCOMPARE(*parsed.value, expected);
    QCOMPARE(parsed.repairs, QStringList());
    verifyLightAgrees(reply, parsed);
    const JsonRepair::Rewrite r = JsonRepair::rewriteValue(reply, 0);
    QVERIFY(r.ok);
    QCOMPARE(r.flags, 0u);
    QCOMPARE(r.end, reply.size());
    QCOMPARE(QJsonDocument::fromJson(r.json.toUtf8()).toJson(), qt.toJson());
}

void TestReplyParsing::keyAfterByteOrderMark()
{
    // Qt's parser drops a mark written before a key but orders the object as if it were there,
    // so that QJsonObject::value misses the key; a LightJson finds it.
    const QString reply = u"{\"\uFEFFrubric_item\": \"Alpha.\", \"score\": 1}"_s;
    QVERIFY(parseLenientJson(reply).value->toObject().value(u"rubric_item"_s).isUndefined());
    const LenientLightJson light = parseLenientLightJson(reply);
    QVERIFY(light.value);
    QCOMPARE((*light.value)[u"rubric_item"].toString(), u"Alpha."_s);
    // Read twice that way, a key keeps one value, the same whichever way it is asked for.
    const LenientLightJson twice = parseLenientLightJson(u"{\"\uFEFFscore\": 1, \"score\": 2}"_s);
    QVERIFY(twice.value);
    QCOMPARE(twice.value->members().size(), 1u);
    QCOMPARE(twice.value->value(u"score"), twice.value->toJson().toObject().value(u"score"_s));
}

void TestReplyParsing::truncatedShapes()
{
    QFETCH(QString, reply);
    QFETCH(QJsonValue, expected);
    QFETCH(QStringList, repairs);
    const LenientJson parsed = parseLenientJson(reply);
    QVERIFY2(parsed.value.has_value(), qPrintable(parsed.error));
    QCOMPARE(*parsed.value, expected);
    QCOMPARE(parsed.repairs, repairs);
    verifyLightAgrees(reply, parsed);
}

void TestReplyParsing::unparseable_data()
{
    QTest::addColumn<QString>("reply");
    QTest::addColumn<QString>("error");
    QTest::newRow("empty") << QString() << u"empty reply"_s;
    QTest::newRow("whitespace") << u" \n\t "_s << u"empty reply"_s;
    QTest::newRow("refusal") << u"I cannot evaluate this report."_s
                             << u"no JSON object or array found"_s;
    QTest::newRow("prose in brackets")
        << u"See [the report] for details."_s << u"unexpected word 'the' at offset 5"_s;
}

void TestReplyParsing::unparseable()
{
    QFETCH(QString, reply);
    QFETCH(QString, error);
    const LenientJson parsed = parseLenientJson(reply);
    QVERIFY(!parsed.value.has_value());
    QCOMPARE(parsed.error, error);
    verifyLightAgrees(reply, parsed);
}

void TestReplyParsing::megabyteReply()
{
    // About 1 MB, fenced, with trailing commas so the tolerant path does all the work.
    QString body = resultsReply(2000, 480);
    body.replace(QRegularExpression(u"(\"score\": -?\\d)\n"_s), u"\\1,\n"_s);
    const QString reply = u"Evaluation follows.\n```json\n"_s + body + u"\n```\n"_s;
    QVERIFY(reply.size() > 1000 * 1000);

    QElapsedTimer timer;
    timer.start();
    const LenientJson parsed = parseLenientJson(reply);
    const qint64 ms = timer.elapsed();
    qInfo("1 MB reply with repairs parsed in %lld ms", ms);
    QVERIFY2(parsed.value.has_value(), qPrintable(parsed.error));
    const QJsonArray results = parsed.value->toObject().value(u"results"_s).toArray();
    QCOMPARE(results.size(), 2000);
    QCOMPARE(results.at(1999).toObject().value(u"rubric_item"_s).toString(),
             u"Rubric item number 1999"_s);
    QCOMPARE(parsed.repairs, (QStringList{u"code fence"_s, u"trailing comma"_s}));
    QVERIFY2(ms < 5000, "a megabyte reply must parse in linear time");

    // The same megabyte cut in the middle.
    const QString cut = reply.left(reply.size() / 2);
    timer.restart();
    const LenientJson half = parseLenientJson(cut);
    QVERIFY2(half.value.has_value(), qPrintable(half.error));
    const qsizetype kept = half.value->toObject().value(u"results"_s).toArray().size();
    QVERIFY(kept > 900 && kept < 1100);
    QVERIFY(half.repairs.last().startsWith(u"truncated: closed 2 brackets"_s));
    QVERIFY(timer.elapsed() < 5000);
}

void TestReplyParsing::pathologicalMegabytes_data()
{
    QTest::addColumn<QString>("reply");
    QTest::newRow("open brackets") << QString(1 << 20, u'[');
    QTest::newRow("open braces") << QString(1 << 20, u'{');
    QTest::newRow("quotes") << u"{\"a\": "_s + QString(1 << 20, u'"');
    QTest::newRow("bracketed prose") << u"[x] "_s.repeated(1 << 18);
    QTest::newRow("unclosed string") << u"{\"a\": \""_s + QString(1 << 20, u'y');
    QTest::newRow("braces and prose") << u"{ note "_s.repeated(1 << 17);
}

void TestReplyParsing::pathologicalMegabytes()
{
    QFETCH(QString, reply);
    QElapsedTimer timer;
    timer.start();
    const LenientJson parsed = parseLenientJson(reply);
    const qint64 ms = timer.elapsed();
    qInfo("%lld ms", ms);
    QVERIFY(parsed.value.has_value() || !parsed.error.isEmpty());
    QVERIFY2(ms < 10000, "pathological input must not hang");
}

QTEST_GUILESS_MAIN(TestReplyParsing)
#include "tst_replyparsing.moc"
