#include "reportbenchproject.h"

#include "ingest/document/htmltext.h"
#include "sources/sourcefetcher.h" // sourceKey: the key a fetched URL is kept under
#include "store/projectstore.h"

#include <QHash>
#include <QLocale>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The project's fetched copy of `url`, its titles read from the kept bytes. A PDF or plain
// text copy has no titles; an unfetched URL has no copy.
std::optional<CitedPage> fetchedPage(ProjectStore &store, const QString &url)
{
    const auto row = store.sources().source(sourceKey(url), false);
    if (!row || row->state != "fetched"_L1)
        return std::nullopt;
    CitedPage page;
    page.finalUrl = row->finalUrl;
    if (row->contentType.contains(u"html"_s)) {
        const HtmlTitles titles = htmlTitles(store.reports().originalFile(row->contentHash));
        page.citationTitle = titles.citationTitle;
        page.ogTitle = titles.ogTitle;
        page.htmlTitle = titles.title;
    }
    return page;
}

ReportBenchReportScore scoreReport(ProjectStore &store, const ReportSummary &summary,
                                   const QString &text, const QList<Reference> &groundTruth,
                                   const ReportBenchOptions &options)
{
    QList<Citation> citations = extractCitations(text);
    int fetched = 0;
    int papers = 0;
    if (options.titles == TitleMethod::Pages) {
        citations = citationsFromPages(
            citations, [&](const QString &url) { return fetchedPage(store, url); }, &fetched,
            &papers);
    }
    ReportBenchReportScore s = scoreReportBenchReport(summary.model, summary.taskExternalId,
                                                      citations, groundTruth, options);
    s.pagesFetched = fetched;
    s.pagesAsPapers = papers;
    return s;
}

} // namespace

std::optional<QList<ReportBenchReportScore>>
readReportBenchScores(ProjectStore &store, const ReportBenchOptions &options, const QString &model,
                      QString *error)
{
    const QString key = QString::fromLatin1(BenchmarkKey::ReportBench);
    const auto bench = store.catalog().benchmark(key);
    if (!bench) {
        *error = u"the project has no ReportBench tasks (import reportbench first)"_s;
        return std::nullopt;
    }
    QHash<QString, QList<Reference>> groundTruth; // by arXiv id
    QList<ReportBenchReportScore> scores;
    for (const ReportSummary &r : store.reports().reportSummaries(key)) {
        if (!model.isEmpty() && r.model != model)
            continue;
        const auto report = store.reports().report(r.id);
        if (!report)
            continue;
        if (!groundTruth.contains(r.taskExternalId)) {
            const auto taskId = store.catalog().taskId(bench->id, r.taskExternalId);
            groundTruth.insert(r.taskExternalId,
                               taskId ? store.catalog().references(*taskId) : QList<Reference>());
        }
        scores << scoreReport(store, r, report->text, groundTruth.value(r.taskExternalId), options);
    }
    if (scores.isEmpty()) {
        *error = u"no ReportBench reports%1"_s.arg(model.isEmpty() ? QString()
                                                                   : u" from %1"_s.arg(model));
        return std::nullopt;
    }
    return scores;
}

} // namespace Rubricate
