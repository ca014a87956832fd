// The one set of rules every HTTP request of Rubricate follows, a judge's and a cited
// source's alike: a transfer timeout and a deadline, a redirect cap that never steps down from
// https to http, a cap on the bytes read, no cookies and no HTTP cache; and how many requests may
// go to one host at once. Judge replies and cited pages are both untrusted input: neither may hang
// a run or fill the memory.
#pragma once

#include <QNetworkRequest>
#include <QString>

class QNetworkReply;
class QUrl;

namespace Rubricate {

struct HttpPolicy {
    int timeoutMs = 30'000; // without a byte arriving
    // For the whole transfer: a server that sends a byte now and then never times out above.
    int deadlineMs = 120'000;
    int maxRedirects = 5;
    qint64 maxBytes = 20 * 1024 * 1024;
    int perHost = 2; // requests in flight to one host
};

QNetworkRequest policyRequest(const QUrl &url, const HttpPolicy &policy);

// Aborts `reply` once it announces or brings more than `maxBytes`, and marks it so: a reader
// must check sizeLimitError() first, since from a fast server the whole body may have come
// in before the abort.
void limitReplySize(QNetworkReply *reply, qint64 maxBytes);
// Why limitReplySize stopped `reply`, or an empty string.
QString sizeLimitError(const QNetworkReply *reply);
// Aborts `reply` when it has not finished `deadlineMs` after it was sent (0: never). It then
// finishes as Qt's transfer timeout does, with OperationCanceledError: a timeout either way.
void limitReplyTime(QNetworkReply *reply, qint64 deadlineMs);

} // namespace Rubricate
