// A combo box that narrows with its pane: QComboBox clips a long current text at the edge
// ("demo judge (bundled r"), so a run's name lost its end in a narrow review pane, worst while
// the box is disabled and its popup cannot show the whole name. This one draws the text
// elided in the middle, where run names differ least, and names it whole in the tooltip.
#pragma once

#include <QComboBox>

namespace Rubricate {

class ElidingComboBox : public QComboBox
{
    Q_OBJECT

public:
    explicit ElidingComboBox(QWidget *parent = nullptr);

    // Room for a few characters: the layout may give the box less than its contents.
    QSize minimumSizeHint() const override;
    // The current text as drawn; differs from currentText() when it does not fit.
    QString shownText() const;

protected:
    void paintEvent(QPaintEvent *event) override;
    bool event(QEvent *event) override;

private:
    // Width of the text field when the box is `size`.
    int textWidth(QSize size) const;
};

} // namespace Rubricate
