// The HTTP side of talking to a judge, shared by the run controller and PDR-Bench criteria
// generation: the request a provider call is sent as, what a finished reply brought, and how
// long to wait before asking again.
#pragma once

#include "judge/judgeprovider.h"
#include "net/httppolicy.h"

#include <QNetworkRequest>

class QNetworkReply;

namespace Rubricate {

// The shared HTTP policy as judge calls apply it: the config's timeout, few redirects, a cap
// on an answer's size, the run's concurrency per host.
HttpPolicy judgeHttpPolicy(const JudgeConfig &config);

// The call as a request under that policy: its headers, HTTP/1.1 (some local servers
// mishandle HTTP/2 upgrades).
QNetworkRequest judgeHttpRequest(const HttpCall &call, const JudgeConfig &config);

// A finished reply's body, with every copy of the API key (of 8 characters or more) replaced: a
// server may echo the key (in an error message, say), and what a body says goes into
// errors, verdicts, the response cache and the terminal.
QByteArray readJudgeBody(QNetworkReply *reply, const QString &apiKey);

// Why a finished reply brought no answer, classified, from its body: a connection lost or a
// timeout after the headers came is a network failure worth asking again, whatever status
// the headers said.
ProviderReply judgeReplyFailure(QNetworkReply *reply, const QByteArray &body,
                                const JudgeConfig &config);

// A finished reply read: the provider's answer (ok), or why not, classified; an unreadable
// 2xx body counts as worth asking again.
ProviderReply readJudgeReply(QNetworkReply *reply, const JudgeProvider &provider,
                             const JudgeConfig &config, const QString &apiKey);

// Exponential back-off with full jitter before attempt `attempts + 1` (attempts >= 1), so
// that many clients do not retry in step.
int judgeBackoffMs(const JudgeConfig &config, int attempts);

} // namespace Rubricate
