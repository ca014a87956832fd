#include "judgeprovider.h"

#include "domain/softassert.h"
#include "judgelog.h"
#include "text/pythonjsonstring.h"
#include "text/strictjson.h"

#include <QDateTime>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Stands for texts[i] in a request body until it is written (see compact()). The control
// characters keep it apart from any real value, which QJsonDocument would write escaped.
QString textSlot(qsizetype i)
{
    return u"\u0001rubricate-text-%1\u0001"_s.arg(i);
}

// The start of texts[0] that a report's requests share (sharedPrefixChars()), with its
// escaping when an earlier request made it.
struct SharedStart {
    qsizetype chars = 0;
    QByteArrayView json;
};

// The start of texts[0] shared up to `chars`, with the request's escaping of it when that is
// for the same characters.
SharedStart sharedStartOf(const ProviderRequest &r, qsizetype chars)
{
    const bool escaped = chars > 0 && r.escapedPrefix.chars == chars;
    return {chars, escaped ? QByteArrayView(r.escapedPrefix.json) : QByteArrayView()};
}

SharedStart sharedStartOf(const ProviderRequest &r)
{
    return sharedStartOf(r, sharedPrefixChars(r));
}

// The body as QJsonDocument writes it, compact, with texts[i] where it holds textSlot(i), and
// where the shared start of texts[0] ends. The prompt is most of a request: through a
// QJsonObject it would be copied, converted and escaped in several passes.
HttpCall compact(HttpCall call, const QJsonObject &o, const QList<QStringView> &texts,
                 SharedStart shared = {})
{
    QByteArray json = QJsonDocument(o).toJson(QJsonDocument::Compact);
    for (qsizetype i = 0; i < texts.size(); ++i) {
        const QByteArray slot = jsonString(textSlot(i));
        const qsizetype at = json.indexOf(slot);
        RUBRICATE_CHECK(lcJudge, at >= 0, continue);
        QStringView text = texts.at(i);
        QByteArray spliced;
        // Room for the text at three bytes a unit (the most it takes but for escapes): grown
        // as it is written, the body was copied again at each doubling.
        spliced.reserve(json.size() + 3 * text.size() + 16);
        spliced += QByteArrayView(json).first(at);
        spliced += '"';
        if (i == 0 && shared.chars > 0) {
            RUBRICATE_CHECK(lcJudge, shared.chars <= text.size(), shared.chars = text.size());
            if (shared.json.isEmpty())
                appendJsonStringContent(spliced, text.first(shared.chars));
            else
                spliced += shared.json;
            call.sharedBodyBytes = spliced.size();
            text = text.sliced(shared.chars);
        }
        appendJsonStringContent(spliced, text);
        spliced += '"';
        spliced += QByteArrayView(json).sliced(at + slot.size());
        json = std::move(spliced);
    }
    call.body = std::move(json);
    return call;
}

class OpenAiProvider final : public JudgeProvider
{
public:
    bool acceptsAttachment(const QString &mime) const override
    {
        // Images travel as data URLs on every OpenAI-compatible server; PDFs do not (vLLM,
        // Ollama and llama.cpp reject file parts), so they go as extracted text.
        return mime.startsWith(u"image/"_s);
    }

    HttpCall buildCall(const JudgeConfig &c, const ProviderRequest &r,
                       const QString &key) const override
    {
        QJsonValue content = textSlot(0);
        if (!r.attachments.isEmpty()) {
            QJsonArray parts{QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, textSlot(0)}}};
            for (const Attachment &a : r.attachments) {
                const QString url = u"data:"_s + a.mimeType + u";base64,"_s
                    + QString::fromLatin1(a.data.toBase64());
                parts.append(QJsonObject{{u"type"_s, u"image_url"_s},
                                         {u"image_url"_s, QJsonObject{{u"url"_s, url}}}});
            }
            content = parts;
        }
        QJsonObject body{{u"model"_s, c.model},
                         {u"messages"_s,
                          QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, content}}}},
                         {u"max_tokens"_s, c.maxTokens}};
        if (c.temperature)
            body.insert(u"temperature"_s, *c.temperature);
        if (c.seed)
            body.insert(u"seed"_s, double(*c.seed));
        if (c.jsonMode)
            body.insert(u"response_format"_s, QJsonObject{{u"type"_s, u"json_object"_s}});
        HttpCall call;
        call.url = QUrl(judgeBaseUrl(c) + u"/chat/completions"_s);
        call.headers = {{"Content-Type", "application/json"}};
        call = compact(std::move(call), body, {r.prompt}, sharedStartOf(r));
        if (!key.isEmpty())
            call.headers.append(
                std::pair<QByteArray, QByteArray>("Authorization", "Bearer " + key.toUtf8()));
        return call;
    }

    ProviderReply parseSuccess(const QByteArray &body) const override
    {
        ProviderReply r;
        const LightJson o = lightJsonDocument(body);
        const LightJson &choice = o[u"choices"][0];
        const LightJson &content = choice[u"message"][u"content"];
        if (content.isString()) {
            r.text = content.toString();
        } else {
            for (const LightJson &part : content.array())
                r.text += part[u"text"].toString();
        }
        r.truncated = choice[u"finish_reason"].toString() == "length"_L1;
        const LightJson &usage = o[u"usage"];
        r.inputTokens = usage[u"prompt_tokens"].toInteger();
        r.outputTokens = usage[u"completion_tokens"].toInteger();
        // Part of prompt_tokens: OpenAI caches long prefixes on its own.
        r.cacheReadTokens = usage[u"prompt_tokens_details"][u"cached_tokens"].toInteger();
        r.ok = !r.text.trimmed().isEmpty();
        if (!r.ok) {
            r.error = u"the judge returned no text"_s;
            r.retryable = true;
        }
        return r;
    }
};

class GeminiProvider final : public JudgeProvider
{
public:
    bool acceptsAttachment(const QString &mime) const override
    {
        return mime == "application/pdf"_L1 || mime.startsWith(u"image/"_s);
    }

    HttpCall buildCall(const JudgeConfig &c, const ProviderRequest &r,
                       const QString &key) const override
    {
        QJsonArray parts{QJsonObject{{u"text"_s, textSlot(0)}}};
        for (const Attachment &a : r.attachments) {
            parts.append(
                QJsonObject{{u"inlineData"_s,
                             QJsonObject{{u"mimeType"_s, a.mimeType},
                                         {u"data"_s, QString::fromLatin1(a.data.toBase64())}}}});
        }
        QJsonObject body{
            {u"contents"_s, QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"parts"_s, parts}}}}};
        HttpCall call;
        call.headers.append(std::pair<QByteArray, QByteArray>("Content-Type", "application/json"));
        if (c.geminiAuth == "bearer"_L1) {
            // The DRB-II reference's proxy: the model rides in the body, no generationConfig.
            body.insert(u"model"_s, c.model);
            call.url = QUrl(c.baseUrl);
            if (!key.isEmpty())
                call.headers.append(
                    std::pair<QByteArray, QByteArray>("Authorization", "Bearer " + key.toUtf8()));
            call.headers.append(std::pair<QByteArray, QByteArray>(
                "rock-request-id",
                c.requestId.isEmpty() ? QByteArray("default-request") : c.requestId.toUtf8()));
        } else {
            QJsonObject generation{{u"maxOutputTokens"_s, c.maxTokens}};
            if (c.temperature)
                generation.insert(u"temperature"_s, *c.temperature);
            if (c.seed)
                generation.insert(u"seed"_s, double(*c.seed));
            if (c.jsonMode)
                generation.insert(u"responseMimeType"_s, u"application/json"_s);
            body.insert(u"generationConfig"_s, generation);
            call.url = QUrl(judgeBaseUrl(c) + u"/models/"_s + c.model + u":generateContent"_s);
            if (!key.isEmpty())
                call.headers.append(
                    std::pair<QByteArray, QByteArray>("x-goog-api-key", key.toUtf8()));
        }
        return compact(std::move(call), body, {r.prompt}, sharedStartOf(r));
    }

    ProviderReply parseSuccess(const QByteArray &body) const override
    {
        ProviderReply r;
        const LightJson o = lightJsonDocument(body);
        const LightJson &candidate = o[u"candidates"][0];
        for (const LightJson &part : candidate[u"content"][u"parts"].array()) {
            if (!part[u"thought"].toBool())
                r.text += part[u"text"].toString();
        }
        const LightJson &finish = candidate[u"finishReason"];
        r.truncated = finish.toString() == "MAX_TOKENS"_L1;
        const LightJson &usage = o[u"usageMetadata"];
        r.inputTokens = usage[u"promptTokenCount"].toInteger();
        // Part of promptTokenCount: Gemini caches long prefixes implicitly.
        r.cacheReadTokens = usage[u"cachedContentTokenCount"].toInteger();
        // Thinking tokens are billed as output.
        r.outputTokens
            = usage[u"candidatesTokenCount"].toInteger() + usage[u"thoughtsTokenCount"].toInteger();
        r.ok = !r.text.trimmed().isEmpty();
        if (!r.ok) {
            r.error = u"the judge returned no text (finish reason %1)"_s.arg(
                finish.isString() ? finish.toString() : u"none"_s);
            r.retryable = true;
        }
        return r;
    }
};

class AnthropicProvider final : public JudgeProvider
{
public:
    bool acceptsAttachment(const QString &mime) const override
    {
        static const QStringList images
            = {u"image/png"_s, u"image/jpeg"_s, u"image/gif"_s, u"image/webp"_s};
        return mime == "application/pdf"_L1 || images.contains(mime);
    }

    HttpCall buildCall(const JudgeConfig &c, const ProviderRequest &r,
                       const QString &key) const override
    {
        // Anthropic caches only up to a marked block: the attachments and the prompt's shared
        // prefix are marked, so the requests for one report's other batches read them at a
        // tenth of the price. A prefix below the model's minimum is simply not cached.
        const QJsonObject ephemeral{{u"type"_s, u"ephemeral"_s}};
        QJsonArray content;
        for (const Attachment &a : r.attachments) {
            const QJsonObject source{{u"type"_s, u"base64"_s},
                                     {u"media_type"_s, a.mimeType},
                                     {u"data"_s, QString::fromLatin1(a.data.toBase64())}};
            QJsonObject block{
                {u"type"_s, a.mimeType == "application/pdf"_L1 ? u"document"_s : u"image"_s},
                {u"source"_s, source}};
            if (&a == &r.attachments.constLast())
                block.insert(u"cache_control"_s, ephemeral);
            content.append(block);
        }
        // Two blocks, escaped apart, so even a cut between the halves of a surrogate pair
        // shares the first whole.
        const qsizetype prefix = qBound<qsizetype>(0, r.cachedPrefixChars, r.prompt.size());
        QList<QStringView> texts;
        SharedStart shared = sharedStartOf(r);
        if (prefix > 0 && prefix < r.prompt.size()) {
            content.append(QJsonObject{
                {u"type"_s, u"text"_s}, {u"text"_s, textSlot(0)}, {u"cache_control"_s, ephemeral}});
            content.append(QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, textSlot(1)}});
            texts = {QStringView(r.prompt).first(prefix), QStringView(r.prompt).sliced(prefix)};
            shared = sharedStartOf(r, prefix);
        } else {
            content.append(QJsonObject{{u"type"_s, u"text"_s}, {u"text"_s, textSlot(0)}});
            texts = {r.prompt};
        }
        QJsonObject body{
            {u"model"_s, c.model},
            {u"max_tokens"_s, c.maxTokens},
            {u"messages"_s,
             QJsonArray{QJsonObject{{u"role"_s, u"user"_s}, {u"content"_s, content}}}}};
        if (c.temperature)
            body.insert(u"temperature"_s, *c.temperature);
        HttpCall call;
        call.url = QUrl(judgeBaseUrl(c) + u"/v1/messages"_s);
        call.headers = {{"Content-Type", "application/json"}, {"anthropic-version", "2023-06-01"}};
        call = compact(std::move(call), body, texts, shared);
        if (!key.isEmpty())
            call.headers.append(std::pair<QByteArray, QByteArray>("x-api-key", key.toUtf8()));
        return call;
    }

    ProviderReply parseSuccess(const QByteArray &body) const override
    {
        ProviderReply r;
        const LightJson o = lightJsonDocument(body);
        for (const LightJson &block : o[u"content"].array()) {
            if (block[u"type"].toString() == "text"_L1)
                r.text += block[u"text"].toString();
        }
        r.truncated = o[u"stop_reason"].toString() == "max_tokens"_L1;
        const LightJson &usage = o[u"usage"];
        // Anthropic counts cache reads and writes apart from input_tokens; the reply counts
        // them in, as the other providers do.
        r.cacheReadTokens = usage[u"cache_read_input_tokens"].toInteger();
        r.cacheWriteTokens = usage[u"cache_creation_input_tokens"].toInteger();
        r.inputTokens = usage[u"input_tokens"].toInteger() + r.cacheReadTokens + r.cacheWriteTokens;
        r.outputTokens = usage[u"output_tokens"].toInteger();
        r.ok = !r.text.trimmed().isEmpty();
        if (!r.ok) {
            r.error = u"the judge returned no text"_s;
            r.retryable = true;
        }
        return r;
    }
};

// Copies the leading characters of [s, end) that JSON writes as they are (printable ASCII
// but the quote and the backslash), eight at a time, into `out`; returns how many. Most of a
// prompt is such text, and one unit at a time it cost more than the rest of the request.
qsizetype copyPlainAscii(const char16_t *s, const char16_t *end, char *out)
{
    qsizetype copied = 0;
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi16(0x20);
    const __m128i printable = _mm_set1_epi16(0x7f - 0x20);
    const __m128i quote = _mm_set1_epi16('"');
    const __m128i backslash = _mm_set1_epi16('\\');
    for (; end - s >= 8; s += 8, out += 8, copied += 8) {
        const __m128i units = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s));
        // Zero where the unit lies in 0x20..0x7f: below 0x20 the subtraction wraps around.
        const __m128i outside = _mm_subs_epu16(_mm_sub_epi16(units, space), printable);
        const __m128i escaped
            = _mm_or_si128(_mm_cmpeq_epi16(units, quote), _mm_cmpeq_epi16(units, backslash));
        const __m128i plain
            = _mm_andnot_si128(escaped, _mm_cmpeq_epi16(outside, _mm_setzero_si128()));
        if (_mm_movemask_epi8(plain) != 0xffff)
            break;
        _mm_storel_epi64(reinterpret_cast<__m128i *>(out), _mm_packus_epi16(units, units));
    }
#else
    Q_UNUSED(s);
    Q_UNUSED(end);
    Q_UNUSED(out);
#endif
    return copied;
}

} // namespace

void appendJsonStringContent(QByteArray &out, QStringView text)
{
    static constexpr char hex[] = "0123456789abcdef";
    const char16_t *s = text.utf16();
    const char16_t *const end = s + text.size();
    qsizetype used = out.size();
    // Room for text that JSON writes as it is (most of a prompt) with a block's worst case to
    // spare, so that such text never makes the buffer grow and copy itself.
    constexpr qsizetype unitsPerBlock = 1024;
    out.resize(used + text.size() + 6 * unitsPerBlock + 1);
    // Written through a cursor, a block at a time with room for the longest form of each unit
    // (\uXXXX): appending byte by byte to a QByteArray costs more than the escaping itself.
    while (s < end) {
        const char16_t *const blockEnd = s + qMin<qsizetype>(end - s, unitsPerBlock);
        const qsizetype room = 6 * (blockEnd - s) + 1;
        // Text that is not ASCII (Chinese: three bytes a unit) outgrows the first guess: then
        // room for the rest at three bytes a unit, at once. Doubling instead copied the whole
        // body (the report before it included) several times over.
        if (out.size() - used < room)
            out.resize(used + 3 * (end - s) + 6 * unitsPerBlock + 1);
        char *cursor = out.data() + used;
        // Eight at a time where the text is ASCII; Chinese text would fail the test each time.
        bool ascii = true;
        while (s < blockEnd) {
            if (ascii) {
                const qsizetype plain = copyPlainAscii(s, blockEnd, cursor);
                s += plain;
                cursor += plain;
                if (s == blockEnd)
                    break;
            }
            const char16_t u = *s++;
            ascii = u < 0x80;
            if (u >= 0x20 && u < 0x80 && u != u'"' && u != u'\\') {
                *cursor++ = char(u);
            } else if (u < 0x80) {
                *cursor++ = '\\';
                if (const char letter = jsonShortEscape(u)) {
                    *cursor++ = letter;
                } else {
                    *cursor++ = 'u';
                    *cursor++ = '0';
                    *cursor++ = '0';
                    *cursor++ = hex[u >> 4];
                    *cursor++ = hex[u & 0xf];
                }
            } else if (QChar::isHighSurrogate(u) && s != end && QChar::isLowSurrogate(*s)) {
                const char32_t c = QChar::surrogateToUcs4(u, *s++);
                *cursor++ = char(0xf0 | (c >> 18));
                *cursor++ = char(0x80 | ((c >> 12) & 0x3f));
                *cursor++ = char(0x80 | ((c >> 6) & 0x3f));
                *cursor++ = char(0x80 | (c & 0x3f));
            } else if (QChar::isSurrogate(u)) {
                // No UTF-8 for a lone surrogate: Qt writes it as an escape.
                *cursor++ = '\\';
                *cursor++ = 'u';
                *cursor++ = hex[u >> 12];
                *cursor++ = hex[(u >> 8) & 0xf];
                *cursor++ = hex[(u >> 4) & 0xf];
                *cursor++ = hex[u & 0xf];
            } else if (u < 0x800) {
                *cursor++ = char(0xc0 | (u >> 6));
                *cursor++ = char(0x80 | (u & 0x3f));
            } else {
                // Chinese text is such units one after another: they stay in this loop.
                for (char16_t c = u;;) {
                    *cursor++ = char(0xe0 | (c >> 12));
                    *cursor++ = char(0x80 | ((c >> 6) & 0x3f));
                    *cursor++ = char(0x80 | (c & 0x3f));
                    if (s == blockEnd || *s < 0x800 || QChar::isSurrogate(*s))
                        break;
                    c = *s++;
                }
            }
        }
        used = cursor - out.constData();
    }
    out.resize(used);
}

void appendJsonString(QByteArray &out, QStringView text)
{
    out += '"';
    appendJsonStringContent(out, text);
    out += '"';
}

qsizetype sharedPrefixChars(const ProviderRequest &r)
{
    const qsizetype chars = qBound<qsizetype>(0, r.cachedPrefixChars, r.prompt.size());
    if (chars > 0 && chars < r.prompt.size() && r.prompt.at(chars - 1).isHighSurrogate()
        && r.prompt.at(chars).isLowSurrogate())
        return 0;
    return chars;
}

void SharedPromptJson::reset(qsizetype reports)
{
    m_recent.reset(reports);
}

void SharedPromptJson::fill(ProviderRequest &request)
{
    const qsizetype chars = sharedPrefixChars(request);
    if (chars == 0)
        return;
    const QStringView prefix = QStringView(request.prompt).first(chars);
    const Prefix *known = m_recent.find([&](const Prefix &p) { return p.prefix == prefix; });
    if (!known) {
        // Only what is compared and spliced is kept, at its size.
        Prefix p{prefix.toString(), {}};
        p.json.reserve(3 * chars);
        appendJsonStringContent(p.json, prefix);
        p.json.squeeze();
        known = &m_recent.add(std::move(p));
    }
    request.escapedPrefix = {chars, known->json};
}

QByteArray jsonString(QStringView text)
{
    QByteArray out;
    appendJsonString(out, text);
    return out;
}

QString judgeBaseUrl(const JudgeConfig &c)
{
    QString b = c.baseUrl.isEmpty() ? defaultBaseUrl(c.provider) : c.baseUrl;
    while (b.endsWith(u'/'))
        b.chop(1);
    return b;
}

std::unique_ptr<JudgeProvider> makeProvider(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return std::make_unique<OpenAiProvider>();
    case ProviderKind::Gemini:
        return std::make_unique<GeminiProvider>();
    case ProviderKind::Anthropic:
        return std::make_unique<AnthropicProvider>();
    case ProviderKind::Offline:
        return nullptr;
    }
    return nullptr;
}

int parseRetryAfterMs(const QByteArray &header, const QDateTime &now)
{
    const QByteArray h = header.trimmed();
    if (h.isEmpty())
        return -1;
    bool ok = false;
    const double seconds = h.toDouble(&ok);
    if (ok && qIsFinite(seconds))
        return seconds < 0 ? -1 : int(qMin(seconds * 1000, double(LongestRetryAfterMs)));
    if (ok)
        return -1; // "nan", "inf": no wait a server meant
    // IMF-fixdate, e.g. "Wed, 21 Oct 2015 07:28:00 GMT".
    const QDateTime at = QLocale::c().toDateTime(QString::fromLatin1(h).chopped(4).trimmed(),
                                                 u"ddd, dd MMM yyyy HH:mm:ss"_s);
    if (!at.isValid())
        return -1;
    QDateTime utc = at;
    utc.setTimeSpec(Qt::UTC);
    return int(qBound(qint64(0), now.msecsTo(utc), qint64(LongestRetryAfterMs)));
}

ProviderReply classifyFailure(int status, const QByteArray &body, const QByteArray &retryAfter,
                              const QString &networkError)
{
    ProviderReply r;
    QString detail = QString::fromUtf8(body.left(300)).simplified();
    const QJsonObject o = QJsonDocument::fromJson(body).object();
    const QJsonValue error = o.value(u"error"_s);
    if (error.isObject() && error.toObject().contains(u"message"_s))
        detail = error.toObject().value(u"message"_s).toString();
    if (status == 0) {
        r.error = u"network: %1"_s.arg(networkError);
        r.retryable = true;
        qCDebug(lcJudge, "call failed on the network (%s): retryable", qPrintable(networkError));
        return r;
    }
    r.error = u"HTTP %1%2"_s.arg(status).arg(detail.isEmpty() ? QString() : u": "_s + detail);
    r.retryable = status == 408 || status == 409 || status == 425 || status == 429 || status >= 500;
    r.retryAfterMs = parseRetryAfterMs(retryAfter, QDateTime::currentDateTimeUtc());
    qCDebug(lcJudge, "call failed with HTTP %d: %s, Retry-After %s", status,
            r.retryable ? "retryable" : "final",
            r.retryAfterMs < 0 ? "none" : qPrintable(u"%1 ms"_s.arg(r.retryAfterMs)));
    return r;
}

} // namespace Rubricate
