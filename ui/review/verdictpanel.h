// The verdicts of the report on screen, one row per rubric, the details of the current one,
// and the keys that label them. Labels and notes are written at once as annotation events
// through the undo stack the window shares. Which run is shown (and which one beside it) is
// chosen here; the window reloads the report when the choice changes. A PDR-Bench report
// adds a tab with its query and persona beside the details.
#pragma once

#include "services/projectsnapshot.h"

#include <QElapsedTimer>
#include <QSet>
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
    VerdictPanel(QUndoStack *undo, AnnotationWriter *writer, QWidget *parent = nullptr);

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
    RowId reportId() const { return m_report; }
    void selectRubric(RowId rubricId);
    // The rows whose evidence the report may highlight: all of them, none in blind mode
    // (a labelled rubric shows the judge's evidence in its details only).
    QList<VerdictRow> visibleRows() const;

    // The keys this panel answers to, for the shortcut sheet: (keys, what they do).
    static QList<std::pair<QString, QString>> keyHelp();

    // The id labels are written under (see annotatoridentity.h).
    static QString annotator();

    // The study being worked and its items among this report's rubrics: their labels record
    // the study, and a blind study keeps the judge hidden with the toggle locked on.
    void setStudyContext(const QString &study, bool blind, const QSet<RowId> &studyRubrics);
    bool blindLocked() const { return m_studyBlind && !m_studyRubrics.isEmpty(); }

signals:
    void annotationWritten(Rubricate::RowId reportId);
    // A label (not a note) was given to this item, before it is written.
    void labelGiven(Rubricate::RowId reportId, Rubricate::RowId rubricId, bool labelled);
    void annotationFailed(const QString &error);
    void currentRubricChanged(Rubricate::RowId rubricId);
    void runsChosen(Rubricate::RowId runId, Rubricate::RowId otherRunId);
    void reportStepRequested(int step);
    void evidenceStepRequested(int step);
    void blindModeChanged(bool blind);
    void message(const QString &text);

private:
    void labelWithKey(QChar key);
    void setHumanLabel(double value, LabelMethod method);
    LabelProvenance provenanceOf(const VerdictRow &row, LabelMethod method) const;
    void applyBlind();
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
    QString m_study;
    bool m_studyBlind = false;
    QSet<RowId> m_studyRubrics;
    QElapsedTimer m_focus; // since the current rubric came into view
};

} // namespace Rubricate
