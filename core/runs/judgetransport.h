// How requests reach a judge, for judge runs and generators alike: a pool of network
// managers sized to the concurrency, the config's requests- and tokens-per-minute limits, and
// the open replies, so that cancelling aborts them all.
#pragma once

#include "judge/judgeprovider.h"

#include <QElapsedTimer>
#include <QHash>
#include <QList>
#include <QPointer>

#include <functional>

class QNetworkAccessManager;
class QNetworkReply;
class QObject;

namespace Rubricate {

class JudgeTransport
{
public:
    // Managers and replies are children of `owner`, and callbacks run on its thread.
    JudgeTransport(const JudgeConfig &config, QObject *owner);
    ~JudgeTransport();

    // How long the next request must wait for the per-minute limits; 0: it may go now. Its
    // size is not known before it is built; the last one's is a close estimate, since the
    // requests of one run or generator are alike.
    int waitMs();
    // Sends `call`; `finished` gets the reply, which is deleted after it returns.
    void post(const HttpCall &call, const std::function<void(QNetworkReply *)> &finished);
    // Aborts every open reply; their callbacks do not run.
    void abortAll();

private:
    JudgeConfig m_config;
    QObject *m_owner = nullptr;
    // Qt opens at most six HTTP/1.1 connections per host and manager; a concurrency of ten
    // needs two managers, each with its own pool.
    QList<QNetworkAccessManager *> m_networks;
    QHash<QNetworkAccessManager *, int> m_load;
    QList<QPointer<QNetworkReply>> m_replies;
    QElapsedTimer m_clock;
    QList<qint64> m_sentAt; // ms timestamps of the requests of the last minute
    QList<qint64> m_sentTokens; // their estimated tokens
};

} // namespace Rubricate
