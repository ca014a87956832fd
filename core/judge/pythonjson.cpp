// Byte-faithful reproductions of the Python behaviour the reference scripts rely on, so that
// prompts are the same text the benchmark's own pipeline would send.
#include "promptscheme.h"

#include "text/lightjson.h"

#include <algorithm>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Where the next unit at or after `from` that JSON escapes is (a control character, the
// quote, the backslash); the end when there is none. Eight units at a time where SSE2 has it.
qsizetype nextEscaped(QStringView text, qsizetype from)
{
    const char16_t *s = text.utf16();
    const qsizetype size = text.size();
    qsizetype i = from;
#if defined(__SSE2__)
    const __m128i control = _mm_set1_epi16(0x1f);
    const __m128i quote = _mm_set1_epi16('"');
    const __m128i backslash = _mm_set1_epi16('\\');
    for (; size - i >= 8; i += 8) {
        const __m128i units = _mm_loadu_si128(reinterpret_cast<const __m128i *>(s + i));
        // Zero where the unit is at most 0x1f (an unsigned saturating subtraction).
        const __m128i below = _mm_cmpeq_epi16(_mm_subs_epu16(units, control), _mm_setzero_si128());
        const __m128i escaped = _mm_or_si128(
            below, _mm_or_si128(_mm_cmpeq_epi16(units, quote), _mm_cmpeq_epi16(units, backslash)));
        if (_mm_movemask_epi8(escaped) != 0)
            break;
    }
#endif
    for (; i < size; ++i) {
        const char16_t c = s[i];
        if (c < 0x20 || c == u'"' || c == u'\\')
            return i;
    }
    return size;
}

void dumpString(const QString &s, QString &out)
{
    out += u'"';
    // Runs that need no escape are copied whole: a prompt's rubric items are mostly such runs,
    // and appending character by character was most of the cost of writing them.
    const QStringView text(s);
    qsizetype run = 0;
    for (qsizetype i = nextEscaped(text, 0); i < text.size(); i = nextEscaped(text, run)) {
        const char16_t c = text[i].unicode();
        out += text.sliced(run, i - run);
        run = i + 1;
        switch (c) {
        case '"':
            out += u"\\\""_s;
            break;
        case '\\':
            out += u"\\\\"_s;
            break;
        case '\n':
            out += u"\\n"_s;
            break;
        case '\r':
            out += u"\\r"_s;
            break;
        case '\t':
            out += u"\\t"_s;
            break;
        case '\b':
            out += u"\\b"_s;
            break;
        case '\f':
            out += u"\\f"_s;
            break;
        default:
            out += u"\\u%1"_s.arg(int(c), 4, 16, QChar(u'0'));
        }
    }
    out += text.sliced(run);
    out += u'"';
}

void pad(int spaces, QString &out)
{
    out.resize(out.size() + spaces, u' ');
}

void dump(const LightJson &v, const QStringList &order, int indent, int depth, QString &out)
{
    const int inner = indent * (depth + 1);
    const int outer = indent * depth;
    if (v.isObject()) {
        const LightJson::Object &members = v.members();
        if (members.empty()) {
            out += u"{}"_s;
            return;
        }
        // As QJsonObject keeps them (sorted by key), then in the given order.
        std::vector<const LightJson::Member *> sorted;
        sorted.reserve(members.size());
        for (const LightJson::Member &m : members)
            sorted.push_back(&m);
        std::sort(sorted.begin(), sorted.end(),
                  [](const auto *a, const auto *b) { return a->key < b->key; });
        std::stable_sort(sorted.begin(), sorted.end(), [&](const auto *a, const auto *b) {
            const qsizetype ia = order.indexOf(a->key), ib = order.indexOf(b->key);
            return (ia < 0 ? order.size() : ia) < (ib < 0 ? order.size() : ib);
        });
        out += u"{\n"_s;
        for (std::size_t i = 0; i < sorted.size(); ++i) {
            pad(inner, out);
            dumpString(sorted[i]->key, out);
            out += u": "_s;
            dump(sorted[i]->value, order, indent, depth + 1, out);
            out += i + 1 < sorted.size() ? u",\n"_s : u"\n"_s;
        }
        pad(outer, out);
        out += u'}';
        return;
    }
    if (v.isArray()) {
        const LightJson::Array &a = v.array();
        if (a.empty()) {
            out += u"[]"_s;
            return;
        }
        out += u"[\n"_s;
        for (std::size_t i = 0; i < a.size(); ++i) {
            pad(inner, out);
            dump(a[i], order, indent, depth + 1, out);
            out += i + 1 < a.size() ? u",\n"_s : u"\n"_s;
        }
        pad(outer, out);
        out += u']';
        return;
    }
    if (v.isString()) {
        dumpString(v.toString(), out);
        return;
    }
    const QJsonValue scalar = v.toJson();
    switch (scalar.type()) {
    case QJsonValue::Double: {
        const double d = scalar.toDouble();
        if (d == double(qint64(d)))
            out += QString::number(qint64(d));
        else
            out += QString::number(d, 'g', 17);
        return;
    }
    case QJsonValue::Bool:
        out += scalar.toBool() ? u"true"_s : u"false"_s;
        return;
    default:
        out += u"null"_s;
    }
}

} // namespace

QString pythonJsonDumps(const LightJson &value, const QStringList &keyOrder, int indent)
{
    QString out;
    dump(value, keyOrder, indent, 0, out);
    return out;
}

QString pythonJsonDumps(const QJsonValue &value, const QStringList &keyOrder, int indent)
{
    return pythonJsonDumps(LightJson(value), keyOrder, indent);
}

QString cutToCodePoints(const QString &text, int maxChars)
{
    if (maxChars <= 0 || text.size() <= maxChars)
        return text; // fewer UTF-16 units than the limit: fewer code points too
    qsizetype units = 0;
    int points = 0;
    while (units < text.size() && points < maxChars) {
        units += (text.at(units).isHighSurrogate() && units + 1 < text.size()) ? 2 : 1;
        ++points;
    }
    return text.left(units);
}

} // namespace Rubricate
