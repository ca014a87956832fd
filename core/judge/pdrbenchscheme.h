// The PDR-Bench scoring protocol (formats.md §4.3) in our own wording: one request per report
// and family (personalization, quality) carrying that family's sub-criteria grouped by
// dimension, and a 0–10 score per criterion, read back in the reference's reply shape
//     {"goal_alignment": [{"criterion": "<exact text>", "target_score": 7}], ...}
//
// What the judge sees, and why:
// - The task is the query's text (what the agent under test was asked).
// - Personalization requests carry the persona as readable JSON of every attribute the
//   persona file had (keys sorted, indented, non-ASCII kept). The persona is shown in EVERY
//   information setting: task_only, task_context and task_persona change what the agent was
//   given, not whom the report is for, so the report is always judged against the person who
//   asked. The query's own context (its metadata) is not shown. Quality requests carry no
//   persona.
// - The criteria list is JSON, {dimension: [{"criterion", "explanation", "weight"}]}, in the
//   reference's dimension order; the explanation and weight come from the rubric.
//
// Batching: a family's dimensions go into one request; a batch size caps the criteria per
// request, whole dimensions are packed together while they fit, and only a dimension larger
// than the cap is split (into chunks of the cap).
//
// Reading the reply: items are matched to the asked criteria of their dimension as
// code/utils/score_calculator.py matches them (exact after trimming, then case-insensitive,
// then substring either way; the first asked criterion in order that matches), an item with
// an empty criterion or one matching nothing asked is ignored, and a second answer for an
// already answered criterion is ignored (the first one counts; the reference would count
// both). A criterion the reply leaves out is "missing" and asked again. The score is
// `target_score` (else the reference's `article_1_score`, else `score`), a number or a numeric
// string in 0–10; non-integers are accepted (the reference's calculator uses any number it is
// given), anything else is an error with its cause, never 0. A reply whose JSON has none of
// the asked dimensions is unreadable and asked again.
//
// A template file replaces the built-in prompt for both families; it must contain {article}
// and {criteria_list}, and may use {task}, {persona} (empty for quality) and {family}.
#pragma once

#include "promptscheme.h"

namespace Rubricate {

// The family of an item: its rubric's metadata "family", else the family of a known
// dimension key, else "quality" (judged without the persona).
QString pdrItemFamily(const SchemeItem &item);

// `promptTemplate` replaces the built-in prompts (empty: built-in); it must contain
// {article} and {criteria_list}. Returns nullptr with *error set otherwise.
std::unique_ptr<PromptScheme> makePdrBenchScheme(const QString &promptTemplate, QString *error);

} // namespace Rubricate
