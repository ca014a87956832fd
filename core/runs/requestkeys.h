// The response cache's key for a request: BLAKE2b-256 over what decides the answer.
#pragma once

#include "domain/recentlist.h"

#include <QString>

#include <memory>

namespace Rubricate {

struct HttpCall;
struct JudgeConfig;

// Keys requests as a run builds them. A report's requests begin with the same bytes
// (HttpCall::sharedBodyBytes: the instructions and the report), which hashing each body whole
// went over again and again; the hash resumes from its state after them when a later body
// begins the same. The keys are the same either way, so caches written before still answer.
class RequestKeys
{
public:
    RequestKeys();
    ~RequestKeys();
    RequestKeys(const RequestKeys &) = delete;
    RequestKeys &operator=(const RequestKeys &) = delete;

    // Forgets every start, and keeps those of `reports` reports from now on (as many as
    // SharedPromptJson keeps prefixes).
    void reset(qsizetype reports);
    // Provider, model, parameters, URL and the exact body; never the headers, which carry
    // the API key.
    QString keyOf(const JudgeConfig &config, const HttpCall &call);

private:
    struct SharedStart;
    RecentList<std::shared_ptr<SharedStart>> m_recent;
};

} // namespace Rubricate
