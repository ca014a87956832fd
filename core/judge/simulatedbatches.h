// The judge simulator's provider batch endpoints (judge/batchprotocol.h has the clients'
// side): OpenAI's file upload, batches and file downloads, Anthropic's message batches and
// their results, Gemini's batchGenerateContent with inline answers, and the lists of batches
// (OpenAI, Gemini) in which a client looks for a batch by its tag. Each request of a batch
// gets the answer the live endpoint would give it; the simulator's behaviour decides how many
// polls a batch takes, which of its requests error and whether it expires half answered, and
// how large a batch it takes. A batch can be cancelled; the poll after that finds it ended.
#pragma once

#include <QByteArray>
#include <QHash>
#include <QJsonObject>
#include <QList>
#include <QString>

#include <functional>
#include <optional>

namespace Rubricate {

struct SimulatorBehaviour;

class SimulatedBatches
{
public:
    // The live endpoint's 200 body for `request`, as it would answer at `livePath`.
    using LiveAnswer = std::function<QByteArray(const QByteArray &livePath,
                                                const QJsonObject &request, int arrival)>;
    struct Answer {
        int status = 200;
        QByteArray body;
    };

    explicit SimulatedBatches(LiveAnswer live);

    // The answer to a batch endpoint's request; empty when `path` is not one.
    std::optional<Answer> handle(const QByteArray &verb, const QByteArray &path,
                                 const QByteArray &body, const QString &baseUrl,
                                 const SimulatorBehaviour &behaviour);

    int created() const { return int(m_sizes.size()); }
    QList<int> sizes() const { return m_sizes; } // requests per batch created
    int statusPolls() const { return m_polls; }
    int cancels() const { return m_cancels; }
    int cancelledPolls() const { return m_cancelledPolls; } // status polls after a cancel
    void reset();

private:
    enum class Kind { OpenAi, Anthropic, Gemini };
    struct Request {
        QString customId;
        QJsonObject body;
    };
    struct Result {
        enum Type { Answered, Errored, Expired, Cancelled } type = Answered;
        QByteArray body; // the live answer, when answered
    };
    struct Batch {
        Kind kind = Kind::OpenAi;
        QString id;
        QString tag; // OpenAI's metadata tag, Gemini's display name
        int number = 0; // 1 for the first batch created
        QList<Request> requests;
        int polls = 0;
        bool finished = false;
        bool expired = false;
        bool cancelled = false; // asked to cancel: ends at the next poll, unanswered
        QList<Result> results; // once finished, one per request
    };

    Answer create(Kind kind, const QList<Request> &requests, const QString &tag,
                  const SimulatorBehaviour &behaviour);
    // OpenAI's list in "data", Gemini's in "operations": one path serves both, newest first.
    Answer list(const QString &baseUrl, const SimulatorBehaviour &behaviour);
    Answer cancel(Batch &batch, const QString &baseUrl);
    static std::optional<Answer> tooLarge(qsizetype bytes, const SimulatorBehaviour &behaviour);
    Answer status(Batch &batch, const QString &baseUrl, const SimulatorBehaviour &behaviour);
    void finish(Batch &batch, const SimulatorBehaviour &behaviour);
    QByteArray openAiStatus(const Batch &batch) const;
    QByteArray anthropicStatus(const Batch &batch, const QString &baseUrl) const;
    QByteArray geminiStatus(const Batch &batch) const;
    QByteArray openAiFile(const Batch &batch, bool errors) const;
    QByteArray anthropicResults(const Batch &batch) const;
    Answer uploadFile(const QByteArray &multipart, const SimulatorBehaviour &behaviour);
    Batch *batchAt(const QByteArray &path, int segmentsFromEnd);
    QByteArray statusOf(const Batch &batch, const QString &baseUrl) const;

    LiveAnswer m_live;
    QHash<QString, Batch> m_batches; // by id (Gemini: without "batches/")
    QHash<QString, QList<Request>> m_uploads; // OpenAI input files by id
    QList<int> m_sizes;
    int m_polls = 0;
    int m_cancels = 0;
    int m_cancelledPolls = 0;
    int m_failedPolls = 0;
    int m_failedDownloads = 0;
    int m_lostCreates = 0;
    int m_failedCreates = 0;
    int m_failedLists = 0;
    int m_nextId = 1;
};

} // namespace Rubricate
