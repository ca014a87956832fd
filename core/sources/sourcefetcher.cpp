// The fetch loop: a queue drained under a global and a per-host cap, each reply watched for
// its headers (status, length, type) and its bytes, then extracted on the thread pool.
#include "sourcefetcher.h"

#include "ingest/document/extracteddocument.h"
#include "sourceslog.h"

#include <QCryptographicHash>
#include <QNetworkAccessManager>
#include <QNetworkCookie>
#include <QNetworkCookieJar>
#include <QNetworkReply>
#include <QNetworkRequest>
#include <QTimer>
#include <QtConcurrent>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// A page or a PDF of the allowed size takes a while on a slow server (32 KiB/s at least, and
// four pauses of the timeout), but not for ever: a server that sends a byte now and then
// never meets the transfer timeout.
qint64 deadlineOf(const FetchOptions &o)
{
    return std::max({qint64(o.deadlineMs), 4 * qint64(o.timeoutMs), qint64(o.maxBytes / 32)});
}

using State = FetchedSource::State;

// Qt joins repeated headers with commas (a redirect's and the final answer's, too).
QString mimeOf(const QByteArray &contentTypeHeader)
{
    const QByteArray first = contentTypeHeader.split(',').constFirst();
    return QString::fromLatin1(first.split(';').constFirst()).trimmed().toLower();
}

// extractDocument picks its reader from a file name; the server's type decides it here, and
// the bytes overrule both when they are plainly a PDF.
QString fileNameFor(const QString &mime, const QUrl &url, const QByteArray &body)
{
    if (body.startsWith("%PDF-") || mime == "application/pdf"_L1)
        return u"source.pdf"_s;
    if (mime == "text/plain"_L1)
        return u"source.txt"_s;
    if (mime == "text/markdown"_L1)
        return u"source.md"_s;
    if (mime.isEmpty()) {
        QString name = url.fileName().toLower();
        if (name.endsWith(".txt"_L1) || name.endsWith(".md"_L1))
            return name;
    }
    return u"source.html"_s;
}

bool fetchableScheme(const QUrl &url)
{
    const QString scheme = url.scheme().toLower();
    return scheme == "http"_L1 || scheme == "https"_L1;
}

class ForgetfulCookieJar : public QNetworkCookieJar
{
public:
    using QNetworkCookieJar::QNetworkCookieJar;
    QList<QNetworkCookie> cookiesForUrl(const QUrl &) const override { return {}; }
    bool setCookiesFromUrl(const QList<QNetworkCookie> &, const QUrl &) override { return false; }
};

} // namespace

struct SourceFetcher::Job {
    QUrl url;
    QString host;
    QByteArray body;
    std::optional<State> stopState; // why we aborted the reply ourselves
    QString stopError;
    FetchedSource result;
    bool done = false;
};

QString sourceKey(const QString &url)
{
    return QUrl(url).toString(QUrl::FullyEncoded);
}

QStringList FetchOptions::defaultAllowedTypes()
{
    return {u"text/html"_s, u"application/xhtml+xml"_s, u"text/plain"_s, u"text/markdown"_s,
            u"application/pdf"_s};
}

QString FetchOptions::defaultUserAgent()
{
    return u"Rubricate/1.0 (source checker for deep-research report evaluation)"_s;
}

SourceFetcher::SourceFetcher(ProjectStore *cache, QObject *parent)
    : QObject(parent)
    , m_network(new QNetworkAccessManager(this))
    , m_cache(cache)
{
    // No cookie is ever kept (see also the request attributes in send()): sites must not be
    // able to tell one fetch from the next.
    m_network->setCookieJar(new ForgetfulCookieJar(m_network));
}

SourceFetcher::~SourceFetcher()
{
    m_cancelled = true;
    for (const QPointer<QNetworkReply> &r : std::as_const(m_replies)) {
        if (r) {
            r->disconnect(this);
            r->abort();
        }
    }
}

void SourceFetcher::fetch(const QList<QUrl> &urls)
{
    if (m_running)
        return;
    m_jobs.clear();
    m_order.clear();
    m_queue.clear();
    m_perHost.clear();
    m_unwritten.clear();
    m_inFlight = 0;
    m_extracting = 0;
    m_cancelled = false;
    ++m_generation;
    QHash<QUrl, int> seen;
    for (const QUrl &url : urls) {
        auto it = seen.constFind(url);
        if (it == seen.constEnd()) {
            it = seen.insert(url, int(m_jobs.size()));
            Job job;
            job.url = url;
            job.host = url.host().toLower();
            m_jobs.append(job);
        }
        m_order.append(*it);
    }
    m_remaining = int(m_jobs.size());
    m_running = true;
    // Nothing is reported before the caller has returned from fetch() and can listen.
    QTimer::singleShot(0, this, &SourceFetcher::startQueued);
}

void SourceFetcher::startQueued()
{
    if (m_cancelled)
        return;
    if (m_jobs.isEmpty()) {
        finishAll();
        return;
    }
    for (int i = 0; i < m_jobs.size(); ++i) {
        const QUrl &url = m_jobs.at(i).url;
        FetchedSource r;
        r.url = url;
        r.origin = u"fetched"_s;
        if (!url.isValid() || !fetchableScheme(url) || url.host().isEmpty()) {
            r.state = State::Refused;
            r.error = url.isValid() ? u"only http and https sources are fetched"_s
                                    : u"not a valid URL: %1"_s.arg(url.errorString());
            r.fetchedAt = QDateTime::currentDateTimeUtc();
            complete(i, r);
            continue;
        }
        if (m_cache && !m_options.refresh) {
            const auto row = m_cache->sources().source(url.toString(QUrl::FullyEncoded));
            if (row && row->state == "fetched"_L1) {
                r.finalUrl = QUrl(row->finalUrl);
                r.state = State::Fetched;
                r.httpStatus = row->httpStatus;
                r.contentType = row->contentType;
                r.contentHash = row->contentHash;
                r.text = row->text;
                r.fetchedAt = row->fetchedAt;
                r.origin = row->origin;
                r.fromCache = true;
                complete(i, r);
                continue;
            }
        }
        m_queue.append(i);
    }
    dispatch();
}

void SourceFetcher::dispatch()
{
    const int global = qMax(1, m_options.concurrency);
    const int perHost = qMax(1, m_options.perHost);
    for (qsizetype k = 0; k < m_queue.size() && m_inFlight < global;) {
        const int index = m_queue.at(k);
        if (m_perHost.value(m_jobs.at(index).host) >= perHost) {
            ++k; // this host is busy; a later source may be on another
            continue;
        }
        m_queue.removeAt(k);
        send(index);
    }
}

void SourceFetcher::send(int index)
{
    Job &job = m_jobs[index];
    QNetworkRequest request = policyRequest(job.url, m_options);
    request.setHeader(QNetworkRequest::UserAgentHeader, m_options.userAgent);
    request.setRawHeader("Accept", m_options.allowedTypes.join(u", "_s).toLatin1());

    ++m_inFlight;
    ++m_perHost[job.host];
    ++m_requestsSent;
    QNetworkReply *reply = m_network->get(request);
    limitReplySize(reply, m_options.maxBytes);
    limitReplyTime(reply, deadlineOf(m_options));
    m_replies.append(reply);
    connect(reply, &QNetworkReply::metaDataChanged, this,
            [this, reply, index] { onMetaData(reply, index); });
    connect(reply, &QNetworkReply::readyRead, this,
            [this, reply, index] { onReadyRead(reply, index); });
    connect(reply, &QNetworkReply::finished, this,
            [this, reply, index] { onFinished(reply, index); });
}

void SourceFetcher::onMetaData(QNetworkReply *reply, int index)
{
    if (m_jobs.at(index).stopState)
        return;
    const int status = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    if (status >= 300 && status < 400)
        return; // a hop; the next response's headers follow
    if (status >= 400)
        return; // finishes as an HTTP error; aborting here makes Qt report the error twice
    const QString mime = mimeOf(reply->rawHeader("Content-Type"));
    if (!mime.isEmpty() && !m_options.allowedTypes.contains(mime, Qt::CaseInsensitive))
        stop(reply, index, State::WrongType, u"content type %1 is not read"_s.arg(mime));
}

void SourceFetcher::onReadyRead(QNetworkReply *reply, int index)
{
    Job &job = m_jobs[index];
    const QByteArray chunk = reply->readAll();
    if (job.stopState)
        return;
    job.body += chunk;
}

void SourceFetcher::stop(QNetworkReply *reply, int index, FetchedSource::State state,
                         const QString &error)
{
    Job &job = m_jobs[index];
    if (job.stopState)
        return;
    job.stopState = state;
    job.stopError = error;
    job.body.clear();
    reply->abort(); // finished follows (synchronously), and reads the reason from the job
}

void SourceFetcher::onFinished(QNetworkReply *reply, int index)
{
    reply->deleteLater();
    m_replies.removeAll(reply);
    Job &job = m_jobs[index];
    --m_inFlight;
    --m_perHost[job.host];
    if (m_cancelled)
        return;

    FetchedSource r;
    r.url = job.url;
    r.finalUrl = reply->url();
    r.origin = u"fetched"_s;
    r.fetchedAt = QDateTime::currentDateTimeUtc();
    r.httpStatus = reply->attribute(QNetworkRequest::HttpStatusCodeAttribute).toInt();
    r.contentType = mimeOf(reply->rawHeader("Content-Type"));
    const QNetworkReply::NetworkError error = reply->error();
    if (job.stopState) {
        r.state = *job.stopState;
        r.error = job.stopError;
    } else if (const QString tooLarge = sizeLimitError(reply); !tooLarge.isEmpty()) {
        // The shared policy's cap, whether announced or counted as the bytes came.
        r.state = State::TooLarge;
        r.error = tooLarge;
    } else if (error == QNetworkReply::OperationCanceledError) {
        // Only the policy's timeouts cancel a reply that we did not stop ourselves.
        r.state = State::Timeout;
        r.error = u"timed out: no data for %1 s, or not all of it within %2 s"_s
                      .arg(m_options.timeoutMs / 1000.0)
                      .arg(deadlineOf(m_options) / 1000.0);
    } else if (error == QNetworkReply::TooManyRedirectsError) {
        r.state = State::Unreachable;
        r.error = u"more than %1 redirects"_s.arg(m_options.maxRedirects);
    } else if (error == QNetworkReply::ProtocolUnknownError
               || error == QNetworkReply::InsecureRedirectError) {
        r.state = State::Refused;
        r.error = u"redirected to %1, which is never fetched"_s.arg(
            reply->header(QNetworkRequest::LocationHeader).toUrl().toString());
    } else if (r.httpStatus >= 400 || (r.httpStatus > 0 && r.httpStatus < 200)) {
        r.state = State::HttpError;
        r.error = u"HTTP %1"_s.arg(r.httpStatus);
    } else if (error != QNetworkReply::NoError) {
        r.state = State::Unreachable;
        r.error = reply->errorString();
    } else {
        job.body += reply->readAll();
        if (r.httpStatus >= 300) {
            r.state = State::Unreachable;
            r.error = u"HTTP %1 without a usable redirect"_s.arg(r.httpStatus);
        } else {
            r.state = State::Fetched;
        }
    }
    QByteArray body = std::exchange(job.body, {});
    if (r.state == State::Fetched)
        extract(index, r, body);
    else
        complete(index, r);
    dispatch();
}

void SourceFetcher::extract(int index, FetchedSource result, const QByteArray &body)
{
    result.contentHash
        = QString::fromLatin1(QCryptographicHash::hash(body, QCryptographicHash::Sha256).toHex());
    const QString fileName = fileNameFor(result.contentType, result.finalUrl, body);
    ++m_extracting;
    const quint64 generation = m_generation;
    // A PDF of a few hundred pages takes long enough to stall the GUI thread.
    QtConcurrent::run([body, fileName] {
        return extractDocument(body, fileName);
    }).then(this, [this, index, result, body, generation](const ExtractedDocument &doc) mutable {
        if (generation != m_generation)
            return;
        --m_extracting;
        if (doc.corrupt || !doc.hasText) {
            // Bytes that yield no text cannot support or refute a claim: not "fetched".
            result.state = State::WrongType;
            result.error = doc.corrupt ? doc.error : u"no text could be extracted"_s;
            result.contentHash.clear();
            complete(index, result);
            return;
        }
        result.text = doc.text;
        complete(index, result, body);
    });
}

void SourceFetcher::complete(int index, const FetchedSource &result, const QByteArray &body)
{
    Job &job = m_jobs[index];
    job.done = true;
    job.result = result;
    if (m_cache && !result.fromCache) {
        SourceRow row;
        row.url = result.url.toString(QUrl::FullyEncoded);
        row.finalUrl = result.finalUrl.toString(QUrl::FullyEncoded);
        row.state = sourceStateKey(result.state);
        row.httpStatus = result.httpStatus;
        row.contentType = result.contentType;
        row.contentHash = result.contentHash;
        row.fetchedAt = result.fetchedAt;
        row.error = result.error;
        row.origin = result.origin;
        row.text = result.text;
        row.bytes = body;
        m_unwritten.append(row);
        if (m_unwritten.size() >= 16)
            flush();
    }
    emit sourceFetched(result);
    if (--m_remaining == 0)
        finishAll();
}

void SourceFetcher::flush()
{
    if (!m_cache || m_unwritten.isEmpty())
        return;
    if (const Result<void> kept = m_cache->sources().putSources(m_unwritten); !kept)
        qCWarning(lcSources, "cannot keep the fetched sources: %s",
                  qPrintable(kept.errorMessage()));
    m_unwritten.clear();
}

void SourceFetcher::finishAll()
{
    flush();
    m_running = false;
    QList<FetchedSource> results;
    for (int index : std::as_const(m_order)) {
        if (m_jobs.at(index).done)
            results.append(m_jobs.at(index).result);
    }
    emit finished(results);
}

void SourceFetcher::cancel()
{
    if (!m_running)
        return;
    m_cancelled = true;
    ++m_generation;
    m_queue.clear();
    const QList<QPointer<QNetworkReply>> replies = m_replies;
    for (const QPointer<QNetworkReply> &r : replies) {
        if (r)
            r->abort();
    }
    finishAll();
}

} // namespace Rubricate
