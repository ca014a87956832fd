// The judge simulator's provider batch endpoints (judge/batchprotocol.h has the clients'
// side): OpenAI's file upload, batches and file downloads, Anthropic's message batches and
// their results, Gemini's batchGenerateContent with inline answers. Each request of a batch
// gets the answer the live endpoint would give it; the simulator's behaviour decides how many
// polls a batch takes, which of its requests error and whether it expires half answered.
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

    int created() const { return m_created; }
    int statusPolls() const { return m_polls; }
    void reset();

private:
    enum class Kind { OpenAi, Anthropic, Gemini };
    struct Request {
        QString customId;
        QJsonObject body;
    };
    struct Result {
        enum Type { Answered, Errored, Expired } type = Answered;
        QByteArray body; // the live answer, when answered
    };
    struct Batch {
        Kind kind = Kind::OpenAi;
        QString id;
        QList<Request> requests;
        int polls = 0;
        bool finished = false;
        bool expired = false;
        QList<Result> results; // once finished, one per request
    };

    Answer create(Kind kind, const QList<Request> &requests);
    Answer status(Batch &batch, const QString &baseUrl, const SimulatorBehaviour &behaviour);
    void finish(Batch &batch, const SimulatorBehaviour &behaviour);
    QByteArray openAiStatus(const Batch &batch) const;
    QByteArray anthropicStatus(const Batch &batch, const QString &baseUrl) const;
    QByteArray geminiStatus(const Batch &batch) const;
    QByteArray openAiFile(const Batch &batch, bool errors) const;
    QByteArray anthropicResults(const Batch &batch) const;
    Answer uploadFile(const QByteArray &multipart);
    Batch *batchAt(const QByteArray &path, int segmentsFromEnd);

    LiveAnswer m_live;
    QHash<QString, Batch> m_batches; // by id (Gemini: without "batches/")
    QHash<QString, QList<Request>> m_uploads; // OpenAI input files by id
    int m_created = 0;
    int m_polls = 0;
    int m_nextId = 1;
};

} // namespace Rubricate
