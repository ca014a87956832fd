// PDF reports turned into text with page spans: generated, scanned, corrupt, locked and
// hostile page trees, extraction on worker threads, the real DRB-II PDF sample.
#include "ingest/document/extracteddocument.h"

#include "docxbuilder.h"
#include "pdfdrawing.h"
#include "shareddata.h"
#include "testfiles.h"
#include "waits.h"

#include <QBuffer>
#include <QImage>
#include <QPainter>
#include <QPdfDocument>
#include <QPdfWriter>
#include <QRegularExpression>
#include <QTest>
#include <QThread>
#include <QThreadPool>
#include <QtConcurrent>

#include <chrono>
#include <future>
#include <thread>
#include <utility>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

namespace {

// A PDF drawn with QPdfWriter: one page per entry, each with its text as a text layer.
QByteArray makePdf(const QStringList &pageTexts)
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    writer.setResolution(300);
    QPainter painter(&writer);
    QFont font = painter.font();
    font.setPointSize(14);
    painter.setFont(font);
    for (qsizetype i = 0; i < pageTexts.size(); ++i) {
        if (i > 0)
            writer.newPage();
        painter.drawText(QPointF(150, 300), pageTexts.at(i));
    }
    painter.end();
    return buffer.data();
}

// A page with only pixels on it, like a scan.
QByteArray makeScannedPdf()
{
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QPdfWriter writer(&buffer);
    QPainter painter(&writer);
    QImage scan(200, 100, QImage::Format_RGB32);
    scan.fill(Qt::white);
    QPainter scanPainter(&scan);
    scanPainter.fillRect(20, 20, 160, 10, Qt::black); // a "line of text", as pixels
    scanPainter.end();
    painter.drawImage(QRect(100, 100, 2000, 1000), scan);
    painter.end();
    return buffer.data();
}

// A hand-written PDF: object i + 1 is objects[i], found through a classic xref table.
QByteArray pdfFromObjects(const QList<QByteArray> &objects, const QByteArray &trailerEntries = {})
{
    QByteArray pdf = "%PDF-1.4\n";
    QList<qsizetype> offsets;
    for (qsizetype i = 0; i < objects.size(); ++i) {
        offsets.append(pdf.size());
        pdf += QByteArray::number(i + 1) + " 0 obj\n" + objects.at(i) + "\nendobj\n";
    }
    const qsizetype xref = pdf.size();
    pdf += "xref\n0 " + QByteArray::number(objects.size() + 1) + "\n0000000000 65535 f \n";
    for (const qsizetype offset : std::as_const(offsets))
        pdf += QByteArray::number(offset).rightJustified(10, '0') + " 00000 n \n";
    pdf += "trailer\n<< /Size " + QByteArray::number(objects.size() + 1) + " /Root 1 0 R "
        + trailerEntries + " >>\nstartxref\n" + QByteArray::number(xref) + "\n%%EOF\n";
    return pdf;
}

QByteArray pdfStream(const QByteArray &dictionaryEntries, const QByteArray &data)
{
    return "<< " + dictionaryEntries + " /Length " + QByteArray::number(data.size())
        + " >>\nstream\n" + data + "\nendstream";
}

// Objects 3 to 5 of a hand-written PDF: a page (its /Parent given) showing "hello", its
// content stream and its font.
QList<QByteArray> helloPage(const QByteArray &parent = "2 0 R")
{
    return {
        "<< /Type /Page /Parent " + parent
            + " /MediaBox [0 0 200 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
        pdfStream({}, "BT /F1 12 Tf 20 100 Td (hello) Tj ET"),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"};
}

// The catalog, the page tree root `pages` (object 2), the "hello" page and `more` objects
// from number 6 on.
QByteArray pdfWithPageTree(const QByteArray &pages, const QList<QByteArray> &more = {},
                           const QByteArray &pageParent = "2 0 R")
{
    return pdfFromObjects(QList<QByteArray>{"<< /Type /Catalog /Pages 2 0 R >>", pages}
                          + helloPage(pageParent) + more);
}

// A PDF 1.5 file whose page tree root (object 2) and `more` objects (from number 7 on) sit in
// a compressed object stream (object 6), found through a cross-reference stream (the last
// object), as Word and Chrome write them.
QByteArray pdfWithObjectStream(const QByteArray &pages, const QList<QByteArray> &more = {},
                               const QByteArray &objectStreamEntries = "/Filter /FlateDecode",
                               const QByteArray &xrefEntries = {})
{
    const QList<QByteArray> compressed = QList<QByteArray>{pages} + more;
    QList<quint32> compressedNumbers{2};
    for (qsizetype i = 0; i < more.size(); ++i)
        compressedNumbers.append(quint32(7 + i));
    QByteArray header;
    QByteArray body;
    for (qsizetype i = 0; i < compressed.size(); ++i) {
        header += QByteArray::number(compressedNumbers.at(i)) + ' '
            + QByteArray::number(body.size()) + ' ';
        body += compressed.at(i) + '\n';
    }
    QByteArray data = header + body;
    if (objectStreamEntries.contains("/FlateDecode"))
        data = qCompress(data).mid(4); // a zlib stream without Qt's length prefix
    const QByteArray objectStream
        = pdfStream("/Type /ObjStm /N " + QByteArray::number(compressed.size()) + " /First "
                        + QByteArray::number(header.size()) + ' ' + objectStreamEntries,
                    data);

    QByteArray pdf = "%PDF-1.5\n";
    QMap<quint32, qsizetype> offsets;
    const QList<QByteArray> plain = QList<QByteArray>{"<< /Type /Catalog /Pages 2 0 R >>"}
        + helloPage() + QList<QByteArray>{objectStream};
    const QList<quint32> plainNumbers{1, 3, 4, 5, 6};
    for (qsizetype i = 0; i < plain.size(); ++i) {
        offsets.insert(plainNumbers.at(i), pdf.size());
        pdf += QByteArray::number(plainNumbers.at(i)) + " 0 obj\n" + plain.at(i) + "\nendobj\n";
    }
    const quint32 xrefNumber = quint32(7 + more.size());
    offsets.insert(xrefNumber, pdf.size());
    QByteArray entries;
    const auto entry = [&entries](char type, quint32 field2, quint16 field3) {
        entries += type;
        for (int shift = 24; shift >= 0; shift -= 8)
            entries += char((field2 >> shift) & 0xff);
        entries += char(field3 >> 8);
        entries += char(field3 & 0xff);
    };
    entry(0, 0, 0xffff);
    for (quint32 number = 1; number <= xrefNumber; ++number) {
        const qsizetype index = compressedNumbers.indexOf(number);
        if (index >= 0)
            entry(2, 6, quint16(index));
        else
            entry(1, quint32(offsets.value(number)), 0);
    }
    pdf += QByteArray::number(xrefNumber) + " 0 obj\n"
        + pdfStream("/Type /XRef /Size " + QByteArray::number(xrefNumber + 1)
                        + " /W [1 4 2] /Root 1 0 R " + xrefEntries,
                    entries)
        + "\nendobj\nstartxref\n" + QByteArray::number(offsets.value(xrefNumber)) + "\n%%EOF\n";
    return pdf;
}

// The "hello" PDF with one more object, 6: an object stream whose header lists `count` times
// object 1 at offset 0, of an array of `count` ones; Flate-compressed when `compressed`.
QByteArray pdfWithRepeatedObjectStreamOffsets(int count, bool compressed)
{
    const QByteArray header = QByteArray("1 0 ").repeated(count);
    QByteArray data = header + '[' + QByteArray("1 ").repeated(count) + ']';
    QByteArray entries = "/Type /ObjStm /N " + QByteArray::number(count) + " /First "
        + QByteArray::number(header.size());
    if (compressed) {
        data = qCompress(data, 9).mid(4); // a zlib stream without Qt's length prefix
        entries += " /Filter /FlateDecode";
    }
    return pdfWithPageTree("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", {pdfStream(entries, data)});
}

// A standard-security /Encrypt dictionary whose /O and /U entries match no password: the
// empty user password fails, exactly as for a protected file.
QByteArray encryptDictionary()
{
    return "<< /Filter /Standard /V 1 /R 2 /O <" + QByteArray(64, '1') + "> /U <"
        + QByteArray(64, '2') + "> /P -4 >>";
}

const QByteArray DocumentId
    = "/ID [<00112233445566778899aabbccddeeff> <00112233445566778899aabbccddeeff>]";

QByteArray makePasswordProtectedPdf()
{
    const QByteArray stream = "BT /F1 12 Tf 20 100 Td (secret) Tj ET";
    return pdfFromObjects(
        {"<< /Type /Catalog /Pages 2 0 R >>", "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
         "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>",
         pdfStream({}, stream), encryptDictionary()},
        "/Encrypt 5 0 R " + DocumentId);
}

// Extraction of a PDF that PDFium might never finish: a regression aborts the test run here,
// naming the file, instead of holding every later test (they need the PDF lock the spinning
// thread holds) until CTest's timeout. It catches a hang, not slowness: normal extraction takes
// milliseconds and the largest file here half a second, but under the sanitizers on a busy
// two-core machine one took more than the 30 s this wait used to allow.
ExtractedDocument extractOrAbortOnHang(const QByteArray &bytes, const QString &name)
{
    std::packaged_task<ExtractedDocument()> task(
        [bytes, name] { return extractDocument(bytes, name); });
    std::future<ExtractedDocument> done = task.get_future();
    std::thread(std::move(task)).detach();
    if (done.wait_for(std::chrono::milliseconds(BackgroundWorkTimeout))
        != std::future_status::ready)
        qFatal("extracting %s did not finish: PDFium is spinning", qPrintable(name));
    return done.get();
}

// Every page span is where the brief says: contiguous, separated by a blank line, covering
// the whole text.
void verifyPageSpans(const ExtractedDocument &doc)
{
    QVERIFY(!doc.pages.isEmpty());
    for (qsizetype i = 0; i < doc.pages.size(); ++i) {
        const PageSpan &span = doc.pages.at(i);
        QCOMPARE(span.page, int(i));
        if (i == 0) {
            QCOMPARE(span.offset, 0);
        } else {
            const PageSpan &previous = doc.pages.at(i - 1);
            QCOMPARE(span.offset, previous.offset + previous.length + 2);
            QCOMPARE(doc.text.mid(previous.offset + previous.length, 2), u"\n\n"_s);
        }
    }
    QCOMPARE(doc.pages.last().offset + doc.pages.last().length, int(doc.text.size()));
}

// A PDF refused as a whole: corrupt, for this reason, with no text and no pages.
void verifyRefusedPdf(const ExtractedDocument &doc, const QString &error)
{
    QCOMPARE(doc.format, ReportFormat::Pdf);
    QVERIFY(doc.corrupt);
    QVERIFY(!doc.hasText);
    QVERIFY(doc.pages.isEmpty());
    QCOMPARE(doc.error, error);
}

// The first page's text as QtPdf gives it, before the import reads it.
QString qtPdfPageText(const QByteArray &pdf)
{
    QBuffer buffer;
    buffer.setData(pdf);
    buffer.open(QIODevice::ReadOnly);
    QPdfDocument document;
    document.load(&buffer);
    return document.getAllText(0).text();
}

QString pageText(const ExtractedDocument &doc, int page)
{
    const PageSpan &span = doc.pages.at(page);
    return doc.text.mid(span.offset, span.length);
}

bool sameExtraction(const ExtractedDocument &a, const ExtractedDocument &b)
{
    if (a.pages.size() != b.pages.size())
        return false;
    for (qsizetype i = 0; i < a.pages.size(); ++i) {
        if (a.pages[i].offset != b.pages[i].offset || a.pages[i].length != b.pages[i].length)
            return false;
    }
    return a.format == b.format && a.text == b.text && a.warnings == b.warnings
        && a.hasText == b.hasText && a.corrupt == b.corrupt && a.error == b.error;
}

} // namespace

class TestPdfDocument : public QObject
{
    Q_OBJECT

private slots:
    void pdfGeneratedTwoPages();
    void pdfWithoutTextLayer();
    void pdfCorrupt_data();
    void pdfCorrupt();
    void pdfPasswordProtected();
    void pdfPageTreeLoopRefused_data();
    void pdfPageTreeLoopRefused();
    void pdfPageTreeWithoutLoopLoads_data();
    void pdfPageTreeWithoutLoopLoads();
    void pdfPageTreeUncheckableRefused_data();
    void pdfPageTreeUncheckableRefused();
    void pdfOnWorkerThread();
    void concurrentExtractionsAgree();
    void pdfChineseReadsAsSentences();
    void pdfLatinSuperscriptsBecomeMarkers();
    void realPdf();
    void realPdfTruncated();
    void realPdfOnWorkerThread();
};

void TestPdfDocument::pdfGeneratedTwoPages()
{
    const QByteArray pdf = makePdf({u"Alpha first page"_s, u"Bravo second page"_s});
    const ExtractedDocument doc = extractDocument(pdf, u"gen.pdf"_s);
    QCOMPARE(doc.format, ReportFormat::Pdf);
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QVERIFY(doc.hasText);
    QVERIFY2(doc.warnings.isEmpty(), qPrintable(doc.warnings.join(u"; "_s)));
    QCOMPARE(doc.pages.size(), 2);
    verifyPageSpans(doc);
    QCOMPARE(pageText(doc, 0), u"Alpha first page"_s);
    QCOMPARE(pageText(doc, 1), u"Bravo second page"_s);
    QCOMPARE(doc.text, u"Alpha first page\n\nBravo second page"_s);
}

void TestPdfDocument::pdfWithoutTextLayer()
{
    const ExtractedDocument doc = extractDocument(makeScannedPdf(), u"scan.pdf"_s);
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QVERIFY(!doc.hasText);
    QCOMPARE(doc.pages.size(), 1);
    QCOMPARE(doc.warnings, QStringList{u"no text layer (scanned?)"_s});
}

void TestPdfDocument::pdfCorrupt_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QByteArray random = "%PDF-1.7\n";
    quint32 state = 12345;
    for (int i = 0; i < 4000; ++i) {
        state = state * 1103515245u + 12345u;
        random.append(char(state >> 24));
    }
    QTest::newRow("random bytes after a PDF header") << random;
    const QByteArray generated = makePdf({u"one"_s, u"two"_s});
    QTest::newRow("generated PDF cut in half") << generated.left(generated.size() / 2);
    QTest::newRow("header only") << QByteArray("%PDF-1.4\n");
    QTest::newRow("not a PDF at all") << QByteArray("<html>oops</html>");
}

void TestPdfDocument::pdfCorrupt()
{
    QFETCH(QByteArray, bytes);
    verifyRefusedPdf(extractDocument(bytes, u"bad.pdf"_s),
                     u"PDF could not be loaded (InvalidFileFormat)"_s);
}

void TestPdfDocument::pdfPasswordProtected()
{
    const ExtractedDocument doc = extractDocument(makePasswordProtectedPdf(), u"locked.pdf"_s);
    QVERIFY(doc.corrupt);
    QVERIFY(!doc.hasText);
    QVERIFY2(doc.error.contains(u"password-protected"_s), qPrintable(doc.error));
    QVERIFY(doc.error.contains(u"IncorrectPassword"_s));
}

void TestPdfDocument::pdfPageTreeLoopRefused_data()
{
    // Without the check, PDFium's load never returns for the first seven rows.
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("error");
    const QString itself = u"PDF page tree contains a loop (object %1 lists itself in /Kids)"_s;
    const QByteArray selfLoop = pdfWithPageTree("<< /Type /Pages /Kids [2 0 R] /Count 1 >>");
    QTest::newRow("Kids lists its own node") << selfLoop << itself.arg(2);
    QTest::newRow("own node before the page")
        << pdfWithPageTree("<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>") << itself.arg(2);
    QTest::newRow("through an intermediate node")
        << pdfWithPageTree("<< /Type /Pages /Kids [6 0 R] /Count 1 >>",
                           {"<< /Type /Pages /Parent 2 0 R /Kids [6 0 R 3 0 R] /Count 1 >>"},
                           "6 0 R")
        << itself.arg(6);
    QTest::newRow("two nodes and no page")
        << pdfWithPageTree("<< /Type /Pages /Kids [6 0 R] /Count 1 >>",
                           {"<< /Type /Pages /Parent 2 0 R /Kids [2 0 R] /Count 1 >>"})
        << u"PDF page tree contains a loop (object 6 lists its ancestor 2 in /Kids)"_s;
    QTest::newRow("in a compressed object stream")
        << pdfWithObjectStream("<< /Type /Pages /Kids [7 0 R] /Count 1 >>",
                               {"<< /Type /Pages /Parent 2 0 R /Kids [2 0 R 3 0 R] /Count 1 >>"})
        << u"PDF page tree contains a loop (object 7 lists its ancestor 2 in /Kids)"_s;
    // What PDFium reads the check must read too: escaped names, and the definition the
    // cross-reference table points to even when a later one would be harmless.
    QTest::newRow("name written with an escape")
        << pdfWithPageTree("<< /Type /Pages /K#69ds [2 0 R] /Count 1 >>") << itself.arg(2);
    QTest::newRow("harmless redefinition after the end")
        << selfLoop + "2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n"
        << itself.arg(2);
    // Loops PDFium happens to survive are refused all the same.
    QTest::newRow("comment inside the object header")
        << QByteArray(selfLoop).replace("\n2 0 obj", "\n2 0 % note\nobj") << itself.arg(2);
    QTest::newRow("own node after the page")
        << pdfWithPageTree("<< /Type /Pages /Kids [3 0 R 2 0 R] /Count 1 >>") << itself.arg(2);
    QTest::newRow("Kids as a reference to an array")
        << pdfWithPageTree("<< /Type /Pages /Kids 6 0 R /Count 1 >>", {"[3 0 R 2 0 R]"})
        << itself.arg(2);
    // No loop, but each of 20 nodes lists the next one twice: two million pages from 2 KB, and
    // a few more levels would keep PDFium busy for hours.
    QList<QByteArray> doubling;
    for (int number = 6; number < 26; ++number) {
        const QByteArray next
            = number == 25 ? QByteArray("3 0 R") : QByteArray::number(number + 1) + " 0 R";
        doubling << "<< /Type /Pages /Kids [" + next + ' ' + next + "] /Count 2 >>";
    }
    QTest::newRow("every node listed twice")
        << pdfWithPageTree("<< /Type /Pages /Kids [6 0 R] /Count 1 >>", doubling)
        << u"PDF page tree stands for more than 100000 pages (object 9 repeats its /Kids); "
           u"refused"_s;
}

void TestPdfDocument::pdfPageTreeLoopRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, error);
    verifyRefusedPdf(extractOrAbortOnHang(bytes, u"loop.pdf"_s), error);
}

void TestPdfDocument::pdfPageTreeWithoutLoopLoads_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("text");
    QTest::newRow("page listed twice")
        << pdfWithPageTree("<< /Type /Pages /Kids [3 0 R 3 0 R] /Count 2 >>")
        << u"hello\n\nhello"_s;
    QTest::newRow("page whose /Parent loops")
        << pdfWithPageTree("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", {}, "3 0 R") << u"hello"_s;
    QTest::newRow("page tree in a compressed object stream")
        << pdfWithObjectStream("<< /Type /Pages /Kids [7 0 R] /Count 1 >>",
                               {"<< /Type /Pages /Parent 2 0 R /Kids [3 0 R] /Count 1 >>"})
        << u"hello"_s;
    // Inputs that once kept the check itself busy for hours or took gigabytes; read once
    // each now, they hold no loop and load. 200,000 header pairs name one offset (1.3 KB
    // compressed: the array was read 200,000 times); the same uncompressed (120 KB, 55 s).
    QTest::newRow("object stream offset repeated 200,000 times")
        << pdfWithRepeatedObjectStreamOffsets(200000, true) << u"hello"_s;
    QTest::newRow("object stream offset repeated, uncompressed")
        << pdfWithRepeatedObjectStreamOffsets(20000, false) << u"hello"_s;
    // 10 MB of "1 " from 10 KB: each item was kept as a value, 680 MB in all.
    const QByteArray ones = "7 0 [" + QByteArray("1 ").repeated(5 * 1024 * 1024) + ']';
    QTest::newRow("object stream of a 10 MB array") << pdfWithPageTree(
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
        {pdfStream("/Type /ObjStm /N 1 /First 4 /Filter /FlateDecode", qCompress(ones, 9).mid(4))})
                                                    << u"hello"_s;
    // Each "[" 65 levels deep and unclosed read on to the end of the file, past its endobj.
    QList<QByteArray> unclosed(2000, QByteArray(65, '['));
    QTest::newRow("2000 objects nested too deep, unclosed")
        << pdfWithPageTree("<< /Type /Pages /Kids [3 0 R] /Count 1 >>", unclosed) << u"hello"_s;
}

void TestPdfDocument::pdfPageTreeWithoutLoopLoads()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, text);
    const ExtractedDocument doc = extractOrAbortOnHang(bytes, u"tree.pdf"_s);
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QCOMPARE(doc.text, text);
}

void TestPdfDocument::pdfPageTreeUncheckableRefused_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("error");
    const QByteArray pages = "<< /Type /Pages /Kids [3 0 R] /Count 1 >>";
    const QString prefix = u"PDF page tree cannot be checked for loops: object stream 6 "_s;
    QTest::newRow("encrypted") << pdfWithObjectStream(
        pages, {encryptDictionary()}, "/Filter /FlateDecode", "/Encrypt 7 0 R " + DocumentId)
                               << prefix + u"is encrypted"_s;
    QTest::newRow("LZW") << pdfWithObjectStream(pages, {}, "/Filter /LZWDecode")
                         << prefix + u"uses the unsupported filter /LZWDecode"_s;
    QTest::newRow("predictor") << pdfWithObjectStream(
        pages, {}, "/Filter /FlateDecode /DecodeParms << /Predictor 12 /Columns 4 >>")
                               << prefix + u"uses a predictor"_s;
    // Every "N G obj" is parsed, even inside a string (the cross-reference table may point
    // there), and here each parse reads on to the end of the file: 20,000 of them in 220 KB
    // were 8.6 s. The check's budget runs out instead, and a file it has not read through is
    // refused.
    const QString tooComplex = u"PDF structure too complex to check for page tree loops; refused"_s;
    QTest::newRow("obj inside 20,000 strings")
        << pdfWithPageTree(pages, {'[' + QByteArray("(1 0 obj [)").repeated(20000) + ']'})
        << tooComplex;
    QTest::newRow("trailer inside 20,000 strings")
        << pdfWithPageTree(pages, {'[' + QByteArray("(trailer [)").repeated(20000) + ']'})
        << tooComplex;
}

void TestPdfDocument::pdfPageTreeUncheckableRefused()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, error);
    const ExtractedDocument doc = extractOrAbortOnHang(bytes, u"hidden.pdf"_s);
    QVERIFY(doc.corrupt);
    QCOMPARE(doc.error, error);
}

void TestPdfDocument::pdfOnWorkerThread()
{
    const QByteArray pdf = makePdf({u"Worker page one"_s, u"Worker page two"_s});
    QThread *worker = nullptr;
    QFuture<ExtractedDocument> future = QtConcurrent::run([&worker, pdf] {
        worker = QThread::currentThread();
        return extractDocument(pdf, u"w.pdf"_s);
    });
    const ExtractedDocument doc = future.result();
    QVERIFY(worker != nullptr);
    QVERIFY(worker != QThread::currentThread());
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QCOMPARE(doc.pages.size(), 2);
    QCOMPARE(pageText(doc, 1), u"Worker page two"_s);
}

void TestPdfDocument::concurrentExtractionsAgree()
{
    // Many PDFs (good, broken, locked) and other formats at once on more threads than the
    // machine has cores: every result must equal the single-threaded one.
    const QList<std::pair<QString, QByteArray>> inputs = {
        {u"a.pdf"_s, makePdf({u"Concurrent alpha"_s, u"Concurrent beta"_s})},
        {u"b.pdf"_s, makePdf({u"Another document"_s})},
        {u"c.pdf"_s, QByteArray("%PDF-1.5\nbroken")},
        {u"d.pdf"_s, makePasswordProtectedPdf()},
        {u"e.html"_s, QByteArray("<h1>T</h1><p>x &amp; y</p><img src=\"https://e.org/i.png\">")},
        {u"f.docx"_s, makeDocx(wordDocument(paragraph("Docx text")))},
        {u"g.md"_s, QByteArray("# md\xff")},
    };
    QList<ExtractedDocument> expected;
    for (const auto &[name, bytes] : inputs)
        expected.append(extractDocument(bytes, name));

    QList<qsizetype> jobs;
    for (int round = 0; round < 12; ++round) {
        for (qsizetype i = 0; i < inputs.size(); ++i)
            jobs.append(i);
    }
    QThreadPool pool;
    pool.setMaxThreadCount(6);
    const QList<ExtractedDocument> results = QtConcurrent::blockingMapped<QList<ExtractedDocument>>(
        &pool, jobs, [&inputs](qsizetype i) {
            return extractDocument(inputs.at(i).second, inputs.at(i).first);
        });
    QCOMPARE(results.size(), jobs.size());
    for (qsizetype j = 0; j < jobs.size(); ++j)
        QVERIFY2(sameExtraction(results.at(j), expected.at(jobs.at(j))),
                 qPrintable(inputs.at(jobs.at(j)).first));
}

void TestPdfDocument::pdfChineseReadsAsSentences()
{
    const QString family = RubricateTest::chineseFontFamily();
    if (family.isEmpty()) {
        if (RubricateTest::underCi())
            QFAIL("no font for Chinese (cmake/dev.sh installs fonts-wqy-microhei)");
        QSKIP("no font for Chinese installed (fonts-wqy-microhei); the reading itself is "
              "tested without PDFium in tst_pdflines");
    }
    const QStringList lines = {
        u"研究者在报告中对土地财政的成因提出了一种更为精"_s,
        u"细的分类 ，并给出了土地出让收入的年度数据 。"_s,
        u"第二段从这里开始。"_s,
    };
    const QByteArray pdf = RubricateTest::pdfWithSuperscripts(
        family, lines, {{1, 4, u"2"_s}, {1, 21, u"5 7"_s}, {2, 9, u"12"_s}});
    // What the import is up against: PDFium keeps the wrap and reads the numbers apart.
    const QString raw = qtPdfPageText(pdf);
    QVERIFY2(raw.contains(u"精\r\n细"_s), qPrintable(raw));
    static const QRegularExpression numbersOnly(u"^[\\d ]+\r?$"_s,
                                                QRegularExpression::MultilineOption);
    QVERIFY2(raw.contains(numbersOnly), qPrintable(raw));

    const ExtractedDocument doc = extractDocument(pdf, u"zh.pdf"_s);
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QCOMPARE(doc.pages.size(), 1);
    verifyPageSpans(doc);
    QCOMPARE(doc.text,
             u"研究者在报告中对土地财政的成因提出了一种更为精细的分类[2]，并给出了"
             u"土地出让收入的年度数据[5, 7]。\n第二段从这里开始。[12]"_s);
}

void TestPdfDocument::pdfLatinSuperscriptsBecomeMarkers()
{
    // Latin lines keep their breaks; only the numbers move.
    const QStringList lines = {u"Land sales financed local budgets"_s, u"for two decades."_s};
    const QByteArray pdf
        = RubricateTest::pdfWithSuperscripts(u"DejaVu Sans"_s, lines, {{0, 33, u"3"_s}});
    QVERIFY(qtPdfPageText(pdf).endsWith(u"\r\n3"_s));
    const ExtractedDocument doc = extractDocument(pdf, u"en.pdf"_s);
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QCOMPARE(doc.text, u"Land sales financed local budgets[3]\nfor two decades."_s);
}

void TestPdfDocument::realPdf()
{
    RUBRICATE_REQUIRE_SHARED(path, "drb2/samples/report/passage/idx-1.pdf");
    const ExtractedDocument doc = extractDocument(readFile(path), u"idx-1.pdf"_s);
    QCOMPARE(doc.format, ReportFormat::Pdf);
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QVERIFY(doc.hasText);
    QVERIFY2(doc.warnings.isEmpty(), qPrintable(doc.warnings.join(u"; "_s)));
    QCOMPARE(doc.pages.size(), 10);
    verifyPageSpans(doc);
    for (const PageSpan &span : doc.pages)
        QVERIFY2(span.length > 500, qPrintable(QString::number(span.page)));

    QVERIFY(pageText(doc, 0).startsWith(u"中国地方“土地财政”模式转型研究报告\n（截至2021年）"_s));
    QVERIFY(pageText(doc, 0).contains(u"1994年分税制改革"_s));
    QVERIFY(pageText(doc, 1).startsWith(u"受到致命打击"_s));
    // Citation numbers PDFium reads at each page's end are back in their sentences, and lines
    // that only wrapped a sentence are one line again.
    static const QRegularExpression numbersOnly(u"^[\\d ,]+$"_s,
                                                QRegularExpression::MultilineOption);
    QCOMPARE(doc.text.count(numbersOnly), 0);
    QVERIFY(pageText(doc, 0).contains(
        u"一种特殊财政形态[1, 2]。这一模式并非简单的财政收入方式，而是深刻嵌入在"_s));
    QVERIFY(pageText(doc, 0).contains(
        u"债务水平[30]。到2022年底，地方政府融资平台的债务总额至少达到8万亿美元[31]。"_s));
    QVERIFY(pageText(doc, 1).contains(u"边际贡献正在递减[8]。研究指出"_s));
    QVERIFY(!doc.text.contains(u'\r'));
    // PDFium's U+FFFE line-end hyphen marker is a hyphen again.
    QVERIFY(!doc.text.contains(QChar(u'\uFFFE')));
    QVERIFY(doc.text.contains(u"Past-Present-and-Future"_s));
}

void TestPdfDocument::realPdfTruncated()
{
    RUBRICATE_REQUIRE_SHARED(path, "drb2/samples/report/passage/idx-1.pdf");
    const QByteArray bytes = readFile(path);
    for (const qsizetype size : {qsizetype(2000), bytes.size() / 2, bytes.size() - 50000}) {
        const ExtractedDocument doc = extractDocument(bytes.left(size), u"idx-1.pdf"_s);
        QVERIFY2(doc.corrupt, qPrintable(QString::number(size)));
        QVERIFY(!doc.hasText);
        QVERIFY(doc.error.contains(u"InvalidFileFormat"_s));
    }
}

void TestPdfDocument::realPdfOnWorkerThread()
{
    RUBRICATE_REQUIRE_SHARED(path, "drb2/samples/report/passage/idx-1.pdf");
    const QByteArray bytes = readFile(path);
    const ExtractedDocument here = extractDocument(bytes, u"idx-1.pdf"_s);
    QFuture<ExtractedDocument> first = QtConcurrent::run(extractDocument, bytes, u"idx-1.pdf"_s);
    QFuture<ExtractedDocument> second = QtConcurrent::run(extractDocument, bytes, u"idx-1.pdf"_s);
    QVERIFY(sameExtraction(first.result(), here));
    QVERIFY(sameExtraction(second.result(), here));
}

QTEST_MAIN(TestPdfDocument)
#include "tst_pdfdocument.moc"
