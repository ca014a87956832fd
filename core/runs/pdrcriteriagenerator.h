// Generates PDR-Bench criteria with a judge (formats.md §4.2) for queries that have none, or
// again for chosen ones: per query and family, dimension weights sampled N times and averaged
// (pdrweights.h), then one call per dimension for its weighted sub-criteria. Prompts and
// readers are judge/pdrcriteria.h.
//
// Asynchronous like RunController: requests go out through a JudgeCallQueue (the provider's
// HTTP call with a concurrency limit and back-off), nothing here waits on the network, and
// cancel() stops at once. It opens its own database connection in start() and writes there, so a
// window runs it on a worker thread (create it there, as RunLauncher does with RunController) and
// listens to its signals. The offline provider answers with the judge simulator's deterministic
// answers, so a project without a key can still generate (placeholder) criteria.
//
// What counts as a failure, and what is written:
// - A weight sample whose request failed K times, whose answer holds no JSON object, or whose
//   values do not sum to 1 within 1e-6 is discarded (the reference discards such samples); a
//   family whose samples are all discarded fails its query.
// - A sub-criteria call is retried (up to K attempts in all) when its request fails or its
//   answer is unreadable or its weights do not sum to 1; after K it fails its query.
// - A query's rubrics are written in ONE transaction once every call of the query succeeded;
//   a failed query writes nothing. With `force`, the query's earlier criteria (and the
//   verdicts on them) are replaced in the same transaction; criteria a person has labelled
//   are never removed, so such a query fails with that reason.
// - Each rubric's metadata: family, explanation, origin "judge:<model>", the number of weight
//   samples accepted ("weight_samples") and the provider. Imported criteria say origin
//   "imported".
// - Responses are not cached: the samples are meant to differ.
#pragma once

#include "domain/types.h"
#include "judgegenerator.h"

#include <QHash>

#include <memory>

namespace Rubricate {

class ProjectStore;

struct PdrCriteriaOptions {
    QStringList queryIds; // external ids; empty: every query of the benchmark
    int samples = 5; // weight samples per family (the reference's DEFAULT_SAMPLE_COUNT)
    int attempts = 3; // per call, counting the first
    bool force = false; // also queries that have criteria, replacing them
};

struct PdrCriteriaOutcome {
    QString queryId; // external id
    QString status; // "written", "failed", "skipped"
    QString error; // why it failed or was skipped
    int rubrics = 0; // written
    QStringList notes; // discarded samples and retried calls, for the log
};

struct PdrCriteriaProgress {
    int queries = 0; // to generate
    int written = 0;
    int failed = 0;
    int skipped = 0;
    int requests = 0; // sent, retries included
    int inFlight = 0;
    int callsDone = 0;
    int callsQueued = 0; // known so far (sub-criteria calls join once weights are in)
    QString status; // "running", "finished", "failed", "cancelled"
};

class PdrCriteriaGenerator : public JudgeGenerator
{
    Q_OBJECT

public:
    PdrCriteriaGenerator(const QString &projectPath, const JudgeConfig &config,
                         QObject *parent = nullptr);
    ~PdrCriteriaGenerator() override;

    // Opens the project, picks the queries and starts; an error when nothing can
    // start (no PDR-Bench queries, an unknown query id, no API key).
    Result<void> start(const PdrCriteriaOptions &options);

    PdrCriteriaProgress progress() const;
    QList<PdrCriteriaOutcome> outcomes() const { return m_outcomes; }

signals:
    void progressChanged(const Rubricate::PdrCriteriaProgress &progress);
    void queryFinished(const Rubricate::PdrCriteriaOutcome &outcome);

private:
    struct Work;
    void enqueueWeights(int index);
    void enqueueSubCriteria(int index, int dimension);
    void weightSampleIn(int index, const QString &family, const QString &text);
    void weightSampleLost(int index, const QString &family, const QString &why);
    void weightsIn(int index);
    void write(int index);
    void failWork(int index, const QString &why);
    bool anyFailed() const override { return m_progress.failed > 0; }
    void recordStatus(const QString &status) override { m_progress.status = status; }
    void emitProgress() override;

    QString m_projectPath;
    PdrCriteriaOptions m_options;
    std::unique_ptr<ProjectStore> m_store;
    QList<std::shared_ptr<Work>> m_work;
    QList<PdrCriteriaOutcome> m_outcomes;
    PdrCriteriaProgress m_progress;
};

} // namespace Rubricate
