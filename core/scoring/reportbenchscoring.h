// ReportBench citation precision and recall against a survey's ground-truth references,
// without a judge: from the report's own text or from the cited pages already fetched.
//
// The reference (related_work_evaluator.py, formats.md §2.4) compares sets of normalised
// titles: P = titles of the cited pages an LLM classified as papers, G = the survey's GT
// titles; precision |P∩G|/|P|, recall |P∩G|/|G|; micro pools the counts over surveys,
// macro averages the per-survey values. With TitleMethod::Text, P is built from the
// citations found in the text (citationextraction.h): a URL alone contributes no title, and
// a title is only found where the report writes it in a reference list. TitleMethod::Pages
// (below) reads the fetched pages instead, without the LLM's classification.
//
// Choices where the reference is silent or that differ from it, each an option:
//  - identifiers: the reference matches titles only. IdentifierMatching::TitlesAndIds also
//    lets an arXiv id or DOI in the report stand for the GT reference whose BibTeX fields
//    carry it (adding that reference's title to P); an identifier that matches no GT entry
//    adds nothing, since its title is unknown offline.
//  - a report with no citations: the reference drops it from every average (no row at
//    all). By default its precision is undefined (with the reason) and its recall 0: it is
//    left out of the precision means and kept in the recall ones.
//  - a report whose GT list is empty is dropped, as the reference drops a missing GT file.
//
// Where the titles come from (TitleMethod), each number says which:
//  - text: the titles the report writes in its reference list (citationextraction.h);
//  - pages: the reference's method without its LLM. The reference fetches every cited URL and
//    has an LLM decide whether the page is a scholarly paper and read its title; offline no
//    page is classified by a model. Instead a fetched page counts as a paper when it carries
//    <meta name="citation_title"> (publishers and arXiv set it) or its URL, as cited or after
//    redirects, is an arXiv or DOI page; its title is the citation_title, else og:title, else
//    <title>. Other pages, and URLs the project has not fetched, add nothing to P.
//  - judge: the reference's method with its LLM: a judge's stored classification of each
//    fetched cited page (paperclassification.h; `rubricate-cli reportbench classify-pages`)
//    decides whether it is a paper and gives its title. Pages that judge has not classified
//    add nothing to P and are counted apart (pagesFetched − pages classified), never as
//    "not a paper".
#pragma once

#include "citationextraction.h"
#include "domain/types.h"

#include <QList>
#include <QSet>
#include <QString>

#include <functional>
#include <optional>

namespace Rubricate {

enum class NoCitationPolicy {
    Undefined, // precision undefined, recall 0; out of precision averages, in recall ones
    Drop, // as the reference: the report is left out of every average
    Zero, // precision 0 and recall 0, counted everywhere
};

enum class IdentifierMatching {
    TitlesOnly, // as the reference
    TitlesAndIds, // arXiv ids and DOIs of the report also match GT entries
};

enum class TitleMethod {
    Text, // titles written in the report's reference list
    Pages, // titles of the fetched cited pages that read as papers
    Judge, // titles of the cited pages a judge classified as papers
};

// "text", "pages", "judge": the --titles value and the CSV's titles column.
QString titleMethodKey(TitleMethod method);

struct ReportBenchOptions {
    NoCitationPolicy noCitations = NoCitationPolicy::Undefined;
    IdentifierMatching identifiers = IdentifierMatching::TitlesOnly;
    TitleMethod titles = TitleMethod::Text;
    // The judge method: whose classifications (PageClassification::judge); empty: the only
    // judge that classified pages.
    QString pageJudge;
};

// A cited URL's copy in the project, reduced to what the pages method reads.
struct CitedPage {
    QString finalUrl; // after redirects
    QString citationTitle; // <meta name="citation_title">
    QString ogTitle; // <meta property="og:title">
    QString htmlTitle; // <title>
};

// What a cited page adds to P.
struct PaperPage {
    bool paper = false;
    QString title;
};

// The pages method's rule (above) for the fetched copy of `citedUrl`.
PaperPage paperByMetadata(const QString &citedUrl, const CitedPage &page);

// The report's citations with its titles replaced by the titles of the cited pages that are
// papers, each placed where its URL is cited. `page` decides for a URL as cited, nothing when
// it cannot (not fetched, not classified). Counts go to *decided and *papers.
QList<Citation>
citationsFromPaperPages(const QList<Citation> &textCitations,
                        const std::function<std::optional<PaperPage>(const QString &)> &page,
                        int *decided, int *papers);

// The pages method: citationsFromPaperPages with paperByMetadata. `page` gives the fetched
// copy of a URL as cited, nothing when there is none; *fetched counts the copies.
QList<Citation>
citationsFromPages(const QList<Citation> &textCitations,
                   const std::function<std::optional<CitedPage>(const QString &)> &page,
                   int *fetched, int *papers);

// G: the distinct non-empty normalised titles of a survey's references.
QSet<QString> groundTruthTitles(const QList<Reference> &references);

// One report's result; the column names of the reference's evaluation_summary.csv where
// there is one.
struct ReportBenchReportScore {
    QString model;
    QString taskId; // arXiv id of the survey
    TitleMethod titles = TitleMethod::Text; // where P's titles came from
    int pagesFetched = 0; // pages method: cited URLs with a fetched copy
    int pagesAsPapers = 0; // pages method: of those, the pages counted as papers
    int pagesClassified = 0; // judge method: of the fetched pages, those the judge classified
    QString pageJudge; // judge method: whose classifications
    int citations = 0; // distinct citations of every kind found in the text
    int urls = 0; // distinct URLs by the reference's normalised key
    int predictedCount = 0; // |P|
    int groundTruthCount = 0; // |G|
    int intersectionCount = 0; // |P∩G|
    std::optional<double> precision;
    std::optional<double> recall;
    std::optional<double> f1;
    bool dropped = false; // left out of every average
    QString note; // why a value is missing or the report was dropped
    QStringList matchedTitles; // normalised, sorted
};

// Scores one report. `model` and `taskId` are copied into the result.
ReportBenchReportScore scoreReportBenchReport(const QString &model, const QString &taskId,
                                              const QList<Citation> &citations,
                                              const QList<Reference> &groundTruth,
                                              const ReportBenchOptions &options = {});

// Per model: pooled counts (micro) and per-report means (macro), each named as such.
struct ReportBenchModelScore {
    QString model;
    int reports = 0; // every report given
    int scored = 0; // not dropped
    int withoutCitations = 0; // |P| = 0 among the scored and the dropped
    int totalPredicted = 0; // over scored reports
    int totalGroundTruth = 0;
    int totalIntersection = 0;
    // Micro: Σ|P∩G| / Σ|P| and Σ|P∩G| / Σ|G| (overall_precision / overall_recall).
    std::optional<double> microPrecision;
    std::optional<double> microRecall;
    std::optional<double> microF1;
    // Macro: plain means of the per-report values that exist (average_precision ...).
    std::optional<double> macroPrecision;
    std::optional<double> macroRecall;
    std::optional<double> macroF1;
    std::optional<double> refsPerReport; // mean |P| over scored reports ("Ref Num")
    std::optional<double> urlsPerReport; // mean distinct URLs over scored reports
};

// Groups by model (Unicode code-point order of names).
QList<ReportBenchModelScore> aggregateReportBench(const QList<ReportBenchReportScore> &reports);

// f1 = 2pr/(p+r), 0 when p+r = 0, nothing when either is missing.
std::optional<double> reportBenchF1(std::optional<double> precision, std::optional<double> recall);

} // namespace Rubricate
