// Study → Switch Annotator and who the window labels as. A team project binds each annotator's
// login to one annotator and refuses labels under any other (teamroles.h): while the open
// project does, that annotator is the identity and Switch Annotator offers nobody else; the
// identity chosen on this machine stays for the other projects. Texts in the window's
// translation context, as its menus.
#pragma once

#include "domain/types.h"

#include <QList>
#include <QObject>

class QAction;
class QLabel;
class QMenu;
class QUndoStack;
class QWidget;

namespace Rubricate {

struct ProjectSnapshot;

class AnnotatorActions : public QObject
{
    Q_OBJECT

public:
    // `undo`: the window's labels, cleared when the person they are written under changes.
    AnnotatorActions(QWidget *window, QUndoStack *undo);
    // The binding was the window's project's.
    ~AnnotatorActions() override;

    QAction *switchAction() const { return m_switch; }
    // Switch Annotator, with the menu's tooltips on: a disabled item is not highlighted and
    // shows no status tip, so its tooltip is where it says why.
    void addToMenu(QMenu *study);
    // For the status bar: who the window labels as while a project binds the login, hidden
    // otherwise. A message would be gone as soon as the first report loads.
    QLabel *boundIndicator() const { return m_boundIndicator; }
    // The open project's annotators, offered by the identity choice.
    const QList<Annotator> &annotators() const { return m_annotators; }
    // Takes the project's annotators, and the annotator it binds this login to as the
    // identity (none: the chosen one).
    void setSnapshot(const ProjectSnapshot &snapshot);
    // "Who is annotating?" over the window (first start, Switch Annotator).
    void askWhoIsAnnotating();
    // Asks once the next project is open, so that its annotators can be chosen, unless someone
    // has been chosen by then or the project binds the login.
    void askOnceOpen() { m_askOnceOpen = true; }

signals:
    // Someone was chosen in "Who is annotating?": labels are theirs from now on.
    void annotatorChosen();

private:
    QWidget *m_window;
    QUndoStack *m_undo;
    QAction *m_switch = nullptr;
    QLabel *m_boundIndicator = nullptr;
    QList<Annotator> m_annotators;
    bool m_askOnceOpen = false;
};

} // namespace Rubricate
