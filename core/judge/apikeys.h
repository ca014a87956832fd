// Where API keys come from: the environment first, then the system keyring (Secret Service
// or KWallet, through QtKeychain) where one is running. A key is held in memory only while a
// run needs it; it is never written to the project, a log or an export.
#pragma once

#include <QObject>
#include <QString>

#include <functional>

namespace Rubricate {

struct JudgeConfig;

struct ApiKeyLookup {
    QString key;
    QString source; // "environment" or "keyring"
    QString error; // why there is no key
};

// True when this build can use a system keyring and a session bus is there to reach it.
bool keyringAvailable();

// Why a run with `config` cannot start for want of a key, known before anything is written:
// no key in the environment, a server that is not local, and no keyring to ask. Empty when a
// key may be there (a keyring that lacks it is found out when the run starts).
QString missingApiKey(const JudgeConfig &config);

// Calls `done` with the key named `name` (an environment variable name such as
// OPENAI_API_KEY, also the keyring entry's name). Asynchronous when the keyring is asked;
// `done` runs on `context`'s thread and never after `context` is destroyed.
void lookupApiKey(const QString &name, QObject *context,
                  const std::function<void(const ApiKeyLookup &)> &done);

// Stores or deletes the keyring entry `name`; `done(error)` gets an empty error on success.
void storeApiKey(const QString &name, const QString &key, QObject *context,
                 const std::function<void(const QString &error)> &done);
void deleteApiKey(const QString &name, QObject *context,
                  const std::function<void(const QString &error)> &done);

} // namespace Rubricate
