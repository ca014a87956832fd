// A PDF report shown as its pages, with the judge's evidence highlighted on the page itself.
// QPdfView (Qt 6.4) cannot draw over a page, so this view lays out, renders and paints the
// pages itself. Reports are untrusted: QtPdf fetches nothing, and no link is ever followed.
#pragma once

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

    // Loads from memory and drops the previous document's highlights. Corrupt, encrypted or
    // empty input: false, `error` says why, and the view is empty.
    bool setDocument(const QByteArray &pdfBytes, QString *error = nullptr);
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
    // normalised page text to this document's page text (toPdfTextIndices).
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
    struct Render {
        std::shared_ptr<Source> source; // keeps the document alive while it is drawn from
        int page = -1;
        QSize size;
    };

    // Where each character of the page's stored text is in getAllText(): readPdfPage's map,
    // or for a page stored before the import joined lines, normalisePdfText's.
    PdfTextMap storedPageMap(int page, int storedLength) const;
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

    QPoint m_pressPos;
    bool m_pressed = false;
};

} // namespace Rubricate
