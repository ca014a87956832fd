#include "chartlayer.h"

#include <QBarCategoryAxis>
#include <QBarSeries>
#include <QBarSet>
#include <QCategoryAxis>
#include <QChart>
#include <QChartView>
#include <QFileInfo>
#include <QGraphicsScene>
#include <QImage>
#include <QLineSeries>
#include <QPainter>
#include <QScatterSeries>
#include <QSvgGenerator>
#include <QVBoxLayout>
#include <QValueAxis>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QColor accent(38, 110, 180);

// Heatmap cells go from white to the accent colour; the text flips to white on dark cells.
QColor cellColour(double share)
{
    share = std::clamp(share, 0.0, 1.0);
    return QColor::fromRgbF(1 - share * (1 - accent.redF()), 1 - share * (1 - accent.greenF()),
                            1 - share * (1 - accent.blueF()));
}

QChart *dotWhisker(const ChartSpec &spec)
{
    auto *chart = new QChart;
    auto *dots = new QScatterSeries;
    dots->setName(spec.valueTitle);
    dots->setMarkerSize(9);
    dots->setColor(accent);
    dots->setBorderColor(accent.darker(130));
    chart->addSeries(dots);
    auto *x = new QCategoryAxis;
    x->setLabelsPosition(QCategoryAxis::AxisLabelsPositionOnValue);
    x->setRange(-0.5, std::max<qsizetype>(1, spec.labels.size()) - 0.5);
    auto *y = new QValueAxis;
    y->setRange(spec.minimum, spec.maximum);
    y->setTitleText(spec.valueTitle);
    // Ticks on round values through 0, where "no better than chance" sits.
    y->setTickType(QValueAxis::TicksDynamic);
    y->setTickAnchor(0);
    y->setTickInterval(0.5);
    y->setLabelFormat(u"%.1f"_s);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    dots->attachAxis(x);
    dots->attachAxis(y);
    for (qsizetype i = 0; i < spec.labels.size(); ++i) {
        const ChartPoint &p = spec.points.value(i);
        // Undefined values keep their place on the axis, marked, instead of vanishing.
        x->append(p.value ? spec.labels.at(i) : spec.labels.at(i) + u" (—)"_s, double(i));
        if (!p.value)
            continue;
        dots->append(double(i), *p.value);
        if (p.lower && p.upper) {
            auto *whisker = new QLineSeries;
            whisker->setColor(accent.darker(120));
            whisker->append(double(i), *p.lower);
            whisker->append(double(i), *p.upper);
            chart->addSeries(whisker);
            whisker->attachAxis(x);
            whisker->attachAxis(y);
        }
    }
    return chart;
}

QChart *bars(const ChartSpec &spec)
{
    auto *chart = new QChart;
    auto *set = new QBarSet(spec.valueTitle);
    set->setColor(accent);
    QStringList labels;
    for (qsizetype i = 0; i < spec.labels.size(); ++i) {
        const ChartPoint &p = spec.points.value(i);
        set->append(p.value.value_or(0));
        labels << (p.value ? spec.labels.at(i) : spec.labels.at(i) + u" (undefined)"_s);
    }
    auto *series = new QBarSeries;
    series->append(set);
    series->setLabelsVisible(true);
    series->setLabelsFormat(u"@value"_s);
    series->setLabelsPrecision(3);
    chart->addSeries(series);
    auto *x = new QBarCategoryAxis;
    x->append(labels);
    auto *y = new QValueAxis;
    y->setRange(spec.minimum, spec.maximum);
    y->setTitleText(spec.valueTitle);
    chart->addAxis(x, Qt::AlignBottom);
    chart->addAxis(y, Qt::AlignLeft);
    series->attachAxis(x);
    series->attachAxis(y);
    return chart;
}

class HeatmapWidget : public QWidget
{
public:
    explicit HeatmapWidget(QWidget *parent)
        : QWidget(parent)
    {
        setMinimumSize(220, 180);
    }
    void setSpec(const ChartSpec &spec)
    {
        m_spec = spec;
        update();
    }

protected:
    void paintEvent(QPaintEvent *) override
    {
        QPainter painter(this);
        painter.fillRect(rect(), palette().base());
        paintHeatmap(&painter, QRectF(rect()), m_spec);
    }

private:
    ChartSpec m_spec;
};

template<typename Device>
bool render(const ChartSpec &spec, Device *device, int width, int height)
{
    QPainter painter;
    if (!painter.begin(device))
        return false;
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(QRectF(0, 0, width, height), Qt::white);
    if (spec.kind == ChartSpec::Kind::Heatmap) {
        paintHeatmap(&painter, QRectF(0, 0, width, height), spec);
    } else {
        // A scene of our own lays the chart out at the export size without showing a view.
        QGraphicsScene scene;
        QChart *chart = createChart(spec);
        chart->setAnimationOptions(QChart::NoAnimation);
        scene.addItem(chart); // the scene owns it now
        chart->setGeometry(QRectF(0, 0, width, height));
        scene.setSceneRect(QRectF(0, 0, width, height));
        scene.render(&painter, QRectF(0, 0, width, height), QRectF(0, 0, width, height));
    }
    return painter.end();
}

} // namespace

QChart *createChart(const ChartSpec &spec)
{
    QChart *chart = spec.kind == ChartSpec::Kind::DotWhisker ? dotWhisker(spec) : bars(spec);
    chart->setTitle(spec.title);
    chart->legend()->hide();
    chart->setMargins(QMargins(4, 4, 4, 4));
    return chart;
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

QWidget *createChartWidget(const ChartSpec &spec, QWidget *parent)
{
    // One container per chart, so the kind can change under the same slot in a layout.
    auto *box = new QWidget(parent);
    auto *layout = new QVBoxLayout(box);
    layout->setContentsMargins(0, 0, 0, 0);
    updateChartWidget(box, spec);
    return box;
}

void updateChartWidget(QWidget *widget, const ChartSpec &spec)
{
    QLayout *layout = widget->layout();
    QWidget *old = layout->count() > 0 ? layout->itemAt(0)->widget() : nullptr;
    if (spec.kind == ChartSpec::Kind::Heatmap) {
        auto *heatmap = dynamic_cast<HeatmapWidget *>(old);
        if (!heatmap) {
            delete old;
            heatmap = new HeatmapWidget(widget);
            layout->addWidget(heatmap);
        }
        heatmap->setSpec(spec);
        return;
    }
    auto *view = qobject_cast<QChartView *>(old);
    if (!view) {
        delete old;
        view = new QChartView(widget);
        view->setRenderHint(QPainter::Antialiasing);
        view->setMinimumSize(240, 180);
        layout->addWidget(view);
    }
    QChart *previous = view->chart();
    view->setChart(createChart(spec));
    delete previous;
}

bool writeChartPng(const ChartSpec &spec, const QString &path, int width, int height,
                   QString *error)
{
    QImage image(width * 2, height * 2, QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(2); // sharp in papers and on high-density screens
    image.fill(Qt::white);
    if (!render(spec, &image, width, height) || !image.save(path, "PNG")) {
        *error = QObject::tr("Cannot write %1.").arg(path);
        return false;
    }
    return true;
}

bool writeChartSvg(const ChartSpec &spec, const QString &path, int width, int height,
                   QString *error)
{
    QSvgGenerator svg;
    svg.setFileName(path);
    svg.setSize(QSize(width, height));
    svg.setViewBox(QRect(0, 0, width, height));
    svg.setTitle(spec.title);
    svg.setDescription(QObject::tr("Rubricate agreement chart"));
    if (!render(spec, &svg, width, height) || !QFileInfo(path).size()) {
        *error = QObject::tr("Cannot write %1.").arg(path);
        return false;
    }
    return true;
}

} // namespace Rubricate
