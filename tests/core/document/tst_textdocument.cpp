// Plain text, Markdown, JSON and images turned into report text: encodings, byte order marks,
// invalid bytes, empty files, the real DRB-II Markdown samples.
#include "ingest/document/extracteddocument.h"
#include "ingest/document/textdecoding.h"

#include "shareddata.h"
#include "testfiles.h"

#include <QBuffer>
#include <QImage>
#include <QStringEncoder>
#include <QTest>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

namespace {

// Text the way Windows in Western Europe writes it (Latin-1 plus "€", "—", "œ" and quotes).
QByteArray inCp1252(const QString &text)
{
    return QStringEncoder("windows-1252").encode(text);
}

} // namespace

class TestTextDocument : public QObject
{
    Q_OBJECT

private slots:
    void formatForFileName_data();
    void formatForFileName();
    void plainTextKeptExactly_data();
    void plainTextKeptExactly();
    void byteOrderMarkStripped();
    void invalidUtf8Dropped_data();
    void invalidUtf8Dropped();
    void emptyDocument_data();
    void emptyDocument();
    void whitespaceOnlyHasNoText();
    void imageHasNoText();
    void imageSizeFromHeaderOnly_data();
    void imageSizeFromHeaderOnly();
    void unknownExtensionReadAsTextWithWarning_data();
    void unknownExtensionReadAsTextWithWarning();
    void textWithUnicodeByteOrderMark_data();
    void utf16LoneSurrogateBecomesReplacement();
    void textWithUnicodeByteOrderMark();
    void textInGb18030Detected_data();
    void textInGb18030Detected();
    void textNotGb18030StaysUtf8();
    void textInCp1252StaysUtf8_data();
    void textInCp1252StaysUtf8();
    void realMarkdown_data();
    void realMarkdown();
};

void TestTextDocument::formatForFileName_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<ReportFormat>("format");
    QTest::newRow("md") << u"idx-2.md"_s << ReportFormat::Markdown;
    QTest::newRow("MD upper") << u"IDX-2.MD"_s << ReportFormat::Markdown;
    QTest::newRow("markdown") << u"notes.markdown"_s << ReportFormat::Markdown;
    QTest::newRow("txt") << u"a.txt"_s << ReportFormat::Text;
    QTest::newRow("html") << u"idx-40.html"_s << ReportFormat::Html;
    QTest::newRow("htm") << u"page.HTM"_s << ReportFormat::Html;
    QTest::newRow("pdf") << u"report/model/idx-1.pdf"_s << ReportFormat::Pdf;
    QTest::newRow("Pdf mixed") << u"idx-1.Pdf"_s << ReportFormat::Pdf;
    QTest::newRow("docx") << u"idx-62.docx"_s << ReportFormat::Docx;
    QTest::newRow("json") << u"r.json"_s << ReportFormat::Json;
    for (const QString &ext :
         {u"png"_s, u"jpg"_s, u"JPEG"_s, u"webp"_s, u"gif"_s, u"bmp"_s, u"tiff"_s, u"tif"_s}) {
        QTest::newRow(qPrintable(ext)) << (u"scan."_s + ext) << ReportFormat::Image;
    }
    QTest::newRow("no extension") << u"idx-5"_s << ReportFormat::Text;
    QTest::newRow("unknown") << u"idx-5.rtf"_s << ReportFormat::Text;
    QTest::newRow("doc is not docx") << u"idx-5.doc"_s << ReportFormat::Text;
    QTest::newRow("dot file") << u".md"_s << ReportFormat::Text;
    QTest::newRow("dot in folder") << u"a.pdf/idx-3"_s << ReportFormat::Text;
    QTest::newRow("windows path") << u"C:\\r\\idx-3.docx"_s << ReportFormat::Docx;
    QTest::newRow("empty") << QString() << ReportFormat::Text;
}

void TestTextDocument::formatForFileName()
{
    QFETCH(QString, fileName);
    QFETCH(ReportFormat, format);
    QCOMPARE(Rubricate::formatForFileName(fileName), format);
}

void TestTextDocument::plainTextKeptExactly_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<ReportFormat>("format");
    QTest::newRow("md") << u"r.md"_s << ReportFormat::Markdown;
    QTest::newRow("txt") << u"r.txt"_s << ReportFormat::Text;
    QTest::newRow("json") << u"r.json"_s << ReportFormat::Json;
    QTest::newRow("no extension") << u"idx-9"_s << ReportFormat::Text;
}

void TestTextDocument::plainTextKeptExactly()
{
    QFETCH(QString, fileName);
    QFETCH(ReportFormat, format);
    // Markdown stays Markdown, CRLF stays CRLF, trailing white space stays.
    const QByteArray bytes = "# Title\r\n\r\n| a | b |\n|---|---|\n| 1 | <b>2</b> |\n\n"
                             "  {\"k\": \"\xe4\xb8\xad\xe6\x96\x87\"}\t \n";
    const ExtractedDocument doc = extractDocument(bytes, fileName);
    QCOMPARE(doc.format, format);
    QCOMPARE(doc.text, QString::fromUtf8(bytes));
    QVERIFY(doc.hasText);
    QVERIFY(!doc.corrupt);
    QVERIFY(doc.error.isEmpty());
    QVERIFY2(doc.warnings.isEmpty(), qPrintable(doc.warnings.join(u"; "_s)));
    QVERIFY(doc.pages.isEmpty());
}

void TestTextDocument::byteOrderMarkStripped()
{
    const ExtractedDocument doc = extractDocument("\xEF\xBB\xBF# Heading\n", u"a.md"_s);
    QCOMPARE(doc.text, u"# Heading\n"_s);
    QVERIFY(doc.warnings.isEmpty());
    // Only the first is the byte order mark; a second one is a character (U+FEFF) of the text.
    QCOMPARE(extractDocument("\xEF\xBB\xBF\xEF\xBB\xBFx", u"a.md"_s).text, u"\uFEFFx"_s);
}

void TestTextDocument::invalidUtf8Dropped_data()
{
    // Expected results from Python: bytes.decode("utf-8", errors="ignore").
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("text");
    QTest::addColumn<int>("dropped");
    QTest::newRow("stray byte") << QByteArray("a\xff"
                                              "b")
                                << u"ab"_s << 1;
    QTest::newRow("truncated sequence") << QByteArray("x\xe4\xb8y") << u"xy"_s << 2;
    QTest::newRow("surrogate") << QByteArray("s\xed\xa0\x80t") << u"st"_s << 3;
    QTest::newRow("overlong") << QByteArray("\xc0\x80ok") << u"ok"_s << 2;
    QTest::newRow("restart inside") << QByteArray("\xe4\xb8\xe4\xb8\xad") << u"中"_s << 2;
    QTest::newRow("beyond U+10FFFF") << QByteArray("a\xf4\x90\x80\x80") << u"a"_s << 4;
    QTest::newRow("truncated at end") << QByteArray("\xf0\x9f\x98\x80\xf0\x9f\x98") << u"😀"_s << 3;
    QTest::newRow("continuations") << QByteArray("ok\x80\x80\x80") << u"ok"_s << 3;
    // Found by fuzz_textdecoding: once the bad byte is gone the text starts with U+FEFF,
    // which Qt's UTF-8 decoding would otherwise take for a byte order mark and drop.
    QTest::newRow("U+FEFF after a dropped byte")
        << QByteArray("\xff\xef\xbb\xbfok") << u"\uFEFFok"_s << 1;
}

void TestTextDocument::invalidUtf8Dropped()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, text);
    QFETCH(int, dropped);
    const ExtractedDocument doc = extractDocument(bytes, u"r.md"_s);
    QCOMPARE(doc.text, text);
    QVERIFY(!doc.corrupt);
    const QString expected = dropped == 1 ? u"1 invalid UTF-8 byte dropped"_s
                                          : u"%1 invalid UTF-8 bytes dropped"_s.arg(dropped);
    QCOMPARE(doc.warnings, QStringList{expected});
}

void TestTextDocument::emptyDocument_data()
{
    QTest::addColumn<QString>("fileName");
    for (const QString &name : {u"a.md"_s, u"a.txt"_s, u"a.json"_s, u"a.html"_s, u"a.pdf"_s,
                                u"a.docx"_s, u"a.png"_s, u"idx-4"_s})
        QTest::newRow(qPrintable(name)) << name;
}

void TestTextDocument::emptyDocument()
{
    QFETCH(QString, fileName);
    const ExtractedDocument doc = extractDocument(QByteArray(), fileName);
    QCOMPARE(doc.format, Rubricate::formatForFileName(fileName));
    QVERIFY(!doc.hasText);
    QVERIFY(!doc.corrupt);
    QVERIFY(doc.text.isEmpty());
    QCOMPARE(doc.warnings, QStringList{u"empty document"_s});
}

void TestTextDocument::whitespaceOnlyHasNoText()
{
    const ExtractedDocument doc = extractDocument(" \n\t\r\n", u"a.txt"_s);
    QVERIFY(!doc.hasText);
    QVERIFY(!doc.corrupt);
    QCOMPARE(doc.warnings, QStringList{u"no text"_s});
}

void TestTextDocument::imageHasNoText()
{
    const ExtractedDocument doc = extractDocument("\x89PNG\r\n\x1a\n....", u"idx-7.PNG"_s);
    QCOMPARE(doc.format, ReportFormat::Image);
    QVERIFY(!doc.hasText);
    QVERIFY(!doc.corrupt);
    QVERIFY(doc.text.isEmpty());
    QCOMPARE(doc.warnings, QStringList{u"image: no text layer; stored for attachment"_s});
}

quint32 crc32(QByteArrayView data)
{
    quint32 crc = 0xFFFFFFFFu;
    for (const char c : data) {
        crc ^= quint8(c);
        for (int bit = 0; bit < 8; ++bit)
            crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    return ~crc;
}

QByteArray bigEndian32(quint32 value)
{
    QByteArray bytes;
    for (int shift = 24; shift >= 0; shift -= 8)
        bytes += char((value >> shift) & 0xff);
    return bytes;
}

// A PNG's signature and header chunk, and where its pixel data would start: enough for its
// size, no pixels at all.
QByteArray pngHeader(quint32 width, quint32 height)
{
    const QByteArray header = "IHDR" + bigEndian32(width) + bigEndian32(height)
        + QByteArray("\x08\x02\x00\x00\x00", 5); // 8-bit RGB
    return QByteArray("\x89PNG\r\n\x1a\n", 8) + bigEndian32(13) + header
        + bigEndian32(crc32(header)) + bigEndian32(0) + "IDAT" + bigEndian32(crc32("IDAT"));
}

void TestTextDocument::imageSizeFromHeaderOnly_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QStringList>("warnings");
    const QString noText = u"image: no text layer; stored for attachment"_s;
    QTest::newRow("20000 x 20000")
        << pngHeader(20000, 20000)
        << QStringList{noText, u"very large image: 20000x20000 pixels (400 megapixels)"_s};
    QTest::newRow("8000 x 5000") << pngHeader(
        8000, 5000) << QStringList{noText, u"very large image: 8000x5000 pixels (40 megapixels)"_s};
    QTest::newRow("a 4K screenshot") << pngHeader(3840, 2160) << QStringList{noText};
    QBuffer png;
    png.open(QIODevice::WriteOnly);
    QImage(64, 48, QImage::Format_RGB32).save(&png, "PNG");
    QTest::newRow("small PNG") << png.data() << QStringList{noText};
}

void TestTextDocument::imageSizeFromHeaderOnly()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QStringList, warnings);
    // The headers promise pixels that are not there: only the header can have been read.
    const ExtractedDocument doc = extractDocument(bytes, u"figure.png"_s);
    QCOMPARE(doc.format, ReportFormat::Image);
    QVERIFY(!doc.corrupt);
    QCOMPARE(doc.warnings, warnings);
}

void TestTextDocument::unknownExtensionReadAsTextWithWarning_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QStringList>("warnings");
    QTest::newRow("rtf") << u"idx-5.rtf"_s
                         << QStringList{u"unknown extension .rtf; read as text"_s};
    QTest::newRow("upper case") << u"idx-5.XYZ"_s
                                << QStringList{u"unknown extension .xyz; read as text"_s};
    QTest::newRow("txt") << u"idx-5.txt"_s << QStringList{};
    QTest::newRow("no extension") << u"idx-5"_s << QStringList{};
    QTest::newRow("dot file") << u".md"_s << QStringList{};
}

void TestTextDocument::unknownExtensionReadAsTextWithWarning()
{
    QFETCH(QString, fileName);
    QFETCH(QStringList, warnings);
    const ExtractedDocument doc = extractDocument("Report body\n", fileName);
    QCOMPARE(doc.format, ReportFormat::Text);
    QCOMPARE(doc.text, u"Report body\n"_s);
    QVERIFY(doc.hasText);
    QCOMPARE(doc.warnings, warnings);
}

void TestTextDocument::textWithUnicodeByteOrderMark_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("encoding");
    const QString text = u"Grüße, 中文 😀\r\nline two\n"_s;
    for (const auto encoding : {QStringConverter::Utf16LE, QStringConverter::Utf16BE,
                                QStringConverter::Utf32LE, QStringConverter::Utf32BE}) {
        QStringEncoder encoder(encoding, QStringConverter::Flag::WriteBom);
        const QByteArray bytes = encoder.encode(text);
        const QString name = QString::fromLatin1(QStringConverter::nameForEncoding(encoding));
        QTest::newRow(qPrintable(name)) << bytes << name.toUpper();
    }
}

// Qt's UTF-16 decoder passes unpaired surrogates through; stored text must be valid Unicode.
void TestTextDocument::utf16LoneSurrogateBecomesReplacement()
{
    const QByteArray bytes = QByteArray("\xFF\xFE"
                                        "a\x00\x00\xD8"
                                        "b\x00\x3D\xD8\x00\xDE",
                                        12);
    const ExtractedDocument doc = extractDocument(bytes, u"idx-1.txt"_s);
    QCOMPARE(doc.text, u"a\uFFFDb\U0001F600"_s);
    QVERIFY(doc.text.isValidUtf16());
    QVERIFY2(doc.warnings.join(u'\n').contains(u"replaced by U+FFFD"_s),
             qPrintable(doc.warnings.join(u'\n')));
}

void TestTextDocument::textWithUnicodeByteOrderMark()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, encoding);
    for (const QString &name : {u"r.txt"_s, u"r.md"_s}) {
        const ExtractedDocument doc = extractDocument(bytes, name);
        QCOMPARE(doc.text, u"Grüße, 中文 😀\r\nline two\n"_s);
        QCOMPARE(doc.warnings, QStringList{u"decoded as %1 (byte order mark)"_s.arg(encoding)});
    }
}

void TestTextDocument::textInGb18030Detected_data()
{
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QString>("text");
    QTest::newRow("simplified Chinese")
        << u"idx-8.txt"_s << u"中国地方“土地财政”模式转型研究报告\n（截至2021年）\n"_s;
    // Names written with characters outside GB2312 (喆 86B4, 镕 E946: GBK's extension, whose
    // trail bytes can be ASCII letters) do not outweigh the GB2312 text around them.
    QTest::newRow("GBK-only characters in names")
        << u"idx-3.md"_s
        << u"# 研究报告\n\n朱镕基与张喆在会议上讨论了地方财政、土地出让收入和债务风险。"
           u"报告认为，改革应当循序渐进。\n"_s;
}

void TestTextDocument::textInGb18030Detected()
{
    QFETCH(QString, fileName);
    QFETCH(QString, text);
    const QByteArray gb18030 = QStringEncoder("GB18030").encode(text);
    const ExtractedDocument doc = extractDocument(gb18030, fileName);
    QCOMPARE(doc.text, text);
    QCOMPARE(doc.warnings, QStringList{u"decoded as GB18030 (not UTF-8, but valid GB18030)"_s});
}

void TestTextDocument::textNotGb18030StaysUtf8()
{
    // Latin-1 accents: not UTF-8, and not GB18030 either ("é " is no GB18030 pair).
    ExtractedDocument doc = extractDocument("caf\xe9 cr\xe8me br\xfbl\xe9"
                                            "e\n",
                                            u"a.txt"_s);
    QCOMPARE(doc.text, u"caf crme brle\n"_s);
    QCOMPARE(doc.warnings, QStringList{u"4 invalid UTF-8 bytes dropped"_s});
    // Mostly UTF-8 with one stray byte that happens to pair up in GB18030: still UTF-8.
    doc = extractDocument("\xe4\xb8\xad\xe6\x96\x87 \xd6\xd0 ok", u"a.txt"_s);
    QCOMPARE(doc.text, u"中文  ok"_s);
    QCOMPARE(doc.warnings, QStringList{u"2 invalid UTF-8 bytes dropped"_s});
    // Valid GB18030, all in GB2312 pairs, but no Chinese (GB2312's pinyin row): no evidence.
    const QByteArray pinyin = QStringEncoder("GB18030").encode(u"Tones: āáǎàōóǒò ēéěè"_s);
    doc = extractDocument(pinyin, u"a.txt"_s);
    QCOMPARE(doc.text, u"Tones:  "_s);
    QCOMPARE(doc.warnings, QStringList{u"24 invalid UTF-8 bytes dropped"_s});
}

void TestTextDocument::textInCp1252StaysUtf8_data()
{
    // Undeclared Latin text in cp1252 is valid GB18030 too, each accent taking the letter
    // after it as its trail byte ("Die Gr鲞e der M鋜kte"); the judge read it as UTF-8 with
    // the accents dropped, and so must we.
    QTest::addColumn<QString>("fileName");
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("text");
    const QByteArray german = inCp1252(u"Die Größe der Märkte für Bücher wächst: Verlage "
                                       u"prüfen Übersetzungen, Händler wählen Grüße für "
                                       u"Käufer, und Bibliotheken öffnen später.\n"_s);
    const QString germanDropped = u"Die Gre der Mrkte fr Bcher wchst: Verlage prfen "
                                  u"bersetzungen, Hndler whlen Gre fr Kufer, und "
                                  u"Bibliotheken ffnen spter.\n"_s;
    const QByteArray french = inCp1252(u"Le système éducatif: chaque élève étudie la "
                                       u"géographie, la théorie et les règles; après les "
                                       u"fêtes, les élèves répètent leurs leçons près du "
                                       u"collège.\n"_s);
    const QString frenchDropped = u"Le systme ducatif: chaque lve tudie la gographie, la "
                                  u"thorie et les rgles; aprs les ftes, les lves rptent "
                                  u"leurs leons prs du collge.\n"_s;
    for (const QString &fileName : {u"idx-1.md"_s, u"idx-1.txt"_s}) {
        QTest::addRow("German %s", qPrintable(fileName)) << fileName << german << germanDropped;
        QTest::addRow("French %s", qPrintable(fileName)) << fileName << french << frenchDropped;
    }
}

void TestTextDocument::textInCp1252StaysUtf8()
{
    QFETCH(QString, fileName);
    QFETCH(QByteArray, bytes);
    QFETCH(QString, text);
    const DecodedText reference = decodeUtf8DroppingInvalid(bytes);
    QCOMPARE(reference.text, text);
    const ExtractedDocument doc = extractDocument(bytes, fileName);
    QCOMPARE(doc.text, text);
    QCOMPARE(doc.warnings, QStringList{droppedBytesWarning(reference.droppedBytes)});
    QCOMPARE_GE(reference.droppedBytes, 16); // enough for GB18030 detection to be considered
}

void TestTextDocument::realMarkdown_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("phrase");
    QTest::newRow("idx-2") << u"idx-2.md"_s
                           << u"# Social Protection in South Asia: Failures and Exclusion of the "
                              u"Ultra-Poor"_s;
    QTest::newRow("idx-16") << u"idx-16.md"_s
                            << u"# Machine Learning-Based Materials Inverse Design: Methods and "
                               u"Databases"_s;
    QTest::newRow("idx-55") << u"idx-55.md"_s
                            << u"# 社会保障体系下对文化与创意产业从业者的支持政策概览"_s;
}

void TestTextDocument::realMarkdown()
{
    QFETCH(QString, name);
    QFETCH(QString, phrase);
    // RUBRICATE_REQUIRE_SHARED takes a literal; the same check for a data-driven name.
    const QString relative = u"drb2/samples/report/passage/"_s + name;
    const QString path = RubricateTest::sharedDataPath(relative);
    if (!QFileInfo::exists(path)) {
        const QByteArray message = "shared benchmark data not found: " + path.toUtf8();
        if (RubricateTest::underCi())
            QFAIL(message.constData());
        QSKIP(message.constData());
    }
    const QByteArray bytes = readFile(path);
    const ExtractedDocument doc = extractDocument(bytes, name);
    QCOMPARE(doc.format, ReportFormat::Markdown);
    QVERIFY(doc.hasText);
    QVERIFY(doc.warnings.isEmpty());
    QCOMPARE(doc.text, QString::fromUtf8(bytes)); // the judge read the Markdown source
    QVERIFY(doc.text.contains(phrase));
}

QTEST_MAIN(TestTextDocument)
#include "tst_textdocument.moc"
