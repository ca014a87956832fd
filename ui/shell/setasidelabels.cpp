#include "shell/setasidelabels.h"

#include "common/actionfactory.h"
#include "services/annotationwriter.h"
#include "shell/windowshell.h"

#include <QMenu>
#include <QMessageBox>

namespace Rubricate {

SetAsideLabels::SetAsideLabels(WindowShell *shell, AnnotationWriter *writer)
    : QObject(shell->widget())
    , m_shell(shell)
    , m_writer(writer)
{
    m_write = makeAction(this, {}, WindowTexts::tr("Write Labels Set &Aside"),
                         "actionWriteSetAsideLabels", {},
                         WindowTexts::tr("Write the labels set aside on this computer to the "
                                         "project after all"));
    connect(m_write, &QAction::triggered, this, &SetAsideLabels::write);
    connect(m_writer, &AnnotationWriter::setAsideWritten, this, &SetAsideLabels::report);
}

void SetAsideLabels::addToMenu(QMenu *study)
{
    study->addAction(m_write);
}

void SetAsideLabels::updateActions(bool haveProject)
{
    m_haveProject = haveProject;
    m_write->setEnabled(haveProject && m_writing.isEmpty());
}

void SetAsideLabels::write()
{
    m_writing = m_shell->projectPath();
    updateActions(m_haveProject);
    m_shell->showStatus(WindowTexts::tr("Writing the labels set aside…"));
    m_writer->writeSetAside(m_writing);
}

void SetAsideLabels::report(const QString &projectPath, int written, int keptAside,
                            const QStringList &why, const QString &error)
{
    if (projectPath != m_writing)
        return;
    m_writing.clear();
    updateActions(m_haveProject);
    m_shell->clearStatus();
    const QString title = WindowTexts::tr("Write Labels Set Aside");
    if (written == 0 && keptAside == 0 && error.isEmpty()) {
        m_shell->showStatus(
            WindowTexts::tr("No labels are set aside for this project on this computer."), 8000);
        return;
    }
    QStringList text;
    if (written > 0)
        text << WindowTexts::tr("%n label(s) set aside on this computer were written to the "
                                "project.",
                                nullptr, written);
    if (!error.isEmpty())
        text << WindowTexts::tr("Writing stopped: %1").arg(error);
    if (keptAside > 0)
        text << WindowTexts::tr("%n label(s) stay set aside. A label stays when its annotator "
                                "labelled the same item again since, or when the project "
                                "refuses it; the details say which.",
                                nullptr, keptAside);
    auto *box = new QMessageBox(keptAside == 0 && error.isEmpty() ? QMessageBox::Information
                                                                  : QMessageBox::Warning,
                                title, text.join(u"\n\n"), QMessageBox::Ok, m_shell->widget());
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("setAsideReport"));
    if (!why.isEmpty())
        box->setDetailedText(why.join(u'\n'));
    box->open();
}

} // namespace Rubricate
