#include "services/chartlayer.h"

#include <QFileInfo>
#include <QFontMetricsF>
#include <QImage>
#include <QObject>
#include <QPainter>
#include <QSvgGenerator>

#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QColor accent(38, 110, 180);
const QColor gridColour(225, 225, 225);

// Heatmap cells go from white to the accent colour; the text flips to white on dark cells.
QColor cellColour(double share)
{
    share = std::clamp(share, 0.0, 1.0);
    return QColor::fromRgbF(1 - share * (1 - accent.redF()), 1 - share * (1 - accent.greenF()),
                            1 - share * (1 - accent.blueF()));
}

// About five round intervals over the span: 0.1, 0.2, 0.25, 0.5, 1, 2, … .
double roundStep(double span)
{
    const double raw = span / 5;
    const double magnitude = std::pow(10.0, std::floor(std::log10(raw)));
    for (double m : {1.0, 2.0, 2.5, 5.0})
        if (raw <= m * magnitude)
            return m * magnitude;
    return 10 * magnitude;
}

// The fewest decimals that write every multiple of `step` exactly.
int decimalsOf(double step)
{
    int decimals = 0;
    while (
        decimals < 4
        && std::abs(step * std::pow(10.0, decimals) - std::round(step * std::pow(10.0, decimals)))
            > 1e-9)
        ++decimals;
    return decimals;
}

// The value axis of the dot and bar charts, with its ticks on multiples of `step` (through 0,
// where "no better than chance" sits).
struct ValueAxis {
    double minimum = 0;
    double maximum = 1;
    double step = 0.5;

    QList<double> ticks() const
    {
        QList<double> values;
        for (double v = std::ceil(minimum / step - 1e-9) * step; v <= maximum + 1e-9; v += step)
            values << (std::abs(v) < 1e-12 ? 0.0 : v);
        return values;
    }
    QString text(double v) const { return QString::number(v, 'f', decimalsOf(step)); }
};

ValueAxis valueAxis(const ChartSpec &spec)
{
    ValueAxis axis;
    axis.minimum = spec.minimum;
    axis.maximum = spec.maximum > spec.minimum ? spec.maximum : spec.minimum + 1;
    // Agreement statistics read best on halves; other values on a round step of their span.
    axis.step
        = spec.kind == ChartSpec::Kind::DotWhisker ? 0.5 : roundStep(axis.maximum - axis.minimum);
    return axis;
}

// The title band, the value axis with its grid, and the category labels under the plot;
// returns the plot area, where the points go.
QRectF paintFrame(QPainter *painter, const QRectF &rect, const ChartSpec &spec,
                  const ValueAxis &axis, const QStringList &labels)
{
    const QFontMetricsF metrics(painter->font());
    const double line = metrics.height();
    QFont titleFont = painter->font();
    titleFont.setBold(true);
    painter->setFont(titleFont);
    painter->drawText(QRectF(rect.left(), rect.top(), rect.width(), line * 1.6), Qt::AlignCenter,
                      spec.title);
    painter->setFont(QFont(titleFont.family(), titleFont.pointSize()));

    const QList<double> ticks = axis.ticks();
    double tickWidth = 0;
    for (double t : ticks)
        tickWidth = std::max(tickWidth, metrics.horizontalAdvance(axis.text(t)));
    const double axisTitle = spec.valueTitle.isEmpty() ? 0 : line * 1.4;
    const QRectF plot(rect.left() + 8 + axisTitle + tickWidth + 6, rect.top() + line * 2,
                      rect.width() - (16 + axisTitle + tickWidth + 6),
                      rect.height() - line * 2 - line * 2.6 - 8);
    if (plot.width() <= 0 || plot.height() <= 0)
        return plot;
    const auto y = [&](double v) {
        return plot.bottom() - (v - axis.minimum) / (axis.maximum - axis.minimum) * plot.height();
    };
    for (double t : ticks) {
        painter->setPen(t == 0 ? QColor(150, 150, 150) : gridColour);
        painter->drawLine(QPointF(plot.left(), y(t)), QPointF(plot.right(), y(t)));
        painter->setPen(Qt::black);
        painter->drawText(QRectF(plot.left() - tickWidth - 6, y(t) - line / 2, tickWidth, line),
                          Qt::AlignRight | Qt::AlignVCenter, axis.text(t));
    }
    if (axisTitle > 0) {
        painter->save();
        painter->translate(rect.left() + 4, plot.center().y());
        painter->rotate(-90);
        painter->drawText(QRectF(-plot.height() / 2, 0, plot.height(), line), Qt::AlignCenter,
                          spec.valueTitle);
        painter->restore();
    }
    painter->setPen(QColor(120, 120, 120));
    painter->drawLine(plot.bottomLeft(), plot.bottomRight());
    painter->drawLine(plot.bottomLeft(), plot.topLeft());
    painter->setPen(Qt::black);
    const double slot = plot.width() / double(std::max<qsizetype>(1, labels.size()));
    for (qsizetype i = 0; i < labels.size(); ++i) {
        // Two lines at most under each slot; longer names end in an ellipsis.
        const QString label = metrics.elidedText(labels.at(i), Qt::ElideRight, (slot - 4) * 2);
        painter->drawText(QRectF(plot.left() + i * slot, plot.bottom() + 4, slot, line * 2.4),
                          Qt::AlignHCenter | Qt::AlignTop | Qt::TextWordWrap, label);
    }
    return plot;
}

void paintDotWhisker(QPainter *painter, const QRectF &rect, const ChartSpec &spec)
{
    const ValueAxis axis = valueAxis(spec);
    QStringList labels;
    for (qsizetype i = 0; i < spec.labels.size(); ++i) {
        // Undefined values keep their place on the axis, marked, instead of vanishing.
        labels << (spec.points.value(i).value ? spec.labels.at(i) : spec.labels.at(i) + u" (—)"_s);
    }
    const QRectF plot = paintFrame(painter, rect, spec, axis, labels);
    const double slot = plot.width() / double(std::max<qsizetype>(1, labels.size()));
    const auto y = [&](double v) {
        v = std::clamp(v, axis.minimum, axis.maximum);
        return plot.bottom() - (v - axis.minimum) / (axis.maximum - axis.minimum) * plot.height();
    };
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const ChartPoint &p = spec.points.value(i);
        if (!p.value)
            continue;
        const double x = plot.left() + (double(i) + 0.5) * slot;
        if (p.lower && p.upper) {
            painter->setPen(QPen(accent.darker(120), 1.5));
            painter->drawLine(QPointF(x, y(*p.lower)), QPointF(x, y(*p.upper)));
        }
        painter->setPen(QPen(accent.darker(130), 1));
        painter->setBrush(accent);
        painter->drawEllipse(QPointF(x, y(*p.value)), 4.5, 4.5);
        painter->setBrush(Qt::NoBrush);
    }
}

void paintBars(QPainter *painter, const QRectF &rect, const ChartSpec &spec)
{
    const ValueAxis axis = valueAxis(spec);
    QStringList labels;
    for (qsizetype i = 0; i < spec.labels.size(); ++i) {
        labels << (spec.points.value(i).value
                       ? spec.labels.at(i)
                       : QObject::tr("%1 (undefined)", "a bar without a value")
                             .arg(spec.labels.at(i)));
    }
    const QRectF plot = paintFrame(painter, rect, spec, axis, labels);
    const double slot = plot.width() / double(std::max<qsizetype>(1, labels.size()));
    const auto y = [&](double v) {
        v = std::clamp(v, axis.minimum, axis.maximum);
        return plot.bottom() - (v - axis.minimum) / (axis.maximum - axis.minimum) * plot.height();
    };
    const double base = y(0); // bars grow from zero, down for negative values
    const double line = QFontMetricsF(painter->font()).height();
    for (qsizetype i = 0; i < labels.size(); ++i) {
        const ChartPoint &p = spec.points.value(i);
        if (!p.value)
            continue;
        const QRectF bar(QPointF(plot.left() + (i + 0.2) * slot, std::min(base, y(*p.value))),
                         QPointF(plot.left() + (i + 0.8) * slot, std::max(base, y(*p.value))));
        painter->fillRect(bar, accent);
        painter->setPen(Qt::black);
        const QRectF label = *p.value >= 0
            ? QRectF(bar.left() - slot, bar.top() - line, bar.width() + 2 * slot, line)
            : QRectF(bar.left() - slot, bar.bottom(), bar.width() + 2 * slot, line);
        painter->drawText(label, Qt::AlignCenter, QString::number(*p.value, 'g', 3));
    }
}

template<typename Device>
bool render(const ChartSpec &spec, Device *device, int width, int height)
{
    QPainter painter;
    if (!painter.begin(device))
        return false;
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(QRectF(0, 0, width, height), Qt::white);
    paintChart(&painter, QRectF(0, 0, width, height), spec);
    return painter.end();
}

} // namespace

void paintChart(QPainter *painter, const QRectF &rect, const ChartSpec &spec)
{
    if (spec.kind == ChartSpec::Kind::Heatmap) {
        paintHeatmap(painter, rect, spec);
        return;
    }
    painter->save();
    painter->setPen(Qt::black);
    if (spec.labels.isEmpty()) {
        QFont titleFont = painter->font();
        titleFont.setBold(true);
        painter->setFont(titleFont);
        const double line = QFontMetricsF(titleFont).height();
        painter->drawText(QRectF(rect.left(), rect.top(), rect.width(), line * 1.6),
                          Qt::AlignCenter, spec.title);
        painter->setFont(QFont(titleFont.family(), titleFont.pointSize()));
        painter->drawText(rect, Qt::AlignCenter, QObject::tr("Nothing to show"));
    } else if (spec.kind == ChartSpec::Kind::DotWhisker) {
        paintDotWhisker(painter, rect, spec);
    } else {
        paintBars(painter, rect, spec);
    }
    painter->restore();
}

void paintHeatmap(QPainter *painter, const QRectF &rect, const ChartSpec &spec)
{
    const qsizetype rows = spec.rowLabels.size();
    const qsizetype columns = spec.labels.size();
    const QFontMetricsF metrics(painter->font());
    const double line = metrics.height();
    painter->save();
    painter->setPen(Qt::black);
    QFont titleFont = painter->font();
    titleFont.setBold(true);
    painter->setFont(titleFont);
    painter->drawText(QRectF(rect.left(), rect.top(), rect.width(), line * 1.4), Qt::AlignCenter,
                      spec.title);
    painter->setFont(QFont(painter->font().family(), painter->font().pointSize()));
    if (rows == 0 || columns == 0) {
        painter->drawText(rect, Qt::AlignCenter, QObject::tr("Nothing to show"));
        painter->restore();
        return;
    }
    double labelWidth = metrics.horizontalAdvance(spec.rowTitle);
    for (const QString &l : spec.rowLabels)
        labelWidth = std::max(labelWidth, metrics.horizontalAdvance(l));
    labelWidth += 12;
    const QRectF grid(rect.left() + labelWidth, rect.top() + line * 3.8,
                      rect.width() - labelWidth - 8, rect.height() - line * 4.6);
    const double cw = grid.width() / double(columns);
    const double ch = grid.height() / double(rows);
    painter->drawText(QRectF(grid.left(), rect.top() + line * 1.4, grid.width(), line),
                      Qt::AlignCenter, spec.columnTitle);
    painter->drawText(QRectF(rect.left(), grid.top() - line * 1.2, labelWidth, line),
                      Qt::AlignLeft | Qt::AlignVCenter, spec.rowTitle);
    for (qsizetype c = 0; c < columns; ++c) {
        painter->drawText(QRectF(grid.left() + c * cw, grid.top() - line * 1.2, cw, line),
                          Qt::AlignCenter, spec.labels.at(c));
    }
    for (qsizetype r = 0; r < rows; ++r) {
        // The cells below set the pen for their own text (white on dark cells): each row's
        // label needs black again, or it vanishes white on white.
        painter->setPen(Qt::black);
        painter->drawText(QRectF(rect.left(), grid.top() + r * ch, labelWidth - 6, ch),
                          Qt::AlignRight | Qt::AlignVCenter, spec.rowLabels.at(r));
        for (qsizetype c = 0; c < columns; ++c) {
            const ChartPoint p = spec.points.value(r * columns + c);
            const QRectF cell(grid.left() + c * cw, grid.top() + r * ch, cw, ch);
            const double span = spec.maximum - spec.minimum;
            const double share = p.value && span > 0 ? (*p.value - spec.minimum) / span : 0;
            painter->fillRect(cell, p.value ? cellColour(share) : QColor(235, 235, 235));
            painter->setPen(QColor(200, 200, 200));
            painter->drawRect(cell);
            painter->setPen(share > 0.55 ? Qt::white : Qt::black);
            const QString text = !p.value ? (p.note.isEmpty() ? u"—"_s : p.note)
                : spec.integers           ? QString::number(qint64(*p.value))
                                          : QString::number(*p.value, 'f', 2);
            painter->drawText(cell, Qt::AlignCenter, text);
        }
    }
    painter->restore();
}

Result<void> writeChartPng(const ChartSpec &spec, const QString &path, int width, int height)
{
    QImage image(width * 2, height * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2); // sharp in papers and on high-density screens
    image.fill(Qt::white);
    if (!render(spec, &image, width, height) || !image.save(path, "PNG"))
        return Error{QObject::tr("Cannot write %1.").arg(path)};
    return {};
}

Result<void> writeChartSvg(const ChartSpec &spec, const QString &path, int width, int height)
{
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(QSize(width, height));
    svg.setViewBox(QRect(0, 0, width, height));
    svg.setTitle(spec.title);
    svg.setDescription(QObject::tr("Rubricate agreement chart"));
    if (!render(spec, &svg, width, height) || !QFileInfo(path).size())
        return Error{QObject::tr("Cannot write %1.").arg(path)};
    return {};
}

} // namespace Rubricate
