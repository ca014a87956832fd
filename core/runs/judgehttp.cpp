// Requests, replies and back-off for judge calls.
#include "judgehttp.h"

#include <QNetworkReply>
#include <QRandomGenerator>

#include <utility>

namespace Rubricate {

using namespace Qt::StringLiterals;

HttpPolicy judgeHttpPolicy(const JudgeConfig &config)
{
    HttpPolicy policy;
    policy.timeoutMs = config.timeoutMs;
    // An API answers where it is asked; a gateway may move it to https once or twice.
    policy.maxRedirects = 2;
    // A verdict answer is a few kilobytes; a criteria list or a long evidence answer some
    // hundreds. Anything near this is not an answer and must not fill the memory.
    policy.maxBytes = 16 * 1024 * 1024;
    policy.perHost = qMax(1, config.concurrency); // one judge host: the run's own concurrency
    return policy;
}

QNetworkRequest judgeHttpRequest(const HttpCall &call, const JudgeConfig &config)
{
    QNetworkRequest http = policyRequest(call.url, judgeHttpPolicy(config));
    for (const auto &[name, value] : std::as_const(call.headers))
        http.setRawHeader(name, value);
    http.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    return http;
}

ProviderReply readJudgeReply(QNetworkReply *reply, const JudgeProvider &provider,
                             const JudgeConfig &config)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    if (const QString tooLarge = sizeLimitError(reply); !tooLarge.isEmpty()) {
        ProviderReply refused;
        refused.error = u"the answer is too large: "_s + tooLarge;
        return refused; // asking again would bring the same
    }
    if (reply->error() != QNetworkReply::NoError || status < 200 || status >= 300) {
        const QString networkError = reply->error() == QNetworkReply::OperationCanceledError
            ? u"timed out after %1 s"_s.arg(config.timeoutMs / 1000.0)
            : reply->errorString();
        return classifyFailure(status, body, reply->rawHeader("Retry-After"), networkError);
    }
    ProviderReply parsed = provider.parseSuccess(body);
    if (!parsed.ok)
        parsed.retryable = true;
    return parsed;
}

int judgeBackoffMs(const JudgeConfig &config, int attempts)
{
    const int ceiling
        = qMin(config.backoffMaxMs, config.backoffBaseMs << qBound(0, attempts - 1, 16));
    return ceiling / 2 + int(QRandomGenerator::global()->bounded(ceiling / 2 + 1));
}

} // namespace Rubricate
