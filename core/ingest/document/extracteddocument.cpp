#include "extracteddocument.h"

#include "docxtext.h"
#include "htmltext.h"
#include "pdftext.h"
#include "textdecoding.h"

#include <QBuffer>
#include <QImageReader>
#include <QStringList>

#include <algorithm>
#include <exception>
#include <new>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The extension as Python's os.path.splitext sees it: leading dots of the base name do not
// start an extension (".md" is a file without one).
QString extensionOf(const QString &fileName)
{
    const qsizetype slash = std::max(fileName.lastIndexOf(u'/'), fileName.lastIndexOf(u'\\'));
    QStringView base = QStringView(fileName).mid(slash + 1);
    while (base.startsWith(u'.'))
        base = base.mid(1);
    const qsizetype dot = base.lastIndexOf(u'.');
    return dot < 0 ? QString() : base.mid(dot + 1).toString().toLower();
}

// Markdown, plain text and JSON are read as the evaluator read them and kept as they are:
// the judge saw the Markdown source, and evidence quotes are located in that text.
ExtractedDocument extractPlainText(const QByteArray &bytes, ReportFormat format)
{
    ExtractedDocument result;
    result.format = format;
    const DecodedText decoded = decodeDocumentText(bytes);
    result.text = decoded.text;
    if (!decoded.warning.isEmpty())
        result.warnings.append(decoded.warning);
    result.hasText = !result.text.trimmed().isEmpty();
    if (!result.hasText)
        result.warnings.append(u"no text"_s);
    return result;
}

// Above this an image is worth a warning: decoded at 32 bits a pixel it needs more than
// 128 MiB, the limit above which Qt's image reader refuses to decode at all
// (QImageReader::allocationLimit), so the workbench cannot show it, and judges given images
// scale them far down anyway. Real report screenshots stay well below (a 4K screen is 8.3).
constexpr qint64 LargeImagePixels = qint64(32) * 1024 * 1024;

// Only the header is read, never the pixels: a 20000x20000 image must not cost 1.6 GB here.
ExtractedDocument extractImage(const QByteArray &bytes)
{
    ExtractedDocument result;
    result.format = ReportFormat::Image;
    result.warnings.append(u"image: no text layer; stored for attachment"_s);
    QBuffer buffer;
    buffer.setData(bytes);
    buffer.open(QIODevice::ReadOnly);
    const QSize size = QImageReader(&buffer).size();
    if (size.isValid() && qint64(size.width()) * size.height() > LargeImagePixels) {
        const double megapixels = double(size.width()) * size.height() / 1e6;
        result.warnings.append(u"very large image: %1x%2 pixels (%3 megapixels)"_s.arg(
            QString::number(size.width()), QString::number(size.height()),
            QString::number(megapixels, 'f', 0)));
    }
    return result;
}

// The evaluator reads a file of any other extension as text, and so does the import; a
// ".doc" or ".rtf" read that way is usually unreadable, so the reader is told.
bool isKnownTextExtension(const QString &extension)
{
    return extension.isEmpty() || extension == u"txt"_s;
}

ExtractedDocument extractByFormat(const QByteArray &bytes, ReportFormat format)
{
    switch (format) {
    case ReportFormat::Html:
        return extractHtml(bytes);
    case ReportFormat::Pdf:
        return extractPdf(bytes);
    case ReportFormat::Docx:
        return extractDocx(bytes);
    case ReportFormat::Image:
        return extractImage(bytes);
    case ReportFormat::Markdown:
    case ReportFormat::Text:
    case ReportFormat::Json:
    case ReportFormat::Missing:
        break;
    }
    return extractPlainText(bytes, format);
}

ExtractedDocument extractWithoutThrowing(const QByteArray &bytes, const QString &fileName)
{
    const ReportFormat format = formatForFileName(fileName);
    if (bytes.isEmpty()) {
        ExtractedDocument result;
        result.format = format;
        result.warnings.append(u"empty document"_s);
        return result;
    }
    // Extraction runs on pool threads where an escaping exception would terminate the
    // program; whatever a parser throws (in practice std::bad_alloc on a huge file) becomes
    // a corrupt document instead.
    try {
        return extractByFormat(bytes, format);
    } catch (const std::exception &e) {
        ExtractedDocument result;
        result.format = format;
        result.corrupt = true;
        result.error = u"extraction failed: %1"_s.arg(QString::fromLocal8Bit(e.what()));
        return result;
    } catch (...) {
        ExtractedDocument result;
        result.format = format;
        result.corrupt = true;
        result.error = u"extraction failed"_s;
        return result;
    }
}

} // namespace

ReportFormat formatForFileName(const QString &fileName)
{
    const QString extension = extensionOf(fileName);
    if (extension == u"md"_s || extension == u"markdown"_s)
        return ReportFormat::Markdown;
    if (extension == u"html"_s || extension == u"htm"_s)
        return ReportFormat::Html;
    if (extension == u"pdf"_s)
        return ReportFormat::Pdf;
    if (extension == u"docx"_s)
        return ReportFormat::Docx;
    if (extension == u"json"_s)
        return ReportFormat::Json;
    static const QStringList imageExtensions
        = {u"png"_s, u"jpg"_s, u"jpeg"_s, u"webp"_s, u"gif"_s, u"bmp"_s, u"tiff"_s, u"tif"_s};
    if (imageExtensions.contains(extension))
        return ReportFormat::Image;
    return ReportFormat::Text; // .txt, no extension, anything else: the evaluator reads it as text
}

ExtractedDocument extractDocument(const QByteArray &bytes, const QString &fileName)
{
    ExtractedDocument result = extractWithoutThrowing(bytes, fileName);
    const QString extension = extensionOf(fileName);
    if (result.format == ReportFormat::Text && !isKnownTextExtension(extension))
        result.warnings.prepend(u"unknown extension .%1; read as text"_s.arg(extension));
    return result;
}

} // namespace Rubricate
