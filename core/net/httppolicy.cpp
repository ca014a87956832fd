#include "httppolicy.h"

#include <QNetworkReply>
#include <QTimer>
#include <QUrl>

#include <limits>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Kept on the reply itself, so that whoever reads it finished knows why it was aborted.
constexpr const char *kSizeLimitProperty = "rubricate.sizeLimitError";

} // namespace

QNetworkRequest policyRequest(const QUrl &url, const HttpPolicy &policy)
{
    QNetworkRequest request(url);
    request.setTransferTimeout(policy.timeoutMs);
    // Qt counts the hops and follows only http and https, never from https down to http.
    request.setAttribute(QNetworkRequest::RedirectPolicyAttribute,
                         QNetworkRequest::NoLessSafeRedirectPolicy);
    request.setMaximumRedirectsAllowed(qMax(0, policy.maxRedirects));
    request.setAttribute(QNetworkRequest::CookieLoadControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CookieSaveControlAttribute, QNetworkRequest::Manual);
    request.setAttribute(QNetworkRequest::CacheLoadControlAttribute,
                         QNetworkRequest::AlwaysNetwork);
    request.setAttribute(QNetworkRequest::CacheSaveControlAttribute, false);
    return request;
}

void limitReplySize(QNetworkReply *reply, qint64 maxBytes)
{
    QObject::connect(reply, &QNetworkReply::downloadProgress, reply,
                     [reply, maxBytes](qint64 received, qint64 total) {
                         if (received <= maxBytes && total <= maxBytes)
                             return;
                         if (reply->property(kSizeLimitProperty).isValid())
                             return;
                         reply->setProperty(kSizeLimitProperty,
                                            u"more than the %1 bytes allowed"_s.arg(maxBytes));
                         reply->abort();
                     });
}

QString sizeLimitError(const QNetworkReply *reply)
{
    return reply->property(kSizeLimitProperty).toString();
}

void limitReplyTime(QNetworkReply *reply, qint64 deadlineMs)
{
    if (deadlineMs <= 0)
        return;
    // A child of the reply: it goes with the reply (a run sends thousands; a timer left for
    // each until its deadline would pile up), and a reply that finished is left alone.
    auto *deadline = new QTimer(reply);
    deadline->setSingleShot(true);
    QObject::connect(deadline, &QTimer::timeout, reply, [reply] {
        if (reply->isRunning())
            reply->abort();
    });
    deadline->start(int(qMin<qint64>(deadlineMs, std::numeric_limits<int>::max())));
}

} // namespace Rubricate
