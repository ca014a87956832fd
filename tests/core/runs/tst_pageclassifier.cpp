// ReportBench's titles by the reference's method: a judge classifies each fetched cited page
// (the fake judge server's simulator: a paper when the page mentions an abstract, titled by
// its first line), decisions are stored per judge, a second pass asks nothing, an unreadable
// answer leaves a page unclassified rather than "not a paper", and scoring with
// TitleMethod::Judge reads the stored decisions.
#include "exchange/resultcsv.h"
#include "fakewebserver.h"
#include "ingest/importer.h"
#include "judge/judgesimulator.h"
#include "judge/paperclassification.h"
#include "judgefixture.h"
#include "readers/reportbenchproject.h"
#include "runs/pageclassifier.h"
#include "scratchproject.h"
#include "sources/sourcefetcher.h"
#include "testfiles.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

class TestPageClassifier : public QObject
{
    Q_OBJECT

    FakeWebServer m_web;
    JudgeSimulator m_judge;
    std::unique_ptr<ScratchProject> m_project;

    JudgeConfig judge() const { return simulatorJudge(m_judge); }

    // Runs to the end; the final status, or why it did not start.
    QString classify(const JudgeConfig &config, PageClassifyProgress *progress,
                     QList<PageClassifyFailure> *failures = nullptr, bool force = false)
    {
        PageClassifier classifier(m_project->store().path(), config);
        QSignalSpy done(&classifier, &PageClassifier::finished);
        PageClassifyOptions options;
        options.force = force;
        QString error;
        if (!classifier.start(options, &error))
            return error;
        if (done.isEmpty() && !done.wait(30000))
            return u"timeout"_s;
        *progress = classifier.progress();
        if (failures)
            *failures = classifier.failures();
        return done.constFirst().constFirst().toString();
    }

    ReportBenchReportScore score(const QString &pageJudge = {})
    {
        ReportBenchOptions options;
        options.titles = TitleMethod::Judge;
        options.pageJudge = pageJudge;
        QString error;
        const auto scores = readReportBenchScores(m_project->store(), options, {}, &error);
        if (!scores) {
            qWarning() << error;
            return {};
        }
        return scores->constFirst();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_web.listen());
        QVERIFY(m_judge.listen());
    }

    // One survey with three GT titles; a report citing five URLs: a paper with citation
    // metadata, a blog, a paper without metadata (only the judge sees it is one), a page with
    // metadata that the survey does not cite, and a dead link.
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
                          R"({"bib_id":"a","title":"Graphs & Networks, Explained: A Review"})"
                          "\n"
                          R"({"bib_id":"b","title":"What Is a Benchmark"})"
                          "\n"
                          R"({"bib_id":"c","title":"Attention, Memory, and Reasoning"})"
                          "\n"));
        QCOMPARE(runImport(m_project->store(), ImportKind::ReportBench, tasks).errorCount(), 0);
        m_web.setPage("/pc/a", "text/html",
                      R"(<html><head><meta name="citation_title" )"
                      R"(content="Graphs &amp; Networks, Explained: A Review"></head><body>)"
                      "<h1>Graphs &amp; Networks, Explained: A Review</h1>"
                      "<p>Abstract. We review graphs.</p></body></html>");
        m_web.setPage("/pc/b", "text/html",
                      "<html><head><title>What Is a Benchmark</title></head><body>"
                      "<h1>What Is a Benchmark</h1><p>A blog post.</p></body></html>");
        m_web.setPage("/pc/c", "text/html",
                      "<html><head><title>Home</title></head><body>"
                      "<h1>Attention, Memory, and Reasoning</h1>"
                      "<p>Abstract: attention is memory.</p></body></html>");
        m_web.setPage("/pc/d", "text/html",
                      R"(<html><head><meta name="citation_title" content="A Paper Nobody )"
                      R"(Cited in the Survey"></head><body><h1>A Paper Nobody Cited in the )"
                      "Survey</h1><p>No summary here.</p></body></html>");
        QString response = u"# Report\n\nProse citing [1].\n\n## References\n\n"_s;
        QList<QUrl> urls;
        const QStringList paths{u"/pc/a"_s, u"/pc/b"_s, u"/pc/c"_s, u"/pc/d"_s, u"/pc/gone"_s};
        for (int i = 0; i < paths.size(); ++i) {
            urls << QUrl(m_web.url(paths.at(i)));
            response += u"[%1] %2\n"_s.arg(i + 1).arg(m_web.url(paths.at(i)));
        }
        const QString reports = m_project->filePath(u"rb/agent"_s);
        QVERIFY(writeFile(reports + u"/2101.00001.json"_s,
                          QJsonDocument(QJsonObject{{u"response"_s, response}}).toJson()));
        QCOMPARE(
            runImport(m_project->store(), ImportKind::ReportBenchReports, reports).errorCount(), 0);
        SourceFetcher fetcher(&m_project->store());
        QSignalSpy fetched(&fetcher, &SourceFetcher::finished);
        fetcher.fetch(urls);
        QVERIFY(fetched.wait(20000));
        m_judge.setBehaviour({});
        m_judge.resetCounters();
    }

    void cleanup() { m_project.reset(); }

    void readerIsLenientAndRefusesWhatItCannotRead()
    {
        QString error;
        const auto fenced = readPaperClassification(
            u"Sure:\n```json\n{\"is_academic_paper\": \"yes\", \"title\": \"  A   Title \"}\n```"_s,
            &error);
        QVERIFY2(fenced, qPrintable(error));
        QVERIFY(fenced->paper);
        QCOMPARE(fenced->title, u"A Title"_s);
        QVERIFY(!readPaperClassification(u"{\"title\": \"A Title\"}"_s, &error));
        QCOMPARE(error, u"the answer does not say whether the page is a paper"_s);
        QVERIFY(!readPaperClassification(u"{\"is_paper\": true}"_s, &error));
        QCOMPARE(error, u"a paper without a title"_s);
        QVERIFY(!readPaperClassification(u"I cannot tell."_s, &error));
        const QString prompt = paperClassificationPrompt(u"https://x.org/p"_s, QString(9000, u'a'));
        QVERIFY(prompt.contains(u"<page_text>\n"_s + QString(paperPageChars, u'a')
                                + u"\n</page_text>"_s));
    }

    void judgeClassifiesScoresAndResumes()
    {
        PageClassifyProgress p;
        QCOMPARE(classify(judge(), &p), u"finished"_s);
        QCOMPARE(p.pages, 4);
        QCOMPARE(p.notFetched, 1);
        QCOMPARE(p.classified, 4);
        QCOMPARE(p.papers, 2); // a and c mention an abstract
        QCOMPARE(p.requests, 4);
        const auto c = m_project->store().sources().pageClassification(
            sourceKey(m_web.url(u"/pc/c"_s)), u"openai:test-judge"_s);
        QVERIFY(c);
        QVERIFY(c->paper);
        QCOMPARE(c->title, u"Attention, Memory, and Reasoning"_s);

        const ReportBenchReportScore s = score();
        QCOMPARE(s.titles, TitleMethod::Judge);
        QCOMPARE(s.pageJudge, u"openai:test-judge"_s);
        QCOMPARE(s.pagesFetched, 4);
        QCOMPARE(s.pagesClassified, 4);
        QCOMPARE(s.pagesAsPapers, 2);
        QCOMPARE(s.predictedCount, 2);
        QCOMPARE(s.intersectionCount, 2);
        QCOMPARE(s.precision, 1.0);
        QCOMPARE(s.recall, 2.0 / 3.0);
        QVERIFY(reportBenchReportsCsv({s}).contains(",judge,4,2,4,openai:test-judge\n"));

        // A second pass asks nothing; --force asks again.
        QCOMPARE(classify(judge(), &p), u"finished"_s);
        QCOMPARE(p.skipped, 4);
        QCOMPARE(p.requests, 0);
        QCOMPARE(classify(judge(), &p, nullptr, true), u"finished"_s);
        QCOMPARE(p.requests, 4);
    }

    // The offline path decides from citation metadata (the pages method's rule), so it finds
    // a and d, and keeps its decisions apart from the judge's.
    void offlineDecidesFromMetadataUnderItsOwnName()
    {
        PageClassifyProgress p;
        QCOMPARE(classify(judge(), &p), u"finished"_s);
        JudgeConfig offline;
        QCOMPARE(classify(offline, &p), u"finished"_s);
        QCOMPARE(p.classified, 4);
        QCOMPARE(p.papers, 2);
        QCOMPARE(m_judge.requestCount(), 4); // only the judge's pass reached the server
        QCOMPARE(m_project->store().sources().pageJudges(),
                 (QStringList{u"offline:page-metadata"_s, u"openai:test-judge"_s}));
        QCOMPARE(score().predictedCount, 0); // two judges and none chosen: nothing read
        const ReportBenchReportScore s = score(u"offline:page-metadata"_s);
        QCOMPARE(s.predictedCount, 2);
        QCOMPARE(s.intersectionCount, 1);
    }

    // An answer that cannot be read is asked again; after the last attempt the page stays
    // unclassified and named, and scoring counts it apart, never as "not a paper".
    void unreadableAnswersLeaveThePageUnclassified()
    {
        SimulatorBehaviour b;
        const QString c = m_web.url(u"/pc/c"_s);
        b.script = [](const QString &prompt, int) -> std::optional<QString> {
            if (prompt.contains(u"/pc/c"_s))
                return u"This page is hard to judge."_s;
            return std::nullopt;
        };
        m_judge.setBehaviour(b);
        PageClassifyProgress p;
        QList<PageClassifyFailure> failures;
        QCOMPARE(classify(judge(), &p, &failures), u"failed"_s);
        QCOMPARE(p.classified, 3);
        QCOMPARE(p.failed, 1);
        QCOMPARE(p.requests, 6); // three attempts for c
        QCOMPARE(failures.size(), 1);
        QCOMPARE(failures.constFirst().url, sourceKey(c));
        QVERIFY2(failures.constFirst().error.startsWith(u"unusable answer: "_s),
                 qPrintable(failures.constFirst().error));
        QVERIFY(failures.constFirst().error.endsWith(u"(after 3 attempts)"_s));
        QVERIFY(
            !m_project->store().sources().pageClassification(sourceKey(c), u"openai:test-judge"_s));
        const ReportBenchReportScore s = score();
        QCOMPARE(s.pagesFetched, 4);
        QCOMPARE(s.pagesClassified, 3);
        QCOMPARE(s.predictedCount, 1);
    }

    void nothingToClassifyWithoutReports()
    {
        m_project = std::make_unique<ScratchProject>();
        PageClassifyProgress p;
        QCOMPARE(classify(judge(), &p), u"the project has no ReportBench reports"_s);
    }
};

QTEST_MAIN(TestPageClassifier)
#include "tst_pageclassifier.moc"
