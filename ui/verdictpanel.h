// The verdicts of the report on screen, one row per rubric, and the keys that label them:
// 1, 0 and - set the human label, A accepts the judge's verdict. Labels are written at once
// as annotation events through the undo stack the window shares.
#pragma once

#include "projectsnapshot.h"

#include <QWidget>

class QLabel;
class QTableView;
class QUndoStack;

namespace Rubricate {

class AnnotationWriter;
class VerdictModel;

class VerdictPanel : public QWidget
{
    Q_OBJECT

public:
    VerdictPanel(QUndoStack *undo, QWidget *parent = nullptr);

    // Shows the loaded report's verdicts; the same report and run again updates in place.
    void showVerdicts(const QString &projectPath, const LoadedReport &loaded);

    VerdictModel *model() const { return m_model; }
    QTableView *view() const { return m_view; }
    QString title() const;

    // The name labels are written under: the "annotator" setting, else the login name.
    static QString annotator();

signals:
    void annotationWritten(Rubricate::RowId reportId);
    void annotationFailed(const QString &error);

private:
    void setHumanLabel(double value);

    QUndoStack *m_undo;
    AnnotationWriter *m_writer;
    VerdictModel *m_model;
    QTableView *m_view;
    QLabel *m_title;
    QString m_projectPath;
    RowId m_report = 0;
    RowId m_run = 0;
};

} // namespace Rubricate
