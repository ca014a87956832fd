// The ResearchRubrics judge protocol (formats.md §3.3) in our own wording, graded on the
// paper's ternary scale: each criterion is Satisfied (1), Partially Satisfied (0.5) or Not
// Satisfied (0), with a reason and the report's own words as evidence.
#pragma once

#include "domain/researchrubricslabels.h"
#include "promptscheme.h"

namespace Rubricate {

// `promptTemplate` must contain {passage} and {task_and_rubric}; empty: the built-in one.
std::unique_ptr<PromptScheme> makeResearchRubricsScheme(const QString &promptTemplate);

} // namespace Rubricate
