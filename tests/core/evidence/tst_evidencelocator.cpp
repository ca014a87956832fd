// Locating judges' evidence quotes in report text: every kind of retyping a judge does,
// stitched and invented quotes, UTF-16 offsets, the bundled demo's judge run, and generated
// report-sized inputs (which also print the benchmark figures).
#include "evidence/evidencebenchmark.h"
#include "evidence/evidencelocator.h"
#include "ingest/document/extracteddocument.h"

#include "shareddata.h"

#include <QDir>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRandomGenerator>
#include <QTest>
#include <QtConcurrent>

using namespace Rubricate;
using namespace Qt::StringLiterals;

// Readable QCOMPARE failures.
namespace Rubricate {

char *toString(EvidenceStatus status)
{
    return qstrdup(evidenceStatusKey(status).toUtf8().constData());
}

char *toString(MatchMethod method)
{
    return qstrdup(matchMethodKey(method).toUtf8().constData());
}

char *toString(const EvidenceSpan &span)
{
    return qstrdup(u"{%1, %2, %3}"_s.arg(span.start)
                       .arg(span.length)
                       .arg(matchMethodKey(span.method))
                       .toUtf8()
                       .constData());
}

} // namespace Rubricate

namespace {

QString spanText(const QString &report, const EvidenceSpan &span)
{
    return report.sliced(span.start, span.length);
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

QString demoDir()
{
    return QStringLiteral(RUBRICATE_SOURCE_DIR "/resources/demo");
}

// The report a DRB-II result line refers to: report/<model>/idx-<n>.<any extension>.
QString demoReportText(const QString &model, int idx, QString *fileName)
{
    const QDir dir(demoDir() + u"/report/"_s + model);
    const QStringList matches = dir.entryList({u"idx-%1.*"_s.arg(idx)}, QDir::Files);
    if (matches.size() != 1)
        return {};
    *fileName = matches.first();
    return extractDocument(readFile(dir.filePath(matches.first())), matches.first()).text;
}

// A report-sized English text from a fixed vocabulary, with the typography judges retype:
// curly quotes, apostrophes, en and em dashes, Markdown headings and emphasis.
struct GeneratedReport {
    QString text;
    QStringList sentences;
    QList<int> sentenceStarts;
};

const QStringList &vocabulary()
{
    static const QStringList words
        = u"heat pump pumps cold climate winter season trial field homes "
          "house houses energy agency grid carbon electricity gas boiler "
          "boilers resistance heating cost costs running installation "
          "upfront price subsidy policy measure measures barrier barriers "
          "adoption region regional temperature outdoor indoor compressor "
          "refrigerant defrost control inverter vapour injection design "
          "efficiency performance coefficient seasonal average measured "
          "sample monitored hours days year years study studies evidence "
          "report reports survey installers owners tenants landlords "
          "contractors training skills supply chain demand peak load "
          "network upgrade capacity sizing backup hybrid system systems "
          "tariff tariffs bill bills savings payback period loan grant "
          "scheme schemes rebate standard standards label rating ratings "
          "laboratory test tests result results figure figures table "
          "comparison option options emissions intensity fuel fuels "
          "the a an of in on for with from by at to and or but that "
          "which while because although when where more less most "
          "least higher lower new old small large many few each every "
          "is are was were has have had can could should would may "
          "shows found reduced increased improved fell rose stayed"_s.split(u' ',
                                                                            Qt::SkipEmptyParts);
    return words;
}

QString randomWords(QRandomGenerator &rng, int count)
{
    const QStringList &words = vocabulary();
    QStringList picked;
    for (int k = 0; k < count; ++k)
        picked.append(words[rng.bounded(int(words.size()))]);
    return picked.join(u' ');
}

QString randomSentence(QRandomGenerator &rng)
{
    QString sentence = randomWords(rng, 10 + rng.bounded(16));
    switch (rng.bounded(6)) {
    case 0:
        sentence.replace(u" the "_s, u" the “rated” "_s);
        break;
    case 1:
        sentence += u" over 2019–2023"_s;
        break;
    case 2:
        sentence.replace(u" and "_s, u" — and "_s);
        break;
    case 3:
        sentence.replace(u" is "_s, u"’s "_s);
        break;
    default:
        break;
    }
    sentence[0] = sentence[0].toUpper();
    return sentence + u'.';
}

GeneratedReport generateReport(int targetLength, quint32 seed)
{
    QRandomGenerator rng(seed);
    GeneratedReport report;
    int section = 1;
    while (report.text.size() < targetLength) {
        if (rng.bounded(5) == 0)
            report.text += u"## %1. %2\n\n"_s.arg(section++).arg(randomWords(rng, 4));
        const int sentences = 4 + rng.bounded(5);
        for (int k = 0; k < sentences; ++k) {
            if (k > 0)
                report.text += rng.bounded(8) == 0 ? u"\n"_s : u" "_s;
            const QString sentence = randomSentence(rng);
            report.sentenceStarts.append(int(report.text.size()));
            report.sentences.append(sentence);
            report.text += sentence;
        }
        report.text += u"\n\n"_s;
    }
    return report;
}

// What judges do to a quote: reflow it, straighten its quotes, change its case, retype its
// dashes, or wrap it in quote marks.
QString perturb(const QString &quote, int kind, QRandomGenerator &rng)
{
    QString out = quote;
    switch (kind % 5) {
    case 0:
        for (qsizetype at = out.indexOf(u' '); at >= 0; at = out.indexOf(u' ', at + 2)) {
            if (rng.bounded(3) == 0)
                out.replace(at, 1, rng.bounded(2) ? u"\n"_s : u"  "_s);
        }
        break;
    case 1:
        out.replace(u'“', u'"').replace(u'”', u'"').replace(u'’', u'\'');
        break;
    case 2:
        out = out.toLower();
        break;
    case 3:
        out.replace(u'–', u'-').replace(u" — "_s, u" -- "_s);
        break;
    default:
        out = u"“"_s + out.toUpper() + u"”"_s;
        break;
    }
    return out;
}

} // namespace

class TestEvidenceLocator : public QObject
{
    Q_OBJECT

private slots:
    void keys();
    void retypedQuotes_data();
    void retypedQuotes();
    void stitchedInOrder_data();
    void stitchedInOrder();
    void stitchedPicksNearestOccurrence();
    void stitchedOutOfOrder();
    void stitchedWithShortAndInventedPieces();
    void approximateOneWordChanged();
    void approximateCjk();
    void approximateWithChangedFigure();
    void partialSentence();
    void longQuoteWithEdits();
    void commonWordsAreNotEvidence();
    void inventedSentence();
    void emptyQuotes_data();
    void emptyQuotes();
    void quoteLongerThanReport();
    void tinyReport();
    void concurrentLocate();
    void demoJudgeRun();
    void generatedEnglishReport();
    void chinesePdfReport();
};

void TestEvidenceLocator::keys()
{
    QCOMPARE(evidenceStatusKey(EvidenceStatus::Located), u"located"_s);
    QCOMPARE(evidenceStatusKey(EvidenceStatus::PartlyLocated), u"partial"_s);
    QCOMPARE(evidenceStatusKey(EvidenceStatus::NotFound), u"not_found"_s);
    QCOMPARE(evidenceStatusKey(EvidenceStatus::Empty), u"empty"_s);
    QCOMPARE(matchMethodKey(MatchMethod::Exact), u"exact"_s);
    QCOMPARE(matchMethodKey(MatchMethod::Normalised), u"normalised"_s);
    QCOMPARE(matchMethodKey(MatchMethod::Approximate), u"approximate"_s);
}

void TestEvidenceLocator::retypedQuotes_data()
{
    QTest::addColumn<QString>("report");
    QTest::addColumn<QString>("quote");
    QTest::addColumn<int>("start");
    QTest::addColumn<int>("length");
    QTest::addColumn<MatchMethod>("method");

    QTest::newRow("exact")
        << u"Heat pumps work in the cold. The trial monitored 48 homes over the 2022–2023 "
           "heating season. More text follows."_s
        << u"The trial monitored 48 homes"_s << 29 << 28 << MatchMethod::Exact;
    QTest::newRow("whitespace and newlines")
        << u"Summary.\nThe trial monitored\n48 homes   over the\theating season.\n"_s
        << u"The trial monitored 48 homes over the heating season."_s << 9 << 55
        << MatchMethod::Normalised;
    QTest::newRow("curly in report, straight in quote")
        << u"Installers call this the “temperature lift” problem, and it’s real."_s
        << u"call this the \"temperature lift\" problem, and it's real"_s << 11 << 55
        << MatchMethod::Normalised;
    QTest::newRow("straight in report, curly in quote")
        << u"The so-called 'defrost penalty' is small."_s
        << u"so-called ‘defrost penalty’ is small"_s << 4 << 36 << MatchMethod::Normalised;
    QTest::newRow("en and em dashes, minus sign")
        << u"Over the 2022–2023 season—the coldest in a decade—the COP stayed above 1.9 at "
           "−20 °C."_s
        << u"Over the 2022-2023 season - the coldest in a decade -- the COP stayed above 1.9 at "
           "-20 °C"_s
        << 0 << 84 << MatchMethod::Normalised;
    QTest::newRow("case") << u"THE BOREAL HOMES FIELD TRIAL measured a seasonal COP of 2.7."_s
                          << u"The Boreal Homes Field Trial measured a seasonal cop of 2.7"_s << 0
                          << 59 << MatchMethod::Normalised;
    QTest::newRow("full-width letters and digits")
        << u"Ｔｈｅ　ｔｒｉａｌ　ｍｏｎｉｔｏｒｅｄ　４８　ｈｏｍｅｓ．"_s
        << u"The trial monitored 48 homes."_s << 0 << 29 << MatchMethod::Normalised;
    QTest::newRow("full-width in Chinese text")
        << u"临江市屋顶光伏累计装机容量为４２０兆瓦（ＭＷ）。"_s << u"累计装机容量为420兆瓦(MW)"_s
        << 7 << 16 << MatchMethod::Normalised;
    QTest::newRow("Markdown emphasis inside the quote")
        << u"Heat pumps are **very efficient** in mild weather, and _most_ homes qualify."_s
        << u"Heat pumps are very efficient in mild weather"_s << 0 << 49 << MatchMethod::Normalised;
    QTest::newRow("exact inside Markdown emphasis")
        << u"Heat pumps are **very efficient** in mild weather, and _most_ homes qualify."_s
        << u"very efficient"_s << 17 << 14 << MatchMethod::Exact;
    QTest::newRow("Markdown emphasis around the quote")
        << u"Heat pumps are **very efficient** in mild weather, and _most_ homes qualify."_s
        << u"very  efficient"_s << 15 << 18 << MatchMethod::Normalised;
    QTest::newRow("Markdown underscore emphasis")
        << u"Heat pumps are **very efficient** in mild weather, and _most_ homes qualify."_s
        << u"and most homes qualify"_s << 51 << 24 << MatchMethod::Normalised;
    QTest::newRow("Chinese comma retyped as ASCII")
        << u"近年来，截至2023年底，临江市屋顶光伏累计装机容量为420兆瓦。其中工商业屋顶约占65%。"_s
        << u"截至2023年底, 临江市屋顶光伏累计装机容量为420兆瓦"_s << 4 << 28
        << MatchMethod::Normalised;
    QTest::newRow("CRLF and double spaces")
        << u"First line.\r\nThe heat  pump\r\n  works well in  winter.\r\nLast line."_s
        << u"The heat pump works well in winter."_s << 13 << 40 << MatchMethod::Normalised;
    QTest::newRow("surrogate pairs before the match")
        << u"😀🌡️ Cold start 😀. The quick brown fox jumps."_s
        << u"the quick brown  fox JUMPS"_s << 21 << 25 << MatchMethod::Normalised;
    QTest::newRow("surrogate pairs before an exact match")
        << u"😀🌡️ Cold start 😀. The quick brown fox jumps."_s << u"The quick brown fox"_s
        << 21 << 19 << MatchMethod::Exact;
    QTest::newRow("no-break and zero-width spaces")
        << u"a COP of\u00a02.7 across\u200b the whole\u202fsample"_s
        << u"COP of 2.7 across the whole sample"_s << 2 << 35 << MatchMethod::Normalised;
    QTest::newRow("Markdown link")
        << u"See the [Boreal Homes report](https://example.org/boreal) for details."_s
        << u"See the Boreal Homes report for details."_s << 0 << 70 << MatchMethod::Normalised;
    QTest::newRow("quote wrapped in quote marks")
        << u"The trial monitored 48 homes over the season. Next."_s
        << u"“The trial monitored 48 homes over the season.”"_s << 0 << 45
        << MatchMethod::Normalised;
    QTest::newRow("literal ellipsis in the report")
        << u"Costs rose… then fell sharply."_s << u"Costs rose... then fell sharply."_s << 0 << 30
        << MatchMethod::Normalised;
    QTest::newRow("Markdown heading")
        << u"## 3. Running costs and emissions\n\nBody text."_s
        << u"### 3. Running costs and emissions"_s << 3 << 30 << MatchMethod::Normalised;
}

void TestEvidenceLocator::retypedQuotes()
{
    QFETCH(QString, report);
    QFETCH(QString, quote);
    QFETCH(int, start);
    QFETCH(int, length);
    QFETCH(MatchMethod, method);

    const EvidenceLocation location = EvidenceLocator(report).locate(quote);
    QCOMPARE(location.status, EvidenceStatus::Located);
    QCOMPARE(location.spans.size(), 1);
    QCOMPARE(location.spans.first(), (EvidenceSpan{start, length, method}));
    QCOMPARE(location.coverage, 1.0);
    QCOMPARE(location.fragments, 1);
    QCOMPARE(location.fragmentsFound, 1);
}

void TestEvidenceLocator::stitchedInOrder_data()
{
    QTest::addColumn<QString>("quote");
    QTest::newRow("three dots") << u"The city signs a contract with a private company ... in "
                                   "return for an annual fee."_s;
    QTest::newRow("two dots, no spaces") << u"The city signs a contract with a private company..in "
                                            "return for an annual fee."_s;
    QTest::newRow("ellipsis character") << u"The city signs a contract with a private company… in "
                                           "return for an annual fee."_s;
    QTest::newRow("bracketed") << u"The city signs a contract with a private company [...] in "
                                  "return for an annual fee."_s;
    QTest::newRow("parenthesised") << u"The city signs a contract with a private company (…) in "
                                      "return for an annual fee."_s;
    QTest::newRow("Chinese ellipsis")
        << u"The city signs a contract with a private company……in return for an annual fee."_s;
    QTest::newRow("ideographic full stops")
        << u"The city signs a contract with a private company。。。in return for an annual fee."_s;
    QTest::newRow("spaced dots") << u"The city signs a contract with a private company . . . in "
                                    "return for an annual fee."_s;
}

void TestEvidenceLocator::stitchedInOrder()
{
    QFETCH(QString, quote);
    const QString report
        = u"There are three models. The city signs a contract with a private "
          "company to operate the system, and the company runs the bikes in "
          "return for an annual fee. In a public model the city runs everything."_s;
    const EvidenceLocation location = EvidenceLocator(report).locate(quote);
    QCOMPARE(location.status, EvidenceStatus::Located);
    QCOMPARE(location.fragments, 2);
    QCOMPARE(location.fragmentsFound, 2);
    QCOMPARE(location.coverage, 1.0);
    QCOMPARE(location.spans,
             (QList<EvidenceSpan>{{24, 48, MatchMethod::Exact}, {127, 28, MatchMethod::Exact}}));
}

void TestEvidenceLocator::stitchedPicksNearestOccurrence()
{
    // "the city" first occurs in the opening sentence; the quote's belongs to the second.
    const QString report = u"The city is large and flat. Later, the city signs a contract with a "
                           "private company in return for an annual fee."_s;
    const EvidenceLocation location
        = EvidenceLocator(report).locate(u"The city … in return for an annual fee"_s);
    QCOMPARE(location.status, EvidenceStatus::Located);
    QCOMPARE(location.spans,
             (QList<EvidenceSpan>{{35, 8, MatchMethod::Normalised}, {84, 27, MatchMethod::Exact}}));
}

void TestEvidenceLocator::stitchedOutOfOrder()
{
    const QString report
        = u"There are three models. The city signs a contract with a private "
          "company to operate the system, and the company runs the bikes in "
          "return for an annual fee. In a public model the city runs everything."_s;
    const EvidenceLocator locator(report);
    const EvidenceLocation location = locator.locate(
        u"in return for an annual fee ... The city signs a contract with a private company"_s);
    QCOMPARE(location.status, EvidenceStatus::PartlyLocated);
    QCOMPARE(location.fragments, 2);
    QCOMPARE(location.fragmentsFound, 1);
    QCOMPARE(location.spans, (QList<EvidenceSpan>{{127, 27, MatchMethod::Exact}}));
    QVERIFY(location.coverage > 0.3 && location.coverage < 0.4);

    // Both pieces exist but neither follows the other: nothing is confirmed after the first.
    const EvidenceLocation swapped
        = locator.locate(u"In a public model the city runs everything … There are three models."_s);
    QCOMPARE(swapped.status, EvidenceStatus::PartlyLocated);
    QCOMPARE(swapped.fragmentsFound, 1);
    QCOMPARE(swapped.spans.size(), 1);
    QCOMPARE(spanText(report, swapped.spans.first()),
             u"In a public model the city runs everything"_s);
}

void TestEvidenceLocator::stitchedWithShortAndInventedPieces()
{
    const QString report
        = u"There are three models. The city signs a contract with a private "
          "company to operate the system, and the company runs the bikes in "
          "return for an annual fee. In a public model the city runs everything."_s;
    const EvidenceLocator locator(report);

    // "and" is too short to mean anything; it neither confirms nor breaks the quote.
    const EvidenceLocation shortPiece = locator.locate(
        u"The city signs a contract with a private company ... and ... in return for an annual "
        "fee"_s);
    QCOMPARE(shortPiece.status, EvidenceStatus::Located);
    QCOMPARE(shortPiece.fragments, 3);
    QCOMPARE(shortPiece.fragmentsFound, 2);
    QCOMPARE(shortPiece.spans.size(), 2);

    const EvidenceLocation invented = locator.locate(
        u"The city signs a contract with a private company ... and pays a bonus for every new "
        "docking station it opens"_s);
    QCOMPARE(invented.status, EvidenceStatus::PartlyLocated);
    QCOMPARE(invented.fragments, 2);
    QCOMPARE(invented.fragmentsFound, 1);
    QCOMPARE(invented.spans, (QList<EvidenceSpan>{{24, 48, MatchMethod::Exact}}));
}

void TestEvidenceLocator::approximateOneWordChanged()
{
    const QString report
        = u"Heat pumps need little maintenance. Demand-based defrost control starts "
          "a defrost cycle only when sensors detect frost build-up on the coil, "
          "instead of on a fixed timer. After that, nothing else."_s;
    const QString quote = u"Demand-based defrost control starts a defrost cycle only when probes "
                          "detect frost build-up on the coil, instead of on a fixed timer."_s;
    QCOMPARE(quote.size(), 132);
    const EvidenceLocation location = EvidenceLocator(report).locate(quote);
    QCOMPARE(location.status, EvidenceStatus::Located);
    QCOMPARE(location.spans, (QList<EvidenceSpan>{{36, 133, MatchMethod::Approximate}}));
    // Only "probe" of "probes" is unmatched: "s detect frost ..." continues the report.
    QCOMPARE(location.coverage, 127.0 / 132.0);
    QCOMPARE(location.fragmentsFound, 1);
}

void TestEvidenceLocator::approximateCjk()
{
    const QString report
        = u"近年来屋顶光伏发展较快。一些老旧建筑的屋顶荷载不足，无法直接安装光伏板，需要先"
          "进行加固。部分居民对光伏的安全性和收益不了解，安装意愿不高。"_s;
    const QString quote = u"一些老旧建筑的屋顶承载不足，无法直接安装光伏板，需要先进行加固。"_s;
    const EvidenceLocation location = EvidenceLocator(report).locate(quote);
    QCOMPARE(location.status, EvidenceStatus::Located);
    QCOMPARE(location.spans, (QList<EvidenceSpan>{{12, 32, MatchMethod::Approximate}}));
    QCOMPARE(location.coverage, 31.0 / 32.0);
}

void TestEvidenceLocator::approximateWithChangedFigure()
{
    // One character apart, but a misquoted figure is not evidence for the figure.
    const QString report = u"The heat pumps still delivered a COP of about 1.9 at an outdoor "
                           "temperature of −20 °C, the trial found."_s;
    const QString quote = u"The heat pumps still delivered a COP of about 2.9 at an outdoor "
                          "temperature of −20 °C"_s;
    const EvidenceLocation location = EvidenceLocator(report).locate(quote);
    QCOMPARE(location.status, EvidenceStatus::PartlyLocated);
    QCOMPARE(location.fragmentsFound, 0);
    // 84 normalised characters (the space before the minus sign folds into it), 1 unmatched.
    QCOMPARE(location.coverage, 83.0 / 84.0);
    QCOMPARE(location.spans.size(), 2);
    QCOMPARE(spanText(report, location.spans[0]),
             u"The heat pumps still delivered a COP of about"_s);
    QCOMPARE(spanText(report, location.spans[1]), u".9 at an outdoor temperature of −20 °C"_s);
    QCOMPARE(location.spans[1].method, MatchMethod::Approximate);
}

void TestEvidenceLocator::partialSentence()
{
    const QString report
        = u"Winter was harsh. Heat pumps in the Boreal trial kept working through "
          "the coldest week of the winter without backup heat. Costs were modest."_s;
    const QString quote = u"Heat pumps in the Boreal trial kept working through the coldest week, "
                          "said the installers who were interviewed afterwards."_s;
    const EvidenceLocation location = EvidenceLocator(report).locate(quote);
    QCOMPARE(location.status, EvidenceStatus::PartlyLocated);
    QCOMPARE(location.spans, (QList<EvidenceSpan>{{18, 68, MatchMethod::Approximate}}));
    QCOMPARE(location.coverage, 68.0 / 122.0);
    QCOMPARE(location.fragmentsFound, 0);
}

void TestEvidenceLocator::longQuoteWithEdits()
{
    // A judge pasting a whole section, with three words changed on the way.
    const GeneratedReport report = generateReport(60'000, 3);
    const int start = report.sentenceStarts[100];
    QString quote = report.text.sliced(start, 3'000);
    quote.truncate(quote.lastIndexOf(u' '));
    const int originalLength = int(quote.size());
    for (const int at : {500, 1'500, 2'500}) {
        const qsizetype wordStart = quote.indexOf(u' ', at) + 1;
        const qsizetype wordEnd = quote.indexOf(u' ', wordStart);
        quote.replace(wordStart, wordEnd - wordStart, u"zzzz"_s);
    }
    const EvidenceLocation location = EvidenceLocator(report.text).locate(quote);
    QCOMPARE(location.status, EvidenceStatus::Located);
    QCOMPARE(location.spans,
             (QList<EvidenceSpan>{{start, originalLength, MatchMethod::Approximate}}));
    QVERIFY(location.coverage > 0.98 && location.coverage < 1.0);
}

void TestEvidenceLocator::commonWordsAreNotEvidence()
{
    const QString report
        = u"The survey results were mixed. Some installers show little interest in "
          "cold regions. We note that the fitting method matters; it is not always "
          "effective in old houses, and the results depend on insulation. The "
          "method is simple, and it is effective where houses are tight."_s;
    const EvidenceLocation location
        = EvidenceLocator(report).locate(u"The results show that the method is effective"_s);
    QCOMPARE(location.status, EvidenceStatus::NotFound);
    QVERIFY(location.spans.isEmpty());
}

void TestEvidenceLocator::inventedSentence()
{
    QString fileName;
    const QString report = demoReportText(u"AtlasAgent"_s, 1, &fileName);
    QVERIFY(!report.isEmpty());
    const EvidenceLocation location = EvidenceLocator(report).locate(
        u"A heat pump installed in a well-insulated house can run for the whole winter on the "
        "electricity produced by a single rooftop solar array."_s);
    QCOMPARE(location.status, EvidenceStatus::NotFound);
    QVERIFY(location.spans.isEmpty());
    QCOMPARE(location.fragmentsFound, 0);
}

void TestEvidenceLocator::emptyQuotes_data()
{
    QTest::addColumn<QString>("quote");
    QTest::newRow("empty") << QString();
    QTest::newRow("whitespace") << u"  \n\t\u3000"_s;
    QTest::newRow("only an ellipsis") << u"..."_s;
    QTest::newRow("only ellipses") << u" … [...] "_s;
    QTest::newRow("only markup") << u"**"_s;
}

void TestEvidenceLocator::emptyQuotes()
{
    QFETCH(QString, quote);
    const EvidenceLocation location
        = EvidenceLocator(u"Some report text, with… an ellipsis and **bold**."_s).locate(quote);
    QCOMPARE(location.status, EvidenceStatus::Empty);
    QVERIFY(location.spans.isEmpty());
    QCOMPARE(location.fragments, 0);
}

void TestEvidenceLocator::quoteLongerThanReport()
{
    const QString report = u"Short report."_s;
    const EvidenceLocation location = EvidenceLocator(report).locate(
        u"Short report. And then a great deal more text that the report never contained."_s);
    QCOMPARE(location.status, EvidenceStatus::NotFound);
    QVERIFY(location.spans.isEmpty());
}

void TestEvidenceLocator::tinyReport()
{
    // Shorter than a q-gram: no index, still no crash and sensible answers.
    const EvidenceLocator locator(u"Hi"_s);
    QCOMPARE(locator.locate(u"Hello there, this is not it"_s).status, EvidenceStatus::NotFound);
    QCOMPARE(locator.locate(u"hi"_s).spans, (QList<EvidenceSpan>{{0, 2, MatchMethod::Normalised}}));
    QCOMPARE(EvidenceLocator(QString()).locate(u"anything"_s).status, EvidenceStatus::NotFound);
}

void TestEvidenceLocator::concurrentLocate()
{
    const GeneratedReport report = generateReport(40'000, 7);
    const EvidenceLocator locator(report.text);
    QStringList quotes;
    QRandomGenerator rng(11);
    for (int k = 0; k < 200; ++k) {
        const QString sentence = report.sentences[rng.bounded(int(report.sentences.size()))];
        quotes.append(k % 4 == 3 ? randomSentence(rng) : perturb(sentence, k, rng));
    }
    QList<EvidenceLocation> sequential;
    for (const QString &quote : std::as_const(quotes))
        sequential.append(locator.locate(quote));
    const QList<EvidenceLocation> parallel = QtConcurrent::blockingMapped<QList<EvidenceLocation>>(
        quotes, [&locator](const QString &quote) { return locator.locate(quote); });
    QCOMPARE(parallel.size(), sequential.size());
    for (qsizetype k = 0; k < quotes.size(); ++k) {
        QCOMPARE(parallel[k].status, sequential[k].status);
        QCOMPARE(parallel[k].spans, sequential[k].spans);
    }
}

void TestEvidenceLocator::demoJudgeRun()
{
    QFile results(demoDir() + u"/result.jsonl"_s);
    QVERIFY(results.open(QIODevice::ReadOnly));
    int quotes = 0;
    int notExact = 0;
    int pdfNeedingNormalisation = 0;
    bool sawStitched = false;
    bool sawHarrowValley = false;
    while (!results.atEnd()) {
        const QByteArray line = results.readLine().trimmed();
        if (line.isEmpty())
            continue;
        const QJsonObject row = QJsonDocument::fromJson(line).object();
        const QString model = row.value(u"model"_s).toString();
        const int idx = row.value(u"idx"_s).toInt();
        QString fileName;
        const QString report = demoReportText(model, idx, &fileName);
        QVERIFY2(!report.isEmpty(), qPrintable(model + u" idx-"_s + QString::number(idx)));
        const EvidenceLocator locator(report);

        const QJsonObject scores = row.value(u"result"_s).toObject().value(u"scores"_s).toObject();
        for (const QJsonValue &dimension : scores) {
            const QJsonObject rubrics = dimension.toObject();
            for (const QJsonValue &verdict : rubrics) {
                const QString evidence = verdict.toObject().value(u"evidence"_s).toString();
                const EvidenceLocation location = locator.locate(evidence);
                const QString where = u"%1 idx-%2: %3"_s.arg(model).arg(idx).arg(evidence);
                if (evidence.trimmed().isEmpty()) {
                    QCOMPARE(location.status, EvidenceStatus::Empty);
                    continue;
                }
                ++quotes;
                if (evidence.contains(u"Harrow Valley"_s) && model == u"BriarAgent"_s) {
                    sawHarrowValley = true;
                    QVERIFY2(location.status == EvidenceStatus::NotFound, qPrintable(where));
                    QVERIFY(location.spans.isEmpty());
                    continue;
                }
                QVERIFY2(location.status == EvidenceStatus::Located, qPrintable(where));
                QCOMPARE(location.coverage, 1.0);
                for (const EvidenceSpan &span : location.spans)
                    QVERIFY2(span.method != MatchMethod::Approximate, qPrintable(where));
                const bool exact = location.spans.size() == 1
                    && location.spans.first().method == MatchMethod::Exact;
                if (fileName.endsWith(u".pdf"_s)) {
                    pdfNeedingNormalisation += exact ? 0 : 1;
                    continue;
                }
                if (exact)
                    continue;
                // Outside the PDF, only the three deliberately imperfect quotes need help.
                ++notExact;
                if (evidence.contains(u"carbon  intensity"_s)) {
                    QCOMPARE(location.spans.first().method, MatchMethod::Normalised);
                    QCOMPARE(spanText(report, location.spans.first()),
                             u"A heat pump's carbon emissions depend on the carbon intensity of "
                             "the electricity grid that supplies it."_s);
                } else if (evidence.startsWith(u"\"自发自用"_s)) {
                    QCOMPARE(location.spans.first().method, MatchMethod::Normalised);
                    QCOMPARE(spanText(report, location.spans.first()),
                             u"“自发自用、余电上网”是工商业项目最常见的模式"_s);
                } else if (evidence.contains(u" ... "_s)) {
                    sawStitched = true;
                    QCOMPARE(location.fragments, 2);
                    QCOMPARE(location.fragmentsFound, 2);
                    QCOMPARE(location.spans.size(), 2);
                    QCOMPARE(spanText(report, location.spans[0]),
                             u"The city signs a contract with a private company"_s);
                    QCOMPARE(spanText(report, location.spans[1]),
                             u"in return for an annual fee."_s);
                } else {
                    QFAIL(qPrintable(u"unexpectedly inexact: "_s + where));
                }
            }
        }
    }
    QCOMPARE(quotes, 101);
    QVERIFY(sawHarrowValley);
    QVERIFY(sawStitched);
    QCOMPARE(notExact, 3);
    QVERIFY(pdfNeedingNormalisation > 0);
}

void TestEvidenceLocator::generatedEnglishReport()
{
    const GeneratedReport report = generateReport(150'000, 2024);
    QRandomGenerator rng(99);
    QStringList quotes;
    QList<int> expectedStart;

    // 50 real sentences or word runs from them, retyped the ways judges retype.
    for (int k = 0; k < 50; ++k) {
        const int s = rng.bounded(int(report.sentences.size()));
        QString original = report.sentences[s];
        int start = report.sentenceStarts[s];
        if (k % 2) {
            // A clause from inside the sentence rather than the whole of it.
            const QStringList words = original.split(u' ');
            if (words.size() > 8) {
                const int from = rng.bounded(int(words.size()) - 7);
                const QString clause = words.mid(from, 7).join(u' ');
                start += int(original.indexOf(clause));
                original = clause;
            }
        }
        quotes.append(perturb(original, k, rng));
        expectedStart.append(start);
    }
    // 10 stitched from the beginning and end of long sentences.
    QList<int> stitchedFrom;
    while (stitchedFrom.size() < 10) {
        const int s = rng.bounded(int(report.sentences.size()));
        const QStringList words = report.sentences[s].split(u' ');
        if (words.size() < 18)
            continue;
        quotes.append(words.mid(0, 6).join(u' ') + u" ... "_s
                      + words.mid(words.size() - 6).join(u' '));
        stitchedFrom.append(report.sentenceStarts[s]);
    }
    // 10 invented from the same vocabulary: plausible, sharing words and pairs of words.
    for (int k = 0; k < 10; ++k)
        quotes.append(randomSentence(rng));

    const EvidenceLocator locator(report.text);
    for (int k = 0; k < 50; ++k) {
        const EvidenceLocation location = locator.locate(quotes[k]);
        QVERIFY2(location.status == EvidenceStatus::Located, qPrintable(quotes[k]));
        QCOMPARE(location.spans.size(), 1);
        QCOMPARE(location.spans.first().start, expectedStart[k]);
    }
    for (int k = 0; k < 10; ++k) {
        const EvidenceLocation location = locator.locate(quotes[50 + k]);
        QVERIFY2(location.status == EvidenceStatus::Located, qPrintable(quotes[50 + k]));
        QCOMPARE(location.spans.size(), 2);
        QCOMPARE(location.spans.first().start, stitchedFrom[k]);
    }
    for (int k = 0; k < 10; ++k) {
        const EvidenceLocation location = locator.locate(quotes[60 + k]);
        QVERIFY2(location.status == EvidenceStatus::NotFound, qPrintable(quotes[60 + k]));
    }

    qInfo().noquote() << "\n(a) generated English report\n"
                      << runEvidenceBenchmark(report.text, quotes, 25);
}

void TestEvidenceLocator::chinesePdfReport()
{
    RUBRICATE_REQUIRE_SHARED(pdfPath, "drb2/samples/report/passage/idx-1.pdf");
    const QString single = extractDocument(readFile(pdfPath), u"idx-1.pdf"_s).text;
    QVERIFY(single.size() > 10'000);
    QStringList copies;
    for (int k = 0; k < 10; ++k)
        copies.append(single);
    const QString report = copies.join(u'\n');

    QRandomGenerator rng(5);
    QStringList quotes;
    QList<int> expectedStart;
    // 50 passages retyped: Chinese punctuation made ASCII, PDF line breaks dropped or moved.
    while (quotes.size() < 50) {
        const int from = rng.bounded(int(single.size()) - 80);
        const QString passage = single.sliced(from, 20 + rng.bounded(60)).trimmed();
        if (passage.size() < 12)
            continue;
        QString quote = passage;
        quote.replace(u'\n', u' ');
        if (quotes.size() % 2) {
            quote.replace(u'，', u", "_s)
                .replace(u'。', u'.')
                .replace(u'“', u'"')
                .replace(u'”', u'"');
        } else {
            // A line break between two ideographs, as a PDF would put it.
            qsizetype at = quote.size() / 2;
            while (at < quote.size()
                   && (quote[at - 1].script() != QChar::Script_Han
                       || quote[at].script() != QChar::Script_Han))
                ++at;
            quote.insert(at, u'\n');
        }
        quotes.append(quote);
        expectedStart.append(int(report.indexOf(passage)));
    }
    // 10 stitched from two passages of one paragraph.
    while (quotes.size() < 60) {
        const int from = rng.bounded(int(single.size()) - 200);
        const QString first = single.sliced(from, 15).trimmed();
        const QString second = single.sliced(from + 60, 15).trimmed();
        if (first.size() < 10 || second.size() < 10)
            continue;
        quotes.append(first + u"……"_s + second);
        expectedStart.append(int(report.indexOf(first)));
    }
    // 10 invented: the task's rubric items, which paraphrase what a report should say.
    QFile tasks(RubricateTest::sharedDataPath(u"drb2/tasks_and_rubrics.jsonl"_s));
    QVERIFY(tasks.open(QIODevice::ReadOnly));
    while (!tasks.atEnd() && quotes.size() < 70) {
        const QJsonObject task = QJsonDocument::fromJson(tasks.readLine()).object();
        if (task.value(u"idx"_s).toInt() != 1)
            continue;
        const QJsonArray items = task.value(u"content"_s)
                                     .toObject()
                                     .value(u"rubric"_s)
                                     .toObject()
                                     .value(u"info_recall"_s)
                                     .toArray();
        for (qsizetype k = 0; k < items.size() && quotes.size() < 70; ++k)
            quotes.append(items[k].toString());
    }
    QCOMPARE(quotes.size(), 70);

    const EvidenceLocator locator(report);
    for (int k = 0; k < 60; ++k) {
        const EvidenceLocation location = locator.locate(quotes[k]);
        QVERIFY2(location.status == EvidenceStatus::Located, qPrintable(quotes[k]));
        QCOMPARE(location.spans.first().start, expectedStart[k]);
    }
    // The rubric items may or may not be in the report; they are here for the timing.

    qInfo().noquote() << "\n(b) Chinese PDF text, 10 copies\n"
                      << runEvidenceBenchmark(report, quotes, 25);
}

QTEST_GUILESS_MAIN(TestEvidenceLocator)
#include "tst_evidencelocator.moc"
