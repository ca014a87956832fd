// Offline statement extraction for ReportBench; the heuristics are listed in the header.
#include "reportbenchstatements.h"

#include "text/scriptclass.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

struct Block {
    qsizetype start = 0;
    qsizetype end = 0;
};

// Numeric brackets with lists and ranges, footnote references, 【n】, Markdown links and
// bare URLs, in one pass so overlapping forms are taken once (a link before its URL).
const QRegularExpression &markerPattern()
{
    static const QRegularExpression re(
        uR"(\[(?<linktext>[^\]\n]+)\]\((?<linkurl>https?://[^)\s]+)\))"
        uR"(|\[\^(?<foot>[\w-]+)\])"
        uR"(|\[(?<nums>\d+(?:\s*[,;–-]\s*\d+)*)\](?!\())"
        uR"(|【(?<cjk>\d+)】)"
        uR"(|(?<url>https?://[^\s\)\]"'>]+))"_s);
    return re;
}

// A marker glued to the end of a sentence: "grew.[3]" or "grew.[^3]".
const QRegularExpression &trailingMarkerPattern()
{
    static const QRegularExpression re(uR"(\G(?:\[\^?[\w-]+(?:\s*[,;–-]\s*\d+)*\]|【\d+】))"_s);
    return re;
}

QString trimUrl(QString url)
{
    while (!url.isEmpty() && QStringView(u".,;:!?").contains(url.back()))
        url.chop(1);
    return url;
}

bool isReferencesHeading(const QString &heading)
{
    static const QRegularExpression re(
        uR"(^(references?|bibliography|sources|works cited|citations|参考文献|参考资料)\b)"_s,
        QRegularExpression::CaseInsensitiveOption);
    QString h = heading;
    h.remove(QRegularExpression(uR"(^[#\s\d.]+|[*_:]+)"_s));
    return re.match(h.trimmed()).hasMatch();
}

bool isAbbreviation(QStringView before)
{
    // The word right before the period.
    qsizetype i = before.size();
    while (i > 0 && !before.at(i - 1).isSpace() && before.at(i - 1) != u'(')
        --i;
    const QString word = before.mid(i).toString().toCaseFolded();
    if (word.size() == 1 && word.at(0).isLetter())
        return true; // an initial
    static const QSet<QString> known{u"e.g"_s,  u"i.e"_s, u"al"_s,     u"fig"_s,  u"figs"_s,
                                     u"vs"_s,   u"cf"_s,  u"dr"_s,     u"mr"_s,   u"mrs"_s,
                                     u"ms"_s,   u"no"_s,  u"approx"_s, u"eq"_s,   u"ref"_s,
                                     u"refs"_s, u"sec"_s, u"st"_s,     u"prof"_s, u"ca"_s};
    return known.contains(word);
}

class Extractor
{
public:
    explicit Extractor(const QString &text)
        : m_text(text)
    { }

    QList<ReportStatement> run()
    {
        const QList<Block> blocks = readBlocks();
        QList<ReportStatement> out;
        for (const Block &b : blocks)
            splitSentences(b, &out);
        return out;
    }

private:
    QList<Block> readBlocks()
    {
        static const QRegularExpression definition(
            uR"(^\s*(?:\[\^?(?<a>[\w-]+)\]:?|(?<b>\d+)\.\s*\[\d+\])\s)"_s);
        static const QRegularExpression listItem(uR"(^\s*(?:[-*+]|\d+[.)])\s+)"_s);
        static const QRegularExpression rule(uR"(^\s*([-*_])(\s*\1){2,}\s*$)"_s);
        QList<Block> blocks;
        bool inFence = false;
        bool inReferences = false;
        bool paragraphOpen = false;
        qsizetype pos = 0;
        while (pos <= m_text.size()) {
            qsizetype eol = m_text.indexOf(u'\n', pos);
            if (eol < 0)
                eol = m_text.size();
            const QString line = m_text.mid(pos, eol - pos);
            const QString trimmed = line.trimmed();
            const qsizetype lineStart = pos;
            pos = eol + 1;
            if (trimmed.startsWith("```"_L1) || trimmed.startsWith("~~~"_L1)) {
                inFence = !inFence;
                paragraphOpen = false;
                continue;
            }
            if (inFence)
                continue;
            if (trimmed.startsWith(u'#')) {
                inReferences = isReferencesHeading(trimmed);
                paragraphOpen = false;
                continue;
            }
            const QRegularExpressionMatch def = definition.match(line);
            if (def.hasMatch()) {
                // A definition is remembered even under no heading; its URL is what its
                // marker points to.
                const QString key
                    = def.captured(u"a"_s).isEmpty() ? def.captured(u"b"_s) : def.captured(u"a"_s);
                static const QRegularExpression url(uR"(https?://[^\s\)\]"'>]+)"_s);
                const QRegularExpressionMatch u = url.match(line);
                if (u.hasMatch() && !m_definitions.contains(key))
                    m_definitions.insert(key, trimUrl(u.captured()));
                paragraphOpen = false;
                continue;
            }
            if (inReferences || trimmed.isEmpty() || trimmed.startsWith(u'|')
                || trimmed.startsWith("!["_L1) || rule.match(trimmed).hasMatch()) {
                paragraphOpen = false;
                continue;
            }
            qsizetype start = lineStart;
            const QRegularExpressionMatch item = listItem.match(line);
            if (item.hasMatch())
                start += item.capturedLength();
            else if (trimmed.startsWith(u'>'))
                start += line.indexOf(u'>') + 1; // quotes are read as text
            if (paragraphOpen && !item.hasMatch()) {
                blocks.last().end = eol;
            } else {
                blocks.append({start, eol});
            }
            paragraphOpen = true;
        }
        return blocks;
    }

    void splitSentences(const Block &b, QList<ReportStatement> *out)
    {
        qsizetype sentenceStart = b.start;
        qsizetype i = b.start;
        while (i < b.end) {
            const QChar c = m_text.at(i);
            // A URL's periods are not sentence ends, even when white space follows a typo.
            if (c == u'h'
                && (QStringView(m_text).mid(i, 8).startsWith(u"https://")
                    || QStringView(m_text).mid(i, 7).startsWith(u"http://"))) {
                while (i < b.end && !m_text.at(i).isSpace())
                    ++i;
                // A URL that ends the sentence takes its period with it; the period is
                // still a sentence end when white space follows.
                const QChar last = m_text.at(i - 1);
                if ((last == u'.' || last == u'!' || last == u'?') && endsHere(i, b.end)) {
                    addSentence(sentenceStart, i, out);
                    sentenceStart = i;
                }
                continue;
            }
            const bool cjk = isCjkSentenceEnd(c.unicode());
            if (!cjk && c != u'.' && c != u'!' && c != u'?') {
                ++i;
                continue;
            }
            qsizetype end = i + 1;
            while (end < b.end && QStringView(u"\"'”’)*_").contains(m_text.at(end)))
                ++end;
            QRegularExpressionMatch m;
            while (end < b.end && (m = trailingMarkerPattern().match(m_text, end)).hasMatch()
                   && m.capturedEnd() <= b.end)
                end = m.capturedEnd();
            const bool boundary = end == b.end || m_text.at(end).isSpace() || cjk;
            if (!boundary
                || (c == u'.'
                    && isAbbreviation(QStringView(m_text).mid(sentenceStart, i - sentenceStart)))
                || (!cjk && !endsHere(end, b.end))) {
                i = end;
                continue;
            }
            addSentence(sentenceStart, end, out);
            sentenceStart = end;
            i = end;
        }
        addSentence(sentenceStart, b.end, out);
    }

    // A lower-case word after the mark means it was not a sentence end (an abbreviation we
    // do not know).
    bool endsHere(qsizetype pos, qsizetype blockEnd) const
    {
        while (pos < blockEnd && m_text.at(pos).isSpace())
            ++pos;
        return pos >= blockEnd || !m_text.at(pos).isLower();
    }

    void addSentence(qsizetype start, qsizetype end, QList<ReportStatement> *out)
    {
        while (start < end && m_text.at(start).isSpace())
            ++start;
        while (end > start && m_text.at(end - 1).isSpace())
            --end;
        if (start >= end)
            return;
        const QString raw = m_text.mid(start, end - start);
        ReportStatement s;
        s.text = raw.simplified();
        s.span = {start, end - start};
        QString claim;
        qsizetype last = 0;
        auto addUrl = [&s](const QString &url) {
            if (!url.isEmpty() && !s.urls.contains(url))
                s.urls.append(url);
        };
        QRegularExpressionMatchIterator it = markerPattern().globalMatch(raw);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            claim += QStringView(raw).mid(last, m.capturedStart() - last);
            last = m.capturedEnd();
            if (m.hasCaptured(u"linkurl"_s)) {
                claim += m.captured(u"linktext"_s);
                s.markers << m.captured();
                addUrl(trimUrl(m.captured(u"linkurl"_s)));
            } else if (m.hasCaptured(u"url"_s)) {
                const QString url = trimUrl(m.captured(u"url"_s));
                // Trailing punctuation belongs to the sentence, not the URL.
                last = m.capturedStart() + url.size();
                s.markers << url;
                addUrl(url);
            } else if (m.hasCaptured(u"foot"_s)) {
                s.markers << m.captured();
                addUrl(m_definitions.value(m.captured(u"foot"_s)));
            } else if (m.hasCaptured(u"cjk"_s)) {
                s.markers << m.captured();
                addUrl(m_definitions.value(m.captured(u"cjk"_s)));
            } else {
                s.markers << m.captured();
                for (const QString &n : expandNumbers(m.captured(u"nums"_s)))
                    addUrl(m_definitions.value(n));
            }
        }
        claim += QStringView(raw).mid(last);
        claim.remove(QRegularExpression(uR"(\(\s*\))"_s));
        claim = claim.simplified();
        static const QRegularExpression spaceBeforePunct(uR"(\s+([.,;:!?。，；：！？)]))"_s);
        claim.replace(spaceBeforePunct, u"\\1"_s);
        if (!longEnough(claim))
            return;
        s.claim = claim;
        out->append(s);
    }

    static QStringList expandNumbers(const QString &list)
    {
        QStringList out;
        static const QRegularExpression part(uR"((\d+)(?:\s*[–-]\s*(\d+))?)"_s);
        QRegularExpressionMatchIterator it = part.globalMatch(list);
        while (it.hasNext()) {
            const QRegularExpressionMatch m = it.next();
            const int from = m.captured(1).toInt();
            const int to = m.hasCaptured(2) ? m.captured(2).toInt() : from;
            // Ranges are short in practice; a huge one is a typo, not a citation list.
            for (int n = from; n <= to && n - from < 100; ++n)
                out << QString::number(n);
        }
        return out;
    }

    static bool longEnough(const QString &claim)
    {
        const qsizetype words = claim.split(u' ', Qt::SkipEmptyParts).size();
        if (words >= 4)
            return true;
        // Scripts written without spaces: count characters instead.
        qsizetype letters = 0;
        for (QChar ch : claim) {
            if (ch.isLetterOrNumber())
                ++letters;
        }
        // Anything from the first CJK block up: a cheap test that keeps Latin, Greek and
        // Cyrillic out.
        const bool unspaced = std::any_of(claim.cbegin(), claim.cend(), [](QChar ch) {
            return ch.unicode() >= scriptBlockRange(ScriptBlock::CjkRadicals).first;
        });
        return unspaced && letters >= 8;
    }

    const QString &m_text;
    QHash<QString, QString> m_definitions;
};

} // namespace

QList<ReportStatement> extractStatements(const QString &report)
{
    // Definitions are read with the blocks, before any sentence is split, so markers that
    // come before their reference list still resolve.
    return Extractor(report).run();
}

} // namespace Rubricate
