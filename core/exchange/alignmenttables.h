// The tables of an alignment export that people paste into a paper, Markdown and LaTeX, and
// the notes set under them.
#pragma once

#include "alignment/alignment.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Rubricate::AlignmentTables {

// The notes under a pasted table, one sentence each (LaTeX sets each on a row of its own, so
// none may be long).
QStringList tableNotes(const AlignmentReport &report);
// "A vs B" with the raters' display names.
QString comparisonLabel(const AlignmentReport &report, const Comparison &c);

// The headline comparisons as a Markdown table, undefined values footnoted.
QByteArray alignmentMarkdown(const AlignmentReport &report);
// The same as a booktabs LaTeX tabular; `version` goes in its first comment line.
QByteArray alignmentLatex(const AlignmentReport &report, const QString &version);

} // namespace Rubricate::AlignmentTables
