// Classifies the cited pages of a project's ReportBench reports with a judge, as the
// reference does before it scores citation precision and recall (paperclassification.h):
// every distinct fetched page cited by a report, one request each, its decision written on
// arrival in a transaction of its own. A page that judge classified before is skipped unless
// `force`, so a cancelled or killed classification resumes where it stopped.
//
// Without a key (the offline provider) the page's own metadata decides, by the pages method's
// rule (reportbenchscoring.h), under the judge name "offline:page-metadata".
//
// Like PdrCriteriaGenerator it opens its own connection in start() and sends through a
// JudgeCallQueue, so a window runs it on a worker thread.
#pragma once

#include "judgegenerator.h"

#include <memory>

namespace Rubricate {

class ProjectStore;

struct PageClassifyOptions {
    QString model; // only the pages this agent's reports cite; empty: every report's
    int attempts = 3; // per page, counting the first
    bool force = false; // also pages this judge classified before
};

struct PageClassifyProgress {
    int pages = 0; // distinct fetched cited pages to classify
    int classified = 0;
    int papers = 0; // of those classified
    int failed = 0;
    int skipped = 0; // classified before by this judge
    int notFetched = 0; // cited but without a fetched copy: nothing to classify
    int requests = 0;
    int inFlight = 0;
    QString status; // "running", "finished", "failed", "cancelled"
};

struct PageClassifyFailure {
    QString url;
    QString error;
};

class PageClassifier : public JudgeGenerator
{
    Q_OBJECT

public:
    PageClassifier(const QString &projectPath, const JudgeConfig &config,
                   QObject *parent = nullptr);
    ~PageClassifier() override;

    // "<provider>:<model>", the name the decisions are stored under.
    QString judgeName() const;

    // Opens the project, finds the pages and starts; an error when nothing can start
    // (no ReportBench reports).
    Result<void> start(const PageClassifyOptions &options);

    PageClassifyProgress progress() const;
    QList<PageClassifyFailure> failures() const { return m_failures; }

signals:
    void progressChanged(const Rubricate::PageClassifyProgress &progress);

private:
    void enqueue(const QString &key, const QString &url, const QString &text,
                 const QString &offlineAnswer);
    QString take(const QString &key, const QString &answer);
    bool anyFailed() const override { return m_progress.failed > 0; }
    void recordStatus(const QString &status) override { m_progress.status = status; }
    void emitProgress() override;

    QString m_projectPath;
    std::unique_ptr<ProjectStore> m_store;
    PageClassifyProgress m_progress;
    QList<PageClassifyFailure> m_failures;
};

} // namespace Rubricate
