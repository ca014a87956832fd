#include "textkeys.h"

#include "quotemarks.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Runs of Unicode white space become one space, ends trimmed; `keep` filters and maps the
// other characters.
template<typename Keep>
QString foldWhitespace(const QString &text, Keep keep)
{
    QString out;
    out.reserve(text.size());
    bool space = false;
    for (const QChar c : text) {
        if (c.isSpace()) {
            space = !out.isEmpty();
            continue;
        }
        const QChar kept = keep(c);
        if (kept.isNull())
            continue;
        if (space) {
            out += u' ';
            space = false;
        }
        out += kept;
    }
    return out;
}

bool isTrailingPunctuation(char16_t u)
{
    switch (u) {
    case u'.':
    case u',':
    case u';':
    case u':':
    case u'!':
    case u'?':
    case 0x3002: // 。
    case 0x3001: // 、
    case 0xFF0C: // ，
    case 0xFF1B: // ；
    case 0xFF1A: // ：
    case 0xFF01: // ！
    case 0xFF1F: // ？
    case 0x2026: // …
        return true;
    default:
        return false;
    }
}

} // namespace

QString looseKey(const QString &text)
{
    return foldWhitespace(text, [](QChar c) { return c.toCaseFolded(); });
}

QString normalizeTitle(const QString &title)
{
    static const QString punctuation = u"!\"#$%&'()*+,-./:;<=>?@[\\]^_`{|}~"_s;
    return foldWhitespace(title.toLower(),
                          [](QChar c) { return punctuation.contains(c) ? QChar() : c; });
}

QString normalizeItemText(const QString &text)
{
    QString s = text.normalized(QString::NormalizationForm_KC).toCaseFolded();
    for (QChar &c : s) {
        const char16_t u = c.unicode();
        if (u == u'"' || u == u'\'' || u == u'`' || isTypographicQuote(u))
            c = u'\'';
        else if (u == u'-' || isTypographicDash(u))
            c = u'-';
    }
    s = s.simplified();
    while (!s.isEmpty() && (isTrailingPunctuation(s.back().unicode()) || s.back().isSpace()))
        s.chop(1);
    return s;
}

} // namespace Rubricate
