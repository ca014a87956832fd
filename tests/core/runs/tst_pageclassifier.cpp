// ReportBench's titles by the reference's method: a judge classifies each fetched cited page
// (the fake judge server's simulator: a paper when the page mentions an abstract, titled by
// its first line), decisions are stored per judge, a second pass asks nothing, an unreadable
// answer leaves a page unclassified rather than "not a paper", and scoring with
// TitleMethod::Judge reads the stored decisions.
#include "exchange/resultcsv.h"
#include "fakewebserver.h"
#include "judge/judgesimulator.h"
#include "judge/paperclassification.h"
#include "judgefixture.h"
#include "readers/reportbenchproject.h"
#include "reportbenchpages.h"
#include "runs/pageclassifier.h"
#include "scratchproject.h"
#include "sources/sourcefetcher.h"
#include "waits.h"

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
        if (const Result<void> started = classifier.start(options); !started)
            return started.errorMessage();
        if (done.isEmpty() && !done.wait(BackgroundWorkTimeout))
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
        const auto scores = readReportBenchScores(m_project->store(), options, {});
        if (!scores) {
            qWarning() << scores.errorMessage();
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

    // One survey with three GT titles; a report citing five URLs (reportbenchpages.h).
    void init()
    {
        m_project = std::make_unique<ScratchProject>();
        QVERIFY2(m_project->isOpen(), qPrintable(m_project->error()));
        const QList<QUrl> urls
            = writeReportBenchPages(m_project->store(), m_project->filePath(QString()), m_web);
        QVERIFY(!urls.isEmpty());
        QVERIFY(fetchReportBenchPages(m_project->store(), urls));
        m_judge.setBehaviour({});
        m_judge.resetCounters();
    }

    void cleanup() { m_project.reset(); }

    void readerIsLenientAndRefusesWhatItCannotRead()
    {
        const auto fenced = readPaperClassification(
            u"Sure:\n```json\n{\"is_academic_paper\": \"yes\", \"title\": \"  A   Title \"}\n```"_s);
        QVERIFY2(fenced, qPrintable(fenced.errorMessage()));
        QVERIFY(fenced->paper);
        QCOMPARE(fenced->title, u"A Title"_s);
        const auto undecided = readPaperClassification(u"{\"title\": \"A Title\"}"_s);
        QVERIFY(!undecided);
        QCOMPARE(undecided.errorMessage(),
                 u"the answer does not say whether the page is a paper"_s);
        const auto untitled = readPaperClassification(u"{\"is_paper\": true}"_s);
        QVERIFY(!untitled);
        QCOMPARE(untitled.errorMessage(), u"a paper without a title"_s);
        QVERIFY(!readPaperClassification(u"I cannot tell."_s));
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
