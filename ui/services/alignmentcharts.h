// The agreement dashboard's charts as chart specs, built from an alignment report, and the
// export of all of them as PNG and SVG files.
#pragma once

#include "alignment/alignment.h"
#include "exchange/alignmentexport.h"
#include "services/chartlayer.h"

namespace Rubricate {

// Which statistic the breakdown chart shows.
enum class BreakdownStatistic { Kappa, MacroF1, Alpha, Percent };

ChartSpec confusionChart(const AlignmentReport &report);
ChartSpec breakdownChart(const AlignmentReport &report, BreakdownStatistic statistic);
ChartSpec alphaLevelsChart(const AlignmentReport &report);
ChartSpec annotatorPairsChart(const AlignmentReport &report);

// Writes confusion, breakdown, alpha-levels and annotator-pairs charts as .png and .svg into
// `directory`; returns the files written.
Result<QStringList> writeAlignmentCharts(const AlignmentReport &report, const QString &directory);

// Export options whose chart hook paints the charts on the GUI thread (text needs the font
// database, which not every platform lets other threads use), waiting for it when the export
// runs on a worker thread, which keeps the table writing off the GUI thread.
AlignmentExportOptions alignmentExportOptions();

// "0.812 [0.77, 0.85]", or "undefined (reason)".
QString estimateText(const Estimate &estimate);

} // namespace Rubricate
