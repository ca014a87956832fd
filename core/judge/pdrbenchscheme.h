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
// an empty criterion or one matching nothing asked answers no criterion, and a second answer
// for an already answered criterion is ignored (the first one counts; the reference would count
// both). A criterion the reply leaves out is "missing" and asked again. So that scoring can
// still read the reply as the reference does (pdrscoring.h, PdrUnmatchedPolicy), one verdict
// written from the reply (the first with a usable score, else the first) keeps in its raw
// JSON the reply's unmatched items and the criteria it left out (pdrUnmatchedKey,
// pdrLeftOutKey). A reply that answers none of the asked criteria writes no verdict and so
// keeps neither; it is asked again like any other. The score is
// `target_score` (else the reference's `article_1_score`, else `score`), a number or a numeric
// string in 0–10; non-integers are accepted (the reference's calculator uses any number it is
// given), anything else is an error with its cause, never 0. A reply whose JSON has none of
// the asked dimensions is unreadable and asked again.
//
// Language: a Chinese query (its language "zh", else its task's) gets the Chinese prompts, our
// own translation of the English ones (the reference's score_prompt_zh.py was not reachable);
// every other query the English ones. Tags, placeholders and the reply shape are the same.
//
// A template file replaces the built-in prompt for both families and languages; it must contain
// {article} and {criteria_list}, and may use {task}, {persona} (empty for quality) and {family}.
#pragma once

#include "promptscheme.h"

namespace Rubricate {

// Raw keys of the verdict that carries what a reply said beyond its matched items:
// [{"dimension", "criterion", "score"}] for the returned items that matched no asked criterion
// and had a usable score, and [rubric id, …] for the asked criteria the reply left out.
inline constexpr QLatin1StringView pdrUnmatchedKey("unmatched_in_reply");
inline constexpr QLatin1StringView pdrLeftOutKey("left_out_of_reply");

// The family of an item: its rubric's metadata "family", else the family of a known
// dimension key, else "quality" (judged without the persona).
QString pdrItemFamily(const SchemeItem &item);

// Whether a request for this context uses the Chinese prompts.
bool pdrPromptIsChinese(const SchemeContext &context);

// `promptTemplate` replaces the built-in prompts (empty: built-in); it must contain
// {article} and {criteria_list}; an error otherwise.
Result<std::unique_ptr<PromptScheme>> makePdrBenchScheme(const QString &promptTemplate);

} // namespace Rubricate
