// PdfPageView's highlights: stored report offsets mapped to the PDF's own text indices, the
// outlines of marked lines, and scrolling to and hitting them.
#include "review/pdfpageview.h"
#include "review/pdfpageview_p.h"

#include <QHash>
#include <QPainterPath>
#include <QPdfSelection>
#include <QScrollBar>

#include <algorithm>

namespace Rubricate {

namespace {

// PDFium's glyph boxes are tight; a little air makes a marked word readable and lets the lines
// of one quote join into one outline.
constexpr double HighlightPadding = 1.0;

// Where each character of the stored page text came from in the page text QtPdf returns.
// The import (normalisedPageText in core/ingest/document/pdftext.cpp) turns "\r\n" into "\n",
// drops control characters other than tab and line feed, replaces other characters one for
// one and trims trailing white space, so every stored index has an exact counterpart.
// tst_pdfpageview checks this against the import itself, so the two cannot drift apart
// unnoticed.
class StoredToPdfIndex
{
public:
    explicit StoredToPdfIndex(const QString &pdfText)
        : m_pdfTextSize(int(pdfText.size()))
    {
        m_ranges.reserve(pdfText.size());
        for (qsizetype i = 0; i < pdfText.size(); ++i) {
            const char16_t c = pdfText.at(i).unicode();
            if (c < 0x20 && c != u'\n' && c != u'\t' && c != u'\r')
                continue;
            const bool crLf = c == u'\r' && i + 1 < pdfText.size() && pdfText.at(i + 1) == u'\n';
            m_ranges.append({int(i), int(i) + (crLf ? 2 : 1)});
            if (crLf)
                ++i;
        }
    }

    PdfHighlight map(PdfHighlight h) const
    {
        const qint64 count = m_ranges.size();
        const qint64 begin = std::clamp<qint64>(h.start, 0, count);
        const qint64 end = std::clamp<qint64>(qint64(h.start) + h.length, begin, count);
        if (begin == end) {
            h.start = begin < count ? m_ranges.at(begin).first : m_pdfTextSize;
            h.length = 0;
            return h;
        }
        // To the end of the span's last character, not to the next kept one: control
        // characters dropped between them are not part of the quote.
        h.start = m_ranges.at(begin).first;
        h.length = m_ranges.at(end - 1).second - h.start;
        return h;
    }

private:
    QList<std::pair<int, int>> m_ranges; // [begin, end) in the PDF text, per stored character
    int m_pdfTextSize = 0;
};

// PDFium gives a box per run of glyphs, often per word. Joined into one box per line, the
// highlight reads as a marked phrase rather than a row of boxes; spaces get 0x0 boxes, dropped.
QList<QRectF> lineBoxes(const QList<QPolygonF> &bounds)
{
    QList<QRectF> lines;
    for (const QPolygonF &polygon : bounds) {
        const QRectF box = polygon.boundingRect();
        if (!(box.width() > 0 && box.height() > 0))
            continue;
        if (!lines.isEmpty()) {
            QRectF &line = lines.last();
            const double overlap
                = std::min(line.bottom(), box.bottom()) - std::max(line.top(), box.top());
            const double gap = std::max(box.left() - line.right(), line.left() - box.right());
            const double height = std::max(line.height(), box.height());
            if (overlap > 0.5 * std::min(line.height(), box.height()) && gap < 1.5 * height) {
                line |= box;
                continue;
            }
        }
        lines.append(box);
    }
    return lines;
}
} // namespace

void PdfPageView::setHighlights(const QList<PdfHighlight> &highlights)
{
    m_highlights = highlights;
    m_pieces = QList<Piece>(highlights.size());
    m_piecesByPage.clear();
    m_piecesById.clear();
    for (qsizetype i = 0; i < highlights.size(); ++i) {
        m_piecesByPage[highlights.at(i).page].append(int(i));
        m_piecesById[highlights.at(i).id].append(int(i));
    }
    if (!m_piecesById.contains(m_current))
        m_current = -1;
    viewport()->update();
}

void PdfPageView::setReportHighlights(const QList<PageSpan> &pages,
                                      const QList<ReportTextHighlight> &spans)
{
    QList<PdfHighlight> pieces = fromReportSpans(pages, spans);
    QHash<int, StoredToPdfIndex> maps;
    for (PdfHighlight &piece : pieces) {
        auto map = maps.constFind(piece.page);
        if (map == maps.cend())
            map = maps.insert(piece.page, StoredToPdfIndex(pageText(piece.page)));
        piece = map->map(piece);
    }
    setHighlights(pieces);
}

QList<PdfHighlight> PdfPageView::fromReportSpans(const QList<PageSpan> &pages,
                                                 const QList<ReportTextHighlight> &spans)
{
    QList<PdfHighlight> pieces;
    for (const ReportTextHighlight &span : spans) {
        for (const PageSpan &page : pages) {
            const int begin = std::max(span.begin, page.offset);
            const int end = std::min(span.end, page.offset + page.length);
            if (begin < end)
                pieces.append({span.id, page.page, begin - page.offset, end - begin, span.colour});
        }
    }
    return pieces;
}

PdfHighlight PdfPageView::toPdfTextIndices(const PdfHighlight &stored, const QString &pdfPageText)
{
    return StoredToPdfIndex(pdfPageText).map(stored);
}

const PdfPageView::Piece &PdfPageView::resolved(int index) const
{
    Piece &piece = m_pieces[index];
    if (piece.resolved)
        return piece;
    piece.resolved = true;
    const PdfHighlight &h = m_highlights.at(index);
    if (!m_source || h.page < 0 || h.page >= pageCount() || h.start < 0 || h.length <= 0)
        return piece;
    const QPdfSelection selection
        = m_source->document.getSelectionAtIndex(h.page, h.start, h.length);
    QPainterPath path;
    path.setFillRule(Qt::WindingFill);
    for (const QRectF &line : lineBoxes(selection.bounds())) {
        path.addRect(line.adjusted(-HighlightPadding, -HighlightPadding, HighlightPadding,
                                   HighlightPadding));
    }
    // Text outside the page's box is clipped away on paper (Qt, for one, repeats a line cut
    // by a page break above the next page's top): there is nothing there to mark. Simplified:
    // one outline where padded lines touch, and no darker patches where they overlap.
    QPainterPath page;
    page.addRect(QRectF(QPointF(0, 0), m_pagePoints.at(h.page)));
    piece.shape = path.intersected(page).simplified();
    return piece;
}

QRectF PdfPageView::contentHighlightRect(int id) const
{
    QRectF rect;
    int firstPage = -1;
    for (const int index : m_piecesById.value(id)) {
        const int page = m_highlights.at(index).page;
        const Piece &piece = resolved(index);
        if (piece.shape.isEmpty() || (firstPage >= 0 && page > firstPage))
            continue;
        if (page != firstPage)
            rect = QRectF();
        firstPage = page;
        const QRectF bounds = piece.shape.boundingRect();
        const QPointF origin = m_pageRects.at(page).topLeft();
        rect |= QRectF(origin + bounds.topLeft() * m_scale, bounds.size() * m_scale);
    }
    return rect;
}

QRectF PdfPageView::highlightRect(int id) const
{
    const QRectF rect = contentHighlightRect(id);
    return rect.isNull() ? rect : rect.translated(contentOffset());
}

void PdfPageView::scrollToHighlight(int id)
{
    const QList<int> pieces = m_piecesById.value(id);
    if (pieces.isEmpty())
        return;
    m_current = id;
    viewport()->update();
    QRectF target = contentHighlightRect(id);
    if (target.isNull()) {
        // No geometry (text PDFium does not place): at least show the page.
        const int page = m_highlights.at(pieces.first()).page;
        if (page < 0 || page >= m_pageRects.size())
            return;
        verticalScrollBar()->setValue(m_pageRects.at(page).top() - Margin);
        return;
    }
    const QRect visible = viewport()->rect().translated(-contentOffset());
    const QPoint centre = target.center().toPoint();
    verticalScrollBar()->setValue(centre.y() - viewport()->height() / 2);
    if (target.left() < visible.left() || target.right() > visible.right()) {
        const int centringX = contentOffset().x() + horizontalScrollBar()->value();
        horizontalScrollBar()->setValue(centre.x() + centringX - viewport()->width() / 2);
    }
}

int PdfPageView::highlightAt(QPoint viewportPos) const
{
    const QPoint content = viewportPos - contentOffset();
    const auto [first, last] = pagesIn(QRect(content, QSize(1, 1)));
    for (int page = first; page <= last; ++page) {
        const QRect r = m_pageRects.at(page);
        if (!r.contains(content))
            continue;
        const QPointF points = QPointF(content - r.topLeft()) / m_scale;
        const QList<int> pieces = m_piecesByPage.value(page);
        // The current highlight is drawn on top, then the later ones over the earlier.
        for (const int index : pieces) {
            if (m_highlights.at(index).id == m_current && resolved(index).shape.contains(points))
                return m_current;
        }
        for (auto it = pieces.crbegin(); it != pieces.crend(); ++it) {
            if (resolved(*it).shape.contains(points))
                return m_highlights.at(*it).id;
        }
    }
    return -1;
}

} // namespace Rubricate
