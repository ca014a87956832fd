// What the two halves of PdfPageView (pdfpageview.cpp: pages, zoom, rendering, input;
// pdfpageview_highlights.cpp: highlights) share. Not part of its interface.
#pragma once

#include "review/pdfpageview.h"

#include <QBuffer>
#include <QPdfDocument>

namespace Rubricate {

// Room around and between the pages, in pixels.
constexpr int Margin = 12;

struct PdfPageView::Source {
    QBuffer buffer; // first: the document reads from it for as long as it lives
    QPdfDocument document;
};

} // namespace Rubricate
