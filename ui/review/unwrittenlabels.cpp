#include "review/unwrittenlabels.h"

#include "services/annotationwriter.h"

#include <QMenu>
#include <QMessageBox>
#include <QStyle>

namespace Rubricate {

using namespace Qt::StringLiterals;

UnwrittenLabelsIndicator::UnwrittenLabelsIndicator(AnnotationWriter *writer, QWidget *parent)
    : QToolButton(parent)
    , m_writer(writer)
{
    setObjectName(u"unwrittenLabels"_s);
    setAutoRaise(true);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    setVisible(false);
    setPopupMode(QToolButton::MenuButtonPopup);
    connect(this, &QToolButton::clicked, m_writer, &AnnotationWriter::retryNow);
    auto *menu = new QMenu(this);
    menu->addAction(tr("Try Now"), m_writer, &AnnotationWriter::retryNow);
    menu->addAction(tr("Set Waiting Labels Aside…"), this, &UnwrittenLabelsIndicator::setAside);
    setMenu(menu);
    connect(m_writer, &AnnotationWriter::waiting, this, &UnwrittenLabelsIndicator::refreshText);
}

void UnwrittenLabelsIndicator::setAside()
{
    // The counts shown: labels given while the box is open keep waiting.
    const QHash<QString, AnnotationWriter::Waiting> shown = m_writer->waitingLabels();
    QMessageBox box(QMessageBox::Warning, tr("Set Waiting Labels Aside"),
                    tr("Stop trying to write the %n waiting label(s)? They are moved to a file "
                       "beside the spool on this computer and are not written to the project; "
                       "give them again once it can be reached.",
                       nullptr, waitingCount()),
                    QMessageBox::Cancel, this);
    box.addButton(tr("Set Aside"), QMessageBox::DestructiveRole);
    box.setDefaultButton(QMessageBox::Cancel);
    if (box.exec() == QMessageBox::Cancel)
        return;
    for (auto it = shown.cbegin(); it != shown.cend(); ++it)
        m_writer->setAsideWaiting(it.key(), it->count);
}

int UnwrittenLabelsIndicator::waitingCount() const
{
    int total = 0;
    for (const AnnotationWriter::Waiting &w : m_writer->waitingLabels())
        total += w.count;
    return total;
}

void UnwrittenLabelsIndicator::refreshText()
{
    const int total = waitingCount();
    setVisible(total > 0);
    if (total == 0)
        return;
    setText(tr("%n label(s) not yet written", nullptr, total));
    const int nextTryMs = m_writer->retryInMs();
    QStringList lines;
    const auto &waiting = m_writer->waitingLabels();
    for (auto it = waiting.cbegin(); it != waiting.cend(); ++it) {
        lines << tr("%1: %n label(s), not written because: %2", nullptr, it->count)
                     .arg(it.key(), it->error.isEmpty() ? tr("unknown") : it->error);
    }
    lines << QString()
          << tr("They are kept on this computer, also when Rubricate is closed, and written in "
                "the order given as soon as the project can take them.");
    if (nextTryMs > 0)
        lines << tr("Next try in %n second(s). Click to try now.", nullptr,
                    (nextTryMs + 999) / 1000);
    else
        lines << tr("Click to try now.");
    setToolTip(lines.join(u'\n'));
}

} // namespace Rubricate
