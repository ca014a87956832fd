// Sends requests of a run as one provider batch job and brings back its answers: uploads (where
// the provider wants a file), creates the batch, keeps its id and state in the project, polls
// with a growing interval, and downloads the results when the batch ends. It knows nothing of
// jobs or verdicts: the run controller hands it (custom id, live call) pairs and reads the
// replies it returns through its live path.
//
// A batch takes up to a day. The program may be closed meanwhile: the next one finds the batch
// in the project (RunStore::openBatches) and resumes polling it, and nothing is asked twice.
// A run larger than the provider takes in one batch has one runner per batch (the run
// controller splits it); cancelling the run cancels each batch at the provider.
//
// Once the batch exists, only the provider ends it: a poll or download that fails (a network
// outage, a 5xx, a proxy's error page) is tried again later, each time twice as late; after the
// run's attempts in a row the runner gives up for this session and leaves the batch open
// (unreachable()), so that its requests are neither asked live nor paid for twice. Only a batch
// the provider no longer knows (404) ends without its answers.
//
// A create call may reach the provider and its answer be lost (a timeout, a 502 from a proxy).
// Sent again, it would make a second batch and bill both; so the runner looks for the first
// by the tag it gave it (lookFor()) and sends the call again only when it is not there.
#pragma once

#include "domain/types.h"
#include "judge/batchprotocol.h"
#include "store/storetypes.h"

#include <QObject>

#include <functional>
#include <memory>

class QNetworkAccessManager;
class QNetworkReply;
class QTimer;

namespace Rubricate {

class ProjectStore;

// The batches of a run, summed, as the runs dock, `runs` and the progress line show them:
// "batch running, 120/524 answered", "3 batches running, 120/1524 answered",
// "3 batches: 2 running, 1 done; 620/1524 answered". Empty for no batch.
QString describeBatches(const QList<RunBatch> &batches);

class BatchRunner : public QObject
{
    Q_OBJECT

public:
    BatchRunner(ProjectStore &store, const JudgeConfig &config,
                std::unique_ptr<BatchProtocol> protocol, const QString &apiKey, RowId runId);
    ~BatchRunner() override;

    // The first poll after `firstMs`, each later one twice as late, up to `maxMs` (in real use
    // half a minute growing to ten: a batch takes minutes to hours).
    void setPolling(int firstMs, int maxMs);

    // Creates the batch for `requests`; `entries` say which job and request each custom id is.
    void submit(const QList<BatchRequest> &requests, const QList<BatchEntry> &entries);
    // Polls a batch an earlier session created.
    void resume(const RunBatch &batch);
    // The results were handed to the run: the batch is done with.
    void markTaken();
    // Stops polling; the batch goes on at the provider, for a later session to resume.
    void stop();
    // Stops polling and asks the provider to cancel the batch, which is then recorded as
    // cancelled (and done with). True when cancelled() follows: a cancel call is on its way,
    // or will be once the batch being created has an id. False when there is nothing to cancel
    // (the batch has ended).
    bool cancel();

    const RunBatch &batch() const { return m_batch; }
    QString tag() const { return m_tag; }
    bool leftOpen() const { return m_leftOpen; } // unreachable() was emitted
    // The requests whose bodies the runner holds: those of submit() until the batch is created
    // (or ends without being created); none after.
    int requestsHeld() const { return m_creating ? int(m_batch.items.size()) : 0; }

signals:
    void changed();
    // The create call was answered, or creating the batch failed: the next batch may be sent.
    void sent();
    // The batch ended: its replies by custom id, ok or not. Requests it did not answer are not
    // in it (all of them when the batch could not be created or failed).
    void ended(const QHash<QString, Rubricate::ProviderReply> &replies, const QString &why);
    // After cancel(): the provider has answered the cancel call, or could not be asked.
    void cancelled();
    // The batch could not be polled or its results downloaded, the run's attempts in a row, or
    // the provider refused to say (an expired key): it goes on at the provider and stays open in
    // the project for a later session. The runner has stopped.
    void unreachable(const QString &why);

private:
    // Reads a 2xx body; returns why it could not (a proxy's page instead of the provider's
    // answer), which counts as a failed call.
    using Answer = std::function<QString(const QByteArray &body)>;
    // Whether it took the failure; false leaves it to retry(). `outcomeUnknown`: the call may
    // have done its work at the provider all the same (see outcomeUnknown()).
    using Failure = std::function<bool(const QString &why, bool outcomeUnknown)>;
    // Sends `call`; `done` gets a 2xx body. A failure goes to `failed` first when given.
    void send(const HttpCall &call, const QString &what, const Answer &done,
              const Failure &failed = {});
    static bool outcomeUnknown(const QNetworkReply *reply, int status);
    // Before the batch exists: again after the poll interval until the run's attempts are used
    // up, then the batch ends with no answers. After: see the class comment.
    void retry(const HttpCall &call, const QString &what, const Answer &done, const QString &why,
               const ProviderReply &failure, int status);
    // Sends the create call. One that got no answer is not sent again blindly: lookFor().
    void create(const HttpCall &call);
    // Looks for the batch by its tag among the provider's newest: found, it is the one;
    // not found, `create` is sent again (up to the run's attempts); the provider unable to
    // say, or without tags (Anthropic), the batch is left open (unreachable()) and its requests
    // are neither sent again nor asked live.
    void lookFor(const HttpCall &create, const QString &why);
    void created(const BatchStatus &status);
    void leaveOpen(const QString &why);
    void cancelAtProvider();
    void pollLater();
    void poll();
    void download(QList<HttpCall> calls);
    void endWith(const QString &why);
    void save();

    ProjectStore &m_store;
    JudgeConfig m_config;
    std::unique_ptr<BatchProtocol> m_protocol;
    QString m_apiKey;
    RunBatch m_batch;
    QNetworkAccessManager *m_network = nullptr;
    QTimer *m_timer = nullptr;
    int m_firstPollMs = 30000;
    int m_maxPollMs = 600000;
    int m_nextPollMs = 30000;
    int m_failures = 0; // calls in a row that failed
    int m_creates = 0; // create calls that got no answer and created nothing
    QString m_tag; // the batch's mark at the provider (BatchProtocol::createCall)
    bool m_mayExist = false; // a create call got no answer, and no look has found out since
    bool m_stopped = false;
    bool m_creating = false; // the upload or create call is on its way
    bool m_ended = false; // ended() was emitted
    bool m_cancelling = false;
    bool m_leftOpen = false;
    QHash<QString, ProviderReply> m_replies;
};

} // namespace Rubricate
