// The ResearchRubrics judge protocol (formats.md §3.3) in our own wording, graded on the
// paper's ternary scale: each criterion is Satisfied (1), Partially Satisfied (0.5) or Not
// Satisfied (0), with a reason and the report's own words as evidence.
#pragma once

#include "promptscheme.h"

namespace Rubricate {

// The verdict a ResearchRubrics judge wrote, read leniently (case, spacing, underscores and
// hyphens do not matter; "Partially" and "Unsatisfied" are understood). Anything else gives
// nothing and sets *error to the cause: an unknown label is never read as 0.
std::optional<double> researchRubricsLabelValue(const QString &label, QString *error);
// "Satisfied", "Partially Satisfied", "Not Satisfied" for 1, 0.5, 0; empty for anything else.
QString researchRubricsLabel(double value);

// `promptTemplate` must contain {passage} and {task_and_rubric}; empty: the built-in one.
std::unique_ptr<PromptScheme> makeResearchRubricsScheme(const QString &promptTemplate);

} // namespace Rubricate
