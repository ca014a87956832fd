#include "review/pdfpageview.h"
#include "review/pdfpageview_p.h"

#include "ingest/document/pdfpagetree.h"
#include "ingest/document/pdftext.h"

#include <QApplication>
#include <QBuffer>
#include <QKeySequence>
#include <QMetaEnum>
#include <QMouseEvent>
#include <QMutexLocker>
#include <QPaintEvent>
#include <QPainter>
#include <QPdfDocument>
#include <QPdfSelection>
#include <QScrollBar>
#include <QShortcut>
#include <QTransform>
#include <QWheelEvent>
#include <QtConcurrent/QtConcurrentRun>

#include <algorithm>
#include <cmath>
#include <utility>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

constexpr int Spacing = 12;
constexpr double MinZoom = 0.25;
constexpr double MaxZoom = 4.0;
constexpr double ZoomStep = 1.25;
// The PDF format's own page size limit; a damaged file may claim more.
constexpr double MaxPagePoints = 14400;
constexpr QSizeF FallbackPagePoints{612, 792};
// Past this a zoomed-in page is drawn from a smaller image and scaled up, rather than
// allocating hundreds of megabytes for one page. Four such pages (the visible ones and one
// either side) fit the cache, so keeping the visible pages never evicts one of them.
constexpr double MaxRenderPixels = 6e6;
constexpr int ImageCacheKiB = 128 * 1024;
// Many or very tall pages must not overflow the scroll bar's int range.
constexpr double MaxContentHeight = 1e9;

QString loadErrorMessage(QPdfDocument::Error error)
{
    switch (error) {
    case QPdfDocument::Error::IncorrectPassword:
        return PdfPageView::tr("The PDF is protected by a password.");
    case QPdfDocument::Error::UnsupportedSecurityScheme:
        return PdfPageView::tr("The PDF is encrypted in a way that cannot be read.");
    case QPdfDocument::Error::InvalidFileFormat:
        return PdfPageView::tr("The file is not a readable PDF.");
    default: {
        const char *key = QMetaEnum::fromType<QPdfDocument::Error>().valueToKey(int(error));
        return PdfPageView::tr("The PDF could not be read (%1).")
            .arg(key ? QString::fromLatin1(key) : QString::number(int(error)));
    }
    }
}

} // namespace

PdfPageView::PdfPageView(QWidget *parent)
    : QAbstractScrollArea(parent)
{
    // Always shown, so that fitting the width never changes the width being fitted.
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOn);
    viewport()->setMouseTracking(true);
    m_images.setMaxCost(ImageCacheKiB);
    // One page at a time, on a pool of its own: a judge run or an import busy on the global
    // pool must not keep a page blank.
    m_renderPool.setMaxThreadCount(1);
    connect(&m_renderWatcher, &QFutureWatcher<QImage>::finished, this,
            &PdfPageView::renderFinished);
    connect(&m_openWatcher, &QFutureWatcher<Opened>::finished, this, &PdfPageView::openFinished);
    connect(&m_placeWatcher, &QFutureWatcher<Placed>::finished, this, &PdfPageView::placeFinished);

    const auto addShortcut = [this](const QKeySequence &keys, void (PdfPageView::*slot)()) {
        auto *shortcut = new QShortcut(keys, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, slot);
    };
    addShortcut(QKeySequence::ZoomIn, &PdfPageView::zoomIn);
    // "+" needs Shift on most layouts; people press Ctrl+= and expect it to zoom.
    addShortcut(QKeySequence(Qt::CTRL | Qt::Key_Equal), &PdfPageView::zoomIn);
    addShortcut(QKeySequence::ZoomOut, &PdfPageView::zoomOut);
    addShortcut(QKeySequence(Qt::CTRL | Qt::Key_0), &PdfPageView::setFitToWidth);

    relayout();
}

PdfPageView::~PdfPageView()
{
    // The pool thread may still be drawing from the document.
    m_renderPool.waitForDone();
}

PdfPageView::Opened PdfPageView::openSource(const QByteArray &pdfBytes)
{
    Opened opened;
    // PDFium would hang on a page tree that loops (see pdfpagetree.h).
    if (const QString problem = pdfPageTreeProblem(pdfBytes); !problem.isEmpty()) {
        opened.error = problem;
        return opened;
    }
    auto source = std::make_shared<Source>();
    source->buffer.setData(pdfBytes);
    if (!source->buffer.open(QIODevice::ReadOnly)) {
        opened.error = tr("The PDF could not be opened in memory.");
        return opened;
    }
    // A QBuffer is random access, so QPdfDocument loads synchronously from it. The lock is
    // the importer's: PDFium's error state after a failed load is process-wide.
    QMutexLocker lock(&pdfLoadMutex());
    source->document.load(&source->buffer);
    const QPdfDocument::Error loadError = source->document.error();
    lock.unlock();
    if (loadError != QPdfDocument::Error::None
        || source->document.status() != QPdfDocument::Status::Ready) {
        opened.error = loadErrorMessage(
            loadError == QPdfDocument::Error::None ? QPdfDocument::Error::Unknown : loadError);
        return opened;
    }

    const int pages = source->document.pageCount();
    opened.pagePoints.reserve(pages);
    for (int page = 0; page < pages; ++page) {
        const QSizeF size = source->document.pagePointSize(page);
        // Written so that NaN fails too: a page without a usable size still gets a place.
        const bool usable = size.width() > 0 && size.height() > 0;
        const QSizeF points = usable ? size : FallbackPagePoints;
        opened.pagePoints.append(QSizeF(std::min(points.width(), MaxPagePoints),
                                        std::min(points.height(), MaxPagePoints)));
    }
    opened.source = std::move(source);
    return opened;
}

Result<void> PdfPageView::setDocument(const QByteArray &pdfBytes)
{
    clear();
    Opened opened = openSource(pdfBytes);
    if (!opened.source)
        return Error{opened.error};
    install(std::move(opened));
    return {};
}

void PdfPageView::openDocument(const QByteArray &pdfBytes)
{
    clear();
    m_opening = true;
    // One load at a time: the newest bytes wait for the one running, and a load finished
    // for bytes since replaced is dropped here, where its document was made to live.
    m_nextOpen = pdfBytes;
    if (!m_openWatcher.isRunning())
        startOpening();
}

void PdfPageView::startOpening()
{
    QThread *viewThread = thread();
    m_openWatcher.setFuture(QtConcurrent::run(
        &m_renderPool, [bytes = *std::exchange(m_nextOpen, std::nullopt), viewThread] {
            Opened opened = openSource(bytes);
            if (opened.source) {
                opened.source->buffer.moveToThread(viewThread);
                opened.source->document.moveToThread(viewThread);
            }
            return opened;
        }));
}

void PdfPageView::openFinished()
{
    Opened opened = m_openWatcher.future().takeResult();
    if (m_nextOpen) { // replaced while it loaded
        startOpening();
        return;
    }
    if (!m_opening)
        return; // cleared, or replaced by a document loaded in place
    m_opening = false;
    const QString error = opened.error;
    if (opened.source)
        install(std::move(opened));
    emit documentOpened(bool(m_source), error);
    if (m_source && m_pendingSpans)
        placeHighlights();
    else if (m_pendingScroll >= 0)
        scrollToHighlight(std::exchange(m_pendingScroll, -1));
}

void PdfPageView::install(Opened opened)
{
    m_source = std::move(opened.source);
    m_pagePoints = std::move(opened.pagePoints);
    relayout();
    horizontalScrollBar()->setValue(0);
    verticalScrollBar()->setValue(0);
    requestRenders();
}

void PdfPageView::clear()
{
    m_opening = false;
    m_nextOpen.reset();
    m_placing = false;
    // A render still running keeps its own reference; the document goes when it is done.
    m_source.reset();
    m_pagePoints.clear();
    m_images.clear();
    m_failedRenders.clear();
    m_highlights.clear();
    m_pieces.clear();
    m_piecesByPage.clear();
    m_piecesById.clear();
    m_current = -1;
    m_pendingSpans.reset();
    m_pendingScroll = -1;
    m_pressed = false;
    viewport()->unsetCursor();
    relayout();
}

int PdfPageView::pageCount() const
{
    return int(m_pagePoints.size());
}

QString PdfPageView::pageText(int page) const
{
    if (!m_source || page < 0 || page >= pageCount())
        return {};
    return m_source->document.getAllText(page).text();
}

double PdfPageView::pointScale() const
{
    return logicalDpiX() / 72.0;
}

double PdfPageView::zoomFactor() const
{
    return m_scale / pointScale();
}

void PdfPageView::setZoomFactor(double factor)
{
    if (!std::isfinite(factor))
        return;
    m_fitToWidth = false;
    m_zoom = std::clamp(factor, MinZoom, MaxZoom);
    relayoutKeepingCentre();
    requestRenders();
}

void PdfPageView::setFitToWidth()
{
    m_fitToWidth = true;
    relayoutKeepingCentre();
    requestRenders();
}

void PdfPageView::zoomIn()
{
    setZoomFactor(zoomFactor() * ZoomStep);
}

void PdfPageView::zoomOut()
{
    setZoomFactor(zoomFactor() / ZoomStep);
}

void PdfPageView::relayout()
{
    double widest = 0;
    for (const QSizeF &points : std::as_const(m_pagePoints))
        widest = std::max(widest, points.width());
    double zoom = m_zoom;
    if (m_fitToWidth && widest > 0) {
        const int available = std::max(1, viewport()->width() - 2 * Margin);
        zoom = std::clamp(available / (widest * pointScale()), MinZoom, MaxZoom);
    }
    m_scale = zoom * pointScale();

    double height = 2 * Margin;
    for (const QSizeF &points : std::as_const(m_pagePoints))
        height += points.height() * m_scale + Spacing;
    if (height > MaxContentHeight)
        m_scale *= MaxContentHeight / height;

    const int width = qRound(widest * m_scale);
    m_pageRects.resize(m_pagePoints.size());
    int y = Margin;
    for (qsizetype page = 0; page < m_pagePoints.size(); ++page) {
        const QSizeF points = m_pagePoints.at(page);
        const QSize size(std::max(1, qRound(points.width() * m_scale)),
                         std::max(1, qRound(points.height() * m_scale)));
        m_pageRects[page] = QRect(QPoint(Margin + (width - size.width()) / 2, y), size);
        y += size.height() + Spacing;
    }
    m_contentSize
        = m_pagePoints.isEmpty() ? QSize() : QSize(width + 2 * Margin, y - Spacing + Margin);
    updateScrollBars();
    viewport()->update();
}

void PdfPageView::relayoutKeepingCentre()
{
    // The point under the viewport's centre stays there, in page coordinates, across zooms.
    const QPoint centre = viewport()->rect().center();
    const QPoint contentCentre = centre - contentOffset();
    int anchor = -1;
    QPointF anchorPoints;
    if (!m_pageRects.isEmpty()) {
        const auto below
            = std::partition_point(m_pageRects.cbegin(), m_pageRects.cend(), [&](const QRect &r) {
                  return r.bottom() + Spacing < contentCentre.y();
              });
        anchor = std::min(int(below - m_pageRects.cbegin()), int(m_pageRects.size()) - 1);
        anchorPoints = QPointF(contentCentre - m_pageRects.at(anchor).topLeft()) / m_scale;
    }
    relayout();
    if (anchor < 0)
        return;
    const QPointF target = QPointF(m_pageRects.at(anchor).topLeft()) + anchorPoints * m_scale;
    const int centringX = contentOffset().x() + horizontalScrollBar()->value();
    horizontalScrollBar()->setValue(qRound(target.x() + centringX - centre.x()));
    verticalScrollBar()->setValue(qRound(target.y() - centre.y()));
}

void PdfPageView::updateScrollBars()
{
    const QSize viewportSize = viewport()->size();
    QScrollBar *h = horizontalScrollBar();
    h->setRange(0, std::max(0, m_contentSize.width() - viewportSize.width()));
    h->setPageStep(viewportSize.width());
    h->setSingleStep(24);
    QScrollBar *v = verticalScrollBar();
    v->setRange(0, std::max(0, m_contentSize.height() - viewportSize.height()));
    v->setPageStep(viewportSize.height());
    v->setSingleStep(24);
}

QPoint PdfPageView::contentOffset() const
{
    const int centringX = std::max(0, (viewport()->width() - m_contentSize.width()) / 2);
    return {centringX - horizontalScrollBar()->value(), -verticalScrollBar()->value()};
}

std::pair<int, int> PdfPageView::pagesIn(const QRect &contentRect) const
{
    const auto begin = m_pageRects.cbegin();
    const auto first = std::partition_point(
        begin, m_pageRects.cend(), [&](const QRect &r) { return r.bottom() < contentRect.top(); });
    const auto end = std::partition_point(
        first, m_pageRects.cend(), [&](const QRect &r) { return r.top() <= contentRect.bottom(); });
    return {int(first - begin), int(end - begin) - 1};
}

QRect PdfPageView::pageRect(int page) const
{
    if (page < 0 || page >= m_pageRects.size())
        return {};
    return m_pageRects.at(page).translated(contentOffset());
}

QSize PdfPageView::renderSize(int page) const
{
    QSizeF size = QSizeF(m_pageRects.at(page).size()) * viewport()->devicePixelRatioF();
    const double pixels = size.width() * size.height();
    if (pixels > MaxRenderPixels)
        size *= std::sqrt(MaxRenderPixels / pixels);
    return size.toSize().expandedTo(QSize(1, 1));
}

bool PdfPageView::isPageRendered(int page) const
{
    if (page < 0 || page >= m_pageRects.size())
        return false;
    const QImage *image = m_images.object(page);
    return image && image->size() == renderSize(page);
}

void PdfPageView::requestRenders()
{
    if (!m_source || m_rendering.page >= 0 || m_pageRects.isEmpty())
        return;
    const auto [first, last] = pagesIn(viewport()->rect().translated(-contentOffset()));
    // The visible pages, then one either side, so that scrolling on finds them drawn. One
    // request at a time: a fast scroll through 100 pages then renders only where it stops.
    QList<int> wanted;
    for (int page = first; page <= last; ++page)
        wanted.append(page);
    if (last + 1 < pageCount())
        wanted.append(last + 1);
    if (first - 1 >= 0 && first - 1 < pageCount())
        wanted.append(first - 1);
    for (const int page : std::as_const(wanted)) {
        const QSize size = renderSize(page);
        if (m_failedRenders.value(page) == size)
            continue;
        const QImage *image = m_images.object(page);
        if (image && image->size() == size)
            continue;
        startRender(page, size);
        return;
    }
}

void PdfPageView::startRender(int page, QSize size)
{
    // Not QPdfPageRenderer: in Qt 6.4 it hands every request to its thread at once with no way
    // to drop one, so a fast scroll queues every page passed, and a request its thread drops
    // (document replaced) stays "pending" and swallows later identical requests.
    m_rendering = Render{m_source, page, size};
    QPdfDocument *document = &m_source->document;
    m_renderWatcher.setFuture(QtConcurrent::run(
        &m_renderPool, [document, page, size] { return document->render(page, size); }));
}

void PdfPageView::renderFinished()
{
    // `done` holds the last reference to a document replaced meanwhile: it is destroyed here,
    // on the GUI thread, once nothing draws from it any more.
    const Render done = std::exchange(m_rendering, Render{});
    if (done.source && done.source == m_source) {
        const QImage image = m_renderWatcher.result();
        if (image.isNull()) {
            m_failedRenders.insert(done.page, done.size);
        } else {
            m_images.insert(done.page, new QImage(image), int(image.sizeInBytes() / 1024) + 1);
            viewport()->update(pageRect(done.page));
        }
    }
    requestRenders();
}

void PdfPageView::scrollContentsBy(int dx, int dy)
{
    viewport()->scroll(dx, dy);
    requestRenders();
}

void PdfPageView::resizeEvent(QResizeEvent *event)
{
    QAbstractScrollArea::resizeEvent(event);
    if (m_fitToWidth)
        relayoutKeepingCentre();
    else
        updateScrollBars();
    requestRenders();
}

void PdfPageView::paintEvent(QPaintEvent *event)
{
    QPainter painter(viewport());
    painter.fillRect(event->rect(), palette().color(QPalette::Mid));
    if (m_pageRects.isEmpty())
        return;

    const QPoint offset = contentOffset();
    const auto [first, last] = pagesIn(event->rect().translated(-offset));
    painter.translate(offset);
    painter.setRenderHint(QPainter::SmoothPixmapTransform);
    painter.setRenderHint(QPainter::Antialiasing);
    for (int page = first; page <= last; ++page) {
        const QRect r = m_pageRects.at(page);
        painter.setPen(palette().color(QPalette::Shadow));
        painter.setBrush(Qt::white);
        painter.drawRect(QRectF(r).adjusted(-0.5, -0.5, 0.5, 0.5));
        // An image of another size (the zoom just changed) stands in until the new one comes.
        if (const QImage *image = m_images.object(page))
            painter.drawImage(QRectF(r), *image);

        const QTransform toPage = QTransform::fromTranslate(r.x(), r.y()).scale(m_scale, m_scale);
        const QList<int> pieces = m_piecesByPage.value(page);
        // Two passes so that the current highlight's outline is never covered by another fill.
        for (const bool currentPass : {false, true}) {
            for (const int index : pieces) {
                const PdfHighlight &h = m_highlights.at(index);
                const bool current = h.id == m_current;
                if (current != currentPass)
                    continue;
                const Piece &piece = resolved(index);
                if (piece.shape.isEmpty())
                    continue;
                const QColor base = h.colour.isValid() ? h.colour : QColor(255, 196, 0);
                QColor fill = base;
                if (fill.alpha() == 255)
                    fill.setAlpha(current ? 110 : 70);
                const QPainterPath shape = toPage.map(piece.shape);
                painter.fillPath(shape, fill);
                if (current) {
                    QColor edge = base.darker(160);
                    edge.setAlpha(255);
                    painter.strokePath(shape, QPen(edge, 2));
                }
            }
        }
    }
}

void PdfPageView::mousePressEvent(QMouseEvent *event)
{
    if (event->button() != Qt::LeftButton) {
        QAbstractScrollArea::mousePressEvent(event);
        return;
    }
    m_pressed = true;
    m_pressPos = event->position().toPoint();
    event->accept();
}

void PdfPageView::mouseReleaseEvent(QMouseEvent *event)
{
    const bool click = m_pressed && event->button() == Qt::LeftButton
        && (event->position().toPoint() - m_pressPos).manhattanLength()
            < QApplication::startDragDistance();
    m_pressed = false;
    if (!click) {
        QAbstractScrollArea::mouseReleaseEvent(event);
        return;
    }
    event->accept();
    const int id = highlightAt(m_pressPos);
    if (id < 0)
        return;
    if (id != m_current) {
        m_current = id;
        viewport()->update();
    }
    emit highlightActivated(id);
}

void PdfPageView::mouseMoveEvent(QMouseEvent *event)
{
    if (highlightAt(event->position().toPoint()) >= 0)
        viewport()->setCursor(Qt::PointingHandCursor);
    else
        viewport()->unsetCursor();
    QAbstractScrollArea::mouseMoveEvent(event);
}

void PdfPageView::wheelEvent(QWheelEvent *event)
{
    if (!(event->modifiers() & Qt::ControlModifier)) {
        QAbstractScrollArea::wheelEvent(event);
        return;
    }
    // Proportional, so that a touchpad's many small steps zoom as smoothly as a wheel's notch.
    const int steps = event->angleDelta().y();
    if (steps != 0)
        setZoomFactor(zoomFactor() * std::pow(ZoomStep, steps / 120.0));
    event->accept();
}

} // namespace Rubricate
