// A PDF page's text lines read as sentences: superscript citation numbers, which PDFium puts
// on lines of their own (often at the page's end), go back into the sentence they belong to
// as "[2, 5]", and a line break that only wrapped a CJK sentence goes. Pure functions over
// lines and their geometry, so they can be tested without PDFium; pdftext.cpp feeds them.
#pragma once

#include <QList>
#include <QRectF>
#include <QString>

#include <utility>

namespace Rubricate {

// Text made from another text, and where each of its characters came from there, so that a
// quote in the result can be marked on the page it was read from.
struct PdfTextMap {
    QString text;
    QList<std::pair<int, int>> sources; // per character of text: [begin, end) in the origin
};

// QtPdf's page text as the import stores it: "\r\n" and "\r" become "\n", PDFium's U+FFFE
// (a hyphen that ended a line) becomes "-", other control characters but tab go, and the
// page's trailing white space goes.
PdfTextMap normalisePdfText(const QString &qtPdfText);

// The same spans of `text` in outer's origin; `outer` was made from `text`'s result.
PdfTextMap composePdfTextMaps(const PdfTextMap &outer, const PdfTextMap &inner);

struct PdfLine {
    int offset = 0; // of its first character in the page text the lines were split from
    QString text; // without its line break
    QRectF box; // bounds of its glyphs in points from the page's top left; null: unknown
    QList<QRectF> runs; // its runs of glyphs as PDFium boxes them, in text order; may be empty
    QList<QRectF> numberBoxes; // a number line's (isPdfNumberLine) numbers, one box each
};

// The page text cut at "\n", no geometry yet.
QList<PdfLine> splitPdfLines(const QString &pageText);

// "2", "2 5", "1, 4, 6-9": 1-3 digit numbers and nothing else, what a line of superscript
// citation numbers looks like in PDFium's text.
bool isPdfNumberLine(QStringView line);

// Gives each line its runs and box from PDFium's boxes for the whole page (one per run of
// glyphs, in text order), and a number line its number boxes where each number is one run;
// false, leaving the lines as they were, when the boxes do not fall into one row per line
// that has text. One call for the page instead of one per line, each of which loads the page.
bool assignPdfLineRuns(QList<PdfLine> &lines, const QList<QRectF> &pageRuns);

// Characters of `line` before x, read from its runs where they tell it: when each run of
// non-blank characters is one run of glyphs and x falls in a gap between them (where PDFium
// leaves a space for a superscript drawn apart), before or after them; otherwise -1.
int pdfColumnBetweenRuns(const PdfLine &line, double x);

// Whether reading the lines needs their geometry: some line is a number line or holds CJK
// text. Latin pages without number lines read the same without it, and asking PDFium for
// every line's box costs a page load each.
bool pdfLinesNeedGeometry(const QList<PdfLine> &lines);

// [begin, end) of each number in a line, in the line.
QList<std::pair<int, int>> pdfNumbersIn(QStringView line);

// Numbers of one number line that sit together, raised and small, on a line of the page.
struct PdfCitationMarker {
    int line = -1; // the number line they were read from
    int first = 0; // pdfNumbersIn(line) index of the first number
    int count = 0;
    int target = -1; // the line they belong to; -1: none, the numbers are dropped
    double x = 0; // where they sit on the target line, in points
    int column = -1; // characters of the target line before them; set by the caller
};

// Every number of every number line that is superscript: small beside a line it is raised on
// (placed), or, if it sits on no line, small beside the page's text (dropped). Number lines
// without boxes, and numbers of ordinary size (a table's cells, a page number), are not
// markers.
QList<PdfCitationMarker> findPdfCitationMarkers(const QList<PdfLine> &lines);

// The page text with the markers' lines taken out and each marker put in its target line at
// its column as "[n]" or "[n, m]" (in place of a space PDFium left for it), and the lines
// joined: a break with CJK on either side goes unless it ends a sentence (。！？；：, possibly
// followed by closing quotes or brackets), comes before a list item or heading, or the
// geometry says the paragraph ended (a short line, a gap, a change of size). Breaks between
// Latin lines stay as they are. Sources index the page text the lines were split from.
PdfTextMap joinPdfLines(const QList<PdfLine> &lines, const QList<PdfCitationMarker> &markers);

} // namespace Rubricate
