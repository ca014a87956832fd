// A cheap look at a PDF's page tree before PDFium is given the bytes.
#pragma once

#include <QByteArrayView>
#include <QString>

namespace Rubricate {

// Why the PDF must not be handed to PDFium, or an empty string when it may be.
//
// PDFium as Qt 6.4's QtPdf ships it never returns from QPdfDocument::load() when a /Pages
// node's /Kids lead back to that node (Kids [2 0 R] inside object 2, or 2 -> 3 -> 2): it spins
// in the page tree without asking for more data, and nothing can interrupt it. So every object
// definition in the file is read (plain "N G obj" ones and those inside FlateDecode object
// streams), and the graph of /Kids references is searched for a cycle. Definitions are
// over-approximated rather than resolved through the cross-reference table: every definition
// of an object number counts, so that neither an incremental update nor a decoy object can
// hide a loop from the check. A page whose /Parent loops, or a page listed twice, does not hang
// PDFium and is not refused; a tree whose repeated /Kids stand for more than 100,000 pages is
// (PDFium would walk every one of them).
//
// When the check cannot see every object (object streams that are encrypted, or use a filter
// other than FlateDecode, or a predictor), the PDF is refused too: a loop could hide there and
// a hang cannot be undone, while such files are rare among reports (none in the benchmarks).
//
// The check itself reads hostile bytes, so its work and memory are bounded by the input: a
// budget of steps (bytes lexed, inflated, /Kids edges walked) and of references kept, both in
// proportion to the file and its inflated object streams. Ordinary PDFs use a small part of
// it; a file that exhausts it (say thousands of "N G obj" inside strings, each one parsed, as
// PDFium would parse it when the cross-reference table points there) is refused with "PDF
// structure too complex to check for page tree loops; refused" rather than half checked.
QString pdfPageTreeProblem(QByteArrayView bytes);

} // namespace Rubricate
