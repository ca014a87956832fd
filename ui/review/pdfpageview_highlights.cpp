// PdfPageView's highlights: stored report offsets mapped to the PDF's own text indices, the
// outlines of marked lines, and scrolling to and hitting them.
#include "review/pdfpageview.h"
#include "review/pdfpageview_p.h"

#include "ingest/document/pdftext.h"

#include <QHash>
#include <QPainterPath>
#include <QPdfDocument>
#include <QPdfSelection>
#include <QScrollBar>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <tuple>

namespace Rubricate {

namespace {

// PDFium's glyph boxes are tight; a little air makes a marked word readable and lets the lines
// of one quote join into one outline.
constexpr double HighlightPadding = 1.0;

// Characters whose sources are this close on the page are one stretch of it: CR LF and
// control characters dropped between them by the import (normalisePdfText).
constexpr int MaxDroppedBetween = 2;

// The pieces of a stored span, each contiguous in the PDF's page text: read through
// readPdfPage, a citation marker comes from the page's end and the sentence around it does
// not, and one outline from the one to the other would mark everything between.
QList<PdfHighlight> piecesOnPage(const PdfHighlight &stored, const PdfTextMap &page,
                                 int pdfTextSize)
{
    const qint64 count = page.sources.size();
    const qint64 begin = std::clamp<qint64>(stored.start, 0, count);
    const qint64 end = std::clamp<qint64>(qint64(stored.start) + stored.length, begin, count);
    PdfHighlight piece = stored;
    if (begin == end) {
        piece.start = begin < count ? page.sources.at(begin).first : pdfTextSize;
        piece.length = 0;
        return {piece};
    }
    QList<PdfHighlight> pieces;
    auto [from, to] = page.sources.at(begin);
    for (qint64 i = begin + 1; i <= end; ++i) {
        const auto next = i < end ? page.sources.at(i) : std::pair(-1, -1);
        if (next.first >= from && next.first <= to + MaxDroppedBetween) {
            to = std::max(to, next.second);
            continue;
        }
        // To the end of the stretch's last character, not to the next kept one: control
        // characters dropped between them are not part of the quote.
        piece.start = from;
        piece.length = to - from;
        pieces.append(piece);
        std::tie(from, to) = next;
    }
    return pieces;
}

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

// Where each character of the page's stored text is in getAllText(): readPdfPage's map, or
// for a page stored before the import joined lines, normalisePdfText's.
PdfTextMap storedPageMap(QPdfDocument &document, int page, int storedLength)
{
    // Text imported before lines were joined is QtPdf's, only normalised; the lengths tell.
    PdfTextMap read = readPdfPage(document, page);
    if (read.text.size() == storedLength)
        return read;
    return normalisePdfText(document.getAllText(page).text());
}

// The outline of a highlight's lines, in PDF points from the page's top left.
QPainterPath highlightShape(QPdfDocument &document, const PdfHighlight &h, QSizeF pagePoints)
{
    const QPdfSelection selection = document.getSelectionAtIndex(h.page, h.start, h.length);
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
    page.addRect(QRectF(QPointF(0, 0), pagePoints));
    return path.intersected(page).simplified();
}

bool hasGeometry(const PdfHighlight &h, qsizetype pageCount)
{
    return h.page >= 0 && h.page < pageCount && h.start >= 0 && h.length > 0;
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
    if (spans.isEmpty() || (!m_source && !m_opening)) {
        m_pendingSpans.reset();
        m_placing = false; // a placing still running is for marks no longer wanted
        setHighlights({});
        return;
    }
    m_pendingSpans = PendingSpans{pages, spans};
    if (!m_opening) // otherwise placed once the document is open
        placeHighlights();
}

void PdfPageView::placeHighlights()
{
    m_placing = true;
    if (m_placeWatcher.isRunning())
        return; // the newest request follows the one running
    const PendingSpans request = *std::exchange(m_pendingSpans, std::nullopt);
    m_placingSource = m_source;
    QPdfDocument *document = &m_source->document;
    m_placeWatcher.setFuture(
        QtConcurrent::run(&m_renderPool, [document, points = m_pagePoints, request] {
            return placeOnPages(*document, points, request);
        }));
}

PdfPageView::Placed PdfPageView::placeOnPages(QPdfDocument &document,
                                              const QList<QSizeF> &pagePoints,
                                              const PendingSpans &request)
{
    QHash<int, int> storedLengths;
    for (const PageSpan &page : request.pages)
        storedLengths.insert(page.page, page.length);
    QHash<int, std::pair<PdfTextMap, int>> maps;
    Placed placed;
    for (const PdfHighlight &stored : fromReportSpans(request.pages, request.spans)) {
        if (stored.page < 0 || stored.page >= pagePoints.size())
            continue;
        auto map = maps.constFind(stored.page);
        if (map == maps.cend()) {
            const int pdfTextSize = int(document.getAllText(stored.page).text().size());
            map = maps.insert(
                stored.page,
                {storedPageMap(document, stored.page, storedLengths.value(stored.page)),
                 pdfTextSize});
        }
        placed.highlights += piecesOnPage(stored, map->first, map->second);
    }
    // Every outline now, here: asked for while painting, each would hold the GUI thread.
    placed.pieces.reserve(placed.highlights.size());
    for (const PdfHighlight &h : std::as_const(placed.highlights)) {
        Piece piece;
        piece.resolved = true;
        if (hasGeometry(h, pagePoints.size()))
            piece.shape = highlightShape(document, h, pagePoints.at(h.page));
        placed.pieces.append(piece);
    }
    return placed;
}

void PdfPageView::placeFinished()
{
    const std::shared_ptr<Source> placedOn = std::exchange(m_placingSource, {});
    Placed placed = m_placeWatcher.future().takeResult();
    if (m_pendingSpans && m_source) {
        placeHighlights();
        return;
    }
    if (!m_placing || placedOn != m_source)
        return; // cleared or replaced meanwhile
    m_placing = false;
    setHighlights(placed.highlights);
    m_pieces = std::move(placed.pieces);
    if (m_pendingScroll >= 0)
        scrollToHighlight(std::exchange(m_pendingScroll, -1));
    emit highlightsPlaced();
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
    const QList<PdfHighlight> pieces
        = piecesOnPage(stored, normalisePdfText(pdfPageText), int(pdfPageText.size()));
    PdfHighlight hull = pieces.first();
    hull.length = pieces.last().start + pieces.last().length - hull.start;
    return hull;
}

const PdfPageView::Piece &PdfPageView::resolved(int index) const
{
    Piece &piece = m_pieces[index];
    if (piece.resolved)
        return piece;
    piece.resolved = true;
    const PdfHighlight &h = m_highlights.at(index);
    if (!m_source || !hasGeometry(h, pageCount()))
        return piece;
    piece.shape = highlightShape(m_source->document, h, m_pagePoints.at(h.page));
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
    if (isBusy()) {
        m_current = id;
        m_pendingScroll = id;
        return;
    }
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
