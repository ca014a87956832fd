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

// The judge's decision on the fetched copy of `url`; nothing for a page it has not classified.
std::optional<PaperPage> judgedPage(ProjectStore &store, const QString &url, const QString &judge,
                                    int *fetched)
{
    const QString key = sourceKey(url);
    const auto row = store.sources().source(key, false);
    if (!row || row->state != "fetched"_L1)
        return std::nullopt;
    ++*fetched;
    const auto c = store.sources().pageClassification(key, judge);
    if (!c)
        return std::nullopt;
    return PaperPage{c->paper, c->title};
}

ReportBenchReportScore scoreReport(ProjectStore &store, const ReportSummary &summary,
                                   const QString &text, const QList<Reference> &groundTruth,
                                   const ReportBenchOptions &options)
{
    QList<Citation> citations = extractCitations(text);
    int fetched = 0;
    int classified = 0;
    int papers = 0;
    if (options.titles == TitleMethod::Pages) {
        citations = citationsFromPages(
            citations, [&](const QString &url) { return fetchedPage(store, url); }, &fetched,
            &papers);
    } else if (options.titles == TitleMethod::Judge) {
        citations = citationsFromPaperPages(
            citations,
            [&](const QString &url) { return judgedPage(store, url, options.pageJudge, &fetched); },
            &classified, &papers);
    }
    ReportBenchReportScore s = scoreReportBenchReport(summary.model, summary.taskExternalId,
                                                      citations, groundTruth, options);
    s.pagesFetched = fetched;
    s.pagesAsPapers = papers;
    s.pagesClassified = classified;
    if (options.titles == TitleMethod::Judge)
        s.pageJudge = options.pageJudge;
    return s;
}

// The judge method's judge: the one asked for, else the only one.
Result<void> choosePageJudge(ProjectStore &store, ReportBenchOptions *options)
{
    const QStringList judges = store.sources().pageJudges();
    if (!options->pageJudge.isEmpty()) {
        if (judges.contains(options->pageJudge))
            return {};
        return Error{u"no cited page was classified by %1 (classified by: %2)"_s.arg(
            options->pageJudge, judges.isEmpty() ? u"nobody"_s : judges.join(u", "_s))};
    }
    if (judges.size() == 1) {
        options->pageJudge = judges.constFirst();
        return {};
    }
    return Error{
        judges.isEmpty()
            ? u"no cited page has been classified yet (rubricate-cli reportbench classify-pages)"_s
            : u"pages were classified by %1; choose one with --page-judge"_s.arg(
                judges.join(u", "_s))};
}

} // namespace

Result<QList<ReportBenchReportScore>>
readReportBenchScores(ProjectStore &store, ReportBenchOptions options, const QString &model)
{
    if (options.titles == TitleMethod::Judge) {
        if (auto chosen = choosePageJudge(store, &options); !chosen)
            return chosen.error();
    }
    const QString key = QString::fromLatin1(BenchmarkKey::ReportBench);
    const auto bench = store.catalog().benchmark(key);
    if (!bench)
        return Error{u"the project has no ReportBench tasks (import reportbench first)"_s};
    QHash<QString, QList<Reference>> groundTruth; // by arXiv id
    QList<ReportBenchReportScore> scores;
    for (const ReportSummary &r : store.reports().reportSummaries(key).value_or({})) {
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
        return Error{u"no ReportBench reports%1"_s.arg(model.isEmpty() ? QString()
                                                                       : u" from %1"_s.arg(model))};
    }
    return scores;
}

} // namespace Rubricate
