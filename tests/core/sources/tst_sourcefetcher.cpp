// The source fetcher against a web server on 127.0.0.1: every bound holds, every failure is
// a reported state, and a fetched source is answered from the project the second time.
#include "exchange/resultcsv.h"
#include "fakewebserver.h"
#include "ingest/importer.h"
#include "readers/reportbenchproject.h"
#include "scratchproject.h"
#include "sources/sourcefetcher.h"
#include "testfiles.h"
#include "waits.h"

#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;
using State = FetchedSource::State;

class TestSourceFetcher : public QObject
{
    Q_OBJECT

private:
    FakeWebServer m_web;

    static QList<FetchedSource> fetchAll(SourceFetcher &fetcher, const QList<QUrl> &urls)
    {
        QSignalSpy finished(&fetcher, &SourceFetcher::finished);
        fetcher.fetch(urls);
        if (!finished.wait(BackgroundWorkTimeout))
            return {};
        return finished.constFirst().constFirst().value<QList<FetchedSource>>();
    }

    FetchedSource fetchOne(const QString &path, const FetchOptions &options = {})
    {
        SourceFetcher fetcher;
        fetcher.setOptions(options);
        const QList<FetchedSource> results = fetchAll(fetcher, {QUrl(m_web.url(path))});
        return results.value(0);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_web.listen());
        const QByteArray pdf = readFile(
            QStringLiteral(RUBRICATE_SOURCE_DIR "/resources/demo/report/AtlasAgent/idx-3.pdf"));
        QVERIFY(!pdf.isEmpty());
        m_web.setPdf(pdf);
    }

    void htmlPageBecomesTextWithoutItsResources()
    {
        const int before = m_web.requests();
        const FetchedSource s = fetchOne(u"/page.html"_s);
        QCOMPARE(s.state, State::Fetched);
        QCOMPARE(s.httpStatus, 200);
        QCOMPARE(s.contentType, u"text/html"_s);
        QVERIFY2(s.text.contains(u"Photosynthesis converts light into sugar."_s),
                 qPrintable(s.text));
        QCOMPARE(s.contentHash.size(), 64);
        QVERIFY(s.fetchedAt.isValid());
        QVERIFY(s.error.isEmpty());
        // Only the page itself was asked for: no stylesheet, image or script.
        QCOMPARE(m_web.requests(), before + 1);
        QCOMPARE(m_web.paths().constLast(), QByteArray("/page.html"));
        QVERIFY(m_web.lastUserAgent().startsWith("Rubricate/"));
    }

    void pdfBecomesText()
    {
        const FetchedSource s = fetchOne(u"/paper.pdf"_s);
        QCOMPARE(s.state, State::Fetched);
        QCOMPARE(s.contentType, u"application/pdf"_s);
        QVERIFY(s.text.size() > 100);
    }

    void redirectsAreFollowedUpToTheCap()
    {
        FetchOptions options;
        options.maxRedirects = 3;
        const FetchedSource within = fetchOne(u"/redirect/3"_s, options);
        QCOMPARE(within.state, State::Fetched);
        QCOMPARE(within.finalUrl, QUrl(m_web.url(u"/redirect/0"_s)));
        QVERIFY(within.text.contains(u"end of the chain"_s));

        const int before = m_web.requests();
        const FetchedSource beyond = fetchOne(u"/redirect/8"_s, options);
        QCOMPARE(beyond.state, State::Unreachable);
        QVERIFY2(beyond.error.contains(u"redirects"_s), qPrintable(beyond.error));
        QVERIFY(!m_web.paths().mid(before).contains("/redirect/0"));
    }

    void redirectToAnotherSchemeIsRefused()
    {
        const FetchedSource s = fetchOne(u"/to-file"_s);
        QCOMPARE(s.state, State::Refused);
        QVERIFY(s.text.isEmpty());
    }

    void bodiesOverTheCapAreDropped()
    {
        FetchOptions options;
        options.maxBytes = 100'000;
        const FetchedSource announced = fetchOne(u"/huge"_s, options);
        QCOMPARE(announced.state, State::TooLarge);
        QVERIFY(announced.text.isEmpty());
        // No Content-Length: stopped while reading.
        const FetchedSource streamed = fetchOne(u"/stream"_s, options);
        QCOMPARE(streamed.state, State::TooLarge);
        QVERIFY(streamed.contentHash.isEmpty());
    }

    void wrongContentTypeIsNotRead()
    {
        const FetchedSource s = fetchOne(u"/image.png"_s);
        QCOMPARE(s.state, State::WrongType);
        QVERIFY2(s.error.contains(u"image/png"_s), qPrintable(s.error));
    }

    void slowServerTimesOut()
    {
        FetchOptions options;
        options.timeoutMs = 300;
        const FetchedSource s = fetchOne(u"/hang"_s, options);
        QCOMPARE(s.state, State::Timeout);
    }

    void notFoundIsAnHttpError()
    {
        const FetchedSource s = fetchOne(u"/missing"_s);
        QCOMPARE(s.state, State::HttpError);
        QCOMPARE(s.httpStatus, 404);
        QVERIFY(!s.ok());
    }

    void unreachableHostIsAState()
    {
        // A port nothing listens on: refused connection, reported, not a crash or a hang.
        QTcpServer probe;
        QVERIFY(probe.listen(QHostAddress::LocalHost));
        const quint16 port = probe.serverPort();
        probe.close();
        SourceFetcher fetcher;
        const auto results = fetchAll(fetcher, {QUrl(u"http://127.0.0.1:%1/x"_s.arg(port))});
        QCOMPARE(results.size(), 1);
        QCOMPARE(results.constFirst().state, State::Unreachable);
        QVERIFY(!results.constFirst().error.isEmpty());
    }

    void perHostConcurrencyIsNeverExceeded()
    {
        SourceFetcher fetcher;
        FetchOptions options;
        options.perHost = 2;
        options.concurrency = 8;
        fetcher.setOptions(options);
        QList<QUrl> urls;
        for (int i = 0; i < 8; ++i)
            urls << QUrl(m_web.url(u"/slow/%1"_s.arg(i)));
        QSignalSpy each(&fetcher, &SourceFetcher::sourceFetched);
        const QList<FetchedSource> results = fetchAll(fetcher, urls);
        QCOMPARE(results.size(), 8);
        QCOMPARE(each.size(), 8);
        for (int i = 0; i < 8; ++i) {
            QCOMPARE(results.at(i).url, urls.at(i)); // in the order asked
            QCOMPARE(results.at(i).state, State::Fetched);
        }
        QCOMPARE(m_web.maxInFlight(), 2);
    }

    void cacheAnswersTheSecondFetchWithoutARequest()
    {
        ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        const QList<QUrl> urls{QUrl(m_web.url(u"/page.html"_s)), QUrl(m_web.url(u"/paper.pdf"_s)),
                               QUrl(m_web.url(u"/missing"_s))};
        {
            SourceFetcher fetcher(&project.store());
            const auto first = fetchAll(fetcher, urls);
            QCOMPARE(first.size(), 3);
            QVERIFY(!first.at(0).fromCache);
            QCOMPARE(fetcher.requestsSent(), 3);
        }
        QCOMPARE(project.scalar(u"SELECT count(*) FROM source"_s), 3);
        QCOMPARE(project.scalar(u"SELECT count(*) FROM source_text"_s), 2);
        const auto row = project.store().sources().source(m_web.url(u"/page.html"_s));
        QVERIFY(row);
        QCOMPARE(row->state, u"fetched"_s);
        QVERIFY(row->text.contains(u"Photosynthesis"_s));
        QVERIFY(!project.store().reports().originalFile(row->contentHash).isEmpty());

        const int before = m_web.requests();
        SourceFetcher again(&project.store());
        const auto second = fetchAll(again, {urls.at(0), urls.at(1)});
        QCOMPARE(m_web.requests(), before); // offline-safe: nothing asked
        QCOMPARE(again.requestsSent(), 0);
        QCOMPARE(second.size(), 2);
        QVERIFY(second.at(0).fromCache);
        QCOMPARE(second.at(0).state, State::Fetched);
        QVERIFY(second.at(0).text.contains(u"Photosynthesis"_s));
        QCOMPARE(second.at(1).contentType, u"application/pdf"_s);

        // A failure is tried again; a refresh asks again for everything.
        SourceFetcher retry(&project.store());
        FetchOptions options;
        options.refresh = true;
        retry.setOptions(options);
        fetchAll(retry, urls);
        QCOMPARE(m_web.requests(), before + 3);
        QCOMPARE(project.scalar(u"SELECT count(*) FROM source"_s), 3);
    }

    // ReportBench precision/recall by the pages method: the report's URLs fetched from the
    // server, titles read from the kept pages. A page with citation_title counts (entities
    // decoded, its decorated <title> ignored); an og:title-only page and a <title>-only page
    // are no papers by address on 127.0.0.1, and a 404 has no copy.
    void reportBenchTitlesFromFetchedPages()
    {
        ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        const QString tasks = project.filePath(u"rb/ReportBench_v1.1.jsonl"_s);
        QVERIFY(writeFile(tasks,
                          R"({"arxiv_id":"2101.00001","title":"A Made-Up Survey",)"
                          R"("prompt":"Survey made-up things."})"
                          "\n"));
        QVERIFY(
            writeFile(project.filePath(u"rb/ReportBench_v1.1_GT/2101.00001.jsonl"_s),
                      R"({"bib_id":"a","title":"Graphs & Networks, Explained: A Review"})"
                      "\n"
                      R"({"bib_id":"b","title":"What Is a Benchmark? An Essay on Leaderboards"})"
                      "\n"
                      R"({"bib_id":"c","title":"Attention, Memory, and Reasoning"})"
                      "\n"));
        QCOMPARE(runImport(project.store(), ImportKind::ReportBench, tasks).errorCount(), 0);

        m_web.setPage("/rb/a", "text/html",
                      R"(<html><head><title>Graphs | Publisher</title><meta name="citation_title" )"
                      R"(content="Graphs &amp; Networks, Explained: A Review"></head>)"
                      "<body><p>Abstract.</p></body></html>");
        m_web.setPage("/rb/b", "text/html",
                      R"(<html><head><meta property="og:title" content="What Is a Benchmark? )"
                      R"(An Essay on Leaderboards"></head><body>A blog.</body></html>)");
        m_web.setPage("/rb/c", "text/html",
                      "<html><head><title>Attention, Memory, and Reasoning</title></head>"
                      "<body>A page.</body></html>");
        m_web.setPage("/rb/d", "text/html",
                      R"(<html><head><meta name="citation_title" content="A Paper Nobody )"
                      R"(Cited in the Survey"><title>x</title></head><body>y</body></html>)");
        const QStringList paths{u"/rb/a"_s, u"/rb/b"_s, u"/rb/c"_s, u"/rb/d"_s, u"/rb/gone"_s};
        const QStringList titles{u"Graphs & Networks, Explained: A Review"_s,
                                 u"What Is a Benchmark? An Essay on Leaderboards"_s,
                                 u"Attention, Memory, and Reasoning"_s,
                                 u"A Paper Nobody Cited in the Survey"_s,
                                 u"A Page That Is Gone From the Web"_s};
        QString response = u"# Report\n\nProse citing [1].\n\n## References\n\n"_s;
        QList<QUrl> urls;
        for (int i = 0; i < paths.size(); ++i) {
            urls << QUrl(m_web.url(paths.at(i)));
            response += u"[%1] %2. %3\n"_s.arg(i + 1).arg(titles.at(i), m_web.url(paths.at(i)));
        }
        const QString reports = project.filePath(u"rb/agent"_s);
        QVERIFY(writeFile(reports + u"/2101.00001.json"_s,
                          QJsonDocument(QJsonObject{{u"response"_s, response}}).toJson()));
        QCOMPARE(runImport(project.store(), ImportKind::ReportBenchReports, reports).errorCount(),
                 0);
        SourceFetcher fetcher(&project.store());
        QCOMPARE(fetchAll(fetcher, urls).size(), 5);

        ReportBenchOptions options;
        const auto text = readReportBenchScores(project.store(), options, {});
        QVERIFY2(text, qPrintable(text.errorMessage()));
        QCOMPARE(text->constFirst().predictedCount, 5); // every title of the list
        QCOMPARE(text->constFirst().intersectionCount, 3);

        options.titles = TitleMethod::Pages;
        const auto pages = readReportBenchScores(project.store(), options, {});
        QVERIFY2(pages, qPrintable(pages.errorMessage()));
        const ReportBenchReportScore &s = pages->constFirst();
        QCOMPARE(s.titles, TitleMethod::Pages);
        QCOMPARE(s.urls, 5);
        QCOMPARE(s.pagesFetched, 4);
        QCOMPARE(s.pagesAsPapers, 2);
        QCOMPARE(s.predictedCount, 2);
        QCOMPARE(s.intersectionCount, 1);
        QCOMPARE(s.precision, 0.5);
        QCOMPARE(s.recall, 1.0 / 3.0);
        QCOMPARE(s.matchedTitles, QStringList{u"graphs networks explained a review"_s});
        const QByteArray csv = reportBenchReportsCsv(*pages);
        QVERIFY(csv.startsWith("model,arxiv_id,"));
        QVERIFY(
            csv.contains(",titles,pages_fetched,pages_as_papers,pages_classified,page_judge\n"));
        QVERIFY(csv.contains(",pages,4,2,0,\n"));
    }

    void failedRefreshKeepsTheStoredCopy()
    {
        ScratchProject project;
        QVERIFY(project.isOpen());
        SourceRow good;
        good.url = m_web.url(u"/missing"_s);
        good.state = u"fetched"_s;
        good.contentType = u"text/plain"_s;
        good.bytes = "kept";
        good.text = u"kept"_s;
        good.contentHash = u"0123"_s;
        QVERIFY(project.store().sources().putSources({good}));
        SourceFetcher fetcher(&project.store());
        FetchOptions options;
        options.refresh = true;
        fetcher.setOptions(options);
        const auto results = fetchAll(fetcher, {QUrl(good.url)});
        QCOMPARE(results.constFirst().state, State::HttpError); // reported as it is ...
        QCOMPARE(project.store().sources().source(good.url)->text, u"kept"_s); // ... the copy stays
    }

    void otherSchemesAreRefusedWithoutARequest()
    {
        const int before = m_web.requests();
        SourceFetcher fetcher;
        const QList<QUrl> urls{QUrl(u"file:///etc/passwd"_s), QUrl(u"data:text/plain,hello"_s),
                               QUrl(u"ftp://127.0.0.1/x"_s), QUrl(u"not a url at all"_s)};
        const auto results = fetchAll(fetcher, urls);
        QCOMPARE(results.size(), 4);
        for (const FetchedSource &s : results) {
            QCOMPARE(s.state, State::Refused);
            QVERIFY(!s.error.isEmpty());
        }
        QCOMPARE(fetcher.requestsSent(), 0);
        QCOMPARE(m_web.requests(), before);
    }

    void cookiesAreNotKept()
    {
        SourceFetcher fetcher;
        fetchAll(fetcher, {QUrl(m_web.url(u"/set-cookie"_s))});
        fetchAll(fetcher, {QUrl(m_web.url(u"/page.html"_s))});
        QVERIFY(!m_web.sawCookie());
    }

    void repeatedUrlsAreFetchedOnce()
    {
        const int before = m_web.requests();
        SourceFetcher fetcher;
        const QUrl url(m_web.url(u"/slow/once"_s));
        const auto results = fetchAll(fetcher, {url, url});
        QCOMPARE(results.size(), 2);
        QCOMPARE(m_web.requests(), before + 1);
    }

    void cancelStopsAndFinishes()
    {
        SourceFetcher fetcher;
        FetchOptions options;
        options.timeoutMs = 60'000;
        fetcher.setOptions(options);
        QSignalSpy finished(&fetcher, &SourceFetcher::finished);
        const int before = m_web.requests();
        fetcher.fetch({QUrl(m_web.url(u"/hang"_s))});
        QTRY_COMPARE_WITH_TIMEOUT(m_web.requests(), before + 1, BackgroundWorkTimeout);
        fetcher.cancel();
        QCOMPARE(finished.size(), 1);
        QVERIFY(!fetcher.isRunning());
    }

    void stateKeysRoundTrip()
    {
        for (State s : {State::Fetched, State::Unreachable, State::Timeout, State::TooLarge,
                        State::WrongType, State::Refused, State::HttpError})
            QCOMPARE(sourceStateFromKey(sourceStateKey(s)), std::optional<State>(s));
    }
};

QTEST_GUILESS_MAIN(TestSourceFetcher)
#include "tst_sourcefetcher.moc"
