// PDR-Bench scores (formats.md §4.4): P (personalization), Q (quality), R (reliability) and
// overall, each on 0–10.
//
// P and Q per report, as code/utils/score_calculator.py:
//     dim_avg_d  = Σ s_c · w_c / Σ w_c        over the scored sub-criteria c of dimension d
//     item_score = Σ_d W_d · dim_avg_d         W = the query's dimension weights
// The reference does not divide by Σ_d W_d: the generated weights are rounded to sum 1, but a
// criteria file whose weights sum to 0.99 gives a Q of 0.99 × what a sum of 1 would.
// PdrWeightsPolicy::Reference (default) does the same; Normalized divides by Σ_d W_d.
// P uses goal_alignment, content_alignment, presentation_fit, actionability_practicality; Q uses
// depth_insight, logical_coherence, clarity_readability (the importer's dimension keys; the
// family is Rubric.metadata["family"], or inferred from the key). The P / Q of a group is the
// mean of its report scores (item-macro, presumed by formats.md).
//
// R: the reference's FA / CC / R formulas (code/utils/stat.py) were not reachable. Here, per
// report, over the statement–source claims the reliability pipeline extracted:
//     FA = 10 · supported / (supported + not supported)       the cited, checkable claims
//     CC = 10 · cited claims / all claims
//     R  = (FA + CC) / 2                                       (PdrReliabilityCombination)
// R exists only for a report whose support was judged (PdrClaimItem::supportJudged): right after
// claims are extracted, before any support run, no report has R, so R cannot be a 0 averaged
// over the reports that happen to cite nothing.
// Overall = mean of the available P, Q and R (aggregate_overall.py: a missing part is left out,
// not counted as 0); computed per group from the group's means, as the reference does per model:
// (P + Q + R) / 3 where R is the mean over the group's reports that have R (PdrGroup::r.n of
// them), and (P + Q) / 2 when none has.
//
// Choices, where the reference is silent or where we differ on purpose:
// - Judge errors (no score, or a score outside 0–10) are left out of both sums and counted; an
//   error is never a 0. Under PdrMissingPolicy::Exclude (default) a dimension without any scored
//   criterion is left out and the others scaled up to stand for it: Σ_present W·avg · Σ_all W /
//   Σ_present W (Normalized weights: Σ_present W·avg / Σ_present W); AsReference lets it
//   contribute 0, as score_calculator.py does for dimensions the judge omitted (and gives 0 for a
//   dimension with Σ w_c = 0).
// - An item the judge returned whose criterion text matches no asked criterion (PdrItemOrigin::
//   Unmatched) counts under PdrUnmatchedPolicy::Reference (default) with the mean weight of its
//   dimension's criteria, as score_calculator.py counts it; the criteria that reply left out
//   were asked again, and those later answers (PdrItemOrigin::AskedAgain) are left out, since the
//   reference reads one reply. Under Reask the unmatched items are dropped and the answers
//   asked again count.
// - A criterion weight of 0 (or below) counts nowhere, nor does a dimension weight of 0; a
// dimension without a weight is
//   skipped (the reference's "no weight → skipped") and counted.
// - An unavailable source (the page could not be fetched) is NEVER "not supported": the claim
//   stays cited (CC) but leaves FA's denominator. The reference validates the scraped text, so an
//   empty scrape may have been judged unsupported there [unverified];
//   PdrUnavailablePolicy::CountAsNotSupported offers that reading. A judge error on a cited claim
//   is handled the same as an unavailable source, and counted apart.
// - A report with no claims has no FA, CC or R (left out of R's mean, counted as missing);
//   PdrNoClaimsPolicy::Zero scores it 0 instead. A report with claims but no citation has CC = 0
//   and, having nothing that could be supported, FA = 0. A report whose citations could none be
//   checked has no FA and, under Mean, no R (what failed was fetching or judging, not the report).
// - Group means are report-macro for FA and CC as well (a long report does not outweigh a
//   short one), like P and Q.
// - Breakdowns: per model overall, by persona and by information setting (task_only,
//   task_context, task_persona, in that order, unknown ones after alphabetically). n = reports
//   with a value for that score.
//
// Pure functions over value rows: no files, no database.
#pragma once

#include "domain/pdrdimensions.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rubricate {

enum class PdrMissingPolicy {
    Exclude, // errors and empty dimensions count nowhere; W renormalised (default)
    AsReference, // an empty dimension contributes 0; Σ w_c = 0 gives a dimension average of 0
};

enum class PdrUnavailablePolicy {
    Exclude, // unavailable sources leave FA's denominator (default)
    CountAsNotSupported, // a possible reading of the reference's validation of empty scrapes
};

enum class PdrNoClaimsPolicy {
    NoValue, // a report without claims has no FA, CC, R (default)
    Zero, // FA = CC = R = 0
};

enum class PdrReliabilityCombination {
    Mean, // R = (FA + CC) / 2 (default; by analogy with DeepResearch Bench, unverified)
    FactualAccuracy, // R = FA
};

enum class PdrWeightsPolicy {
    Reference, // item score = Σ W_d · dim_avg_d, as the reference (default)
    Normalized, // divided by Σ W_d, so weights that do not sum to 1 still give 0–10
};

enum class PdrUnmatchedPolicy {
    Reference, // an unmatched echoed criterion counts at its dimension's mean weight (default)
    Reask, // it is dropped; the criterion it failed to name was asked again and that answer counts
};

struct PdrScoringOptions {
    PdrMissingPolicy missing = PdrMissingPolicy::Exclude;
    PdrWeightsPolicy weights = PdrWeightsPolicy::Reference;
    PdrUnmatchedPolicy unmatched = PdrUnmatchedPolicy::Reference;
    PdrUnavailablePolicy unavailable = PdrUnavailablePolicy::Exclude;
    PdrNoClaimsPolicy noClaims = PdrNoClaimsPolicy::NoValue;
    PdrReliabilityCombination reliability = PdrReliabilityCombination::Mean;
};

// Where a judged item came from in the judge's replies.
enum class PdrItemOrigin {
    Asked, // answered by the first reply that asked for it
    AskedAgain, // left out of a reply and answered when asked again
    Unmatched, // returned under a criterion text that matches nothing asked
};

// One judged sub-criterion of one report.
struct PdrCriterionItem {
    QString model;
    QString queryId; // the query's external id: one report per (model, query)
    QString persona; // userid
    QString setting; // task_only, task_context or task_persona
    QString family; // "personalization" / "quality"; empty: from the dimension key
    QString dimension;
    std::optional<double> dimensionWeight; // W_d, Rubric.dimensionWeight
    double weight = 0; // w_c, Rubric.weight; Unmatched: the mean w_c of the dimension
    std::optional<double> score; // 0–10; nothing: the judge gave no usable score
    PdrItemOrigin origin = PdrItemOrigin::Asked;
};

enum class PdrClaimStatus {
    Uncited, // a statement without a source
    Supported,
    NotSupported,
    SourceUnavailable, // the cited page could not be fetched
    JudgeError, // cited, but the validation gave no usable verdict
};

// One extracted statement of one report.
struct PdrClaimItem {
    QString model;
    QString queryId;
    QString persona;
    QString setting;
    PdrClaimStatus status = PdrClaimStatus::Uncited;
    // A support run judged this report (or, for a report that cites nothing, another report of
    // its model): without it the report has no FA, CC or R.
    bool supportJudged = true;
};

struct PdrDimensionPart {
    QString family;
    QString dimension;
    std::optional<double> weight; // W_d
    double weightedSum = 0; // Σ s·w over scored criteria
    double weightSum = 0; // Σ w over scored criteria
    int criteria = 0; // every criterion, errors included
    int errors = 0;
    std::optional<double> average; // dim_avg_d
};

struct PdrFamilyPart {
    int criteria = 0;
    int errors = 0;
    int unweightedDimensions = 0; // dimensions skipped for want of W_d
    int unmatched = 0; // Unmatched items counted (Reference) or dropped (Reask)
    int leftOut = 0; // AskedAgain items left out (Reference)
    std::optional<double> score; // P or Q of the report
};

struct PdrReliabilityPart {
    int claims = 0;
    int cited = 0;
    int supported = 0;
    int notSupported = 0;
    int unavailable = 0;
    int errors = 0;
    bool supportJudged = false; // some claim's supportJudged
    std::optional<double> factualAccuracy; // 0–10
    std::optional<double> citationCoverage; // 0–10
    std::optional<double> score; // R, 0–10
};

// One (model, query) report.
struct PdrReportScore {
    QString model;
    QString queryId;
    QString persona;
    QString setting;
    PdrFamilyPart personalization;
    PdrFamilyPart quality;
    PdrReliabilityPart reliability;
    QList<PdrDimensionPart> dimensions; // personalization then quality, reference order first
};

// Scores every (model, query) pair in order of first appearance (criteria, then claims).
QList<PdrReportScore> scorePdr(const QList<PdrCriterionItem> &criteria,
                               const QList<PdrClaimItem> &claims,
                               const PdrScoringOptions &options = {});

struct PdrMean {
    int n = 0; // reports with a value
    int missing = 0; // reports in the group without one
    std::optional<double> mean;
};

struct PdrDimensionMean {
    QString family;
    QString dimension;
    PdrMean mean; // of dim_avg_d over reports
};

enum class PdrBreakdown { None, Persona, Setting };

// One row of a summary table: a model's means over the reports of one group.
struct PdrGroup {
    QString model;
    QString dimension; // "all", "persona" or "setting"
    QString value; // the persona or setting; "all" for the overall row
    int reports = 0;
    PdrMean p, q, r, factualAccuracy, citationCoverage;
    std::optional<double> overall; // mean of the available p, q, r means
    int criterionErrors = 0;
    int claimErrors = 0;
    int unavailableSources = 0;
    int supportNotJudged = 0; // reports with claims whose support no run has judged
    QList<PdrDimensionMean> dimensions;
};

// Means per model (first-appearance order) and group; personas in first-appearance order,
// settings task_only, task_context, task_persona, then others alphabetically.
QList<PdrGroup> pdrGroups(const QList<PdrReportScore> &reports, PdrBreakdown by);

std::optional<PdrBreakdown> pdrBreakdownFromKey(const QString &key); // none|persona|setting

} // namespace Rubricate
