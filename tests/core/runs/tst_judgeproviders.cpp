// Providers' wire formats, failure classification and the DRB-II prompt scheme, without a
// network (their batch formats: tst_batchprotocol). (No raw string literals here: moc cannot read
// them.)
#include "httpcallparts.h"
#include "judge/judgeprovider.h"
#include "judge/promptscheme.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

namespace {

// The content blocks of the call's first message (Anthropic's shape).
QJsonArray firstMessageContent(const HttpCall &call)
{
    return bodyOf(call)
        .value(u"messages"_s)
        .toArray()
        .at(0)
        .toObject()
        .value(u"content"_s)
        .toArray();
}

} // namespace

class TestJudgeProviders : public QObject
{
    Q_OBJECT

private slots:
    void openAiCompatible()
    {
        JudgeConfig c;
        c.provider = ProviderKind::OpenAiCompatible;
        c.baseUrl = u"http://127.0.0.1:8000/v1/"_s;
        c.model = u"qwen"_s;
        c.temperature = 0.0;
        c.seed = 7;
        const auto p = makeProvider(c.provider);
        const HttpCall call
            = p->buildCall(c, {u"judge this"_s, {{u"image/png"_s, "PNG"}}}, u"sk-secret"_s);
        QCOMPARE(call.url.toString(), u"http://127.0.0.1:8000/v1/chat/completions"_s);
        QCOMPARE(header(call, "Authorization"), QByteArray("Bearer sk-secret"));
        QVERIFY(!call.body.contains("sk-secret")); // the key is a header, never the body
        const QJsonObject b = bodyOf(call);
        QCOMPARE(b.value(u"model"_s).toString(), u"qwen"_s);
        QCOMPARE(b.value(u"seed"_s).toInt(), 7);
        QCOMPARE(b.value(u"temperature"_s).toDouble(), 0.0);
        QCOMPARE(b.value(u"response_format"_s).toObject().value(u"type"_s).toString(),
                 u"json_object"_s);
        const QJsonArray parts
            = b.value(u"messages"_s).toArray().at(0).toObject().value(u"content"_s).toArray();
        QCOMPARE(parts.size(), 2);
        QVERIFY(parts.at(1)
                    .toObject()
                    .value(u"image_url"_s)
                    .toObject()
                    .value(u"url"_s)
                    .toString()
                    .startsWith(u"data:image/png;base64,"_s));
        QVERIFY(!p->acceptsAttachment(u"application/pdf"_s));

        const ProviderReply r
            = p->parseSuccess("{\"choices\":[{\"message\":{\"content\":\"{\\\"results\\\":[]}\"},"
                              "\"finish_reason\":\"length\"}],"
                              "\"usage\":{\"prompt_tokens\":120,\"completion_tokens\":30}}");
        QVERIFY(r.ok);
        QCOMPARE(r.text, u"{\"results\":[]}"_s);
        QCOMPARE(r.inputTokens, 120);
        QCOMPARE(r.outputTokens, 30);
        QVERIFY(r.truncated);
        QVERIFY(!p->parseSuccess("{\"choices\":[{\"message\":{\"content\":\"\"}}]}").ok);
    }

    void geminiBothAuthStyles()
    {
        JudgeConfig c;
        c.provider = ProviderKind::Gemini;
        c.model = u"gemini-2.5-pro"_s;
        const auto p = makeProvider(c.provider);
        HttpCall call = p->buildCall(c, {u"prompt"_s, {{u"application/pdf"_s, "%PDF"}}}, u"k"_s);
        QCOMPARE(
            call.url.toString(),
            u"https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-pro:generateContent"_s);
        QCOMPARE(header(call, "x-goog-api-key"), QByteArray("k"));
        QJsonObject b = bodyOf(call);
        QVERIFY(!b.contains(u"model"_s));
        const QJsonArray parts
            = b.value(u"contents"_s).toArray().at(0).toObject().value(u"parts"_s).toArray();
        QCOMPARE(
            parts.at(1).toObject().value(u"inlineData"_s).toObject().value(u"data"_s).toString(),
            QString::fromLatin1(QByteArray("%PDF").toBase64()));

        // The DRB-II reference's proxy: bearer token, model in the body, no generationConfig.
        c.geminiAuth = u"bearer"_s;
        c.baseUrl = u"https://proxy.example/v1/generate"_s;
        call = p->buildCall(c, {u"prompt"_s, {}}, u"tok"_s);
        QCOMPARE(call.url.toString(), c.baseUrl);
        QCOMPARE(header(call, "Authorization"), QByteArray("Bearer tok"));
        QCOMPARE(header(call, "rock-request-id"), QByteArray("default-request"));
        b = bodyOf(call);
        QCOMPARE(b.value(u"model"_s).toString(), u"gemini-2.5-pro"_s);
        QVERIFY(!b.contains(u"generationConfig"_s));

        const ProviderReply r
            = p->parseSuccess("{\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"think\","
                              "\"thought\":true},{\"text\":\"a\"},{\"text\":\"b\"}]}}],"
                              "\"usageMetadata\":{\"promptTokenCount\":10,\"candidatesTokenCount\":"
                              "3,\"thoughtsTokenCount\":5}}");
        QCOMPARE(r.text, u"ab"_s);
        QCOMPARE(r.outputTokens, 8);
    }

    void anthropicMessages()
    {
        JudgeConfig c;
        c.provider = ProviderKind::Anthropic;
        c.model = u"claude"_s;
        const auto p = makeProvider(c.provider);
        const HttpCall call = p->buildCall(c, {u"prompt"_s, {{u"application/pdf"_s, "x"}}}, u"k"_s);
        QCOMPARE(call.url.toString(), u"https://api.anthropic.com/v1/messages"_s);
        QCOMPARE(header(call, "x-api-key"), QByteArray("k"));
        QCOMPARE(header(call, "anthropic-version"), QByteArray("2023-06-01"));
        const QJsonArray content = firstMessageContent(call);
        QCOMPARE(content.at(0).toObject().value(u"type"_s).toString(), u"document"_s);
        QCOMPARE(content.at(1).toObject().value(u"text"_s).toString(), u"prompt"_s);
        const ProviderReply r
            = p->parseSuccess("{\"content\":[{\"type\":\"text\",\"text\":\"ok\"}],\"usage\":{"
                              "\"input_tokens\":5,\"output_tokens\":2}}");
        QCOMPARE(r.text, u"ok"_s);
        QCOMPARE(r.inputTokens, 5);
    }

    void anthropicMarksTheSharedPrefixForItsCache()
    {
        JudgeConfig c;
        c.provider = ProviderKind::Anthropic;
        const auto p = makeProvider(c.provider);
        ProviderRequest request{u"instructions and report|rubric items"_s, {}, 23};
        const QJsonArray content = firstMessageContent(p->buildCall(c, request, u"k"_s));
        QCOMPARE(content.size(), 2);
        QCOMPARE(content.at(0).toObject().value(u"text"_s).toString(),
                 u"instructions and report"_s);
        QCOMPARE(content.at(0).toObject().value(u"cache_control"_s).toObject(),
                 (QJsonObject{{u"type"_s, u"ephemeral"_s}}));
        QCOMPARE(content.at(1).toObject().value(u"text"_s).toString(), u"|rubric items"_s);
        QVERIFY(!content.at(1).toObject().contains(u"cache_control"_s));
        // An attachment is the shared part: it carries the mark.
        request.attachments = {{u"application/pdf"_s, "x"}};
        const QJsonArray withPdf = firstMessageContent(p->buildCall(c, request, u"k"_s));
        QVERIFY(withPdf.at(0).toObject().contains(u"cache_control"_s));
        // Without a shared prefix the prompt is one block, unmarked.
        request = {u"prompt"_s, {}, 0};
        const QJsonArray plain = firstMessageContent(p->buildCall(c, request, u"k"_s));
        QCOMPARE(plain.size(), 1);
        QVERIFY(!plain.at(0).toObject().contains(u"cache_control"_s));
    }

    // Request bodies are hashed into the response cache's keys: a prompt written without
    // QJsonDocument must come out exactly as it would have through it.
    void jsonStringIsWhatQtWrites()
    {
        const auto qt = [](const QString &s) {
            const QByteArray a = QJsonDocument(QJsonArray{s}).toJson(QJsonDocument::Compact);
            return a.sliced(1, a.size() - 2);
        };
        for (char32_t u = 0; u <= 0xFFFF; ++u) {
            const QString s = u"a"_s + QChar(char16_t(u)) + u"b"_s;
            if (jsonString(s) != qt(s))
                QFAIL(qPrintable(u"U+%1 is written differently"_s.arg(quint32(u), 4, 16)));
            // Amid plain text, which the writer copies eight units at a time: each unit at
            // each of the eight places of such a group.
            const QString amid = QString(int(u % 8), u'a') + QChar(char16_t(u)) + QString(17, u'b');
            if (jsonString(amid) != qt(amid))
                QFAIL(
                    qPrintable(u"U+%1 amid text is written differently"_s.arg(quint32(u), 4, 16)));
        }
        const QStringList cases = {
            u"pair \U0001F600 and \U00020000"_s, QString(QChar(0xD83D)),
            QString(QChar(0xDE00)) + u"low first"_s,
            QString(QChar(0xD83D)) + u"x"_s + QChar(0xDE00), QString(QChar(0xDE00)) + QChar(0xD83D),
            u"\"quoted\" \\ \t\n\r\b\f\x01"_s, QString(), u"中文，标点。"_s,
            // Pairs across the writer's blocks of 1,024 units.
            QString(1023, u'a') + u"\U0001F600"_s.repeated(700) + QString(3000, QChar(1)),
            // Runs of three-byte units, which the writer takes in a loop of their own, across
            // blocks and ended by each other kind of unit.
            QString(1021, u'a') + u"中文字"_s.repeated(400) + u"é\n"_s,
            u"中文"_s.repeated(700) + u"\U0001F600中"_s + QChar(0xD83D) + u"文\"中\x7f"_s,
            // Chinese long enough to outgrow the writer's first guess of the room it needs
            // (a byte a unit), more than once when escapes follow.
            u"报告"_s.repeated(5000) + u"\n"_s.repeated(3000) + u"文"_s.repeated(3000)};
        for (const QString &s : cases)
            QCOMPARE(jsonString(s), qt(s));
    }

    void bodiesAreWhatQtWrites()
    {
        const QString prompt
            = u"Report: \"quoted\", a\\b, tab\t, \x01, é, 中文, \U0001F600|items"_s;
        for (ProviderKind kind :
             {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::Gemini}) {
            JudgeConfig c;
            c.provider = kind;
            c.model = u"m"_s;
            c.temperature = 0.25;
            const HttpCall call
                = makeProvider(kind)->buildCall(c, {prompt, {}, prompt.indexOf(u'|')}, u"k"_s);
            QCOMPARE(call.body, QJsonDocument(bodyOf(call)).toJson(QJsonDocument::Compact));
            QVERIFY(!call.body.contains("rubricate-text"));
            QVERIFY(call.body.contains("Report: \\\"quoted\\\", a\\\\b"));
        }
    }

    // A report's requests escape their shared prefix once (SharedPromptJson); the bodies are
    // the same bytes as escaping each whole, and say where that prefix ends.
    void aReportsRequestsShareTheEscapedPrefix()
    {
        const QString prefix = u"Report: \"quoted\", a\\b, tab\t, 中文, \U0001F600."_s;
        for (ProviderKind kind :
             {ProviderKind::OpenAiCompatible, ProviderKind::Anthropic, ProviderKind::Gemini}) {
            JudgeConfig c;
            c.provider = kind;
            c.model = u"m"_s;
            const auto p = makeProvider(kind);
            SharedPromptJson shared;
            QList<ProviderRequest> asked;
            const QStringList prompts
                = {prefix + u"|items one"_s, prefix + u"|items two, 中文"_s,
                   // As long, but another report: escaped afresh.
                   QString(prefix).replace(u'R', u'r') + u"|items one"_s, prefix + u"|three"_s};
            for (const QString &prompt : prompts) {
                ProviderRequest r{prompt, {}, prefix.size()};
                const HttpCall whole = p->buildCall(c, r, u"k"_s);
                shared.fill(r);
                const HttpCall call = p->buildCall(c, r, u"k"_s);
                QCOMPARE(call.body, whole.body);
                QVERIFY(call.sharedBodyBytes > 0);
                QCOMPARE(call.sharedBodyBytes, whole.sharedBodyBytes);
                QVERIFY(call.body.first(call.sharedBodyBytes)
                            .endsWith(jsonString(prompt.first(prefix.size())).chopped(1)));
                asked.append(r);
            }
            // The first report's prefix was escaped once, and again for no other request.
            QCOMPARE(asked.at(1).escapedPrefix.json.constData(),
                     asked.at(0).escapedPrefix.json.constData());
            QCOMPARE(asked.at(3).escapedPrefix.json.constData(),
                     asked.at(0).escapedPrefix.json.constData());
            QVERIFY(asked.at(2).escapedPrefix.json != asked.at(0).escapedPrefix.json);
        }
        // A prefix that would end between the halves of a surrogate pair is not shared.
        const QString pair = u"ab\U0001F600cd"_s;
        ProviderRequest split{pair, {}, 3};
        QCOMPARE(sharedPrefixChars(split), 0);
        SharedPromptJson shared;
        shared.fill(split);
        QVERIFY(split.escapedPrefix.json.isNull());
        JudgeConfig c;
        c.provider = ProviderKind::OpenAiCompatible;
        const HttpCall call = makeProvider(c.provider)->buildCall(c, split, u"k"_s);
        QCOMPARE(call.sharedBodyBytes, 0);
        QCOMPARE(call.body, QJsonDocument(bodyOf(call)).toJson(QJsonDocument::Compact));
        // Anthropic escapes its two blocks apart: the first is shared whole, cut as it is.
        c.provider = ProviderKind::Anthropic;
        const HttpCall blocks = makeProvider(c.provider)->buildCall(c, split, u"k"_s);
        const QJsonArray content = firstMessageContent(blocks);
        QCOMPARE(content.size(), 2);
        QCOMPARE(content.at(0).toObject().value(u"text"_s).toString(), pair.first(3));
        QVERIFY(blocks.sharedBodyBytes > 0);
        QVERIFY(blocks.body.first(blocks.sharedBodyBytes)
                    .endsWith(jsonString(pair.first(3)).chopped(1)));
        // An escaping made for other characters than the body cuts at is not used.
        ProviderRequest stale{u"abcdef"_s, {}, 3};
        stale.escapedPrefix = {2, "xy"};
        const HttpCall fresh = makeProvider(c.provider)->buildCall(c, stale, u"k"_s);
        QCOMPARE(fresh.body, QJsonDocument(bodyOf(fresh)).toJson(QJsonDocument::Compact));
        QVERIFY(!fresh.body.contains("xy"));
    }

    void promptCacheTokensAreReadFromEveryProvider()
    {
        // Each provider's own usage shape; the reply counts every input token, cached or not.
        const ProviderReply openai = makeProvider(ProviderKind::OpenAiCompatible)
                                         ->parseSuccess(R"({"choices":[{"message":{"content":"ok"},
            "finish_reason":"stop"}],"usage":{"prompt_tokens":2000,"completion_tokens":10,
            "prompt_tokens_details":{"cached_tokens":1536}}})");
        QCOMPARE(openai.inputTokens, 2000);
        QCOMPARE(openai.cacheReadTokens, 1536);
        QCOMPARE(openai.cacheWriteTokens, 0);
        const ProviderReply gemini = makeProvider(ProviderKind::Gemini)
                                         ->parseSuccess(R"({"candidates":[{"content":{"parts":[
            {"text":"ok"}]},"finishReason":"STOP"}],"usageMetadata":{"promptTokenCount":3000,
            "cachedContentTokenCount":2048,"candidatesTokenCount":10}})");
        QCOMPARE(gemini.inputTokens, 3000);
        QCOMPARE(gemini.cacheReadTokens, 2048);
        const ProviderReply anthropic
            = makeProvider(ProviderKind::Anthropic)->parseSuccess(R"({"content":[{"type":"text",
            "text":"ok"}],"usage":{"input_tokens":50,"cache_read_input_tokens":1800,
            "cache_creation_input_tokens":200,"output_tokens":10}})");
        QCOMPARE(anthropic.inputTokens, 2050);
        QCOMPARE(anthropic.cacheReadTokens, 1800);
        QCOMPARE(anthropic.cacheWriteTokens, 200);

        // Priced at each provider's share unless the config says otherwise.
        JudgeConfig c;
        c.provider = ProviderKind::Anthropic;
        c.pricePerMillionInput = 1e6; // a dollar a token keeps the sums readable
        QCOMPARE(c.costOf(2050, 0, 1800, 200), 50 + 180 + 250.0);
        c.provider = ProviderKind::Gemini;
        QCOMPARE(c.costOf(3000, 0, 2048), 952 + 512.0);
        c.provider = ProviderKind::OpenAiCompatible;
        QCOMPARE(c.costOf(2000, 0, 1536), 464 + 768.0);
        c.cacheReadPriceShare = 0.1; // a model with a deeper discount
        QCOMPARE(c.costOf(2000, 0, 1536), 464 + 153.6);
        QCOMPARE(JudgeConfig::fromJson(c.toJson()).cacheReadShare(), 0.1);
    }

    void failuresAreClassified()
    {
        ProviderReply r = classifyFailure(429, "{\"error\":{\"message\":\"slow down\"}}", "7", {});
        QVERIFY(r.retryable);
        QCOMPARE(r.retryAfterMs, 7000);
        QVERIFY(r.error.contains(u"slow down"_s));
        QVERIFY(classifyFailure(503, {}, {}, {}).retryable);
        QVERIFY(!classifyFailure(401, "{\"error\":{\"message\":\"bad key\"}}", {}, {}).retryable);
        QVERIFY(!classifyFailure(400, {}, {}, {}).retryable);
        QVERIFY(classifyFailure(0, {}, {}, u"Connection refused"_s).retryable);
        const QDateTime now = QDateTime(QDate(2026, 1, 1), QTime(12, 0, 0), Qt::UTC);
        QCOMPARE(parseRetryAfterMs("Thu, 01 Jan 2026 12:00:30 GMT", now), 30000);
        QCOMPARE(parseRetryAfterMs("garbage", now), -1);
        // A day, or a number past an int's reach, waits an hour.
        QCOMPARE(parseRetryAfterMs("100000", now), LongestRetryAfterMs);
        QCOMPARE(parseRetryAfterMs("1e12", now), LongestRetryAfterMs);
        QCOMPARE(parseRetryAfterMs("nan", now), -1);
        QCOMPARE(parseRetryAfterMs("inf", now), -1);
        QCOMPARE(parseRetryAfterMs("Fri, 02 Jan 2026 12:00:00 GMT", now), LongestRetryAfterMs);
    }

    void pythonCompatibleJson()
    {
        const QJsonObject o{{u"task"_s, u"Line 1\n\"quoted\" — 中文\t\u0001"_s},
                            {u"rubric_items"_s, QJsonArray{u"a"_s, u"b"_s}},
                            {u"blocked"_s, QJsonObject{}}};
        QCOMPARE(pythonJsonDumps(o, {u"task"_s, u"rubric_items"_s, u"blocked"_s}),
                 u"{\n  \"task\": \"Line 1\\n\\\"quoted\\\" — 中文\\t\\u0001\",\n"
                 "  \"rubric_items\": [\n    \"a\",\n    \"b\"\n  ],\n  \"blocked\": {}\n}"_s);
        // Keys as QJsonObject sorts them, then in the order given; numbers as Python writes
        // them. A LightJson payload, its members in any order, is written the same.
        const QJsonObject nested{{u"weight"_s, 2.5}, {u"axis"_s, u"x"_s},
                                 {u"zeta"_s, true},  {u"alpha"_s, QJsonValue()},
                                 {u"count"_s, 3},    {u"list"_s, QJsonArray{}}};
        const QString written = u"[\n  {\n    \"weight\": 2.5,\n    \"alpha\": null,\n"
                                "    \"axis\": \"x\",\n    \"count\": 3,\n    \"list\": [],\n"
                                "    \"zeta\": true\n  }\n]"_s;
        QCOMPARE(pythonJsonDumps(QJsonArray{nested}, {u"weight"_s}), written);
        const LightJson light(LightJson::Array{
            LightJson(LightJson::Object{{u"zeta"_s, LightJson(QJsonValue(true))},
                                        {u"list"_s, LightJson(LightJson::Array())},
                                        {u"count"_s, LightJson(QJsonValue(3))},
                                        {u"axis"_s, LightJson(u"x"_s)},
                                        {u"alpha"_s, LightJson()},
                                        {u"weight"_s, LightJson(QJsonValue(2.5))}})});
        QCOMPARE(pythonJsonDumps(light, {u"weight"_s}), written);
        // Strings are scanned eight units at a time: each unit that is escaped, and some
        // that are not, at each of the places of such a group, amid text that is not.
        const auto pythonString = [](const QString &text) -> QString {
            QString out = u"\""_s;
            for (const QChar c : text) {
                switch (c.unicode()) {
                case u'"':
                    out += u"\\\""_s;
                    break;
                case u'\\':
                    out += u"\\\\"_s;
                    break;
                case u'\n':
                    out += u"\\n"_s;
                    break;
                case u'\t':
                    out += u"\\t"_s;
                    break;
                default:
                    out += c.unicode() < 0x20 ? u"\\u%1"_s.arg(c.unicode(), 4, 16, QChar(u'0'))
                                              : QString(c);
                }
            }
            return out + u'"';
        };
        for (const char16_t unit :
             {u'"', u'\\', u'\n', u'\t', char16_t(0x01), char16_t(0x1f), char16_t(0x20),
              char16_t(0x7f), char16_t(0x8000), char16_t(0xffff), u'中'}) {
            for (int at = 0; at < 16; ++at) {
                const QString text = QString(at, u'a') + QChar(unit) + QString(17, u'b');
                QCOMPARE(pythonJsonDumps(QJsonValue(text), {}), pythonString(text));
            }
        }
        // Python counts code points: an emoji is one character, two UTF-16 units.
        QCOMPARE(cutToCodePoints(u"a😀bc"_s, 3), u"a😀b"_s);
        QCOMPARE(cutToCodePoints(u"abc"_s, 5), u"abc"_s);
    }

    void drb2SchemePlansAndPrompts()
    {
        const auto scheme = makeScheme(u"drb2"_s, {});
        QVERIFY2(scheme, qPrintable(scheme.errorMessage()));
        QList<Rubric> rubrics;
        const char *dims[] = {"presentation", "info_recall", "analysis"};
        for (int i = 0; i < 7; ++i) {
            Rubric r;
            r.id = i + 1;
            r.dimension = QString::fromLatin1(dims[i % 3]);
            r.position = i;
            r.text = u"item %1"_s.arg(i);
            rubrics << r;
        }
        const auto batches = scheme->plan(rubrics, 3);
        QCOMPARE(batches.size(), 3);
        QCOMPARE(batches.at(0).at(0).dimension, u"info_recall"_s); // reference order
        QCOMPARE(batches.at(2).constLast().dimension, u"presentation"_s);
        QCOMPARE(scheme->plan(rubrics, 0).size(), 1);
        QCOMPARE(scheme->plan(rubrics, 50).size(), 1);

        SchemeContext ctx;
        ctx.task.judgeTask = u"Study tides."_s;
        ctx.task.blocked = BlockedSource{u"Tide paper"_s, {u"X"_s}, {u"https://e.org"_s}};
        ctx.report.format = ReportFormat::Pdf;
        ctx.report.text = QString(200000, u'x');
        ctx.original = "%PDF-1.7";
        JudgeConfig c;
        const auto openai = makeProvider(ProviderKind::OpenAiCompatible);
        ProviderRequest req = scheme->buildRequest(ctx, batches.at(0), openai.get(), c);
        QVERIFY(req.attachments.isEmpty()); // OpenAI-compatible: the PDF goes as text ...
        QVERIFY(req.prompt.contains(QString(150000, u'x')));
        QVERIFY(!req.prompt.contains(QString(150001, u'x'))); // ... cut at 150,000
        QVERIFY(req.prompt.contains(
            u"\"blocked\": {\n    \"title\": \"Tide paper\",\n    \"authors\": [\n"_s));
        const auto gemini = makeProvider(ProviderKind::Gemini);
        // Every batch of a report starts with the same prefix, the report in it and no
        // rubric item, so the provider's prompt cache can serve the batches after the first.
        const ProviderRequest second = scheme->buildRequest(ctx, batches.at(1), openai.get(), c);
        QVERIFY(req.cachedPrefixChars > 150000);
        QCOMPARE(second.cachedPrefixChars, req.cachedPrefixChars);
        QCOMPARE(second.prompt.left(second.cachedPrefixChars),
                 req.prompt.left(req.cachedPrefixChars));
        QVERIFY(req.prompt.left(req.cachedPrefixChars).contains(QString(150000, u'x')));
        const QRegularExpression anItem(u"\"item \\d\""_s);
        QVERIFY(!req.prompt.left(req.cachedPrefixChars).contains(anItem));
        QVERIFY(second.prompt.mid(second.cachedPrefixChars).contains(anItem));
        req = scheme->buildRequest(ctx, batches.at(0), gemini.get(), c);
        QCOMPARE(req.attachments.size(), 1); // Gemini reads the PDF itself
        QCOMPARE(req.attachments.at(0).mimeType, u"application/pdf"_s);
        QVERIFY(!req.prompt.contains(u"xxxx"_s));
    }

    void drb2SchemeReadsAnswers()
    {
        const auto scheme = makeScheme(u"drb2"_s, {});
        const QList<SchemeItem> items = {{1, u"States A."_s, u"info_recall"_s},
                                         {2, u"States B."_s, u"info_recall"_s},
                                         {3, u"States C."_s, u"analysis"_s}};
        const SchemeResult r = scheme->interpret(
            items,
            u"Sure!\n```json\n{\"results\": [\n  {\"rubric_item\": \"states a\", \"score\": \"1\", \"reason\": \"r\", \"evidence\": [\"e1\", \"e2\"]},\n  {\"rubric_item\": \"States C.\", \"score\": 2, \"reason\": \"r\", \"evidence\": \"\"},\n]}\n```"_s);
        QVERIFY2(r.parsed, qPrintable(r.parseError));
        QCOMPARE(r.items.size(), 3);
        QCOMPARE(r.items.at(0).value, std::optional<double>(1));
        QCOMPARE(r.items.at(0).evidence, u"e1 ... e2"_s);
        QVERIFY(r.items.at(1).missing);
        QVERIFY(!r.items.at(2).value.has_value()); // 2 is not a DRB-II score: an error
        QVERIFY(r.items.at(2).error.contains(u"not one of"_s));
        QVERIFY(!scheme->interpret(items, u"no JSON here"_s).parsed);
    }

    void templateFileNeedsPlaceholders()
    {
        QVERIFY(!makeScheme(u"drb2"_s, u"/nonexistent"_s));
        const auto unknown = makeScheme(u"nosuch"_s, {});
        QVERIFY(!unknown);
        QVERIFY(unknown.errorMessage().contains(u"unknown prompt scheme"_s));
    }
};

QTEST_GUILESS_MAIN(TestJudgeProviders)
#include "tst_judgeproviders.moc"
