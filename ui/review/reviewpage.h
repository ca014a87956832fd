// The review page: the project explorer, the report and the verdict panel side by side, and
// the state of reading and labelling — the report on screen, the runs chosen for it, the
// study it is read for (blind or not), the evidence stepping and the report stepping. It asks
// the loader for reports and shows them; the window only tells it which project is open.
#pragma once

#include "domain/types.h"

#include <QSplitter>

class QUndoStack;

namespace Rubricate {

struct LoadedReport;
struct ProjectSnapshot;
class AnnotationWriter;
class ProjectExplorer;
class ProjectLoader;
class ReportView;
class StudyQueueDock;
class VerdictPanel;

class ReviewPage : public QSplitter
{
    Q_OBJECT

public:
    ReviewPage(ProjectLoader *loader, QUndoStack *undo, AnnotationWriter *writer,
               StudyQueueDock *queue, QWidget *parent = nullptr);

    ProjectExplorer *explorer() const { return m_explorer; }
    ReportView *reportView() const { return m_reportView; }
    VerdictPanel *verdictPanel() const { return m_verdictPanel; }

    // Another project: the run choices were the last project's.
    void leaveProject();
    // The project was read (again, or another one): the tree shows it.
    void setSnapshot(const ProjectSnapshot &snapshot);
    // Once the window has taken the snapshot in: after a reload the report on screen stays;
    // otherwise the page asks for one.
    void settleOnReport();
    // Loads the report on screen again (new verdicts, criteria, labels); nothing without one.
    void refreshReport();
    // Makes the rubric current in its report, opening the report first when needed.
    void openRubric(RowId reportId, RowId rubricId);
    // The study being worked, for the report on screen (0: the one shown now).
    void applyStudyContext(RowId reportId = 0);
    // The PDR-Bench query of the report on screen; 0 for other benchmarks or no report.
    RowId queryId() const;

signals:
    // For the status bar: `text` for `timeout` ms (0: until the next message); an empty
    // text clears it.
    void message(const QString &text, int timeout = 0);
    void errorOccurred(const QString &title, const QString &message);
    void reportShown(Rubricate::RowId reportId);
    // The report on screen changed what the window's actions can do (the criteria editor).
    void reportChanged();
    void editCriteriaRequested(Rubricate::RowId queryId);

private:
    void connectExplorer();
    void connectPanel();
    void connectQueue();
    void onReportSelected(RowId reportId);
    void onReportLoaded(const LoadedReport &loaded);
    void loadReport(RowId reportId);
    void stepEvidence(int step);

    ProjectLoader *m_loader;
    StudyQueueDock *m_queue;
    ProjectExplorer *m_explorer = nullptr;
    ReportView *m_reportView = nullptr;
    VerdictPanel *m_verdictPanel = nullptr;

    QString m_projectPath; // the project on screen
    bool m_reloading = false; // the last snapshot is the project on screen, read again
    bool m_hasReports = false; // the last snapshot has reports
    RowId m_keptReport = 0; // on screen before the last snapshot of the same project
    RowId m_requestedReport = 0; // the newest report asked of the loader
    RowId m_runChoice = 0; // the run chosen in the verdict panel (0: the newest)
    RowId m_otherRunChoice = 0; // shown beside it (0: none)
    QString m_revealOnLoad; // a search hit's text, shown once its report has loaded
    RowId m_rubricOnLoad = 0; // a rubric to make current once its report has loaded
};

} // namespace Rubricate
