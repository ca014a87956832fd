// Judge runs from the window: the run controller lives on its own thread (with its own
// database connection), so planning, the network, answer parsing and verdict writes never
// touch the GUI thread; progress and "verdicts written" come back as queued signals.
//
// One run is judged at a time: a second start while one is planned, running or paused is
// refused (isRunning() says so), which keeps the rate limits of one provider meaningful.
#pragma once

#include "judge/judgeconfig.h"
#include "runs/claimextractor.h"
#include "runs/pageclassifier.h"
#include "runs/pdrcriteriagenerator.h"
#include "runs/runcontroller.h"
#include "runs/runplanner.h"

#include <QObject>
#include <QThread>

#include <atomic>
#include <functional>
#include <optional>

namespace Rubricate {

class ProjectStore;

// What the run dialog asks for. For a re-run of failed items the run keeps its own stored
// config (it is what its cache keys and verdicts were made with); `config`, `scope` and
// `name` are then ignored.
struct RunRequest {
    JudgeConfig config;
    RunScope scope;
    QString name;
    RowId rerunFailedOf = 0;
    // Instead of judging reports, one of the generators that ask this judge single prompts:
    // PDR-Bench: write the queries' criteria.
    std::optional<PdrCriteriaOptions> criteria;
    // ReportBench: classify the fetched cited pages (the reference's titles).
    std::optional<PageClassifyOptions> classifyPages;
    // ReportBench and PDR-Bench: extract the reports' claims (the reference's method).
    std::optional<ClaimExtractOptions> extractClaims;
};

class RunLauncher : public QObject
{
    Q_OBJECT

public:
    explicit RunLauncher(QObject *parent = nullptr);
    ~RunLauncher() override;

    // True from a start until `finished`: while planning, running and paused.
    bool isRunning() const { return m_running; }
    bool isPaused() const { return m_paused; }
    // The run being judged; 0 while idle or still planning.
    RowId activeRunId() const { return m_activeRunId; }
    // The newest progress of the active (or last) run.
    RunProgress lastProgress() const { return m_lastProgress; }
    // The project of the active (or last) run, as given to start: run ids are only
    // unique within a project.
    QString projectPath() const { return m_projectPath; }

    // Plans a run of the offline lexical judge over every DRB-II item of the project and
    // starts it.
    void startOffline(const QString &projectPath);
    // Plans the request (or re-queues the failed items of its run) and starts it. False,
    // with nothing done, when a run is already going.
    bool start(const QString &projectPath, const RunRequest &request);
    // Sends the pending jobs of an existing run: after a cancel, or a run a killed process
    // left "running". False when a run is already going.
    bool resumeRun(const QString &projectPath, RowId runId);
    // Has the judge write PDR-Bench criteria (RunRequest::criteria); the same thread and the
    // same running state as a run, so the two never overlap. False when something is going.
    bool generateCriteria(const QString &projectPath, const JudgeConfig &config,
                          const PdrCriteriaOptions &options);
    // The same for the classification of cited pages and for claim extraction by a judge.
    bool classifyPages(const QString &projectPath, const JudgeConfig &config,
                       const PageClassifyOptions &options);
    bool extractClaims(const QString &projectPath, const JudgeConfig &config,
                       const ClaimExtractOptions &options);

    // These act on the active run.
    void pause();
    void resume();
    void cancel();

signals:
    void started(Rubricate::RowId runId, int jobs);
    void progressChanged(const Rubricate::RunProgress &progress);
    void verdictsWritten(Rubricate::RowId reportId);
    // Criteria generation: how far it is, and that criteria were written (the tree and the
    // panel read them again).
    void criteriaProgressChanged(const Rubricate::PdrCriteriaProgress &progress);
    void criteriaWritten();
    // Page classification and claim extraction: how far they are, and that they ended
    // (whatever the status, what they wrote stays written: the views read it again).
    void classifyProgressChanged(const Rubricate::PageClassifyProgress &progress);
    void pagesClassified(const QString &status);
    void claimsProgressChanged(const Rubricate::ClaimExtractProgress &progress);
    void claimsWritten(const QString &status);
    void finished(const QString &status, const QString &error);
    // Running, paused or idle changed: a cue to enable or disable actions.
    void stateChanged();

private:
    struct Prepared {
        RowId runId = 0;
        int jobs = 0;
    };
    // Runs on the run thread with that thread's own store; returns the run to start and how
    // many jobs it has to send.
    using Prepare = std::function<Result<Prepared>(ProjectStore &store)>;
    bool launch(const QString &projectPath, const Prepare &prepare);
    // Marks the launcher busy for `projectPath`; false when something is going already.
    bool begin(const QString &projectPath);
    // From the run thread: the run is over (or never started); tells the GUI thread.
    void announceEnd(const QString &status, const QString &error);
    void invokeOnController(const std::function<void(RunController *)> &call);
    void cancelGenerators();
    // Creates a JudgeGenerator on the run thread, its progress forwarded to `progress` and
    // `connectMore` connecting the rest there, and starts it; `failures` words what failed
    // for `finished`. The same running state as a run, so the two never overlap.
    template<typename Generator, typename Options, typename Progress>
    bool launchGenerator(const QString &projectPath, const JudgeConfig &config,
                         const Options &options, void (RunLauncher::*progress)(const Progress &),
                         QString (*failures)(const Generator &),
                         const std::function<void(Generator *)> &connectMore);

    QThread m_thread;
    QObject *m_worker = nullptr; // lives on m_thread
    bool m_running = false;
    bool m_paused = false;
    RowId m_activeRunId = 0;
    RunProgress m_lastProgress;
    QString m_projectPath;
    // Set by cancel() before the controller exists, read on the run thread after planning.
    std::atomic<bool> m_cancelRequested = false;
};

} // namespace Rubricate
