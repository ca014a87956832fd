// The tokens of SQLite's full-text index over reports (sqlitesearch.h): words for the scripts
// that separate words, pairs of characters for those that do not. A word tokenizer alone finds
// nothing in Chinese, which has no spaces to split on; the trigram tokenizer it replaced found
// everything but made three tokens of every character, which made building the index most of
// an import's time.
#pragma once

#include <QChar>

#include <string>

namespace Rubricate::SearchTokens {

enum class Kind {
    Word, // letters and digits up to the next other character, case-folded
    CjkPair, // two neighbouring characters of a CJK run
    CjkLast, // the last character of a run of two or more: a one-character term finds it
    CjkSingle, // a run of one character
};

inline constexpr char16_t FirstCjk = 0x2E80;

// Han, kana, Hangul and their punctuation-free neighbours: scripts written without spaces
// between words, so that a word is any run of characters.
constexpr bool isCjk(char32_t c)
{
    return (c >= FirstCjk && c <= 0x2FDF) || (c >= 0x3005 && c <= 0x3007)
        || (c >= 0x3040 && c <= 0x31FF) || (c >= 0x3400 && c <= 0x4DBF)
        || (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0xAC00 && c <= 0xD7AF)
        || (c >= 0xF900 && c <= 0xFAFF) || (c >= 0x20000 && c <= 0x3FFFF);
}

namespace Detail {

// The code point at `at` and the length of its UTF-8 sequence; an invalid byte is a code
// point of its own (U+FFFD), so that bad input never stops the scan.
inline char32_t decode(const unsigned char *s, int size, int at, int &length)
{
    const unsigned char b = s[at];
    length = 1;
    if (b < 0x80)
        return b;
    const int extra = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0;
    if (extra == 0 || at + extra >= size)
        return 0xFFFD;
    char32_t c = b & (0x3F >> extra);
    for (int i = 1; i <= extra; ++i) {
        if ((s[at + i] & 0xC0) != 0x80)
            return 0xFFFD;
        c = (c << 6) | (s[at + i] & 0x3F);
    }
    length = extra + 1;
    return c;
}

inline void appendUtf8(std::string &out, char32_t c)
{
    if (c < 0x80) {
        out += char(c);
    } else if (c < 0x800) {
        out += char(0xC0 | (c >> 6));
        out += char(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += char(0xE0 | (c >> 12));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    } else {
        out += char(0xF0 | (c >> 18));
        out += char(0x80 | ((c >> 12) & 0x3F));
        out += char(0x80 | ((c >> 6) & 0x3F));
        out += char(0x80 | (c & 0x3F));
    }
}

enum class Class { Other, Word, Cjk };

inline Class classify(char32_t c)
{
    if (c < 0x80) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
            ? Class::Word
            : Class::Other;
    }
    if (isCjk(c))
        return Class::Cjk;
    // Marks belong to the word they accent (Devanagari vowel signs, combining accents).
    return QChar::isLetterOrNumber(c) || QChar::isMark(c) ? Class::Word : Class::Other;
}

} // namespace Detail

// Calls onToken(kind, token, tokenBytes, start, end) for each token of the UTF-8 `text`, start
// and end being the byte offsets of what the token stands for. With `forQuery`, no CjkLast:
// a query's run stands for itself inside longer runs, where its last character is a pair's.
template<typename OnToken>
void scan(const char *text, int size, bool forQuery, OnToken &&onToken)
{
    const auto *s = reinterpret_cast<const unsigned char *>(text);
    std::string word;
    int at = 0;
    while (at < size) {
        int length = 1;
        const char32_t c = Detail::decode(s, size, at, length);
        const Detail::Class kind = Detail::classify(c);
        if (kind == Detail::Class::Other) {
            at += length;
        } else if (kind == Detail::Class::Word) {
            const int start = at;
            word.clear();
            for (char32_t w = c; Detail::classify(w) == Detail::Class::Word;) {
                if (w < 0x80)
                    word += char(w >= 'A' && w <= 'Z' ? w + ('a' - 'A') : w);
                else
                    Detail::appendUtf8(word, QChar::toCaseFolded(w));
                at += length;
                if (at >= size)
                    break;
                w = Detail::decode(s, size, at, length);
            }
            onToken(Kind::Word, word.data(), int(word.size()), start, at);
        } else {
            int previous = at; // the run's character before the one at `at`
            at += length;
            bool single = true;
            while (at < size) {
                const char32_t next = Detail::decode(s, size, at, length);
                if (!isCjk(next))
                    break;
                onToken(Kind::CjkPair, text + previous, at + length - previous, previous,
                        at + length);
                single = false;
                previous = at;
                at += length;
            }
            if (single)
                onToken(Kind::CjkSingle, text + previous, at - previous, previous, at);
            else if (!forQuery)
                onToken(Kind::CjkLast, text + previous, at - previous, previous, at);
        }
    }
}

} // namespace Rubricate::SearchTokens
