// Requests, replies and back-off for judge calls.
#include "judgehttp.h"

#include <QNetworkReply>
#include <QRandomGenerator>

#include <utility>

namespace Rubricate {

using namespace Qt::StringLiterals;

QNetworkRequest judgeHttpRequest(const HttpCall &call, const JudgeConfig &config)
{
    QNetworkRequest http(call.url);
    for (const auto &[name, value] : std::as_const(call.headers))
        http.setRawHeader(name, value);
    http.setTransferTimeout(config.timeoutMs);
    http.setAttribute(QNetworkRequest::Http2AllowedAttribute, false);
    return http;
}

ProviderReply readJudgeReply(QNetworkReply *reply, const JudgeProvider &provider,
                             const JudgeConfig &config)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
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
