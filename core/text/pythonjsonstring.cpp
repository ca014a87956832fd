#include "pythonjsonstring.h"

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

} // namespace

void appendPythonJsonString(QString &out, QStringView text)
{
    out += u'"';
    // Runs that need no escape are copied whole: a prompt's rubric items are mostly such runs,
    // and appending character by character was most of the cost of writing them.
    qsizetype run = 0;
    for (qsizetype i = nextEscaped(text, 0); i < text.size(); i = nextEscaped(text, run)) {
        const char16_t c = text[i].unicode();
        out += text.sliced(run, i - run);
        run = i + 1;
        out += u'\\';
        if (const char letter = jsonShortEscape(c))
            out += QLatin1Char(letter);
        else
            out += u"u%1"_s.arg(int(c), 4, 16, QChar(u'0'));
    }
    out += text.sliced(run);
    out += u'"';
}

} // namespace Rubricate
