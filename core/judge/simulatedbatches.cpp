#include "simulatedbatches.h"

#include "judgesimulator.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QByteArray compact(const QJsonObject &o)
{
    return QJsonDocument(o).toJson(QJsonDocument::Compact);
}

QJsonObject objectOf(const QByteArray &json)
{
    return QJsonDocument::fromJson(json).object();
}

SimulatedBatches::Answer notFound()
{
    return {404, R"({"error": {"message": "no such batch"}})"};
}

const QString kErrorMessage = u"simulated batch error"_s;

} // namespace

SimulatedBatches::SimulatedBatches(LiveAnswer live)
    : m_live(std::move(live))
{ }

void SimulatedBatches::reset()
{
    m_batches.clear();
    m_uploads.clear();
    m_sizes.clear();
    m_polls = 0;
    m_cancels = 0;
    m_cancelledPolls = 0;
    m_failedPolls = 0;
    m_failedDownloads = 0;
    m_lostCreates = 0;
    m_failedCreates = 0;
    m_failedLists = 0;
}

std::optional<SimulatedBatches::Answer>
SimulatedBatches::handle(const QByteArray &verb, const QByteArray &path, const QByteArray &body,
                         const QString &baseUrl, const SimulatorBehaviour &behaviour)
{
    const bool post = verb == "POST";
    if (post && (path.endsWith("/cancel") || path.endsWith(":cancel"))) {
        // OpenAI /batches/<id>/cancel, Anthropic /v1/messages/batches/<id>/cancel, Gemini
        // /batches/<id>:cancel.
        ++m_cancels;
        Batch *batch = path.endsWith(":cancel") ? batchAt(path.chopped(7), 1) : batchAt(path, 2);
        if (!batch)
            return notFound();
        return cancel(*batch, baseUrl);
    }
    if (post && path == "/files")
        return uploadFile(body, behaviour);
    if (post && path == "/batches") {
        const QJsonObject o = objectOf(body);
        const QString file = o.value(u"input_file_id"_s).toString();
        if (!m_uploads.contains(file))
            return Answer{400, R"({"error": {"message": "no such input file"}})"};
        return create(Kind::OpenAi, m_uploads.value(file),
                      o.value(u"metadata"_s).toObject().value(u"rubricate_batch"_s).toString(),
                      behaviour);
    }
    if (post && (path == "/v1/messages/batches" || path.endsWith(":batchGenerateContent"))) {
        if (auto refused = tooLarge(body.size(), behaviour))
            return refused;
    }
    if (post && path == "/v1/messages/batches") {
        QList<Request> requests;
        for (const auto &r : objectOf(body).value(u"requests"_s).toArray()) {
            requests.append({r.toObject().value(u"custom_id"_s).toString(),
                             r.toObject().value(u"params"_s).toObject()});
        }
        return create(Kind::Anthropic, requests, {}, behaviour);
    }
    if (post && path.endsWith(":batchGenerateContent")) {
        QList<Request> requests;
        const QJsonObject batch = objectOf(body).value(u"batch"_s).toObject();
        const QJsonArray list = batch.value(u"input_config"_s)
                                    .toObject()
                                    .value(u"requests"_s)
                                    .toObject()
                                    .value(u"requests"_s)
                                    .toArray();
        for (const auto &r : list) {
            const QJsonObject entry = r.toObject();
            requests.append({entry.value(u"metadata"_s).toObject().value(u"key"_s).toString(),
                             entry.value(u"request"_s).toObject()});
        }
        return create(Kind::Gemini, requests, batch.value(u"display_name"_s).toString(), behaviour);
    }
    if (verb != "GET")
        return std::nullopt;
    if (path == "/batches" || path.startsWith("/batches?"))
        return list(baseUrl, behaviour);
    if (path.startsWith("/files/") && path.endsWith("/content")) {
        // Output and error files are named after their batch.
        const QByteArray file = path.split('/').value(2);
        const bool errors = file.startsWith("file-err-");
        Batch *batch = m_batches.contains(QString::fromUtf8(file.mid(9)))
            ? &m_batches[QString::fromUtf8(file.mid(9))]
            : nullptr;
        if (!batch || !batch->finished)
            return notFound();
        if (m_failedDownloads < behaviour.batchDownloadFailures) {
            ++m_failedDownloads;
            return Answer{500, R"({"error": {"message": "the file could not be read"}})"};
        }
        return Answer{200, openAiFile(*batch, errors)};
    }
    if (path.startsWith("/v1/messages/batches/") && path.endsWith("/results")) {
        Batch *batch = batchAt(path, 2);
        if (!batch || !batch->finished)
            return notFound();
        if (m_failedDownloads < behaviour.batchDownloadFailures) {
            ++m_failedDownloads;
            return Answer{500, R"({"error": {"message": "the results could not be read"}})"};
        }
        return Answer{200, anthropicResults(*batch)};
    }
    if (path.startsWith("/v1/messages/batches/") || path.startsWith("/batches/")) {
        Batch *batch = batchAt(path, 1);
        if (!batch)
            return notFound();
        if (m_failedPolls < behaviour.batchPollFailures) {
            ++m_failedPolls;
            return Answer{503, R"({"error": {"message": "the service is unavailable"}})"};
        }
        return status(*batch, baseUrl, behaviour);
    }
    return std::nullopt;
}

std::optional<SimulatedBatches::Answer>
SimulatedBatches::tooLarge(qsizetype bytes, const SimulatorBehaviour &behaviour)
{
    if (behaviour.batchMaxBytes <= 0 || bytes <= behaviour.batchMaxBytes)
        return std::nullopt;
    return Answer{413,
                  compact({{u"error"_s,
                            QJsonObject{{u"message"_s,
                                         u"the batch's %1 bytes are over the "
                                         "limit of %2"_s.arg(bytes)
                                             .arg(behaviour.batchMaxBytes)}}}})};
}

SimulatedBatches::Answer SimulatedBatches::cancel(Batch &batch, const QString &baseUrl)
{
    if (batch.finished)
        return {400, R"({"error": {"message": "the batch has already ended"}})"};
    batch.cancelled = true;
    if (batch.kind == Kind::Gemini)
        return {200, "{}"}; // google.protobuf.Empty
    return {200, statusOf(batch, baseUrl)};
}

SimulatedBatches::Batch *SimulatedBatches::batchAt(const QByteArray &path, int segmentsFromEnd)
{
    const QList<QByteArray> segments = path.split('/');
    const QString id = QString::fromUtf8(segments.value(segments.size() - segmentsFromEnd));
    return m_batches.contains(id) ? &m_batches[id] : nullptr;
}

SimulatedBatches::Answer SimulatedBatches::uploadFile(const QByteArray &multipart,
                                                      const SimulatorBehaviour &behaviour)
{
    // The part with a file name holds the JSONL; it ends where the closing boundary begins.
    const qsizetype named = multipart.indexOf("filename=");
    const qsizetype start = named < 0 ? -1 : multipart.indexOf("\r\n\r\n", named);
    const qsizetype end = start < 0 ? -1 : multipart.indexOf("\r\n--", start + 4);
    if (end < 0)
        return {400, R"({"error": {"message": "no file part"}})"};
    if (const auto refused = tooLarge(end - start - 4, behaviour))
        return *refused;
    QList<Request> requests;
    for (const QByteArray &line : multipart.mid(start + 4, end - start - 4).split('\n')) {
        const QJsonObject o = objectOf(line);
        if (!o.isEmpty())
            requests.append({o.value(u"custom_id"_s).toString(), o.value(u"body"_s).toObject()});
    }
    const QString id = u"file-in-%1"_s.arg(m_nextId++);
    m_uploads.insert(id, requests);
    return {200, compact({{u"id"_s, id}, {u"object"_s, u"file"_s}, {u"purpose"_s, u"batch"_s}})};
}

SimulatedBatches::Answer SimulatedBatches::list(const QString &baseUrl,
                                                const SimulatorBehaviour &behaviour)
{
    if (m_failedLists < behaviour.batchListFailures) {
        ++m_failedLists;
        return Answer{503, R"({"error": {"message": "the service is unavailable"}})"};
    }
    QList<const Batch *> newestFirst;
    for (const Batch &b : std::as_const(m_batches))
        newestFirst.append(&b);
    std::sort(newestFirst.begin(), newestFirst.end(),
              [](const Batch *a, const Batch *b) { return a->number > b->number; });
    QJsonArray openAi;
    QJsonArray gemini;
    for (const Batch *b : std::as_const(newestFirst)) {
        if (b->kind != Kind::Anthropic)
            (b->kind == Kind::OpenAi ? openAi : gemini).append(objectOf(statusOf(*b, baseUrl)));
    }
    QJsonObject o{{u"object"_s, u"list"_s}, {u"data"_s, openAi}, {u"has_more"_s, false}};
    if (!gemini.isEmpty()) // protobuf JSON leaves an empty list out
        o.insert(u"operations"_s, gemini);
    return {200, compact(o)};
}

SimulatedBatches::Answer SimulatedBatches::create(Kind kind, const QList<Request> &requests,
                                                  const QString &tag,
                                                  const SimulatorBehaviour &behaviour)
{
    if (requests.isEmpty())
        return {400, R"({"error": {"message": "a batch needs at least one request"}})"};
    if (behaviour.batchMaxRequests > 0 && requests.size() > behaviour.batchMaxRequests)
        return {400, R"({"error": {"message": "too many requests in one batch"}})"};
    if (m_failedCreates < behaviour.batchCreateFailures) {
        ++m_failedCreates;
        return {503, R"({"error": {"message": "the service is overloaded"}})"};
    }
    m_sizes.append(int(requests.size()));
    Batch batch;
    batch.kind = kind;
    batch.number = int(m_sizes.size());
    batch.id = (kind == Kind::OpenAi          ? u"batch_%1"_s
                    : kind == Kind::Anthropic ? u"msgbatch_%1"_s
                                              : u"gem%1"_s)
                   .arg(m_nextId++);
    batch.requests = requests;
    batch.tag = tag;
    m_batches.insert(batch.id, batch);
    if (m_lostCreates < behaviour.batchCreateAnswersLost) {
        ++m_lostCreates;
        return {502, "<html><body><h1>502 Bad Gateway</h1></body></html>"};
    }
    return {200, statusOf(m_batches[batch.id], {})};
}

QByteArray SimulatedBatches::statusOf(const Batch &batch, const QString &baseUrl) const
{
    switch (batch.kind) {
    case Kind::OpenAi:
        return openAiStatus(batch);
    case Kind::Anthropic:
        return anthropicStatus(batch, baseUrl);
    case Kind::Gemini:
        return geminiStatus(batch);
    }
    return {};
}

SimulatedBatches::Answer SimulatedBatches::status(Batch &batch, const QString &baseUrl,
                                                  const SimulatorBehaviour &behaviour)
{
    ++m_polls;
    if (batch.cancelled)
        ++m_cancelledPolls;
    const bool ends = behaviour.batchesEnding <= 0 || batch.number <= behaviour.batchesEnding;
    if (!batch.finished
        && ((++batch.polls >= behaviour.batchPollsBeforeDone && ends) || batch.cancelled))
        finish(batch, behaviour);
    return {200, statusOf(batch, baseUrl)};
}

void SimulatedBatches::finish(Batch &batch, const SimulatorBehaviour &behaviour)
{
    // Every Nth request errors; an expiring batch leaves its second half unanswered.
    batch.finished = true;
    batch.expired = behaviour.batchExpires;
    const QByteArray livePath = batch.kind == Kind::OpenAi ? "/chat/completions"
        : batch.kind == Kind::Anthropic                    ? "/v1/messages"
                                                           : "/models/sim:generateContent";
    const qsizetype answerable = batch.expired ? batch.requests.size() / 2 : batch.requests.size();
    for (qsizetype i = 0; i < batch.requests.size(); ++i) {
        Result r;
        if (batch.cancelled)
            r.type = Result::Cancelled;
        else if (i >= answerable)
            r.type = Result::Expired;
        else if (behaviour.batchFailEvery > 0 && (i + 1) % behaviour.batchFailEvery == 0)
            r.type = Result::Errored;
        else
            r.body = m_live(livePath, batch.requests.at(i).body, int(i + 1));
        batch.results.append(r);
    }
}

QByteArray SimulatedBatches::openAiStatus(const Batch &b) const
{
    int completed = 0;
    int failed = 0;
    for (const Result &r : b.results) {
        if (r.type != Result::Cancelled)
            ++(r.type == Result::Answered ? completed : failed);
    }
    const QString status = b.cancelled ? (b.finished ? u"cancelled"_s : u"cancelling"_s)
        : !b.finished                  ? (b.polls == 0 ? u"validating"_s : u"in_progress"_s)
        : b.expired                    ? u"expired"_s
                                       : u"completed"_s;
    QJsonObject o{{u"id"_s, b.id},
                  {u"object"_s, u"batch"_s},
                  {u"metadata"_s,
                   b.tag.isEmpty() ? QJsonValue(QJsonValue::Null)
                                   : QJsonObject{{u"rubricate_batch"_s, b.tag}}},
                  {u"endpoint"_s, u"/v1/chat/completions"_s},
                  {u"completion_window"_s, u"24h"_s},
                  {u"status"_s, status},
                  {u"request_counts"_s,
                   QJsonObject{{u"total"_s, int(b.requests.size())},
                               {u"completed"_s, completed},
                               {u"failed"_s, failed}}}};
    if (b.finished) {
        o.insert(u"output_file_id"_s, QString(u"file-out-"_s + b.id));
        if (failed > 0)
            o.insert(u"error_file_id"_s, QString(u"file-err-"_s + b.id));
    }
    return compact(o);
}

QByteArray SimulatedBatches::openAiFile(const Batch &b, bool errors) const
{
    QByteArray jsonl;
    for (qsizetype i = 0; i < b.results.size(); ++i) {
        const Result &r = b.results.at(i);
        if ((r.type != Result::Answered) != errors || r.type == Result::Cancelled)
            continue;
        QJsonObject line{{u"id"_s, u"batch_req_%1"_s.arg(i)},
                         {u"custom_id"_s, b.requests.at(i).customId}};
        if (r.type == Result::Answered) {
            line.insert(u"response"_s,
                        QJsonObject{{u"status_code"_s, 200}, {u"body"_s, objectOf(r.body)}});
            line.insert(u"error"_s, QJsonValue::Null);
        } else if (r.type == Result::Errored) {
            const QJsonObject error{{u"message"_s, kErrorMessage}};
            line.insert(u"response"_s,
                        QJsonObject{{u"status_code"_s, 500},
                                    {u"body"_s, QJsonObject{{u"error"_s, error}}}});
            line.insert(u"error"_s, QJsonValue::Null);
        } else {
            line.insert(u"response"_s, QJsonValue::Null);
            line.insert(u"error"_s,
                        QJsonObject{{u"code"_s, u"batch_expired"_s},
                                    {u"message"_s, u"the completion window expired"_s}});
        }
        jsonl += compact(line) + '\n';
    }
    return jsonl;
}

QByteArray SimulatedBatches::anthropicStatus(const Batch &b, const QString &baseUrl) const
{
    int succeeded = 0;
    int errored = 0;
    int expired = 0;
    int canceled = 0;
    for (const Result &r : b.results) {
        ++(r.type == Result::Answered      ? succeeded
               : r.type == Result::Errored ? errored
               : r.type == Result::Expired ? expired
                                           : canceled);
    }
    const QString status = b.finished ? u"ended"_s
        : b.cancelled                 ? u"canceling"_s
                                      : u"in_progress"_s;
    QJsonObject o{{u"id"_s, b.id},
                  {u"type"_s, u"message_batch"_s},
                  {u"processing_status"_s, status},
                  {u"request_counts"_s,
                   QJsonObject{{u"processing"_s, b.finished ? 0 : int(b.requests.size())},
                               {u"succeeded"_s, succeeded},
                               {u"errored"_s, errored},
                               {u"canceled"_s, canceled},
                               {u"expired"_s, expired}}},
                  {u"results_url"_s,
                   b.finished ? QJsonValue(baseUrl + u"/v1/messages/batches/%1/results"_s.arg(b.id))
                              : QJsonValue(QJsonValue::Null)}};
    return compact(o);
}

QByteArray SimulatedBatches::anthropicResults(const Batch &b) const
{
    QByteArray jsonl;
    for (qsizetype i = 0; i < b.results.size(); ++i) {
        const Result &r = b.results.at(i);
        QJsonObject result;
        if (r.type == Result::Answered) {
            result = {{u"type"_s, u"succeeded"_s}, {u"message"_s, objectOf(r.body)}};
        } else if (r.type == Result::Errored) {
            const QJsonObject inner{{u"type"_s, u"api_error"_s}, {u"message"_s, kErrorMessage}};
            result = {{u"type"_s, u"errored"_s},
                      {u"error"_s, QJsonObject{{u"type"_s, u"error"_s}, {u"error"_s, inner}}}};
        } else {
            result = {{u"type"_s, r.type == Result::Expired ? u"expired"_s : u"canceled"_s}};
        }
        jsonl
            += compact({{u"custom_id"_s, b.requests.at(i).customId}, {u"result"_s, result}}) + '\n';
    }
    return jsonl;
}

QByteArray SimulatedBatches::geminiStatus(const Batch &b) const
{
    int succeeded = 0;
    int failed = 0;
    QJsonArray inlined;
    for (qsizetype i = 0; i < b.results.size(); ++i) {
        const Result &r = b.results.at(i);
        if (r.type == Result::Expired || r.type == Result::Cancelled)
            continue; // an expired or cancelled batch answers only what it got to
        const QJsonObject metadata{{u"key"_s, b.requests.at(i).customId}};
        if (r.type == Result::Answered) {
            ++succeeded;
            inlined.append(
                QJsonObject{{u"response"_s, objectOf(r.body)}, {u"metadata"_s, metadata}});
        } else {
            ++failed;
            inlined.append(QJsonObject{
                {u"error"_s, QJsonObject{{u"code"_s, 13}, {u"message"_s, kErrorMessage}}},
                {u"metadata"_s, metadata}});
        }
    }
    const QString state = !b.finished
        ? (b.polls == 0 ? u"BATCH_STATE_PENDING"_s : u"BATCH_STATE_RUNNING"_s)
        : b.cancelled ? u"BATCH_STATE_CANCELLED"_s
        : b.expired   ? u"BATCH_STATE_EXPIRED"_s
                      : u"BATCH_STATE_SUCCEEDED"_s;
    // Protobuf JSON: 64-bit counts as strings.
    const auto count = [](qsizetype n) {
        return QString::number(n);
    };
    const QJsonObject batch{
        {u"@type"_s,
         u"type.googleapis.com/google.ai.generativelanguage.v1main.GenerateContentBatch"_s},
        {u"displayName"_s, b.tag},
        {u"state"_s, state},
        {u"batchStats"_s,
         QJsonObject{{u"requestCount"_s, count(b.requests.size())},
                     {u"successfulRequestCount"_s, count(succeeded)},
                     {u"failedRequestCount"_s, count(failed)},
                     {u"pendingRequestCount"_s, count(b.finished ? 0 : b.requests.size())}}}};
    QJsonObject o{{u"name"_s, QString(u"batches/"_s + b.id)}, {u"metadata"_s, batch}};
    if (b.finished) {
        o.insert(u"done"_s, true);
        o.insert(
            u"response"_s,
            QJsonObject{{u"@type"_s,
                         u"type.googleapis.com/google.ai.generativelanguage."
                         "v1main.GenerateContentBatchOutput"_s},
                        {u"inlinedResponses"_s, QJsonObject{{u"inlinedResponses"_s, inlined}}}});
    }
    return compact(o);
}

} // namespace Rubricate
