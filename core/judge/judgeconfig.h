// How a judge is reached and paced. Stored with each run (as JSON) so that a run can be
// resumed and reproduced; the API key itself is never part of it, only the name of the
// environment variable that holds it.
#pragma once

#include <QJsonObject>
#include <QString>

#include <optional>

namespace Rubricate {

enum class ProviderKind { OpenAiCompatible, Gemini, Anthropic, Offline };

QString providerKey(ProviderKind kind); // "openai", "gemini", "anthropic", "offline"
std::optional<ProviderKind> providerFromKey(const QString &key);
// The provider's public endpoint, used when JudgeConfig::baseUrl is empty; empty for Offline.
QString defaultBaseUrl(ProviderKind kind);

struct JudgeConfig {
    ProviderKind provider = ProviderKind::Offline;
    QString baseUrl; // e.g. https://api.openai.com/v1, a vLLM/Ollama/LiteLLM server, a proxy
    QString model;
    std::optional<double> temperature;
    std::optional<qint64> seed;
    int maxTokens = 16384;
    int timeoutMs = 600000; // the DRB-II reference waits 600 s
    bool jsonMode = true; // response_format / responseMimeType where the provider has it
    QString apiKeyEnv; // environment variable with the key; empty: the provider's default
    // Gemini: "key" sends x-goog-api-key to .../models/<model>:generateContent; "bearer" posts
    // to baseUrl itself with Authorization: Bearer and a top-level "model" (the DRB-II proxy).
    QString geminiAuth = QStringLiteral("key");
    QString requestId; // DRB-II proxies want a rock-request-id header

    QString scheme = QStringLiteral("drb2");
    int batchSize = 50;
    // Where the report text is cut, in code points; 0: the scheme's own limit (passageLimit()).
    int maxPassageChars = 0;
    QString promptTemplateFile; // optional replacement for the scheme's built-in template

    int concurrency = 10;
    int requestsPerMinute = 0; // 0: unlimited
    int tokensPerMinute = 0; // 0: unlimited (estimated from request size before sending)
    int maxAttempts = 6; // per job, counting the first
    int backoffBaseMs = 1000;
    int backoffMaxMs = 60000;

    bool locateEvidence = true; // find each quoted evidence in the report as answers arrive

    double pricePerMillionInput = 0;
    double pricePerMillionOutput = 0;
    // Shares of the input price for tokens the provider's prompt cache read or wrote; empty:
    // the provider's usual share (cacheReadShare(), cacheWriteShare()).
    std::optional<double> cacheReadPriceShare;
    std::optional<double> cacheWritePriceShare;

    // Send the run as one provider batch job (answers within 24 hours at a discount);
    // what the batch leaves unanswered is asked live afterwards.
    bool batch = false;
    // Share of the price a batch answer costs; empty: the providers' usual half.
    std::optional<double> batchPriceShare;

    double cacheReadShare() const;
    double cacheWriteShare() const;
    double batchShare() const { return batchPriceShare.value_or(0.5); }
    // USD for a request's tokens; `input` counts the cache's tokens too, as ProviderReply does.
    // A batched request's at the batch share.
    double costOf(qint64 input, qint64 output, qint64 cacheRead = 0, qint64 cacheWrite = 0,
                  bool batched = false) const;

    QJsonObject toJson() const;
    static JudgeConfig fromJson(const QJsonObject &o);
    // Everything that changes what a judge would answer; part of every cache key.
    QString cacheIdentity() const;
    QString effectiveApiKeyEnv() const;
    // Whether the judge at `baseUrl` runs on this machine, where it may need no key.
    static bool isLocalServer(const QString &baseUrl);
    // Why `baseUrl` cannot be a judge's URL (empty: it can): the URL is stored in the project
    // with its run, so a password in it (user:password@host) or a query item that names a key,
    // token or signature would be a secret written there. Keys come from the environment or
    // the keyring; other query items (Azure's api-version) are fine.
    static QString baseUrlProblem(const QString &baseUrl);
    // Whether `url` is an http or https address with a host (the first thing baseUrlProblem
    // asks), so that a form can say which of its problems it is.
    static bool isWebUrl(const QString &url);
};

} // namespace Rubricate
