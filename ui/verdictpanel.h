// The verdicts of the report on screen, one row per rubric, the details of the current one,
// and the keys that label them. Labels and notes are written at once as annotation events
// through the undo stack the window shares. Which run is shown (and which one beside it) is
// chosen here; the window reloads the report when the choice changes. A PDR-Bench report
// adds a tab with its query and persona beside the details.
#pragma once

#include "projectsnapshot.h"

#include <QWidget>

class QAction;
class QComboBox;
class QLabel;
class QTabWidget;
class QTableView;
class QTextBrowser;
class QUndoStack;

namespace Rubricate {

class AnnotationWriter;
class PersonaView;
class VerdictModel;

class VerdictPanel : public QWidget
{
    Q_OBJECT

public:
    VerdictPanel(QUndoStack *undo, QWidget *parent = nullptr);

    // Shows the loaded report's verdicts; the same report and run again updates in place.
    void showVerdicts(const QString &projectPath, const LoadedReport &loaded);
    void clear();

    VerdictModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QComboBox *runBox() const { return m_runBox; }
    QComboBox *otherRunBox() const { return m_otherBox; }
    QTextBrowser *details() const { return m_details; }
    // PDR-Bench: the query and persona of the report, a tab beside the details that only
    // PDR-Bench reports show.
    PersonaView *personaView() const { return m_personaView; }
    QTabWidget *detailTabs() const { return m_detailTabs; }
    void showPersonaTab();
    QAction *blindAction() const { return m_blindAction; }
    QString title() const;
    RowId currentRubric() const;
    void selectRubric(RowId rubricId);
    // The rows whose evidence the report may highlight: all of them, none in blind mode
    // (a labelled rubric shows the judge's evidence in its details only).
    QList<VerdictRow> visibleRows() const;

    // The keys this panel answers to, for the shortcut sheet: (keys, what they do).
    static QList<std::pair<QString, QString>> keyHelp();

    // The name labels are written under: the "annotator" setting, else the login name.
    static QString annotator();

signals:
    void annotationWritten(Rubricate::RowId reportId);
    void annotationFailed(const QString &error);
    void currentRubricChanged(Rubricate::RowId rubricId);
    void runsChosen(Rubricate::RowId runId, Rubricate::RowId otherRunId);
    void reportStepRequested(int step);
    void evidenceStepRequested(int step);
    void blindModeChanged(bool blind);
    void message(const QString &text);

private:
    void addKey(const QKeySequence &key, const QString &text, const std::function<void()> &slot);
    void labelWithKey(QChar key);
    void setHumanLabel(double value);
    void acceptJudge();
    void editNote();
    void stepRubric(int step);
    void updateDetails();
    void updateTitle();
    void chooseRuns();
    // Fits a column to its contents, at most `characters` average characters wide.
    void fitColumn(int column, int characters);
    // The first row without this annotator's label; 0 when every row has one.
    int firstUnlabelledRow() const;

    QUndoStack *m_undo;
    AnnotationWriter *m_writer;
    VerdictModel *m_model;
    QTableView *m_view;
    QLabel *m_title;
    QComboBox *m_runBox;
    QComboBox *m_otherBox;
    QTextBrowser *m_details;
    PersonaView *m_personaView;
    QTabWidget *m_detailTabs;
    QAction *m_blindAction;
    QString m_projectPath;
    QString m_runName;
    RowId m_report = 0;
    RowId m_run = 0;
    RowId m_otherRun = 0;
    bool m_fillingBoxes = false;
};

} // namespace Rubricate
