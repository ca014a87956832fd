#include "common/chartwidget.h"

#include <QPainter>

namespace Rubricate {

ChartWidget::ChartWidget(QWidget *parent)
    : QWidget(parent)
{
    setMinimumSize(240, 180);
}

void ChartWidget::setSpec(const ChartSpec &spec)
{
    m_spec = spec;
    update();
}

void ChartWidget::paintEvent(QPaintEvent *)
{
    QPainter painter(this);
    painter.setRenderHint(QPainter::Antialiasing);
    painter.fillRect(rect(), palette().base());
    paintChart(&painter, QRectF(rect()), m_spec);
}

QWidget *createChartWidget(const ChartSpec &spec, QWidget *parent)
{
    auto *chart = new ChartWidget(parent);
    chart->setSpec(spec);
    return chart;
}

void updateChartWidget(QWidget *widget, const ChartSpec &spec)
{
    if (auto *chart = qobject_cast<ChartWidget *>(widget))
        chart->setSpec(spec);
}

} // namespace Rubricate
