// A judge that lives on 127.0.0.1: it speaks the OpenAI, Gemini and Anthropic wire formats,
// reads the rubric items out of the prompt and answers them deterministically (the PDR-Bench
// scoring and criteria-generation prompts too), and can be told to misbehave like real providers do
// (slow, 500, 429 with Retry-After, hanging, broken JSON, dropped or reworded items). Tests and
// `rubricate-cli bench judge` use it; it never listens beyond the loopback interface.
#pragma once

#include <QHash>
#include <QJsonObject>
#include <QObject>
#include <QSet>
#include <QTcpServer>

#include <functional>
#include <memory>
#include <optional>

namespace Rubricate {

class SimulatedBatches;

struct SimulatorBehaviour {
    int latencyMs = 0;
    // Each distinct request body gets each failure this many times before it succeeds, so
    // totals do not depend on the order in which concurrent requests arrive.
    int serverErrorTimes = 0;
    int rateLimitTimes = 0;
    int retryAfterSeconds = 1;
    int hangTimes = 0; // never answered: the client's timeout must fire
    // "200 OK" and half the body, then the connection closed: a connection lost mid-answer.
    int cutOffTimes = 0;
    // "200 OK" and then a byte of the body every tenth of a second: never a pause long enough
    // for a transfer timeout, never an end.
    int trickleTimes = 0;
    // A server error whose message repeats the credentials the request came with.
    int echoKeyTimes = 0;
    // "200 OK" with a gateway's HTML page instead of the provider's JSON.
    int htmlPageTimes = 0;
    int brokenJsonTimes = 0; // prose with no JSON at all
    int truncatedTimes = 0; // JSON cut off in the middle
    int dropItemTimes = 0; // every third item left out of the answer
    bool reword = false; // rubric_item echoed with changed case, spacing and punctuation
    bool fenced = false; // JSON inside ```json fences with prose around it
    // Tests that need a particular answer: called with the prompt and the request's arrival
    // number (1-based); a value replaces the simulated answer (failures above still apply).
    std::function<std::optional<QString>(const QString &prompt, int arrival)> script = {};
    // The providers' prompt caches, as they bill them: Anthropic reads or writes up to each
    // block marked cache_control; OpenAI and Gemini read the longest earlier-seen prefix, in
    // steps of 512 characters. Prefixes shorter than this are never cached (the providers'
    // 1,024 tokens are about 4,096 characters).
    int promptCacheMinChars = 4096;
    // Provider batches (simulatedbatches.h): the status polls a batch takes to end; every
    // Nth request of a batch errors (0: none); an expiring batch answers its first half only.
    int batchPollsBeforeDone = 1;
    int batchFailEvery = 0;
    bool batchExpires = false;
    // Only the first N batches created end (0: every one); the later ones run until cancelled.
    int batchesEnding = 0;
    // A batch over these is refused, as the providers refuse one (0: the simulator's default,
    // none): requests in it, and bytes of its uploaded file or create call's body.
    int batchMaxRequests = 0;
    qint64 batchMaxBytes = 0;
    // A provider that cannot be reached for a while: so many status polls answer 503, and so
    // many results downloads 500 (in all, counted from the last reset).
    int batchPollFailures = 0;
    int batchDownloadFailures = 0;
    // A proxy that times out while the provider creates the batch: so many create calls create
    // it but answer 502. An overloaded provider: so many more answer 503 and create nothing.
    // So many calls listing the batches answer 503.
    int batchCreateAnswersLost = 0;
    int batchCreateFailures = 0;
    int batchListFailures = 0;
};

class JudgeSimulator : public QObject
{
    Q_OBJECT

public:
    explicit JudgeSimulator(QObject *parent = nullptr);
    ~JudgeSimulator() override;

    bool listen(quint16 port = 0); // 127.0.0.1 only
    quint16 port() const;
    QString baseUrl() const; // http://127.0.0.1:<port>

    void setBehaviour(const SimulatorBehaviour &b) { m_behaviour = b; }
    const SimulatorBehaviour &behaviour() const { return m_behaviour; }

    int requestCount() const { return m_requests; }
    int distinctRequestCount() const { return int(m_seen.size()); }
    int maxRequestsForOneBody() const;
    int maxConcurrent() const { return m_maxConcurrent; }
    QByteArray lastAuthorization() const { return m_lastAuthorization; }
    // Provider batches created, and status polls of them (results downloads not counted).
    int batchesCreated() const;
    int batchStatusPolls() const;
    // The requests in each batch created, in order; cancel calls received (answered or not);
    // status polls of a batch after it was cancelled.
    QList<int> batchSizes() const;
    int batchCancels() const;
    int cancelledBatchPolls() const;
    void resetCounters();

    // The score the simulator gives a rubric item: 1, 0 or -1, from a stable hash. Asked in the
    // researchrubrics scheme it answers with labels: Satisfied, Not Satisfied and, for -1,
    // Partially Satisfied.
    static int expectedScore(const QString &rubricText);
    // The 0–10 score a PDR-Bench criterion gets from the simulator, from a stable hash.
    static int expectedPdrScore(const QString &criterion);

    // The answer text the simulator gives `prompt` when nothing goes wrong (the offline
    // provider answers PDR-Bench criteria generation with it). `dropEveryThird` and `reword`
    // are the dropped-item and reworded-item misbehaviours. A cited page to classify
    // (paperclassification.h) is a paper when its text mentions an abstract, titled by its
    // first non-empty line. `model` is the request's judge model, which the claim fact-checks
    // depend on. A claim extraction prompt (claimextraction.h) gets the statements of its
    // block: a sentence with addresses is cited once per address; one without, of four words
    // or more with a digit, is an uncited fact.
    static QString answerPrompt(const QString &prompt, bool dropEveryThird = false,
                                bool reword = false, const QString &model = {});

    // The claim schemes (a prompt with <statement>): reportbench-cited answers "supported"
    // exactly when every word of three letters or more of the statement occurs in the
    // <source> text (case-insensitive); reportbench-factcheck answers true unless a stable
    // hash of the statement and the request's model name falls in one of four buckets, so
    // that two judge models disagree on some statements.
    static bool expectedSupport(const QString &statement, const QString &source);
    static bool expectedTruth(const QString &statement, const QString &model);

    // Connections a client still holds open (a killed client's vanish once read to the end).
    int openConnections() const { return int(m_buffers.size()); }

signals:
    void requestReceived(int total); // on arrival, before any latency
    void requestServed(int total);

private:
    struct Connection;
    void onNewConnection();
    void onReadyRead(QTcpSocket *socket);
    void handle(QTcpSocket *socket, const QByteArray &verb, const QByteArray &path,
                const QByteArray &body);
    // The live endpoint's 200 body for a request at `path`.
    struct Misbehaviour {
        bool broken = false, truncated = false, drop = false;
    };
    QByteArray answerBody(const QByteArray &path, const QJsonObject &request, int arrival,
                          const Misbehaviour &m, QSet<quint64> *cacheAdded);
    struct CacheUse {
        qint64 readChars = 0;
        qint64 writtenChars = 0;
        QSet<quint64> added; // cached once the request is answered
    };
    CacheUse usePromptCache(const QJsonObject &request, const QString &prompt, bool explicitMarks);
    void respond(QTcpSocket *socket, int status, const QByteArray &body,
                 const QList<std::pair<QByteArray, QByteArray>> &headers = {});

    QTcpServer m_server;
    std::unique_ptr<SimulatedBatches> m_batches;
    SimulatorBehaviour m_behaviour;
    QHash<QTcpSocket *, QByteArray> m_buffers;
    QHash<QByteArray, int> m_seen; // body hash -> times received
    QSet<quint64> m_cachedPrefixes; // hashes of the prompt prefixes a provider would cache
    QByteArray m_lastAuthorization;
    int m_requests = 0;
    int m_inFlight = 0;
    int m_maxConcurrent = 0;
};

} // namespace Rubricate
