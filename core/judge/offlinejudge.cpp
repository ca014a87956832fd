#include "offlinejudge.h"

#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Rubricate {

namespace {

constexpr double K1 = 1.2;
constexpr double B = 0.75;
constexpr double NumberWeight = 2.0; // a number is the most checkable part of a rubric
constexpr double MetThreshold = 0.6;
constexpr double PartialThreshold = 0.35;
// A second evidence sentence must earn its place: evidence should be minimal.
constexpr double PairPenalty = 0.05;
constexpr int CandidateSentences = 12;
constexpr int MaxSentenceLength = 1000;

char16_t foldWidth(char16_t u)
{
    return (u >= 0xFF01 && u <= 0xFF5E) ? char16_t(u - 0xFEE0) : u;
}

bool isAsciiDigit(char16_t u)
{
    return u >= u'0' && u <= u'9';
}

bool isCjk(char16_t u)
{
    return (u >= 0x4E00 && u <= 0x9FFF) || (u >= 0x3400 && u <= 0x4DBF)
        || (u >= 0xF900 && u <= 0xFAFF) || (u >= 0x3040 && u <= 0x30FF)
        || (u >= 0xAC00 && u <= 0xD7AF) || (u >= 0x1100 && u <= 0x11FF)
        || (u >= 0x3130 && u <= 0x318F);
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
    } else if (w.endsWith(u"sses")) {
        w.chop(2);
    } else if (w.size() > 4
               && (w.endsWith(u"ches") || w.endsWith(u"shes") || w.endsWith(u"xes")
                   || w.endsWith(u"zes"))) {
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

struct Term {
    QString text;
    bool number = false;
};

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
class BlockedSourceMatcher
{
public:
    BlockedSourceMatcher(const QString &title, const QStringList &urls)
    {
        static const QRegularExpression doi(u"10\\.\\d{4,9}/[^\\s\"'<>]+"_s);
        for (const QString &url : urls) {
            QString key = urlText(url);
            for (const QString &scheme : {u"https://"_s, u"http://"_s}) {
                if (key.startsWith(scheme))
                    key.remove(0, scheme.size());
            }
            if (key.startsWith(u"www."))
                key.remove(0, 4);
            while (key.endsWith(u'/'))
                key.chop(1);
            if (key.size() >= 10)
                m_urls << key;
            const auto m = doi.match(key);
            if (m.hasMatch()) {
                QString d = m.captured();
                while (!d.isEmpty() && QStringView(u".,;)").contains(d.back()))
                    d.chop(1);
                m_dois << d;
            }
        }
        m_urls.removeDuplicates();
        m_dois.removeDuplicates();
        const QString t = titleText(title);
        if (t.count(u' ') >= 4) // three words or more between the padding spaces
            m_titles << t;
        const qsizetype colon = title.indexOf(u':');
        if (colon > 0) {
            const QString main = titleText(title.left(colon));
            if (main.count(u' ') >= 5)
                m_titles << main;
        }
    }

    bool isEmpty() const { return m_urls.isEmpty() && m_dois.isEmpty() && m_titles.isEmpty(); }

    // What matched ("url ...", "doi ...", "title"), or empty.
    QString find(const QString &text) const
    {
        if (isEmpty() || text.isEmpty())
            return {};
        static const QRegularExpression space(u"\\s+"_s);
        const QString u = urlText(text).remove(space);
        for (const QString &key : m_urls) {
            if (u.contains(key))
                return u"url "_s + key;
        }
        for (const QString &key : m_dois) {
            if (u.contains(key))
                return u"doi "_s + key;
        }
        const QString t = titleText(text);
        for (const QString &key : m_titles) {
            if (t.contains(key))
                return u"title"_s;
        }
        return {};
    }

private:
    static QString urlText(const QString &s)
    {
        return QUrl::fromPercentEncoding(s.toUtf8()).toCaseFolded();
    }
    static QString titleText(const QString &s)
    {
        QString t = s.toCaseFolded();
        for (QChar &c : t) {
            if (!c.isLetterOrNumber())
                c = u' ';
        }
        return u' ' + t.simplified() + u' ';
    }

    QStringList m_urls;
    QStringList m_dois;
    QStringList m_titles;
};

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

} // namespace

QStringList lexicalTokens(const QString &text)
{
    QList<Term> tokens;
    appendTokens(text, tokens, false);
    QStringList out;
    out.reserve(tokens.size());
    for (const Term &t : std::as_const(tokens))
        out << t.text;
    return out;
}

LexicalReportIndex::LexicalReportIndex(const QString &reportText)
    : m_text(reportText)
{
    struct Line {
        int start; // first non-space character
        int end; // after the last non-space character
        bool blank;
        bool heading; // headings and table rows stand alone
        bool table;
        bool blockStart; // list item, quote: starts a block but may continue on the next line
        bool reference;
        QString label;
    };
    static const QRegularExpression footnoteDef(u"^\\[(\\^[^\\]]+)\\]:"_s);
    static const QRegularExpression numberedRef(u"^(?:\\[(\\d{1,4})\\][:.]?|(\\d{1,4})[.)])\\s"_s);
    static const QRegularExpression listMarker(u"^(?:[-*+•·]|\\d{1,3}[.)])\\s+"_s);
    static const QRegularExpression looksCited(u"https?://|doi|www\\.|\\bet al\\b"_s,
                                               QRegularExpression::CaseInsensitiveOption);

    QList<Line> lines;
    const int n = int(m_text.size());
    int pos = 0;
    while (pos <= n) {
        int e = int(m_text.indexOf(u'\n', pos));
        if (e < 0)
            e = n;
        int s = pos, t = e;
        while (s < t && m_text[s].isSpace())
            ++s;
        while (t > s && m_text[t - 1].isSpace())
            --t;
        Line line{s, t, s >= t, false, false, false, false, {}};
        if (!line.blank) {
            const QStringView v = QStringView(m_text).sliced(s, t - s);
            line.heading = v.startsWith(u'#');
            line.table = v.startsWith(u'|');
            line.blockStart = v.startsWith(u'>') || listMarker.match(v).hasMatch();
            if (const auto m = footnoteDef.match(v); m.hasMatch()) {
                line.reference = true;
                line.label = m.captured(1);
            } else if (const auto r = numberedRef.match(v);
                       r.hasMatch() && looksCited.match(v).hasMatch()) {
                line.reference = true;
                line.label = r.captured(1).isEmpty() ? r.captured(2) : r.captured(1);
            }
        }
        lines.append(line);
        if (e >= n)
            break;
        pos = e + 1;
    }

    // How wide a full line is, to tell wrapped lines (joined) from short ones that end a
    // paragraph or are titles (kept apart).
    QList<int> widths;
    for (const Line &l : std::as_const(lines)) {
        if (!l.blank && !l.heading && !l.table && !l.reference)
            widths << (l.end - l.start);
    }
    std::sort(widths.begin(), widths.end());
    const int wrapWidth = widths.isEmpty() ? 0 : widths[int((widths.size() - 1) * 9 / 10)];
    static const QString terminators = u".!?。！？；:："_s;
    auto wraps = [&](const Line &l, const Line &next) {
        if (l.blank || l.heading || l.table || l.reference)
            return false;
        if (next.blank || next.heading || next.table || next.reference || next.blockStart)
            return false;
        if (terminators.contains(m_text[l.end - 1]))
            return false;
        return (l.end - l.start) * 10 >= wrapWidth * 7;
    };

    int heading = -1; // the last heading sentence: the context of what follows it
    int tableHeader = -1; // the first row of the current table
    bool inTable = false;
    for (qsizetype li = 0; li < lines.size(); ++li) {
        const Line &first = lines[li];
        if (first.blank)
            continue;
        if (first.reference) {
            m_citationTargets.insert(first.label, m_text.mid(first.start, first.end - first.start));
            addSentence(first.start, first.end, true, -1);
            continue;
        }
        if (first.table) {
            int s = first.start, e = first.end;
            while (s < e && (m_text[s] == u'|' || m_text[s].isSpace()))
                ++s;
            while (e > s && (m_text[e - 1] == u'|' || m_text[e - 1].isSpace()))
                --e;
            const int row = addSentence(s, e, false, inTable ? tableHeader : heading);
            if (!inTable) {
                tableHeader = row;
                inTable = true;
            }
            continue;
        }
        inTable = false;
        qsizetype last = li;
        while (last + 1 < lines.size() && wraps(lines[last], lines[last + 1]))
            ++last;
        int s = first.start;
        const int end = lines[last].end;
        li = last;
        // Markup that opens the block is not part of any sentence.
        if (first.heading) {
            while (s < end && (m_text[s] == u'#' || m_text[s].isSpace()))
                ++s;
        } else if (first.blockStart) {
            const auto m = listMarker.match(QStringView(m_text).sliced(s, end - s));
            if (m.hasMatch())
                s += int(m.capturedLength());
            while (s < end && (m_text[s] == u'>' || m_text[s].isSpace()))
                ++s;
        }
        int sentenceStart = s;
        for (int i = s; i < end; ++i) {
            const QChar c = m_text[i];
            const char16_t u = c.unicode();
            const bool cjkStop = u == 0x3002 || u == 0xFF01 || u == 0xFF1F || u == 0xFF1B;
            const bool latinStop = u == u'.' || u == u'!' || u == u'?';
            if (!cjkStop && !latinStop)
                continue;
            int j = i + 1;
            // Closing quotes, brackets and citation markers belong to the sentence they end.
            for (;;) {
                if (j < end && isClosingMark(m_text[j])) {
                    ++j;
                    continue;
                }
                if (j < end && m_text[j] == u'[') {
                    const int close = int(m_text.indexOf(u']', j));
                    if (close > j && close < end && close - j <= 24
                        && !citationLabels(QStringView(m_text).sliced(j, close - j + 1))
                                .isEmpty()) {
                        j = close + 1;
                        continue;
                    }
                }
                break;
            }
            if (latinStop) {
                if (!isSpaceAt(m_text, j) && j < end)
                    continue;
                if (u == u'.' && isAbbreviationBefore(m_text, i))
                    continue;
                // "e.g. the": a lower-case continuation means the dot did not end anything.
                int k = j;
                while (k < end && m_text[k].isSpace())
                    ++k;
                if (u == u'.' && k < end && m_text[k].isLower())
                    continue;
            }
            addSentence(sentenceStart, j, false, heading);
            sentenceStart = j;
            i = j - 1;
        }
        const int lastAdded = addSentence(sentenceStart, end, false, heading);
        if (first.heading && lastAdded >= 0)
            heading = lastAdded;
    }

    qint64 totalLength = 0;
    for (const Sentence &sentence : std::as_const(m_sentences)) {
        if (!sentence.reference) {
            totalLength += sentence.tokenCount;
            ++m_indexed;
        }
    }
    m_averageLength = m_indexed > 0 ? double(totalLength) / m_indexed : 1.0;
    if (m_averageLength <= 0)
        m_averageLength = 1.0;
}

// Returns the new sentence's index, or -1 when the span holds no words.
int LexicalReportIndex::addSentence(int start, int end, bool reference, int context)
{
    while (start < end && m_text[start].isSpace())
        ++start;
    while (end > start && m_text[end - 1].isSpace())
        --end;
    // A paragraph without sentence punctuation would become one huge "sentence" and useless
    // evidence: cut it at a space or comma near the limit.
    while (end - start > MaxSentenceLength) {
        int cut = start + MaxSentenceLength;
        for (int k = cut; k > start + MaxSentenceLength / 2; --k) {
            const char16_t u = m_text[k - 1].unicode();
            if (QChar(u).isSpace() || u == u',' || u == 0xFF0C || u == 0x3001) {
                cut = k;
                break;
            }
        }
        if (cut == start + MaxSentenceLength && m_text[cut].isLowSurrogate())
            --cut;
        addSentence(start, cut, reference, context);
        start = cut;
        while (start < end && m_text[start].isSpace())
            ++start;
    }
    const QStringView view = QStringView(m_text).sliced(start, end - start);
    if (!hasWordCharacter(view))
        return -1;
    Sentence sentence;
    sentence.start = start;
    sentence.length = end - start;
    sentence.reference = reference;
    sentence.context = context;
    QList<Term> tokens;
    appendTokens(view, tokens, true);
    sentence.tokenCount = int(tokens.size());
    if (!reference)
        sentence.citations = citationLabels(view);
    const int index = int(m_sentences.size());
    QHash<QString, int> tf;
    for (const Term &t : std::as_const(tokens)) {
        sentence.terms.insert(t.text);
        ++tf[t.text];
    }
    // References are kept for resolving citations, never offered as evidence.
    if (!reference) {
        for (auto it = tf.cbegin(); it != tf.cend(); ++it)
            m_postings[it.key()].append({index, it.value()});
    }
    m_sentences.append(std::move(sentence));
    return index;
}

// Two sentences support a rubric together only when they belong together: neighbours, or a
// sentence and the heading or table header it sits under. Two far-apart sentences that happen
// to share words are not evidence.
bool LexicalReportIndex::mayPair(int a, int b) const
{
    if (a > b)
        std::swap(a, b);
    return b - a <= 2 || m_sentences[b].context == a || m_sentences[a].context == b;
}

double LexicalReportIndex::idf(const QString &term) const
{
    const auto it = m_postings.constFind(term);
    const double df = it == m_postings.cend() ? 0.0 : double(it->size());
    return std::log(1.0 + (m_indexed - df + 0.5) / (df + 0.5));
}

QList<double> LexicalReportIndex::scores(const QList<QString> &terms,
                                         const QList<double> &weights) const
{
    QList<double> out(m_sentences.size(), 0.0);
    for (qsizetype k = 0; k < terms.size(); ++k) {
        const auto it = m_postings.constFind(terms[k]);
        if (it == m_postings.cend())
            continue;
        const double termIdf = idf(terms[k]);
        for (const Posting &p : *it) {
            const double dl = m_sentences[p.sentence].tokenCount;
            const double tf = p.tf;
            out[p.sentence] += weights[k] * termIdf * tf * (K1 + 1.0)
                / (tf + K1 * (1.0 - B + B * dl / m_averageLength));
        }
    }
    return out;
}

QList<LexicalReportIndex::Hit> LexicalReportIndex::search(const QString &query, int topK) const
{
    const QList<Term> terms = contentTerms(query);
    QList<QString> texts;
    QList<double> weights;
    for (const Term &t : terms) {
        texts << t.text;
        weights << (t.number ? NumberWeight : 1.0);
    }
    const QList<double> s = scores(texts, weights);
    QList<int> order;
    for (int i = 0; i < s.size(); ++i) {
        if (s[i] > 0)
            order << i;
    }
    std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return s[a] > s[b]; });
    QList<Hit> hits;
    for (int i : std::as_const(order)) {
        if (hits.size() >= topK)
            break;
        hits.append({i, s[i], m_sentences[i].start, m_sentences[i].length});
    }
    return hits;
}

QString LexicalReportIndex::sentenceText(int sentence) const
{
    if (sentence < 0 || sentence >= m_sentences.size())
        return {};
    return m_text.mid(m_sentences[sentence].start, m_sentences[sentence].length);
}

int LexicalReportIndex::sentenceStart(int sentence) const
{
    return sentence >= 0 && sentence < m_sentences.size() ? m_sentences[sentence].start : -1;
}

int LexicalReportIndex::sentenceLength(int sentence) const
{
    return sentence >= 0 && sentence < m_sentences.size() ? m_sentences[sentence].length : 0;
}

OfflineVerdict judgeOffline(const LexicalReportIndex &index, const QString &rubricText,
                            VerdictScale scale, const QString &blockedTitle,
                            const QStringList &blockedUrls)
{
    OfflineVerdict verdict;
    const QList<Term> terms = contentTerms(rubricText);
    if (terms.isEmpty()) {
        verdict.reason = u"lexical baseline: the rubric has no key terms to look for"_s;
        return verdict;
    }

    QList<QString> texts;
    QList<double> searchWeights;
    QList<double> weights;
    double totalWeight = 0;
    int numberCount = 0;
    for (const Term &t : terms) {
        texts << t.text;
        searchWeights << (t.number ? NumberWeight : 1.0);
        // Unknown terms get the highest idf: a rare word the report never uses is exactly what
        // a lexical match must not ignore.
        weights << index.idf(t.text) * (t.number ? NumberWeight : 1.0);
        totalWeight += weights.last();
        numberCount += t.number ? 1 : 0;
    }

    const QList<double> bm25 = index.scores(texts, searchWeights);
    QList<int> candidates;
    for (int i = 0; i < bm25.size(); ++i) {
        if (bm25[i] > 0)
            candidates << i;
    }
    std::stable_sort(candidates.begin(), candidates.end(),
                     [&](int a, int b) { return bm25[a] > bm25[b]; });
    if (candidates.size() > CandidateSentences)
        candidates.resize(CandidateSentences);

    struct Combo {
        int a = -1;
        int b = -1;
        double coverage = 0;
        double bm25 = 0;
        int found = 0;
        QStringList missingNumbers;
        double rank = -1;
    };
    auto evaluate = [&](int a, int b) {
        Combo c;
        c.a = a;
        c.b = b;
        c.bm25 = bm25[a] + (b >= 0 ? bm25[b] : 0.0);
        double covered = 0;
        for (qsizetype k = 0; k < terms.size(); ++k) {
            const bool present = index.m_sentences[a].terms.contains(texts[k])
                || (b >= 0 && index.m_sentences[b].terms.contains(texts[k]));
            if (present) {
                covered += weights[k];
                ++c.found;
            } else if (terms[k].number) {
                c.missingNumbers << texts[k];
            }
        }
        c.coverage = totalWeight > 0 ? covered / totalWeight : 0.0;
        // Meeting the rubric beats everything, then having all its numbers, then coverage.
        const bool meetsRule = c.coverage >= MetThreshold - 1e-9 && c.missingNumbers.isEmpty();
        c.rank = (meetsRule ? 4.0 : 0.0) + (c.missingNumbers.isEmpty() ? 2.0 : 0.0) + c.coverage
            - (b >= 0 ? PairPenalty : 0.0);
        return c;
    };
    QList<Combo> combos;
    for (qsizetype x = 0; x < candidates.size(); ++x) {
        combos << evaluate(candidates[x], -1);
        for (qsizetype y = x + 1; y < candidates.size(); ++y) {
            const int a = qMin(candidates[x], candidates[y]);
            const int b = qMax(candidates[x], candidates[y]);
            if (index.mayPair(a, b))
                combos << evaluate(a, b);
        }
    }
    std::stable_sort(combos.begin(), combos.end(), [](const Combo &x, const Combo &y) {
        if (x.rank != y.rank)
            return x.rank > y.rank;
        return x.bm25 > y.bm25;
    });

    auto meets = [](const Combo &c) {
        return c.coverage >= MetThreshold - 1e-9 && c.missingNumbers.isEmpty();
    };
    const BlockedSourceMatcher blocked(blockedTitle, blockedUrls);
    auto blockedBy = [&](const Combo &c) -> QString {
        if (scale != VerdictScale::Drb2Tristate || blocked.isEmpty())
            return {};
        QString text;
        for (int s : {c.a, c.b}) {
            if (s < 0)
                continue;
            text += index.sentenceText(s) + u'\n';
            for (const QString &label : index.m_sentences[s].citations)
                text += index.m_citationTargets.value(label) + u'\n';
        }
        return blocked.find(text);
    };

    Combo chosen;
    QString blockedWhat;
    if (!combos.isEmpty()) {
        chosen = combos.first();
        blockedWhat = blockedBy(chosen);
        // The protocol gives -1 only when the support relies on the blocked source; another
        // passage that satisfies the rubric without citing it makes the verdict 1.
        if (!blockedWhat.isEmpty() && meets(chosen)) {
            for (const Combo &c : std::as_const(combos)) {
                if (meets(c) && blockedBy(c).isEmpty()) {
                    chosen = c;
                    blockedWhat.clear();
                    break;
                }
            }
        }
    } else {
        for (const Term &t : terms) {
            if (t.number)
                chosen.missingNumbers << t.text;
        }
    }

    const bool met = chosen.a >= 0 && meets(chosen);
    switch (scale) {
    case VerdictScale::Drb2Tristate:
        verdict.value = met ? (blockedWhat.isEmpty() ? 1.0 : -1.0) : 0.0;
        break;
    case VerdictScale::Binary:
        verdict.value = met ? 1.0 : 0.0;
        break;
    case VerdictScale::Ternary:
        verdict.value = met ? 1.0 : (chosen.coverage >= PartialThreshold - 1e-9 ? 0.5 : 0.0);
        break;
    case VerdictScale::ZeroToTen:
        verdict.value = double(qRound(10.0 * chosen.coverage));
        break;
    }
    verdict.score = chosen.coverage;

    const int sentenceCount = chosen.a < 0 ? 0 : (chosen.b < 0 ? 1 : 2);
    QString numbers;
    if (numberCount > 0) {
        if (chosen.missingNumbers.isEmpty())
            numbers = u" (incl. all numbers)"_s;
        else
            numbers = (chosen.missingNumbers.size() == 1 ? u" (missing number: "_s
                                                         : u" (missing numbers: "_s)
                + chosen.missingNumbers.join(u", "_s) + u')';
    }
    QString reason
        = u"lexical baseline: %1 of %2 key terms"_s.arg(chosen.found).arg(terms.size()) + numbers;
    if (chosen.found > 0)
        reason += sentenceCount == 1 ? u" found in 1 sentence"_s
                                     : u" found in %1 sentences"_s.arg(sentenceCount);
    else
        reason += u" found"_s;
    reason += u"; coverage "_s + QString::number(chosen.coverage, 'f', 2);
    if (verdict.value < 0)
        reason += u"; the supporting text cites the blocked source ("_s + blockedWhat + u')';
    verdict.reason = reason;

    // Near misses keep their closest passage so a reviewer can see what almost matched.
    if (chosen.a >= 0 && (verdict.value != 0 || chosen.coverage >= PartialThreshold)) {
        verdict.evidence = index.sentenceText(chosen.a);
        if (chosen.b >= 0)
            verdict.evidence += u" ... "_s + index.sentenceText(chosen.b);
    }
    return verdict;
}

} // namespace Rubricate
