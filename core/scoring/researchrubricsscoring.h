// ResearchRubrics scores (formats.md §3.4): per report, the weighted compliance
//
//     compliance = Σ w_i · s_i / Σ_{w_i > 0} w_i
//
// with s = 1 Satisfied, 0.5 Partially Satisfied, 0 Not Satisfied. A negative weight marks a
// pitfall: Satisfied means the report has it, so it subtracts |w| from the numerator and never
// adds to the denominator; compliance can therefore be negative, and is at most 1. A weight of
// 0 counts nowhere. The benchmark score is the plain mean of report compliance (sample-macro).
//
// Choices, where the reference is silent or where we differ on purpose:
// - Errors (no usable verdict, an unknown label included) are left out of the numerator AND
//   the denominator by default and counted, so a judge failure never reads as the report's
//   weakness. ErrorPolicy::AsReference does what the reference scripts do: the criterion
//   scores 0 and its positive weight stays in the denominator.
// - A report (or an axis of a report) whose denominator is 0 has no compliance and is left out
//   of means, counted as `empty`; the reference writes 0 there (AsReference does too).
// - A criterion listed twice in a prompt (under two axes in the real data) is two criteria,
//   as the reference judges and counts every line of `rubrics`.
// - Breakdowns: by axis, compliance is computed inside each report from that axis's criteria
//   only and then averaged over reports (an axis holding only pitfalls has no value); by
//   domain and by each part of the complexity triplet (breadth, nesting, exploration
//   separately), report compliance is averaged over the reports in the group. n = reports.
// - Mandatory pass rate: the released data has no mandatory flag and the paper's mapping is
//   unverified, so it is computed only over criteria that carry one. A mandatory criterion
//   passes when fully Satisfied, or, for a pitfall, when Not Satisfied; errors are left out.
//
// Pure functions over value rows: no files, no database.
#pragma once

#include "domain/types.h"

#include <QList>
#include <QString>

#include <optional>

namespace Rubricate {

enum class RrErrorPolicy {
    Exclude, // errors count nowhere (default)
    AsReference, // errors score 0, as calculate_compliance_score.py reads the "Error" lines
};

enum class RrGrading {
    Ternary, // 1 / 0.5 / 0, the paper-era calculate_weighted_score
    Binary, // Partially Satisfied collapses to Not Satisfied first, as the current release grades
};

struct RrScoringOptions {
    RrErrorPolicy errors = RrErrorPolicy::Exclude;
    RrGrading grading = RrGrading::Ternary;
};

// One judged criterion of one report.
struct RrScoreItem {
    QString model;
    QString sampleId;
    QString domain;
    Complexity complexity; // the prompt's (breadth, nesting, exploration)
    QString axis;
    double weight = 0;
    std::optional<bool> mandatory;
    std::optional<double> score; // 1, 0.5 or 0; nothing: the judge gave no usable verdict
};

// Compliance over some criteria of one report.
struct RrPart {
    double numerator = 0; // Σ w·s over scored criteria
    double positiveWeight = 0; // Σ w over scored criteria with w > 0
    int criteria = 0; // every criterion, errors included
    int errors = 0;
    int mandatory = 0; // mandatory criteria with a usable verdict
    int mandatoryPassed = 0;
    std::optional<double> compliance;
};

struct RrAxisPart {
    QString axis;
    RrPart part;
};

// One (model, sample) pair.
struct RrReportScore {
    QString model;
    QString sampleId;
    QString domain;
    Complexity complexity;
    RrPart total;
    QList<RrAxisPart> axes; // in order of first appearance
};

enum class RrBreakdown { None, Axis, Domain, Complexity };

// One row of a summary table: a model's mean compliance over the reports of one group.
struct RrGroup {
    QString model;
    QString dimension; // "all", "axis", "domain", "breadth", "nesting" or "exploration"
    QString value; // the axis, domain or complexity level; "all" for the overall row
    int n = 0; // reports with a value in this group
    int empty = 0; // reports in the group without a value (every criterion failed, or no
                   // positive weight)
    int criteria = 0;
    int errors = 0;
    std::optional<double> mean;
    int mandatory = 0;
    int mandatoryPassed = 0;
    std::optional<double> mandatoryPassRate() const
    {
        return mandatory > 0 ? std::optional<double>(double(mandatoryPassed) / mandatory)
                             : std::nullopt;
    }
};

// Scores every (model, sample) pair, in order of first appearance.
QList<RrReportScore> scoreResearchRubrics(const QList<RrScoreItem> &items,
                                          const RrScoringOptions &options = {});

// Means per model (first-appearance order) and group. None gives one "all" row per model;
// Complexity gives breadth, nesting and exploration rows, levels in their natural order
// (Simple < Moderate < High, Shallow < Intermediate < Deep, Low < Medium < High), unknown
// levels after them alphabetically.
QList<RrGroup> researchRubricsGroups(const QList<RrReportScore> &reports, RrBreakdown by);

std::optional<RrBreakdown> rrBreakdownFromKey(const QString &key); // none|axis|domain|complexity

} // namespace Rubricate
