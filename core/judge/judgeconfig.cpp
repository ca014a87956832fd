#include "judgeconfig.h"

#include <QRegularExpression>
#include <QUrl>
#include <QUrlQuery>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString providerKey(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return u"openai"_s;
    case ProviderKind::Gemini:
        return u"gemini"_s;
    case ProviderKind::Anthropic:
        return u"anthropic"_s;
    case ProviderKind::Offline:
        return u"offline"_s;
    }
    return {};
}

std::optional<ProviderKind> providerFromKey(const QString &key)
{
    for (auto k : {ProviderKind::OpenAiCompatible, ProviderKind::Gemini, ProviderKind::Anthropic,
                   ProviderKind::Offline}) {
        if (providerKey(k) == key)
            return k;
    }
    return std::nullopt;
}

QString defaultBaseUrl(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return u"https://api.openai.com/v1"_s;
    case ProviderKind::Gemini:
        return u"https://generativelanguage.googleapis.com/v1beta"_s;
    case ProviderKind::Anthropic:
        return u"https://api.anthropic.com"_s;
    case ProviderKind::Offline:
        return {};
    }
    return {};
}

QString JudgeConfig::effectiveApiKeyEnv() const
{
    if (!apiKeyEnv.isEmpty())
        return apiKeyEnv;
    switch (provider) {
    case ProviderKind::OpenAiCompatible:
        return u"OPENAI_API_KEY"_s;
    case ProviderKind::Gemini:
        return geminiAuth == "bearer"_L1 ? u"GEMINI_API_TOKEN"_s : u"GEMINI_API_KEY"_s;
    case ProviderKind::Anthropic:
        return u"ANTHROPIC_API_KEY"_s;
    case ProviderKind::Offline:
        return {};
    }
    return {};
}

QJsonObject JudgeConfig::toJson() const
{
    QJsonObject o{{u"provider"_s, providerKey(provider)},
                  {u"baseUrl"_s, baseUrl},
                  {u"model"_s, model},
                  {u"maxTokens"_s, maxTokens},
                  {u"timeoutMs"_s, timeoutMs},
                  {u"jsonMode"_s, jsonMode},
                  {u"apiKeyEnv"_s, apiKeyEnv},
                  {u"geminiAuth"_s, geminiAuth},
                  {u"requestId"_s, requestId},
                  {u"scheme"_s, scheme},
                  {u"batchSize"_s, batchSize},
                  {u"maxPassageChars"_s, maxPassageChars},
                  {u"promptTemplateFile"_s, promptTemplateFile},
                  {u"concurrency"_s, concurrency},
                  {u"requestsPerMinute"_s, requestsPerMinute},
                  {u"tokensPerMinute"_s, tokensPerMinute},
                  {u"maxAttempts"_s, maxAttempts},
                  {u"backoffBaseMs"_s, backoffBaseMs},
                  {u"backoffMaxMs"_s, backoffMaxMs},
                  {u"locateEvidence"_s, locateEvidence},
                  {u"pricePerMillionInput"_s, pricePerMillionInput},
                  {u"pricePerMillionOutput"_s, pricePerMillionOutput}};
    if (batch)
        o.insert(u"batch"_s, true);
    if (temperature)
        o.insert(u"temperature"_s, *temperature);
    if (seed)
        o.insert(u"seed"_s, double(*seed));
    if (cacheReadPriceShare)
        o.insert(u"cacheReadPriceShare"_s, *cacheReadPriceShare);
    if (cacheWritePriceShare)
        o.insert(u"cacheWritePriceShare"_s, *cacheWritePriceShare);
    if (batchPriceShare)
        o.insert(u"batchPriceShare"_s, *batchPriceShare);
    return o;
}

JudgeConfig JudgeConfig::fromJson(const QJsonObject &o)
{
    JudgeConfig c;
    c.provider = providerFromKey(o.value(u"provider"_s).toString()).value_or(ProviderKind::Offline);
    c.baseUrl = o.value(u"baseUrl"_s).toString();
    c.model = o.value(u"model"_s).toString();
    if (o.contains(u"temperature"_s))
        c.temperature = o.value(u"temperature"_s).toDouble();
    if (o.contains(u"seed"_s))
        c.seed = qint64(o.value(u"seed"_s).toDouble());
    c.maxTokens = o.value(u"maxTokens"_s).toInt(c.maxTokens);
    c.timeoutMs = o.value(u"timeoutMs"_s).toInt(c.timeoutMs);
    c.jsonMode = o.value(u"jsonMode"_s).toBool(c.jsonMode);
    c.apiKeyEnv = o.value(u"apiKeyEnv"_s).toString();
    c.geminiAuth = o.value(u"geminiAuth"_s).toString(c.geminiAuth);
    c.requestId = o.value(u"requestId"_s).toString();
    c.scheme = o.value(u"scheme"_s).toString(c.scheme);
    c.batchSize = o.value(u"batchSize"_s).toInt(c.batchSize);
    c.maxPassageChars = o.value(u"maxPassageChars"_s).toInt(c.maxPassageChars);
    c.promptTemplateFile = o.value(u"promptTemplateFile"_s).toString();
    c.concurrency = o.value(u"concurrency"_s).toInt(c.concurrency);
    c.requestsPerMinute = o.value(u"requestsPerMinute"_s).toInt();
    c.tokensPerMinute = o.value(u"tokensPerMinute"_s).toInt();
    c.maxAttempts = o.value(u"maxAttempts"_s).toInt(c.maxAttempts);
    c.backoffBaseMs = o.value(u"backoffBaseMs"_s).toInt(c.backoffBaseMs);
    c.backoffMaxMs = o.value(u"backoffMaxMs"_s).toInt(c.backoffMaxMs);
    c.locateEvidence = o.value(u"locateEvidence"_s).toBool(true);
    c.pricePerMillionInput = o.value(u"pricePerMillionInput"_s).toDouble();
    c.pricePerMillionOutput = o.value(u"pricePerMillionOutput"_s).toDouble();
    if (o.contains(u"cacheReadPriceShare"_s))
        c.cacheReadPriceShare = o.value(u"cacheReadPriceShare"_s).toDouble();
    if (o.contains(u"cacheWritePriceShare"_s))
        c.cacheWritePriceShare = o.value(u"cacheWritePriceShare"_s).toDouble();
    c.batch = o.value(u"batch"_s).toBool();
    if (o.contains(u"batchPriceShare"_s))
        c.batchPriceShare = o.value(u"batchPriceShare"_s).toDouble();
    return c;
}

double JudgeConfig::cacheReadShare() const
{
    if (cacheReadPriceShare)
        return *cacheReadPriceShare;
    // The providers' published cache-read prices as shares of the input price: Anthropic a
    // tenth; Gemini a quarter (2.0 and 2.5 models); OpenAI half (the GPT-4o family; newer
    // models charge less, which --cache-read-share says).
    switch (provider) {
    case ProviderKind::Anthropic:
        return 0.1;
    case ProviderKind::Gemini:
        return 0.25;
    default:
        return 0.5;
    }
}

double JudgeConfig::cacheWriteShare() const
{
    if (cacheWritePriceShare)
        return *cacheWritePriceShare;
    // Only Anthropic charges for writing its cache (five-minute entries: 1.25 times input).
    return provider == ProviderKind::Anthropic ? 1.25 : 1.0;
}

double JudgeConfig::costOf(qint64 input, qint64 output, qint64 cacheRead, qint64 cacheWrite,
                           bool batched) const
{
    const double fullPrice = double(input - cacheRead - cacheWrite);
    const double inputUnits
        = fullPrice + cacheRead * cacheReadShare() + cacheWrite * cacheWriteShare();
    const double cost
        = inputUnits / 1e6 * pricePerMillionInput + output / 1e6 * pricePerMillionOutput;
    return batched ? cost * batchShare() : cost;
}

bool JudgeConfig::isLocalServer(const QString &baseUrl)
{
    return baseUrl.startsWith(u"http://127.0.0.1"_s) || baseUrl.startsWith(u"http://localhost"_s);
}

bool JudgeConfig::isWebUrl(const QString &url)
{
    const QUrl parsed(url, QUrl::StrictMode);
    return parsed.isValid() && !parsed.host().isEmpty()
        && (parsed.scheme() == "http"_L1 || parsed.scheme() == "https"_L1);
}

QString JudgeConfig::baseUrlProblem(const QString &baseUrl)
{
    if (baseUrl.isEmpty())
        return {};
    if (!isWebUrl(baseUrl))
        return u"the judge's URL must be an http or https address"_s;
    const QUrl url(baseUrl, QUrl::StrictMode);
    if (!url.password().isEmpty() || !url.userName().isEmpty()) {
        return u"the judge's URL carries a user or password; it would be stored in the project:"
               " give the key through the environment or the keyring"_s;
    }
    static const QRegularExpression secret(
        u"^(.*[-_])?(key|apikey|token|secret|password|passwd|sig|signature|auth|code)$"_s,
        QRegularExpression::CaseInsensitiveOption);
    for (const auto &[name, value] : QUrlQuery(url).queryItems()) {
        if (secret.match(name).hasMatch()) {
            return u"the judge's URL carries \"%1\" in its query; it would be stored in the"
                   " project: give the key through the environment or the keyring"_s.arg(name);
        }
    }
    return {};
}

QString JudgeConfig::cacheIdentity() const
{
    QString id = providerKey(provider) + u'|' + baseUrl + u'|' + model + u'|'
        + QString::number(maxTokens) + u'|' + (jsonMode ? u"json"_s : u"text"_s) + u'|';
    id += temperature ? QString::number(*temperature, 'g', 17) : u"-"_s;
    id += u'|' + (seed ? QString::number(*seed) : u"-"_s);
    return id;
}

} // namespace Rubricate
