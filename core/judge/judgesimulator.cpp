#include "judgesimulator.h"

#include "claimextraction.h"
#include "simulatedanswers.h"
#include "simulatedbatches.h"

#include <QCryptographicHash>
#include <QElapsedTimer>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QPointer>
#include <QRegularExpression>
#include <QSet>
#include <QTcpSocket>
#include <QTimer>

#ifdef Q_OS_LINUX
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#endif

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

using namespace SimulatedAnswers;

// The prompt text, whichever provider format carried it.
QString promptOf(const QJsonObject &body)
{
    QString text;
    const auto collect = [&text](const QJsonValue &content) {
        if (content.isString()) {
            text += content.toString();
            return;
        }
        for (const auto &p : content.toArray())
            text += p.toObject().value(u"text"_s).toString();
    };
    for (const auto &m : body.value(u"messages"_s).toArray())
        collect(m.toObject().value(u"content"_s));
    for (const auto &c : body.value(u"contents"_s).toArray())
        collect(c.toObject().value(u"parts"_s));
    return text;
}

QString between(const QString &text, const QString &open, const QString &close)
{
    const qsizetype a = text.indexOf(open);
    const qsizetype b = text.lastIndexOf(close);
    if (a < 0 || b < a)
        return {};
    return text.mid(a + open.size(), b - a - open.size()).trimmed();
}

QString reworded(const QString &text)
{
    QString t = text.toLower();
    t.replace(u' ', u"  "_s);
    if (t.endsWith(u'.'))
        t.chop(1);
    return u" "_s + t + u"\n"_s;
}

} // namespace

JudgeSimulator::JudgeSimulator(QObject *parent)
    : QObject(parent)
    , m_batches(std::make_unique<SimulatedBatches>(
          [this](const QByteArray &path, const QJsonObject &request, int arrival) {
              // Batched requests share the prompt cache with live ones, as at the providers.
              QSet<quint64> added;
              QByteArray body = answerBody(path, request, arrival, {}, &added);
              m_cachedPrefixes.unite(added);
              return body;
          }))
{
    connect(&m_server, &QTcpServer::newConnection, this, &JudgeSimulator::onNewConnection);
}

JudgeSimulator::~JudgeSimulator()
{
    // The server deletes its sockets after m_buffers is gone; their disconnected() handlers
    // must not run then.
    for (QTcpSocket *socket : m_server.findChildren<QTcpSocket *>())
        socket->disconnect(this);
}

bool JudgeSimulator::listen(quint16 port)
{
    return m_server.listen(QHostAddress::LocalHost, port);
}

quint16 JudgeSimulator::port() const
{
    return m_server.serverPort();
}

QString JudgeSimulator::baseUrl() const
{
    return u"http://127.0.0.1:%1"_s.arg(port());
}

int JudgeSimulator::maxRequestsForOneBody() const
{
    int most = 0;
    for (int n : m_seen)
        most = qMax(most, n);
    return most;
}

int JudgeSimulator::batchesCreated() const
{
    return m_batches->created();
}

int JudgeSimulator::batchStatusPolls() const
{
    return m_batches->statusPolls();
}

QList<int> JudgeSimulator::batchSizes() const
{
    return m_batches->sizes();
}

int JudgeSimulator::batchCancels() const
{
    return m_batches->cancels();
}

int JudgeSimulator::cancelledBatchPolls() const
{
    return m_batches->cancelledPolls();
}

void JudgeSimulator::resetCounters()
{
    m_batches->reset();
    m_seen.clear();
    m_cachedPrefixes.clear();
    m_requests = 0;
    m_maxConcurrent = 0;
}

int JudgeSimulator::expectedScore(const QString &rubricText)
{
    return int(fnv1a(rubricText.trimmed()) % 3) - 1;
}

int JudgeSimulator::expectedPdrScore(const QString &criterion)
{
    return int(fnv1a(criterion.trimmed()) % 11);
}

QString JudgeSimulator::answerPrompt(const QString &prompt, bool drop, bool reword,
                                     const QString &model)
{
    // First: a report block may quote any of the other prompts' tags.
    if (const auto parts = readClaimPrompt(prompt))
        return claimExtraction(*parts);
    if (!prompt.contains(u"<task_and_rubric>"_s) && prompt.contains(u"<statement>"_s)) {
        // A claim check: one statement, against its source or alone.
        const QString statement = between(prompt, u"<statement>"_s, u"</statement>"_s);
        QJsonObject answer;
        if (prompt.contains(u"<source>"_s)) {
            const QString source = between(prompt, u"<source>"_s, u"</source>"_s);
            const bool supported = expectedSupport(statement, source);
            answer = {{u"verdict"_s, supported ? u"supported"_s : u"not supported"_s},
                      {u"quote"_s, supported ? source.left(80) : QString()},
                      {u"reason"_s, u"simulated judgement"_s}};
        } else {
            answer = {{u"decision"_s, expectedTruth(statement, model)},
                      {u"reason"_s, u"simulated judgement"_s}};
        }
        return QString::fromUtf8(QJsonDocument(answer).toJson(QJsonDocument::Indented));
    }
    if (prompt.contains(u"<page_text>"_s))
        return paperClassification(between(prompt, u"<page_text>"_s, u"</page_text>"_s));
    if (prompt.contains(u"<criteria_list>"_s))
        return pdrScores(prompt, drop, reword);
    if (prompt.contains(u"<dimension_list>"_s))
        return pdrWeights(prompt);
    if (prompt.contains(u"<dimension>"_s))
        return pdrSubCriteria(prompt);
    const QJsonObject task
        = QJsonDocument::fromJson(
              between(prompt, u"<task_and_rubric>"_s, u"</task_and_rubric>"_s).toUtf8())
              .object();
    const QString passage = between(prompt, u"<passage>"_s, u"</passage>"_s);
    QJsonArray results;
    // The ResearchRubrics scheme asks about "criteria" objects and wants labels back; the
    // same hash decides, with -1 read as "Partially Satisfied".
    const bool labelled = task.contains(u"criteria"_s);
    const QJsonArray items = task.value(labelled ? u"criteria"_s : u"rubric_items"_s).toArray();
    for (int i = 0; i < items.size(); ++i) {
        if (drop && i % 3 == 2)
            continue;
        const QString text = labelled ? items.at(i).toObject().value(u"criterion"_s).toString()
                                      : items.at(i).toString();
        const int score = expectedScore(text);
        QString evidence;
        if (score != 0 && passage.size() > 80) {
            const qsizetype at = fnv1a(text) % (passage.size() - 60);
            evidence = passage.mid(at, 60);
        }
        const QString echoed = reword ? reworded(text) : text;
        if (labelled) {
            const QString label = score == 1 ? u"Satisfied"_s
                : score == 0                 ? u"Not Satisfied"_s
                                             : u"Partially Satisfied"_s;
            results.append(QJsonObject{
                {u"criterion"_s, echoed},
                {u"verdict"_s, label},
                {u"reason"_s, u"simulated judgement"_s},
                {u"evidence_quotes"_s, evidence.isEmpty() ? QJsonArray{} : QJsonArray{evidence}}});
            continue;
        }
        results.append(QJsonObject{{u"rubric_item"_s, echoed},
                                   {u"score"_s, score},
                                   {u"reason"_s, u"simulated judgement"_s},
                                   {u"evidence"_s, evidence}});
    }
    return QString::fromUtf8(
        QJsonDocument(QJsonObject{{u"results"_s, results}}).toJson(QJsonDocument::Indented));
}

bool JudgeSimulator::expectedSupport(const QString &statement, const QString &source)
{
    const QString haystack = source.toCaseFolded();
    static const QRegularExpression words(u"\\w{3,}"_s);
    for (auto it = words.globalMatch(statement.toCaseFolded()); it.hasNext();) {
        if (!haystack.contains(it.next().captured()))
            return false;
    }
    return true;
}

bool JudgeSimulator::expectedTruth(const QString &statement, const QString &model)
{
    return fnv1a(statement.trimmed() + u'\n' + model) % 4 != 0;
}

void JudgeSimulator::onNewConnection()
{
    while (QTcpSocket *socket = m_server.nextPendingConnection()) {
        m_buffers.insert(socket, {});
        connect(socket, &QTcpSocket::readyRead, this, [this, socket] { onReadyRead(socket); });
        connect(socket, &QTcpSocket::disconnected, this, [this, socket] {
            m_buffers.remove(socket);
            socket->deleteLater();
        });
    }
}

void JudgeSimulator::onReadyRead(QTcpSocket *socket)
{
    QByteArray &buffer = m_buffers[socket];
    buffer += socket->readAll();
#ifdef Q_OS_LINUX
    // Qt's HTTP client writes a request's headers and body apart, with Nagle on: the body waits
    // for the headers' ACK, which a delayed ACK holds back 40 ms. A provider's answer takes
    // seconds, so that is noise there; here, at no latency, it would be most of a run's time.
    // Linux turns quick ACKs off again by itself, hence at every read.
    const int quick = 1;
    setsockopt(int(socket->socketDescriptor()), IPPROTO_TCP, TCP_QUICKACK, &quick, sizeof quick);
#endif
    // Keep-alive connections may carry several requests; serve every complete one.
    for (;;) {
        const qsizetype headerEnd = buffer.indexOf("\r\n\r\n");
        if (headerEnd < 0)
            return;
        const QList<QByteArray> lines = buffer.left(headerEnd).split('\n');
        qsizetype length = 0;
        for (const QByteArray &line : lines) {
            if (line.toLower().startsWith("content-length:"))
                length = line.mid(15).trimmed().toLongLong();
            else if (line.toLower().startsWith("authorization:"))
                m_lastAuthorization = line.mid(14).trimmed();
        }
        if (buffer.size() < headerEnd + 4 + length)
            return;
        const QList<QByteArray> requestLine = lines.value(0).split(' ');
        const QByteArray body = buffer.mid(headerEnd + 4, length);
        buffer.remove(0, headerEnd + 4 + length);
        handle(socket, requestLine.value(0), requestLine.value(1), body);
    }
}

void JudgeSimulator::handle(QTcpSocket *socket, const QByteArray &verb, const QByteArray &path,
                            const QByteArray &body)
{
    if (const auto batch = m_batches->handle(verb, path, body, baseUrl(), m_behaviour)) {
        respond(socket, batch->status, batch->body);
        return;
    }
    ++m_requests;
    emit requestReceived(m_requests);
    const QByteArray key = QCryptographicHash::hash(body, QCryptographicHash::Sha1);
    const int seen = ++m_seen[key]; // 1 on the first arrival of this body
    ++m_inFlight;
    m_maxConcurrent = qMax(m_maxConcurrent, m_inFlight);

    const SimulatorBehaviour b = m_behaviour;
    int failuresBefore = 0;
    const auto failing = [&](int times) {
        const bool fails = seen > failuresBefore && seen <= failuresBefore + times;
        failuresBefore += times;
        return fails;
    };
    QPointer<QTcpSocket> guard(socket);
    // Latency counts from the request's arrival, like a remote server's: the time spent
    // here building the answer is part of it, not added to it.
    QElapsedTimer arrived;
    arrived.start();
    const auto later = [this, guard, b, arrived](auto &&send) {
        const int wait = int(qMax<qint64>(0, b.latencyMs - arrived.elapsed()));
        QTimer::singleShot(wait, this, [this, guard, send] {
            --m_inFlight;
            if (guard)
                send(guard.data());
            emit requestServed(m_requests);
        });
    };

    if (failing(b.hangTimes)) {
        --m_inFlight; // never answered; the client gives up and closes the connection
        return;
    }
    if (failing(b.echoKeyTimes)) {
        const QByteArray credentials = m_lastAuthorization;
        later([this, credentials](QTcpSocket *s) {
            respond(s, 500, R"({"error": {"message": "no access with )" + credentials + R"("}})");
        });
        return;
    }
    if (failing(b.htmlPageTimes)) {
        later([this](QTcpSocket *s) { respond(s, 200, "<html><body>Bad gateway</body></html>"); });
        return;
    }
    if (failing(b.cutOffTimes)) {
        later([](QTcpSocket *s) {
            s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 4096"
                     "\r\n\r\n{\"choices\": [");
            s->flush();
            s->abort();
        });
        return;
    }
    if (failing(b.trickleTimes)) {
        later([](QTcpSocket *s) {
            s->write("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\n"
                     "Content-Length: 100000\r\n\r\n{");
            auto *drip = new QTimer(s); // goes with the socket when the client gives up
            QObject::connect(drip, &QTimer::timeout, s, [s] { s->write(" "); });
            drip->start(100);
        });
        return;
    }
    if (failing(b.serverErrorTimes)) {
        later([this](QTcpSocket *s) {
            respond(s, 500, R"({"error": {"message": "simulated server error"}})");
        });
        return;
    }
    if (failing(b.rateLimitTimes)) {
        const QByteArray after = QByteArray::number(b.retryAfterSeconds);
        later([this, after](QTcpSocket *s) {
            respond(s, 429, R"({"error": {"message": "simulated rate limit"}})",
                    {{"Retry-After", after}});
        });
        return;
    }
    const Misbehaviour misbehaviour{failing(b.brokenJsonTimes), failing(b.truncatedTimes),
                                    failing(b.dropItemTimes)};
    QSet<quint64> added;
    const QByteArray json = answerBody(path, QJsonDocument::fromJson(body).object(), m_requests,
                                       misbehaviour, &added);
    // As at the providers, a prefix is cached once its request is answered, not on arrival:
    // requests sent together all pay for it.
    later([this, json, added](QTcpSocket *s) {
        m_cachedPrefixes.unite(added);
        respond(s, 200, json);
    });
}

QByteArray JudgeSimulator::answerBody(const QByteArray &path, const QJsonObject &request,
                                      int arrival, const Misbehaviour &m, QSet<quint64> *cacheAdded)
{
    const SimulatorBehaviour &b = m_behaviour;
    const QString prompt = promptOf(request);
    std::optional<QString> scripted;
    if (b.script)
        scripted = b.script(prompt, arrival);
    QString answer = scripted
        ? *scripted
        : answerPrompt(prompt, m.drop, b.reword, request.value(u"model"_s).toString());
    if (m.broken)
        answer = u"I am sorry, I cannot produce the evaluation in the requested format."_s;
    else if (m.truncated)
        answer = answer.left(answer.size() / 2);
    else if (b.fenced)
        answer = u"Here is the evaluation:\n```json\n"_s + answer + u"\n```\nDone."_s;
    const bool anthropic = path.endsWith("/v1/messages");
    const CacheUse cache = usePromptCache(request, prompt, anthropic);
    const qint64 inputTokens = prompt.size() / 4;
    const qint64 cacheRead = cache.readChars / 4;
    const qint64 cacheWritten = cache.writtenChars / 4;
    const qint64 outputTokens = answer.size() / 4;
    QJsonObject reply;
    if (path.contains(":generateContent") || request.contains(u"contents"_s)) {
        reply = {{u"candidates"_s,
                  QJsonArray{QJsonObject{
                      {u"content"_s,
                       QJsonObject{{u"parts"_s, QJsonArray{QJsonObject{{u"text"_s, answer}}}}}},
                      {u"finishReason"_s, u"STOP"_s}}}},
                 {u"usageMetadata"_s,
                  QJsonObject{{u"promptTokenCount"_s, inputTokens},
                              {u"cachedContentTokenCount"_s, cacheRead},
                              {u"candidatesTokenCount"_s, outputTokens}}}};
    } else if (anthropic) {
        // Anthropic counts the cache's tokens apart from input_tokens.
        reply
            = {{u"content"_s, QJsonArray{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, answer}}}},
               {u"stop_reason"_s, u"end_turn"_s},
               {u"usage"_s,
                QJsonObject{{u"input_tokens"_s, inputTokens - cacheRead - cacheWritten},
                            {u"cache_read_input_tokens"_s, cacheRead},
                            {u"cache_creation_input_tokens"_s, cacheWritten},
                            {u"output_tokens"_s, outputTokens}}}};
    } else {
        reply = {
            {u"choices"_s,
             QJsonArray{QJsonObject{
                 {u"message"_s, QJsonObject{{u"role"_s, u"assistant"_s}, {u"content"_s, answer}}},
                 {u"finish_reason"_s, u"stop"_s}}}},
            {u"usage"_s,
             QJsonObject{{u"prompt_tokens"_s, inputTokens},
                         {u"prompt_tokens_details"_s, QJsonObject{{u"cached_tokens"_s, cacheRead}}},
                         {u"completion_tokens"_s, outputTokens}}}};
    }
    *cacheAdded = cache.added;
    return QJsonDocument(reply).toJson(QJsonDocument::Compact);
}

JudgeSimulator::CacheUse JudgeSimulator::usePromptCache(const QJsonObject &request,
                                                        const QString &prompt, bool explicitMarks)
{
    // Where a cacheable prefix may end: after each marked block (Anthropic), or at every
    // 512 characters (the others cache on their own).
    QList<qsizetype> ends;
    if (explicitMarks) {
        qsizetype at = 0;
        for (const auto &m : request.value(u"messages"_s).toArray()) {
            for (const auto &b : m.toObject().value(u"content"_s).toArray()) {
                const QJsonObject block = b.toObject();
                at += block.value(u"text"_s).toString().size();
                if (block.contains(u"cache_control"_s))
                    ends << at;
            }
        }
    } else {
        for (qsizetype at = 512; at <= prompt.size(); at += 512)
            ends << at;
    }
    // A running FNV-1a hash gives every prefix's hash in one pass over the prompt.
    CacheUse use;
    quint64 hash = 1469598103934665603ULL;
    qsizetype hashed = 0;
    for (qsizetype end : std::as_const(ends)) {
        for (; hashed < end; ++hashed) {
            hash ^= prompt.at(hashed).unicode();
            hash *= 1099511628211ULL;
        }
        if (end < m_behaviour.promptCacheMinChars)
            continue;
        if (m_cachedPrefixes.contains(hash)) {
            use.readChars = end;
        } else {
            use.added.insert(hash);
            if (explicitMarks)
                use.writtenChars = end - use.readChars;
        }
    }
    return use;
}

void JudgeSimulator::respond(QTcpSocket *socket, int status, const QByteArray &body,
                             const QList<std::pair<QByteArray, QByteArray>> &headers)
{
    QByteArray head = "HTTP/1.1 " + QByteArray::number(status)
        + (status == 200       ? " OK"
               : status == 429 ? " Too Many Requests"
                               : " Error")
        + "\r\n";
    head += "Content-Type: application/json\r\nContent-Length: " + QByteArray::number(body.size())
        + "\r\n";
    for (const auto &[name, value] : headers)
        head += name + ": " + value + "\r\n";
    socket->write(head + "\r\n" + body);
}

} // namespace Rubricate
