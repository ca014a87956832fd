#include "common/elidingcombobox.h"

#include <QHelpEvent>
#include <QStyleOptionComboBox>
#include <QStylePainter>
#include <QTextDocument>
#include <QToolTip>

using namespace Qt::StringLiterals;

namespace Rubricate {

namespace {

constexpr int ShortestShown = 8; // characters, "demo …l)" at the narrowest

} // namespace

ElidingComboBox::ElidingComboBox(QWidget *parent)
    : QComboBox(parent)
{
    setSizeAdjustPolicy(AdjustToContents);
}

int ElidingComboBox::textWidth(QSize size) const
{
    QStyleOptionComboBox option;
    initStyleOption(&option);
    option.rect = QRect(QPoint(), size);
    return style()
        ->subControlRect(QStyle::CC_ComboBox, &option, QStyle::SC_ComboBoxEditField, this)
        .width();
}

QSize ElidingComboBox::minimumSizeHint() const
{
    QSize size = QComboBox::minimumSizeHint();
    const int spare = textWidth(size) - fontMetrics().averageCharWidth() * ShortestShown;
    if (spare > 0)
        size.rwidth() -= spare;
    return size;
}

QString ElidingComboBox::shownText() const
{
    return fontMetrics().elidedText(currentText(), Qt::ElideMiddle, textWidth(size()));
}

void ElidingComboBox::paintEvent(QPaintEvent *)
{
    QStylePainter painter(this);
    QStyleOptionComboBox option;
    initStyleOption(&option);
    painter.drawComplexControl(QStyle::CC_ComboBox, option);
    option.currentText = shownText();
    painter.drawControl(QStyle::CE_ComboBoxLabel, option);
}

bool ElidingComboBox::event(QEvent *event)
{
    if (event->type() == QEvent::ToolTip && shownText() != currentText()) {
        const auto *help = static_cast<QHelpEvent *>(event);
        // Plain text: a run's name is the user's, and may look like markup.
        const QString about = toolTip();
        const QString whole = about.isEmpty() ? currentText() : about + u"\n\n"_s + currentText();
        QToolTip::showText(help->globalPos(), Qt::convertFromPlainText(whole), this);
        return true;
    }
    return QComboBox::event(event);
}

} // namespace Rubricate
