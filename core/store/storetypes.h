// The values the store reads and writes beyond the domain's own: summaries, run jobs and
// leases, keyed items, samples, criteria edits, adjudication items, cached responses, sources.
#pragma once

#include "domain/types.h"

#include <QDateTime>
#include <QHash>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rubricate {

struct TaskSummary {
    RowId id = 0;
    QString benchmarkKey;
    QString externalId;
    QString language;
    QString theme;
    QString title;
    int rubricCount = 0;
    int reportCount = 0;
    // The prompt's first characters, to name a task that has no title.
    QString promptStart;
};

struct ReportSummary {
    RowId id = 0;
    QString benchmarkKey;
    QString taskExternalId;
    QString queryExternalId;
    QString model;
    QString format;
    QString sourceName;
    int characters = 0;
    int pageCount = 0;
    bool hasText = false;
    int warningCount = 0;
    QStringList warnings; // the import's warnings about the report, as stored
    QString persona; // PDR-Bench: the query's persona (external id); empty elsewhere
    int labelled = 0; // rubrics whose newest annotation event (anyone's) has a label
    // What the report is labelled on: its task's (or query's) rubrics and its own claims, as
    // AnnotationStore::keyedItems() has them.
    int items = 0;
};

struct RunSummary {
    RowId id = 0;
    QString name;
    QString kind;
    QString status;
    QString benchmarkKey;
    QDateTime createdAt;
    int verdicts = 0;
    int errors = 0;
};

struct SearchHit {
    RowId reportId = 0;
    QString model;
    QString benchmarkKey;
    QString taskExternalId;
    QString snippet;
};

struct CountRow {
    QString group; // benchmark key
    QString key; // dimension, model ...
    int count = 0;
};

struct ProjectStats {
    QList<CountRow> tasks; // per benchmark (key empty)
    QList<CountRow> languages; // per benchmark and language
    QList<CountRow> themes; // per benchmark and theme/domain
    QList<CountRow> rubrics; // per benchmark and dimension
    QList<CountRow> duplicateRubrics; // per benchmark and dimension
    QList<CountRow> references; // per benchmark
    QList<CountRow> personas; // per benchmark
    QList<CountRow> queries; // per benchmark
    QList<CountRow> reports; // per benchmark and model
    QList<CountRow> runs; // per kind
    QList<CountRow> verdicts; // per run name
    int annotationEvents = 0;
};

// One request of a judge run: a batch of rubric items of one report.
struct RunJob {
    RowId id = 0;
    RowId runId = 0;
    RowId reportId = 0;
    int batchIndex = 0;
    QList<RowId> rubricIds; // still to be answered
    QString status = QStringLiteral("pending"); // "pending", "done", "failed"
    int attempts = 0;
    QString lastError;
    int requests = 0; // HTTP requests actually sent (cache hits are not requests)
    qint64 inputTokens = 0; // all of them, those the provider's prompt cache read or wrote included
    qint64 outputTokens = 0;
    qint64 cacheReadTokens = 0;
    qint64 cacheWriteTokens = 0;
    double cost = 0;
    bool cached = false; // answered from the response cache
    bool reask = false; // queued again after it failed: never answered from the cache
};

// One request of a provider batch: the job it asks and which of the job's requests it is.
struct BatchEntry {
    QString customId;
    RowId jobId = 0;
    int requestNo = 0;
};

// A run's provider batch job (judge/batchprotocol.h), as the project keeps it.
struct RunBatch {
    RowId id = 0;
    RowId runId = 0;
    QString provider; // providerKey()
    QString batchId; // the provider's
    QString state; // batchStateKey()
    QList<BatchEntry> items;
    int total = 0, answered = 0, failed = 0;
    QDateTime createdAt;
    QDateTime polledAt;
    // The run is done with it: its results were read and handed to the run, or it was
    // cancelled at the provider.
    bool taken = false;
};

// A worker's leases on the pending jobs of one run.
struct JobLeaseHolder {
    QString owner; // host:pid:random, as JobLeases (runs/runlease.h) names a worker
    int jobs = 0;

    bool operator==(const JobLeaseHolder &) const = default;
};

struct RunTotals {
    int jobs = 0, jobsDone = 0, jobsFailed = 0, jobsPending = 0;
    int verdicts = 0, verdictErrors = 0;
    int requests = 0, cachedJobs = 0;
    qint64 inputTokens = 0, outputTokens = 0, cacheReadTokens = 0, cacheWriteTokens = 0;
    double cost = 0;
    int evidenceLocated = 0, evidencePartial = 0, evidenceNotFound = 0;
};

struct EvidenceSpanRow {
    int start = 0;
    int length = 0;
    QString method;

    friend bool operator==(const EvidenceSpanRow &, const EvidenceSpanRow &) = default;
};

// A judge's verdict as a run writes it, with what became of its evidence.
struct JudgedItem {
    Verdict verdict;
    QString evidenceStatus;
    std::optional<double> evidenceCoverage;
    QList<EvidenceSpanRow> spans;
};

// Where a rubric item of a report is, in terms that survive copying a project (row ids do
// not): the rubric's natural key (task, query, report for a claim, dimension, position) with
// the report's (model, task, query).
struct ItemKey {
    QString benchmark;
    QString task; // the task's external id
    QString query; // the query's external id; empty when the report has none
    QString model;
    QString dimension;
    int position = 0; // 0-based within (task, query, report, dimension)
    bool claim = false; // the rubric belongs to the report (rubric.report_id set)

    friend bool operator==(const ItemKey &, const ItemKey &) = default;
};
size_t qHash(const ItemKey &key, size_t seed = 0);

// A rubric item of a report with its natural key.
struct KeyedItem {
    RowId reportId = 0;
    RowId rubricId = 0;
    ItemKey key;
    QString text;
    VerdictScale scale = VerdictScale::Drb2Tristate;
};

// A saved annotation sample (ProjectStore::saveAssignments) at a glance.
struct SampleInfo {
    QString name;
    std::optional<quint32> seed;
    QDateTime createdAt;
    int items = 0;
    QList<std::pair<QString, int>> annotators; // items per annotator, by name
};

// How a PDR-Bench criterion of one query is used: what an edit or a removal would touch.
struct CriterionUsage {
    int verdicts = 0; // judge verdicts, every run's
    int annotations = 0; // human annotation events (append-only: never deleted)
    int assignments = 0; // items of saved annotation samples (a record: never edited)

    bool humanWork() const { return annotations > 0 || assignments > 0; }
};

// Who edits a query's criteria, and what a removal may take with it.
struct CriteriaEditOptions {
    QString editor; // recorded as "edited_by" in the metadata of each changed criterion
    // Removing a criterion that judges already scored deletes those verdicts; without this
    // the store refuses. Human annotations are never deleted: such a removal is refused.
    bool allowDeletingJudged = false;
    // A criteria file replacing the set (a revised criteria_gpt5_revise.jsonl): criteria it
    // adds are "origin": "imported" and not marked edited; changed ones are, by `editor`.
    bool fromImport = false;
};

struct CriteriaEditResult {
    QList<RowId> inserted, updated, deleted;
    int unchanged = 0;
};

// One judge run's verdict on an item, as an adjudicator reads it beside the people's labels.
struct RunVerdict {
    RowId runId = 0;
    QString runName;
    std::optional<double> value; // empty: the judge failed (see error)
    QString reason;
    QString error;
};

// One rubric item as an adjudicator sees it: what each annotator and each judge run said of
// it, and the gold label so far. Gold is kept apart from the annotators' labels: it is not one
// of them.
struct AdjudicationItem {
    RowId reportId = 0;
    RowId rubricId = 0;
    QString benchmarkKey;
    QString taskExternalId;
    QString model;
    QString dimension;
    QString rubricText;
    VerdictScale scale = VerdictScale::Drb2Tristate;
    // Each annotator's current label and note, by name; one whose label was cleared without a
    // note is left out.
    QList<AnnotationEvent> labels;
    std::optional<AnnotationEvent> gold; // the newest gold event (no value: cleared)
    QList<RunVerdict> verdicts; // newest run first
};

struct CachedResponse {
    QString response;
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    // The job and its request number (RunJob::requests before it was sent) this answer came
    // back for; 0 and -1 for answers cached before migration 10.
    RowId jobId = 0;
    int requestNo = -1;
};

// A cited source as the project keeps it (table `source`, migration 6). The store knows
// nothing of HTTP: the states are the fetcher's, as text ("fetched", "unreachable" ...).
struct SourceRow {
    QString url; // as cited: the key
    QString finalUrl; // after redirects
    QString state;
    int httpStatus = 0;
    QString contentType; // without parameters, e.g. "text/html"
    QString contentHash; // SHA-256 of the bytes in document_blob; empty when nothing was kept
    QDateTime fetchedAt;
    QString error;
    QString origin = QStringLiteral("fetched"); // or "imported" (from a folder)
    QString text; // the extracted text (source_text), when read with text or written
    QByteArray bytes; // only when writing: the body to keep
};

// A judge's decision on whether a cited page is a scholarly paper (ReportBench's titles).
struct PageClassification {
    QString url; // as cited: the source's key
    QString judge; // "<provider>:<model>"; "offline:metadata" for the no-key path
    bool paper = false;
    QString title;
    QStringList authors;
    QString reason;
    QDateTime classifiedAt;
};

} // namespace Rubricate
