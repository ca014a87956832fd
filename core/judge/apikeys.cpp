#include "apikeys.h"

#include "judgeconfig.h"

#include <QTimer>

#ifdef RUBRICATE_HAVE_KEYCHAIN
#include <qt6keychain/keychain.h>
#endif

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {
const QString keyringService = u"rubricate"_s;
}

bool keyringAvailable()
{
#ifdef RUBRICATE_HAVE_KEYCHAIN
    // Without a session bus the keyring backends try to autolaunch one through X11, which
    // hangs on a headless machine; there is no keyring to ask there anyway.
    return !qEnvironmentVariableIsEmpty("DBUS_SESSION_BUS_ADDRESS");
#else
    return false;
#endif
}

QString missingApiKey(const JudgeConfig &config)
{
    const QString env = config.effectiveApiKeyEnv();
    if (config.provider == ProviderKind::Offline
        || !qEnvironmentVariableIsEmpty(env.toLocal8Bit().constData())
        || JudgeConfig::isLocalServer(config.baseUrl) || keyringAvailable())
        return {};
    return u"no API key: set the environment variable %1"_s.arg(env);
}

void lookupApiKey(const QString &name, QObject *context,
                  const std::function<void(const ApiKeyLookup &)> &done)
{
    const QString fromEnv = qEnvironmentVariable(name.toLocal8Bit().constData());
    if (!fromEnv.isEmpty()) {
        QTimer::singleShot(0, context, [done, fromEnv] { done({fromEnv, u"environment"_s, {}}); });
        return;
    }
    const QString missing = u"no API key: set the environment variable %1"_s.arg(name);
    if (!keyringAvailable()) {
        QTimer::singleShot(0, context, [done, missing] { done({{}, {}, missing}); });
        return;
    }
#ifdef RUBRICATE_HAVE_KEYCHAIN
    auto *job = new QKeychain::ReadPasswordJob(keyringService, context);
    job->setKey(name);
    QObject::connect(job, &QKeychain::Job::finished, context, [job, done, missing, name] {
        if (job->error() == QKeychain::NoError && !job->textData().isEmpty()) {
            done({job->textData(), u"keyring"_s, {}});
        } else {
            done({{},
                  {},
                  missing
                      + u", or store it with `rubricate-cli keys set %1` (keyring: %2)"_s.arg(
                          name, job->errorString())});
        }
    });
    job->start();
#endif
}

void storeApiKey(const QString &name, const QString &key, QObject *context,
                 const std::function<void(const QString &)> &done)
{
    if (!keyringAvailable()) {
        QTimer::singleShot(0, context, [done] {
            done(u"no system keyring is reachable (no session bus, or built without QtKeychain)"_s);
        });
        return;
    }
#ifdef RUBRICATE_HAVE_KEYCHAIN
    auto *job = new QKeychain::WritePasswordJob(keyringService, context);
    job->setKey(name);
    job->setTextData(key);
    QObject::connect(job, &QKeychain::Job::finished, context, [job, done] {
        done(job->error() == QKeychain::NoError ? QString() : job->errorString());
    });
    job->start();
#else
    Q_UNUSED(name);
    Q_UNUSED(key);
#endif
}

void deleteApiKey(const QString &name, QObject *context,
                  const std::function<void(const QString &)> &done)
{
    if (!keyringAvailable()) {
        QTimer::singleShot(0, context, [done] { done(u"no system keyring is reachable"_s); });
        return;
    }
#ifdef RUBRICATE_HAVE_KEYCHAIN
    auto *job = new QKeychain::DeletePasswordJob(keyringService, context);
    job->setKey(name);
    QObject::connect(job, &QKeychain::Job::finished, context, [job, done] {
        done(job->error() == QKeychain::NoError ? QString() : job->errorString());
    });
    job->start();
#else
    Q_UNUSED(name);
#endif
}

} // namespace Rubricate
