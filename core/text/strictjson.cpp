#include "strictjson.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QStringDecoder>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <bit>
#include <charconv>
#include <cmath>
#include <string>
#include <type_traits>

namespace Rubricate {

namespace {

// Beyond these, QJsonDocument reads the document: inserting into a QJsonObject moves the keys
// after it, so a huge object would cost quadratic time here.
constexpr int kMaxDepth = 256;
constexpr qsizetype kMaxMembers = 1024;
// The keys a document repeats (every item of a judge's answer has the same few) are decoded
// into one buffer and shared from here rather than allocated again for each object.
constexpr qsizetype kSharedKeys = 16;

// How a document is put together: in Qt's types, or in LightJson.
struct QtTypes {
    using Value = QJsonValue;
    using Object = QJsonObject;
    using Array = QJsonArray;

    // False for a repeated key: QJsonDocument's choice of which one stays is its own to make.
    static bool insert(Object &o, const QString &key, Value &&v)
    {
        const qsizetype before = o.size();
        o.insert(key, v);
        return o.size() != before;
    }
    static void append(Array &a, Value &&v) { a.append(v); }
};

struct LightTypes {
    using Value = LightJson;
    using Object = LightJson::Object;
    using Array = LightJson::Array;

    static bool insert(Object &o, const QString &key, Value &&v)
    {
        for (const LightJson::Member &m : o) {
            if (m.key == key)
                return false;
        }
        o.push_back({key, std::move(v)});
        return true;
    }
    static void append(Array &a, Value &&v) { a.push_back(std::move(v)); }
};

template<typename Char, typename Types>
class StrictReader
{
    using Value = typename Types::Value;

public:
    StrictReader(const Char *begin, const Char *end)
        : m_at(begin)
        , m_end(end)
    { }

    std::optional<Value> document()
    {
        skipSpace();
        if (m_at == m_end || (*m_at != '{' && *m_at != '['))
            return std::nullopt;
        std::optional<Value> v = value();
        skipSpace();
        if (!v || m_at != m_end)
            return std::nullopt;
        return v;
    }

    // The object or array that starts right here, and in `length` how many units it takes.
    std::optional<Value> leadingValue(qsizetype *length)
    {
        const Char *const start = m_at;
        if (m_at == m_end || (*m_at != '{' && *m_at != '['))
            return std::nullopt;
        std::optional<Value> v = value();
        *length = m_at - start;
        return v;
    }

private:
    void skipSpace()
    {
        while (m_at != m_end && (*m_at == ' ' || *m_at == '\n' || *m_at == '\r' || *m_at == '\t'))
            ++m_at;
    }

    bool take(char c)
    {
        if (m_at == m_end || *m_at != static_cast<Char>(c))
            return false;
        ++m_at;
        return true;
    }

    bool literal(const char *word)
    {
        for (; *word; ++word) {
            if (!take(*word))
                return false;
        }
        return true;
    }

    std::optional<Value> value()
    {
        if (m_at == m_end)
            return std::nullopt;
        switch (*m_at) {
        case '{':
            return object();
        case '[':
            return array();
        case '"': {
            QString s;
            if (!string(s))
                return std::nullopt;
            return Value(std::move(s));
        }
        case 't':
            return scalar(literal("true"), QJsonValue(true));
        case 'f':
            return scalar(literal("false"), QJsonValue(false));
        case 'n':
            return scalar(literal("null"), QJsonValue(QJsonValue::Null));
        default: {
            const std::optional<QJsonValue> n = number();
            return scalar(n.has_value(), n.value_or(QJsonValue()));
        }
        }
    }

    static std::optional<Value> scalar(bool read, const QJsonValue &v)
    {
        return read ? std::optional<Value>(Value(v)) : std::nullopt;
    }

    // The key at m_at, decoded into m_key; a copy of an earlier key equal to it when there is
    // one.
    std::optional<QString> key()
    {
        m_key.resize(0);
        if (!string(m_key))
            return std::nullopt;
        for (const QString &k : std::as_const(m_keys)) {
            if (k == m_key)
                return k;
        }
        QString fresh(m_key.constData(), m_key.size());
        if (m_keys.size() < kSharedKeys)
            m_keys.append(fresh);
        return fresh;
    }

    std::optional<Value> object()
    {
        if (++m_depth > kMaxDepth)
            return std::nullopt;
        ++m_at; // '{'
        typename Types::Object o;
        skipSpace();
        if (!take('}')) {
            do {
                skipSpace();
                // QJsonDocument orders the keys by what they were before it dropped the mark.
                if (bomAfterQuote())
                    return std::nullopt;
                const std::optional<QString> name = key();
                if (!name)
                    return std::nullopt;
                skipSpace();
                if (!take(':'))
                    return std::nullopt;
                skipSpace();
                std::optional<Value> v = value();
                if (!v || !Types::insert(o, *name, std::move(*v))
                    || qsizetype(o.size()) > kMaxMembers)
                    return std::nullopt;
                skipSpace();
            } while (take(','));
            if (!take('}'))
                return std::nullopt;
        }
        --m_depth;
        return Value(std::move(o));
    }

    std::optional<Value> array()
    {
        if (++m_depth > kMaxDepth)
            return std::nullopt;
        ++m_at; // '['
        typename Types::Array a;
        skipSpace();
        if (!take(']')) {
            do {
                skipSpace();
                std::optional<Value> v = value();
                if (!v)
                    return std::nullopt;
                Types::append(a, std::move(*v));
                skipSpace();
            } while (take(','));
            if (!take(']'))
                return std::nullopt;
        }
        --m_depth;
        return Value(std::move(a));
    }

    static bool isDigit(Char c) { return c >= '0' && c <= '9'; }

    bool digits()
    {
        if (m_at == m_end || !isDigit(*m_at))
            return false;
        while (m_at != m_end && isDigit(*m_at))
            ++m_at;
        return true;
    }

    std::optional<QJsonValue> number()
    {
        const Char *start = m_at;
        take('-');
        if (!take('0') && !digits())
            return std::nullopt;
        bool integral = true;
        if (take('.')) {
            integral = false;
            if (!digits())
                return std::nullopt;
        }
        if (m_at != m_end && (*m_at == 'e' || *m_at == 'E')) {
            integral = false;
            ++m_at;
            if (!take('+'))
                take('-');
            if (!digits())
                return std::nullopt;
        }
        // The grammar above admits ASCII only, so each unit is one character.
        char buffer[64];
        if (m_at - start >= qsizetype(sizeof buffer))
            return std::nullopt;
        const auto length = std::size_t(m_at - start);
        for (std::size_t i = 0; i < length; ++i)
            buffer[i] = char(start[i]);
        // As QJsonDocument: an integer that fits in 64 bits stays one, anything else is a double.
        if (integral) {
            qint64 n = 0;
            const auto [end, ec] = std::from_chars(buffer, buffer + length, n);
            if (ec == std::errc() && end == buffer + length)
                return QJsonValue(n);
        }
        double d = 0;
        const auto [end, ec] = std::from_chars(buffer, buffer + length, d);
        if (ec != std::errc() || end != buffer + length)
            return std::nullopt;
        // So does a double with a whole value in range, as QJsonDocument keeps it (-0.0 is 0).
        constexpr double twoTo63 = 9223372036854775808.0;
        if (d >= -twoTo63 && d < twoTo63 && d == std::trunc(d))
            return QJsonValue(qint64(d));
        return QJsonValue(d);
    }

    static int hexValue(Char c)
    {
        if (c >= '0' && c <= '9')
            return c - '0';
        if (c >= 'a' && c <= 'f')
            return c - 'a' + 10;
        if (c >= 'A' && c <= 'F')
            return c - 'A' + 10;
        return -1;
    }

    // The character an escape other than \u stands for; 0 when there is no such escape.
    static char simpleEscape(Char c)
    {
        switch (c) {
        case '"':
        case '\\':
        case '/':
            return char(c);
        case 'b':
            return '\b';
        case 'f':
            return '\f';
        case 'n':
            return '\n';
        case 'r':
            return '\r';
        case 't':
            return '\t';
        default:
            return 0;
        }
    }

    bool escape(QString &out)
    {
        if (m_at == m_end)
            return false;
        const Char c = *m_at++;
        if (const char simple = simpleEscape(c)) {
            out.append(QLatin1Char(simple));
            return true;
        }
        switch (c) {
        case 'u': {
            if (m_end - m_at < 4)
                return false;
            int unit = 0;
            for (int i = 0; i < 4; ++i) {
                const int h = hexValue(*m_at++);
                if (h < 0)
                    return false;
                unit = unit * 16 + h;
            }
            // Unit by unit, surrogates included, as QJsonDocument does.
            out.append(QChar(char16_t(unit)));
            return true;
        }
        default:
            return false;
        }
    }

    // Whether the string whose opening quote is at m_at starts with a byte order mark written
    // out (not escaped).
    bool bomAfterQuote() const
    {
        if constexpr (std::is_same_v<Char, char>)
            return m_end - m_at >= 4 && QByteArrayView(m_at + 1, 3) == "\xEF\xBB\xBF";
        else
            return m_end - m_at >= 2 && m_at[1] == 0xFEFF;
    }

    // Whether, from `from` on, a backslash comes before a quote: whether the string there has
    // an escape.
    bool escapeBeforeQuote(const Char *from) const
    {
        for (; from < m_end; ++from) {
            if (*from == '"')
                return false;
            if (*from == '\\')
                return true;
        }
        return false;
    }

    bool string(QString &out)
    {
        // QJsonDocument drops a byte order mark written out at the start of a string, and only
        // there, and only in a string without escapes: such a string it decodes whole, which
        // drops the mark; one with an escape it reads a character at a time, the mark too.
        constexpr int bomUnits = std::is_same_v<Char, char> ? 3 : 1;
        const bool bom = bomAfterQuote() && !escapeBeforeQuote(m_at + 1 + bomUnits);
        if (!take('"'))
            return false;
        if (bom)
            m_at += bomUnits;
        if constexpr (std::is_same_v<Char, char>)
            return utf8String(out);
        else
            return utf16String(out);
    }

    // The rest of a string of UTF-16 input, after its opening quote.
    bool utf16String(QString &out)
    {
        for (;;) {
            const Char *run = m_at;
            for (;;) {
                m_at = plainUtf16Run(m_at, m_end);
                if (m_at == m_end || !QChar::isSurrogate(*m_at))
                    break;
                // QJsonDocument reads UTF-8, where a lone surrogate is not.
                if (!QChar::isHighSurrogate(*m_at) || m_end - m_at < 2
                    || !QChar::isLowSurrogate(m_at[1]))
                    return false;
                m_at += 2;
            }
            out.append(QStringView(run, m_at - run));
            if (m_at == m_end || *m_at < 0x20)
                return false; // raw control characters: QJsonDocument decides
            if (*m_at++ == '"')
                return true;
            if (!escape(out))
                return false;
        }
    }

    // The first quote, backslash, control character or surrogate from `from` on (or `end`),
    // eight units at a time where SSE2 has it.
    static const Char *plainUtf16Run(const Char *from, const Char *end)
    {
#if defined(__SSE2__)
        const __m128i quote = _mm_set1_epi16('"');
        const __m128i backslash = _mm_set1_epi16('\\');
        const __m128i controlEnd = _mm_set1_epi16(0x1f);
        const __m128i surrogateBits = _mm_set1_epi16(short(0xf800));
        const __m128i surrogate = _mm_set1_epi16(short(0xd800));
        constexpr qsizetype units = 8;
        for (; end - from >= units; from += units) {
            const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(from));
            // A control unit is one that subtracting 0x1f, saturated, takes to zero.
            const __m128i stops = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi16(block, quote), _mm_cmpeq_epi16(block, backslash)),
                _mm_or_si128(
                    _mm_cmpeq_epi16(_mm_subs_epu16(block, controlEnd), _mm_setzero_si128()),
                    _mm_cmpeq_epi16(_mm_and_si128(block, surrogateBits), surrogate)));
            if (const unsigned mask = unsigned(_mm_movemask_epi8(stops)))
                return from + std::countr_zero(mask) / 2;
        }
#endif
        while (from != end && *from != '"' && *from != '\\' && *from >= 0x20
               && !QChar::isSurrogate(*from))
            ++from;
        return from;
    }

    // The rest of a string of UTF-8 input, after its opening quote. Its bytes, with the escapes
    // that stand for ASCII resolved, are gathered and decoded at once: a string of JSON written
    // inside JSON (a judge's answer in its envelope) has an escape every few characters, and
    // decoding piece by piece cost more than the reading.
    bool utf8String(QString &out)
    {
        // Unescaping only shortens, but a string may be most of the document (a judge's
        // answer in its envelope): the buffer starts with room for the rest of the document
        // when that is short, and grows as the string needs, with room for plainRun()'s
        // whole-block stores.
        if (m_bytes.size() < kBlock)
            m_bytes.resize(
                qBound(qsizetype(256), qsizetype(m_end - m_at) + kBlock, qsizetype(64 * 1024)));
        char *to = m_bytes.data();
        bool ascii = true;
        for (;;) {
            m_at = plainRun(m_at, m_end, to, m_bytes.data() + m_bytes.size(), ascii);
            if (m_at == m_end)
                return false;
            if (isPlain(*m_at)) { // out of room
                to = grown(to);
                continue;
            }
            if (uchar(*m_at) < 0x20)
                return false; // raw control characters: QJsonDocument decides
            const QByteArrayView bytes(m_bytes.data(), to - m_bytes.data());
            if (*m_at++ == '"')
                return appendBytes(out, bytes, ascii);
            if (m_at == m_end)
                return false;
            if (const char simple = simpleEscape(*m_at)) {
                if (to == m_bytes.data() + m_bytes.size())
                    to = grown(to);
                *to++ = simple;
                ++m_at;
                continue;
            }
            // \uXXXX goes in as the UTF-16 unit it names, lone surrogates included.
            if (!appendBytes(out, bytes, ascii) || !escape(out))
                return false;
            to = m_bytes.data();
            ascii = true;
        }
    }

    static bool isPlain(Char c)
    {
        return c != '"' && c != '\\' && uchar(c) >= 0x20;
    }

    // m_bytes twice as large, and `to` where it was in it.
    char *grown(char *to)
    {
        const ptrdiff_t used = to - m_bytes.data();
        m_bytes.resize(2 * m_bytes.size());
        return m_bytes.data() + used;
    }

    static constexpr qsizetype kBlock = 16;

    // Copies bytes from `from` to `to` up to the first quote, backslash or control character,
    // `end`, or where `toEnd` leaves no room, and returns where it stopped; `ascii` turns false
    // at a byte above 0x7f. A block at a time where SSE2 has it.
    static const Char *plainRun(const Char *from, const Char *end, char *&to, const char *toEnd,
                                bool &ascii)
    {
#if defined(__SSE2__)
        const __m128i quote = _mm_set1_epi8('"');
        const __m128i backslash = _mm_set1_epi8('\\');
        const __m128i controlEnd = _mm_set1_epi8(0x1f);
        while (end - from >= kBlock && toEnd - to >= kBlock) {
            const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i *>(from));
            _mm_storeu_si128(reinterpret_cast<__m128i *>(to), block);
            // A control byte is one whose unsigned minimum with 0x1f is itself.
            const __m128i stops = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(block, quote), _mm_cmpeq_epi8(block, backslash)),
                _mm_cmpeq_epi8(_mm_min_epu8(block, controlEnd), block));
            const unsigned stopMask = unsigned(_mm_movemask_epi8(stops));
            const unsigned highMask = unsigned(_mm_movemask_epi8(block));
            const int plain = stopMask ? std::countr_zero(stopMask) : int(kBlock);
            ascii = ascii && (highMask & ((1u << plain) - 1)) == 0;
            from += plain;
            to += plain;
            if (plain < kBlock)
                return from;
        }
#endif
        for (; from != end && to != toEnd && isPlain(*from); ++from) {
            ascii = ascii && uchar(*from) < 0x80;
            *to++ = char(*from);
        }
        return from;
    }

    // Decodes `bytes` onto `out`; false when they are not valid UTF-8.
    bool appendBytes(QString &out, QByteArrayView bytes, bool ascii)
    {
        if (ascii)
            out.append(QLatin1StringView(bytes));
        else
            out.append(m_decoder(bytes).operator QString());
        return ascii || !m_decoder.hasError();
    }

    const Char *m_at;
    const Char *const m_end;
    QByteArray m_bytes; // utf8String()'s unescaped bytes, kept for its capacity (and not zeroed)
    QString m_key; // key()'s, kept for its capacity
    QList<QString> m_keys; // the first kSharedKeys distinct keys
    int m_depth = 0;
    QStringDecoder m_decoder{QStringDecoder::Utf8,
                             QStringDecoder::Flag::Stateless
                                 | QStringDecoder::Flag::ConvertInitialBom};
};

} // namespace

std::optional<QJsonValue> readStrictJson(QByteArrayView utf8)
{
    return StrictReader<char, QtTypes>(utf8.data(), utf8.data() + utf8.size()).document();
}

std::optional<QJsonValue> readStrictJson(QStringView json)
{
    return StrictReader<char16_t, QtTypes>(json.utf16(), json.utf16() + json.size()).document();
}

std::optional<LightJson> readStrictLightJson(QByteArrayView utf8)
{
    return StrictReader<char, LightTypes>(utf8.data(), utf8.data() + utf8.size()).document();
}

std::optional<LightJson> readStrictLightJson(QStringView json)
{
    return StrictReader<char16_t, LightTypes>(json.utf16(), json.utf16() + json.size()).document();
}

std::optional<QJsonValue> readStrictJsonPrefix(QStringView json, qsizetype *length)
{
    return StrictReader<char16_t, QtTypes>(json.utf16(), json.utf16() + json.size())
        .leadingValue(length);
}

std::optional<LightJson> readStrictLightJsonPrefix(QStringView json, qsizetype *length)
{
    return StrictReader<char16_t, LightTypes>(json.utf16(), json.utf16() + json.size())
        .leadingValue(length);
}

LightJson lightJsonDocument(const QByteArray &utf8)
{
    if (std::optional<LightJson> v = readStrictLightJson(QByteArrayView(utf8)))
        return std::move(*v);
    const QJsonDocument doc = QJsonDocument::fromJson(utf8);
    if (doc.isObject())
        return LightJson(doc.object());
    return doc.isArray() ? LightJson(doc.array()) : LightJson();
}

QJsonDocument jsonDocument(const QByteArray &utf8)
{
    if (const std::optional<QJsonValue> v = readStrictJson(utf8))
        return v->isObject() ? QJsonDocument(v->toObject()) : QJsonDocument(v->toArray());
    return QJsonDocument::fromJson(utf8);
}

} // namespace Rubricate
