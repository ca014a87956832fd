// What the generators that ask a judge single prompts share (PDR-Bench criteria, the
// classification of cited pages, claim extraction): their calls go through one
// JudgeCallQueue, and they live the same life — start, progress, cancel at once, and one
// finished signal with "finished", "failed" (some work could not be done) or "cancelled".
#pragma once

#include "domain/result.h"
#include "judge/judgeconfig.h"

#include <QObject>

#include <functional>

namespace Rubricate {

class JudgeCallQueue;

class JudgeGenerator : public QObject
{
    Q_OBJECT

public:
    ~JudgeGenerator() override;

    bool isActive() const { return m_active; }
    // Drops what is queued and aborts what is in flight; finishes "cancelled" at once.
    void cancel();

signals:
    void finished(const QString &status);

protected:
    JudgeGenerator(const JudgeConfig &config, QObject *parent);

    // A fresh queue for a start, the generator active from now on; enqueue its calls, then
    // send().
    JudgeCallQueue *newCalls(int attempts);
    JudgeCallQueue *calls() const { return m_calls; }
    // Sends what was queued, asking for the API key first; finishes at once when nothing was.
    // Without a key nothing is sent: `noKey` records why, and the generator finishes
    // "failed".
    void send(const std::function<void(const QString &why)> &noKey);
    void finish(const QString &status);

    // Whether some work failed, so that a queue run dry finishes "failed".
    virtual bool anyFailed() const = 0;
    // The status goes into the subclass's progress before its last progress signal.
    virtual void recordStatus(const QString &status) = 0;
    virtual void emitProgress() = 0;

    const JudgeConfig m_config;

private:
    JudgeCallQueue *m_calls = nullptr;
    bool m_active = false;
};

} // namespace Rubricate
