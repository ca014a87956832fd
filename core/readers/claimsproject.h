// Claims end to end in a project: the statements of a report stored as report-scoped rubric
// items ("claims"), and the stored verdicts on them read back as ReportBench's statement
// measures (citation match rate, non-cited accuracy) and as PDR-Bench R's claim items.
//
// A claim is a Rubric with reportId set, on the binary scale, dimension "cited" (checked
// against its source by reportbench-cited) or "uncited" (fact-checked by
// reportbench-factcheck). A cited statement with several URLs becomes one claim per URL, as
// the reference counts statement–URL pairs; a cited statement whose markers point to no URL
// becomes one claim without URL (its source is unavailable). Metadata: "sentence" (as
// written), "claim_index" (the statement's place in the report), "url" (this claim's source,
// "" for none), "urls" and "markers" (all of the statement's), "span" {"offset", "length"} in
// the report text (UTF-16), and "origin": who extracted it — "heuristic" (claimsOfReport; a
// claim stored before origins were written reads as one too) or "judge:<provider>:<model>"
// (judgeClaimsOfReport in judge/claimextraction.h, the reference's method,
// runs/claimextractor.h).
//
// Votes: every judge run is one judge × one vote. Several votes of one judge are several runs
// with the same judge model; several judges are runs with different models. Scoring takes a
// chosen set of runs (all claim runs of the benchmark by default): the fact-check runs' votes
// are pooled into a majority per statement (the reference's 2 models × 3 attempts = 6 votes
// is six runs), and the cited runs' verdicts are combined the same way per statement–URL pair.
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "judge/claimextraction.h" // claimOrigin, the origins of claims
#include "scoring/pdrscoring.h"
#include "scoring/statementvotes.h"
#include "store/storetypes.h" // ReportSummary

#include <QByteArray>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rubricate {

class ProjectStore;

// The claims of one report (not yet stored: id 0), from its text.
QList<Rubric> claimsOfReport(const Report &report);

struct ClaimScope {
    QString benchmarkKey; // empty: ReportBench and PDR-Bench, whose protocols check claims
    QStringList taskIds; // external ids; empty: every task
    QStringList models; // empty: every model
    // Extract again for reports that already have claims, replacing them with their verdicts.
    // Refused for the whole scope (nothing written) when any of those claims has an
    // annotation: human labels are never deleted.
    bool force = false;
};

// The reports of the scope in project order; an error when there are none or a benchmark is
// unknown.
Result<QList<ReportSummary>> claimReports(ProjectStore &store, const ClaimScope &scope);

struct ClaimExtraction {
    int reports = 0; // in scope
    int extracted = 0; // reports whose claims were written
    int skipped = 0; // already had claims (no --force)
    int withoutText = 0;
    int cited = 0; // claims written
    int uncited = 0;
};

// One transaction per report. An error when the scope is empty, a benchmark is unknown, or
// (forced) annotated claims would be deleted.
Result<ClaimExtraction> extractClaims(ProjectStore &store, const ClaimScope &scope);

// The distinct source URLs the stored claims cite, in claim order (benchmarkKey empty: every
// benchmark's): what `sources fetch` fetches when given no URL.
QStringList claimUrls(ProjectStore &store, const QString &benchmarkKey = {});

// One stored claim and what the chosen runs said about it.
enum class ClaimOutcome {
    Supported, // the majority of usable verdicts is 1 (true)
    NotSupported, // ... is 0 (false)
    Tie, // as many 1 as 0
    SourceUnavailable, // no usable verdict, and a run found its source unavailable
    JudgeError, // no usable verdict: every verdict an error
    NotJudged, // no chosen run has a verdict on it
};

struct ClaimResult {
    RowId reportId = 0;
    RowId claimId = 0;
    QString model;
    QString taskId; // task external id
    QString queryId; // PDR-Bench query external id
    QString persona;
    QString setting;
    bool cited = false;
    QString url;
    QString sourceState; // for SourceUnavailable: "not-fetched", "no-url", "unreachable" ...
    ClaimOutcome outcome = ClaimOutcome::NotJudged;
    StatementMajority majority;
};

// Which runs judge a claim when no run ids are given.
enum class ClaimRunChoice {
    Pool, // every claim run of the benchmark, each one vote (ReportBench's judges × attempts)
    NewestPerReport, // per report and claim scheme, the newest FINISHED run with a verdict on it
};

// Every claim of the benchmark's reports (only `model`'s when given) with its outcome over
// `runIds` (empty: the claim runs of the benchmark chosen by `choice`). Cited claims take the
// reportbench-cited runs, uncited ones the reportbench-factcheck runs. An error when
// the benchmark is unknown, a run is not a claim run of it, or there are no claims.
Result<QList<ClaimResult>> readClaimResults(ProjectStore &store, const QString &benchmarkKey,
                                            const QList<RowId> &runIds, const QString &model,
                                            ClaimRunChoice choice = ClaimRunChoice::Pool);

// PDR-Bench R's claim items from the stored claims and the chosen support runs (pdrscoring.h):
// uncited → Uncited; cited: Supported, NotSupported, SourceUnavailable, and JudgeError for a
// judge error, a tie between runs or a claim no chosen run judged. `supportRunIds` empty: per
// report the newest finished support run that judged it (ClaimRunChoice::NewestPerReport);
// given: those runs, pooled as votes. supportJudged: a chosen run judged one of the report's
// cited claims, or — for a report citing nothing — one of its model's reports.
Result<QList<PdrClaimItem>> readPdrClaimItems(ProjectStore &store,
                                              const QList<RowId> &supportRunIds);

// The claim items of every PDR-Bench claim over every support run, or nothing when the project
// has no PDR-Bench claims: then R has no value (it is left out of the overall), never 0.
std::optional<QList<PdrClaimItem>> storedPdrClaimItems(ProjectStore &store);

// ReportBench's statement measures of one report (metrics_calculator.py, formats.md §2.4).
struct ReportBenchStatementScore {
    QString model;
    QString taskId; // arXiv id
    CitationMatchRate cited; // statement–URL pairs
    NonCitedAccuracy uncited;
};

QList<ReportBenchStatementScore> reportBenchStatementScores(const QList<ClaimResult> &claims);

// Per model: pooled counts over its reports, and per-report means as the batch summary has.
struct ReportBenchStatementModel {
    QString model;
    int reports = 0;
    CitationMatchRate cited; // pooled
    NonCitedAccuracy uncited; // pooled (ties excluded, as overall_no_citations_accuracy)
    std::optional<double> meanMatchRate; // mean over reports that checked any (avg_alignment_rate)
    std::optional<double> meanAccuracy; // mean of per-report ties-as-wrong accuracies
    double citedPerReport = 0; // avg_citations_per_file
    double uncitedPerReport = 0; // avg_no_citations_per_file
};

QList<ReportBenchStatementModel>
aggregateStatementScores(const QList<ReportBenchStatementScore> &reports);

// One row per report in the reference's metrics.csv columns (model first; the timestamp,
// has_* and missing_files columns are left out) plus ours: source_unavailable, judge_errors,
// no_citations_undecided.
QByteArray reportBenchStatementsCsv(const QList<ReportBenchStatementScore> &scores);

} // namespace Rubricate
