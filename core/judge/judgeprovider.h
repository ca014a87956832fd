// Providers turn one judge request into one HTTP call and one HTTP answer into text and token
// counts. They are pure (no I/O): the run controller sends the call asynchronously, which
// keeps every provider testable without a network.
#pragma once

#include "domain/recentlist.h"
#include "judgeconfig.h"

#include <QByteArray>
#include <QJsonObject>
#include <QList>
#include <QString>
#include <QUrl>

#include <memory>

namespace Rubricate {

struct Attachment {
    QString mimeType;
    QByteArray data;
};

struct ProviderRequest {
    QString prompt;
    QList<Attachment> attachments;
    // How many characters at the start of `prompt` every request about the same report
    // shares (the instructions and the report); the rest (the rubric items) varies. Providers
    // that want cache breakpoints (Anthropic) mark the end of this prefix; 0: none.
    qsizetype cachedPrefixChars = 0;
    // The first `chars` characters as a JSON string's content, where an earlier request about
    // the same report escaped them already (SharedPromptJson); a body uses it only where
    // `chars` is where it cuts the prompt. (Given an initialiser, as requests are written
    // {prompt, attachments}.)
    struct EscapedPrefix {
        qsizetype chars = 0;
        QByteArray json;
    } escapedPrefix = {};
};

// The request's cachedPrefixChars where the prompt can be cut there: within it, and not
// between the two halves of a surrogate pair, whose escaping depends on both.
qsizetype sharedPrefixChars(const ProviderRequest &request);

struct HttpCall {
    QUrl url;
    QList<std::pair<QByteArray, QByteArray>> headers; // may hold the API key: never log them
    QByteArray body;
    QByteArray verb = "POST"; // batch status polls and downloads are GETs
    // How many bytes at the start of `body` end with the prompt's shared prefix: the same for
    // every request about one report, so that the body's hash can resume there; 0: none.
    qsizetype sharedBodyBytes = 0;
};

struct ProviderReply {
    bool ok = false;
    QString text;
    // Every input token of the request, whether billed at the full price, read from the
    // provider's prompt cache or written to it (the last two are part of this count).
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    qint64 cacheReadTokens = 0; // billed at the config's cache-read share of the input price
    qint64 cacheWriteTokens = 0; // billed at its cache-write share (Anthropic only)
    bool truncated = false; // the provider stopped at its output limit
    QString error;
    bool retryable = false;
    int retryAfterMs = -1; // from Retry-After, when the server said how long to wait
    bool batched = false; // came back from a provider batch: billed at the batch share
};

class JudgeProvider
{
public:
    virtual ~JudgeProvider() = default;
    virtual bool acceptsAttachment(const QString &mimeType) const = 0;
    virtual HttpCall buildCall(const JudgeConfig &config, const ProviderRequest &request,
                               const QString &apiKey) const = 0;
    // Reads a 2xx body. Failures (HTTP status, network) go through classifyFailure().
    virtual ProviderReply parseSuccess(const QByteArray &body) const = 0;
};

std::unique_ptr<JudgeProvider> makeProvider(ProviderKind kind);
// A string as QJsonDocument writes it (UTF-8, quoted, escaped), byte for byte: request bodies
// and so the response cache's keys do not change with how the prompt gets into them.
QByteArray jsonString(QStringView text);
void appendJsonString(QByteArray &out, QStringView text);
// The same without the quotes: a JSON string's content.
void appendJsonStringContent(QByteArray &out, QStringView text);

// The escaping of the prompts' shared prefix, kept for the reports asked recently: a report's
// batches share the instructions and the report, most of each body, whose escaping cost a
// tenth of an item.
class SharedPromptJson
{
public:
    // A report's later batches wait for its first answer while other reports' first batches
    // go (JobQueue): `bench judge` at concurrency 10 escapes each report's prefix once (1 %
    // more at zero latency) with room for 12 reports, the least recently used making room; a
    // report's prefix with its escaping is some 150 KB, so more would only add to the run's
    // peak memory.
    static qsizetype reportsFor(int concurrency) { return qMax(12, concurrency + 2); }

    // Forgets every prefix, and keeps those of `reports` reports from now on.
    void reset(qsizetype reports);
    // Sets request.escapedPrefix, from an earlier request's where the prefix is the same.
    void fill(ProviderRequest &request);

private:
    struct Prefix {
        QString prefix;
        QByteArray json; // the prefix escaped
    };
    RecentList<Prefix> m_recent;
};

// The config's base URL, or the provider's public one, without a trailing slash.
QString judgeBaseUrl(const JudgeConfig &config);

// HTTP and network failures, classified: rate limits, timeouts and server errors are worth
// retrying; bad requests and refused credentials are not.
ProviderReply classifyFailure(int httpStatus, const QByteArray &body,
                              const QByteArray &retryAfterHeader, const QString &networkError);

// Retry-After as seconds or as an HTTP date, at most an hour (a server asking for a day
// would hold a run silently: after an hour the run asks again, and gives up after its
// attempts); -1 when absent or unreadable.
int parseRetryAfterMs(const QByteArray &header, const QDateTime &now);
constexpr int LongestRetryAfterMs = 3600 * 1000;

} // namespace Rubricate
