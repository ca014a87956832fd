// "My Queue": the studies that assign the current annotator items, the items themselves
// (unlabelled first), how far this person is and how far everyone is, and the keys that walk
// the queue across reports (L: the next unlabelled item, Shift+L: the previous one). The
// window opens what the dock asks for and tells it what was labelled.
#pragma once

#include "services/projectsnapshot.h"

#include <QDockWidget>
#include <QSet>

class QAction;
class QCheckBox;
class QComboBox;
class QLabel;
class QProgressBar;
class QTableView;
class QTreeWidget;

namespace Rubricate {

class StudyQueueModel;

class StudyQueueDock : public QDockWidget
{
    Q_OBJECT

public:
    explicit StudyQueueDock(QWidget *parent = nullptr);

    void setSnapshot(const ProjectSnapshot &snapshot);
    // The study being worked: the one chosen in the dock (none when nothing assigns items).
    std::optional<Study> currentStudy() const;
    // This annotator's items of the current study among the report's rubrics.
    QSet<RowId> rubricsOf(RowId reportId) const;
    bool autoAdvance() const;

    // The review page moved to this item: the queue follows it.
    void setCurrentItem(RowId reportId, RowId rubricId);
    // A label was given (or cleared) on the review page.
    void markLabelled(RowId reportId, RowId rubricId, bool labelled);
    // Asks for the next unlabelled item (1) or the previous item (-1) in the sample's order
    // from the current one; false (and a message) when there is none.
    bool step(int direction);

    StudyQueueModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QComboBox *studyBox() const { return m_studyBox; }
    QLabel *progressLabel() const { return m_progressLabel; }
    QTreeWidget *overview() const { return m_overview; }
    QCheckBox *autoAdvanceBox() const { return m_autoAdvance; }
    QAction *nextAction() const { return m_nextAction; }
    QAction *previousAction() const { return m_previousAction; }

signals:
    void openItem(Rubricate::RowId reportId, Rubricate::RowId rubricId);
    void studyChanged();
    void message(const QString &text);

private:
    void showStudy();
    void updateProgress();

    ProjectSnapshot m_snapshot;
    StudyQueueModel *m_model;
    QTableView *m_view;
    QComboBox *m_studyBox;
    QLabel *m_progressLabel;
    QProgressBar *m_progressBar;
    QTreeWidget *m_overview;
    QCheckBox *m_autoAdvance;
    QAction *m_nextAction;
    QAction *m_previousAction;
    RowId m_currentReport = 0;
    RowId m_currentRubric = 0;
};

} // namespace Rubricate
