// Citation extraction: regular expressions for identifiers, line heuristics for titles.
#include "citationextraction.h"

#include "text/textkeys.h" // normalizeTitle: one normalisation for stored and found titles

#include <QHash>
#include <QRegularExpression>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString citationKindKey(CitationKind kind)
{
    switch (kind) {
    case CitationKind::Url:
        return u"url"_s;
    case CitationKind::ArxivId:
        return u"arxiv"_s;
    case CitationKind::Doi:
        return u"doi"_s;
    case CitationKind::Title:
        return u"title"_s;
    }
    return {};
}

QString normalizedUrlKey(const QString &url)
{
    // As Python's urlparse: the netloc ends at the first '/', '?' or '#'; the path at '?'
    // or '#', and ";params" of the last segment are not part of it.
    const qsizetype schemeEnd = url.indexOf(u"://"_s);
    if (schemeEnd < 0)
        return url;
    const QString scheme = url.left(schemeEnd).toLower();
    const QString rest = url.mid(schemeEnd + 3);
    qsizetype cut = rest.size();
    for (const QChar c : {u'?', u'#'}) {
        const qsizetype at = rest.indexOf(c);
        if (at >= 0)
            cut = std::min(cut, at);
    }
    QString netlocAndPath = rest.left(cut);
    const qsizetype lastSlash = netlocAndPath.lastIndexOf(u'/');
    const qsizetype params = netlocAndPath.indexOf(u';', std::max<qsizetype>(lastSlash, 0));
    if (lastSlash >= 0 && params >= 0)
        netlocAndPath.truncate(params);
    return scheme + u"://"_s + netlocAndPath;
}

namespace {

// Collects occurrences by (kind, key), keeping first-occurrence order.
class Collector
{
public:
    void add(CitationKind kind, const QString &key, const QString &text, qsizetype offset,
             qsizetype length)
    {
        if (key.isEmpty())
            return;
        const QString id = citationKindKey(kind) + u'\n' + key;
        auto it = m_index.constFind(id);
        if (it == m_index.cend()) {
            it = m_index.insert(id, m_citations.size());
            m_citations.append({kind, key, text, {}});
        }
        Citation &c = m_citations[it.value()];
        const TextSpan span{offset, length};
        if (c.spans.contains(span))
            return;
        // The passes run kind by kind, not in text order: the text is the earliest one's.
        if (!c.spans.isEmpty()
            && std::none_of(c.spans.cbegin(), c.spans.cend(),
                            [&](const TextSpan &s) { return s.offset < offset; }))
            c.text = text;
        c.spans.append(span);
    }

    QList<Citation> take()
    {
        for (Citation &c : m_citations)
            std::sort(c.spans.begin(), c.spans.end(),
                      [](const TextSpan &a, const TextSpan &b) { return a.offset < b.offset; });
        std::stable_sort(m_citations.begin(), m_citations.end(),
                         [](const Citation &a, const Citation &b) {
                             return a.spans.constFirst().offset < b.spans.constFirst().offset;
                         });
        return std::move(m_citations);
    }

private:
    QHash<QString, qsizetype> m_index;
    QList<Citation> m_citations;
};

// Sentence punctuation that closes a URL or DOI in prose rather than belonging to it. (The
// reference keeps it, so "see https://x.org/a." would be a different page there.)
qsizetype trimTrailing(const QString &text, qsizetype start, qsizetype end)
{
    static const QString trailing = u".,;:!?*_"_s;
    while (end > start && trailing.contains(text.at(end - 1)))
        --end;
    return end;
}

void findUrls(const QString &text, Collector &out)
{
    // The reference's pattern (related_work_evaluator.py).
    static const QRegularExpression url(u"https?://[^\\s\\)\\]\"'>]+"_s);
    for (auto it = url.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const qsizetype end = trimTrailing(text, m.capturedStart(), m.capturedEnd());
        const QString found = text.mid(m.capturedStart(), end - m.capturedStart());
        if (found.size() > 8)
            out.add(CitationKind::Url, normalizedUrlKey(found), found, m.capturedStart(),
                    found.size());
    }
}

void findArxivIds(const QString &text, Collector &out)
{
    static const QString newStyle = u"\\d{4}\\.\\d{4,5}"_s;
    static const QString oldStyle = u"[a-z][a-z-]*(?:\\.[a-z]{2})?/\\d{7}"_s;
    // After "arXiv:", an arxiv.org abs/pdf link or the arXiv DOI prefix anything id-shaped
    // counts; bare ids only where a number is unlikely to be something else.
    static const QRegularExpression prefixed(
        u"(?i)(?:arxiv\\s*:\\s*|arxiv\\.org/(?:abs|pdf)/|arxiv\\.)(%1|%2)(v\\d+)?(?!\\w)"_s.arg(
            newStyle, oldStyle));
    static const QRegularExpression bareNew(
        u"(?<![\\w./])(\\d{2}(?:0[1-9]|1[0-2])\\.\\d{5})(v\\d+)?(?![\\w/]|\\.\\d)"_s);
    static const QRegularExpression bareOld(
        u"(?<![\\w./-])((?:cs|math|physics|hep-th|hep-ph|hep-ex|hep-lat|quant-ph|astro-ph|"
        "cond-mat|gr-qc|nucl-th|nucl-ex|math-ph|nlin|q-bio|q-fin|stat|eess|econ)"
        "(?:\\.[A-Za-z]{2})?/\\d{7})(v\\d+)?(?!\\w)"_s);
    for (const QRegularExpression *re : {&prefixed, &bareNew, &bareOld}) {
        for (auto it = re->globalMatch(text); it.hasNext();) {
            const auto m = it.next();
            const qsizetype start = m.capturedStart(1);
            const qsizetype end = m.hasCaptured(2) ? m.capturedEnd(2) : m.capturedEnd(1);
            out.add(CitationKind::ArxivId, m.captured(1).toLower(), text.mid(start, end - start),
                    start, end - start);
        }
    }
}

void findDois(const QString &text, Collector &out)
{
    static const QRegularExpression doi(u"(?<![\\w.])10\\.\\d{4,9}/[^\\s\"'<>\\]\\)]+"_s);
    for (auto it = doi.globalMatch(text); it.hasNext();) {
        const auto m = it.next();
        const qsizetype end = trimTrailing(text, m.capturedStart(), m.capturedEnd());
        const QString found = text.mid(m.capturedStart(), end - m.capturedStart());
        if (found.size() > 8 && !found.endsWith(u'/'))
            out.add(CitationKind::Doi, found.toLower(), found, m.capturedStart(), found.size());
    }
}

// ---- titles ------------------------------------------------------------------------------

struct Line {
    qsizetype offset = 0;
    QString text;
};

QList<Line> splitLines(const QString &text)
{
    QList<Line> lines;
    qsizetype start = 0;
    while (start <= text.size()) {
        qsizetype end = text.indexOf(u'\n', start);
        if (end < 0)
            end = text.size();
        QString line = text.mid(start, end - start);
        if (line.endsWith(u'\r'))
            line.chop(1);
        lines.append({start, line});
        start = end + 1;
    }
    return lines;
}

bool isReferenceHeading(const QString &heading)
{
    static const QRegularExpression words(
        u"^(?:\\d+[.)]?\\s*)?(?:references?|bibliography|sources?|works cited|cited works|"
        "citations?|reference list|literature(?: cited)?|further reading)\\b"_s,
        QRegularExpression::CaseInsensitiveOption);
    QString h = heading.trimmed();
    h.remove(u'*');
    h.remove(u'_');
    return words.match(h.trimmed()).hasMatch() && h.size() < 60;
}

// A Markdown heading "## x", or a line that is only bold text or ends in ':' and names a
// reference section ("**References**", "Sources:").
std::optional<QString> headingText(const QString &line)
{
    static const QRegularExpression atx(u"^\\s{0,3}#{1,6}\\s+(.*?)\\s*#*\\s*$"_s);
    const auto m = atx.match(line);
    if (m.hasMatch())
        return m.captured(1);
    static const QRegularExpression pseudo(u"^\\s*(\\*\\*[^*]+\\*\\*|[^:]{3,40}):?\\s*$"_s);
    const auto p = pseudo.match(line);
    if (p.hasMatch() && isReferenceHeading(p.captured(1)))
        return p.captured(1);
    return std::nullopt;
}

int wordCount(const QString &normalized)
{
    return normalized.isEmpty() ? 0 : int(normalized.count(u' ')) + 1;
}

// A usable title within [start, end) of `line`: emphasis, quotes and trailing punctuation
// trimmed from the ends. Returns (start, end) or nothing.
std::optional<std::pair<qsizetype, qsizetype>> titleSpan(const QString &line, qsizetype start,
                                                         qsizetype end, int minWords)
{
    static const QString edge = u" \t*_\"'“”‘’`.,;:"_s;
    while (start < end && edge.contains(line.at(start)))
        ++start;
    while (end > start && edge.contains(line.at(end - 1)))
        --end;
    const QString candidate = line.mid(start, end - start);
    if (candidate.contains(u"://"_s))
        return std::nullopt;
    const QString n = normalizeTitle(candidate);
    if (n.size() < 10 || wordCount(n) < minWords)
        return std::nullopt;
    // Mostly digits: pages, years, volume numbers rather than a title.
    const auto letters = std::count_if(n.cbegin(), n.cend(), [](QChar c) { return c.isLetter(); });
    if (letters * 2 < n.size())
        return std::nullopt;
    return std::make_pair(start, end);
}

// An author-list fragment once the entry is cut at every period: "Kipf, T", "J", "Smith
// and K", "Vaswani et al". Names are short and capitalised, so a piece with a comma still
// reads as a title when one of its parts is longer than three words or has a lower-case
// word that is no name particle ("Graph learning, a survey"). A title in Title Case made of
// short parts ("Graph Networks, Explained") is still taken for authors.
bool looksLikeAuthors(const QString &segment)
{
    static const QRegularExpression others(u"\\bet al\\b|\\band others\\b"_s,
                                           QRegularExpression::CaseInsensitiveOption);
    if (wordCount(normalizeTitle(segment)) <= 2 || others.match(segment).hasMatch())
        return true;
    static const QRegularExpression separators(u"[,&;]|\\band\\b"_s);
    const QStringList parts = segment.split(separators, Qt::SkipEmptyParts);
    if (parts.size() < 2)
        return false;
    static const QStringList particles{u"van"_s, u"von"_s, u"de"_s, u"der"_s, u"den"_s,
                                       u"da"_s,  u"di"_s,  u"du"_s, u"la"_s,  u"le"_s};
    return std::all_of(parts.cbegin(), parts.cend(), [](const QString &part) {
        const QStringList words = part.simplified().split(u' ', Qt::SkipEmptyParts);
        return words.size() <= 3 && std::all_of(words.cbegin(), words.cend(), [](const QString &w) {
                   return !w.at(0).isLower() || particles.contains(w);
               });
    });
}

// The clean entry "[n] Title. https://…" or "n. Title, https://…": everything before the
// first URL is the title when it has no period inside (initials and "et al." have one, so
// an author list in the usual forms never qualifies), whatever commas, colons or question
// marks it holds ("Causal Inference, Explained Simply" included). A trailing
// "Available at:", "(2021)" or ", 2021" is not part of it.
std::optional<std::pair<qsizetype, qsizetype>>
titleBeforeUrl(const QString &line, const QString &plain, qsizetype body, qsizetype url)
{
    static const QRegularExpression tail(
        u"(?:\\s*(?:[,;:.<|–—-]|\\((?:19|20)\\d{2}[a-z]?\\)|,\\s*(?:19|20)\\d{2}[a-z]?\\b|"
        "\\b(?:available\\s+(?:at|from|online)|retrieved\\s+from|url|link)\\b|\\[online\\]|"
        "[(\\[]))*\\s*$"_s,
        QRegularExpression::CaseInsensitiveOption);
    const QString before = plain.left(url);
    const qsizetype end = tail.match(before, body).capturedStart();
    static const QRegularExpression innerPeriod(u"\\.(?=\\s)"_s);
    if (end <= body || innerPeriod.match(before.left(end), body).hasMatch())
        return std::nullopt;
    return titleSpan(line, body, end, 3);
}

std::optional<std::pair<qsizetype, qsizetype>> entryTitle(const QString &line)
{
    static const QRegularExpression marker(
        u"^\\s*(?:(?:[-*+]|\\d+[.)]|\\[\\^?[\\w.-]+\\]:?)\\s*)*"_s);
    const qsizetype body = marker.match(line).capturedLength();
    // URLs blanked out (same length, so offsets hold) so they never end up in a title.
    QString plain = line;
    qsizetype firstUrl = -1;
    static const QRegularExpression url(u"https?://[^\\s\\)\\]\"'>]+"_s);
    for (auto it = url.globalMatch(line); it.hasNext();) {
        const auto m = it.next();
        if (firstUrl < 0)
            firstUrl = m.capturedStart();
        plain.replace(m.capturedStart(), m.capturedLength(), QString(m.capturedLength(), u' '));
    }

    static const QRegularExpression quoted(u"\"([^\"]{4,})\"|“([^”]{4,})”"_s);
    for (auto it = quoted.globalMatch(plain, body); it.hasNext();) {
        const auto m = it.next();
        const int g = m.hasCaptured(1) ? 1 : 2;
        if (const auto s = titleSpan(line, m.capturedStart(g), m.capturedEnd(g), 2))
            return s;
    }
    static const QRegularExpression link(u"\\[([^\\]]+)\\]\\(\\s*[^)\\s]+[^)]*\\)"_s);
    for (auto it = link.globalMatch(line, body); it.hasNext();) {
        const auto m = it.next();
        if (const auto s = titleSpan(line, m.capturedStart(1), m.capturedEnd(1), 2))
            return s;
    }
    if (firstUrl > body) {
        if (const auto s = titleBeforeUrl(line, plain, body, firstUrl))
            return s;
    }
    static const QRegularExpression sentenceEnd(u"(?<!\\b[A-Z])[.?!](?=\\s|$)"_s);
    static const QRegularExpression apaYear(u"\\((?:19|20)\\d{2}[a-z]?(?:,[^)]*)?\\)\\.?\\s+"_s);
    if (const auto y = apaYear.match(plain, body); y.hasMatch()) {
        const qsizetype start = y.capturedEnd();
        const auto e = sentenceEnd.match(plain, start);
        const qsizetype end = e.hasMatch() ? e.capturedStart() + 1 : plain.size();
        if (const auto s = titleSpan(line, start, end, 3))
            return s;
    }
    static const QRegularExpression italic(
        u"(?<![*\\w])\\*(?!\\*)([^*]{4,}?)\\*(?!\\*)|(?<![_\\w])_(?!_)([^_]{4,}?)_(?![_\\w])"_s);
    for (auto it = italic.globalMatch(plain, body); it.hasNext();) {
        const auto m = it.next();
        const int g = m.hasCaptured(1) ? 1 : 2;
        if (const auto s = titleSpan(line, m.capturedStart(g), m.capturedEnd(g), 2))
            return s;
    }
    // "Authors. Title. Venue." or "Title. Venue.": cut at every period (initials included),
    // skip what reads like authors, take the first remaining piece.
    static const QRegularExpression period(u"[.?!](?=\\s|$)"_s);
    qsizetype from = body;
    while (from < plain.size()) {
        const auto e = period.match(plain, from);
        const qsizetype end = e.hasMatch() ? e.capturedStart() + 1 : plain.size();
        const QString piece = plain.mid(from, end - from);
        if (!piece.trimmed().isEmpty() && !looksLikeAuthors(piece))
            return titleSpan(line, from, end, 3);
        from = end;
    }
    return std::nullopt;
}

void findTitles(const QString &text, Collector &out)
{
    static const QRegularExpression footnoteLine(u"^\\s*(?:[-*+]\\s*)?\\[\\^?[\\w.-]+\\]"_s);
    bool inReferences = false;
    for (const Line &line : splitLines(text)) {
        if (const auto heading = headingText(line.text)) {
            inReferences = isReferenceHeading(*heading);
            continue;
        }
        if (line.text.trimmed().isEmpty())
            continue;
        if (!inReferences && !footnoteLine.match(line.text).hasMatch())
            continue;
        const auto span = entryTitle(line.text);
        if (!span)
            continue;
        const QString title = line.text.mid(span->first, span->second - span->first);
        out.add(CitationKind::Title, normalizeTitle(title), title, line.offset + span->first,
                title.size());
    }
}

} // namespace

QList<Citation> extractCitations(const QString &text)
{
    Collector out;
    findUrls(text, out);
    findArxivIds(text, out);
    findDois(text, out);
    findTitles(text, out);
    return out.take();
}

QList<Citation> extractIdentifiers(const QString &text)
{
    Collector out;
    findArxivIds(text, out);
    findDois(text, out);
    return out.take();
}

} // namespace Rubricate
