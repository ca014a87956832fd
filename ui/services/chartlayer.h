// Our small charting layer: a chart is described as data (what the dashboard shows and the
// export writes), then painted with QPainter: dot-and-whisker charts, bars and heatmaps. The
// same painting draws on screen (common/chartwidget.h), to PNG and to SVG, so a figure in a
// paper is the figure on screen; and it needs no widgets, so the command line draws the same
// figures under a QGuiApplication.
#pragma once

#include "domain/result.h"

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QPainter;
class QRectF;

namespace Rubricate {

struct ChartPoint {
    std::optional<double> value; // empty: undefined (drawn as a gap, with `note`)
    std::optional<double> lower;
    std::optional<double> upper;
    QString note;
};

struct ChartSpec {
    enum class Kind { DotWhisker, Bars, Heatmap };
    Kind kind = Kind::Bars;
    QString title;
    QString valueTitle; // the value axis
    QStringList labels; // groups (bars, dots) or heatmap columns
    QStringList rowLabels; // heatmap rows
    QString rowTitle; // heatmap: what rows are
    QString columnTitle; // heatmap: what columns are
    QList<ChartPoint> points; // one per label, or rows × columns for a heatmap (row-major)
    double minimum = 0;
    double maximum = 1;
    bool integers = false; // heatmap cells are counts
};

// Paints any spec into `rect` (the background is the caller's).
void paintChart(QPainter *painter, const QRectF &rect, const ChartSpec &spec);
// Paints a heatmap spec into `rect`.
void paintHeatmap(QPainter *painter, const QRectF &rect, const ChartSpec &spec);

// Renders the spec at `width` × `height` pixels (PNG) or points (SVG). An error when the file
// cannot be written.
Result<void> writeChartPng(const ChartSpec &spec, const QString &path, int width, int height);
Result<void> writeChartSvg(const ChartSpec &spec, const QString &path, int width, int height);

} // namespace Rubricate
