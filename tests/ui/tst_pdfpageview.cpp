// PdfPageView: a PDF as pages with evidence drawn on the words themselves, Report::text spans
// placed on the right pages, pages rendered off the GUI thread only where the view is, and a
// click on a highlight reported.
#include "ingest/document/extracteddocument.h"
#include "review/pdfpageview.h"

#include "pdfdrawing.h"
#include "shareddata.h"
#include "waits.h"

#include <QBuffer>
#include <QFile>
#include <QPageSize>
#include <QPainter>
#include <QPdfWriter>
#include <QScrollBar>
#include <QSignalSpy>
#include <QTest>

#include <memory>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

QByteArray demoPdf()
{
    QFile file(QString::fromUtf8(RUBRICATE_DEMO_PDF));
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

// Each page says "Page marker N", so a test can find text on any page.
QByteArray markedPdf(int pages)
{
    QByteArray bytes;
    QBuffer buffer(&bytes);
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setPageSize(QPageSize(QPageSize::A4));
    writer.setResolution(72);
    QPainter painter(&writer);
    for (int page = 0; page < pages; ++page) {
        if (page > 0)
            writer.newPage();
        painter.drawText(QPointF(72, 120), u"Page marker %1"_s.arg(page));
    }
    painter.end();
    return bytes;
}

QString describe(const QList<PdfHighlight> &highlights)
{
    QStringList parts;
    for (const PdfHighlight &h : highlights)
        parts << u"%1:p%2:%3+%4"_s.arg(h.id).arg(h.page).arg(h.start).arg(h.length);
    return parts.join(u' ');
}

PdfHighlight wordOnPage(const PdfPageView &view, int id, int page, const QString &word)
{
    const int at = int(view.pageText(page).indexOf(word));
    return {id, page, at, int(word.size()), QColor(255, 196, 0)};
}

// A pixel of the page tinted by a yellow highlight (white paper under translucent yellow).
bool isTinted(QColor c)
{
    return c.red() > 200 && c.green() > 170 && c.blue() < 215;
}

} // namespace

class TestPdfPageView : public QObject
{
    Q_OBJECT

private:
    // Shown at a fixed size, so that layout and geometry are those of a real window.
    [[nodiscard]] static bool showWith(PdfPageView &view, const QByteArray &pdf)
    {
        view.resize(700, 600);
        view.show();
        if (!QTest::qWaitForWindowExposed(&view))
            return false;
        const Result<void> loaded = view.setDocument(pdf);
        return loaded && loaded.errorMessage().isEmpty();
    }

private slots:
    void loadsAndRejectsCorruptBytes()
    {
        const QByteArray pdf = demoPdf();
        QVERIFY(!pdf.isEmpty());
        PdfPageView view;
        const Result<void> loaded = view.setDocument(pdf);
        QVERIFY(loaded);
        QVERIFY(loaded.errorMessage().isEmpty());
        QCOMPARE(view.pageCount(), 3);
        QVERIFY(view.pageText(0).contains(u"Summary"_s));

        const QList<QByteArray> corrupt{
            QByteArray(),
            QByteArray("this is not a PDF"),
            QByteArray("%PDF-1.4\n") + QByteArray(4096, '\xff'),
        };
        for (const QByteArray &bytes : corrupt) {
            const Result<void> refused = view.setDocument(bytes);
            QVERIFY(!refused);
            QVERIFY2(!refused.errorMessage().isEmpty(), bytes.left(20).constData());
            QCOMPARE(view.pageCount(), 0);
            QVERIFY(view.pageText(0).isEmpty());
        }
        // A truncated file may or may not be repaired by PDFium; it must not crash either way.
        (void)view.setDocument(pdf.left(pdf.size() / 2));
        (void)view.setDocument(pdf.left(300));
    }

    // openDocument loads on the view's worker. Only the last document asked for is shown,
    // with the highlights and the scroll asked for before it was open; a load replaced or
    // cleared is never shown, and bad bytes say why.
    void opensOffTheGuiThread()
    {
        const QByteArray pdf = demoPdf();
        const ExtractedDocument extracted = extractDocument(pdf, u"idx-3.pdf"_s);
        const int word = int(extracted.text.indexOf(u"Quasi-experimental"_s));
        QVERIFY(word >= 0);
        PdfPageView view;
        view.resize(700, 600);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QSignalSpy opened(&view, &PdfPageView::documentOpened);

        view.openDocument(markedPdf(40));
        view.openDocument(QByteArray("this is not a PDF"));
        view.openDocument(pdf);
        QVERIFY(view.isBusy());
        view.setReportHighlights(extracted.pages, {{6, word, word + 18, QColor(255, 196, 0)}});
        view.scrollToHighlight(6);
        QTRY_VERIFY_WITH_TIMEOUT(!view.isBusy(), BackgroundWorkTimeout);
        QCOMPARE(opened.size(), 1);
        QCOMPARE(opened.constFirst().at(0).toBool(), true);
        QCOMPARE(view.pageCount(), 3);
        QCOMPARE(view.highlights().size(), 1);
        const PdfHighlight placed = view.highlights().constFirst();
        QCOMPARE(view.pageText(placed.page).mid(placed.start, placed.length),
                 u"Quasi-experimental"_s);
        QCOMPARE(view.currentHighlight(), 6);
        QVERIFY(view.viewport()->rect().contains(view.highlightRect(6).toAlignedRect()));

        view.openDocument(markedPdf(2));
        view.clear();
        view.openDocument(QByteArray("this is not a PDF"));
        QTRY_COMPARE_WITH_TIMEOUT(opened.size(), 2, BackgroundWorkTimeout);
        QCOMPARE(opened.constLast().at(0).toBool(), false);
        QVERIFY(!opened.constLast().at(1).toString().isEmpty());
        QVERIFY(!view.isBusy());
        QCOMPARE(view.pageCount(), 0);
        QVERIFY(view.highlights().isEmpty());
    }

    void fitsWidthAndZooms()
    {
        PdfPageView view;
        QVERIFY(showWith(view, demoPdf()));
        QVERIFY(view.isFitToWidth());
        const int fitted = view.pageRect(0).width();
        QCOMPARE(fitted, view.viewport()->width() - 2 * 12);
        QVERIFY(view.pageRect(1).top() > view.pageRect(0).bottom());
        QCOMPARE(view.pageRect(1).left(), view.pageRect(0).left());

        view.setZoomFactor(2.0);
        QVERIFY(!view.isFitToWidth());
        QCOMPARE(view.zoomFactor(), 2.0);
        QVERIFY(view.pageRect(0).width() > fitted);
        QVERIFY(view.horizontalScrollBar()->maximum() > 0);
        // The zoomed page is drawn again at its new size, off the GUI thread.
        view.verticalScrollBar()->setValue(0);
        QTRY_VERIFY_WITH_TIMEOUT(view.isPageRendered(0), BackgroundWorkTimeout);

        view.activateWindow();
        QVERIFY(QTest::qWaitForWindowActive(&view));
        view.setFocus();
        QTest::keyClick(&view, Qt::Key_Minus, Qt::ControlModifier);
        QCOMPARE(view.zoomFactor(), 2.0 / 1.25);
        QTest::keyClick(&view, Qt::Key_Equal, Qt::ControlModifier);
        QCOMPARE(view.zoomFactor(), 2.0);
        QTest::keyClick(&view, Qt::Key_0, Qt::ControlModifier);
        QVERIFY(view.isFitToWidth());
        QCOMPARE(view.pageRect(0).width(), fitted);
    }

    void highlightsWordOnPage()
    {
        PdfPageView view;
        QVERIFY(showWith(view, demoPdf()));
        const PdfHighlight summary = wordOnPage(view, 1, 0, u"Summary"_s);
        QVERIFY(summary.start >= 0);
        view.setHighlights({summary});

        const QRectF rect = view.highlightRect(1);
        QVERIFY(!rect.isEmpty());
        QVERIFY(QRectF(view.pageRect(0)).contains(rect));
        // One word on one line: wider than tall, and about a line high.
        QVERIFY(rect.width() > rect.height());
        QVERIFY(rect.height() < view.pageRect(0).height() / 20.0);
        QVERIFY(view.highlightRect(99).isNull());

        // On screen the highlight tints the page and has the word's ink under it.
        QTRY_VERIFY_WITH_TIMEOUT(view.isPageRendered(0), BackgroundWorkTimeout);
        const QImage shot = view.viewport()->grab().toImage();
        const QRect inside = rect.toAlignedRect() & shot.rect();
        int tinted = 0;
        int ink = 0;
        for (int y = inside.top(); y <= inside.bottom(); ++y) {
            for (int x = inside.left(); x <= inside.right(); ++x) {
                const QColor c = shot.pixelColor(x, y);
                tinted += isTinted(c);
                ink += c.red() < 110 && c.green() < 110;
            }
        }
        const int area = inside.width() * inside.height();
        QVERIFY2(tinted > area / 3, qPrintable(u"%1 of %2 tinted"_s.arg(tinted).arg(area)));
        QVERIFY2(ink > area / 50, qPrintable(u"%1 of %2 dark"_s.arg(ink).arg(area)));
        // Outside the highlight the page stays white.
        const QPoint paper(view.pageRect(0).right() - 8, int(rect.center().y()));
        QCOMPARE(shot.pixelColor(paper), QColor(Qt::white));
    }

    void scrollsToHighlightOnLaterPage()
    {
        PdfPageView view;
        QVERIFY(showWith(view, demoPdf()));
        const PdfHighlight first = wordOnPage(view, 1, 0, u"Summary"_s);
        const PdfHighlight last = wordOnPage(view, 2, 2, u"start-time evaluation"_s);
        QVERIFY(first.start >= 0 && last.start >= 0);
        view.setHighlights({first, last});
        QCOMPARE(view.currentHighlight(), -1);
        QCOMPARE(view.verticalScrollBar()->value(), 0);
        QVERIFY(!view.highlightRect(2).intersects(view.viewport()->rect()));

        view.scrollToHighlight(2);
        QCOMPARE(view.currentHighlight(), 2);
        QVERIFY(view.verticalScrollBar()->value() > 0);
        const QRectF rect = view.highlightRect(2);
        QVERIFY(QRectF(view.viewport()->rect()).contains(rect));
        QVERIFY(QRectF(view.pageRect(2)).contains(rect));
        if (view.verticalScrollBar()->value() < view.verticalScrollBar()->maximum())
            QVERIFY(qAbs(rect.center().y() - view.viewport()->height() / 2.0) <= 1.0);
        QTRY_VERIFY_WITH_TIMEOUT(view.isPageRendered(2), BackgroundWorkTimeout);

        view.scrollToHighlight(1);
        QCOMPARE(view.currentHighlight(), 1);
        QVERIFY(view.highlightRect(1).intersects(view.viewport()->rect()));
        view.scrollToHighlight(42); // unknown: nothing changes
        QCOMPARE(view.currentHighlight(), 1);
    }

    void splitsReportSpansAtPageBreaks()
    {
        // Pages joined by a two-character separator, as the PDF import stores them.
        const QList<PageSpan> pages{{0, 0, 100}, {1, 102, 50}, {2, 154, 30}};
        const QColor c(Qt::yellow);
        QCOMPARE(describe(PdfPageView::fromReportSpans(pages, {{7, 90, 110, c}})),
                 u"7:p0:90+10 7:p1:0+8"_s);
        QCOMPARE(describe(PdfPageView::fromReportSpans(pages, {{8, 95, 160, c}})),
                 u"8:p0:95+5 8:p1:0+50 8:p2:0+6"_s);
        QCOMPARE(describe(PdfPageView::fromReportSpans(pages, {{9, 100, 102, c}})), QString());
        QCOMPARE(describe(PdfPageView::fromReportSpans(pages, {{10, 180, 500, c}})),
                 u"10:p2:26+4"_s);
        QCOMPARE(describe(PdfPageView::fromReportSpans(pages, {{11, 50, 50, c}, {12, 60, 40, c}})),
                 QString());
        QCOMPARE(describe(PdfPageView::fromReportSpans(pages, {{1, 0, 3, c}, {2, 150, 160, c}})),
                 u"1:p0:0+3 2:p1:48+2 2:p2:0+6"_s);
        const QList<PdfHighlight> split = PdfPageView::fromReportSpans(pages, {{3, 99, 103, c}});
        QCOMPARE(split.size(), 2);
        QCOMPARE(split.at(1).colour, c);
    }

    void mapsStoredIndicesToPdfText()
    {
        // QtPdf's text: CR LF line breaks, a control character, PDFium's U+FFFE for a hyphen
        // that ended a line, trailing blanks. The import stored "ab\ncdef- gh".
        const QString pdfText = u"ab\r\ncd\u0002ef\uFFFE gh  \r\n"_s;
        const auto mapped = [&](int start, int length) -> QString {
            const PdfHighlight h
                = PdfPageView::toPdfTextIndices({1, 0, start, length, {}}, pdfText);
            return u"%1+%2"_s.arg(h.start).arg(h.length);
        };
        QCOMPARE(mapped(0, 2), u"0+2"_s); // ab
        QCOMPARE(mapped(3, 2), u"4+2"_s); // cd
        QCOMPARE(mapped(1, 3), u"1+4"_s); // b\nc: the line break is two characters in the PDF
        QCOMPARE(mapped(5, 3), u"7+3"_s); // ef-
        QCOMPARE(mapped(4, 2), u"5+3"_s); // de, with the control character between them
        QCOMPARE(mapped(9, 2), u"11+2"_s); // gh
        QCOMPARE(mapped(2, 0), u"2+0"_s);
        QCOMPARE(mapped(-5, 2), u"0+0"_s); // entirely before the page
    }

    // The mapping must stay in step with what the import actually stores, character for
    // character, on a real PDF.
    void agreesWithTheImport()
    {
        const QByteArray pdf = demoPdf();
        const ExtractedDocument extracted = extractDocument(pdf, u"idx-3.pdf"_s);
        QCOMPARE(extracted.pages.size(), 3);
        PdfPageView view;
        QVERIFY(view.setDocument(pdf));
        QVERIFY2(view.pageText(0).contains(u"\r\n"_s), "PDFium's line breaks are CR LF");

        for (const PageSpan &page : extracted.pages) {
            const QString stored = extracted.text.mid(page.offset, page.length);
            const QString pdfText = view.pageText(page.page);
            for (int i = 0; i < stored.size(); ++i) {
                const PdfHighlight h
                    = PdfPageView::toPdfTextIndices({0, page.page, i, 1, {}}, pdfText);
                const QString original = pdfText.mid(h.start, h.length);
                const QChar c = stored.at(i);
                const bool same = original == QString(c)
                    || (c == u'\n' && (original == u"\r\n"_s || original == u"\r"_s))
                    || (c == u'-' && original == QString(QChar(u'\uFFFE')));
                QVERIFY2(
                    same,
                    qPrintable(u"page %1 char %2: stored %3, PDF text %4"_s.arg(page.page)
                                   .arg(i)
                                   .arg(c.unicode(), 0, 16)
                                   .arg(original.isEmpty() ? 0 : original.at(0).unicode(), 0, 16)));
            }
        }
    }

    // The import joins a wrapped Chinese sentence and moves a citation number from the page's
    // end into it; a quote across both is marked on the words and on the number where they are
    // drawn, never on everything between.
    void marksQuoteAcrossJoinedLinesAndMarker()
    {
        const QString family = RubricateTest::chineseFontFamily();
        if (family.isEmpty()) {
            if (RubricateTest::underCi())
                QFAIL("no font for Chinese (cmake/dev.sh installs fonts-wqy-microhei)");
            QSKIP("no font for Chinese installed (fonts-wqy-microhei)");
        }
        const QByteArray pdf
            = RubricateTest::pdfWithSuperscripts(family,
                                                 {u"研究者对土地财政的成因提出了一种更为精"_s,
                                                  u"细的分类 ，并给出数据。"_s, u"下一段。"_s},
                                                 {{1, 4, u"2"_s}});
        const ExtractedDocument extracted = extractDocument(pdf, u"zh.pdf"_s);
        const QString quote = u"更为精细的分类[2]，并给出"_s;
        const int begin = int(extracted.text.indexOf(quote));
        QVERIFY2(begin >= 0, qPrintable(extracted.text));

        PdfPageView view;
        QVERIFY(view.setDocument(pdf));
        view.setReportHighlights(extracted.pages,
                                 {{1, begin, begin + int(quote.size()), QColor(255, 196, 0)}});
        QTRY_VERIFY_WITH_TIMEOUT(!view.isBusy(), BackgroundWorkTimeout);
        const QString pdfText = view.pageText(0);
        QStringList marked;
        for (const PdfHighlight &piece : view.highlights())
            marked << pdfText.mid(piece.start, piece.length);
        QCOMPARE(marked, (QStringList{u"更为精\r\n细的分类"_s, u"2"_s, u"，并给出"_s}));
    }

    void placesReportSpanAcrossPages()
    {
        const QByteArray pdf = demoPdf();
        const ExtractedDocument extracted = extractDocument(pdf, u"idx-3.pdf"_s);
        const int begin = int(extracted.text.indexOf(u"in other districts that"_s));
        const int end = int(extracted.text.indexOf(u"made similar changes"_s)) + 20;
        QVERIFY(begin >= 0 && end > begin);
        QVERIFY(begin < extracted.pages.at(1).offset && end > extracted.pages.at(1).offset);
        const int word = int(extracted.text.indexOf(u"Quasi-experimental"_s));
        QVERIFY(word > end);

        PdfPageView view;
        QVERIFY(showWith(view, pdf));
        view.setReportHighlights(
            extracted.pages,
            {{5, begin, end, QColor(90, 170, 255)}, {6, word, word + 18, QColor(255, 196, 0)}});
        QTRY_VERIFY_WITH_TIMEOUT(!view.isBusy(), BackgroundWorkTimeout);
        const QList<PdfHighlight> pieces = view.highlights();
        QCOMPARE(pieces.size(), 3);
        QCOMPARE(pieces.at(0).id, 5);
        QCOMPARE(pieces.at(0).page, 0);
        QCOMPARE(pieces.at(1).id, 5);
        QCOMPARE(pieces.at(1).page, 1);
        // Page 0 from the quote's start to its end, page 1 from its start to the quote's end.
        // (Qt, which wrote this PDF, repeats a line cut by the page break at the top of the
        // next page, so page 1 begins with the line before "made similar changes".)
        const QString onFirst = view.pageText(0).mid(pieces.at(0).start);
        QVERIFY(onFirst.startsWith(u"in other districts that"_s));
        QCOMPARE(pieces.at(0).length, onFirst.trimmed().size());
        QCOMPARE(pieces.at(1).start, 0);
        QVERIFY(view.pageText(1).left(pieces.at(1).length).endsWith(u"made similar changes"_s));
        QCOMPARE(view.pageText(1).mid(pieces.at(2).start, pieces.at(2).length),
                 u"Quasi-experimental"_s);

        // The rect of a split highlight is its first piece's, on the page where it starts.
        view.scrollToHighlight(5);
        const QRectF rect = view.highlightRect(5);
        QVERIFY(QRectF(view.pageRect(0)).contains(rect));
        QVERIFY(rect.intersects(view.viewport()->rect()));

        const QByteArray screenshotDir = qgetenv("RUBRICATE_SCREENSHOT_DIR");
        if (!screenshotDir.isEmpty()) {
            QTRY_VERIFY_WITH_TIMEOUT(view.isPageRendered(0) && view.isPageRendered(1),
                                     BackgroundWorkTimeout);
            const QString path = QString::fromLocal8Bit(screenshotDir) + u"/pdfpageview.png"_s;
            QVERIFY(view.grab().save(path));
            qInfo("screenshot: %s", qPrintable(path));
        }
    }

    void clickActivatesHighlight()
    {
        PdfPageView view;
        QVERIFY(showWith(view, demoPdf()));
        view.setHighlights(
            {wordOnPage(view, 1, 0, u"Summary"_s), wordOnPage(view, 2, 0, u"puberty"_s)});
        QSignalSpy activated(&view, &PdfPageView::highlightActivated);

        QTest::mouseClick(view.viewport(), Qt::LeftButton, {},
                          view.highlightRect(2).center().toPoint());
        QCOMPARE(activated.size(), 1);
        QCOMPARE(activated.at(0).at(0).toInt(), 2);
        QCOMPARE(view.currentHighlight(), 2);

        QTest::mouseClick(view.viewport(), Qt::LeftButton, {},
                          view.highlightRect(1).center().toPoint());
        QCOMPARE(activated.size(), 2);
        QCOMPARE(activated.at(1).at(0).toInt(), 1);

        // Paper without a highlight, and the grey around the pages, activate nothing.
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {},
                          view.pageRect(0).bottomRight() - QPoint(20, 20));
        QTest::mouseClick(view.viewport(), Qt::LeftButton, {}, QPoint(3, 3));
        QCOMPARE(activated.size(), 2);
        QCOMPARE(view.currentHighlight(), 1);
    }

    void rendersOnlyNearTheView()
    {
        PdfPageView view;
        QVERIFY(showWith(view, markedPdf(100)));
        QCOMPARE(view.pageCount(), 100);
        QTRY_VERIFY_WITH_TIMEOUT(view.isPageRendered(0), BackgroundWorkTimeout);
        QVERIFY(!view.isPageRendered(50));

        const PdfHighlight marker = wordOnPage(view, 57, 57, u"Page marker 57"_s);
        QVERIFY(marker.start >= 0);
        view.setHighlights({marker});
        view.scrollToHighlight(57);
        QVERIFY(view.highlightRect(57).intersects(view.viewport()->rect()));
        QTRY_VERIFY_WITH_TIMEOUT(view.isPageRendered(57), BackgroundWorkTimeout);
        QVERIFY(!view.isPageRendered(30));

        view.verticalScrollBar()->setValue(view.verticalScrollBar()->maximum());
        QTRY_VERIFY_WITH_TIMEOUT(view.isPageRendered(99), BackgroundWorkTimeout);
    }

    // Replacing or destroying the view while a page is being drawn from the old document.
    void replacesAndDestroysWhileRendering()
    {
        const QByteArray many = markedPdf(100);
        auto view = std::make_unique<PdfPageView>();
        QVERIFY(showWith(*view, many));
        QVERIFY(view->setDocument(demoPdf()));
        QTRY_VERIFY_WITH_TIMEOUT(view->isPageRendered(0), BackgroundWorkTimeout);
        QVERIFY(view->pageText(0).contains(u"Summary"_s));
        QVERIFY(view->setDocument(many));
        view.reset();
    }
};

QTEST_MAIN(TestPdfPageView)
#include "tst_pdfpageview.moc"
