// Fetching the sources a report cites, for PDR-Bench R (does the source support the claim?)
// and ReportBench (does the cited source say what the statement says?).
//
// The fetcher is bounded in every direction a hostile or broken web page can push: time,
// redirects, bytes, content types, schemes and load on one host. Fetched bytes are turned
// into text with extractDocument, which never loads what the page refers to.
//
// For callers that judge claims: a source that could not be fetched (any state but
// `Fetched`) says nothing about the claim. It must be reported as such (an error or a
// "source unavailable" mark), NEVER counted as a "not supported" verdict — otherwise a dead
// link or a slow server would lower a report's score.
#pragma once

#include "domain/fetchstate.h"
#include "net/httppolicy.h"
#include "store/projectstore.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QObject>
#include <QPointer>
#include <QStringList>
#include <QUrl>

class QNetworkAccessManager;
class QNetworkReply;

namespace Rubricate {

struct FetchedSource {
    using State = FetchState;

    QUrl url; // as asked for
    QUrl finalUrl; // after redirects
    State state = State::Unreachable;
    int httpStatus = 0;
    QString contentType; // without parameters
    QString contentHash; // SHA-256 (hex) of the body, when fetched
    QString text; // the extracted text, when fetched
    QString error; // what went wrong, in words, for every state but Fetched
    QDateTime fetchedAt;
    QString origin; // "fetched", "imported"; how the stored copy came to be
    bool fromCache = false; // answered from the project without a request

    bool ok() const { return state == State::Fetched; }
};

// The key a URL is kept under in the project (SourceRow::url): the fully encoded form, as the
// fetcher writes it.
QString sourceKey(const QString &url);

// The shared HTTP policy (timeout, redirects, bytes, two requests per host: be polite to the
// sites we cite) and what only fetching sources needs.
struct FetchOptions : HttpPolicy {
    int concurrency = 8; // requests in flight in all
    bool refresh = false; // fetch again although the project has a copy
    QStringList allowedTypes = defaultAllowedTypes();
    QString userAgent = defaultUserAgent();

    static QStringList defaultAllowedTypes();
    static QString defaultUserAgent();
};

class SourceFetcher : public QObject
{
    Q_OBJECT

public:
    // `cache` may be null (nothing read or kept); otherwise it must belong to this thread and
    // outlive the fetcher. Results are written to it in batched transactions.
    explicit SourceFetcher(ProjectStore *cache = nullptr, QObject *parent = nullptr);
    ~SourceFetcher() override;

    void setOptions(const FetchOptions &options) { m_options = options; }
    const FetchOptions &options() const { return m_options; }

    // Starts fetching and returns at once; every distinct URL gets exactly one
    // sourceFetched, then finished comes with a result per URL in the order asked (a
    // repeated URL is fetched once). A fetch that is still running is not restarted.
    // Only http and https are fetched; other schemes are refused without a request.
    void fetch(const QList<QUrl> &urls);
    void cancel(); // aborts what is in flight; finished follows with what was done
    bool isRunning() const { return m_running; }

    int requestsSent() const { return m_requestsSent; }

signals:
    void sourceFetched(const Rubricate::FetchedSource &source);
    void finished(const QList<Rubricate::FetchedSource> &sources);

private:
    struct Job;
    void startQueued();
    void dispatch();
    void send(int index);
    void onMetaData(QNetworkReply *reply, int index);
    void onReadyRead(QNetworkReply *reply, int index);
    void onFinished(QNetworkReply *reply, int index);
    void stop(QNetworkReply *reply, int index, FetchedSource::State state, const QString &error);
    void extract(int index, FetchedSource result, const QByteArray &body);
    void complete(int index, const FetchedSource &result, const QByteArray &body = {});
    void finishAll();
    void flush();

    QNetworkAccessManager *m_network = nullptr;
    ProjectStore *m_cache = nullptr;
    FetchOptions m_options;
    QList<Job> m_jobs;
    QList<int> m_queue; // indices into m_jobs waiting for a slot
    QHash<QString, int> m_perHost; // requests in flight by host
    QList<QPointer<QNetworkReply>> m_replies;
    QList<SourceRow> m_unwritten; // results not yet in the project
    QList<int> m_order; // the job of every URL asked for, in order
    int m_inFlight = 0;
    int m_extracting = 0;
    int m_remaining = 0;
    int m_requestsSent = 0;
    bool m_running = false;
    bool m_cancelled = false;
    quint64 m_generation = 0; // late extractions of a cancelled fetch are dropped
};

} // namespace Rubricate

Q_DECLARE_METATYPE(Rubricate::FetchedSource)
