// Claims by the reference's method: a judge (the fake judge server's simulator) lists the cited
// statements per block, then the uncited ones given the cited; the claims are written per
// report in one transaction and labelled by origin, a second pass asks nothing, and a report
// whose answer cannot be read fails alone and writes nothing. The block splitter gives the
// text back when its blocks are joined.
#include "ingest/importer.h"
#include "judge/claimextraction.h"
#include "judge/judgesimulator.h"
#include "judgefixture.h"
#include "readers/claimsproject.h"
#include "runs/claimextractor.h"
#include "scratchproject.h"
#include "store/projectstore.h"
#include "testfiles.h"
#include "waits.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

namespace {

// One block: two cited sentences (three statement–URL pairs), one uncited fact with a number,
// and one sentence of common knowledge, which the simulator leaves out.
QString reportText(const QString &marker)
{
    return u"# Survey\n\n"
           "Graph networks reached 91% accuracy on the benchmark [A](https://example.org/a). "
           "They were first described in 2009 by %1.\n\n"
           "Transformers are popular.\n\n"
           "## Results\n\n"
           "The dataset holds 12000 labelled images [B](https://example.org/b) "
           "[C](https://example.org/c).\n"_s.arg(marker);
}

} // namespace

class TestClaimExtractor : public QObject
{
    Q_OBJECT

    JudgeSimulator m_judge;
    std::unique_ptr<ScratchProject> m_project;

    JudgeConfig judge() const { return simulatorJudge(m_judge); }

    // Runs to the end; the final status, or why it did not start.
    QString extract(ClaimExtractProgress *progress, QList<ClaimExtractFailure> *failures = nullptr,
                    bool force = false)
    {
        ClaimExtractor extractor(m_project->store().path(), judge());
        QSignalSpy done(&extractor, &ClaimExtractor::finished);
        ClaimExtractOptions options;
        options.force = force;
        options.attempts = 2;
        auto reports = claimReports(m_project->store(), {});
        if (!reports)
            return reports.errorMessage();
        options.reports = std::move(reports).value();
        if (const Result<void> started = extractor.start(options); !started)
            return started.errorMessage();
        if (done.isEmpty() && !done.wait(BackgroundWorkTimeout))
            return u"timeout"_s;
        *progress = extractor.progress();
        if (failures)
            *failures = extractor.failures();
        return done.constFirst().constFirst().toString();
    }

    QList<Rubric> claimsOf(const QString &model)
    {
        for (const ReportSummary &r : m_project->store().reports().reportSummaries({}).value()) {
            if (r.model == model)
                return m_project->store().catalog().claims(r.id);
        }
        return {};
    }

private slots:
    void initTestCase() { QVERIFY(m_judge.listen()); }

    // One survey, a report from each of two agents.
    void init()
    {
        m_project = std::make_unique<ScratchProject>();
        QVERIFY2(m_project->isOpen(), qPrintable(m_project->error()));
        const QString tasks = m_project->filePath(u"rb/ReportBench_v1.1.jsonl"_s);
        QVERIFY(writeFile(tasks,
                          R"({"arxiv_id":"2101.00001","title":"A Made-Up Survey",)"
                          R"("prompt":"Survey made-up things."})"
                          "\n"));
        QVERIFY(writeFile(m_project->filePath(u"rb/ReportBench_v1.1_GT/2101.00001.jsonl"_s),
                          R"({"bib_id":"a","title":"A Title"})"
                          "\n"));
        QCOMPARE(runImport(m_project->store(), ImportKind::ReportBench, tasks).errorCount(), 0);
        for (const QString &model : {u"Alpha"_s, u"Beta"_s}) {
            const QString folder = m_project->filePath(u"rb/"_s + model);
            QVERIFY(
                writeFile(folder + u"/2101.00001.json"_s,
                          QJsonDocument(QJsonObject{{u"response"_s, reportText(model)}}).toJson()));
            ImportOptions o;
            o.model = model;
            QCOMPARE(runImport(m_project->store(), ImportKind::ReportBenchReports, folder, o)
                         .errorCount(),
                     0);
        }
        m_judge.setBehaviour({});
        m_judge.resetCounters();
    }

    void cleanup() { m_project.reset(); }

    void splitterGivesTheTextBack_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("max");
        QTest::addColumn<QStringList>("blocks");
        QTest::newRow("sections packed, then one that outgrows")
            << u"intro\n# A\naaaa\n# B\nbb"_s << 12
            << QStringList{u"intro"_s, u"# A\naaaa"_s, u"# B\nbb"_s};
        QTest::newRow("all fits") << u"# A\ntext\n## B\nmore\n"_s << 100
                                  << QStringList{u"# A\ntext\n## B\nmore\n"_s};
        QTest::newRow("oversized section alone") << u"# A\n"_s + QString(30, u'x')
                + u"\n# B\nb"_s << 10 << QStringList{u"# A\n"_s + QString(30, u'x'), u"# B\nb"_s};
        QTest::newRow("no headers: lines packed")
            << u"aaaa\nbbbb\ncccc"_s << 10 << QStringList{u"aaaa\nbbbb"_s, u"cccc"_s};
        QTest::newRow("#### is no header")
            << u"#### a\nb"_s << 3 << QStringList{u"#### a"_s, u"b"_s};
        // The reference's own check stops here (it drops the blank block); we keep it.
        QTest::newRow("blank preamble") << u"\n\n# A\n"_s + QString(20, u'y') << 8
                                        << QStringList{u"\n"_s, u"# A\n"_s + QString(20, u'y')};
    }

    void splitterGivesTheTextBack()
    {
        QFETCH(QString, text);
        QFETCH(int, max);
        QFETCH(QStringList, blocks);
        const QStringList split = splitTextByHeaders(text, max);
        QCOMPARE(split, blocks);
        QCOMPARE(split.join(u'\n'), text);
    }

    void splitterCountsCodePoints()
    {
        // Four emoji and "\nab": eight characters to Python's len(), twelve UTF-16 units.
        const QString emoji = QString::fromUtf8("\xF0\x9F\x98\x80").repeated(4);
        QCOMPARE(splitTextByHeaders(emoji + u"\nab"_s, 8), QStringList{emoji + u"\nab"_s});
    }

    void readerIsLenientAndRefusesWhatItCannotRead()
    {
        const auto fenced = readExtractedStatements(
            u"Here:\n```json\n[{\"statement\": \" A  fact. \", \"url\": [\"https://x/1\", "
            "\"https://x/2\"]}]\n```"_s,
            ClaimPromptKind::Cited);
        QVERIFY2(fenced, qPrintable(fenced.errorMessage()));
        QCOMPARE(fenced->size(), 2);
        QCOMPARE(fenced->at(1).statement, u"A fact."_s);
        QCOMPARE(fenced->at(1).url, u"https://x/2"_s);
        const auto wrapped = readExtractedStatements(
            u"{\"claims\": [{\"claim\": \"C\", \"url\": \"\"}]}"_s, ClaimPromptKind::PdrClaims);
        QVERIFY2(wrapped && wrapped->size() == 1 && wrapped->constFirst().url.isEmpty(),
                 qPrintable(wrapped.errorMessage()));
        const auto none = readExtractedStatements(u"[]"_s, ClaimPromptKind::Uncited);
        QVERIFY(none && none->isEmpty()); // a real "none"
        QVERIFY(!readExtractedStatements(u"I found no statements."_s, ClaimPromptKind::Cited));
        const auto noStatement
            = readExtractedStatements(u"[{\"url\": \"https://x\"}]"_s, ClaimPromptKind::Cited);
        QVERIFY(!noStatement);
        QCOMPARE(noStatement.errorMessage(), u"item 1 of the answer has no statement"_s);
        const auto cutOff = readExtractedStatements(
            u"[{\"statement\": \"a\"}, {\"statement\": \"b"_s, ClaimPromptKind::Uncited);
        QVERIFY(!cutOff);
        QVERIFY2(cutOff.errorMessage().startsWith(u"the answer was cut off"_s),
                 qPrintable(cutOff.errorMessage()));
    }

    // The simulator answers the PDR-Bench prompt with cited and uncited claims in one list.
    void simulatorAnswersThePdrPrompt()
    {
        const auto claims = readExtractedStatements(
            JudgeSimulator::answerPrompt(pdrClaimsPrompt(reportText(u"Gamma"_s))),
            ClaimPromptKind::PdrClaims);
        QVERIFY2(claims, qPrintable(claims.errorMessage()));
        QCOMPARE(claims->size(), 4);
        QCOMPARE(claims->at(0).url, u"https://example.org/a"_s);
        QCOMPARE(claims->at(1).statement, u"They were first described in 2009 by Gamma."_s);
        QVERIFY(claims->at(1).url.isEmpty());
    }

    void judgeExtractsLabelsAndResumes()
    {
        // The heuristic claims first: the judge's replace them, and each says where it is from.
        const auto extracted = extractClaims(m_project->store(), {});
        QVERIFY2(extracted, qPrintable(extracted.errorMessage()));
        QVERIFY(!claimsOf(u"Alpha"_s).isEmpty());
        QCOMPARE(claimOrigin(claimsOf(u"Alpha"_s).constFirst()), u"heuristic"_s);

        ClaimExtractProgress p;
        QCOMPARE(extract(&p), u"finished"_s);
        QCOMPARE(p.reports, 2);
        QCOMPARE(p.extracted, 2);
        QCOMPARE(p.cited, 6);
        QCOMPARE(p.uncited, 2);
        QCOMPARE(p.requests, 4); // per report: the cited block, then the uncited one
        const QList<Rubric> claims = claimsOf(u"Alpha"_s);
        QCOMPARE(claims.size(), 4);
        for (const Rubric &c : claims)
            QCOMPARE(claimOrigin(c), u"judge:openai:test-judge"_s);
        QCOMPARE(claims.at(0).dimension, u"cited"_s);
        QCOMPARE(claims.at(0).text, u"Graph networks reached 91% accuracy on the benchmark A."_s);
        QCOMPARE(claims.at(0).metadata.value(u"url"_s).toString(), u"https://example.org/a"_s);
        QCOMPARE(claims.at(2).metadata.value(u"url"_s).toString(), u"https://example.org/c"_s);
        QCOMPARE(claims.at(3).dimension, u"uncited"_s);
        QCOMPARE(claims.at(3).text, u"They were first described in 2009 by Alpha."_s);
        // Found verbatim in the report, so it has its place there.
        QVERIFY(claims.at(3).metadata.value(u"span"_s).toObject().contains(u"offset"_s));

        // A second pass asks nothing; --force asks again.
        QCOMPARE(extract(&p), u"finished"_s);
        QCOMPARE(p.skipped, 2);
        QCOMPARE(p.requests, 0);
        QCOMPARE(m_judge.requestCount(), 4);
        QCOMPARE(extract(&p, nullptr, true), u"finished"_s);
        QCOMPARE(p.extracted, 2);
        QCOMPARE(p.requests, 4);
    }

    // Beta's report gets an answer that cannot be read: asked again, then Beta fails, named,
    // with its heuristic claims as they were; Alpha is written.
    void brokenAnswerFailsItsReportAndWritesNothing()
    {
        const auto extracted = extractClaims(m_project->store(), {});
        QVERIFY2(extracted, qPrintable(extracted.errorMessage()));
        const int betaBefore = int(claimsOf(u"Beta"_s).size());
        SimulatorBehaviour b;
        b.script = [](const QString &prompt, int) -> std::optional<QString> {
            if (prompt.contains(u"by Beta."_s))
                return u"The statements are: graph networks and datasets."_s;
            return std::nullopt;
        };
        m_judge.setBehaviour(b);
        ClaimExtractProgress p;
        QList<ClaimExtractFailure> failures;
        QCOMPARE(extract(&p, &failures), u"failed"_s);
        QCOMPARE(p.extracted, 1);
        QCOMPARE(p.failed, 1);
        QCOMPARE(failures.size(), 1);
        QVERIFY2(failures.constFirst().report.contains(u"Beta"_s),
                 qPrintable(failures.constFirst().report));
        QVERIFY2(failures.constFirst().error.contains(u"(after 2 attempts)"_s),
                 qPrintable(failures.constFirst().error));
        QCOMPARE(claimOrigin(claimsOf(u"Alpha"_s).constFirst()), u"judge:openai:test-judge"_s);
        const QList<Rubric> beta = claimsOf(u"Beta"_s);
        QCOMPARE(int(beta.size()), betaBefore);
        QCOMPARE(claimOrigin(beta.constFirst()), u"heuristic"_s);
    }
};

QTEST_MAIN(TestClaimExtractor)
#include "tst_claimextractor.moc"
