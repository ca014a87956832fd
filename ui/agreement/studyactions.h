// The Study menu's own actions: draw a new study (a sample with its settings), extend a
// study's sample where the corrected scores need more labels, and adjudicate the items of a
// study. The queue's actions and the annotator switch sit beside them. Texts
// in the window's translation context, as its menus.
#pragma once

#include "domain/types.h"

#include <QHash>
#include <QList>
#include <QObject>

class QMenu;

namespace Rubricate {

class AdjudicationPage;
class MainWindow;
class StudyQueueDock;
struct ProjectSnapshot;

class StudyActions : public QObject
{
    Q_OBJECT

public:
    StudyActions(MainWindow *window, StudyQueueDock *queue, AdjudicationPage *adjudication);

    // New study, the queue's actions, adjudicate the study's items.
    void addToMenu(QMenu *study);
    void setSnapshot(const ProjectSnapshot &snapshot);

private:
    void newStudy();
    void extendSample();
    void adjudicateStudy();

    MainWindow *m_window;
    StudyQueueDock *m_queue;
    AdjudicationPage *m_adjudication;
    QHash<QString, QList<std::pair<RowId, RowId>>> m_studyItems; // of the open project
};

} // namespace Rubricate
