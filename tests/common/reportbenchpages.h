// A ReportBench project whose report cites pages on the fake web server, for the tests of
// ReportBench's title methods (text, fetched pages, judge-classified pages): one survey with
// three ground-truth titles that hold commas and colons, and one report citing five URLs by
// address only — a paper with citation metadata (a), a blog (b), a paper without metadata that
// only a judge sees is one (c), a page with metadata that the survey does not cite (d), and a
// dead link. The judge simulator calls a page a paper when it mentions an abstract (a, c);
// the page metadata finds a and d; the report's text names no title at all, and holds one
// uncited fact (the simulator's claim extraction lists it).
#pragma once

#include "fakewebserver.h"
#include "ingest/importer.h"
#include "judge/judgesimulator.h"
#include "sources/sourcefetcher.h"
#include "store/projectstore.h"
#include "testfiles.h"

#include <QDir>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QUrl>

#include <memory>

namespace RubricateTest {

// Writes and imports the survey and the report (model "agent") under `dir`, and serves the
// pages; returns the cited URLs, to fetch with fetchReportBenchPages. Empty on failure.
inline QList<QUrl> writeReportBenchPages(Rubricate::ProjectStore &store, const QString &dir,
                                         FakeWebServer &web)
{
    using namespace Qt::StringLiterals;
    using namespace Rubricate;
    const QString tasks = QDir(dir).filePath(u"rb/ReportBench_v1.1.jsonl"_s);
    if (!writeFile(tasks,
                   R"({"arxiv_id":"2101.00001","title":"A Made-Up Survey",)"
                   R"("prompt":"Survey made-up things."})"
                   "\n")
        || !writeFile(QDir(dir).filePath(u"rb/ReportBench_v1.1_GT/2101.00001.jsonl"_s),
                      R"({"bib_id":"a","title":"Graphs & Networks, Explained: A Review"})"
                      "\n"
                      R"({"bib_id":"b","title":"What Is a Benchmark"})"
                      "\n"
                      R"({"bib_id":"c","title":"Attention, Memory, and Reasoning"})"
                      "\n")
        || runImport(store, ImportKind::ReportBench, tasks).errorCount() != 0)
        return {};
    web.setPage("/pc/a", "text/html",
                R"(<html><head><meta name="citation_title" )"
                R"(content="Graphs &amp; Networks, Explained: A Review"></head><body>)"
                "<h1>Graphs &amp; Networks, Explained: A Review</h1>"
                "<p>Abstract. We review graphs.</p></body></html>");
    web.setPage("/pc/b", "text/html",
                "<html><head><title>What Is a Benchmark</title></head><body>"
                "<h1>What Is a Benchmark</h1><p>A blog post.</p></body></html>");
    web.setPage("/pc/c", "text/html",
                "<html><head><title>Home</title></head><body>"
                "<h1>Attention, Memory, and Reasoning</h1>"
                "<p>Abstract: attention is memory.</p></body></html>");
    web.setPage("/pc/d", "text/html",
                R"(<html><head><meta name="citation_title" content="A Paper Nobody )"
                R"(Cited in the Survey"></head><body><h1>A Paper Nobody Cited in the )"
                "Survey</h1><p>No summary here.</p></body></html>");
    QString response = u"# Report\n\nProse citing [1]. The survey sorts 12 graph models into "
                       "3 families.\n\n## References\n\n"_s;
    QList<QUrl> urls;
    const QStringList paths{u"/pc/a"_s, u"/pc/b"_s, u"/pc/c"_s, u"/pc/d"_s, u"/pc/gone"_s};
    for (int i = 0; i < paths.size(); ++i) {
        urls << QUrl(web.url(paths.at(i)));
        response += u"[%1] %2\n"_s.arg(i + 1).arg(web.url(paths.at(i)));
    }
    const QString reports = QDir(dir).filePath(u"rb/agent"_s);
    if (!writeFile(reports + u"/2101.00001.json"_s,
                   QJsonDocument(QJsonObject{{u"response"_s, response}}).toJson())
        || runImport(store, ImportKind::ReportBenchReports, reports).errorCount() != 0)
        return {};
    return urls;
}

// Fetches `urls` into the project; false when the fetcher did not finish.
inline bool fetchReportBenchPages(Rubricate::ProjectStore &store, const QList<QUrl> &urls)
{
    Rubricate::SourceFetcher fetcher(&store);
    QSignalSpy fetched(&fetcher, &Rubricate::SourceFetcher::finished);
    fetcher.fetch(urls);
    return fetched.wait(20000);
}

// The project above in a file of a temporary folder, with the web server that serves its pages
// and a judge simulator to classify them, for the window's tests.
struct ReportBenchPagesProject {
    FakeWebServer web;
    Rubricate::JudgeSimulator judge;
    QTemporaryDir dir;
    QString path;
    QList<QUrl> urls; // cited, in the report's order

    // Listens, creates and imports; `fetch` also fetches the pages. False when anything failed.
    bool create(bool fetch)
    {
        if (!web.listen() || !judge.listen() || !dir.isValid())
            return false;
        path = dir.filePath(QStringLiteral("pages.rubricate"));
        const auto store = Rubricate::ProjectStore::create(path);
        if (!store)
            return false;
        urls = writeReportBenchPages(*store, dir.path(), web);
        return !urls.isEmpty() && (!fetch || fetchReportBenchPages(*store, urls));
    }

    std::unique_ptr<Rubricate::ProjectStore> open() const
    {
        auto store = Rubricate::ProjectStore::open(path);
        if (!store) {
            qWarning() << store.errorMessage();
            return nullptr;
        }
        return std::move(store).value();
    }
};

} // namespace RubricateTest
