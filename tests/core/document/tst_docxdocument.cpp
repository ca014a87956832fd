// Word reports turned into Markdown: packages built at test time, broken zips and XML,
// external entities never read, the real DRB-II .docx sample.
#include "ingest/document/extracteddocument.h"

#include "docxbuilder.h"
#include "shareddata.h"
#include "testfiles.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>
#include <QUrl>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

class TestDocxDocument : public QObject
{
    Q_OBJECT

private slots:
    void docxBuiltAtTestTime();
    void docxImagesWarned();
    void docxBlipsCountedWithoutMedia();
    void docxMergedCellsRepeatLikePythonDocx();
    void docxMainPartFromRelationships();
    void docxNotAZip();
    void docxZipWithoutDocumentXml();
    void docxBrokenXmlKeepsTextBeforeTheError();
    void docxNotWordprocessingMl();
    void docxExternalEntitiesNeverRead();
    void realDocx();
    void realDocxTruncated();
};

void TestDocxDocument::docxBuiltAtTestTime()
{
    const QByteArray body = paragraph("Report Title", "<w:pStyle w:val=\"Title\"/>")
        + paragraph("Findings", "<w:pStyle w:val=\"Heading1\"/>")
        // A paragraph with a tab and a line break; surrounding blanks are stripped.
        + "<w:p><w:r><w:t xml:space=\"preserve\">  Before</w:t></w:r>"
          "<w:r><w:tab/><w:t>after tab</w:t><w:br/><w:t xml:space=\"preserve\">next line "
          "</w:t></w:r></w:p>"
        + "<w:p/>" + paragraph("   ") // empty paragraphs are dropped
        + paragraph("First item", "<w:numPr><w:ilvl w:val=\"0\"/><w:numId w:val=\"1\"/></w:numPr>")
        + paragraph("Nested item", "<w:numPr><w:ilvl w:val=\"1\"/><w:numId w:val=\"1\"/></w:numPr>")
        + paragraph("Bullet from style", "<w:pStyle w:val=\"ListBullet\"/>")
        + paragraph("Style list switched off",
                    "<w:pStyle w:val=\"ListBullet\"/><w:numPr><w:numId w:val=\"0\"/></w:numPr>")
        // A 2x2 table; the second row's cells hold two paragraphs and a line break.
        + "<w:tbl><w:tblPr/><w:tblGrid><w:gridCol/><w:gridCol/></w:tblGrid>"
          "<w:tr><w:tc><w:p><w:r><w:t>H1</w:t></w:r></w:p></w:tc>"
          "<w:tc><w:p><w:r><w:t>H2</w:t></w:r></w:p></w:tc></w:tr>"
          "<w:tr><w:tc><w:p><w:r><w:t>a</w:t></w:r></w:p><w:p><w:r><w:t>b</w:t></w:r></w:p>"
          "</w:tc><w:tc><w:p><w:r><w:t>c</w:t><w:br/><w:t>d|e</w:t></w:r></w:p></w:tc></w:tr>"
          "</w:tbl>"
        // A Chinese Word's heading: the style id is a number, styles.xml names it.
        + paragraph("Localised heading", "<w:pStyle w:val=\"2\"/>")
        // Revisions, hyperlinks, page breaks, text boxes and compatibility fallbacks.
        + "<w:p><w:r><w:t>Kept</w:t></w:r><w:del><w:r><w:delText>deleted</w:delText></w:r>"
          "</w:del><w:ins><w:r><w:t xml:space=\"preserve\"> inserted</w:t></w:r></w:ins>"
          "<w:hyperlink r:id=\"rId9\"><w:r><w:t xml:space=\"preserve\"> linked</w:t></w:r>"
          "</w:hyperlink><w:r><w:br w:type=\"page\"/><w:t xml:space=\"preserve\"> end</w:t>"
          "</w:r><w:r><w:pict><v:shape><v:textbox><w:txbxContent><w:p><w:r><w:t>boxed</w:t>"
          "</w:r></w:p></w:txbxContent></v:textbox></v:shape></w:pict></w:r></w:p>"
        + "<w:p><w:r><mc:AlternateContent><mc:Choice Requires=\"w14\"><w:t>Choice</w:t>"
          "</mc:Choice><mc:Fallback><w:t>Fallback</w:t></mc:Fallback></mc:AlternateContent>"
          "</w:r></w:p>"
        // Content controls hold blocks too.
        + "<w:sdt><w:sdtPr/><w:sdtContent>" + paragraph("In a content control")
        + "</w:sdtContent></w:sdt>";
    const QByteArray styles = "<?xml version=\"1.0\"?><w:styles xmlns:w=\"" + QByteArray(WordNs)
        + "\"><w:style w:type=\"paragraph\" w:styleId=\"2\"><w:name w:val=\"heading 2\"/>"
          "</w:style><w:style w:type=\"paragraph\" w:styleId=\"ListBullet\">"
          "<w:name w:val=\"List Bullet\"/><w:pPr><w:numPr><w:numId w:val=\"7\"/></w:numPr>"
          "</w:pPr></w:style></w:styles>";

    const ExtractedDocument doc = extractDocument(
        makeDocx(wordDocument(body), {{u"word/styles.xml"_s, styles}}), u"idx-3.docx"_s);
    QCOMPARE(doc.format, ReportFormat::Docx);
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QVERIFY(doc.hasText);
    QVERIFY2(doc.warnings.isEmpty(), qPrintable(doc.warnings.join(u"; "_s)));
    const QString expected = u"# Report Title\n"
                             u"\n"
                             u"# Findings\n"
                             u"\n"
                             u"Before\tafter tab\nnext line\n"
                             u"\n"
                             u"- First item\n"
                             u"\n"
                             u"  - Nested item\n"
                             u"\n"
                             u"- Bullet from style\n"
                             u"\n"
                             u"Style list switched off\n"
                             u"\n"
                             u"| H1 | H2 |\n"
                             u"| --- | --- |\n"
                             u"| a b | c d\\|e |\n"
                             u"\n"
                             u"## Localised heading\n"
                             u"\n"
                             u"Kept inserted linked end\n"
                             u"\n"
                             u"Choice\n"
                             u"\n"
                             u"In a content control"_s;
    QCOMPARE(doc.text, expected);
}

void TestDocxDocument::docxImagesWarned()
{
    const QByteArray docx = makeDocx(wordDocument(paragraph("Text with figures")),
                                     {{u"word/media/image1.png"_s, "\x89PNG fake"},
                                      {u"word/media/image2.jpeg"_s, "\xff\xd8 fake"}});
    const ExtractedDocument doc = extractDocument(docx, u"a.docx"_s);
    QCOMPARE(doc.text, u"Text with figures"_s);
    QCOMPARE(doc.warnings, QStringList{u"2 embedded images not extracted as text"_s});
}

void TestDocxDocument::docxBlipsCountedWithoutMedia()
{
    const QByteArray body = "<w:p><w:r><w:t>Figure:</w:t></w:r><w:r><w:drawing><a:graphic>"
                            "<a:graphicData><a:blip r:embed=\"rId5\"/></a:graphicData>"
                            "</a:graphic></w:drawing></w:r></w:p>";
    const ExtractedDocument doc = extractDocument(makeDocx(wordDocument(body)), u"a.docx"_s);
    QCOMPARE(doc.text, u"Figure:"_s);
    QCOMPARE(doc.warnings, QStringList{u"1 embedded image not extracted as text"_s});
}

void TestDocxDocument::docxMergedCellsRepeatLikePythonDocx()
{
    const auto cell = [](const QByteArray &text, const QByteArray &properties = {}) -> QByteArray {
        return "<w:tc>"
            + (properties.isEmpty() ? QByteArray() : "<w:tcPr>" + properties + "</w:tcPr>")
            + "<w:p><w:r><w:t>" + text + "</w:t></w:r></w:p></w:tc>";
    };
    const QByteArray body = "<w:tbl><w:tr>" + cell("Wide", "<w:gridSpan w:val=\"2\"/>") + cell("C")
        + "</w:tr>" + "<w:tr>" + cell("Tall", "<w:vMerge w:val=\"restart\"/>") + cell("b2")
        + cell("c2") + "</w:tr><w:tr>" + cell("", "<w:vMerge/>") + cell("b3") + cell("c3")
        + "</w:tr></w:tbl>";
    const ExtractedDocument doc = extractDocument(makeDocx(wordDocument(body)), u"a.docx"_s);
    QCOMPARE(doc.text,
             u"| Wide | Wide | C |\n"
             u"| --- | --- | --- |\n"
             u"| Tall | b2 | c2 |\n"
             u"| Tall | b3 | c3 |"_s);
}

void TestDocxDocument::docxMainPartFromRelationships()
{
    const QByteArray docx = makeZip({
        {u"[Content_Types].xml"_s, contentTypes()},
        {u"_rels/.rels"_s, packageRelationships("/word/document2.xml")},
        {u"word/document2.xml"_s, wordDocument(paragraph("From the second part"))},
    });
    const ExtractedDocument doc = extractDocument(docx, u"a.docx"_s);
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QCOMPARE(doc.text, u"From the second part"_s);
}

void TestDocxDocument::docxNotAZip()
{
    const ExtractedDocument doc
        = extractDocument("This is plain text saved with a .docx name.\n", u"idx-9.docx"_s);
    QCOMPARE(doc.format, ReportFormat::Docx);
    QVERIFY(doc.corrupt);
    QVERIFY(!doc.hasText);
    QVERIFY2(doc.error.startsWith(u"not a zip archive"_s), qPrintable(doc.error));
}

void TestDocxDocument::docxZipWithoutDocumentXml()
{
    const QByteArray zip = makeZip(
        {{u"readme.txt"_s, "not a word document"}, {u"word/styles.xml"_s, "<w:styles/>"}});
    const ExtractedDocument doc = extractDocument(zip, u"a.docx"_s);
    QVERIFY(doc.corrupt);
    QVERIFY(!doc.hasText);
    QCOMPARE(doc.error, u"not a Word document: the zip has no word/document.xml"_s);
}

void TestDocxDocument::docxBrokenXmlKeepsTextBeforeTheError()
{
    QByteArray xml = wordDocument(paragraph("Readable part") + paragraph("Second <oops"));
    const ExtractedDocument doc = extractDocument(makeDocx(xml), u"a.docx"_s);
    QVERIFY(doc.corrupt);
    QVERIFY2(doc.error.startsWith(u"word/document.xml is not well-formed XML (line"_s),
             qPrintable(doc.error));
    // The paragraph the error interrupted keeps what was read of it.
    QCOMPARE(doc.text, u"Readable part\n\nSecond"_s);
    QVERIFY(doc.hasText);
    QCOMPARE(doc.warnings, QStringList{u"only the text before the XML error was extracted"_s});

    const ExtractedDocument truncated
        = extractDocument(makeDocx(xml.left(xml.indexOf("Readable"))), u"b.docx"_s);
    QVERIFY(truncated.corrupt);
    QVERIFY(!truncated.hasText);
    QVERIFY(truncated.warnings.isEmpty());
}

void TestDocxDocument::docxNotWordprocessingMl()
{
    const ExtractedDocument doc
        = extractDocument(makeDocx("<html><body><p>not word</p></body></html>"), u"a.docx"_s);
    QVERIFY(doc.corrupt);
    QVERIFY(!doc.hasText);
    QCOMPARE(doc.error, u"word/document.xml is not a WordprocessingML document"_s);
}

void TestDocxDocument::docxExternalEntitiesNeverRead()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString secretPath = dir.filePath(u"secret.txt"_s);
    QFile secret(secretPath);
    QVERIFY(secret.open(QIODevice::WriteOnly));
    secret.write("TOP-SECRET-CONTENT");
    secret.close();

    QByteArray xml = wordDocument(paragraph("Before &local; &remote; after"));
    const QByteArray doctype = "<!DOCTYPE w:document [\n<!ENTITY local SYSTEM \"file://"
        + QUrl::fromLocalFile(secretPath).path().toUtf8()
        + "\">\n<!ENTITY remote SYSTEM \"http://127.0.0.1:9/x\">\n]>\n";
    xml.replace("<w:document ", QByteArray(doctype + "<w:document "));
    const ExtractedDocument doc = extractDocument(makeDocx(xml), u"a.docx"_s);
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QVERIFY(!doc.text.contains(u"TOP-SECRET"_s));
    QCOMPARE(doc.text, u"Before   after"_s);
    QCOMPARE(doc.warnings, QStringList{u"external entity references ignored"_s});
}

void TestDocxDocument::realDocx()
{
    RUBRICATE_REQUIRE_SHARED(path, "drb2/samples/report/passage/idx-62.docx");
    const ExtractedDocument doc = extractDocument(readFile(path), u"idx-62.docx"_s);
    QCOMPARE(doc.format, ReportFormat::Docx);
    QVERIFY2(!doc.corrupt, qPrintable(doc.error));
    QVERIFY(doc.hasText);
    QVERIFY2(doc.warnings.isEmpty(), qPrintable(doc.warnings.join(u"; "_s)));

    QVERIFY(doc.text.startsWith(u"# Characteristics of Included Clinical Trials\n\n"
                                u"| Study (First Author, Year) | Country | Design | Salt "
                                u"Substitute Composition | Control Salt Type | Baseline SBP "
                                u"(mmHg) | Baseline DBP (mmHg) | Follow-up Duration |\n"
                                u"| --- | --- | --- | --- | --- | --- | --- | --- |\n"
                                u"| CSSS Collaborative Group (2007)[1][2] | China (rural) |"_s));
    QVERIFY(doc.text.contains(u"\n\n## Blood Pressure and Mortality Findings\n\n"_s));
    QVERIFY(doc.text.contains(u"\n\n- Neal et al. (SSaSS, China, 2021) – New Engl J Med "
                              u"385:1067"_s));
    QVERIFY(
        doc.text.contains(u"salt substitutes reduced mean systolic BP by about 4.6\u00A0mmHg"_s));
    QVERIFY(!doc.text.contains(u"<w:"_s));
    QVERIFY(!doc.text.contains(u"\n\n\n"_s));
}

void TestDocxDocument::realDocxTruncated()
{
    RUBRICATE_REQUIRE_SHARED(path, "drb2/samples/report/passage/idx-62.docx");
    const QByteArray bytes = readFile(path);
    const ExtractedDocument doc = extractDocument(bytes.left(bytes.size() / 2), u"idx-62.docx"_s);
    QVERIFY(doc.corrupt);
    QVERIFY(!doc.error.isEmpty());
}

QTEST_MAIN(TestDocxDocument)
#include "tst_docxdocument.moc"
