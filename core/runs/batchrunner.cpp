#include "batchrunner.h"

#include "judgehttp.h"
#include "runslog.h"
#include "store/projectstore.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QTimer>

namespace Rubricate {

using namespace Qt::StringLiterals;

BatchRunner::BatchRunner(ProjectStore &store, const JudgeConfig &config,
                         std::unique_ptr<BatchProtocol> protocol, const QString &apiKey,
                         RowId runId)
    : m_store(store)
    , m_config(config)
    , m_protocol(std::move(protocol))
    , m_apiKey(apiKey)
    , m_network(new QNetworkAccessManager(this))
    , m_timer(new QTimer(this))
{
    m_batch.runId = runId;
    m_batch.provider = providerKey(config.provider);
    m_timer->setSingleShot(true);
    connect(m_timer, &QTimer::timeout, this, &BatchRunner::poll);
}

BatchRunner::~BatchRunner()
{
    stop(); // the batch goes on at the provider; the next session resumes it
}

void BatchRunner::setPolling(int firstMs, int maxMs)
{
    m_firstPollMs = firstMs;
    m_maxPollMs = qMax(firstMs, maxMs);
    m_nextPollMs = firstMs;
}

QString describeBatch(const RunBatch &b)
{
    if (b.batchId.isEmpty())
        return u"batch being created"_s;
    return u"batch %1, %2/%3 answered"_s.arg(b.state)
        .arg(b.answered)
        .arg(b.total > 0 ? b.total : int(b.items.size()));
}

QString BatchRunner::describe() const
{
    return describeBatch(m_batch);
}

void BatchRunner::submit(const QList<BatchRequest> &requests, const QList<BatchEntry> &entries)
{
    m_batch.items = entries;
    m_batch.total = int(requests.size());
    emit stateChanged(describe());
    qCInfo(lcRuns, "run %lld: sending %lld request(s) as one %s batch", qint64(m_batch.runId),
           qint64(requests.size()), qPrintable(m_batch.provider));
    const auto create = [this, requests, entries](const QString &uploaded) {
        send(m_protocol->createCall(m_config, requests, uploaded, m_apiKey), u"creating"_s,
             [this, entries](const QByteArray &body) { created(body, entries); });
    };
    const std::optional<HttpCall> upload = m_protocol->uploadCall(m_config, requests, m_apiKey);
    if (!upload) {
        create({});
        return;
    }
    send(*upload, u"uploading"_s, [this, create](const QByteArray &body) {
        const QString file = m_protocol->readUpload(body);
        if (file.isEmpty())
            endWith(u"the upload's answer names no file"_s);
        else
            create(file);
    });
}

void BatchRunner::created(const QByteArray &body, const QList<BatchEntry> &entries)
{
    const BatchStatus status = m_protocol->readStatus(body);
    if (!status.ok) {
        endWith(status.error);
        return;
    }
    // Kept before anything else: from here on a closed program resumes this batch instead of
    // paying for another.
    m_batch.batchId = status.id;
    m_batch.state = batchStateKey(status.state);
    m_batch.items = entries;
    m_batch.createdAt = QDateTime::currentDateTimeUtc();
    if (const auto id = m_store.runs().addBatch(m_batch))
        m_batch.id = *id;
    else
        qCWarning(lcRuns, "run %lld: batch %s is not kept in the project: %s",
                  qint64(m_batch.runId), qPrintable(status.id), qPrintable(id.errorMessage()));
    qCInfo(lcRuns, "run %lld: batch %s created", qint64(m_batch.runId), qPrintable(status.id));
    emit stateChanged(describe());
    pollLater();
}

void BatchRunner::resume(const RunBatch &batch)
{
    m_batch = batch;
    qCInfo(lcRuns, "run %lld: resuming batch %s (%s)", qint64(batch.runId),
           qPrintable(batch.batchId), qPrintable(batch.state));
    emit stateChanged(describe());
    // At once: it may have ended while the program was closed.
    m_nextPollMs = m_firstPollMs;
    QTimer::singleShot(0, this, &BatchRunner::poll);
}

void BatchRunner::pollLater()
{
    if (m_stopped)
        return;
    m_timer->start(m_nextPollMs);
    m_nextPollMs = qMin(m_maxPollMs, m_nextPollMs * 2);
}

void BatchRunner::poll()
{
    if (m_stopped)
        return;
    send(m_protocol->statusCall(m_config, m_batch.batchId, m_apiKey), u"polling"_s,
         [this](const QByteArray &body) {
             const BatchStatus status = m_protocol->readStatus(body);
             if (!status.ok) {
                 endWith(status.error);
                 return;
             }
             m_batch.state = batchStateKey(status.state);
             m_batch.total = status.total;
             m_batch.answered = status.answered;
             m_batch.failed = status.failed;
             m_batch.polledAt = QDateTime::currentDateTimeUtc();
             save();
             emit stateChanged(describe());
             if (!batchStateIsFinal(status.state)) {
                 pollLater();
                 return;
             }
             if (!status.error.isEmpty())
                 qCWarning(lcRuns, "run %lld: batch %s %s: %s", qint64(m_batch.runId),
                           qPrintable(m_batch.batchId), qPrintable(m_batch.state),
                           qPrintable(status.error));
             download(m_protocol->resultCalls(m_config, status, m_apiKey));
         });
}

void BatchRunner::download(QList<HttpCall> calls)
{
    if (calls.isEmpty()) {
        emit ended(std::exchange(m_replies, {}), u"the batch ended %1"_s.arg(m_batch.state));
        return;
    }
    const HttpCall call = calls.takeFirst();
    send(call, u"downloading"_s, [this, calls](const QByteArray &body) {
        m_replies.insert(m_protocol->readResults(body));
        download(calls);
    });
}

void BatchRunner::markTaken()
{
    m_batch.taken = true;
    if (m_batch.id != 0)
        save();
}

void BatchRunner::stop()
{
    m_stopped = true;
    m_timer->stop();
    for (QNetworkReply *reply : m_network->findChildren<QNetworkReply *>()) {
        reply->disconnect(this);
        reply->abort();
    }
}

void BatchRunner::save()
{
    if (m_batch.id == 0)
        return;
    if (const auto saved = m_store.runs().updateBatch(m_batch); !saved)
        qCWarning(lcRuns, "run %lld: batch %s: %s", qint64(m_batch.runId),
                  qPrintable(m_batch.batchId), qPrintable(saved.errorMessage()));
}

void BatchRunner::endWith(const QString &why)
{
    qCWarning(lcRuns, "run %lld: batch %s ends without answers: %s", qint64(m_batch.runId),
              qPrintable(m_batch.batchId.isEmpty() ? u"(not created)"_s : m_batch.batchId),
              qPrintable(why));
    if (!m_batch.batchId.isEmpty()) {
        m_batch.state = batchStateKey(BatchState::Failed);
        save();
    }
    emit ended({}, why);
}

void BatchRunner::send(const HttpCall &call, const QString &what, const Answer &done)
{
    if (m_stopped)
        return;
    QNetworkReply *reply
        = m_network->sendCustomRequest(judgeHttpRequest(call, m_config), call.verb, call.body);
    connect(reply, &QNetworkReply::finished, this, [this, reply, call, what, done] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = reply->readAll();
        if (reply->error() == QNetworkReply::NoError && status >= 200 && status < 300) {
            m_failures = 0;
            done(body);
            return;
        }
        const ProviderReply failure
            = classifyFailure(status, body, reply->rawHeader("Retry-After"), reply->errorString());
        if (!failure.retryable || ++m_failures >= m_config.maxAttempts) {
            endWith(u"%1 the batch: %2"_s.arg(what, failure.error));
            return;
        }
        qCInfo(lcRuns, "run %lld: %s the batch failed (%s); again in %d ms", qint64(m_batch.runId),
               qPrintable(what), qPrintable(failure.error), m_nextPollMs);
        QTimer::singleShot(m_nextPollMs, this,
                           [this, call, what, done] { send(call, what, done); });
    });
}

} // namespace Rubricate
