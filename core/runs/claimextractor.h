// Extracts the claims of a project's ReportBench and PDR-Bench reports with a judge, the
// reference's method (claimextraction.h), where `claims extract` without a judge uses the
// heuristics (claimsproject.h). Per report: its blocks; for ReportBench one call per block for
// the cited statements, then — once all of them are in — one per block for the uncited ones,
// given every cited statement of the report; for PDR-Bench one call per block for its claims.
//
// A report's claims are written in one transaction once all its calls succeeded, replacing the
// claims it had; a report with a failed call writes nothing and is named. Claims are labelled
// "judge:<provider>:<model>" in their metadata's origin. A report whose claims a judge
// extracted before is skipped unless `force`, so a cancelled or killed extraction resumes
// where it stopped. Claims a person has labelled are never replaced: when any report of the
// scope that would be extracted has them, nothing starts (as `claims extract --force`).
//
// Where we differ from the reference: a cited statement–URL pair the judge lists twice for a
// report is kept twice for ReportBench (the reference counts pairs as extracted) but once for
// PDR-Bench, whose reliability pipeline deduplicates the pairs (formats.md §4.3).
//
// Like PageClassifier it opens its own connection in start() and sends through a
// JudgeCallQueue, so a window can run it on a worker thread. Without a key the offline provider
// answers from the judge simulator.
#pragma once

#include "domain/types.h"
#include "judge/claimextraction.h"
#include "judgegenerator.h"
#include "store/storetypes.h"

#include <QHash>

#include <memory>

namespace Rubricate {

class JudgeCallQueue;
class ProjectStore;

struct ClaimExtractOptions {
    QList<ReportSummary>
        reports; // ReportBench and PDR-Bench ones (claimReports in claimsproject.h)
    bool force = false; // also reports a judge extracted before
    int attempts = 3; // per call, counting the first
};

struct ClaimExtractProgress {
    int reports = 0; // in scope
    int extracted = 0; // reports whose claims were written
    int failed = 0;
    int skipped = 0; // a judge extracted their claims before
    int withoutText = 0;
    int cited = 0; // claims written
    int uncited = 0;
    int requests = 0;
    int inFlight = 0;
    QString status; // "running", "finished", "failed", "cancelled"
};

struct ClaimExtractFailure {
    RowId reportId = 0; // 0: nothing could be sent
    QString report; // "report 3 (model, task T)"
    QString error;
};

class ClaimExtractor : public JudgeGenerator
{
    Q_OBJECT

public:
    ClaimExtractor(const QString &projectPath, const JudgeConfig &config,
                   QObject *parent = nullptr);
    ~ClaimExtractor() override;

    // "judge:<provider>:<model>", the origin the claims are labelled with.
    QString origin() const;

    // Opens the project and starts on the reports; an error when nothing can start
    // (labelled claims would be replaced).
    Result<void> start(const ClaimExtractOptions &options);

    ClaimExtractProgress progress() const;
    QList<ClaimExtractFailure> failures() const { return m_failures; }

signals:
    void progressChanged(const Rubricate::ClaimExtractProgress &progress);

private:
    struct Work; // one report on its way
    void enqueueBlocks(const std::shared_ptr<Work> &work, ClaimPromptKind kind);
    void blockDone(const std::shared_ptr<Work> &work);
    void write(const std::shared_ptr<Work> &work);
    void fail(const std::shared_ptr<Work> &work, const QString &why);
    bool anyFailed() const override { return m_progress.failed > 0; }
    void recordStatus(const QString &status) override { m_progress.status = status; }
    void emitProgress() override;

    QString m_projectPath;
    std::unique_ptr<ProjectStore> m_store;
    ClaimExtractProgress m_progress;
    QList<ClaimExtractFailure> m_failures;
};

} // namespace Rubricate
