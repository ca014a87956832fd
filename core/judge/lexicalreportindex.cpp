// BM25 over a report's sentences, with their offsets in the report text.
#include "lexicaltext.h"
#include "offlinejudge.h"

#include "text/scriptclass.h"

#include <QRegularExpression>
#include <QUrl>

#include <algorithm>
#include <cmath>

using namespace Qt::StringLiterals;

namespace Rubricate {

using namespace Lexical;

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
            // The index's sentences also end at a full-width semicolon (；).
            const bool cjkStop = isCjkSentenceEnd(u) || u == 0xFF1B;
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

} // namespace Rubricate
