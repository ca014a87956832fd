// An alignment (judge against people) written as files other tools and papers read: CSV and
// JSON tables of every comparison and of the breakdown, the main comparison's confusion
// matrix, the annotators' kappa matrix, the disagreements, a Markdown and a LaTeX table to
// paste, the exact label table the numbers came from, and a manifest with every setting, so
// that anyone can recompute every number.
//
// An undefined statistic stays undefined in every file: an empty CSV cell with the reason in
// the next column, null with an "undefined" reason in JSON, "---" with a footnote in LaTeX.
// It is never written as 0, 1 or NaN.
#pragma once

#include "alignment/alignment.h"
#include "domain/result.h"
#include "text/csvtext.h"
#include "text/latextext.h"

#include <QString>
#include <QStringList>

#include <functional>

namespace Rubricate {

// Writes a report's charts into `dir` and returns their paths (absolute, or relative to
// `dir`); an error fails the export.
using AlignmentChartWriter
    = std::function<Result<QStringList>(const AlignmentReport &report, const QString &dir)>;

struct AlignmentExportOptions {
    QString programVersion; // recorded in manifest.json
    // Charts need QtCharts and widgets, which core never links: the GUI fills this in, the
    // command line leaves it empty.
    AlignmentChartWriter writeCharts;
};

// Writes the files into `directory` (created if needed), each replaced atomically, and
// returns their absolute paths in the order written, manifest.json last. A report that
// carries an error is refused.
Result<QStringList> exportAlignment(const AlignmentReport &report, const QString &directory,
                                    const AlignmentExportOptions &options);

// The comparisons a paper's table shows: the main judge against the gold labels (when the
// rows had them), the human majority and each annotator, then the annotators against each
// other.
QList<const Comparison *> headlineComparisons(const AlignmentReport &report);

// A rater's name for tables; the key is added when two raters of the report share the name.
QString raterDisplayName(const AlignmentReport &report, const QString &key);

} // namespace Rubricate
