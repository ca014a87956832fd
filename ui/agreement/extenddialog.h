// Extends a study's sample (issue 16, planning): for a target half-width of the PPI++
// interval, per model how many more labels the plan asks for, or "not reachable" with its
// reason, and on OK those items drawn and assigned to the study's annotators. The labels and
// judge verdicts are read once per study off the GUI thread; the plan follows the spin box
// at once; the items are drawn and saved on a worker with its own ProjectStore.
#pragma once

#include "alignment/correctedscores.h"
#include "readers/studyextension.h"

#include <QDialog>

class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QTableWidget;

namespace Rubricate {

class ExtendSampleDialog : public QDialog
{
    Q_OBJECT

public:
    // `studies` to choose from, `current` chosen first.
    ExtendSampleDialog(const QString &projectPath, const QStringList &studies,
                       const QString &current, QWidget *parent = nullptr);

    QString study() const;
    double halfWidth() const;
    // True once the chosen study's scores are read (or could not be: summaryText() says why).
    bool isLoaded() const { return m_loaded; }
    const StudyExtensionPlan &plan() const { return m_plan; }
    QString summaryText() const;

    QComboBox *studyBox() const { return m_study; }
    QDoubleSpinBox *halfWidthBox() const { return m_halfWidth; }
    QTableWidget *planTable() const { return m_table; }

    // Draws and saves the planned items on a worker; the dialog closes (and `extended` is
    // emitted) once they are written, and stays open with the reason when they could not be.
    void accept() override;
    // Ignored while saving: the items are either written or not, and the dialog says which.
    void reject() override;

signals:
    void loaded();
    void extended(const QString &study, int added);

private:
    void loadScores();
    void replan();
    void updateState();

    QString m_projectPath;
    QComboBox *m_study;
    QDoubleSpinBox *m_halfWidth;
    QTableWidget *m_table;
    QLabel *m_reasons; // each model that cannot reach the target, and why
    QLabel *m_summary;
    QDialogButtonBox *m_buttons;

    quint64 m_request = 0;
    bool m_loaded = false;
    CorrectedScores m_scores;
    StudyExtensionPlan m_plan;
    bool m_saving = false;
    QString m_saveError;
};

} // namespace Rubricate
