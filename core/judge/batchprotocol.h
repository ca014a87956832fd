// The providers' batch APIs, pure (no I/O) like the live providers: the calls that create a
// batch job, ask for its state and fetch its results, and the readings of their answers. Each
// request in a batch carries the very body the live provider builds, and each answer is read
// by the live provider's parseSuccess(), so a batched answer means exactly what a live one does.
//
// OpenAI: the requests are uploaded as a JSONL file (POST /files, purpose "batch"), then
// POST /batches; results and errors are JSONL files. Anthropic: POST /v1/messages/batches with
// the requests inline; results are JSONL at results_url. Gemini: POST
// models/<model>:batchGenerateContent with inline requests; the finished batch carries the
// responses inline. Each provider caps what one batch may hold (BatchLimits): a larger run is
// sent as several batches (splitIntoBatches).
#pragma once

#include "domain/result.h"
#include "judgeprovider.h"

#include <QHash>
#include <QList>
#include <QString>

#include <memory>
#include <optional>

namespace Rubricate {

enum class BatchState { Pending, Running, Done, Failed, Expired, Cancelled };

QString batchStateKey(BatchState state); // "pending", "running", "done", ...
std::optional<BatchState> batchStateFromKey(const QString &key);
// Whether the provider will do no more work on the batch (its results, if any, can be read).
bool batchStateIsFinal(BatchState state);

struct BatchRequest {
    QString customId; // letters, digits, '-' and '_' only: Anthropic's rule, the strictest
    HttpCall call; // the live call the provider would send for it
};

struct BatchStatus {
    bool ok = false; // false: the reply did not read; `error` says why
    QString id; // the provider's batch id (Gemini: "batches/…")
    BatchState state = BatchState::Pending;
    int total = 0;
    int answered = 0; // requests that succeeded so far
    int failed = 0; // requests that errored, expired or were cancelled
    // Where the results are: OpenAI's output and error file ids, Anthropic's results URL;
    // empty for Gemini, whose results are part of the status.
    QStringList resultLocations;
    QString error;
};

// What one batch may hold: requests, and bytes of them as sent (the uploaded file, the create
// call's body). 0: no cap.
struct BatchLimits {
    int maxRequests = 0;
    qint64 maxBytes = 0;

    // The stricter of the two in each field.
    BatchLimits within(const BatchLimits &other) const;
};

// The providers' documented caps. Bytes are counted in decimal megabytes, the smaller reading.
// OpenAI: "The file can contain up to 50,000 requests, and can be up to 200 MB in size"
// (platform.openai.com/docs/api-reference/batch/create, input_file_id).
inline constexpr BatchLimits kOpenAiBatchLimits{50000, 200'000'000};
// Anthropic: "A Message Batch is limited to either 100,000 Message requests or 256 MB in size,
// whichever is reached first" (docs.anthropic.com/en/docs/build-with-claude/batch-processing).
inline constexpr BatchLimits kAnthropicBatchLimits{100000, 256'000'000};
// Gemini: inline requests suit "smaller batches that keep the total request size under 20MB"
// (ai.google.dev/gemini-api/docs/batch-mode); larger ones would need a file upload, so a run
// goes as several inline batches instead. No documented cap on their number.
inline constexpr BatchLimits kGeminiBatchLimits{0, 20'000'000};

class BatchProtocol
{
public:
    virtual ~BatchProtocol() = default;

    // The call that uploads the requests before the batch is created (OpenAI); none for
    // providers that take them inline.
    virtual std::optional<HttpCall> uploadCall(const JudgeConfig &config,
                                               const QList<BatchRequest> &requests,
                                               const QString &apiKey) const;
    // The uploaded file's id from the upload's answer; empty when it did not read.
    virtual QString readUpload(const QByteArray &body) const;
    // Creates the batch; `uploaded` is readUpload()'s id where there was an upload. `tag` marks
    // the batch where the provider keeps a mark (OpenAI's metadata, Gemini's display name), so
    // that a batch whose create call got no answer can be looked for (findCall) rather than
    // created twice.
    virtual HttpCall createCall(const JudgeConfig &config, const QList<BatchRequest> &requests,
                                const QString &uploaded, const QString &tag,
                                const QString &apiKey) const = 0;
    // Lists the account's newest batches (a hundred), to find one by its tag; none where
    // batches carry no tag (Anthropic).
    virtual std::optional<HttpCall> findCall(const JudgeConfig &config,
                                             const QString &apiKey) const;
    // The status of the batch tagged `tag` in findCall()'s answer; nullopt when none is; an
    // error when the answer does not read.
    virtual Result<std::optional<BatchStatus>> readFound(const QByteArray &body,
                                                         const QString &tag) const;
    virtual HttpCall statusCall(const JudgeConfig &config, const QString &batchId,
                                const QString &apiKey) const = 0;
    // Asks the provider to stop the batch (and stop billing it); its answer is the batch's
    // status (Gemini: an empty object).
    virtual HttpCall cancelCall(const JudgeConfig &config, const QString &batchId,
                                const QString &apiKey) const = 0;
    virtual BatchLimits limits() const = 0;
    // The bytes `request` adds to the batch as sent, separator included: what the limit counts.
    virtual qsizetype sizeInBatch(const BatchRequest &request) const = 0;
    // Reads the answer to the create call and to status calls alike.
    virtual BatchStatus readStatus(const QByteArray &body) const = 0;
    // The downloads that bring a finished batch's results (Gemini: the status call again).
    virtual QList<HttpCall> resultCalls(const JudgeConfig &config, const BatchStatus &status,
                                        const QString &apiKey) const = 0;
    // The replies in one download, by custom id, read by the live provider: a request that
    // errored or expired is a reply that is not ok, with the provider's reason as its error.
    virtual QHash<QString, ProviderReply> readResults(const QByteArray &body) const = 0;

protected:
    explicit BatchProtocol(ProviderKind kind);
    // A call to `path` under the base URL with the live provider's credentials, no body yet.
    HttpCall authorized(const JudgeConfig &config, const QString &apiKey, const QString &path,
                        const QByteArray &verb) const;
    // A reply of the live endpoint, marked as batched.
    ProviderReply readAnswer(const QJsonObject &body) const;
    static ProviderReply failedItem(const QString &why);

    std::unique_ptr<JudgeProvider> m_live;
};

// `requests` in order, cut into batches that each keep within `limits` (bytes counted by
// sizeInBatch, with room for the body around the requests). A request larger than a whole
// batch goes alone: the provider refuses it, and it is asked live.
QList<QList<BatchRequest>> splitIntoBatches(const BatchProtocol &protocol,
                                            const QList<BatchRequest> &requests,
                                            const BatchLimits &limits);
// The same cut from the requests' sizes (sizeInBatch) alone: how many requests, in order, go
// in each batch. A run measures each request as it builds it and keeps only the sizes, so that
// it need not hold every request's body until its batch is sent.
QList<qsizetype> batchLengths(const QList<qint64> &sizes, const BatchLimits &limits);

// Null for providers without a batch API (the offline judge) and for Gemini behind a bearer
// proxy, which speaks only generateContent.
std::unique_ptr<BatchProtocol> makeBatchProtocol(const JudgeConfig &config);

} // namespace Rubricate
