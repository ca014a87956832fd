#include "judgetransport.h"

#include "judgehttp.h"

#include <QNetworkAccessManager>
#include <QNetworkReply>

namespace Rubricate {

namespace {

constexpr int kConnectionsPerManager = 6;
constexpr qint64 kMinuteMs = 60000;

} // namespace

JudgeTransport::JudgeTransport(const JudgeConfig &config, QObject *owner)
    : m_config(config)
    , m_owner(owner)
{
    const int managers
        = (qMax(1, config.concurrency) + kConnectionsPerManager - 1) / kConnectionsPerManager;
    for (int i = 0; i < managers; ++i) {
        auto *network = new QNetworkAccessManager(owner);
        m_networks.append(network);
        m_load.insert(network, 0);
    }
    m_clock.start();
}

JudgeTransport::~JudgeTransport()
{
    abortAll();
}

int JudgeTransport::waitMs()
{
    const qint64 now = m_clock.elapsed();
    while (!m_sentAt.isEmpty() && now - m_sentAt.constFirst() >= kMinuteMs) {
        m_sentAt.removeFirst();
        m_sentTokens.removeFirst();
    }
    if (m_sentAt.isEmpty())
        return 0;
    const int untilOldestLeaves = int(kMinuteMs - (now - m_sentAt.constFirst()));
    if (m_config.requestsPerMinute > 0 && m_sentAt.size() >= m_config.requestsPerMinute)
        return untilOldestLeaves;
    if (m_config.tokensPerMinute > 0) {
        qint64 used = 0;
        for (qint64 t : std::as_const(m_sentTokens))
            used += t;
        if (used + m_sentTokens.constLast() > m_config.tokensPerMinute)
            return untilOldestLeaves;
    }
    return 0;
}

void JudgeTransport::post(const HttpCall &call,
                          const std::function<void(QNetworkReply *)> &finished)
{
    m_sentAt.append(m_clock.elapsed());
    m_sentTokens.append(call.body.size() / 4); // about four bytes a token
    QNetworkAccessManager *network = m_networks.constFirst();
    for (QNetworkAccessManager *candidate : std::as_const(m_networks)) {
        if (m_load.value(candidate) < m_load.value(network))
            network = candidate;
    }
    ++m_load[network];
    QNetworkReply *reply = network->post(judgeHttpRequest(call, m_config), call.body);
    const HttpPolicy policy = judgeHttpPolicy(m_config);
    limitReplySize(reply, policy.maxBytes);
    limitReplyTime(reply, policy.deadlineMs);
    m_replies.append(reply);
    QObject::connect(reply, &QNetworkReply::finished, m_owner, [this, reply, network, finished] {
        --m_load[network];
        m_replies.removeAll(reply);
        reply->deleteLater();
        finished(reply);
    });
}

void JudgeTransport::abortAll()
{
    // Disconnected first: an aborted reply finishes at once, and its owner, cancelling or
    // going away, must not read it as an answer that failed.
    for (const QPointer<QNetworkReply> &reply : std::exchange(m_replies, {})) {
        if (!reply)
            continue;
        QObject::disconnect(reply, nullptr, m_owner, nullptr);
        reply->abort();
        reply->deleteLater();
    }
    for (int &load : m_load)
        load = 0;
}

} // namespace Rubricate
