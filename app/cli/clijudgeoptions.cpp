// The judge options of the command line read into a config: --provider, --model, pacing,
// prices, the prompt; shared by every command that asks a judge.
#include "clijudgeoptions.h"

#include "judge/batchprotocol.h"
#include "judge/promptscheme.h"

#include <QCommandLineParser>
#include <QFileInfo>

#include <limits>
#include <type_traits>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

// Whether `v` can be kept in a T: out of an integer's range, a cast would not even be defined
// ("--concurrency 1e12").
template<typename T>
bool fitsIn(double v)
{
    if constexpr (std::is_integral_v<T>)
        return v >= double(std::numeric_limits<T>::min())
            && v <= double(std::numeric_limits<T>::max());
    return true;
}

} // namespace

std::optional<JudgeConfig> judgeConfigFrom(const QCommandLineParser &p, QTextStream &err)
{
    JudgeConfig c;
    const QString provider
        = p.value(u"provider"_s).isEmpty() ? u"offline"_s : p.value(u"provider"_s);
    const auto kind = providerFromKey(provider);
    if (!kind) {
        err << u"rubricate-cli: unknown provider \"%1\" (offline, openai, gemini, anthropic)\n"_s
                   .arg(provider);
        return std::nullopt;
    }
    c.provider = *kind;
    c.baseUrl = p.value(u"base-url"_s);
    if (const QString problem = JudgeConfig::baseUrlProblem(c.baseUrl); !problem.isEmpty()) {
        err << u"rubricate-cli: --base-url: "_s << problem << u'\n';
        return std::nullopt;
    }
    c.model = p.value(u"model"_s);
    if (c.provider != ProviderKind::Offline && c.model.isEmpty()) {
        err << u"rubricate-cli: --model is needed for provider %1\n"_s.arg(provider);
        return std::nullopt;
    }
    if (c.provider == ProviderKind::Offline)
        c.model = u"lexical-baseline"_s;
    const auto number = [&](const QString &name, auto &target) {
        if (!p.isSet(name))
            return true;
        using Target = std::remove_reference_t<decltype(target)>;
        bool ok = false;
        const double v = p.value(name).toDouble(&ok);
        const bool fits = fitsIn<Target>(v);
        if (!ok || !qIsFinite(v) || !fits) {
            err << u"rubricate-cli: --%1 needs a number%2\n"_s.arg(
                name, ok && qIsFinite(v) ? u" in range"_s : QString());
            return false;
        }
        target = static_cast<Target>(v);
        return true;
    };
    const auto optionalNumber = [&](const QString &name, std::optional<double> &target) {
        double v = 0;
        if (!p.isSet(name))
            return true;
        if (!number(name, v))
            return false;
        target = v;
        return true;
    };
    double temperature = -1, seed = -1, timeout = -1;
    if (!number(u"concurrency"_s, c.concurrency) || !number(u"batch-size"_s, c.batchSize)
        || !number(u"rpm"_s, c.requestsPerMinute) || !number(u"tpm"_s, c.tokensPerMinute)
        || !number(u"max-attempts"_s, c.maxAttempts) || !number(u"max-tokens"_s, c.maxTokens)
        || !number(u"price-in"_s, c.pricePerMillionInput)
        || !number(u"price-out"_s, c.pricePerMillionOutput)
        || !optionalNumber(u"cache-read-share"_s, c.cacheReadPriceShare)
        || !optionalNumber(u"cache-write-share"_s, c.cacheWritePriceShare)
        || !number(u"temperature"_s, temperature) || !number(u"seed"_s, seed)
        || !number(u"timeout"_s, timeout) || !number(u"backoff-ms"_s, c.backoffBaseMs)
        || !number(u"max-passage-chars"_s, c.maxPassageChars))
        return std::nullopt;
    if (p.isSet(u"temperature"_s))
        c.temperature = temperature;
    if (p.isSet(u"seed"_s))
        c.seed = qint64(seed);
    if (p.isSet(u"timeout"_s)) {
        if (timeout <= 0 || timeout > 86400) {
            err << u"rubricate-cli: --timeout needs seconds from 0 to a day (86400)\n"_s;
            return std::nullopt;
        }
        c.timeoutMs = qMax(1, int(timeout * 1000));
    }
    c.apiKeyEnv = p.value(u"api-key-env"_s);
    if (p.isSet(u"gemini-auth"_s))
        c.geminiAuth = p.value(u"gemini-auth"_s);
    if (p.isSet(u"scheme"_s))
        c.scheme = p.value(u"scheme"_s);
    c.promptTemplateFile = p.value(u"prompt-template"_s);
    if (!c.promptTemplateFile.isEmpty())
        c.promptTemplateFile = QFileInfo(c.promptTemplateFile).absoluteFilePath();
    c.jsonMode = !p.isSet(u"no-json-mode"_s);
    c.locateEvidence = !p.isSet(u"no-evidence"_s);
    c.batch = p.isSet(u"batch"_s);
    if (!optionalNumber(u"batch-share"_s, c.batchPriceShare))
        return std::nullopt;
    if (c.batch && !makeBatchProtocol(c)) {
        err << u"rubricate-cli: --batch needs --provider openai, anthropic or gemini (with key "
               "auth): the others have no batch API\n"_s;
        return std::nullopt;
    }
    return c;
}

QList<QCommandLineOption> judgeOptions()
{
    return {
        {u"provider"_s, u"judge: offline (default), openai, gemini, anthropic."_s, u"NAME"_s},
        {u"base-url"_s, u"judge: the provider's URL (OpenAI-compatible servers, proxies)."_s,
         u"URL"_s},
        {u"api-key-env"_s, u"judge: environment variable holding the API key."_s, u"VAR"_s},
        {u"gemini-auth"_s, u"judge: key (x-goog-api-key) or bearer (DRB-II proxy style)."_s,
         u"MODE"_s},
        {u"scheme"_s,
         u"judge: prompt scheme, drb2, researchrubrics or pdrbench (default: the benchmark's "
         "own; researchrubrics asks one criterion per call unless --batch-size is given, "
         "pdrbench one request per report and family), or reportbench-cited / "
         "reportbench-factcheck for extracted claims."_s,
         u"NAME"_s},
        {u"prompt-template"_s, u"judge: file replacing the built-in prompt."_s, u"FILE"_s},
        {u"tasks"_s, u"judge: task ids, e.g. 1,2,5-9."_s, u"IDS"_s},
        {u"models"_s, u"judge: agent models, comma-separated."_s, u"NAMES"_s},
        {u"only-unjudged"_s, u"judge: skip items that already have a verdict."_s},
        {u"concurrency"_s, u"judge, worker: requests in flight (10; worker: the run's)."_s, u"N"_s},
        {u"lease"_s, u"worker: seconds a job lease lasts without renewal (60)."_s, u"S"_s},
        {u"batch-size"_s, u"judge: rubric items per request (50)."_s, u"N"_s},
        {u"max-passage-chars"_s,
         u"judge: cut reports at N code points (default: the scheme's own, 150000; "
         "researchrubrics 600000)."_s,
         u"N"_s},
        {u"rpm"_s, u"judge: requests per minute limit."_s, u"N"_s},
        {u"tpm"_s, u"judge: tokens per minute limit."_s, u"N"_s},
        {u"max-attempts"_s, u"judge: attempts per request (6)."_s, u"N"_s},
        {u"backoff-ms"_s, u"judge: first back-off delay (1000)."_s, u"MS"_s},
        {u"timeout"_s, u"judge: seconds to wait for a whole answer before asking again (600)."_s,
         u"S"_s},
        {u"temperature"_s, u"judge: sampling temperature."_s, u"T"_s},
        {u"seed"_s,
         u"judge: sampling seed; agreement: bootstrap seed; sample: the draw's seed (random)."_s,
         u"N"_s},
        {u"max-tokens"_s, u"judge: output token limit."_s, u"N"_s},
        {u"no-json-mode"_s, u"judge: do not ask the provider for JSON output."_s},
        {u"no-evidence"_s, u"judge: do not locate quoted evidence while judging."_s},
        {u"price-in"_s, u"judge: USD per million input tokens."_s, u"USD"_s},
        {u"price-out"_s, u"judge: USD per million output tokens."_s, u"USD"_s},
        {u"cache-read-share"_s,
         u"judge: the price of an input token read from the provider's prompt cache, as a share "
         "of --price-in (default: Anthropic 0.1, Gemini 0.25, OpenAI 0.5)."_s,
         u"X"_s},
        {u"cache-write-share"_s,
         u"judge: the price of an input token written to the prompt cache, as a share of "
         "--price-in (default: Anthropic 1.25, others 1)."_s,
         u"X"_s},
        {u"batch"_s,
         u"judge: send the run as provider batch jobs, several when it is over the "
         "provider's limits (about half the price, answers within 24 h); what they leave "
         "unanswered is asked live."_s},
        {u"batch-poll"_s,
         u"judge, resume, worker: seconds before a provider batch is first polled (30; each "
         "later poll waits twice as long, up to ten minutes)."_s,
         u"S"_s},
        {u"batch-share"_s,
         u"judge: the price of a batched request as a share of the live price (0.5)."_s, u"X"_s},
        {u"name"_s, u"judge: run name; sample: the sample's name."_s, u"NAME"_s},
        {u"plan-only"_s, u"judge: create the run and print the plan, do not send."_s},
        {u"runs"_s, u"export: run ids (repeated runs are averaged); default all."_s, u"IDS"_s},
        {u"error-policy"_s, u"export: exclude (default) or reference (errors count as 0)."_s,
         u"NAME"_s},
    };
}

} // namespace Rubricate::Cli
