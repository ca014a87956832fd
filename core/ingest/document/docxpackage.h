// The parts of a .docx (an OPC zip package) that text extraction needs, read from memory.
#pragma once

#include <QByteArray>
#include <QString>

namespace Rubricate {

struct DocxPackage {
    QString documentPartName; // usually "word/document.xml"
    QByteArray documentXml;
    QByteArray stylesXml; // empty when the package has no styles part
    int mediaCount = 0; // entries below word/media/: embedded images and other media
    QString error; // set when the bytes are not a usable Word package
};

// Reads the main document part (found through _rels/.rels, falling back to
// word/document.xml) and its styles with libarchive, entirely in memory. A part larger than
// `maxPartBytes` is refused rather than expanded: a zip bomb must not exhaust memory.
DocxPackage readDocxPackage(const QByteArray &bytes,
                            qint64 maxPartBytes = qint64(256) * 1024 * 1024);

} // namespace Rubricate
