#include "batchprotocol.h"

#include "text/strictjson.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject bodyOf(const HttpCall &call)
{
    return jsonDocument(call.body).object();
}

// Numbers that protobuf-JSON APIs (Gemini) send as strings.
int countOf(const QJsonValue &v)
{
    return v.isString() ? v.toString().toInt() : v.toInt();
}

// Each non-empty line of a JSONL download as an object; a line that does not read is left out
// (its request then counts as unanswered and is asked again).
QList<QJsonObject> jsonLines(const QByteArray &body)
{
    QList<QJsonObject> lines;
    for (const QByteArray &line : body.split('\n')) {
        const QJsonObject o = jsonDocument(line).object();
        if (!o.isEmpty())
            lines.append(o);
    }
    return lines;
}

QString errorMessage(const QJsonValue &error, const QString &fallback)
{
    const QJsonObject e = error.toObject();
    if (e.value(u"error"_s).isObject()) // Anthropic nests its error object once more
        return errorMessage(e.value(u"error"_s), fallback);
    const QString message = e.value(u"message"_s).toString();
    return message.isEmpty() ? fallback : message;
}

// The requests' entries of a create call's JSON array, comma-separated: the array is written
// as bytes, never held as a QJsonArray of the whole run.
QByteArray joined(const QList<BatchRequest> &requests, QByteArray (*entry)(const BatchRequest &))
{
    QByteArray list;
    for (const BatchRequest &r : requests) {
        if (!list.isEmpty())
            list += ',';
        list += entry(r);
    }
    return list;
}

// The metadata key of OpenAI's tag.
const QString kTagKey = u"rubricate_batch"_s;

class OpenAiBatches final : public BatchProtocol
{
public:
    OpenAiBatches()
        : BatchProtocol(ProviderKind::OpenAiCompatible)
    { }

    std::optional<HttpCall> uploadCall(const JudgeConfig &c, const QList<BatchRequest> &requests,
                                       const QString &key) const override
    {
        QByteArray jsonl;
        for (const BatchRequest &r : requests)
            jsonl += line(r) + '\n';
        const QByteArray boundary = "rubricate-batch-3f9c2e71d4a8";
        QByteArray body = "--" + boundary
            + "\r\nContent-Disposition: form-data; name=\"purpose\"\r\n\r\nbatch\r\n";
        body += "--" + boundary
            + "\r\nContent-Disposition: form-data; name=\"file\"; filename=\"requests.jsonl\""
              "\r\nContent-Type: application/jsonl\r\n\r\n";
        body += jsonl + "\r\n--" + boundary + "--\r\n";
        HttpCall call = authorized(c, key, u"/files"_s, "POST");
        call.headers.append(std::pair<QByteArray, QByteArray>(
            "Content-Type", "multipart/form-data; boundary=" + boundary));
        call.body = body;
        return call;
    }

    QString readUpload(const QByteArray &body) const override
    {
        return QJsonDocument::fromJson(body).object().value(u"id"_s).toString();
    }

    HttpCall createCall(const JudgeConfig &c, const QList<BatchRequest> &, const QString &uploaded,
                        const QString &tag, const QString &key) const override
    {
        HttpCall call = authorized(c, key, u"/batches"_s, "POST");
        call.headers.append(std::pair<QByteArray, QByteArray>("Content-Type", "application/json"));
        call.body = compact(QJsonObject{{u"input_file_id"_s, uploaded},
                                        {u"endpoint"_s, u"/v1/chat/completions"_s},
                                        {u"completion_window"_s, u"24h"_s},
                                        {u"metadata"_s, QJsonObject{{kTagKey, tag}}}});
        return call;
    }

    std::optional<HttpCall> findCall(const JudgeConfig &c, const QString &key) const override
    {
        return authorized(c, key, u"/batches?limit=100"_s, "GET");
    }

    Result<std::optional<BatchStatus>> readFound(const QByteArray &body,
                                                 const QString &tag) const override
    {
        const QJsonValue list = QJsonDocument::fromJson(body).object().value(u"data"_s);
        if (!list.isArray())
            return Error{
                u"unreadable list of batches: %1"_s.arg(QString::fromUtf8(body.left(200)))};
        for (const auto &v : list.toArray()) {
            if (v.toObject().value(u"metadata"_s).toObject().value(kTagKey).toString() == tag)
                return std::optional(readStatus(compact(v.toObject())));
        }
        return std::optional<BatchStatus>();
    }

    HttpCall statusCall(const JudgeConfig &c, const QString &id, const QString &key) const override
    {
        return authorized(c, key, u"/batches/"_s + id, "GET");
    }

    HttpCall cancelCall(const JudgeConfig &c, const QString &id, const QString &key) const override
    {
        return authorized(c, key, u"/batches/%1/cancel"_s.arg(id), "POST");
    }

    BatchLimits limits() const override { return kOpenAiBatchLimits; }

    qsizetype sizeInBatch(const BatchRequest &r) const override { return line(r).size() + 1; }

    BatchStatus readStatus(const QByteArray &body) const override
    {
        const QJsonObject o = QJsonDocument::fromJson(body).object();
        BatchStatus s;
        s.id = o.value(u"id"_s).toString();
        static const QHash<QString, BatchState> states{
            {u"validating"_s, BatchState::Pending}, {u"in_progress"_s, BatchState::Running},
            {u"finalizing"_s, BatchState::Running}, {u"cancelling"_s, BatchState::Running},
            {u"completed"_s, BatchState::Done},     {u"failed"_s, BatchState::Failed},
            {u"expired"_s, BatchState::Expired},    {u"cancelled"_s, BatchState::Cancelled}};
        const QString status = o.value(u"status"_s).toString();
        s.ok = !s.id.isEmpty() && states.contains(status);
        if (!s.ok) {
            s.error = u"unreadable batch status: %1"_s.arg(QString::fromUtf8(body.left(200)));
            return s;
        }
        s.state = states.value(status);
        const QJsonObject counts = o.value(u"request_counts"_s).toObject();
        s.total = counts.value(u"total"_s).toInt();
        s.answered = counts.value(u"completed"_s).toInt();
        s.failed = counts.value(u"failed"_s).toInt();
        for (const QString &field : {u"output_file_id"_s, u"error_file_id"_s}) {
            if (const QString file = o.value(field).toString(); !file.isEmpty())
                s.resultLocations << file;
        }
        const QJsonArray errors = o.value(u"errors"_s).toObject().value(u"data"_s).toArray();
        if (!errors.isEmpty())
            s.error = errorMessage(errors.first(), {});
        return s;
    }

    QList<HttpCall> resultCalls(const JudgeConfig &c, const BatchStatus &status,
                                const QString &key) const override
    {
        QList<HttpCall> calls;
        for (const QString &file : status.resultLocations)
            calls << authorized(c, key, u"/files/%1/content"_s.arg(file), "GET");
        return calls;
    }

    QHash<QString, ProviderReply> readResults(const QByteArray &body) const override
    {
        QHash<QString, ProviderReply> replies;
        for (const QJsonObject &line : jsonLines(body)) {
            const QJsonObject response = line.value(u"response"_s).toObject();
            const int status = response.value(u"status_code"_s).toInt();
            const QJsonObject answer = response.value(u"body"_s).toObject();
            replies.insert(line.value(u"custom_id"_s).toString(),
                           status == 200 ? readAnswer(answer)
                                         : failedItem(errorMessage(line.value(u"error"_s).isObject()
                                                                       ? line.value(u"error"_s)
                                                                       : answer.value(u"error"_s),
                                                                   u"HTTP %1"_s.arg(status))));
        }
        return replies;
    }

private:
    // The request's line in the uploaded JSONL file.
    static QByteArray line(const BatchRequest &r)
    {
        return compact(QJsonObject{{u"custom_id"_s, r.customId},
                                   {u"method"_s, u"POST"_s},
                                   {u"url"_s, u"/v1/chat/completions"_s},
                                   {u"body"_s, bodyOf(r.call)}});
    }
};

class AnthropicBatches final : public BatchProtocol
{
public:
    AnthropicBatches()
        : BatchProtocol(ProviderKind::Anthropic)
    { }

    HttpCall createCall(const JudgeConfig &c, const QList<BatchRequest> &requests, const QString &,
                        const QString &, const QString &key) const override
    {
        HttpCall call = authorized(c, key, u"/v1/messages/batches"_s, "POST");
        call.headers.append(std::pair<QByteArray, QByteArray>("Content-Type", "application/json"));
        call.body = "{\"requests\":[" + joined(requests, &entry) + "]}";
        return call;
    }

    HttpCall statusCall(const JudgeConfig &c, const QString &id, const QString &key) const override
    {
        return authorized(c, key, u"/v1/messages/batches/"_s + id, "GET");
    }

    HttpCall cancelCall(const JudgeConfig &c, const QString &id, const QString &key) const override
    {
        return authorized(c, key, u"/v1/messages/batches/%1/cancel"_s.arg(id), "POST");
    }

    BatchLimits limits() const override { return kAnthropicBatchLimits; }

    qsizetype sizeInBatch(const BatchRequest &r) const override { return entry(r).size() + 1; }

    BatchStatus readStatus(const QByteArray &body) const override
    {
        const QJsonObject o = QJsonDocument::fromJson(body).object();
        BatchStatus s;
        s.id = o.value(u"id"_s).toString();
        const QString status = o.value(u"processing_status"_s).toString();
        s.ok = !s.id.isEmpty()
            && (status == "in_progress"_L1 || status == "canceling"_L1 || status == "ended"_L1);
        if (!s.ok) {
            s.error = u"unreadable batch status: %1"_s.arg(QString::fromUtf8(body.left(200)));
            return s;
        }
        const QJsonObject counts = o.value(u"request_counts"_s).toObject();
        const int expired = counts.value(u"expired"_s).toInt();
        s.answered = counts.value(u"succeeded"_s).toInt();
        s.failed
            = counts.value(u"errored"_s).toInt() + counts.value(u"canceled"_s).toInt() + expired;
        s.total = s.answered + s.failed + counts.value(u"processing"_s).toInt();
        // An ended batch is done, even when part of it expired: each result says which.
        if (status == "ended"_L1)
            s.state = expired > 0 ? BatchState::Expired : BatchState::Done;
        else
            s.state = BatchState::Running;
        if (const QString url = o.value(u"results_url"_s).toString(); !url.isEmpty())
            s.resultLocations << url;
        return s;
    }

    QList<HttpCall> resultCalls(const JudgeConfig &c, const BatchStatus &status,
                                const QString &key) const override
    {
        QList<HttpCall> calls;
        const QUrl base(judgeBaseUrl(c));
        for (const QString &url : status.resultLocations) {
            HttpCall call = authorized(c, key, {}, "GET");
            call.url = QUrl(url);
            // The provider names where its results are; the key goes only to the server the
            // user configured, never to another host an answer points at.
            if (call.url.scheme() != base.scheme() || call.url.host() != base.host()
                || call.url.port() != base.port())
                call.headers.clear();
            calls << call;
        }
        return calls;
    }

    QHash<QString, ProviderReply> readResults(const QByteArray &body) const override
    {
        QHash<QString, ProviderReply> replies;
        for (const QJsonObject &line : jsonLines(body)) {
            const QJsonObject result = line.value(u"result"_s).toObject();
            const QString type = result.value(u"type"_s).toString();
            ProviderReply reply;
            if (type == "succeeded"_L1)
                reply = readAnswer(result.value(u"message"_s).toObject());
            else if (type == "errored"_L1)
                reply = failedItem(errorMessage(result.value(u"error"_s), u"errored"_s));
            else
                reply = failedItem(u"the batch ended with this request %1"_s.arg(type));
            replies.insert(line.value(u"custom_id"_s).toString(), reply);
        }
        return replies;
    }

private:
    static QByteArray entry(const BatchRequest &r)
    {
        return compact(QJsonObject{{u"custom_id"_s, r.customId}, {u"params"_s, bodyOf(r.call)}});
    }
};

class GeminiBatches final : public BatchProtocol
{
public:
    GeminiBatches()
        : BatchProtocol(ProviderKind::Gemini)
    { }

    HttpCall createCall(const JudgeConfig &c, const QList<BatchRequest> &requests, const QString &,
                        const QString &tag, const QString &key) const override
    {
        HttpCall call
            = authorized(c, key, u"/models/%1:batchGenerateContent"_s.arg(c.model), "POST");
        call.headers.append(std::pair<QByteArray, QByteArray>("Content-Type", "application/json"));
        // The tag is letters, digits and '-' (BatchRunner makes it): nothing to escape.
        call.body = R"({"batch":{"display_name":")" + tag.toLatin1()
            + R"(","input_config":{"requests":{"requests":[)" + joined(requests, &entry) + "]}}}}";
        return call;
    }

    std::optional<HttpCall> findCall(const JudgeConfig &c, const QString &key) const override
    {
        return authorized(c, key, u"/batches?pageSize=100"_s, "GET");
    }

    Result<std::optional<BatchStatus>> readFound(const QByteArray &body,
                                                 const QString &tag) const override
    {
        // Protobuf JSON leaves out an empty list: "{}" is an account without batches.
        const QJsonDocument doc = QJsonDocument::fromJson(body);
        const QJsonValue list = doc.object().value(u"operations"_s);
        if (!doc.isObject() || !(list.isArray() || list.isUndefined()))
            return Error{
                u"unreadable list of batches: %1"_s.arg(QString::fromUtf8(body.left(200)))};
        for (const auto &v : list.toArray()) {
            const QJsonObject batch = v.toObject().value(u"metadata"_s).toObject();
            if (batch.value(u"displayName"_s).toString() == tag)
                return std::optional(readStatus(compact(v.toObject())));
        }
        return std::optional<BatchStatus>();
    }

    HttpCall statusCall(const JudgeConfig &c, const QString &id, const QString &key) const override
    {
        return authorized(c, key, u"/"_s + id, "GET");
    }

    HttpCall cancelCall(const JudgeConfig &c, const QString &id, const QString &key) const override
    {
        return authorized(c, key, u"/%1:cancel"_s.arg(id), "POST");
    }

    BatchLimits limits() const override { return kGeminiBatchLimits; }

    qsizetype sizeInBatch(const BatchRequest &r) const override { return entry(r).size() + 1; }

    BatchStatus readStatus(const QByteArray &body) const override
    {
        // An operation: the batch itself is its metadata.
        const QJsonObject o = QJsonDocument::fromJson(body).object();
        const QJsonObject batch = o.value(u"metadata"_s).toObject();
        BatchStatus s;
        s.id = o.value(u"name"_s).toString();
        // BATCH_STATE_RUNNING, or JOB_STATE_RUNNING as some clients name them.
        const QString state = batch.value(u"state"_s).toString();
        static const QHash<QString, BatchState> states{
            {u"PENDING"_s, BatchState::Pending}, {u"QUEUED"_s, BatchState::Pending},
            {u"RUNNING"_s, BatchState::Running}, {u"SUCCEEDED"_s, BatchState::Done},
            {u"FAILED"_s, BatchState::Failed},   {u"CANCELLED"_s, BatchState::Cancelled},
            {u"EXPIRED"_s, BatchState::Expired}};
        const QString word = state.mid(state.lastIndexOf(u'_') + 1);
        s.ok = !s.id.isEmpty() && states.contains(word);
        if (!s.ok) {
            s.error = u"unreadable batch status: %1"_s.arg(QString::fromUtf8(body.left(200)));
            return s;
        }
        s.state = states.value(word);
        const QJsonObject stats = batch.value(u"batchStats"_s).toObject();
        s.total = countOf(stats.value(u"requestCount"_s));
        s.answered = countOf(stats.value(u"successfulRequestCount"_s));
        s.failed = countOf(stats.value(u"failedRequestCount"_s));
        if (o.value(u"error"_s).isObject())
            s.error = errorMessage(o.value(u"error"_s), {});
        return s;
    }

    QList<HttpCall> resultCalls(const JudgeConfig &c, const BatchStatus &status,
                                const QString &key) const override
    {
        return {statusCall(c, status.id, key)};
    }

    QHash<QString, ProviderReply> readResults(const QByteArray &body) const override
    {
        const QJsonObject o = QJsonDocument::fromJson(body).object();
        QJsonValue inlined = o.value(u"response"_s).toObject().value(u"inlinedResponses"_s);
        if (!inlined.isObject()) {
            inlined = o.value(u"metadata"_s)
                          .toObject()
                          .value(u"output"_s)
                          .toObject()
                          .value(u"inlinedResponses"_s);
        }
        QHash<QString, ProviderReply> replies;
        for (const auto &v : inlined.toObject().value(u"inlinedResponses"_s).toArray()) {
            const QJsonObject item = v.toObject();
            const QString key = item.value(u"metadata"_s).toObject().value(u"key"_s).toString();
            replies.insert(key,
                           item.value(u"response"_s).isObject()
                               ? readAnswer(item.value(u"response"_s).toObject())
                               : failedItem(errorMessage(item.value(u"error"_s), u"failed"_s)));
        }
        return replies;
    }

private:
    static QByteArray entry(const BatchRequest &r)
    {
        return compact(QJsonObject{{u"request"_s, bodyOf(r.call)},
                                   {u"metadata"_s, QJsonObject{{u"key"_s, r.customId}}}});
    }
};

// Room for what a batch's body holds besides its requests: the multipart headers of the
// upload, the create call's envelope.
constexpr qint64 kEnvelopeBytes = 1024;

} // namespace

BatchLimits BatchLimits::within(const BatchLimits &other) const
{
    const auto stricter = [](auto a, auto b) {
        return a <= 0 ? b : b <= 0 ? a : qMin(a, b);
    };
    return {stricter(maxRequests, other.maxRequests), stricter(maxBytes, other.maxBytes)};
}

QList<qsizetype> batchLengths(const QList<qint64> &sizes, const BatchLimits &limits)
{
    QList<qsizetype> lengths;
    qint64 bytes = 0;
    for (const qint64 size : sizes) {
        const bool full = !lengths.isEmpty()
            && ((limits.maxRequests > 0 && lengths.constLast() >= limits.maxRequests)
                || (limits.maxBytes > 0 && bytes + size > limits.maxBytes));
        if (lengths.isEmpty() || full) {
            lengths.append(0);
            bytes = kEnvelopeBytes;
        }
        ++lengths.last();
        bytes += size;
    }
    return lengths;
}

QList<QList<BatchRequest>> splitIntoBatches(const BatchProtocol &protocol,
                                            const QList<BatchRequest> &requests,
                                            const BatchLimits &limits)
{
    QList<qint64> sizes;
    sizes.reserve(requests.size());
    for (const BatchRequest &r : requests)
        sizes.append(protocol.sizeInBatch(r));
    QList<QList<BatchRequest>> batches;
    qsizetype at = 0;
    for (const qsizetype n : batchLengths(sizes, limits)) {
        batches.append(requests.mid(at, n));
        at += n;
    }
    return batches;
}

QString batchStateKey(BatchState state)
{
    switch (state) {
    case BatchState::Pending:
        return u"pending"_s;
    case BatchState::Running:
        return u"running"_s;
    case BatchState::Done:
        return u"done"_s;
    case BatchState::Failed:
        return u"failed"_s;
    case BatchState::Expired:
        return u"expired"_s;
    case BatchState::Cancelled:
        return u"cancelled"_s;
    }
    return {};
}

std::optional<BatchState> batchStateFromKey(const QString &key)
{
    for (auto s : {BatchState::Pending, BatchState::Running, BatchState::Done, BatchState::Failed,
                   BatchState::Expired, BatchState::Cancelled}) {
        if (batchStateKey(s) == key)
            return s;
    }
    return std::nullopt;
}

bool batchStateIsFinal(BatchState state)
{
    return state != BatchState::Pending && state != BatchState::Running;
}

BatchProtocol::BatchProtocol(ProviderKind kind)
    : m_live(makeProvider(kind))
{ }

std::optional<HttpCall> BatchProtocol::uploadCall(const JudgeConfig &, const QList<BatchRequest> &,
                                                  const QString &) const
{
    return std::nullopt;
}

QString BatchProtocol::readUpload(const QByteArray &) const
{
    return {};
}

std::optional<HttpCall> BatchProtocol::findCall(const JudgeConfig &, const QString &) const
{
    return std::nullopt;
}

Result<std::optional<BatchStatus>> BatchProtocol::readFound(const QByteArray &,
                                                            const QString &) const
{
    return std::optional<BatchStatus>();
}

HttpCall BatchProtocol::authorized(const JudgeConfig &config, const QString &key,
                                   const QString &path, const QByteArray &verb) const
{
    // The live call's headers but its body's type: the key and the API version, as the live
    // provider sends them.
    HttpCall call;
    for (const auto &header : m_live->buildCall(config, {}, key).headers) {
        if (header.first.compare("Content-Type", Qt::CaseInsensitive) != 0)
            call.headers.append(header);
    }
    call.url = QUrl(judgeBaseUrl(config) + path);
    call.verb = verb;
    return call;
}

ProviderReply BatchProtocol::readAnswer(const QJsonObject &body) const
{
    ProviderReply reply = m_live->parseSuccess(compact(body));
    reply.batched = true;
    return reply;
}

ProviderReply BatchProtocol::failedItem(const QString &why)
{
    ProviderReply reply;
    reply.error = u"batch: "_s + why;
    reply.retryable = true; // asked again live
    return reply;
}

std::unique_ptr<BatchProtocol> makeBatchProtocol(const JudgeConfig &config)
{
    switch (config.provider) {
    case ProviderKind::OpenAiCompatible:
        return std::make_unique<OpenAiBatches>();
    case ProviderKind::Anthropic:
        return std::make_unique<AnthropicBatches>();
    case ProviderKind::Gemini:
        if (config.geminiAuth == "bearer"_L1)
            return nullptr;
        return std::make_unique<GeminiBatches>();
    case ProviderKind::Offline:
        return nullptr;
    }
    return nullptr;
}

} // namespace Rubricate
