// The source fetcher against a web server on 127.0.0.1: every bound holds, every failure is
// a reported state, and a fetched source is answered from the project the second time.
#include "fakewebserver.h"
#include "scratchproject.h"
#include "sources/sourcefetcher.h"
#include "testfiles.h"

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
        if (!finished.wait(20'000))
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
        QTRY_COMPARE(m_web.requests(), before + 1);
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
