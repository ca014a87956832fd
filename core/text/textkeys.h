// Comparison keys for texts that different sources write with small differences: rubric
// items a judge retyped, reference titles of a survey. Pure string functions, shared by the
// importers, the judge's reply mapping and the scorers.
#pragma once

#include <QString>

namespace Rubricate {

// Whitespace collapsed and case folded: how rubric texts are matched when a judge or a
// result file reproduced them with small differences.
QString looseKey(const QString &text);

// ReportBench title normalisation: lower case, ASCII punctuation removed, runs of Unicode
// whitespace collapsed to one space, trimmed (non-ASCII punctuation is kept, as upstream).
QString normalizeTitle(const QString &title);

// The key a judge's returned rubric item is matched by in the "normalised" stage: NFKC
// (full-width to half-width), case folded, quotes and dashes unified, whitespace collapsed,
// trailing punctuation dropped.
QString normalizeItemText(const QString &text);

} // namespace Rubricate
