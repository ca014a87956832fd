// Study → Write Labels Set Aside: the labels set aside on this machine for the open project
// (given up on while it was out of reach, or refused by it) written to it after all, except
// one whose item its annotator labelled again since, which would replace the newer label.
// A message says what was written and what stays aside, and why. Texts in the window's
// translation context, as its menus.
#pragma once

#include <QObject>

class QAction;
class QMenu;

namespace Rubricate {

class AnnotationWriter;
class WindowShell;

class SetAsideLabels : public QObject
{
    Q_OBJECT

public:
    SetAsideLabels(WindowShell *shell, AnnotationWriter *writer);

    void addToMenu(QMenu *study);
    void updateActions(bool haveProject);

private:
    void write();
    void report(const QString &projectPath, int written, int keptAside, const QStringList &why,
                const QString &error);

    WindowShell *m_shell;
    AnnotationWriter *m_writer;
    QAction *m_write = nullptr;
    QString m_writing; // the project whose set-aside labels are being written
    bool m_haveProject = false;
};

} // namespace Rubricate
