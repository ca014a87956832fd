#include "judgecallqueue.h"

#include "judge/apikeys.h"
#include "judge/judgeprovider.h"
#include "judge/judgesimulator.h"
#include "judgehttp.h"
#include "judgetransport.h"

#include <QNetworkReply>
#include <QTimer>

namespace Rubricate {

using namespace Qt::StringLiterals;

JudgeCallQueue::JudgeCallQueue(const JudgeConfig &config, int attempts, QObject *parent)
    : QObject(parent)
    , m_config(config)
    , m_attempts(qMax(1, attempts))
    , m_provider(makeProvider(config.provider))
{ }

JudgeCallQueue::~JudgeCallQueue() = default;

void JudgeCallQueue::start(const std::function<void(const QString &error)> &ready)
{
    if (!m_provider) {
        m_started = true;
        ready({});
        QTimer::singleShot(0, this, &JudgeCallQueue::dispatch);
        return;
    }
    m_transport = std::make_unique<JudgeTransport>(m_config, this);
    const bool local = JudgeConfig::isLocalServer(m_config.baseUrl);
    lookupApiKey(m_config.effectiveApiKeyEnv(), this,
                 [this, local, ready](const ApiKeyLookup &found) {
                     if (m_cancelled)
                         return;
                     if (found.key.isEmpty() && !local) {
                         ready(found.error);
                         return;
                     }
                     m_apiKey = found.key;
                     m_started = true;
                     ready({});
                     dispatch();
                 });
}

void JudgeCallQueue::enqueue(JudgeCall call)
{
    m_queue.enqueue(std::make_shared<JudgeCall>(std::move(call)));
    ++m_counts.queued;
    if (m_started)
        QTimer::singleShot(0, this, &JudgeCallQueue::dispatch);
}

void JudgeCallQueue::cancel()
{
    m_cancelled = true;
    m_queue.clear();
    if (m_transport)
        m_transport->abortAll();
}

bool JudgeCallQueue::isIdle() const
{
    return m_queue.isEmpty() && m_counts.inFlight == 0 && m_waiting == 0;
}

void JudgeCallQueue::dispatch()
{
    if (m_cancelled || !m_started)
        return;
    // The simulator answers at once; one at a time keeps its answers in queue order.
    const int limit = m_provider ? qMax(1, m_config.concurrency) : 1;
    while (m_counts.inFlight < limit && !m_queue.isEmpty()) {
        if (const int waitMs = m_transport ? m_transport->waitMs() : 0; waitMs > 0) {
            if (!m_dispatchScheduled) {
                m_dispatchScheduled = true;
                QTimer::singleShot(waitMs + 5, this, [this] {
                    m_dispatchScheduled = false;
                    dispatch();
                });
            }
            return;
        }
        const std::shared_ptr<JudgeCall> call = m_queue.dequeue();
        if (call->wanted && !call->wanted()) {
            ++m_counts.done;
            emit callEnded();
            continue;
        }
        ++m_counts.inFlight;
        send(call);
    }
    if (isIdle())
        emit idle();
}

void JudgeCallQueue::send(const std::shared_ptr<JudgeCall> &call)
{
    ++call->attempts;
    if (!m_provider) {
        QTimer::singleShot(0, this, [this, call] {
            if (m_cancelled)
                return;
            take(call,
                 call->offlineAnswer ? call->offlineAnswer(call->prompt)
                                     : JudgeSimulator::answerPrompt(call->prompt));
        });
        return;
    }
    ProviderRequest request;
    request.prompt = call->prompt;
    JudgeConfig config = m_config;
    config.jsonMode = m_config.jsonMode && call->jsonMode;
    const HttpCall http = m_provider->buildCall(config, request, m_apiKey);
    ++m_counts.requests;
    m_transport->post(http, [this, call](QNetworkReply *reply) { onReply(reply, call); });
}

void JudgeCallQueue::onReply(QNetworkReply *reply, const std::shared_ptr<JudgeCall> &call)
{
    if (m_cancelled)
        return;
    const ProviderReply parsed = readJudgeReply(reply, *m_provider, m_config, m_apiKey);
    if (!parsed.ok) {
        retryOrFail(call, parsed.error, parsed.retryable, parsed.retryAfterMs);
        return;
    }
    take(call, parsed.text);
}

void JudgeCallQueue::take(const std::shared_ptr<JudgeCall> &call, const QString &text)
{
    if (call->wanted && !call->wanted()) {
        --m_counts.inFlight;
        ended();
        return;
    }
    const QString unusable = call->read(text);
    if (!unusable.isEmpty()) {
        retryOrFail(call, u"unusable answer: "_s + unusable, true, 0);
        return;
    }
    --m_counts.inFlight;
    ended();
}

void JudgeCallQueue::retryOrFail(const std::shared_ptr<JudgeCall> &call, const QString &why,
                                 bool retryable, int retryAfterMs)
{
    --m_counts.inFlight;
    const bool wanted = !call->wanted || call->wanted();
    if (retryable && wanted && call->attempts < m_attempts) {
        const int delay
            = retryAfterMs >= 0 ? retryAfterMs : judgeBackoffMs(m_config, call->attempts);
        if (call->retrying)
            call->retrying(why);
        ++m_waiting;
        QTimer::singleShot(delay, this, [this, call] {
            --m_waiting;
            if (m_cancelled)
                return;
            m_queue.prepend(call);
            dispatch();
        });
        return;
    }
    if (wanted)
        call->failed(u"%1 (after %2 attempts)"_s.arg(why).arg(call->attempts));
    ended();
}

void JudgeCallQueue::ended()
{
    ++m_counts.done;
    emit callEnded();
    dispatch();
}

} // namespace Rubricate
