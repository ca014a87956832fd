// Draws a sample of rubric items for annotation: benchmark, strata, a size given directly or
// by the width of the interval it should buy, annotators and overlap, seed and name, with a
// live preview of what would be assigned. The project is read, the sample planned and the
// assignments saved off the GUI thread, each worker with its own ProjectStore.
#pragma once

#include "alignment/sampling.h"

#include <QDialog>

#include <optional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QRadioButton;
class QSpinBox;
class QTimer;

namespace Rubricate {

class SampleDialog : public QDialog
{
    Q_OBJECT

public:
    explicit SampleDialog(const QString &projectPath, QWidget *parent = nullptr);

    // What would be drawn, from the widgets as they are now.
    QString benchmarkKey() const;
    SampleRequest request() const;
    QString sampleName() const;
    // The study settings saved with the sample: the run compared with, blind or not.
    Study studySettings() const;

    // True once the project's benchmarks and samples are in the widgets.
    bool isLoaded() const { return m_loaded; }
    // The plan for the current settings; empty while it is computed or when the settings
    // allow none (previewText() says why).
    std::optional<SamplePlan> plan() const { return m_plan; }
    QString previewText() const;

    // Saves the previewed sample on a worker; the dialog closes (and `saved` is emitted) once
    // it is written, and stays open with the reason when it could not be.
    void accept() override;
    // Ignored while saving: the sample is either written or not, and the dialog says which.
    void reject() override;

signals:
    void loaded();
    void previewChanged();
    void saved(const QString &sample);

private:
    void buildWidgets();
    void loadChoices();
    void schedulePreview();
    void computePreview();
    void updateState(); // the Save button and the preview text
    QString problem() const; // what stops a save, from the widgets alone

    QString m_projectPath;
    bool m_loaded = false;
    QString m_loadError;
    QStringList m_samples; // names already taken
    // The items of one benchmark, read once: changing a setting only plans again.
    QString m_itemsBenchmark;
    QList<RatingRow> m_items;

    QWidget *m_settings = nullptr; // every input, disabled while saving
    QComboBox *m_benchmark = nullptr;
    QList<std::pair<RatingAttribute, QCheckBox *>> m_strata; // in the order strata are keyed
    QRadioButton *m_bySize = nullptr;
    QRadioButton *m_byHalfWidth = nullptr;
    QSpinBox *m_size = nullptr;
    QDoubleSpinBox *m_halfWidth = nullptr;
    QDoubleSpinBox *m_expected = nullptr;
    QLineEdit *m_annotators = nullptr;
    QSpinBox *m_overlap = nullptr;
    QSpinBox *m_seed = nullptr;
    QLineEdit *m_name = nullptr;
    QComboBox *m_run = nullptr;
    QCheckBox *m_blind = nullptr;
    QLabel *m_preview = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QTimer *m_previewTimer = nullptr;

    quint64 m_previewRequest = 0;
    bool m_previewing = false;
    std::optional<SamplePlan> m_plan;
    QString m_previewError;
    bool m_saving = false;
    QString m_saveError;
};

} // namespace Rubricate
