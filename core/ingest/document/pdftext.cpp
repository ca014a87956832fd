#include "pdftext.h"

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
// concurrentExtractionsAgree in tst_documentextractor failed 2 of 40 runs (a broken PDF
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

QString normalisedPageText(QString text)
{
    text.replace(u"\r\n"_s, u"\n"_s);
    text.replace(u'\r', u'\n');
    // PDFium reports a hyphen that ended a line (it joins the two lines) as U+FFFE, a
    // noncharacter that must not reach storage or a prompt. The page shows a hyphen, and in
    // the reports seen so far these are URLs and compounds, not soft hyphenation.
    text.replace(QChar(u'\uFFFE'), u'-');
    // Other control characters are not text anyone reads; tabs and line breaks are.
    text.removeIf([](QChar c) { return c.unicode() < 0x20 && c != u'\n' && c != u'\t'; });
    qsizetype end = text.size();
    while (end > 0 && text.at(end - 1).isSpace())
        --end;
    text.truncate(end);
    return text;
}

} // namespace

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
        const QString pageText = normalisedPageText(document.getAllText(page).text());
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
