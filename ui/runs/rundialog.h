// Configures a judge run: which judge (provider, model, endpoint, where its API key comes
// from, prices, pacing), over what (benchmark, tasks, models, only unjudged items, or the
// failed items of an earlier run), and what that would cost before anything is sent. The
// project is read and the estimate computed off the GUI thread. The API key is only checked
// for presence: it is never shown, stored or put into the request.
//
// The same dialog starts the generators that ask a judge single prompts instead of judging
// reports (Purpose): the judge part is shared, the scope is the generator's own (its box says
// what it does and whether to redo what this judge did before).
#pragma once

#include "services/runlauncher.h"

#include <QDialog>
#include <QHash>

#include <optional>

class QCheckBox;
class QComboBox;
class QDialogButtonBox;
class QDoubleSpinBox;
class QFormLayout;
class QGroupBox;
class QLabel;
class QLineEdit;
class QListWidget;
class QSpinBox;
class QTimer;

namespace Rubricate {

class RunDialog : public QDialog
{
    Q_OBJECT

public:
    enum class Purpose {
        Judge, // a judge run (or, for PDR-Bench, writing criteria)
        ClassifyPages, // ReportBench: classify the fetched cited pages (PageClassifier)
        ExtractClaims, // ReportBench and PDR-Bench: extract claims (ClaimExtractor)
    };

    explicit RunDialog(const QString &projectPath, QWidget *parent = nullptr);
    RunDialog(const QString &projectPath, Purpose purpose, QWidget *parent = nullptr);

    Purpose purpose() const { return m_purpose; }

    // What to start, from the widgets as they are now.
    RunRequest request() const;

    // True once the project's benchmarks, models and runs are in the widgets.
    bool isLoaded() const { return m_loaded; }
    // The newest estimate for the current settings; empty while it is computed, or when the
    // settings leave nothing to send (estimateError() says why).
    std::optional<RunEstimate> estimate() const { return m_estimateResult; }
    QString estimateError() const { return m_estimateError; }

signals:
    void loaded();
    void estimateChanged();

private:
    struct FailedRun {
        RowId id = 0;
        QString label;
        JudgeConfig config;
        QString name;
    };
    enum class KeyState { NotNeeded, Environment, Keyring, Checking, Optional, Missing };

    void buildWidgets();
    // The generator's box instead of the run's scope, re-run and criteria.
    void buildGeneratorWidgets();
    bool generating() const { return m_purpose != Purpose::Judge; }
    void loadChoices();
    void fillModels();
    void onProviderChanged();
    void updateEnabled();
    void updateKeyStatus();
    void scheduleEstimate();
    void computeEstimate();
    void showEstimate();
    void updateState();
    ProviderKind currentProvider() const;
    JudgeConfig currentConfig() const;
    RunScope currentScope() const;
    QStringList checkedModels() const;
    bool isLocalServer() const;
    const FailedRun *currentFailedRun() const;

    QString m_projectPath;
    Purpose m_purpose = Purpose::Judge;
    bool m_loaded = false;
    QString m_loadError;
    QHash<QString, QList<std::pair<QString, int>>> m_modelsByBenchmark; // model, reports
    QList<FailedRun> m_failedRuns;
    QList<ReportSummary> m_claimReports; // ExtractClaims: ReportBench and PDR-Bench reports
    QCheckBox *m_again = nullptr; // a generator's `force`

    QComboBox *m_provider = nullptr;
    QLineEdit *m_model = nullptr;
    QLineEdit *m_baseUrl = nullptr;
    QComboBox *m_geminiAuth = nullptr;
    QLineEdit *m_keyEnv = nullptr;
    QLabel *m_keyStatus = nullptr;
    QLabel *m_urlProblem = nullptr; // a URL that would put a secret into the project
    QDoubleSpinBox *m_priceIn = nullptr;
    QDoubleSpinBox *m_priceOut = nullptr;
    QComboBox *m_scheme = nullptr;
    QComboBox *m_benchmark = nullptr;
    QLineEdit *m_tasks = nullptr;
    QListWidget *m_models = nullptr;
    QCheckBox *m_onlyUnjudged = nullptr;
    // PDR-Bench only: have the judge write the criteria instead of judging the reports.
    QGroupBox *m_criteriaBox = nullptr;
    QCheckBox *m_writeCriteria = nullptr;
    QSpinBox *m_samples = nullptr;
    QCheckBox *m_replaceCriteria = nullptr;
    bool writingCriteria() const;
    QCheckBox *m_rerun = nullptr;
    QComboBox *m_rerunRun = nullptr;
    QLabel *m_rerunJudge = nullptr;
    QSpinBox *m_concurrency = nullptr;
    QSpinBox *m_batchSize = nullptr;
    QCheckBox *m_sendAsBatch = nullptr; // JudgeConfig::batch
    QLineEdit *m_name = nullptr;
    QLabel *m_estimate = nullptr;
    QDialogButtonBox *m_buttons = nullptr;
    QFormLayout *m_judgeForm = nullptr;
    QList<QWidget *> m_judgeWidgets; // disabled for a re-run, which keeps its run's judge
    QList<QWidget *> m_networkWidgets; // of those, the ones the offline judge has no use for
    QList<QWidget *> m_scopeWidgets;

    ProviderKind m_shownProvider = ProviderKind::Offline; // whose defaults the widgets hold
    QString m_llmModel; // the model typed before switching to the offline judge
    KeyState m_keyState = KeyState::NotNeeded;
    quint64 m_keyRequest = 0;
    QTimer *m_estimateTimer = nullptr;
    quint64 m_estimateRequest = 0;
    bool m_estimating = false;
    std::optional<RunEstimate> m_estimateResult;
    QString m_estimateError;
};

} // namespace Rubricate
