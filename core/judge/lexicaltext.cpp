#include "lexicaltext.h"
#include "offlinejudge.h"

#include "text/scriptclass.h"

#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Rubricate {

namespace Lexical {

char16_t foldWidth(char16_t u)
{
    return (u >= 0xFF01 && u <= 0xFF5E) ? char16_t(u - 0xFEE0) : u;
}

bool isAsciiDigit(char16_t u)
{
    return u >= u'0' && u <= u'9';
}

// The letters of scripts whose words the index cuts into bigrams: ideographs, kana and Hangul.
// One UTF-16 unit at a time, so the supplementary ideographs never reach it.
constexpr ScriptBlocks BigramBlocks = CjkIdeographBlocks | ScriptBlock::Kana
    | ScriptBlock::HangulJamo | ScriptBlock::HangulCompatibilityJamo | ScriptBlock::HangulSyllables;

bool isCjk(char16_t u)
{
    return isInScriptBlocks(u, BigramBlocks);
}

// Particles that glue almost any two words; bigrams across them only add noise.
bool isCjkParticle(char16_t u)
{
    return u == u'的' || u == u'了' || u == u'和' || u == u'与' || u == u'及';
}

const QSet<QString> &stopWords()
{
    static const QSet<QString> words = [] {
        // Function words, then the phrasing rubrics wrap around their content ("Explicitly
        // state that ...", "Correctly list ..."), which no report repeats.
        const QString list
            = u"a an the and or but nor of to in on at by for with from as into onto "
              "over under about above below between through during before after up "
              "down out off than then so such also too very just only not no is are "
              "was were be been being am do does did done doing has have had having "
              "will would shall should can could may might must this that these "
              "those it its itself they them their theirs he him his she her hers we "
              "us our you your me my which who whom whose what when where why how "
              "whether if while within without via per each every all any both "
              "either neither more most less least other others some same own there "
              "here again further once etc eg ie vs st nd rd th ll re ve "
              "explicitly clearly correctly accurately properly specifically "
              "precisely explicit clear correct accurate state states stated "
              "stating mention mentions mentioned mentioning list lists listed "
              "specify specifies specified summarize summarizes summarise "
              "summarises define defines defined explain explains explained "
              "describe describes described identify identifies identified discuss "
              "discusses discussed note notes noted report response article answer "
              "quote quotes paraphrase cite cites cited include includes including "
              "included categorize categorise categorizes categorises classify "
              "classifies indicate indicates indicated highlight highlights aim "
              "aims aiming"_s;
        const QStringList split = list.split(u' ', Qt::SkipEmptyParts);
        return QSet<QString>(split.begin(), split.end());
    }();
    return words;
}

// Chinese rubric phrasing, removed from the rubric before it is cut into bigrams.
const QStringList &cjkBoilerplate()
{
    static const QStringList phrases = {
        u"明确指出"_s, u"明确提及"_s, u"明确提到"_s, u"明确说明"_s, u"明确将"_s, u"明确地"_s,
        u"明确"_s,     u"清晰地"_s,   u"清楚地"_s,   u"正确地"_s,   u"准确地"_s, u"指出"_s,
        u"提及"_s,     u"提到"_s,     u"报告中"_s,   u"必须"_s,     u"应当"_s,   u"应该"_s,
        u"是否"_s,     u"解释"_s,     u"阐述"_s,     u"分析"_s,     u"说明"_s,   u"描述"_s,
        u"定义为"_s,   u"列出"_s,     u"总结"_s,     u"这一"_s,
    };
    return phrases;
}

QString stem(const QString &word)
{
    for (QChar c : word) {
        if (c.unicode() > 127 || !c.isLetter())
            return word;
    }
    QString w = word;
    if (w.size() > 4 && w.endsWith(u"ies")) {
        w.chop(3);
        w += u'y';
    } else if (w.endsWith(u"sses")
               || (w.size() > 4
                   && (w.endsWith(u"ches") || w.endsWith(u"shes") || w.endsWith(u"xes")
                       || w.endsWith(u"zes")))) {
        w.chop(2);
    } else if (w.size() > 3 && w.endsWith(u's') && !w.endsWith(u"ss") && !w.endsWith(u"us")
               && !w.endsWith(u"is")) {
        w.chop(1);
    }
    // "guaranteed", "guarantees" and "guarantee" all end up as "guarante".
    if (w.size() > 5 && w.endsWith(u"ing"))
        w.chop(3);
    else if (w.size() > 4 && w.endsWith(u"ed"))
        w.chop(2);
    else if (w.size() > 4 && w.endsWith(u'e'))
        w.chop(1);
    return w;
}

void appendTokens(QStringView s, QList<Term> &out, bool dropStopWords)
{
    const qsizetype n = s.size();
    auto at = [&](qsizetype k) -> char16_t {
        return k < n ? foldWidth(s[k].unicode()) : 0;
    };
    auto cjkAt = [&](qsizetype k) {
        return isCjk(at(k)) && !isCjkParticle(at(k));
    };
    qsizetype i = 0;
    while (i < n) {
        const char16_t u = at(i);
        if (cjkAt(i)) {
            QString run;
            while (i < n) {
                if (cjkAt(i)) {
                    run += QChar(at(i));
                    ++i;
                    continue;
                }
                // A line break between two CJK characters is PDF wrapping, not a boundary.
                qsizetype k = i;
                bool newline = false;
                while (k < n && k - i < 4 && (at(k) == u'\n' || at(k) == u'\r' || at(k) == u' ')) {
                    newline = newline || at(k) == u'\n';
                    ++k;
                }
                if (newline && cjkAt(k)) {
                    i = k;
                    continue;
                }
                break;
            }
            if (run.size() == 1) {
                out.append({run, false});
            } else {
                for (qsizetype k = 0; k + 1 < run.size(); ++k)
                    out.append({run.mid(k, 2), false});
            }
            continue;
        }
        if (isAsciiDigit(u)) {
            QString num;
            qsizetype j = i;
            while (isAsciiDigit(at(j)))
                num += QChar(at(j++));
            // Thousands groups: "1,200" and "1200" are the same number.
            while (at(j) == u',' && isAsciiDigit(at(j + 1)) && isAsciiDigit(at(j + 2))
                   && isAsciiDigit(at(j + 3)) && !isAsciiDigit(at(j + 4))) {
                for (int k = 1; k <= 3; ++k)
                    num += QChar(at(j + k));
                j += 4;
            }
            if (at(j) == u'.' && isAsciiDigit(at(j + 1))) {
                num += u'.';
                ++j;
                while (isAsciiDigit(at(j)))
                    num += QChar(at(j++));
                while (num.endsWith(u'0'))
                    num.chop(1);
                if (num.endsWith(u'.'))
                    num.chop(1);
            }
            out.append({num, true});
            i = j;
            continue;
        }
        if (!isCjk(u) && (QChar(u).isLetter() || QChar(u).isMark())) {
            QString word;
            while (i < n) {
                const char16_t v = at(i);
                if (isCjk(v) || !(QChar(v).isLetterOrNumber() || QChar(v).isMark()))
                    break;
                word += QChar(v);
                ++i;
            }
            word = word.toCaseFolded();
            if (word.size() < 2 || (dropStopWords && stopWords().contains(word)))
                continue;
            out.append({stem(word), false});
            continue;
        }
        ++i;
    }
}

// The rubric's key terms: boilerplate and stop words removed, each term once.
QList<Term> contentTerms(const QString &rubric)
{
    QString text = rubric;
    for (const QString &phrase : cjkBoilerplate())
        text.replace(phrase, u" "_s);
    QList<Term> tokens;
    appendTokens(text, tokens, true);
    QList<Term> out;
    QSet<QString> seen;
    for (const Term &t : std::as_const(tokens)) {
        if (!seen.contains(t.text)) {
            seen.insert(t.text);
            out.append(t);
        }
    }
    return out;
}

bool isSpaceAt(const QString &s, qsizetype i)
{
    return i >= s.size() || s[i].isSpace();
}

// Citation markers a sentence carries: "[^8]", "[3]", "[3, 5]", "[3-5]".
QStringList citationLabels(QStringView s)
{
    QStringList out;
    qsizetype i = 0;
    while ((i = s.indexOf(u'[', i)) >= 0) {
        const qsizetype close = s.indexOf(u']', i + 1);
        if (close < 0 || close - i > 24)
            break;
        const QStringView inner = s.sliced(i + 1, close - i - 1);
        i = close + 1;
        if (inner.startsWith(u'^')) {
            out << inner.toString();
            continue;
        }
        static const QRegularExpression numbers(u"^\\s*\\d{1,4}(\\s*[,\\-–]\\s*\\d{1,4})*\\s*$"_s);
        if (!numbers.match(inner).hasMatch())
            continue;
        static const QRegularExpression part(u"(\\d{1,4})(?:\\s*[\\-–]\\s*(\\d{1,4}))?"_s);
        auto it = part.globalMatch(inner);
        while (it.hasNext()) {
            const auto m = it.next();
            const int from = m.capturedView(1).toInt();
            const int to = m.capturedView(2).isEmpty() ? from : m.capturedView(2).toInt();
            for (int k = from; k <= to && k - from < 50; ++k)
                out << QString::number(k);
        }
    }
    return out;
}

bool hasWordCharacter(QStringView s)
{
    for (QChar c : s) {
        if (c.isLetterOrNumber())
            return true;
    }
    return false;
}

// Matches the blocked source in text: any of its URLs (scheme, "www." and percent-encoding
// ignored, line wrapping ignored), a DOI found in them, or its title (case and punctuation
// ignored), also just the part before a subtitle.

bool isAbbreviationBefore(const QString &s, qsizetype dot)
{
    qsizetype k = dot;
    while (k > 0 && s[k - 1].isLetter())
        --k;
    const QString word = s.mid(k, dot - k);
    if (word.size() == 1)
        return true; // an initial ("J. Smith") or "e.g."
    static const QSet<QString> known
        = {u"al"_s,  u"etc"_s,  u"vs"_s, u"fig"_s,    u"no"_s, u"dr"_s,   u"mr"_s,  u"mrs"_s,
           u"ms"_s,  u"prof"_s, u"st"_s, u"approx"_s, u"cf"_s, u"eq"_s,   u"vol"_s, u"pp"_s,
           u"inc"_s, u"ltd"_s,  u"jr"_s, u"sr"_s,     u"co"_s, u"corp"_s, u"dept"_s};
    return known.contains(word.toLower());
}

bool isClosingMark(QChar c)
{
    static const QString closers = u")]}\"'”’」』）】"_s;
    return closers.contains(c);
}

} // namespace Lexical

QStringList lexicalTokens(const QString &text)
{
    using namespace Lexical;
    QList<Term> tokens;
    appendTokens(text, tokens, false);
    QStringList out;
    out.reserve(tokens.size());
    for (const Term &t : std::as_const(tokens))
        out << t.text;
    return out;
}

} // namespace Rubricate
