// Help → Scoring Choices: docs/scoring-choices.md, built into the binary, so a user can read
// what Rubricate chose where a benchmark's reference is silent without leaving the window.
#pragma once

#include <QString>

class QWidget;

namespace Rubricate {

// The Markdown of docs/scoring-choices.md as built in (empty if the resource is missing).
QString scoringChoicesMarkdown();

// Opens the page in a window of its own, without blocking; it never loads anything remote.
void showScoringChoices(QWidget *parent);

} // namespace Rubricate
