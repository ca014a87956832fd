// HTML reports turned into readable Markdown: invisible content, remote resources never
// loaded, charsets, tables, hostile nesting, the real DRB-II HTML sample.
#include "ingest/document/extracteddocument.h"
#include "ingest/document/htmltext.h"
#include "ingest/document/textdecoding.h"

#include "shareddata.h"
#include "testfiles.h"

#include <QRegularExpression>
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

class TestHtmlDocument : public QObject
{
    Q_OBJECT

private slots:
    void htmlBecomesReadableMarkdown();
    void htmlDropsInvisibleContent();
    void htmlRemoteResourcesCountedNeverShown();
    void htmlEntitiesDecodedAndCharsetIgnored();
    void htmlInvalidUtf8Dropped();
    void htmlTitlesFromMetadata();
    void htmlDeclaredCharsetUsedWhenNotUtf8_data();
    void htmlDeclaredCharsetUsedWhenNotUtf8();
    void htmlDeclaredCharsetNeedsBytesMostlyNotUtf8_data();
    void htmlDeclaredCharsetNeedsBytesMostlyNotUtf8();
    void htmlUtf16WithByteOrderMark();
    void htmlTextAfterInvisibleBlocks_data();
    void htmlTextAfterInvisibleBlocks();
    void htmlSvgLeftAtHtmlElement();
    void htmlTableSpans();
    void htmlDeepNestingDoesNotCrash();
    void htmlWithTooManyElementsIsRefusedUnparsed();
    void htmlWithoutText();
    void realHtml();
};

void TestHtmlDocument::htmlBecomesReadableMarkdown()
{
    const QByteArray html = R"(<!DOCTYPE html>
<html><head><title>Hidden title</title></head>
<body>
<h1>Main   Title</h1>
<p>First   paragraph
   with <b>bold</b> and <a href="https://example.com/page">a link</a>.</p>
<p>Line one<br>Line two</p>
<ul>
  <li>Apple</li>
  <li>Banana
    <ul><li>Cavendish</li></ul>
  </li>
</ul>
<ol start="3"><li>Third</li><li><p>Fourth</p></li></ol>
<blockquote><p>Quoted words</p></blockquote>
<pre>  code  line
    indented</pre>
<h2>Numbers &amp; Symbols</h2>
<table>
  <thead><tr><th>Name</th><th>Value</th></tr></thead>
  <tbody>
  <tr><td>A &lt;b&gt;</td><td>1 | 2</td></tr>
  <tr><td><p>two</p><p>paragraphs</p></td><td>wrapped
      text</td></tr>
  </tbody>
</table>
<div>Caf&eacute;&nbsp;&#x4E2D;&#25991;</div><div><span>inline</span> <span>spans</span></div>
</body></html>)";
    const ExtractedDocument doc = extractDocument(html, u"r.html"_s);
    QCOMPARE(doc.format, ReportFormat::Html);
    QVERIFY(!doc.corrupt);
    QVERIFY(doc.hasText);
    QVERIFY2(doc.warnings.isEmpty(), qPrintable(doc.warnings.join(u"; "_s)));
    const QString expected = u"# Main Title\n"
                             u"\n"
                             u"First paragraph with bold and a link.\n"
                             u"\n"
                             u"Line one\n"
                             u"Line two\n"
                             u"\n"
                             u"- Apple\n"
                             u"- Banana\n"
                             u"  - Cavendish\n"
                             u"\n"
                             u"3. Third\n"
                             u"4. Fourth\n"
                             u"\n"
                             u"> Quoted words\n"
                             u"\n"
                             u"  code  line\n"
                             u"    indented\n"
                             u"\n"
                             u"## Numbers & Symbols\n"
                             u"\n"
                             u"| Name | Value |\n"
                             u"| --- | --- |\n"
                             u"| A <b> | 1 \\| 2 |\n"
                             u"| two paragraphs | wrapped text |\n"
                             u"\n"
                             u"Café\u00A0中文\n"
                             u"inline spans"_s;
    QCOMPARE(doc.text, expected);
}

void TestHtmlDocument::htmlDropsInvisibleContent()
{
    const QByteArray html = R"(<html><head><title>Title text</title>
<style>body { color: red; } .x::after { content: "style text"; }</style>
<script>var a = "script text in head";</script></head>
<body><p>Visible one</p>
<script type="text/javascript">document.write("script text in body");</script>
<noscript>noscript text</noscript>
<template><p>template text</p></template>
<svg width="10" height="10"><title>svg title</title><text>svg text</text></svg>
<!-- comment text -->
<p>Visible two</p></body></html>)";
    const ExtractedDocument doc = extractDocument(html, u"r.htm"_s);
    QCOMPARE(doc.text, u"Visible one\n\nVisible two"_s);
    QVERIFY(doc.hasText);
}

void TestHtmlDocument::htmlRemoteResourcesCountedNeverShown()
{
    const QByteArray html = R"(<html><head>
<link rel="stylesheet" href="https://cdn.example.org/site.css">
<link rel="canonical" href="https://canonical.example.org/page">
<script src="//scripts.example.org/app.js"></script>
</head><body>
<p>Before <img src="http://images.example.org/chart.png" alt="alt words"> after.</p>
<img src="data:image/png;base64,iVBORw0KGgo=">
<img src="local/figure.png">
<iframe src="https://frames.example.org/embed">iframe fallback</iframe>
<p><a href="https://link.example.org/source">Source name</a></p>
</body></html>)";
    const ExtractedDocument doc = extractDocument(html, u"r.html"_s);
    QCOMPARE(doc.text, u"Before after.\n\nSource name"_s);
    QCOMPARE(doc.warnings, QStringList{u"4 remote resources not loaded"_s});
    QVERIFY(!doc.text.contains(u"example.org"_s));
    QVERIFY(!doc.text.contains(u"http"_s));
    QVERIFY(!doc.text.contains(u"alt words"_s));
}

void TestHtmlDocument::htmlEntitiesDecodedAndCharsetIgnored()
{
    // The page claims Latin-1 but, like every report the evaluator read, is taken as UTF-8.
    const QByteArray html = "<html><head><meta charset=\"iso-8859-1\"></head><body>"
                            "<p>caf\xc3\xa9 &amp; &lt;tag&gt; &quot;q&quot; &#169; &euro; "
                            "&#x1F600;</p></body></html>";
    const ExtractedDocument doc = extractDocument(html, u"r.html"_s);
    QCOMPARE(doc.text, u"café & <tag> \"q\" © € 😀"_s);
}

void TestHtmlDocument::htmlInvalidUtf8Dropped()
{
    const ExtractedDocument doc = extractDocument("<p>bro\xffken \xe4\xb8text</p>", u"r.html"_s);
    QCOMPARE(doc.text, u"broken text"_s);
    QCOMPARE(doc.warnings, QStringList{u"3 invalid UTF-8 bytes dropped"_s});
}

// The titles the ReportBench pages method reads: the first of each, entities decoded, white
// space simplified; an SVG's <title> is a tooltip, and a <meta> misplaced in the body counts.
void TestHtmlDocument::htmlTitlesFromMetadata()
{
    const HtmlTitles t
        = htmlTitles("<html><head><title>\n  Graphs &amp; Networks | Publisher </title>"
                     "<meta property=\"OG:Title\" content=\"Graphs &amp; Networks\">"
                     "<meta name=\"citation_title\" content=\"Graphs &amp; Networks:\n A Review\">"
                     "<meta name=\"citation_title\" content=\"A second one\"></head>"
                     "<body><svg><title>tooltip</title></svg></body></html>");
    QCOMPARE(t.citationTitle, u"Graphs & Networks: A Review"_s);
    QCOMPARE(t.ogTitle, u"Graphs & Networks"_s);
    QCOMPARE(t.title, u"Graphs & Networks | Publisher"_s);

    const HtmlTitles svgOnly = htmlTitles(
        "<body><svg><title>tooltip</title></svg><meta name=\"citation_title\" content=\"Late\">"
        "</body>");
    QVERIFY(svgOnly.title.isEmpty());
    QCOMPARE(svgOnly.citationTitle, u"Late"_s);
    QVERIFY(htmlTitles(QByteArray()).title.isEmpty());
}

void TestHtmlDocument::htmlDeclaredCharsetUsedWhenNotUtf8_data()
{
    QTest::addColumn<QByteArray>("meta");
    QTest::addColumn<QByteArray>("encoding");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("warning");
    const QString chinese = u"土地财政模式转型"_s;
    QTest::newRow("meta charset gbk")
        << QByteArray("<meta charset=\"gbk\">") << QByteArray("GB18030") << chinese
        << u"decoded as GB18030 (gbk declared in <meta charset>)"_s;
    QTest::newRow("http-equiv gb2312")
        << QByteArray("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=GB2312\">")
        << QByteArray("GB18030") << chinese
        << u"decoded as GB18030 (GB2312 declared in <meta http-equiv>)"_s;
    QTest::newRow("meta charset gb18030")
        << QByteArray("<meta charset='GB18030'>") << QByteArray("GB18030") << chinese
        << u"decoded as GB18030 (declared in <meta charset>)"_s;
    QTest::newRow("big5") << QByteArray("<meta charset=big5>") << QByteArray("Big5")
                          << u"土地財政"_s << u"decoded as Big5 (declared in <meta charset>)"_s;
    QTest::newRow("shift_jis") << QByteArray("<META CHARSET=\"shift_jis\">")
                               << QByteArray("Shift_JIS") << u"日本語の報告書"_s
                               << u"decoded as Shift_JIS (declared in <meta charset>)"_s;
}

void TestHtmlDocument::htmlDeclaredCharsetUsedWhenNotUtf8()
{
    QFETCH(QByteArray, meta);
    QFETCH(QByteArray, encoding);
    QFETCH(QString, text);
    QFETCH(QString, warning);
    const QString html = u"<html><head>"_s + QString::fromLatin1(meta)
        + u"<title>t</title></head><body><p>"_s + text + u"</p><p>second</p></body></html>"_s;
    QStringEncoder encoder(encoding.constData());
    QVERIFY(encoder.isValid());
    const ExtractedDocument doc = extractDocument(encoder.encode(html), u"r.html"_s);
    QCOMPARE(doc.text, text + u"\n\nsecond"_s);
    QCOMPARE(doc.warnings, QStringList{warning});
}

void TestHtmlDocument::htmlDeclaredCharsetNeedsBytesMostlyNotUtf8_data()
{
    QTest::addColumn<QByteArray>("body");
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("warning");
    const QString latin1Declared
        = u"decoded as windows-1252 (iso-8859-1 declared in <meta charset>)"_s;
    // The judge read these bytes as UTF-8; the stale declaration would make "RÃ©sumÃ©".
    QTest::newRow("UTF-8 with one stray byte")
        << QByteArray("R\xc3\xa9sum\xc3\xa9 du caf\xc3\xa9 \xe2\x80\x93 pr\xc3\xa8s "
                      "d'ici\xff")
        << u"Résumé du café – près d'ici"_s << u"1 invalid UTF-8 byte dropped"_s;
    const QString french = u"À côté de l'église, où l'on déjeune à midi, "
                           u"les élèves répètent: «déjà vu» — naïveté, cœur, Noël, 20 €."_s;
    QTest::newRow("Latin-1 throughout") << inCp1252(french) << french << latin1Declared;
    // Mixed: a Latin-1 page that also holds two UTF-8 characters (pasted from elsewhere).
    // Most of its non-ASCII bytes are not UTF-8, so the declaration decides for all of them.
    QTest::newRow("mostly Latin-1, some UTF-8")
        << (inCp1252(french) + " \xe2\x84\xa2 \xc3\xa9") << french + u" â„¢ Ã©"_s << latin1Declared;
    // Mixed the other way: a UTF-8 page with one pasted Latin-1 word stays UTF-8.
    QTest::newRow("mostly UTF-8, a Latin-1 word")
        << QByteArray("\xc3\x80 c\xc3\xb4t\xc3\xa9 de l'\xc3\xa9glise, caf\xe9")
        << u"À côté de l'église, caf"_s << u"1 invalid UTF-8 byte dropped"_s;
}

void TestHtmlDocument::htmlDeclaredCharsetNeedsBytesMostlyNotUtf8()
{
    QFETCH(QByteArray, body);
    QFETCH(QString, text);
    QFETCH(QString, warning);
    const QByteArray html
        = "<html><head><meta charset=\"iso-8859-1\"></head><body><p>" + body + "</p></body></html>";
    const ExtractedDocument doc = extractDocument(html, u"r.html"_s);
    QCOMPARE(doc.text, text);
    QCOMPARE(doc.warnings, QStringList{warning});
}

void TestHtmlDocument::htmlUtf16WithByteOrderMark()
{
    QStringEncoder encoder(QStringConverter::Utf16LE, QStringConverter::Flag::WriteBom);
    const QByteArray bytes
        = encoder.encode(u"<html><body><h1>标题</h1><p>first</p><p>second</p></body></html>"_s);
    const ExtractedDocument doc = extractDocument(bytes, u"r.html"_s);
    QCOMPARE(doc.text, u"# 标题\n\nfirst\n\nsecond"_s);
    QCOMPARE(doc.warnings, QStringList{u"decoded as UTF-16LE (byte order mark)"_s});
}

void TestHtmlDocument::htmlTextAfterInvisibleBlocks_data()
{
    // Every block between two paragraphs: the second one must survive.
    QTest::addColumn<QByteArray>("block");
    QTest::addColumn<QString>("inside"); // the text when the block sits inside a paragraph
    const QString kept = u"Before after.\n\nNext."_s;
    QTest::newRow("script") << QByteArray("<script>var a = 1 < 2;</script>") << kept;
    QTest::newRow("script with end tags in strings")
        << QByteArray("<script>el.innerHTML = \"</div></p><p>not text\";</script>") << kept;
    QTest::newRow("self-closed script") << QByteArray("<script src=\"a.js\"/>") << kept;
    QTest::newRow("module script with a template literal")
        << QByteArray("<script type=\"module\">const t = `<p>${x}</p>`;</script>") << kept;
    QTest::newRow("style") << QByteArray("<style>p::after { content: \"</p>\"; }</style>") << kept;
    QTest::newRow("iframe") << QByteArray("<iframe src=\"https://e.org/x\"></iframe>") << kept;
    QTest::newRow("self-closed iframe") << QByteArray("<iframe src=\"https://e.org/x\"/>") << kept;
    QTest::newRow("svg") << QByteArray("<svg viewBox=\"0 0 1 1\"><path d=\"M0 0\"/></svg>") << kept;
    QTest::newRow("self-closed svg") << QByteArray("<svg/>") << kept;
    QTest::newRow("svg with an unclosed path")
        << QByteArray("<svg viewBox=\"0 0 1 1\"><path d=\"M0 0\"><circle r=\"1\"></svg>") << kept;
    QTest::newRow("svg never closed")
        << QByteArray("<svg viewBox=\"0 0 1 1\"><g><path d=\"M0 0\">")
        // Browsers too: " after." is SVG content, </p> leaves the drawing.
        << u"Before\n\nNext."_s;
    QTest::newRow("svg with a title and text")
        << QByteArray("<svg><title>icon</title><text>label</text></svg>") << kept;
    QTest::newRow("noscript") << QByteArray("<noscript><p>enable JavaScript</p></noscript>")
                              << kept;
    QTest::newRow("template") << QByteArray("<template><p>row</p></template>") << kept;
    QTest::newRow("object") << QByteArray("<object data=\"chart.svg\"><param name=\"a\"></object>")
                            << kept;
}

void TestHtmlDocument::htmlTextAfterInvisibleBlocks()
{
    QFETCH(QByteArray, block);
    QFETCH(QString, inside);
    const ExtractedDocument doc = extractDocument("<html><body><p>First paragraph.</p>" + block
                                                      + "<p>Second paragraph.</p></body></html>",
                                                  u"r.html"_s);
    QCOMPARE(doc.text, u"First paragraph.\n\nSecond paragraph."_s);

    // The same inside a paragraph.
    const ExtractedDocument inline_
        = extractDocument("<p>Before " + block + " after.</p><p>Next.</p>", u"r.html"_s);
    QCOMPARE(inline_.text, inside);
}

void TestHtmlDocument::htmlSvgLeftAtHtmlElement()
{
    // An icon whose <path> lacks "/>" and whose </svg> is missing: libxml2 nests the rest of
    // the page in the drawing, browsers leave it at the <p> and show everything after.
    const ExtractedDocument doc
        = extractDocument("<p>One</p><svg width=\"9\"><path d=\"M0 0\"><p>Two</p> <b>tail</b> words"
                          "<h2>Heading</h2><ul><li>item</li></ul>",
                          u"r.html"_s);
    QCOMPARE(doc.text, u"One\n\nTwo\n\ntail words\n\n## Heading\n\n- item"_s);
}

void TestHtmlDocument::htmlTableSpans()
{
    const QByteArray html = R"(<table>
<caption>Table 1: spans</caption>
<tr><th>A</th><th>B</th><th>C</th></tr>
<tr><td rowspan="2">tall</td><td colspan="2">wide</td></tr>
<tr><td>b3</td><td>c3</td></tr>
<tr><td>a4</td></tr>
</table>
<table><tr><td><p>Layout table: just prose.</p></td></tr></table>)";
    const ExtractedDocument doc = extractDocument(html, u"r.html"_s);
    QCOMPARE(doc.text,
             u"Table 1: spans\n"
             u"| A | B | C |\n"
             u"| --- | --- | --- |\n"
             u"| tall | wide |  |\n"
             u"|  | b3 | c3 |\n"
             u"| a4 |  |  |\n"
             u"\n"
             u"Layout table: just prose."_s);
}

// 600,000 tiny elements (4 MB) would take some 200 MB as libxml2's tree; 200 MB of them, 9 GB.
// The page is refused before it is parsed, saying why; one just under the limit is read.
void TestHtmlDocument::htmlWithTooManyElementsIsRefusedUnparsed()
{
    const QByteArray tooMany = "<p>" + QByteArray("<b>x</b>").repeated(600000) + "</p>";
    const ExtractedDocument refused = extractDocument(tooMany, u"r.html"_s);
    QVERIFY(refused.corrupt);
    QVERIFY2(refused.error.contains(u"more than 500,000 elements"_s), qPrintable(refused.error));
    QVERIFY(!refused.hasText);

    // Closing tags, comments and a '<' in text are no elements.
    const QByteArray within
        = "<p>" + QByteArray("<b>x</b><!-- c --> 1 < 2 ").repeated(1000) + "</p>";
    const ExtractedDocument read = extractDocument(within, u"r.html"_s);
    QVERIFY2(read.error.isEmpty(), qPrintable(read.error));
    QVERIFY(read.text.startsWith(u"**x**"_s) || read.text.startsWith(u"x"_s));
}

void TestHtmlDocument::htmlDeepNestingDoesNotCrash()
{
    // Deeper than libxml2's default limit (256), which would silently drop the rest.
    QByteArray html = "<p>top</p>" + QByteArray("<div>").repeated(300) + "three hundred"
        + QByteArray("</div>").repeated(300) + "<p>after</p>";
    ExtractedDocument doc = extractDocument(html, u"r.html"_s);
    QCOMPARE(doc.text, u"top\n\nthree hundred\n\nafter"_s);
    QVERIFY(doc.warnings.isEmpty());

    // Hostile depth: skipped with a warning, the rest of the page is still read.
    html = "<p>top</p>" + QByteArray("<div><span>").repeated(20000) + "deep"
        + QByteArray("</span></div>").repeated(20000) + "<p>after</p>";
    doc = extractDocument(html, u"r.html"_s);
    QVERIFY(!doc.corrupt);
    QCOMPARE(doc.text, u"top\n\nafter"_s);
    QCOMPARE(doc.warnings,
             QStringList{u"HTML nested more than 400 levels deep; deeper content skipped"_s});

    // Nested layout tables: each cell is rendered once, not once per enclosing level (which
    // would be 2^80 renderings: the test would never finish and CTest's timeout fails it).
    html = QByteArray("<table><tr><td>").repeated(80) + "innermost"
        + QByteArray("</td></tr></table>").repeated(80);
    doc = extractDocument(html, u"r.html"_s);
    QCOMPARE(doc.text, u"innermost"_s);
}

void TestHtmlDocument::htmlWithoutText()
{
    const ExtractedDocument doc = extractDocument(
        "<html><head><script>x()</script></head><body> <!-- c --> </body></html>", u"r.html"_s);
    QVERIFY(!doc.hasText);
    QVERIFY(!doc.corrupt);
    QVERIFY(doc.text.trimmed().isEmpty());
    QCOMPARE(doc.warnings, QStringList{u"no text"_s});
}

void TestHtmlDocument::realHtml()
{
    RUBRICATE_REQUIRE_SHARED(path, "drb2/samples/report/passage/idx-40.html");
    const ExtractedDocument doc = extractDocument(readFile(path), u"idx-40.html"_s);
    QCOMPARE(doc.format, ReportFormat::Html);
    QVERIFY(!doc.corrupt);
    QVERIFY(doc.hasText);
    // Three favicon <img>s from google.com.
    QCOMPARE(doc.warnings, QStringList{u"3 remote resources not loaded"_s});

    QVERIFY(doc.text.contains(u"\n# Key Insights on Secure Wi-Fi Sensing Technology\n"_s));
    QVERIFY(doc.text.contains(u"\n## Attack and Defense Overview\n"_s));
    QVERIFY(doc.text.contains(u"\n- Research suggests Wi-Fi sensing, which leverages Channel "
                              u"State Information (CSI)"_s));
    QVERIFY(doc.text.contains(u"| Attack Method Name | Attack Type | Attack Objective | Sensing "
                              u"Scenarios Applied | Possible Defense Strategies |\n"
                              u"| --- | --- | --- | --- | --- |\n| WiIntruder | Active"_s));
    QVERIFY(doc.text.contains(u"| Defense Method Name | Defense Type |"_s));
    // Citation pills are separated from the sentence they follow.
    QVERIFY(doc.text.contains(u"position fingerprints in DAFI) arxiv.org"_s));

    static const QRegularExpression tag(u"<[a-zA-Z/!][^>]*>"_s);
    const QRegularExpressionMatch leftover = tag.match(doc.text);
    QVERIFY2(!leftover.hasMatch(), qPrintable(leftover.captured()));
    for (const QString &markup :
         {u"class="_s, u"stroke-linecap"_s, u"viewBox"_s, u"&amp;"_s, u"favicons"_s, u"\n\n\n"_s})
        QVERIFY2(!doc.text.contains(markup), qPrintable(markup));
}

QTEST_MAIN(TestHtmlDocument)
#include "tst_htmldocument.moc"
