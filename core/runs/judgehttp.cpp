// Requests, replies and back-off for judge calls.
#include "judgehttp.h"

#include <QNetworkReply>
#include <QRandomGenerator>

#include <algorithm>
#include <utility>

namespace Rubricate {

using namespace Qt::StringLiterals;

HttpPolicy judgeHttpPolicy(const JudgeConfig &config)
{
    HttpPolicy policy;
    policy.timeoutMs = config.timeoutMs;
    // An answer comes in one piece once the model has written it, so waiting for its first
    // byte is most of the time; one that trickles in is cut off at the same point.
    policy.deadlineMs = config.timeoutMs;
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

QByteArray readJudgeBody(QNetworkReply *reply, const QString &apiKey)
{
    QByteArray body = reply->isOpen() ? reply->readAll() : QByteArray();
    // Shorter "keys" (under 8 characters) are a local server's placeholders, and as likely to
    // be words of an answer: they are left alone.
    constexpr qsizetype ShortestKey = 8;
    if (apiKey.size() >= ShortestKey)
        body.replace(apiKey.toUtf8(), "[API key]");
    return body;
}

ProviderReply judgeReplyFailure(QNetworkReply *reply, const QByteArray &body,
                                const JudgeConfig &config)
{
    const QNetworkReply::NetworkError error = reply->error();
    const QString networkError = error == QNetworkReply::OperationCanceledError
        ? u"timed out after %1 s"_s.arg(config.timeoutMs / 1000.0)
        : reply->errorString();
    // A reply that failed after "200 OK" (a connection lost, a timeout, a body that does not
    // decode) still carries that status, which says nothing about what went wrong: it is the
    // transfer's failure. Any other status is the server's answer (a cut-off 429 keeps its
    // Retry-After, a 401 stays final).
    const int http = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const bool transferFailed = error != QNetworkReply::NoError && http >= 200 && http < 300;
    const int status = transferFailed ? 0 : http;
    return classifyFailure(status, body, reply->rawHeader("Retry-After"), networkError);
}

ProviderReply readJudgeReply(QNetworkReply *reply, const JudgeProvider &provider,
                             const JudgeConfig &config, const QString &apiKey)
{
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    const QByteArray body = readJudgeBody(reply, apiKey);
    if (const QString tooLarge = sizeLimitError(reply); !tooLarge.isEmpty()) {
        ProviderReply refused;
        refused.error = u"the answer is too large: "_s + tooLarge;
        return refused; // asking again would bring the same
    }
    if (reply->error() != QNetworkReply::NoError || status < 200 || status >= 300)
        return judgeReplyFailure(reply, body, config);
    // A gateway's HTML page or a bare text is no provider's answer: say so, rather than that
    // the judge wrote nothing.
    const QByteArrayView bom("\xEF\xBB\xBF");
    const qsizetype from = body.startsWith(bom) ? bom.size() : 0; // Qt's parser reads past it
    const auto first = std::find_if(body.cbegin() + from, body.cend(),
                                    [](char c) { return !QChar::isSpace(uchar(c)); });
    if (first == body.cend() || *first != '{') {
        ProviderReply notJson;
        notJson.error = body.trimmed().isEmpty()
            ? u"the reply was empty"_s
            : u"the reply is not JSON: "_s + QString::fromUtf8(body.left(120)).simplified();
        notJson.retryable = true;
        return notJson;
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
