// A PDF report shown as its pages, with the judge's evidence highlighted on the page itself.
// QPdfView (Qt 6.4) cannot draw over a page, so this view lays out, renders and paints the
// pages itself. Reports are untrusted: QtPdf fetches nothing, and no link is ever followed.
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "ingest/document/pdflines.h"

#include <QAbstractScrollArea>
#include <QCache>
#include <QColor>
#include <QFutureWatcher>
#include <QHash>
#include <QImage>
#include <QList>
#include <QPainterPath>
#include <QThreadPool>

#include <memory>
#include <optional>

class QPdfDocument;

namespace Rubricate {

// One highlighted piece of one page. start/length index the page's text as
// QPdfDocument::getAllText(page) returns it (UTF-16 units; PDFium counts a character outside
// the BMP as one, so indices after such a character are approximate). An id may have several
// pieces: a quote that crosses a page break has one per page.
struct PdfHighlight {
    int id = 0;
    int page = 0; // 0-based
    int start = 0;
    int length = 0;
    QColor colour;
};

// A highlight in Report::text, [begin, end), before it is placed on pages.
struct ReportTextHighlight {
    int id = 0;
    int begin = 0;
    int end = 0;
    QColor colour;
};

class PdfPageView : public QAbstractScrollArea
{
    Q_OBJECT

public:
    explicit PdfPageView(QWidget *parent = nullptr);
    ~PdfPageView() override;

    // Loads from memory, in the calling thread, and drops the previous document's highlights.
    // Corrupt, encrypted or empty input: an error saying why, and the view is empty.
    // Loading a long PDF takes a while: the report view uses openDocument instead.
    Result<void> setDocument(const QByteArray &pdfBytes);
    // Loads on the view's worker thread and reports with documentOpened. Highlights and a
    // scroll to one asked for meanwhile are applied once the pages are there; a load replaced
    // by another, or cleared, is never shown.
    void openDocument(const QByteArray &pdfBytes);
    // True while a document is being opened or its highlights placed on its pages.
    bool isBusy() const { return m_opening || m_placing; }
    void clear();
    int pageCount() const;
    // The page's text as QPdfDocument::getAllText() returns it: what PdfHighlight indexes.
    QString pageText(int page) const;

    // 1.0 shows a page at its printed size on this screen.
    double zoomFactor() const;
    bool isFitToWidth() const { return m_fitToWidth; }
    void setZoomFactor(double factor);
    void setFitToWidth();
    void zoomIn();
    void zoomOut();

    void setHighlights(const QList<PdfHighlight> &highlights);
    // Places Report::text spans on the pages (fromReportSpans) and maps them from the stored,
    // normalised page text to this document's page text (toPdfTextIndices). The text and
    // geometry lookups run on the worker thread (highlightsPlaced); until they are done the
    // previous highlights stay, and a scroll to one waits for them.
    void setReportHighlights(const QList<PageSpan> &pages, const QList<ReportTextHighlight> &spans);
    const QList<PdfHighlight> &highlights() const { return m_highlights; }
    // Makes `id` current and centres its first piece in the viewport.
    void scrollToHighlight(int id);
    int currentHighlight() const { return m_current; }
    // Bounds of the id's pieces on its first page, in viewport coordinates; null if the id is
    // unknown or its text has no geometry.
    QRectF highlightRect(int id) const;
    // In viewport coordinates.
    QRect pageRect(int page) const;
    // True once the page has been drawn at the current zoom (until then it is a blank sheet).
    bool isPageRendered(int page) const;

    // Splits Report::text spans at page boundaries. The result indexes each page's text as
    // stored in Report::text (normalised); characters between pages belong to no page.
    static QList<PdfHighlight> fromReportSpans(const QList<PageSpan> &pages,
                                               const QList<ReportTextHighlight> &spans);
    // Maps start/length from a page's stored text to `pdfPageText`, the same page as
    // getAllText() returns it, undoing the import's normalisation (normalisePdfText), from the
    // span's first character to its last.
    static PdfHighlight toPdfTextIndices(const PdfHighlight &stored, const QString &pdfPageText);

signals:
    void highlightActivated(int id);
    // openDocument's outcome: on failure `error` says why, and the view is empty.
    void documentOpened(bool ok, const QString &error);
    void highlightsPlaced();

protected:
    void paintEvent(QPaintEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;
    void scrollContentsBy(int dx, int dy) override;
    void mousePressEvent(QMouseEvent *event) override;
    void mouseReleaseEvent(QMouseEvent *event) override;
    void mouseMoveEvent(QMouseEvent *event) override;
    void wheelEvent(QWheelEvent *event) override;

private:
    struct Source;
    // Geometry of m_highlights[i], asked of PDFium only when the page is first needed.
    struct Piece {
        bool resolved = false;
        QPainterPath shape; // in PDF points from the page's top left; empty: no geometry
    };
    struct Opened {
        std::shared_ptr<Source> source; // null if the bytes are not a readable PDF
        QList<QSizeF> pagePoints;
        QString error;
    };
    struct Placed {
        QList<PdfHighlight> highlights;
        QList<Piece> pieces; // resolved
    };
    struct PendingSpans {
        QList<PageSpan> pages;
        QList<ReportTextHighlight> spans;
    };
    struct Render {
        std::shared_ptr<Source> source; // keeps the document alive while it is drawn from
        int page = -1;
        QSize size;
    };

    // Both run on any one thread at a time: the worker's, or the caller's for setDocument.
    static Opened openSource(const QByteArray &pdfBytes);
    static Placed placeOnPages(QPdfDocument &document, const QList<QSizeF> &pagePoints,
                               const PendingSpans &request);
    void startOpening();
    void openFinished();
    void install(Opened opened);
    void placeHighlights();
    void placeFinished();
    double pointScale() const;
    void relayout();
    void relayoutKeepingCentre();
    void updateScrollBars();
    QPoint contentOffset() const;
    std::pair<int, int> pagesIn(const QRect &contentRect) const;
    QSize renderSize(int page) const;
    void requestRenders();
    void startRender(int page, QSize size);
    void renderFinished();
    const Piece &resolved(int index) const;
    QRectF contentHighlightRect(int id) const;
    int highlightAt(QPoint viewportPos) const;

    std::shared_ptr<Source> m_source;
    QList<QSizeF> m_pagePoints;
    QList<QRect> m_pageRects; // content coordinates
    QSize m_contentSize;
    double m_scale = 1.0; // pixels per PDF point
    double m_zoom = 1.0;
    bool m_fitToWidth = true;

    QList<PdfHighlight> m_highlights;
    mutable QList<Piece> m_pieces; // parallel to m_highlights
    QHash<int, QList<int>> m_piecesByPage;
    QHash<int, QList<int>> m_piecesById;
    int m_current = -1;

    QCache<int, QImage> m_images; // by page
    QHash<int, QSize> m_failedRenders;
    Render m_rendering;
    QThreadPool m_renderPool;
    QFutureWatcher<QImage> m_renderWatcher;

    // Opening and placing run on m_renderPool's one thread, so that no two threads ever use
    // a document at once; each runs one at a time and the newest request waits its turn.
    QFutureWatcher<Opened> m_openWatcher;
    std::optional<QByteArray> m_nextOpen;
    bool m_opening = false;
    QFutureWatcher<Placed> m_placeWatcher;
    std::shared_ptr<Source> m_placingSource; // released here, not on the worker
    std::optional<PendingSpans> m_pendingSpans;
    bool m_placing = false;
    int m_pendingScroll = -1;

    QPoint m_pressPos;
    bool m_pressed = false;
};

} // namespace Rubricate
