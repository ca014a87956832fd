// The offline lexical baseline judge: tokens, sentences and BM25 on small texts, then every
// rubric of real DRB-II tasks against real reports (English Markdown, Chinese PDF), the
// blocked-source rule, the other verdict scales, and a speed measurement on the largest sample.
#include "ingest/document/extracteddocument.h"
#include "judge/offlinejudge.h"

#include "shareddata.h"

#include <QElapsedTimer>
#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

QByteArray readFile(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return file.readAll();
}

// One task line of tasks_and_rubrics.jsonl, parsed.
QJsonObject drb2Task(const QString &tasksPath, int idx)
{
    QFile file(tasksPath);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    while (!file.atEnd()) {
        const QJsonObject task = QJsonDocument::fromJson(file.readLine()).object();
        if (task.value(u"idx"_s).toInt() == idx)
            return task;
    }
    return {};
}

// Rubric strings in the order DRB-II batches them: info_recall, analysis, presentation.
QStringList drb2Rubrics(const QJsonObject &task)
{
    QStringList out;
    const QJsonObject rubric = task.value(u"content"_s).toObject().value(u"rubric"_s).toObject();
    for (const QString &dimension : {u"info_recall"_s, u"analysis"_s, u"presentation"_s}) {
        for (const QJsonValue &v : rubric.value(dimension).toArray())
            out << v.toString();
    }
    return out;
}

QStringList blockedUrls(const QJsonObject &task)
{
    QStringList out;
    const QJsonArray urls = task.value(u"content"_s)
                                .toObject()
                                .value(u"blocked"_s)
                                .toObject()
                                .value(u"urls"_s)
                                .toArray();
    for (const QJsonValue &v : urls)
        out << v.toString();
    return out;
}

QString blockedTitle(const QJsonObject &task)
{
    return task.value(u"content"_s)
        .toObject()
        .value(u"blocked"_s)
        .toObject()
        .value(u"title"_s)
        .toString();
}

// Evidence must be findable verbatim: every " ... " piece is one of the index's sentences.
bool evidenceIsVerbatim(const LexicalReportIndex &index, const QString &evidence)
{
    if (evidence.isEmpty())
        return true;
    QSet<QString> sentences;
    for (int i = 0; i < index.sentenceCount(); ++i)
        sentences.insert(index.sentenceText(i));
    const QStringList pieces = evidence.split(u" ... "_s);
    if (pieces.size() > 2)
        return false;
    for (const QString &piece : pieces) {
        if (!sentences.contains(piece) || !index.text().contains(piece))
            return false;
    }
    return true;
}

struct JudgedTask {
    QStringList rubrics;
    QList<OfflineVerdict> verdicts;
};

} // namespace

class TestOfflineJudge : public QObject
{
    Q_OBJECT

private slots:
    void tokens_data();
    void tokens();
    void sentences();
    void pdfWrappedLinesJoin();
    void longParagraphIsCut();
    void searchOffsets();
    void scales();
    void pitfallCriterionPresent();
    void rubricWithoutKeyTerms();
    void missingNumberFails();
    void blockedUrlNextToFact();
    void blockedViaFootnote();
    void blockedByTitleAndDoi();
    void unblockedPassageWins();
    void realEnglishReport();
    void realChinesePdf();
    void speedOnLargestSample();
};

void TestOfflineJudge::tokens_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QStringList>("tokens");
    QTest::newRow("numbers") << u"1,200 and 1200; 17.0 vs 17.50, 79% of 2,5"_s
                             << QStringList{u"1200"_s, u"and"_s, u"1200"_s, u"17"_s, u"vs"_s,
                                            u"17.5"_s, u"79"_s,  u"of"_s,   u"2"_s,  u"5"_s};
    QTest::newRow("stemming") << u"Households guaranteed guarantees Programs studies"_s
                              << QStringList{u"household"_s, u"guarante"_s, u"guarante"_s,
                                             u"program"_s, u"study"_s};
    QTest::newRow("possessive and hyphen")
        << u"Pakistan's Food-for-Work Nepal’s"_s
        << QStringList{u"pakistan"_s, u"food"_s, u"for"_s, u"work"_s, u"nepal"_s};
    QTest::newRow("cjk bigrams") << u"土地财政模式"_s
                                 << QStringList{u"土地"_s, u"地财"_s, u"财政"_s, u"政模"_s,
                                                u"模式"_s};
    QTest::newRow("cjk with numbers and particles")
        << u"2021年土地的收入达到5.6万亿元"_s
        << QStringList{u"2021"_s, u"年土"_s, u"土地"_s, u"收入"_s, u"入达"_s,
                       u"达到"_s, u"5.6"_s,  u"万亿"_s, u"亿元"_s};
    QTest::newRow("full width") << u"２０２１年ＡＢＣ"_s
                                << QStringList{u"2021"_s, u"年"_s, u"abc"_s};
    QTest::newRow("wrapped cjk line")
        << u"建筑面积超过144平方\n米的大型房产"_s
        << QStringList{u"建筑"_s, u"筑面"_s, u"面积"_s, u"积超"_s, u"超过"_s, u"144"_s,
                       u"平方"_s, u"方米"_s, u"大型"_s, u"型房"_s, u"房产"_s};
}

void TestOfflineJudge::tokens()
{
    QFETCH(QString, text);
    QFETCH(QStringList, tokens);
    QCOMPARE(lexicalTokens(text), tokens);
}

void TestOfflineJudge::sentences()
{
    const QString report = u"# Title of the report\n\n"
                           "Intro sentence one. Intro sentence two, e.g. with an example! Is it "
                           "three?[^1] Yes.\n\n"
                           "- First bullet item\n"
                           "* Second bullet item.\n"
                           "1. Numbered item\n\n"
                           "| Country | Program |\n"
                           "| :-- | :-- |\n"
                           "| India | MGNREGA |\n\n"
                           "中国的土地财政模式。它不可持续！真的吗？是的；结束\n\n"
                           "[^1]: https://example.org/source\n"_s;
    const LexicalReportIndex index(report);
    QStringList texts;
    for (int i = 0; i < index.sentenceCount(); ++i)
        texts << index.sentenceText(i);
    QCOMPARE(texts,
             (QStringList{u"Title of the report"_s, u"Intro sentence one."_s,
                          u"Intro sentence two, e.g. with an example!"_s, u"Is it three?[^1]"_s,
                          u"Yes."_s, u"First bullet item"_s, u"Second bullet item."_s,
                          u"Numbered item"_s, u"Country | Program"_s, u"India | MGNREGA"_s,
                          u"中国的土地财政模式。"_s, u"它不可持续！"_s, u"真的吗？"_s, u"是的；"_s,
                          u"结束"_s, u"[^1]: https://example.org/source"_s}));
    for (int i = 0; i < index.sentenceCount(); ++i)
        QCOMPARE(report.mid(index.sentenceStart(i), index.sentenceLength(i)),
                 index.sentenceText(i));
}

void TestOfflineJudge::pdfWrappedLinesJoin()
{
    // PDF text breaks lines inside sentences; short lines (titles, paragraph ends) stay apart.
    const QString text = u"中国地方土地财政研究\n"
                         "根据定义，改善型住房通常指容积率低于1.0或建筑面积超过144平方\n"
                         "米的大型房产。这类住房的需求弹性较低，且购买者多为高净值人群，对\n"
                         "价格的敏感度相对不高。\n"
                         "第二段的开头很短。\n"_s;
    const LexicalReportIndex index(text);
    QStringList texts;
    for (int i = 0; i < index.sentenceCount(); ++i)
        texts << index.sentenceText(i);
    QCOMPARE(texts,
             (QStringList{
                 u"中国地方土地财政研究"_s,
                 u"根据定义，改善型住房通常指容积率低于1.0或建筑面积超过144平方\n米的大型房产。"_s,
                 u"这类住房的需求弹性较低，且购买者多为高净值人群，对\n价格的敏感度相对不高。"_s,
                 u"第二段的开头很短。"_s}));
}

void TestOfflineJudge::longParagraphIsCut()
{
    QString paragraph;
    for (int i = 0; i < 400; ++i)
        paragraph += u"word%1 "_s.arg(i);
    const LexicalReportIndex index(paragraph);
    QVERIFY(index.sentenceCount() > 1);
    QString joined;
    for (int i = 0; i < index.sentenceCount(); ++i) {
        QVERIFY(index.sentenceLength(i) <= 1000);
        QCOMPARE(paragraph.mid(index.sentenceStart(i), index.sentenceLength(i)),
                 index.sentenceText(i));
        joined += index.sentenceText(i) + u' ';
    }
    QCOMPARE(joined, paragraph);
}

void TestOfflineJudge::searchOffsets()
{
    const QString report = u"Pensions reach few people. The Zakat programme in Pakistan excluded "
                           "80% of eligible beneficiaries. Rice subsidies in Nepal covered 2% of "
                           "needs.\nZakat councils are political."_s;
    const LexicalReportIndex index(report);
    const QList<LexicalReportIndex::Hit> hits
        = index.search(u"Zakat programme in Pakistan, 80% of beneficiaries"_s, 3);
    QCOMPARE(hits.size(), 2);
    QCOMPARE(index.sentenceText(hits[0].sentence),
             u"The Zakat programme in Pakistan excluded 80% of eligible beneficiaries."_s);
    QCOMPARE(report.mid(hits[0].start, hits[0].length), index.sentenceText(hits[0].sentence));
    QCOMPARE(index.sentenceText(hits[1].sentence), u"Zakat councils are political."_s);
    QVERIFY(hits[0].score > hits[1].score);
    QCOMPARE(index.search(u"Zakat"_s, 1).size(), 1);
    QVERIFY(index.search(u"volcano"_s).isEmpty());
}

void TestOfflineJudge::scales()
{
    const QString report = u"The MGNREGA guarantees 100 days of unskilled work annually to rural "
                           "households.\nPakistan runs a Zakat programme funded by a wealth "
                           "deduction.\nNepal subsidises rice."_s;
    const LexicalReportIndex index(report);
    const QString full = u"State that MGNREGA guarantees 100 days of work to rural households."_s;
    const QString partial
        = u"State that MGNREGA guarantees 100 days of work and that wages were paid late."_s;
    const QString absent = u"Mention the volcano eruption in Iceland."_s;

    const OfflineVerdict d = judgeOffline(index, full, VerdictScale::Drb2Tristate);
    QCOMPARE(d.value, 1.0);
    QCOMPARE(d.evidence,
             u"The MGNREGA guarantees 100 days of unskilled work annually to rural households."_s);
    QCOMPARE(d.reason,
             u"lexical baseline: 7 of 7 key terms (incl. all numbers) found in 1 sentence; "
             "coverage 1.00"_s);
    QCOMPARE(d.score, 1.0);

    QCOMPARE(judgeOffline(index, full, VerdictScale::Binary).value, 1.0);
    QCOMPARE(judgeOffline(index, full, VerdictScale::Ternary).value, 1.0);
    QCOMPARE(judgeOffline(index, full, VerdictScale::ZeroToTen).value, 10.0);

    const OfflineVerdict p = judgeOffline(index, partial, VerdictScale::Ternary);
    QVERIFY2(p.score >= 0.35 && p.score < 0.6, qPrintable(p.reason));
    QCOMPARE(p.value, 0.5);
    QCOMPARE(judgeOffline(index, partial, VerdictScale::Drb2Tristate).value, 0.0);
    QCOMPARE(judgeOffline(index, partial, VerdictScale::Binary).value, 0.0);
    QCOMPARE(judgeOffline(index, partial, VerdictScale::ZeroToTen).value,
             double(qRound(10 * p.score)));

    for (VerdictScale scale : {VerdictScale::Drb2Tristate, VerdictScale::Binary,
                               VerdictScale::Ternary, VerdictScale::ZeroToTen}) {
        const OfflineVerdict a = judgeOffline(index, absent, scale);
        QCOMPARE(a.value, 0.0);
        QCOMPARE(a.evidence, QString());
        QVERIFY(a.reason.startsWith(u"lexical baseline: 0 of 3 key terms found; coverage 0.00"_s));
    }
}

void TestOfflineJudge::pitfallCriterionPresent()
{
    // ResearchRubrics pitfalls (negative weight): a match means the pitfall is present (1).
    const LexicalReportIndex index(
        u"The author claims gold prices will certainly double, so investors should buy now. "
        "Another section covers bonds. A third covers tax."_s);
    const OfflineVerdict v
        = judgeOffline(index, u"The response claims that gold prices will certainly double."_s,
                       VerdictScale::Ternary);
    QCOMPARE(v.value, 1.0);
}

void TestOfflineJudge::rubricWithoutKeyTerms()
{
    const LexicalReportIndex index(u"Some report text."_s);
    const OfflineVerdict v
        = judgeOffline(index, u"It is what it was to be."_s, VerdictScale::Drb2Tristate);
    QCOMPARE(v.value, 0.0);
    QCOMPARE(v.reason, u"lexical baseline: the rubric has no key terms to look for"_s);
}

void TestOfflineJudge::missingNumberFails()
{
    const LexicalReportIndex index(
        u"In Karnataka, many ineligible households possessed Below Poverty Line cards."_s);
    const OfflineVerdict v = judgeOffline(
        index,
        u"Explicitly state that in Karnataka, 70% of ineligible households possessed 'Below "
        "Poverty Line' (BPL) cards."_s,
        VerdictScale::Drb2Tristate);
    QCOMPARE(v.value, 0.0);
    QVERIFY2(v.reason.contains(u"(missing number: 70)"_s), qPrintable(v.reason));
}

void TestOfflineJudge::blockedUrlNextToFact()
{
    const QString report
        = u"# Findings\n\nPakistan's Benazir Income Support Programme failed to cover 79% of the "
          "poorest quintile of its target population (Javed and Mumtaz, "
          "https://pmc.ncbi.nlm.nih.gov/articles/PMC11175495/).\n\n"
          "Other programmes are discussed elsewhere."_s;
    const LexicalReportIndex index(report);
    const QString rubric
        = u"Explicitly state that Pakistan's 'Benazir Income Support Programme' "
          "failed to cover 79% of the poorest quintile of the target population."_s;
    const QStringList urls{
        u"https://journals.plos.org/globalpublichealth/article?id=10.1371/journal.pgph.0002710"_s,
        u"https://pmc.ncbi.nlm.nih.gov/articles/PMC11175495/"_s};
    const OfflineVerdict v = judgeOffline(index, rubric, VerdictScale::Drb2Tristate,
                                          u"South Asia's unprotected poor"_s, urls);
    QVERIFY2(v.value == -1.0, qPrintable(v.reason));
    QVERIFY(v.evidence.contains(u"PMC11175495"_s));
    QVERIFY2(v.reason.contains(
                 u"cites the blocked source (url pmc.ncbi.nlm.nih.gov/articles/pmc11175495)"_s),
             qPrintable(v.reason));
    QVERIFY(evidenceIsVerbatim(index, v.evidence));

    // Without the blocked list the same passage satisfies the rubric.
    QCOMPARE(judgeOffline(index, rubric, VerdictScale::Drb2Tristate).value, 1.0);
    // Other scales know nothing of blocking.
    QCOMPARE(judgeOffline(index, rubric, VerdictScale::Binary, QString(), urls).value, 1.0);
}

void TestOfflineJudge::blockedViaFootnote()
{
    const QString report
        = u"Remote depots of the Nepal Food Corporation meant Dalits met only 2% of their food "
          "needs.[^8]\n\nElsewhere, rice was diverted.[^2]\n\n"
          "[^2]: https://example.org/rice\n"
          "[^8]: https://journals.plos.org/globalpublichealth/article?id=10.1371%2Fjournal.pgph.0002710\n"_s;
    const LexicalReportIndex index(report);
    const QString rubric = u"Explicitly state that Dalits met only 2% of their food needs from "
                           "the Nepal Food Corporation's remote depots."_s;
    const OfflineVerdict v = judgeOffline(
        index, rubric, VerdictScale::Drb2Tristate, QString(),
        {u"https://journals.plos.org/globalpublichealth/article?id=10.1371/journal.pgph.0002710"_s});
    QVERIFY2(v.value == -1.0, qPrintable(v.reason));
    QCOMPARE(v.evidence,
             u"Remote depots of the Nepal Food Corporation meant Dalits met only 2% of their food "
             "needs.[^8]"_s);
}

void TestOfflineJudge::blockedByTitleAndDoi()
{
    const QString title = u"South Asia's unprotected poor: A systematic review of why social "
                          "protection programs fail to reach their potential"_s;
    const QString rubric = u"State that 47% of RSBY enrolled households were non-poor."_s;

    const LexicalReportIndex byTitle(
        u"According to \"South Asia’s Unprotected Poor - a systematic review of why social "
        "protection programs fail to reach their potential\", 47% of RSBY enrolled households "
        "were non-poor."_s);
    QCOMPARE(judgeOffline(byTitle, rubric, VerdictScale::Drb2Tristate, title, {}).value, -1.0);

    const LexicalReportIndex byDoi(
        u"47% of RSBY enrolled households were non-poor [3].\n\n"
        "[3] Javed W, Mumtaz Z. PLOS Glob Public Health. doi:10.1371/journal.pgph.0002710\n"_s);
    QCOMPARE(judgeOffline(byDoi, rubric, VerdictScale::Drb2Tristate, QString(),
                          {u"https://doi.org/10.1371/journal.pgph.0002710"_s})
                 .value,
             -1.0);

    const LexicalReportIndex unrelated(
        u"47% of RSBY enrolled households were non-poor (https://example.org/rsby).\n"_s);
    QCOMPARE(judgeOffline(unrelated, rubric, VerdictScale::Drb2Tristate, title,
                          {u"https://doi.org/10.1371/journal.pgph.0002710"_s})
                 .value,
             1.0);
}

void TestOfflineJudge::unblockedPassageWins()
{
    // The fact is stated twice, once citing the blocked source: the protocol's -1 is only for
    // support that relies on it.
    const QString report
        = u"RSBY enrolment was poorly targeted: 47% of enrolled households were non-poor "
          "(https://pubmed.ncbi.nlm.nih.gov/38870219/).\n\n"
          "Intermediate paragraph about pensions.\n\nAnother one about rice.\n\n"
          "A government audit also found that 47% of enrolled RSBY households were non-poor."_s;
    const LexicalReportIndex index(report);
    const OfflineVerdict v = judgeOffline(
        index, u"State that 47% of RSBY enrolled households were non-poor."_s,
        VerdictScale::Drb2Tristate, QString(), {u"https://pubmed.ncbi.nlm.nih.gov/38870219/"_s});
    QCOMPARE(v.value, 1.0);
    QCOMPARE(
        v.evidence,
        u"A government audit also found that 47% of enrolled RSBY households were non-poor."_s);
}

void TestOfflineJudge::realEnglishReport()
{
    RUBRICATE_REQUIRE_SHARED(tasksPath, "drb2/tasks_and_rubrics.jsonl");
    RUBRICATE_REQUIRE_SHARED(reportPath, "drb2/samples/report/passage/idx-2.md");
    const QJsonObject task = drb2Task(tasksPath, 2);
    QCOMPARE(task.value(u"idx"_s).toInt(), 2);
    const QStringList rubrics = drb2Rubrics(task);
    QCOMPARE(rubrics.size(), 109);
    const ExtractedDocument doc = extractDocument(readFile(reportPath), u"idx-2.md"_s);
    QVERIFY(doc.hasText);
    const LexicalReportIndex index(doc.text);

    int met = 0;
    for (const QString &rubric : rubrics) {
        const OfflineVerdict v = judgeOffline(index, rubric, VerdictScale::Drb2Tristate,
                                              blockedTitle(task), blockedUrls(task));
        QVERIFY2(v.value == 1.0 || v.value == 0.0 || v.value == -1.0, qPrintable(rubric));
        QVERIFY2(v.reason.startsWith(u"lexical baseline: "_s), qPrintable(v.reason));
        QVERIFY2(evidenceIsVerbatim(index, v.evidence), qPrintable(v.evidence));
        if (v.value != 0)
            QVERIFY(!v.evidence.isEmpty());
        met += v.value == 1.0 ? 1 : 0;
    }
    // A baseline, not a judge: it finds some, far from all.
    QVERIFY2(met >= 5 && met <= 60, qPrintable(QString::number(met)));

    // A key term present: the report's heading "Pakistan: Zakat Program".
    const OfflineVerdict zakat = judgeOffline(index, rubrics[84], VerdictScale::Drb2Tristate,
                                              blockedTitle(task), blockedUrls(task));
    QCOMPARE(rubrics[84], u"Correctly list Pakistan's program: 'Zakat Program'."_s);
    QCOMPARE(zakat.value, 1.0);
    QCOMPARE(zakat.evidence, u"Pakistan: Zakat Program"_s);

    // A key number present: "The MGNREGA guarantees 100 days of unskilled work annually to rural
    // households", under the MGNREGA heading.
    QVERIFY(rubrics[47].contains(u"100 days of public works employment"_s));
    const OfflineVerdict days = judgeOffline(index, rubrics[47], VerdictScale::Drb2Tristate,
                                             blockedTitle(task), blockedUrls(task));
    QCOMPARE(days.value, 1.0);
    QVERIFY(days.reason.contains(u"(incl. all numbers)"_s));
    QVERIFY(days.evidence.contains(
        u"The MGNREGA guarantees 100 days of unskilled work annually to rural households"_s));

    // Absent: Karnataka and its 70% appear nowhere in the report.
    QVERIFY(rubrics[20].contains(u"Karnataka, 70%"_s));
    QVERIFY(!doc.text.contains(u"Karnataka"_s));
    const OfflineVerdict karnataka = judgeOffline(index, rubrics[20], VerdictScale::Drb2Tristate,
                                                  blockedTitle(task), blockedUrls(task));
    QCOMPARE(karnataka.value, 0.0);
    QVERIFY(karnataka.reason.contains(u"(missing number: 70)"_s));
}

void TestOfflineJudge::realChinesePdf()
{
    RUBRICATE_REQUIRE_SHARED(tasksPath, "drb2/tasks_and_rubrics.jsonl");
    RUBRICATE_REQUIRE_SHARED(reportPath, "drb2/samples/report/passage/idx-1.pdf");
    const QJsonObject task = drb2Task(tasksPath, 1);
    QCOMPARE(task.value(u"language"_s).toString(), u"zh"_s);
    const QStringList rubrics = drb2Rubrics(task);
    QCOMPARE(rubrics.size(), 58);
    const ExtractedDocument doc = extractDocument(readFile(reportPath), u"idx-1.pdf"_s);
    QVERIFY(doc.hasText);
    const LexicalReportIndex index(doc.text);

    for (const QString &rubric : rubrics) {
        const OfflineVerdict v = judgeOffline(index, rubric, VerdictScale::Drb2Tristate,
                                              blockedTitle(task), blockedUrls(task));
        QVERIFY2(v.value == 1.0 || v.value == 0.0 || v.value == -1.0, qPrintable(rubric));
        QVERIFY2(v.reason.startsWith(u"lexical baseline: "_s), qPrintable(v.reason));
        QVERIFY2(evidenceIsVerbatim(index, v.evidence), qPrintable(v.evidence));
    }

    // Both numbers (1.0 and 144) and the key terms are in one sentence, wrapped over two PDF
    // lines: "改善型住房通常指容积率低于1.0或建筑面积超过144平方\n米的大型房产".
    QVERIFY(rubrics[17].contains(u"144平方米"_s));
    const OfflineVerdict housing = judgeOffline(index, rubrics[17], VerdictScale::Drb2Tristate,
                                                blockedTitle(task), blockedUrls(task));
    QCOMPARE(housing.value, 1.0);
    QVERIFY(housing.evidence.contains(u"容积率低于1.0或建筑面积超过144平方"_s));
    QVERIFY(housing.reason.contains(u"(incl. all numbers)"_s));

    // Absent: the Dongguan / Huawei rent-then-sell case is not in this report.
    QVERIFY(rubrics[23].contains(u"东莞"_s));
    QVERIFY(!doc.text.contains(u"东莞"_s) && !doc.text.contains(u"华为"_s));
    QCOMPARE(judgeOffline(index, rubrics[23], VerdictScale::Drb2Tristate, blockedTitle(task),
                          blockedUrls(task))
                 .value,
             0.0);
}

void TestOfflineJudge::speedOnLargestSample()
{
    RUBRICATE_REQUIRE_SHARED(tasksPath, "drb2/tasks_and_rubrics.jsonl");
    RUBRICATE_REQUIRE_SHARED(reportPath, "drb2/samples/report/passage/idx-16.md");
    const QJsonObject task = drb2Task(tasksPath, 16);
    const QStringList rubrics = drb2Rubrics(task);
    const ExtractedDocument doc = extractDocument(readFile(reportPath), u"idx-16.md"_s);

    QElapsedTimer timer;
    timer.start();
    const LexicalReportIndex index(doc.text);
    const qint64 indexNs = timer.nsecsElapsed();
    int met = 0;
    for (const QString &rubric : rubrics) {
        met += judgeOffline(index, rubric, VerdictScale::Drb2Tristate, blockedTitle(task),
                            blockedUrls(task))
                   .value
            == 1.0;
    }
    const qint64 totalNs = timer.nsecsElapsed();
    // A measurement for the record, not an assertion: machines differ.
    qInfo("idx-16.md: %lld chars, %d sentences indexed in %.1f ms; %lld rubrics judged in %.1f ms "
          "(%d met)",
          qint64(doc.text.size()), index.sentenceCount(), indexNs / 1e6, qint64(rubrics.size()),
          (totalNs - indexNs) / 1e6, met);
    QVERIFY(index.sentenceCount() > 100);
}

QTEST_GUILESS_MAIN(TestOfflineJudge)
#include "tst_offlinejudge.moc"
