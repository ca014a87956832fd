// What judge runs do, for people finding out why a run went the way it did:
// QT_LOGGING_RULES="rubricate.runs=true" shows every request, cache answer, retry and
// give-up. Only ids, counts, hosts and reasons are logged: never a key, a header or a body.
#pragma once

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcRuns)
