#include "judgegenerator.h"

#include "judgecallqueue.h"

#include <QTimer>

namespace Rubricate {

using namespace Qt::StringLiterals;

JudgeGenerator::JudgeGenerator(const JudgeConfig &config, QObject *parent)
    : QObject(parent)
    , m_config(config)
{ }

JudgeGenerator::~JudgeGenerator() = default;

JudgeCallQueue *JudgeGenerator::newCalls(int attempts)
{
    delete m_calls;
    m_calls = new JudgeCallQueue(m_config, attempts, this);
    connect(m_calls, &JudgeCallQueue::callEnded, this, [this] { emitProgress(); });
    connect(m_calls, &JudgeCallQueue::idle, this,
            [this] { finish(anyFailed() ? u"failed"_s : u"finished"_s); });
    m_active = true;
    recordStatus(u"running"_s);
    return m_calls;
}

void JudgeGenerator::send(const std::function<void(const QString &why)> &noKey)
{
    // Nothing to send needs no key; the signal comes after start() has returned.
    if (m_calls->isIdle()) {
        QTimer::singleShot(0, this, [this] { finish(anyFailed() ? u"failed"_s : u"finished"_s); });
        return;
    }
    m_calls->start([this, noKey](const QString &why) {
        if (why.isEmpty())
            return;
        m_calls->cancel();
        noKey(why);
        finish(u"failed"_s);
    });
}

void JudgeGenerator::cancel()
{
    if (!m_active)
        return;
    m_calls->cancel();
    finish(u"cancelled"_s);
}

void JudgeGenerator::finish(const QString &status)
{
    if (!m_active)
        return;
    m_active = false;
    recordStatus(status);
    emitProgress();
    emit finished(status);
}

} // namespace Rubricate
