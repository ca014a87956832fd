#include "project/projectpage.h"

namespace Rubricate {

ProjectPage::ProjectPage(QWidget *parent)
    : QWidget(parent)
{
    m_pool.setMaxThreadCount(1);
}

void ProjectPage::setProject(const QString &projectPath)
{
    m_projectPath = projectPath;
    refresh();
}

void ProjectPage::refresh()
{
    if (!isVisible()) {
        m_stale = true;
        return;
    }
    m_stale = false;
    if (!m_projectPath.isEmpty())
        load();
}

void ProjectPage::showEvent(QShowEvent *event)
{
    QWidget::showEvent(event);
    if (m_stale)
        refresh();
}

} // namespace Rubricate
