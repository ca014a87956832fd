// A widget that shows a chart spec, painted by the chart layer that also writes the PNG and
// SVG exports: what is on screen is what the export holds.
#pragma once

#include "services/chartlayer.h"

#include <QWidget>

namespace Rubricate {

class ChartWidget : public QWidget
{
    Q_OBJECT

public:
    explicit ChartWidget(QWidget *parent = nullptr);

    void setSpec(const ChartSpec &spec);
    const ChartSpec &spec() const { return m_spec; }

protected:
    void paintEvent(QPaintEvent *event) override;

private:
    ChartSpec m_spec;
};

// A chart widget for the spec, and a new spec for a widget made by createChartWidget.
QWidget *createChartWidget(const ChartSpec &spec, QWidget *parent);
void updateChartWidget(QWidget *widget, const ChartSpec &spec);

} // namespace Rubricate
