// Our small charting layer: a chart is described as data (what the dashboard shows and the
// export writes), then drawn with Qt Charts (dot-and-whisker and bar charts) or painted (the
// heatmaps Qt Charts does not have). The same description renders on screen, to PNG and to
// SVG, so a figure in a paper is the figure on screen.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

class QChart;
class QPainter;
class QRectF;
class QWidget;

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

// A Qt Charts chart for the two chart kinds it has (the caller owns it).
QChart *createChart(const ChartSpec &spec);
// Paints a heatmap spec into `rect`.
void paintHeatmap(QPainter *painter, const QRectF &rect, const ChartSpec &spec);

// A widget that shows any spec: a QChartView for charts, a painted heatmap otherwise.
QWidget *createChartWidget(const ChartSpec &spec, QWidget *parent);
// Replaces what a widget made by createChartWidget shows.
void updateChartWidget(QWidget *widget, const ChartSpec &spec);

// Renders the spec at `width` × `height` pixels (PNG) or points (SVG). False with *error
// when the file cannot be written.
bool writeChartPng(const ChartSpec &spec, const QString &path, int width, int height,
                   QString *error);
bool writeChartSvg(const ChartSpec &spec, const QString &path, int width, int height,
                   QString *error);

} // namespace Rubricate
