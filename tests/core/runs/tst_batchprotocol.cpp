// The providers' batch formats, without a network: each batched request is the live call's
// body, batches keep within the providers' limits, and batch states and results are read.
// (No raw string literals here: moc cannot read them.)
#include "httpcallparts.h"
#include "judge/batchprotocol.h"
#include "judge/judgeprovider.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>
#include <QTest>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

namespace {

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

JudgeConfig batchConfig(ProviderKind kind)
{
    JudgeConfig c;
    c.provider = kind;
    c.baseUrl = u"http://127.0.0.1:9/v1"_s;
    c.model = u"judge-model"_s;
    c.batch = true;
    return c;
}

} // namespace

class TestBatchProtocol : public QObject
{
    Q_OBJECT

private slots:
    // Each batched request is the live call's body, unchanged, under its custom id.
    void batchRequestsAreTheLiveBodies_data()
    {
        QTest::addColumn<int>("provider");
        QTest::newRow("openai") << int(ProviderKind::OpenAiCompatible);
        QTest::newRow("anthropic") << int(ProviderKind::Anthropic);
        QTest::newRow("gemini") << int(ProviderKind::Gemini);
    }
    void batchRequestsAreTheLiveBodies()
    {
        QFETCH(int, provider);
        const JudgeConfig c = batchConfig(ProviderKind(provider));
        const auto live = makeProvider(c.provider);
        const auto batches = makeBatchProtocol(c);
        QVERIFY(batches);
        const QList<BatchRequest> requests{
            {u"job-1-0"_s, live->buildCall(c, {u"first prompt"_s, {}}, u"key"_s)},
            {u"job-2-0"_s, live->buildCall(c, {u"second prompt"_s, {}}, u"key"_s)}};
        const std::optional<HttpCall> upload = batches->uploadCall(c, requests, u"key"_s);
        const HttpCall create
            = batches->createCall(c, requests, u"file-1"_s, u"rubricate-0f3a"_s, u"key"_s);
        QCOMPARE(create.verb, QByteArray("POST"));
        QList<std::pair<QString, QJsonObject>> sent;
        if (c.provider == ProviderKind::OpenAiCompatible) {
            QVERIFY(upload);
            QCOMPARE(upload->url.path(), u"/v1/files"_s);
            QVERIFY(header(*upload, "Content-Type").startsWith("multipart/form-data"));
            QCOMPARE(bodyOf(create).value(u"input_file_id"_s).toString(), u"file-1"_s);
            QCOMPARE(bodyOf(create)[u"metadata"_s][u"rubricate_batch"_s].toString(),
                     u"rubricate-0f3a"_s);
            for (const QByteArray &line : upload->body.split('\n')) {
                const QJsonObject o = QJsonDocument::fromJson(line).object();
                if (!o.isEmpty()) {
                    QCOMPARE(o.value(u"url"_s).toString(), u"/v1/chat/completions"_s);
                    sent.append(
                        {o.value(u"custom_id"_s).toString(), o.value(u"body"_s).toObject()});
                }
            }
        } else if (c.provider == ProviderKind::Anthropic) {
            QVERIFY(!upload);
            QCOMPARE(create.url.path(), u"/v1/v1/messages/batches"_s);
            QCOMPARE(header(create, "x-api-key"), QByteArray("key"));
            for (const auto &r : bodyOf(create).value(u"requests"_s).toArray())
                sent.append({r.toObject().value(u"custom_id"_s).toString(),
                             r.toObject().value(u"params"_s).toObject()});
        } else {
            QVERIFY(!upload);
            QCOMPARE(create.url.path(), u"/v1/models/judge-model:batchGenerateContent"_s);
            QCOMPARE(bodyOf(create)[u"batch"_s][u"display_name"_s].toString(), u"rubricate-0f3a"_s);
            const QJsonArray list
                = bodyOf(create)[u"batch"_s][u"input_config"_s][u"requests"_s][u"requests"_s]
                      .toArray();
            for (const auto &r : list)
                sent.append({r[u"metadata"_s][u"key"_s].toString(), r[u"request"_s].toObject()});
        }
        QCOMPARE(sent.size(), 2);
        for (int i = 0; i < 2; ++i) {
            QCOMPARE(sent.at(i).first, requests.at(i).customId);
            QCOMPARE(sent.at(i).second, bodyOf(requests.at(i).call));
        }
        const HttpCall status = batches->statusCall(c, u"b1"_s, u"key"_s);
        QCOMPARE(status.verb, QByteArray("GET"));
        QVERIFY(status.body.isEmpty());

        // The batch's bytes, as the limit counts them: the uploaded file exactly, or the create
        // call's body within a small envelope.
        const qsizetype counted
            = batches->sizeInBatch(requests.at(0)) + batches->sizeInBatch(requests.at(1));
        if (upload) {
            const qsizetype start = upload->body.indexOf("\r\n\r\n{") + 4;
            QCOMPARE(upload->body.indexOf("\r\n--", start) - start, counted);
        } else {
            QVERIFY(create.body.size() <= counted + 1024);
            QVERIFY(create.body.size() > counted - 2);
        }

        // Cancelled at the provider's own endpoint.
        const QString id = c.provider == ProviderKind::Gemini ? u"batches/b1"_s : u"b1"_s;
        const HttpCall cancel = batches->cancelCall(c, id, u"key"_s);
        QCOMPARE(cancel.verb, QByteArray("POST"));
        QCOMPARE(cancel.url.path(),
                 c.provider == ProviderKind::OpenAiCompatible ? u"/v1/batches/b1/cancel"_s
                     : c.provider == ProviderKind::Anthropic
                     ? u"/v1/v1/messages/batches/b1/cancel"_s
                     : u"/v1/batches/b1:cancel"_s);
        QCOMPARE(cancel.headers, status.headers); // the same credentials
        QCOMPARE(cancel.url.query(), status.url.query());
    }

    // A run is cut into batches each within the provider's limits, in order; a request larger
    // than a whole batch goes alone.
    void batchesAreSplitUnderTheLimits()
    {
        const JudgeConfig c = batchConfig(ProviderKind::Anthropic);
        const auto live = makeProvider(c.provider);
        const auto batches = makeBatchProtocol(c);
        QList<BatchRequest> requests;
        for (int i = 0; i < 5; ++i)
            requests.append({u"job-%1-0"_s.arg(i), live->buildCall(c, {u"prompt"_s, {}}, {})});
        requests.append({u"job-big-0"_s, live->buildCall(c, {QString(5000, u'x'), {}}, {})});
        const auto sizes = [](const QList<QList<BatchRequest>> &split) {
            QList<qsizetype> n;
            for (const auto &batch : split)
                n << batch.size();
            return n;
        };
        QCOMPARE(sizes(splitIntoBatches(*batches, requests, {})), QList<qsizetype>({6}));
        QCOMPARE(sizes(splitIntoBatches(*batches, requests, {2, 0})), QList<qsizetype>({2, 2, 2}));
        // Room for two small requests besides the envelope: the large one goes alone.
        const qint64 two = 1024 + 2 * batches->sizeInBatch(requests.at(0));
        const QList<QList<BatchRequest>> byBytes = splitIntoBatches(*batches, requests, {0, two});
        QCOMPARE(sizes(byBytes), QList<qsizetype>({2, 2, 1, 1}));
        QCOMPARE(byBytes.at(3).at(0).customId, u"job-big-0"_s);
        QCOMPARE(byBytes.at(0).at(0).customId, u"job-0-0"_s);
        QVERIFY(splitIntoBatches(*batches, {}, {2, 0}).isEmpty());
        // The same cut from the sizes alone, as a run makes it without keeping the bodies.
        QList<qint64> measured;
        for (const BatchRequest &r : std::as_const(requests))
            measured << batches->sizeInBatch(r);
        QCOMPARE(batchLengths(measured, {0, two}), QList<qsizetype>({2, 2, 1, 1}));
        QCOMPARE(batchLengths(measured, {2, 0}), QList<qsizetype>({2, 2, 2}));
        QVERIFY(batchLengths({}, {2, 0}).isEmpty());

        // The providers' own limits, and a test's stricter one within them.
        QCOMPARE(batches->limits().maxRequests, 100000);
        QCOMPARE(batches->limits().maxBytes, 256'000'000);
        QCOMPARE(
            makeBatchProtocol(batchConfig(ProviderKind::OpenAiCompatible))->limits().maxRequests,
            50000);
        QCOMPARE(makeBatchProtocol(batchConfig(ProviderKind::Gemini))->limits().maxBytes,
                 20'000'000);
        const BatchLimits within = batches->limits().within({7, 0});
        QCOMPARE(within.maxRequests, 7);
        QCOMPARE(within.maxBytes, 256'000'000);
    }

    void batchStatesAndResultsRead()
    {
        // OpenAI: an expired batch with an output file and an error file.
        const auto openai = makeBatchProtocol(batchConfig(ProviderKind::OpenAiCompatible));
        BatchStatus s = openai->readStatus(
            compact({{u"id"_s, u"batch_1"_s},
                     {u"status"_s, u"expired"_s},
                     {u"output_file_id"_s, u"f-out"_s},
                     {u"error_file_id"_s, u"f-err"_s},
                     {u"request_counts"_s,
                      QJsonObject{{u"total"_s, 3}, {u"completed"_s, 1}, {u"failed"_s, 2}}}}));
        QVERIFY(s.ok);
        QCOMPARE(s.state, BatchState::Expired);
        QCOMPARE(s.total, 3);
        QCOMPARE(s.answered, 1);
        QCOMPARE(s.resultLocations, (QStringList{u"f-out"_s, u"f-err"_s}));
        QCOMPARE(openai->resultCalls(batchConfig(ProviderKind::OpenAiCompatible), s, {})
                     .at(1)
                     .url.path(),
                 u"/v1/files/f-err/content"_s);
        const QJsonObject chat{
            {u"choices"_s,
             QJsonArray{QJsonObject{{u"message"_s, QJsonObject{{u"content"_s, u"{}"_s}}}}}},
            {u"usage"_s, QJsonObject{{u"prompt_tokens"_s, 10}, {u"completion_tokens"_s, 2}}}};
        const QByteArray lines
            = compact({{u"custom_id"_s, u"a"_s},
                       {u"response"_s, QJsonObject{{u"status_code"_s, 200}, {u"body"_s, chat}}}})
            + "\n"
            + compact({{u"custom_id"_s, u"b"_s},
                       {u"response"_s, QJsonValue::Null},
                       {u"error"_s,
                        QJsonObject{{u"code"_s, u"batch_expired"_s},
                                    {u"message"_s, u"window expired"_s}}}})
            + "\nnot json\n";
        auto replies = openai->readResults(lines);
        QCOMPARE(replies.size(), 2);
        QVERIFY(replies[u"a"_s].ok);
        QVERIFY(replies[u"a"_s].batched);
        QCOMPARE(replies[u"a"_s].inputTokens, 10);
        QVERIFY(!replies[u"b"_s].ok);
        QVERIFY(replies[u"b"_s].error.contains(u"window expired"_s));

        // Anthropic: an ended batch; errored and expired requests are not answers.
        const auto anthropic = makeBatchProtocol(batchConfig(ProviderKind::Anthropic));
        s = anthropic->readStatus(compact({{u"id"_s, u"msgbatch_1"_s},
                                           {u"processing_status"_s, u"ended"_s},
                                           {u"results_url"_s, u"https://x.test/results"_s},
                                           {u"request_counts"_s,
                                            QJsonObject{{u"succeeded"_s, 1},
                                                        {u"errored"_s, 1},
                                                        {u"expired"_s, 1},
                                                        {u"processing"_s, 0}}}}));
        QVERIFY(s.ok);
        QCOMPARE(s.state, BatchState::Expired);
        QCOMPARE(s.total, 3);
        QCOMPARE(anthropic->resultCalls(batchConfig(ProviderKind::Anthropic), s, {}).at(0).url,
                 QUrl(u"https://x.test/results"_s));
        // The key goes with a results URL on the configured server only.
        const QList<HttpCall> foreign
            = anthropic->resultCalls(batchConfig(ProviderKind::Anthropic), s, u"sk-secret"_s);
        QVERIFY(foreign.at(0).headers.isEmpty());
        BatchStatus here = s;
        here.resultLocations = {u"http://127.0.0.1:9/v1/messages/batches/msgbatch_1/results"_s};
        const QList<HttpCall> own
            = anthropic->resultCalls(batchConfig(ProviderKind::Anthropic), here, u"sk-secret"_s);
        QVERIFY(std::any_of(own.at(0).headers.cbegin(), own.at(0).headers.cend(),
                            [](const auto &h) { return h.second.contains("sk-secret"); }));
        const QJsonObject message{
            {u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, u"ok"_s}}}}};
        const QJsonObject apiError{{u"type"_s, u"error"_s},
                                   {u"error"_s, QJsonObject{{u"message"_s, u"overloaded"_s}}}};
        replies = anthropic->readResults(
            compact(
                {{u"custom_id"_s, u"a"_s},
                 {u"result"_s, QJsonObject{{u"type"_s, u"succeeded"_s}, {u"message"_s, message}}}})
            + "\n"
            + compact(
                {{u"custom_id"_s, u"b"_s},
                 {u"result"_s, QJsonObject{{u"type"_s, u"errored"_s}, {u"error"_s, apiError}}}})
            + "\n"
            + compact(
                {{u"custom_id"_s, u"c"_s}, {u"result"_s, QJsonObject{{u"type"_s, u"expired"_s}}}}));
        QCOMPARE(replies[u"a"_s].text, u"ok"_s);
        QVERIFY(replies[u"b"_s].error.contains(u"overloaded"_s));
        QVERIFY(!replies[u"c"_s].ok);
        QVERIFY(replies[u"c"_s].error.contains(u"expired"_s));

        // Gemini: an operation whose metadata is the batch, counts as strings, answers inline.
        const auto gemini = makeBatchProtocol(batchConfig(ProviderKind::Gemini));
        const QJsonObject candidate{
            {u"content"_s,
             QJsonObject{{u"parts"_s, QJsonArray{QJsonObject{{u"text"_s, u"g"_s}}}}}}};
        const QJsonArray inlined{
            QJsonObject{{u"response"_s, QJsonObject{{u"candidates"_s, QJsonArray{candidate}}}},
                        {u"metadata"_s, QJsonObject{{u"key"_s, u"a"_s}}}},
            QJsonObject{{u"error"_s, QJsonObject{{u"message"_s, u"internal"_s}}},
                        {u"metadata"_s, QJsonObject{{u"key"_s, u"b"_s}}}}};
        const QByteArray op
            = compact({{u"name"_s, u"batches/7"_s},
                       {u"metadata"_s,
                        QJsonObject{{u"state"_s, u"BATCH_STATE_SUCCEEDED"_s},
                                    {u"batchStats"_s,
                                     QJsonObject{{u"requestCount"_s, u"2"_s},
                                                 {u"successfulRequestCount"_s, u"1"_s},
                                                 {u"failedRequestCount"_s, u"1"_s}}}}},
                       {u"response"_s,
                        QJsonObject{{u"inlinedResponses"_s,
                                     QJsonObject{{u"inlinedResponses"_s, inlined}}}}}});
        s = gemini->readStatus(op);
        QVERIFY(s.ok);
        QCOMPARE(s.id, u"batches/7"_s);
        QCOMPARE(s.state, BatchState::Done);
        QCOMPARE(s.total, 2);
        QCOMPARE(s.failed, 1);
        replies = gemini->readResults(op);
        QCOMPARE(replies[u"a"_s].text, u"g"_s);
        QVERIFY(replies[u"b"_s].error.contains(u"internal"_s));

        QVERIFY(!openai->readStatus("{}").ok);
        QVERIFY(!makeBatchProtocol(JudgeConfig{}));
    }
};

QTEST_GUILESS_MAIN(TestBatchProtocol)
#include "tst_batchprotocol.moc"
