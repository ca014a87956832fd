#include "pdftext.h"

#include "pdflines.h"
#include "pdfpagetree.h"
#include "textdecoding.h"

#include <QBuffer>
#include <QMetaEnum>
#include <QMutex>
#include <QMutexLocker>
#include <QPdfDocument>
#include <QPdfSelection>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// PDFium is not thread-safe (QtPdf's own source says so: "a lot of global variables").
// QPdfDocument guards most PDFium calls with a global mutex, but after a failed load it reads
// FPDF_GetLastError() (a process-wide value) and, for a wrong password, closes the document
// outside that lock, so two loads on two pool threads can race. Seen: without this mutex,
// concurrentExtractionsAgree in tst_pdfdocument failed 2 of 40 runs (a broken PDF
// extracted concurrently came out different). Serialising whole extractions costs little,
// since Qt's lock serialises the PDFium work anyway, and makes extractPdf() safe on any
// thread. QPdfDocument itself needs no GUI thread and no event loop here.

QString errorName(QPdfDocument::Error error)
{
    const char *key = QMetaEnum::fromType<QPdfDocument::Error>().valueToKey(int(error));
    return key ? QString::fromLatin1(key) : QString::number(int(error));
}

QString loadErrorMessage(QPdfDocument::Error error)
{
    switch (error) {
    case QPdfDocument::Error::IncorrectPassword:
        return u"PDF is password-protected and cannot be read without its password "
               u"(IncorrectPassword)"_s;
    case QPdfDocument::Error::UnsupportedSecurityScheme:
        return u"PDF is encrypted with an unsupported security scheme "
               u"(UnsupportedSecurityScheme)"_s;
    default:
        return u"PDF could not be loaded (%1)"_s.arg(errorName(error));
    }
}

// Pages with more lines than this are read without geometry (a box costs a page load in
// PDFium): no real page has them, a hostile one would take minutes.
constexpr qsizetype MaxLinesWithGeometry = 400;

// Boxes of the page text's lines in PDFium's own indices, which `normalised` maps to.
class PageGeometry
{
public:
    PageGeometry(QPdfDocument &document, int page, const PdfTextMap &normalised)
        : m_document(document)
        , m_page(page)
        , m_normalised(normalised)
    { }

    QRectF box(int offset, int length) const
    {
        if (length <= 0)
            return {};
        const int begin = m_normalised.sources.at(offset).first;
        const int end = m_normalised.sources.at(offset + length - 1).second;
        return m_document.getSelectionAtIndex(m_page, begin, end - begin).boundingRectangle();
    }

    // Only what assignPdfLineRuns could not tell: all boxes of the lines when the page's runs
    // did not fall into rows, else the numbers that are not one run each.
    void measure(PdfLine &line, bool boxed) const
    {
        if (!boxed)
            line.box = box(line.offset, int(line.text.size()));
        if (!isPdfNumberLine(line.text) || !line.numberBoxes.isEmpty())
            return;
        for (const auto &[begin, end] : pdfNumbersIn(line.text))
            line.numberBoxes.append(box(line.offset + begin, end - begin));
    }

    // Characters of the line whose glyphs end left of x: from its runs where they tell, else a
    // binary search, as the right edge of a line's first n glyphs only grows with n.
    int columnAt(const PdfLine &line, double x) const
    {
        if (const int column = pdfColumnBetweenRuns(line, x); column >= 0)
            return column;
        int low = 0;
        int high = int(line.text.size());
        while (low < high) {
            const int middle = (low + high + 1) / 2;
            if (box(line.offset, middle).right() <= x + 0.5)
                low = middle;
            else
                high = middle - 1;
        }
        return low;
    }

private:
    QPdfDocument &m_document;
    int m_page;
    const PdfTextMap &m_normalised;
};

} // namespace

PdfTextMap readPdfPage(QPdfDocument &document, int page)
{
    const QPdfSelection all = document.getAllText(page);
    const PdfTextMap normalised = normalisePdfText(all.text());
    QList<PdfLine> lines = splitPdfLines(normalised.text);
    QList<PdfCitationMarker> markers;
    if (lines.size() <= MaxLinesWithGeometry && pdfLinesNeedGeometry(lines)) {
        QList<QRectF> runs;
        for (const QPolygonF &run : all.bounds())
            runs.append(run.boundingRect());
        const bool boxed = assignPdfLineRuns(lines, runs);
        const PageGeometry geometry(document, page, normalised);
        for (PdfLine &line : lines)
            geometry.measure(line, boxed);
        markers = findPdfCitationMarkers(lines);
        for (PdfCitationMarker &marker : markers) {
            if (marker.target >= 0)
                marker.column = geometry.columnAt(lines.at(marker.target), marker.x);
        }
    }
    return composePdfTextMaps(joinPdfLines(lines, markers), normalised);
}

QMutex &pdfLoadMutex()
{
    static QMutex mutex;
    return mutex;
}

ExtractedDocument extractPdf(const QByteArray &bytes)
{
    ExtractedDocument result;
    result.format = ReportFormat::Pdf;

    // PDFium never returns from a page tree that loops; see pdfpagetree.h.
    if (const QString problem = pdfPageTreeProblem(bytes); !problem.isEmpty()) {
        result.corrupt = true;
        result.error = problem;
        return result;
    }

    const QMutexLocker lock(&pdfLoadMutex());

    // QPdfDocument reads from the device while loading and while extracting, so the buffer
    // must outlive the document: declared first, destroyed last. A QBuffer is random access,
    // which makes QPdfDocument load synchronously, without an event loop.
    QBuffer buffer;
    buffer.setData(bytes);
    if (!buffer.open(QIODevice::ReadOnly)) {
        result.corrupt = true;
        result.error = u"PDF could not be opened in memory"_s;
        return result;
    }
    QPdfDocument document;
    document.load(&buffer);
    const QPdfDocument::Error error = document.error();
    if (error != QPdfDocument::Error::None || document.status() != QPdfDocument::Status::Ready) {
        result.corrupt = true;
        result.error = error != QPdfDocument::Error::None ? loadErrorMessage(error)
                                                          : u"PDF could not be loaded (Unknown)"_s;
        return result;
    }

    const int pageCount = document.pageCount();
    if (pageCount <= 0) {
        result.warnings.append(u"PDF has no pages"_s);
        return result;
    }

    const QString separator = QString::fromUtf16(PdfPageSeparator);
    int pagesWithoutText = 0;
    for (int page = 0; page < pageCount; ++page) {
        const QString pageText = readPdfPage(document, page).text;
        if (page > 0)
            result.text += separator;
        result.pages.append(PageSpan{page, int(result.text.size()), int(pageText.size())});
        result.text += pageText;
        if (pageText.trimmed().isEmpty())
            ++pagesWithoutText;
    }
    document.close();

    result.hasText = pagesWithoutText < pageCount;
    if (!result.hasText) {
        result.warnings.append(u"no text layer (scanned?)"_s);
    } else if (pagesWithoutText > 0) {
        result.warnings.append(u"%1 of %2 without a text layer (scanned?)"_s.arg(
            QString::number(pagesWithoutText), countedNoun(pageCount, u"page"_s, u"pages"_s)));
    }
    return result;
}

} // namespace Rubricate
