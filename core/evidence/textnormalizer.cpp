#include "evidence/textnormalizer.h"

#include "text/quotemarks.h"
#include "text/scriptclass.h"

#include <QChar>

#include <array>
#include <utility>

namespace Rubricate::EvidenceText {

namespace {

constexpr char16_t QuoteMark = u'"';
constexpr char16_t DashMark = u'-';

// Judges never reproduce these; keeping them would break every match that spans one.
bool isInvisible(char32_t c)
{
    return (c >= 0x200B && c <= 0x200D) || c == 0x2060 || c == 0xFEFF || c == 0x00AD
        || (c >= 0xFE00 && c <= 0xFE0F);
}

bool isWordChar(char32_t c)
{
    if (c < 0x80)
        return (c >= u'0' && c <= u'9') || (c >= u'a' && c <= u'z') || (c >= u'A' && c <= u'Z');
    return isCjk(c) || QChar::isLetterOrNumber(c);
}

// Markdown links keep their text and lose "[", "](target)" and the "!" of images: judges quote
// what a reader sees. Returns sorted, disjoint [begin, end) ranges to skip.
QList<std::pair<qsizetype, qsizetype>> markdownLinkSyntax(QStringView text)
{
    QList<std::pair<qsizetype, qsizetype>> drops;
    const qsizetype n = text.size();
    qsizetype lastEnd = 0;
    qsizetype at = 0;
    while ((at = text.indexOf(u"](", at)) >= 0) {
        qsizetype open = at - 1;
        while (open >= lastEnd && text[open] != u'[' && text[open] != u']' && text[open] != u'\n')
            --open;
        if (open < lastEnd || text[open] != u'[') {
            at += 2;
            continue;
        }
        // URLs may contain balanced parentheses (Wikipedia links do).
        qsizetype close = at + 2;
        int depth = 0;
        for (; close < n; ++close) {
            const QChar c = text[close];
            if (c == u'\n')
                break;
            if (c == u'(') {
                ++depth;
            } else if (c == u')') {
                if (depth == 0)
                    break;
                --depth;
            }
        }
        if (close >= n || text[close] != u')') {
            at += 2;
            continue;
        }
        const qsizetype bang = (open > lastEnd && text[open - 1] == u'!') ? open - 1 : open;
        drops.append({bang, open + 1});
        drops.append({at, close + 1});
        lastEnd = close + 1;
        at = close + 1;
    }
    return drops;
}

// What each ASCII character becomes when nothing about it depends on context, 0 where it does
// (whitespace, markup, dashes, line-start markers).
constexpr auto PlainAscii = [] {
    std::array<char16_t, 128> table{};
    for (char16_t c = 0x21; c < 0x7F; ++c)
        table[c] = (c >= u'A' && c <= u'Z') ? char16_t(c + 32) : c;
    table[u'\''] = QuoteMark;
    for (const char16_t c : {u'*', u'_', u'`', u'#', u'>', u'|', DashMark})
        table[c] = 0;
    return table;
}();

class Normaliser
{
public:
    Normaliser(QStringView in, bool keepMap)
        : m_in(in)
        , m_keepMap(keepMap)
    {
        reserve(in.size() + 16);
    }

    NormalisedText run()
    {
        const auto drops = m_in.contains(u"](") ? markdownLinkSyntax(m_in)
                                                : QList<std::pair<qsizetype, qsizetype>>();
        qsizetype nextDrop = 0;
        const qsizetype n = m_in.size();
        for (qsizetype i = 0; i < n;) {
            if (nextDrop < drops.size() && i == drops[nextDrop].first) {
                i = drops[nextDrop].second;
                ++nextDrop;
                m_atLineStart = false;
                continue;
            }
            const char16_t unit = m_in[i].unicode();
            // Fast paths for the bulk of any report: plain ASCII and common ideographs.
            if (unit < 0x80 && PlainAscii[unit]) {
                const char16_t folded = PlainAscii[unit];
                plain(folded, int(i),
                      (folded >= u'0' && folded <= u'9') || (folded >= u'a' && folded <= u'z'));
                ++i;
                continue;
            }
            if (isInScriptBlock(unit, ScriptBlock::CjkUnifiedIdeographs)) {
                ideograph(unit, int(i));
                ++i;
                continue;
            }
            char32_t c = unit;
            int len = 1;
            if (QChar::isHighSurrogate(c) && i + 1 < n && m_in[i + 1].isLowSurrogate()) {
                c = QChar::surrogateToUcs4(m_in[i], m_in[i + 1]);
                len = 2;
            }
            feed(c, int(i), int(i + len), 0);
            i += len;
        }
        m_out.text.truncate(m_length);
        if (m_keepMap) {
            m_out.origStart.resize(size_t(m_length));
            m_out.origEnd.resize(size_t(m_length));
        }
        return std::move(m_out);
    }

private:
    void feed(char32_t c, int from, int to, int depth)
    {
        if (c < 0x80) {
            switch (c) {
            case u'\n':
            case u'\r':
                whitespace(from, to);
                m_atLineStart = true;
                return;
            case u' ':
            case u'\t':
            case u'\f':
            case u'\v':
            case u'|': // table cell borders separate words like spaces do
                whitespace(from, to);
                return;
            case u'*':
            case u'_':
            case u'`':
                m_atLineStart = false;
                return;
            case u'#':
            case u'>':
                if (m_atLineStart)
                    return;
                break;
            case u'\'':
                c = QuoteMark;
                break;
            default:
                if (c >= u'A' && c <= u'Z')
                    c += 32;
                break;
            }
            visible(c, from, to);
            return;
        }
        // Common ideographs have no folding; skip the table lookups for CJK reports.
        if (isInScriptBlock(c, ScriptBlock::CjkUnifiedIdeographs)) {
            visible(c, from, to);
            return;
        }
        if (isInvisible(c))
            return;
        if (QChar::isSpace(c)) {
            whitespace(from, to);
            if (c == 0x2028 || c == 0x2029 || c == 0x85)
                m_atLineStart = true;
            return;
        }
        if (isTypographicQuote(c)) {
            visible(QuoteMark, from, to);
            return;
        }
        if (isTypographicDash(c)) {
            visible(DashMark, from, to);
            return;
        }
        switch (c) {
        case 0x2026: // … and ⋯ read as "..." so that a literal ellipsis in the report matches
        case 0x22EF:
            visible(u'.', from, to);
            append(u'.', from, to);
            append(u'.', from, to);
            return;
        case 0x3002: // 。 and 、 are what judges turn into "." and ","
        case 0xFF61:
            visible(u'.', from, to);
            return;
        case 0x3001:
        case 0xFF64:
            visible(u',', from, to);
            return;
        default:
            break;
        }
        if (c >= 0xFF01 && c <= 0xFF5E) { // full-width ASCII, the bulk of CJK punctuation
            feed(c - 0xFEE0, from, to, depth + 1);
            return;
        }
        if (depth < 4) {
            const QChar::Decomposition tag = QChar::decompositionTag(c);
            if (tag != QChar::NoDecomposition && tag != QChar::Canonical) {
                const QString parts = QChar::decomposition(c);
                for (qsizetype k = 0; k < parts.size(); ++k) {
                    char32_t p = parts[k].unicode();
                    if (QChar::isHighSurrogate(p) && k + 1 < parts.size()) {
                        p = QChar::surrogateToUcs4(parts[k], parts[k + 1]);
                        ++k;
                    }
                    feed(p, from, to, depth + 1);
                }
                return;
            }
        }
        visible(QChar::toCaseFolded(c), from, to);
    }

    // visible() for an ASCII character that is neither a dash nor CJK.
    void plain(char16_t c, int at, bool alphanumeric)
    {
        if (m_pendingSpace) {
            m_pendingSpace = false;
            if (m_length > 0 && !m_lastWordCjk && m_text[m_length - 1] != DashMark)
                append(u' ', m_spaceFrom, m_spaceTo);
        }
        append(c, at, at + 1);
        if (alphanumeric) {
            ++m_out.letters;
            m_lastWordCjk = false;
        }
        m_atLineStart = false;
    }

    // visible() for a BMP ideograph.
    void ideograph(char16_t c, int at)
    {
        m_pendingSpace = false;
        append(c, at, at + 1);
        ++m_out.letters;
        ++m_out.cjkLetters;
        m_lastWordCjk = true;
        m_atLineStart = false;
    }

    void whitespace(int from, int to)
    {
        if (!m_pendingSpace) {
            m_pendingSpace = true;
            m_spaceFrom = from;
        }
        m_spaceTo = to;
    }

    void visible(char32_t c, int from, int to)
    {
        const bool cjk = c >= scriptBlockRange(ScriptBlock::CjkRadicals).first && isCjk(c);
        const bool dash = c == DashMark;
        const bool afterDash = m_length > 0 && m_text[m_length - 1] == DashMark;
        if (m_pendingSpace) {
            m_pendingSpace = false;
            // Chinese and Japanese put no spaces between words, so any space next to them is
            // layout (a PDF line break, a judge's habit) and must not decide a match. Punctuation
            // keeps the script of the word before it: "临江市, 2023" is still Chinese context.
            // Judges also retype "a—b" as "a - b" or "a -- b": spaces around a dash go too.
            if (m_length > 0 && !cjk && !m_lastWordCjk && !dash && !afterDash)
                append(u' ', m_spaceFrom, m_spaceTo);
        }
        if (dash && afterDash) {
            if (m_keepMap)
                m_out.origEnd[m_length - 1] = to;
            return;
        }
        if (QChar::requiresSurrogates(c)) {
            append(QChar::highSurrogate(c), from, to);
            append(QChar::lowSurrogate(c), from, to);
        } else {
            append(char16_t(c), from, to);
        }
        if (cjk) {
            ++m_out.letters;
            ++m_out.cjkLetters;
            m_lastWordCjk = true;
        } else if (isWordChar(c)) {
            ++m_out.letters;
            m_lastWordCjk = false;
        }
        m_atLineStart = false;
    }

    // The output is written in place into buffers sized for the usual case (one unit out per
    // unit in); expansions such as "…" → "..." grow them.
    void reserve(qsizetype capacity)
    {
        m_out.text.resize(capacity);
        m_text = reinterpret_cast<char16_t *>(m_out.text.data());
        m_capacity = capacity;
        if (m_keepMap) {
            m_out.origStart.resize(size_t(capacity));
            m_out.origEnd.resize(size_t(capacity));
        }
    }

    void append(char16_t u, int from, int to)
    {
        if (m_length == m_capacity)
            reserve(m_capacity * 2);
        m_text[m_length] = u;
        if (m_keepMap) {
            m_out.origStart[size_t(m_length)] = from;
            m_out.origEnd[size_t(m_length)] = to;
        }
        ++m_length;
    }

    QStringView m_in;
    bool m_keepMap;
    NormalisedText m_out;
    char16_t *m_text = nullptr; // m_out.text's buffer
    qsizetype m_length = 0;
    qsizetype m_capacity = 0;
    bool m_pendingSpace = false;
    int m_spaceFrom = 0;
    int m_spaceTo = 0;
    bool m_lastWordCjk = false;
    bool m_atLineStart = true;
};

bool isDot(QChar c)
{
    return c == u'.' || c == u'\uFF0E' || c == u'\u3002' || c == u'\uFF61';
}

bool isEllipsisChar(QChar c)
{
    return c == u'\u2026' || c == u'\u22EF';
}

QChar closerOf(QChar opener)
{
    switch (opener.unicode()) {
    case u'[':
        return u']';
    case u'(':
        return u')';
    case u'\uFF08':
        return u'\uFF09';
    case u'\u3010':
        return u'\u3011';
    default:
        return QChar();
    }
}

} // namespace

NormalisedText normalise(QStringView text, bool keepMap)
{
    return Normaliser(text, keepMap).run();
}

bool isCjk(char32_t c)
{
    // Not the Hangul syllables: Korean puts spaces between words (the compatibility jamo are
    // in, as part of the run of kana and bopomofo blocks). Not the ideographic space (U+3000),
    // which is a space like any other.
    constexpr ScriptBlocks Unspaced = CjkIdeographBlocks | ScriptBlock::CjkRadicals
        | ScriptBlock::CjkSymbolsAndPunctuation | ScriptBlock::Kana | ScriptBlock::Bopomofo
        | ScriptBlock::HangulCompatibilityJamo | ScriptBlock::Kanbun | ScriptBlock::BopomofoExtended
        | ScriptBlock::CjkStrokes | ScriptBlock::KatakanaPhoneticExtensions;
    return c != 0x3000 && isInScriptBlocks(c, Unspaced);
}

QList<QStringView> splitOnEllipses(QStringView quote)
{
    QList<QStringView> pieces;
    const qsizetype n = quote.size();
    const auto addPiece = [&](qsizetype from, qsizetype to) {
        const QStringView piece = quote.sliced(from, to - from).trimmed();
        if (!piece.isEmpty())
            pieces.append(piece);
    };
    qsizetype pieceStart = 0;
    for (qsizetype i = 0; i < n;) {
        if (!isDot(quote[i]) && !isEllipsisChar(quote[i])) {
            ++i;
            continue;
        }
        // A run of dots and ellipses; ". . ." (spaced) counts when it has three dots.
        qsizetype j = i;
        int dots = 0;
        bool spaced = false;
        while (j < n) {
            if (isDot(quote[j])) {
                ++dots;
                ++j;
            } else if (isEllipsisChar(quote[j])) {
                dots += 3;
                ++j;
            } else if (quote[j] == u' ' && j + 1 < n
                       && (isDot(quote[j + 1]) || isEllipsisChar(quote[j + 1]))) {
                spaced = true;
                ++j;
            } else {
                break;
            }
        }
        if (dots < 2 || (spaced && dots < 3)) {
            i = j;
            continue;
        }
        qsizetype cutStart = i;
        qsizetype cutEnd = j;
        qsizetype before = i;
        while (before > pieceStart && quote[before - 1].isSpace())
            --before;
        qsizetype after = j;
        while (after < n && quote[after].isSpace())
            ++after;
        // "[...]" and "(…)": the brackets are part of the omission mark, not of the quote.
        if (before > pieceStart && after < n && !closerOf(quote[before - 1]).isNull()
            && closerOf(quote[before - 1]) == quote[after]) {
            cutStart = before - 1;
            cutEnd = after + 1;
        }
        addPiece(pieceStart, cutStart);
        pieceStart = cutEnd;
        i = cutEnd;
    }
    addPiece(pieceStart, n);
    return pieces;
}

QString stripEdges(const QString &normalised, bool sentencePunctuation)
{
    qsizetype begin = 0;
    qsizetype end = normalised.size();
    while (begin < end && (normalised[begin] == QuoteMark || normalised[begin] == u' '))
        ++begin;
    while (end > begin) {
        const QChar c = normalised[end - 1];
        const bool strip = c == QuoteMark || c == u' '
            || (sentencePunctuation
                && (c == u'.' || c == u',' || c == u';' || c == u':' || c == u'!' || c == u'?'));
        if (!strip)
            break;
        --end;
    }
    return normalised.sliced(begin, end - begin);
}

} // namespace Rubricate::EvidenceText
