// PDF reports: the text layer of every page, and where each page sits in the joined text.
#pragma once

#include "extracteddocument.h"
#include "pdflines.h"

class QMutex;
class QPdfDocument;

namespace Rubricate {

// Text of every page (readPdfPage), pages joined by PdfPageSeparator. ExtractedDocument::pages
// holds one PageSpan per page: `page` is the 0-based page index (as QPdfDocument and QPdfView
// count), offset and length in UTF-16 units of `text`, separator excluded.
ExtractedDocument extractPdf(const QByteArray &bytes);

// One page's text as extractPdf stores it (normalisePdfText, then joinPdfLines with markers
// and line boxes from PDFium), each character's source an index range in
// document.getAllText(page): where PdfPageView marks a quote from the stored text.
PdfTextMap readPdfPage(QPdfDocument &document, int page);

// Held around every QPdfDocument load in the process: PDFium's error state after a failed
// load is process-wide (see pdftext.cpp), so a viewer loading a PDF while an import extracts
// another must take it too.
QMutex &pdfLoadMutex();

// A blank line rather than a form feed: the judge reads this text in a prompt and people read
// it in a text view, where a form feed shows as a stray glyph; the page spans carry the
// boundaries exactly anyway.
inline constexpr char16_t PdfPageSeparator[] = u"\n\n";

} // namespace Rubricate
