#include "review/unwrittenlabels.h"

#include "services/annotationwriter.h"

#include <QMenu>
#include <QMessageBox>
#include <QStyle>

namespace Rubricate {

using namespace Qt::StringLiterals;

UnwrittenLabelsIndicator::UnwrittenLabelsIndicator(QWidget *parent)
    : QToolButton(parent)
{
    setObjectName(u"unwrittenLabels"_s);
    setAutoRaise(true);
    setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    setIcon(style()->standardIcon(QStyle::SP_MessageBoxWarning));
    setVisible(false);
    setPopupMode(QToolButton::MenuButtonPopup);
    connect(this, &QToolButton::clicked, this, &UnwrittenLabelsIndicator::retryNow);
    auto *menu = new QMenu(this);
    menu->addAction(tr("Try Now"), this, &UnwrittenLabelsIndicator::retryNow);
    menu->addAction(tr("Set Waiting Labels Aside…"), this, &UnwrittenLabelsIndicator::setAside);
    setMenu(menu);
}

void UnwrittenLabelsIndicator::retryNow()
{
    for (AnnotationWriter *writer : std::as_const(m_writers))
        writer->retryNow();
}

void UnwrittenLabelsIndicator::setAside()
{
    if (m_writers.isEmpty())
        return;
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
    for (auto it = m_waiting.cbegin(); it != m_waiting.cend(); ++it)
        m_writers.constFirst()->setAsideWaiting(it.key(), it->count);
}

void UnwrittenLabelsIndicator::track(AnnotationWriter *writer)
{
    m_writers.append(writer);
    connect(writer, &AnnotationWriter::waiting, this, &UnwrittenLabelsIndicator::update);
    connect(writer, &QObject::destroyed, this, [this, writer] { m_writers.removeAll(writer); });
}

int UnwrittenLabelsIndicator::waitingCount() const
{
    int total = 0;
    for (const Waiting &w : m_waiting)
        total += w.count;
    return total;
}

void UnwrittenLabelsIndicator::update(const QString &projectPath, int count, const QString &error)
{
    if (count > 0)
        m_waiting.insert(projectPath, {count, error});
    else
        m_waiting.remove(projectPath);
    refreshText();
}

void UnwrittenLabelsIndicator::refreshText()
{
    const int total = waitingCount();
    setVisible(total > 0);
    if (total == 0)
        return;
    setText(tr("%n label(s) not yet written", nullptr, total));
    int nextTryMs = 0;
    for (const AnnotationWriter *writer : std::as_const(m_writers)) {
        if (writer->retryInMs() > 0)
            nextTryMs = nextTryMs > 0 ? qMin(nextTryMs, writer->retryInMs()) : writer->retryInMs();
    }
    QStringList lines;
    for (auto it = m_waiting.cbegin(); it != m_waiting.cend(); ++it) {
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
