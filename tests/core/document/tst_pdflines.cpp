// A PDF page's lines read as sentences, without PDFium: CJK lines joined where they only
// wrapped, Latin lines left alone, superscript citation numbers moved from their own lines into
// the sentence as "[n]", and every character traced back to the page text it came from.
#include "ingest/document/pdflines.h"

#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

// Lines of a page text, each with the box given (in order; missing boxes stay null).
QList<PdfLine> linesOf(const QString &pageText, const QList<QRectF> &boxes = {})
{
    QList<PdfLine> lines = splitPdfLines(pageText);
    for (qsizetype i = 0; i < lines.size() && i < boxes.size(); ++i)
        lines[i].box = boxes.at(i);
    return lines;
}

QString joined(const QString &pageText, const QList<QRectF> &boxes = {})
{
    return joinPdfLines(linesOf(pageText, boxes), {}).text;
}

// A line of body text at the page's left edge, 12 points high, `top` points down the page.
QRectF bodyLine(double top, double right = 530)
{
    return QRectF(QPointF(63, top), QPointF(right, top + 12));
}

// Every character of the result is a character of the page text, or a marker's bracket or
// separator traced to its numbers.
void verifySources(const PdfTextMap &map, const QString &pageText)
{
    QCOMPARE(map.sources.size(), map.text.size());
    for (qsizetype i = 0; i < map.text.size(); ++i) {
        const auto [begin, end] = map.sources.at(i);
        QVERIFY(begin >= 0 && end > begin && end <= pageText.size());
        const QChar c = map.text.at(i);
        if (end - begin == 1 && !u"[], "_s.contains(c))
            QCOMPARE(pageText.at(begin), c);
    }
}

} // namespace

class TestPdfLines : public QObject
{
    Q_OBJECT

private slots:
    void joinsOnlyWrappedCjkLines_data()
    {
        QTest::addColumn<QString>("page");
        QTest::addColumn<QString>("expected");
        QTest::newRow("wrapped Han") << u"更为精\n细的分类"_s << u"更为精细的分类"_s;
        QTest::newRow("after a comma") << u"地方政府，\n通过垄断"_s << u"地方政府，通过垄断"_s;
        QTest::newRow("before a number") << u"占比则从\n1993年的22%"_s << u"占比则从1993年的22%"_s;
        QTest::newRow("before a decimal") << u"收入为\n2.7万亿元"_s << u"收入为2.7万亿元"_s;
        QTest::newRow("Latin then Han") << u"设立LGFVs\n进行融资"_s << u"设立LGFVs进行融资"_s;
        QTest::newRow("kana") << u"日本語の\nテキスト"_s << u"日本語のテキスト"_s;
        QTest::newRow("Hangul") << u"한국어\n문장"_s << u"한국어문장"_s;
        QTest::newRow("extension B") << u"\U00020000\n\U00020001"_s << u"\U00020000\U00020001"_s;
        QTest::newRow("closing quote mid-sentence")
            << u"形成了“土地财政”\n模式"_s << u"形成了“土地财政”模式"_s;
        QTest::newRow("blanks where it wrapped") << u"正在递减 \n 。研究"_s << u"正在递减。研究"_s;
        QTest::newRow("marker before the full stop") << u"递减[8]\n。研究"_s << u"递减[8]。研究"_s;
        QTest::newRow("full stop") << u"必然选择。\n关键数据"_s << u"必然选择。\n关键数据"_s;
        QTest::newRow("question and quote") << u"为什么？”\n他说"_s << u"为什么？”\n他说"_s;
        QTest::newRow("colon") << u"如下：\n第一"_s << u"如下：\n第一"_s;
        QTest::newRow("full stop and marker") << u"结束。[3]\n下一句"_s << u"结束。[3]\n下一句"_s;
        QTest::newRow("numbered item") << u"包括\n1. 财政"_s << u"包括\n1. 财政"_s;
        QTest::newRow("enumerated item") << u"包括\n二、财政"_s << u"包括\n二、财政"_s;
        QTest::newRow("bracketed item") << u"包括\n（三）财政"_s << u"包括\n（三）财政"_s;
        QTest::newRow("bullet") << u"包括\n• 财政"_s << u"包括\n• 财政"_s;
        QTest::newRow("chapter") << u"总结\n第二章 展望"_s << u"总结\n第二章 展望"_s;
        QTest::newRow("blank line") << u"第一段\n\n第二段"_s << u"第一段\n\n第二段"_s;
        QTest::newRow("Latin") << u"a hard\nline break"_s << u"a hard\nline break"_s;
        QTest::newRow("Latin hyphen") << u"evidence-\nbased"_s << u"evidence-\nbased"_s;
        QTest::newRow("trailing blanks kept inside") << u"one \ntwo"_s << u"one \ntwo"_s;
        QTest::newRow("page end trimmed") << u"末尾 \n"_s << u"末尾"_s;
    }

    void joinsOnlyWrappedCjkLines()
    {
        QFETCH(QString, page);
        QFETCH(QString, expected);
        const PdfTextMap map = joinPdfLines(linesOf(page), {});
        QCOMPARE(map.text, expected);
        verifySources(map, page);
    }

    void geometryKeepsParagraphBreaks_data()
    {
        // Boxes of the page's last two lines; a paragraph of body text ends above them.
        QTest::addColumn<QList<QRectF>>("boxes");
        QTest::addColumn<bool>("joins");
        QTest::newRow("wrapped") << QList{bodyLine(100), bodyLine(116)} << true;
        QTest::newRow("wrapped early before a number")
            << QList{bodyLine(100, 510), bodyLine(116)} << true;
        QTest::newRow("short line") << QList{bodyLine(100, 400), bodyLine(116)} << false;
        QTest::newRow("gap") << QList{bodyLine(100), bodyLine(128)} << false;
        QTest::newRow("heading") << QList{QRectF(63, 100, 300, 17.4), bodyLine(121)} << false;
        QTest::newRow("indented") << QList{bodyLine(100), bodyLine(116).adjusted(24, 0, 0, 0)}
                                  << false;
        QTest::newRow("in an indented block")
            << QList{bodyLine(100).adjusted(30, 0, -6, 0), bodyLine(116).adjusted(30, 0, -6, 0)}
            << true;
        QTest::newRow("next column") << QList{bodyLine(700), bodyLine(100)} << false;
    }

    void geometryKeepsParagraphBreaks()
    {
        QFETCH(QList<QRectF>, boxes);
        QFETCH(bool, joins);
        // The same text each time; only where its lines sit changes.
        const QString page = u"上一段到此结束。\n中国的土地财政模式\n是指地方政府"_s;
        QCOMPARE(joined(page, QList{bodyLine(60)} + boxes),
                 joins ? u"上一段到此结束。\n中国的土地财政模式是指地方政府"_s : page);
    }

    void markerMovesIntoItsSentence()
    {
        // As PDFium reads a page whose superscripts were drawn last: a space where each one
        // sits, the numbers on lines of their own at the page's end.
        const QString page = u"一种特殊财政形态 。这一模式\n并非简单的财政收入 。\n1 2\n13"_s;
        QList<PdfLine> lines = linesOf(page, {bodyLine(248), bodyLine(264, 300)});
        lines[2].box = QRectF(366, 247.4, 5.6, 3.4);
        lines[2].numberBoxes = {QRectF(366, 247.4, 1.5, 3.4), QRectF(369.4, 247.4, 2.2, 3.4)};
        lines[3].box = QRectF(240, 263, 4.3, 3.5);
        lines[3].numberBoxes = {lines[3].box};

        QList<PdfCitationMarker> markers = findPdfCitationMarkers(lines);
        QCOMPARE(markers.size(), 2);
        QCOMPARE(markers.at(0).line, 2);
        QCOMPARE(markers.at(0).count, 2); // "1 2", drawn close together, is one marker
        QCOMPARE(markers.at(0).target, 0);
        QCOMPARE(markers.at(1).target, 1);
        markers[0].column = 9; // after the space PDFium left
        markers[1].column = 9; // before it

        const PdfTextMap map = joinPdfLines(lines, markers);
        QCOMPARE(map.text, u"一种特殊财政形态[1, 2]。这一模式并非简单的财政收入[13]。"_s);
        verifySources(map, page);
        // A quote of the marker is marked on the numbers' glyphs, where the reader sees it.
        const qsizetype bracket = map.text.indexOf(u'[');
        QCOMPARE(map.sources.at(bracket),
                 std::pair(int(page.indexOf(u"1 2"_s)), int(page.indexOf(u"1 2"_s)) + 3));
    }

    void numbersApartAreTwoMarkers()
    {
        // "30 31" is one line to PDFium, but the numbers sit after two different words.
        const QString page = u"债务水平 。到年底达到8万亿美元 。这些\n30 31"_s;
        QList<PdfLine> lines = linesOf(page, {bodyLine(746)});
        lines[1].box = QRectF(114, 745.1, 357.2, 3.5);
        lines[1].numberBoxes = {QRectF(114, 745.1, 4.5, 3.5), QRectF(463.1, 745.1, 4.1, 3.5)};
        QList<PdfCitationMarker> markers = findPdfCitationMarkers(lines);
        QCOMPARE(markers.size(), 2);
        markers[0].column = 5;
        markers[1].column = 17;
        const PdfTextMap map = joinPdfLines(lines, markers);
        QCOMPARE(map.text, u"债务水平[30]。到年底达到8万亿美元[31]。这些"_s);
        verifySources(map, page);
    }

    void numbersThatAreNotMarkersStay_data()
    {
        QTest::addColumn<QRectF>("numbers");
        QTest::addColumn<QString>("expected");
        // Beside a body line at 100..112 on a page whose text is 12 points high.
        QTest::newRow("full size, on the baseline (a table cell)")
            << QRectF(300, 101, 10, 11) << u"正文内容\n12"_s;
        QTest::newRow("small but on the baseline (a subscript)")
            << QRectF(300, 105, 5, 6) << u"正文内容\n12"_s;
        QTest::newRow("a page number at the foot") << QRectF(290, 800, 8, 9) << u"正文内容\n12"_s;
        QTest::newRow("tiny and on no line: dropped") << QRectF(290, 500, 4, 3.5) << u"正文内容"_s;
        QTest::newRow("raised superscript: placed")
            << QRectF(300, 99.5, 4, 3.5) << u"正文内容[12]"_s;
    }

    void numbersThatAreNotMarkersStay()
    {
        QFETCH(QRectF, numbers);
        QFETCH(QString, expected);
        QList<PdfLine> lines = linesOf(u"正文内容\n12"_s, {bodyLine(100), numbers});
        lines[1].numberBoxes = {numbers};
        QList<PdfCitationMarker> markers = findPdfCitationMarkers(lines);
        for (PdfCitationMarker &marker : markers)
            marker.column = 4;
        QCOMPARE(joinPdfLines(lines, markers).text, expected);
    }

    void runsFallIntoLines()
    {
        // The page's runs as PDFium boxes them: two on the first line (a space where a
        // superscript sits), none on the blank line, two numbers on the number line.
        const QString page = u"一种特殊财政形态 。这一模式\n\n并非简单\n1 2"_s;
        QList<PdfLine> lines = linesOf(page);
        const QList<QRectF> runs
            = {QRectF(63.5, 248.2, 301.8, 11.6), QRectF(373.9, 248.2, 153.6, 11.9),
               bodyLine(280, 120), QRectF(366, 247.4, 1.5, 3.4), QRectF(369.4, 247.4, 2.2, 3.4)};
        QVERIFY(assignPdfLineRuns(lines, runs));
        QCOMPARE(lines.at(0).runs.size(), 2);
        QCOMPARE(lines.at(0).box, QRectF(QPointF(63.5, 248.2), QPointF(527.5, 260.1)));
        QVERIFY(lines.at(1).box.isNull());
        QCOMPARE(lines.at(2).box, bodyLine(280, 120));
        QCOMPARE(lines.at(3).numberBoxes, runs.mid(3));

        // In the gap: after the space; past the end, before the start, inside a run.
        QCOMPARE(pdfColumnBetweenRuns(lines.at(0), 366), 9);
        QCOMPARE(pdfColumnBetweenRuns(lines.at(0), 528), 14);
        QCOMPARE(pdfColumnBetweenRuns(lines.at(0), 60), 0);
        QCOMPARE(pdfColumnBetweenRuns(lines.at(0), 200), -1);
        QCOMPARE(pdfColumnBetweenRuns(lines.at(2), 100), -1);

        // One row fewer than lines with text: nothing assigned, the caller asks line by line.
        QList<PdfLine> unmatched = linesOf(page);
        QVERIFY(!assignPdfLineRuns(unmatched, runs.mid(0, 3)));
        QVERIFY(unmatched.at(0).box.isNull());
        // Two lines PDFium read apart, side by side on one row (table cells), are not taken
        // for one line's runs.
        QList<PdfLine> cells = linesOf(u"左栏\n右栏"_s);
        QVERIFY(!assignPdfLineRuns(cells, {bodyLine(100, 200), QRectF(300, 100, 100, 12)}));
    }

    void numberLines_data()
    {
        QTest::addColumn<QString>("line");
        QTest::addColumn<bool>("numbers");
        QTest::newRow("one") << u"2"_s << true;
        QTest::newRow("two") << u"2 5"_s << true;
        QTest::newRow("four") << u"1 4 6 9"_s << true;
        QTest::newRow("list") << u"1, 4,6-9"_s << true;
        QTest::newRow("a year") << u"2021"_s << false;
        QTest::newRow("a decimal") << u"2.5"_s << false;
        QTest::newRow("a word") << u"2 个"_s << false;
        QTest::newRow("blank") << u" "_s << false;
    }

    void numberLines()
    {
        QFETCH(QString, line);
        QFETCH(bool, numbers);
        QCOMPARE(isPdfNumberLine(line), numbers);
    }

    void needsGeometryOnlyForCjkOrNumbers()
    {
        QVERIFY(!pdfLinesNeedGeometry(splitPdfLines(u"Plain English\ntext"_s)));
        QVERIFY(pdfLinesNeedGeometry(splitPdfLines(u"Plain English\n2 5"_s)));
        QVERIFY(pdfLinesNeedGeometry(splitPdfLines(u"Plain\n中文"_s)));
    }

    void normalisesQtPdfText()
    {
        // CR LF line breaks, a control character, PDFium's U+FFFE for a hyphen that ended a
        // line, trailing blanks.
        const QString pdfText = u"ab\r\ncd\u0002ef\uFFFE gh  \r\n"_s;
        const PdfTextMap map = normalisePdfText(pdfText);
        QCOMPARE(map.text, u"ab\ncdef- gh"_s);
        QCOMPARE(map.sources.at(2), std::pair(2, 4)); // the line break
        QCOMPARE(map.sources.at(5), std::pair(7, 8)); // "e", after the dropped control
        QCOMPARE(map.sources.at(7), std::pair(9, 10)); // "-" from U+FFFE

        // Joined text traced through both steps to QtPdf's own indices.
        const PdfTextMap cjk = normalisePdfText(u"更为精\r\n细的分类\r\n"_s);
        const PdfTextMap read = composePdfTextMaps(joinPdfLines(splitPdfLines(cjk.text), {}), cjk);
        QCOMPARE(read.text, u"更为精细的分类"_s);
        QCOMPARE(read.sources.at(3), std::pair(5, 6)); // "细", after the dropped CR LF
    }
};

QTEST_GUILESS_MAIN(TestPdfLines)
#include "tst_pdflines.moc"
