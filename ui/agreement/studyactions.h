// The Study menu's own actions: draw a new study (a sample with its settings), extend a
// study's sample where the corrected scores need more labels, and adjudicate the items of a
// study. The queue's actions and the annotator switch sit beside them. Texts
// in the window's translation context, as its menus.
#pragma once

#include "domain/types.h"
#include "shell/windowshell.h"

#include <QHash>
#include <QList>
#include <QObject>

class QAction;
class QMenu;

namespace Rubricate {

class AdjudicationPage;
class StudyQueueDock;
struct ProjectSnapshot;

class StudyActions : public QObject
{
    Q_OBJECT

public:
    StudyActions(WindowShell *window, StudyQueueDock *queue, AdjudicationPage *adjudication);

    // New study, the queue's actions, adjudicate the study's items.
    void addToMenu(QMenu *study);
    // The studies to extend and adjudicate, and whether the project lets this login draw,
    // extend or adjudicate them (a team project's annotators may not).
    void setSnapshot(const ProjectSnapshot &snapshot);

private:
    void createActions();
    void newStudy();
    void extendSample();
    void adjudicateStudy();

    WindowShell *m_shell;
    QWidget *m_window; // the shell's widget: the parent of dialogs
    StudyQueueDock *m_queue;
    AdjudicationPage *m_adjudication;
    QAction *m_newStudy = nullptr;
    QAction *m_extend = nullptr;
    QAction *m_adjudicate = nullptr;
    QHash<QString, QList<std::pair<RowId, RowId>>> m_studyItems; // of the open project
};

} // namespace Rubricate
