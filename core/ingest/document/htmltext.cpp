#include "htmltext.h"

#include "domain/result.h"
#include "htmlnodes.h"
#include "markdowntable.h"
#include "textdecoding.h"

#include <QList>
#include <QRegularExpression>
#include <QStringList>

#include <libxml/HTMLparser.h>
#include <libxml/parser.h>
#include <libxml/tree.h>

#include <algorithm>
#include <climits>
#include <initializer_list>
#include <memory>
#include <utility>
#include <vector>

namespace Rubricate {

using namespace Qt::StringLiterals;

using namespace HtmlNodes;

namespace {

// Deeper subtrees are skipped: the walk is recursive and must not exhaust a pool thread's
// stack on a hostile file. Real pages stay far below this.
constexpr int MaxDepth = 400;
// libxml2's tree takes 300 to 600 bytes an element: a page of tiny tags grows forty-fold in
// memory (10 MB of <b>x</b> take 400 MB). Half a million elements, some 300 MB at most, is ten
// times the largest real report pages; a page with more is refused before it is parsed.
constexpr qsizetype MaxElements = 500000;

// libxml2 2.9 is only thread-safe once xmlInitParser() has run, and that call itself is not
// safe to race; a function-local static makes it happen exactly once.
void ensureLibxmlInitialised()
{
    static const bool initialised = [] {
        xmlInitParser();
        return true;
    }();
    Q_UNUSED(initialised);
}

class HtmlRenderer
{
public:
    void renderSiblings(const xmlNode *first, int depth)
    {
        for (const xmlNode *node = first; node; node = node->next)
            renderNode(node, depth);
    }

    QString finish()
    {
        flushLine();
        return m_out;
    }

    bool hitDepthLimit() const { return m_hitDepthLimit; }

private:
    struct Marker {
        QString first; // on the first line of the block, e.g. "- "
        QString rest; // on its following lines, e.g. "  "
        bool used = false;
    };
    struct ListState {
        bool ordered = false;
        int next = 1;
    };

    void renderNode(const xmlNode *node, int depth)
    {
        switch (node->type) {
        case XML_TEXT_NODE:
        case XML_CDATA_SECTION_NODE:
            if (node->content)
                appendText(QString::fromUtf8(reinterpret_cast<const char *>(node->content)));
            break;
        case XML_ELEMENT_NODE:
            if (depth > MaxDepth) {
                m_hitDepthLimit = true;
                break;
            }
            renderElement(node, depth);
            break;
        default: // comments, processing instructions, the DTD
            break;
        }
    }

    void renderElement(const xmlNode *element, int depth)
    {
        if (isNamed(element, {"svg"})) {
            renderSvgBreakout(element, depth);
            return;
        }
        if (isInvisible(element))
            return;
        if (m_preDepth > 0) {
            // Inside <pre> the source's own line breaks are the layout.
            if (isNamed(element, {"br"}))
                m_line += u'\n';
            else
                renderSiblings(element->children, depth + 1);
            return;
        }
        if (isNamed(element, {"br"})) {
            lineBreak();
            return;
        }
        if (isCitationPill(element) && !m_line.isEmpty() && !m_line.endsWith(u' ')) {
            // Chat exports (ChatGPT, Grok, Perplexity) place source pills right after the
            // sentence and space them with CSS; without a space "localization" and the pill's
            // "arxiv.org" would read as one word.
            m_line += u' ';
        }
        if (isNamed(element, {"pre"})) {
            renderPre(element, depth);
            return;
        }
        if (const int level = headingLevel(element)) {
            requestBreak(2);
            m_headingPrefix = QString(level, u'#') + u' ';
            renderSiblings(element->children, depth + 1);
            flushLine();
            m_headingPrefix.clear();
            requestBreak(2);
            return;
        }
        if (isNamed(element, {"table"})) {
            renderTable(element, depth);
            return;
        }
        if (isNamed(element, {"ul", "ol", "menu", "dir"})) {
            requestBreak(2);
            ListState list;
            list.ordered = isNamed(element, {"ol"});
            bool ok = false;
            const int start = attribute(element, "start").trimmed().toInt(&ok);
            if (ok)
                list.next = start;
            m_lists.append(list);
            renderSiblings(element->children, depth + 1);
            m_lists.removeLast();
            requestBreak(2);
            return;
        }
        if (isNamed(element, {"li"})) {
            requestBreak(1);
            QString marker = u"- "_s;
            if (!m_lists.isEmpty() && m_lists.last().ordered)
                marker = QString::number(m_lists.last().next++) + u". "_s;
            m_markers.append({marker, QString(marker.size(), u' ')});
            renderSiblings(element->children, depth + 1);
            flushLine();
            m_markers.removeLast();
            requestBreak(1);
            return;
        }
        if (isNamed(element, {"blockquote"})) {
            requestBreak(2);
            m_markers.append({u"> "_s, u"> "_s});
            renderSiblings(element->children, depth + 1);
            flushLine();
            m_markers.removeLast();
            requestBreak(2);
            return;
        }

        const int breaks = startsParagraph(element) ? 2 : startsLine(element) ? 1 : 0;
        if (breaks)
            requestBreak(breaks);
        renderSiblings(element->children, depth + 1);
        if (breaks)
            requestBreak(breaks);
    }

    // A drawing is not page text, but browsers leave it at the first <p>, <div>, <span> ...
    // inside it: that element and everything after it in the <svg> is page text again,
    // although libxml2 nests it all in the <svg>. Without this, an <svg> left open or a
    // <path> written without "/>" hides the rest of the page.
    void renderSvgBreakout(const xmlNode *svg, int depth)
    {
        const xmlNode *breakout = firstElementLeavingSvg(svg);
        for (const xmlNode *node = breakout; node && node != svg; node = node->parent) {
            for (const xmlNode *next = node == breakout ? node : node->next; next;
                 next = next->next)
                renderNode(next, depth + 1);
        }
    }

    void renderPre(const xmlNode *pre, int depth)
    {
        requestBreak(2);
        ++m_preDepth;
        renderSiblings(pre->children, depth + 1);
        --m_preDepth;
        QString content = std::exchange(m_line, QString());
        content.replace(u"\r\n"_s, u"\n"_s);
        // Browsers ignore a newline right after <pre>, and the last one before </pre>.
        if (content.startsWith(u'\n'))
            content.remove(0, 1);
        while (content.endsWith(u'\n'))
            content.chop(1);
        if (!content.isEmpty()) {
            const QStringList lines = content.split(u'\n');
            for (const QString &line : lines)
                emitLine(line);
        }
        requestBreak(2);
    }

    // Every cell and caption is rendered exactly once, into its own text: rendering a subtree
    // again (say, to read a layout table as prose) would double the work at every level of
    // nested tables.
    void renderTable(const xmlNode *table, int depth)
    {
        requestBreak(2);
        QList<QStringList> rows;
        QStringList captions;
        std::vector<int> spanLeft; // rows that a rowspan still covers, per column
        collectRows(table, depth + 1, rows, captions, spanLeft);

        for (const QString &caption : std::as_const(captions))
            emitLine(caption);
        if (rows.isEmpty()) {
            // No rows: whatever else the table holds is read as it comes.
            for (const xmlNode *node = table->children; node; node = node->next) {
                if (!isElement(node) || !isNamed(node, {"caption"}))
                    renderNode(node, depth + 1);
            }
        } else if (rows.size() == 1 && rows.first().size() == 1) {
            // A table used for page layout, not for data: its content reads as prose.
            emitBlock(rows.first().first());
        } else {
            for (QStringList &row : rows) {
                for (QString &cell : row)
                    cell = markdownTableCell(cell);
            }
            const QStringList lines = markdownTable(rows).split(u'\n');
            for (const QString &line : lines)
                emitLine(line);
        }
        requestBreak(2);
    }

    // Text rendered on its own (a layout table's cell), placed as blocks of this text.
    void emitBlock(const QString &text)
    {
        const QStringList lines = text.split(u'\n');
        for (const QString &line : lines) {
            if (line.isEmpty())
                requestBreak(2);
            else
                emitLine(line);
        }
    }

    void collectRows(const xmlNode *parent, int depth, QList<QStringList> &rows,
                     QStringList &captions, std::vector<int> &spanLeft)
    {
        if (depth > MaxDepth) {
            m_hitDepthLimit = true;
            return;
        }
        for (const xmlNode *node = parent->children; node; node = node->next) {
            if (!isElement(node) || isInvisible(node))
                continue;
            if (isNamed(node, {"tr"})) {
                rows.append(collectRow(node, depth + 1, spanLeft));
            } else if (isNamed(node, {"caption"})) {
                const QString caption = renderFragment(node, depth + 1).simplified();
                if (!caption.isEmpty())
                    captions.append(caption);
            } else if (!isNamed(node, {"table"})) {
                collectRows(node, depth + 1, rows, captions, spanLeft); // thead, tbody, tfoot
            }
        }
    }

    QStringList collectRow(const xmlNode *tr, int depth, std::vector<int> &spanLeft)
    {
        QStringList row;
        size_t column = 0;
        const auto fillCoveredColumns = [&] {
            while (column < spanLeft.size() && spanLeft[column] > 0) {
                --spanLeft[column];
                row.append(QString());
                ++column;
            }
        };
        for (const xmlNode *cell = tr->children; cell; cell = cell->next) {
            if (!isElement(cell) || !isNamed(cell, {"td", "th"}))
                continue;
            fillCoveredColumns();
            const int colspan = std::clamp(attribute(cell, "colspan").trimmed().toInt(), 1, 1000);
            const int rowspan = std::clamp(attribute(cell, "rowspan").trimmed().toInt(), 1, 65534);
            row.append(renderFragment(cell, depth + 1));
            for (int i = 1; i < colspan; ++i)
                row.append(QString());
            if (spanLeft.size() < column + colspan)
                spanLeft.resize(column + colspan, 0);
            for (int i = 0; i < colspan; ++i)
                spanLeft[column + i] = rowspan - 1;
            column += colspan;
        }
        fillCoveredColumns();
        // Columns that a rowspan from above covers beyond this row's last cell.
        size_t coveredEnd = column;
        for (size_t c = column; c < spanLeft.size(); ++c) {
            if (spanLeft[c] > 0)
                coveredEnd = c + 1;
        }
        for (; column < coveredEnd; ++column) {
            if (spanLeft[column] > 0)
                --spanLeft[column];
            row.append(QString());
        }
        return row;
    }

    // The text of a subtree on its own, for table cells and captions.
    QString renderFragment(const xmlNode *element, int depth)
    {
        HtmlRenderer inner;
        inner.renderSiblings(element->children, depth + 1);
        QString text = inner.finish();
        m_hitDepthLimit = m_hitDepthLimit || inner.m_hitDepthLimit;
        return text;
    }

    void appendText(const QString &text)
    {
        if (m_preDepth > 0) {
            m_line += text;
            return;
        }
        m_line.reserve(m_line.size() + text.size());
        for (const QChar c : text) {
            if (isHtmlSpace(c)) {
                if (!m_line.isEmpty() && !m_line.endsWith(u' '))
                    m_line += u' ';
            } else {
                m_line += c;
            }
        }
    }

    void lineBreak()
    {
        if (!m_line.isEmpty()) {
            flushLine();
        } else if (!m_out.isEmpty()) {
            // Consecutive <br>s leave an empty line, but never more than one.
            m_pendingBreaks = std::min(std::max(m_pendingBreaks, 1) + 1, 2);
        }
    }

    void requestBreak(int newlines)
    {
        flushLine();
        if (!m_lists.isEmpty())
            newlines = 1; // list items and the paragraphs inside them stay together
        m_pendingBreaks = std::max(m_pendingBreaks, newlines);
    }

    void flushLine()
    {
        if (m_line.endsWith(u' '))
            m_line.chop(1);
        if (!m_line.isEmpty())
            emitLine(m_line);
        m_line.clear();
    }

    void emitLine(const QString &content)
    {
        if (!m_out.isEmpty())
            m_out += QString(std::max(m_pendingBreaks, 1), u'\n');
        m_pendingBreaks = 0;
        QString prefix;
        for (Marker &marker : m_markers) {
            prefix += marker.used ? marker.rest : marker.first;
            marker.used = true;
        }
        prefix += m_headingPrefix;
        if (content.isEmpty()) {
            while (prefix.endsWith(u' '))
                prefix.chop(1);
        }
        m_out += prefix + content;
    }

    QString m_out;
    QString m_line; // inline text of the block being built, white space already collapsed
    int m_pendingBreaks = 0;
    QList<Marker> m_markers;
    QList<ListState> m_lists;
    QString m_headingPrefix;
    int m_preDepth = 0;
    bool m_hitDepthLimit = false;
};

// <meta charset="gbk"> or <meta http-equiv="Content-Type" content="text/html; charset=gbk">,
// looked for where browsers look: near the start of the page (they read 1024 bytes; pages with
// a long <head> before the <meta> are common enough to read further).
DeclaredCharset declaredCharset(QByteArrayView bytes)
{
    static const QRegularExpression meta(
        uR"(<meta\s[^>]*?charset\s*=\s*["']?\s*([A-Za-z0-9_.:+-]+))"_s,
        QRegularExpression::CaseInsensitiveOption);
    const QString head = QString::fromLatin1(bytes.first(std::min<qsizetype>(bytes.size(), 16384)));
    const QRegularExpressionMatch match = meta.match(head);
    if (!match.hasMatch())
        return {};
    const bool httpEquiv = match.captured(0).contains(u"http-equiv"_s, Qt::CaseInsensitive);
    return {match.captured(1).toLatin1(), httpEquiv ? u"<meta http-equiv>"_s : u"<meta charset>"_s};
}

struct HtmlDocDeleter {
    void operator()(xmlDoc *doc) const { xmlFreeDoc(doc); }
};
using HtmlDoc = std::unique_ptr<xmlDoc, HtmlDocDeleter>;

// Start tags ('<' and a letter), counted until one past the limit: what libxml2 would make
// elements of.
qsizetype countElements(QByteArrayView html)
{
    qsizetype count = 0;
    for (qsizetype at = html.indexOf('<'); at >= 0 && count <= MaxElements;
         at = html.indexOf('<', at + 1)) {
        const char next = at + 1 < html.size() ? char(html[at + 1] | 0x20) : '\0';
        if (next >= 'a' && next <= 'z')
            ++count;
    }
    return count;
}

// The page parsed the way the evaluator read it. The evaluator read HTML as UTF-8 with bad
// bytes dropped, whatever the page declares; reading UTF-8 the same way keeps the judge's and
// the workbench's text the same. Only a page that is not UTF-8 is read in the character set it
// declares (or GB18030, detected). An error for a page too large to parse; null when libxml2
// finds nothing it can recover.
Result<HtmlDoc> parseHtml(const QByteArray &bytes, QStringList *warnings)
{
    const DecodedText decoded = decodeDocumentText(bytes, declaredCharset(bytes));
    if (!decoded.warning.isEmpty())
        warnings->append(decoded.warning);
    const QByteArray utf8 = decoded.text.toUtf8();
    if (utf8.size() > INT_MAX)
        return Error{u"HTML document too large"_s};
    if (const qsizetype elements = countElements(utf8); elements > MaxElements) {
        return Error{u"HTML document with more than %L1 elements (at least %L2): the page is not "
                     "read, its tree would take gigabytes of memory"_s.arg(MaxElements)
                         .arg(elements)};
    }

    ensureLibxmlInitialised();
    // NONET: no DTD or entity is ever fetched. IGNORE_ENC: the bytes are UTF-8 by now, a
    // <meta charset> must not make libxml2 re-decode them.
    // HUGE: without it libxml2 silently stops at nesting depth 256 and the rest of the page is
    // lost; the walk below has its own depth limit, and says so when it applies.
    const int options = HTML_PARSE_RECOVER | HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING
        | HTML_PARSE_NONET | HTML_PARSE_IGNORE_ENC | HTML_PARSE_NODEFDTD | XML_PARSE_HUGE;
    return HtmlDoc(htmlReadMemory(utf8.constData(), int(utf8.size()), nullptr, "UTF-8", options));
}

// The first <title> and the citation_title / og:title metadata anywhere in the tree (pages
// put them in the <head>, but libxml2 moves a misplaced <meta> into the body).
void collectTitles(const xmlNode *node, int depth, HtmlTitles &out)
{
    for (; node && depth < MaxDepth; node = node->next) {
        if (!isElement(node))
            continue;
        if (isNamed(node, {"meta"})) {
            // Highwire uses name=, Open Graph property= (many sites write name= for both).
            const QString name = attribute(node, "name").toLower();
            const QString property = attribute(node, "property").toLower();
            const auto is = [&](QLatin1StringView key) {
                return name == key || property == key;
            };
            QString *target = is("citation_title"_L1) ? &out.citationTitle
                : is("og:title"_L1)                   ? &out.ogTitle
                                                      : nullptr;
            if (target && target->isEmpty())
                *target = attribute(node, "content").simplified();
        } else if (isNamed(node, {"title"}) && out.title.isEmpty()) {
            xmlChar *text = xmlNodeGetContent(node);
            out.title = QString::fromUtf8(reinterpret_cast<const char *>(text)).simplified();
            xmlFree(text);
        } else if (isNamed(node, {"svg"})) {
            continue; // an SVG <title> is a tooltip, not the page's
        }
        collectTitles(node->children, depth + 1, out);
    }
}

} // namespace

HtmlTitles htmlTitles(const QByteArray &bytes)
{
    HtmlTitles titles;
    QStringList warnings;
    if (const Result<HtmlDoc> doc = parseHtml(bytes, &warnings); doc && doc.value())
        collectTitles(doc->children, 0, titles);
    return titles;
}

ExtractedDocument extractHtml(const QByteArray &bytes)
{
    ExtractedDocument result;
    result.format = ReportFormat::Html;
    const Result<HtmlDoc> doc = parseHtml(bytes, &result.warnings);
    if (!doc) {
        result.error = doc.errorMessage();
        result.corrupt = true;
        return result;
    }
    if (!doc.value()) {
        // libxml2 only gives up on input without any markup it can recover, e.g. nothing
        // but white space.
        result.warnings.append(u"HTML could not be parsed"_s);
        return result;
    }

    HtmlRenderer renderer;
    renderer.renderSiblings(doc->children, 0);
    result.text = renderer.finish();
    result.hasText = !result.text.trimmed().isEmpty();

    if (renderer.hitDepthLimit()) {
        result.warnings.append(
            u"HTML nested more than %1 levels deep; deeper content skipped"_s.arg(MaxDepth));
    }
    if (const int remote = countRemoteResources(doc->children)) {
        result.warnings.append(countedNoun(remote, u"remote resource"_s, u"remote resources"_s)
                               + u" not loaded"_s);
    }
    if (!result.hasText)
        result.warnings.append(u"no text"_s);
    return result;
}

} // namespace Rubricate
