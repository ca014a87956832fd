#include "batchrunner.h"

#include "judgehttp.h"
#include "runslog.h"
#include "store/projectstore.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>
#include <QPointer>
#include <QTimer>
#include <QUuid>

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

QString describeBatches(const QList<RunBatch> &batches)
{
    if (batches.isEmpty())
        return {};
    if (batches.size() == 1 && batches.constFirst().batchId.isEmpty())
        return u"batch being created"_s;
    QList<std::pair<QString, int>> states; // in the order they first appear
    int answered = 0;
    int total = 0;
    for (const RunBatch &b : batches) {
        const QString state = b.batchId.isEmpty() ? u"being created"_s : b.state;
        const auto seen = std::find_if(states.begin(), states.end(),
                                       [&state](const auto &s) { return s.first == state; });
        if (seen == states.end())
            states.append({state, 1});
        else
            ++seen->second;
        answered += b.answered;
        total += b.total > 0 ? b.total : int(b.items.size());
    }
    const QString counts = u"%1/%2 answered"_s.arg(answered).arg(total);
    if (batches.size() == 1)
        return u"batch %1, %2"_s.arg(states.constFirst().first, counts);
    if (states.size() == 1)
        return u"%1 batches %2, %3"_s.arg(batches.size()).arg(states.constFirst().first, counts);
    QStringList parts;
    for (const auto &[state, n] : std::as_const(states))
        parts << u"%1 %2"_s.arg(n).arg(state);
    return u"%1 batches: %2; %3"_s.arg(batches.size()).arg(parts.join(u", "_s), counts);
}

void BatchRunner::submit(const QList<BatchRequest> &requests, const QList<BatchEntry> &entries)
{
    m_batch.items = entries;
    m_batch.total = int(requests.size());
    m_creating = true;
    // Letters, digits and '-': what every provider's mark takes as it is.
    m_tag = u"rubricate-"_s + QUuid::createUuid().toString(QUuid::Id128).left(20);
    emit changed();
    qCInfo(lcRuns, "run %lld: sending %lld request(s) as a %s batch (%s)", qint64(m_batch.runId),
           qint64(requests.size()), qPrintable(m_batch.provider), qPrintable(m_tag));
    const std::optional<HttpCall> upload = m_protocol->uploadCall(m_config, requests, m_apiKey);
    if (!upload) {
        create(m_protocol->createCall(m_config, requests, {}, m_tag, m_apiKey));
        return;
    }
    send(*upload, u"uploading"_s, [this, requests](const QByteArray &body) {
        const QString file = m_protocol->readUpload(body);
        if (file.isEmpty())
            endWith(u"the upload's answer names no file"_s);
        else if (m_cancelling)
            endWith(u"the run was cancelled"_s); // an uploaded file is not billed
        else
            create(m_protocol->createCall(m_config, requests, file, m_tag, m_apiKey));
        return QString();
    });
}

void BatchRunner::create(const HttpCall &call)
{
    send(
        call, u"creating"_s,
        [this](const QByteArray &body) {
            const BatchStatus status = m_protocol->readStatus(body);
            if (!status.ok)
                return status.error; // a proxy's page: the provider may have created it
            created(status);
            return QString();
        },
        [this, call](const QString &why, bool outcomeUnknown) {
            if (!outcomeUnknown)
                return false; // refused: tried again as any call is
            lookFor(call, why);
            return true;
        });
}

void BatchRunner::lookFor(const HttpCall &create, const QString &why)
{
    // Sent again blindly, a create that did reach the provider leaves a batch nobody reads,
    // billed all the same.
    m_mayExist = true;
    const std::optional<HttpCall> find = m_protocol->findCall(m_config, m_apiKey);
    if (!find) {
        leaveOpen(u"%1; %2 batches carry no mark to look for it by"_s.arg(why, m_batch.provider));
        return;
    }
    qCInfo(lcRuns, "run %lld: creating the batch got no answer (%s); looking for %s",
           qint64(m_batch.runId), qPrintable(why), qPrintable(m_tag));
    send(*find, u"looking for"_s, [this, create, why](const QByteArray &body) {
        const Result<std::optional<BatchStatus>> found = m_protocol->readFound(body, m_tag);
        if (!found)
            return found.errorMessage();
        if (*found && !(*found)->ok)
            return (*found)->error;
        m_mayExist = false;
        if (*found) {
            created(**found);
        } else if (m_cancelling) {
            endWith(u"the run was cancelled"_s);
        } else if (++m_creates >= m_config.maxAttempts) {
            endWith(why); // never created: its requests are asked live
        } else {
            QTimer::singleShot(m_nextPollMs, this, [this, create] {
                if (!m_stopped)
                    this->create(create);
            });
        }
        return QString();
    });
}

void BatchRunner::created(const BatchStatus &status)
{
    // Kept before anything else: from here on a closed program resumes this batch instead of
    // paying for another.
    m_batch.batchId = status.id;
    m_batch.state = batchStateKey(status.state);
    m_batch.createdAt = QDateTime::currentDateTimeUtc();
    const auto kept = m_store.runs().addBatch(m_batch);
    if (!kept) {
        // No later session could find it: cancelled at once rather than left to bill answers
        // nobody reads. Its requests are asked live.
        send(
            m_protocol->cancelCall(m_config, m_batch.batchId, m_apiKey), u"cancelling"_s,
            [](const QByteArray &) { return QString(); },
            [this](const QString &why, bool) {
                qCWarning(lcRuns, "run %lld: %s", qint64(m_batch.runId), qPrintable(why));
                return true;
            });
        endWith(u"batch %1 could not be kept in the project (%2), so it was cancelled"_s.arg(
            status.id, kept.errorMessage()));
        return;
    }
    m_batch.id = *kept;
    m_creating = false;
    qCInfo(lcRuns, "run %lld: batch %s created", qint64(m_batch.runId), qPrintable(status.id));
    emit changed();
    emit sent();
    if (m_cancelling)
        cancelAtProvider(); // the run was cancelled while the batch was being created
    else
        pollLater();
}

bool BatchRunner::cancel()
{
    if (m_ended || m_cancelling)
        return false;
    const std::optional<BatchState> state = batchStateFromKey(m_batch.state);
    if (!m_creating && (m_batch.batchId.isEmpty() || (state && batchStateIsFinal(*state)))) {
        // Nothing runs at the provider. An ended batch being downloaded stays open: a later
        // session downloads its answers again.
        stop();
        return false;
    }
    m_cancelling = true;
    if (!m_creating)
        cancelAtProvider();
    return true;
}

void BatchRunner::cancelAtProvider()
{
    stop(); // no more polls; a poll on its way is dropped
    qCInfo(lcRuns, "run %lld: cancelling batch %s", qint64(m_batch.runId),
           qPrintable(m_batch.batchId));
    send(
        m_protocol->cancelCall(m_config, m_batch.batchId, m_apiKey), u"cancelling"_s,
        [this](const QByteArray &) {
            // Done with: a later session neither polls it nor takes its answers; the jobs it
            // held are still pending and go into new batches.
            m_batch.state = batchStateKey(BatchState::Cancelled);
            m_batch.taken = true;
            save();
            emit changed();
            emit cancelled();
            return QString();
        },
        [this](const QString &why, bool) {
            qCWarning(lcRuns,
                      "run %lld: batch %s was not cancelled (%s); it stays open, and a later "
                      "session polls it and takes its answers",
                      qint64(m_batch.runId), qPrintable(m_batch.batchId), qPrintable(why));
            emit cancelled();
            return true;
        });
}

void BatchRunner::resume(const RunBatch &batch)
{
    m_batch = batch;
    qCInfo(lcRuns, "run %lld: resuming batch %s (%s)", qint64(batch.runId),
           qPrintable(batch.batchId), qPrintable(batch.state));
    emit changed();
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
             if (!status.ok)
                 return status.error;
             m_batch.state = batchStateKey(status.state);
             m_batch.total = status.total;
             m_batch.answered = status.answered;
             m_batch.failed = status.failed;
             m_batch.polledAt = QDateTime::currentDateTimeUtc();
             save();
             emit changed();
             if (!batchStateIsFinal(status.state)) {
                 pollLater();
                 return QString();
             }
             if (!status.error.isEmpty())
                 qCWarning(lcRuns, "run %lld: batch %s %s: %s", qint64(m_batch.runId),
                           qPrintable(m_batch.batchId), qPrintable(m_batch.state),
                           qPrintable(status.error));
             download(m_protocol->resultCalls(m_config, status, m_apiKey));
             return QString();
         });
}

void BatchRunner::download(QList<HttpCall> calls)
{
    if (calls.isEmpty()) {
        m_ended = true;
        emit ended(std::exchange(m_replies, {}), u"the batch ended %1"_s.arg(m_batch.state));
        return;
    }
    const HttpCall call = calls.takeFirst();
    send(call, u"downloading"_s, [this, calls](const QByteArray &body) {
        m_replies.insert(m_protocol->readResults(body));
        download(calls);
        return QString();
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

void BatchRunner::leaveOpen(const QString &why)
{
    qCWarning(lcRuns, "run %lld: batch %s left open: %s", qint64(m_batch.runId),
              qPrintable(m_batch.batchId.isEmpty() ? m_tag : m_batch.batchId), qPrintable(why));
    stop();
    m_leftOpen = true;
    m_replies.clear(); // a later session downloads them all again
    if (std::exchange(m_creating, false))
        emit sent();
    emit unreachable(why);
    if (m_cancelling)
        emit cancelled(); // nothing more can be done about it here
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
    m_ended = true;
    if (std::exchange(m_creating, false))
        emit sent();
    emit ended({}, why);
    if (m_cancelling)
        emit cancelled(); // it was never created: nothing to cancel
}

void BatchRunner::send(const HttpCall &call, const QString &what, const Answer &done,
                       const Failure &failed)
{
    QNetworkReply *reply
        = m_network->sendCustomRequest(judgeHttpRequest(call, m_config), call.verb, call.body);
    // A batch's results (Gemini's come inline with its status) are a whole run's answers: far
    // more than a live answer's cap, yet bounded by the requests in the batch.
    constexpr qint64 perRequest = 1 << 20;
    constexpr qint64 ceiling = qint64(2000) << 20; // a QByteArray's reach
    limitReplySize(reply,
                   qBound(judgeHttpPolicy(m_config).maxBytes,
                          perRequest * qMax(m_batch.total, int(m_batch.items.size())), ceiling));
    // An upload or a download of a whole run's lines may take long on a slow link (an hour at
    // least, whatever --timeout says); a server that sends a byte now and then must still not
    // hold the batch for good.
    limitReplyTime(reply, qMax<qint64>(8 * qint64(m_config.timeoutMs), 3600 * 1000));
    connect(reply, &QNetworkReply::finished, this, [this, reply, call, what, done, failed] {
        reply->deleteLater();
        const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
        const QByteArray body = readJudgeBody(reply, m_apiKey);
        ProviderReply failure;
        if (const QString tooLarge = sizeLimitError(reply); !tooLarge.isEmpty()) {
            failure.error = u"the answer is too large: "_s + tooLarge; // and would be again
        } else if (reply->error() == QNetworkReply::NoError && status >= 200 && status < 300) {
            const int failuresBefore = std::exchange(m_failures, 0);
            failure.error = done(body);
            if (failure.error.isEmpty())
                return;
            m_failures = failuresBefore;
            failure.retryable = true;
        } else {
            failure = judgeReplyFailure(reply, body, m_config);
        }
        const QString why = u"%1 the batch: %2"_s.arg(what, failure.error);
        if (!failed || !failed(why, outcomeUnknown(reply, status)))
            retry(call, what, done, why, failure, status);
    });
}

bool BatchRunner::outcomeUnknown(const QNetworkReply *reply, int status)
{
    // A refusal (4xx) or a server never reached did nothing; a server error, a timeout, a
    // dropped connection or a page that does not read may have come after the work was done.
    if (status >= 200 && status < 300)
        return true;
    if (status != 0)
        return status >= 500 || status == 408;
    switch (reply->error()) {
    case QNetworkReply::ConnectionRefusedError:
    case QNetworkReply::HostNotFoundError:
    case QNetworkReply::SslHandshakeFailedError:
    case QNetworkReply::ProxyConnectionRefusedError:
    case QNetworkReply::ProxyNotFoundError:
    case QNetworkReply::ProxyAuthenticationRequiredError:
    case QNetworkReply::ProtocolUnknownError:
        return false;
    default:
        return true;
    }
}

void BatchRunner::retry(const HttpCall &call, const QString &what, const Answer &done,
                        const QString &why, const ProviderReply &failure, int status)
{
    const bool exists = !m_batch.batchId.isEmpty() || m_mayExist;
    if (!m_batch.batchId.isEmpty() && (status == 404 || status == 410)) {
        endWith(why); // the provider no longer knows it: its answers cannot be had
        return;
    }
    if (!failure.retryable || ++m_failures >= m_config.maxAttempts) {
        if (!exists) {
            endWith(why);
            return;
        }
        leaveOpen(u"%1 (%2 call(s) in a row failed)"_s.arg(why).arg(m_failures));
        return;
    }
    // Once the batch exists, each failure waits twice as long as the one before (within the
    // polling's cap), or as long as the provider asked.
    const int waitMs = qMax(failure.retryAfterMs, m_nextPollMs);
    if (exists)
        m_nextPollMs = qMin(m_maxPollMs, m_nextPollMs * 2);
    qCInfo(lcRuns, "run %lld: %s the batch failed (%s); again in %d ms", qint64(m_batch.runId),
           qPrintable(what), qPrintable(why), waitMs);
    QTimer::singleShot(waitMs, this, [this, call, what, done] {
        if (!m_stopped)
            send(call, what, done);
    });
}

} // namespace Rubricate
