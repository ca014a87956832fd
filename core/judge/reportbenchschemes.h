// ReportBench's two statement checks (formats.md §2.3 A and B) as prompt schemes, in our own
// wording, on the binary scale:
//  - "reportbench-cited": a statement and the fetched text of the source it cites →
//    "supported" (1) or "not supported" (0), with the passage of the source that decides it.
//    The reference does this in two calls (find a passage, then verify); one call asking for
//    both keeps a verdict and its quote together.
//  - "reportbench-factcheck": a statement alone → true (1) or false (0) with a reason. The
//    reference asks web-search models; whether the judge may search is the provider's
//    business, not the prompt's.
// Each judges only its own claims (Rubric::reportId set, dimension "cited" or "uncited"); PDR-Bench
// R validates its statement–URL pairs with reportbench-cited as well.
// One statement per request, whatever the batch size: each cited statement has its own
// source, and the reference asks one at a time. Answers are read leniently (repaired JSON,
// booleans or labels, several key spellings); a label we do not know is an error, never a
// "false" or "not supported" (the reference turns unreadable answers into false votes).
#pragma once

#include "domain/result.h"
#include "promptscheme.h"

namespace Rubricate {

// The dimensions of extracted claims (Rubric::reportId set): a statement with a citation,
// checked against its source by reportbench-cited, and one without, fact-checked by
// reportbench-factcheck.
inline constexpr QLatin1StringView claimDimensionCited("cited");
inline constexpr QLatin1StringView claimDimensionUncited("uncited");

// How much of a source the cited check shows the judge, in code points: the reference's cut.
inline constexpr int reportBenchSourceChars = 262'144;

// 1 for supported, 0 for not supported, read leniently ("Supported", "not_supported",
// "unsupported", "NOT_FOUND", yes/no, true/false). Anything else: an error naming it.
Result<double> reportBenchSupportValue(const QJsonValue &verdict);
// 1 for true, 0 for false (booleans, "true"/"false", yes/no, correct/incorrect, 1/0 and the
// reference's 正确/错误). Anything else: an error naming it.
Result<double> reportBenchTruthValue(const QJsonValue &decision);

// `key` is "reportbench-cited" or "reportbench-factcheck". `promptTemplate` replaces the
// built-in prompt (empty: built-in); it must contain {statement}, and {source} for the cited
// check ({url} and {task} are filled in when present). An error for an unknown key or a
// template without its placeholders.
Result<std::unique_ptr<PromptScheme>> makeReportBenchScheme(const QString &key,
                                                            const QString &promptTemplate);

} // namespace Rubricate
