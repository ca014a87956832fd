// The one way a generator (PDR-Bench criteria, the classification of cited pages) asks a judge
// single prompts: a queue of calls sent through the provider with the config's concurrency
// and per-minute limits (judgetransport.h, as runs are), retried with jittered back-off, read by
// the caller, and cancelled at once.
//
// A run's rubric verdicts go through RunController instead, which adds what only a run needs
// (jobs, leases, the response cache, resume); both share the HTTP side in judgehttp.h.
//
// Nothing here waits on the network. The queue lives on the thread that created it and calls
// its callbacks there. The offline provider answers every prompt from the call's own offline
// answer, else the judge simulator's, so a project without a key can still generate.
#pragma once

#include "judge/judgeconfig.h"

#include <QObject>
#include <QQueue>

#include <functional>
#include <memory>

class QNetworkReply;

namespace Rubricate {

class JudgeProvider;
class JudgeTransport;

struct JudgeCall {
    QString prompt;
    bool jsonMode = true; // false where the answer comes inside tags a JSON-only mode forbids
    // Reads an answer; returns why it is unusable, or an empty string when it was taken.
    // An unusable answer is asked again like a failed request.
    std::function<QString(const QString &text)> read;
    // After the last attempt: why the call failed (already counting the attempts).
    std::function<void(const QString &why)> failed;
    // Before an attempt after a failed one: why the last one failed, for the log.
    std::function<void(const QString &why)> retrying = {};
    // The offline provider's answer; empty: the judge simulator's.
    std::function<QString(const QString &prompt)> offlineAnswer = {};
    // Whether the call is still wanted when its turn comes (its work failed meanwhile).
    std::function<bool()> wanted = {};
    int attempts = 0; // so far
};

struct JudgeCallCounts {
    int queued = 0; // ever enqueued
    int done = 0; // answered, failed or no longer wanted
    int requests = 0; // sent, retries included
    int inFlight = 0;
};

class JudgeCallQueue : public QObject
{
    Q_OBJECT

public:
    JudgeCallQueue(const JudgeConfig &config, int attempts, QObject *parent = nullptr);
    ~JudgeCallQueue() override;

    // Finds the API key (the environment answers at once, the keyring later) unless the
    // provider is offline or the server local, then sends what is queued. `ready` gets an
    // empty string, or why nothing can be sent; then nothing is.
    void start(const std::function<void(const QString &error)> &ready);
    void enqueue(JudgeCall call);
    // Drops what is queued and aborts what is in flight; no callback runs afterwards.
    void cancel();

    JudgeCallCounts counts() const { return m_counts; }
    bool isIdle() const;

signals:
    // A call ended (read, failed or dropped); counts() is current.
    void callEnded();
    // Nothing queued, in flight or waiting to retry.
    void idle();

private:
    void dispatch();
    void send(const std::shared_ptr<JudgeCall> &call);
    void onReply(QNetworkReply *reply, const std::shared_ptr<JudgeCall> &call);
    void take(const std::shared_ptr<JudgeCall> &call, const QString &text);
    void retryOrFail(const std::shared_ptr<JudgeCall> &call, const QString &why, bool retryable,
                     int retryAfterMs);
    void ended();

    JudgeConfig m_config;
    int m_attempts = 1;
    std::unique_ptr<JudgeProvider> m_provider; // null: the offline simulator
    std::unique_ptr<JudgeTransport> m_transport; // null: the offline simulator
    QString m_apiKey; // from the environment or the keyring; never stored
    QQueue<std::shared_ptr<JudgeCall>> m_queue;
    JudgeCallCounts m_counts;
    int m_waiting = 0; // calls sleeping in back-off
    bool m_started = false;
    bool m_cancelled = false;
    bool m_dispatchScheduled = false; // a later dispatch waits for the per-minute limits
};

} // namespace Rubricate
