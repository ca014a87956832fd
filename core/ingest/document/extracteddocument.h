// Report documents (md, txt, html, pdf, docx, images) turned into the text a judge reads.
#pragma once

#include "domain/types.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Rubricate {

struct ExtractedDocument {
    ReportFormat format = ReportFormat::Missing;
    QString text; // for PDFs: pages concatenated, see pages for offsets
    QList<PageSpan> pages; // PDFs only: where each page's text starts in `text`
    QStringList warnings; // e.g. "invalid UTF-8 bytes dropped", "3 embedded images"
    bool hasText = false; // false for images and for documents that yielded no text
    bool corrupt = false; // the bytes could not be read as the format claims
    QString error; // why, when corrupt
};

// Picks the format from the file name's extension (case-insensitive), as the DRB-II
// evaluator does; unknown extensions are read as text.
ReportFormat formatForFileName(const QString &fileName);

// Never throws and never touches the network or the file system: the caller passes the
// bytes. Thread-safe: may run on any thread of the pool. A file read as text because its
// extension is unknown says so in a warning ("unknown extension .rtf; read as text").
ExtractedDocument extractDocument(const QByteArray &bytes, const QString &fileName);

} // namespace Rubricate
