// The project database: one file per project, one named connection per thread.
//
// Every write goes through this class and happens inside a transaction that the caller
// opens with Transaction (below) or that a single call opens itself. Engine-specific SQL
// (pragmas, full-text search, triggers) lives in SqlDialect; the queries here are plain SQL
// that PostgreSQL runs as well.
#pragma once

#include "domain/labelfilter.h"
#include "domain/types.h"

#include <QHash>
#include <QSet>
#include <QSqlDatabase>
#include <QSqlQuery>
#include <QString>

#include <memory>
#include <optional>
#include <unordered_map>

namespace Rubricate {

class SqlDialect;

enum class UpsertResult { Added, Updated, Unchanged, Failed };

struct Upserted {
    RowId id = 0;
    UpsertResult result = UpsertResult::Failed;
    bool ok() const { return result != UpsertResult::Failed; }
};

struct TaskSummary {
    RowId id = 0;
    QString benchmarkKey;
    QString externalId;
    QString language;
    QString theme;
    QString title;
    int rubricCount = 0;
    int reportCount = 0;
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
    QString persona; // PDR-Bench: the query's persona (external id); empty elsewhere
    int labelled = 0; // rubrics whose newest annotation event (anyone's) has a label
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
    qint64 inputTokens = 0;
    qint64 outputTokens = 0;
    double cost = 0;
    bool cached = false; // answered from the response cache
};

// Who drives a run: one process at a time sends its jobs and writes its verdicts.
struct RunLease {
    QString holder; // unique per controller: host, pid and a random part
    QString host;
    qint64 pid = 0;
    QDateTime renewedAt;
    QDateTime expiresAt;
};

enum class LeaseClaim { Taken, HeldByOther, Failed };

struct RunTotals {
    int jobs = 0, jobsDone = 0, jobsFailed = 0, jobsPending = 0;
    int verdicts = 0, verdictErrors = 0;
    int requests = 0, cachedJobs = 0;
    qint64 inputTokens = 0, outputTokens = 0;
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

class ProjectStore
{
public:
    // Opens (creating if needed) the project at `path` with a connection owned by the
    // calling thread, and migrates it to the latest schema. Use one store per thread.
    static std::unique_ptr<ProjectStore> open(const QString &path, QString *error);
    // Opens without migrating beyond `version`: for tests of the migrations themselves.
    static std::unique_ptr<ProjectStore> openAtVersion(const QString &path, int version,
                                                       QString *error);
    ~ProjectStore();

    ProjectStore(const ProjectStore &) = delete;
    ProjectStore &operator=(const ProjectStore &) = delete;

    QString path() const { return m_path; }
    QString connectionName() const { return m_connectionName; }
    QSqlDatabase database() const;
    int schemaVersion() const;
    QString lastError() const { return m_lastError; }

    bool begin();
    bool commit();
    void rollback();
    // Nested inside a transaction: lets one bad row be undone without losing the rest.
    bool savepoint(const QString &name);
    bool releaseSavepoint(const QString &name);
    // False when SQLite had already rolled back the whole transaction (disk full, I/O error):
    // the caller must then stop, since later statements would each commit on their own.
    bool rollbackToSavepoint(const QString &name);

    // --- writes -----------------------------------------------------------------------
    std::optional<Benchmark> ensureBenchmark(const QString &key, const QString &name,
                                             VerdictScale scale);
    Upserted upsertTask(const Task &task);
    Upserted upsertPersona(const Persona &persona);
    Upserted upsertQuery(const Query &qr);
    Upserted upsertRubric(const Rubric &rubric);
    // Removes a PDR-Bench query's criteria and, with them, their verdicts (regenerating
    // criteria). Annotation events are append-only, so a criterion a person labelled cannot
    // go: call within a transaction and check annotatedRubricsOfQuery first. Returns the
    // number removed, -1 on error.
    int deleteQueryRubrics(RowId queryId);
    Upserted upsertReference(const Reference &reference);
    std::optional<RowId> ensureModel(const QString &name);
    // Stores the original bytes (deduplicated by hash) with the report row.
    Upserted upsertReport(const Report &report, const QByteArray &original);
    std::optional<RowId> createRun(const JudgeRun &run);
    bool finishRun(RowId runId, const QString &status);
    Upserted upsertVerdict(const Verdict &verdict);
    std::optional<RowId> appendAnnotation(const AnnotationEvent &event);
    bool logImport(const QString &kind, const QString &path, int added, int updated, int unchanged,
                   int errors, int warnings, const QString &summary);

    // --- PDR-Bench criteria edited by a person (projectstore_criteria.cpp) ---------------
    // Makes `criteria` the query's criteria, in one transaction of its own. A criterion with
    // the id of one of the query's rubrics updates that rubric in place (its id, verdicts and
    // annotations stay); id 0 inserts a new one; the query's rubrics not in the list are
    // deleted. Positions follow the list's order within each dimension; family and
    // explanation come from the metadata. A changed rubric's metadata keeps its "origin"
    // ("imported" when it had none) and gains "edited_by" and "edited_at"; a changed text
    // or explanation also sets "criterion_edited_at" (verdicts older than that are stale)
    // and keeps the first text as "original_text". New criteria get "origin": "manual".
    // Refuses (nothing written, lastError says why) ids of other queries, empty texts,
    // removing a criterion with human annotations or sample assignments, and removing one
    // with verdicts unless `options.allowDeletingJudged`.
    std::optional<CriteriaEditResult> replaceQueryCriteria(RowId queryId,
                                                           const QList<Rubric> &criteria,
                                                           const CriteriaEditOptions &options);
    // Verdicts, annotation events and sample assignments per criterion of the query.
    std::optional<QHash<RowId, CriterionUsage>> criterionUsage(RowId queryId);

    // --- judge runs (projectstore_runs.cpp) ----------------------------------------------
    std::optional<JudgeRun> run(RowId id);
    bool setRunStatus(RowId runId, const QString &status);
    bool addJob(const RunJob &job);
    QList<RunJob> jobs(RowId runId, const QString &status = {});
    bool updateJob(const RunJob &job);
    // Moves every job of `runId` in `fromStatus` to `toStatus`; returns how many moved.
    int resetJobs(RowId runId, const QString &fromStatus, const QString &toStatus);
    int nextBatchIndex(RowId runId, RowId reportId);
    std::optional<CachedResponse> cachedResponse(const QString &key);
    bool putCachedResponse(const QString &key, const QString &provider, const QString &model,
                           const CachedResponse &response);
    std::optional<RowId> verdictId(RowId runId, RowId reportId, RowId rubricId);
    // One statement per verdict for judge runs: insert or replace, with the evidence status,
    // returning the verdict's id. (Imports use upsertVerdict, which reports what changed.)
    std::optional<RowId> writeJudgeVerdict(const Verdict &verdict, const QString &evidenceStatus,
                                           std::optional<double> evidenceCoverage);
    bool replaceEvidenceSpans(RowId verdictId, const QList<EvidenceSpanRow> &spans);
    // All verdicts of one answer in a few multi-row statements (items of one job are
    // distinct rubrics, as a multi-row upsert requires).
    bool writeJudgeVerdicts(const QList<JudgedItem> &items);
    // For a verdict that has no spans yet (a run never re-judges an answered item).
    bool addEvidenceSpans(RowId verdictId, const QList<EvidenceSpanRow> &spans);
    bool setEvidence(RowId verdictId, const QString &status, double coverage,
                     const QList<EvidenceSpanRow> &spans);
    QList<EvidenceSpanRow> evidenceSpans(RowId verdictId);
    // (report, rubric) pairs of `runId` whose verdict is an error.
    QList<std::pair<RowId, RowId>> errorItems(RowId runId);
    // (report, rubric) pairs that already have a usable verdict in any run.
    QSet<std::pair<RowId, RowId>> judgedItems();
    RunTotals runTotals(RowId runId);
    // Takes (or renews) the run for `mine.holder` unless another holder's lease has not
    // expired; then *other says whose it is. One statement, so two processes cannot both win.
    LeaseClaim claimRunLease(RowId runId, const RunLease &mine, int termSeconds, RunLease *other);
    // Takes the run from `deadHolder`, whose process is known to have ended, whatever its
    // expiry says; HeldByOther when someone else was quicker.
    LeaseClaim takeOverRunLease(RowId runId, const RunLease &mine, const QString &deadHolder,
                                int termSeconds);
    // Extends the holder's lease: Taken, or HeldByOther when it is no longer theirs.
    LeaseClaim renewRunLease(RowId runId, const QString &holder, int termSeconds);
    void releaseRunLease(RowId runId, const QString &holder);

    // --- reads ------------------------------------------------------------------------
    QList<Benchmark> benchmarks();
    std::optional<Benchmark> benchmark(const QString &key);
    std::optional<RowId> taskId(RowId benchmarkId, const QString &externalId);
    std::optional<Task> task(RowId id);
    QList<TaskSummary> taskSummaries(const QString &benchmarkKey = {});
    // The task's (or query's) own rubrics; never a report's claims.
    QList<Rubric> rubrics(RowId taskId, std::optional<RowId> queryId = std::nullopt);
    QList<Rubric> allRubricsOfTask(RowId taskId); // including PDR-Bench query criteria
    // The text of every rubric item (claims too), by id: what a list of rated items shows
    // beside ratingRows(), which leave the text out.
    QHash<RowId, QString> rubricTexts();
    // The claims extracted from one report (Rubric::reportId set), in id order.
    QList<Rubric> claims(RowId reportId);
    // Every item a report is judged and labelled on: its task's (or query's) rubrics, then its
    // own claims.
    QList<Rubric> reportItems(const Report &report);
    // Claims per report: group = report id, key = dimension ("cited", "uncited").
    QList<CountRow> claimCounts();
    // Annotation events on the report's claims (-1 when the read fails).
    int claimAnnotationCount(RowId reportId);
    // Deletes the report's claims with their verdicts, inside the caller's transaction. Refuses
    // (false) when a person annotated any of them: human labels are never thrown away.
    bool deleteClaims(RowId reportId);
    QList<Reference> references(RowId taskId);
    std::optional<Persona> persona(RowId id);
    QList<Persona> personas(const QString &benchmarkKey = {}); // by external id
    std::optional<RowId> personaId(RowId benchmarkId, const QString &externalId);
    std::optional<Query> query(RowId id);
    QList<Query> queries(RowId benchmarkId); // in import order
    // Rubrics of the query that carry a human annotation event (-1 on a database error).
    int annotatedRubricsOfQuery(RowId queryId);
    std::optional<RowId> queryId(RowId benchmarkId, const QString &externalId);
    QStringList models();
    std::optional<RowId> modelId(const QString &name);
    std::optional<Report> report(RowId id);
    std::optional<RowId> reportId(RowId modelId, RowId taskId,
                                  std::optional<RowId> queryId = std::nullopt);
    // `labelled` counts the current labels of `annotator` (empty: of anyone).
    QList<ReportSummary> reportSummaries(const QString &benchmarkKey = {},
                                         const QString &annotator = {});
    QByteArray originalFile(const QString &contentHash);
    QList<RunSummary> runs();
    std::optional<RowId> runBySourceHash(const QString &sourceHash);
    QList<Verdict> verdicts(RowId runId, RowId reportId);
    QList<Verdict> verdictsOfReport(RowId reportId); // every run's
    QList<AnnotationEvent> annotationHistory(RowId reportId, RowId rubricId); // every kind
    // Newest event per rubric of a report, in one read (of this annotator, or anyone's): an
    // annotator's labels, or with AnnotationKind::Gold the adjudicated gold labels.
    QHash<RowId, AnnotationEvent> currentAnnotations(RowId reportId, const QString &annotator = {},
                                                     AnnotationKind kind = AnnotationKind::Label);
    // Every event of the benchmark's items (empty key: every benchmark), oldest first.
    QList<AnnotationEvent> annotationEvents(const QString &benchmarkKey = {});
    // The newest run with verdicts for this report: (id, name).
    std::optional<std::pair<RowId, QString>> newestRunFor(RowId reportId);
    // Every run with a verdict for this report, newest first: (id, name).
    QList<std::pair<RowId, QString>> runsFor(RowId reportId);
    // The located evidence of one run on one report, by rubric, in span order.
    QHash<RowId, QList<EvidenceSpanRow>> evidenceSpansOfReport(RowId runId, RowId reportId);
    // Newest event for this target (of this annotator, or of anyone when empty).
    std::optional<AnnotationEvent> currentAnnotation(RowId reportId, RowId rubricId,
                                                     const QString &annotator = {},
                                                     AnnotationKind kind = AnnotationKind::Label);
    ProjectStats stats();
    QList<SearchHit> search(const QString &text, int limit = 50);

    // Every judge verdict and every annotator's current label of the benchmark's items
    // (empty key: every benchmark), in (report, rubric) order. `labels` keeps the current
    // labels whose provenance passes; one that does not is left out, never replaced by an
    // older label of the same annotator.
    QList<RatingRow> ratingRows(const QString &benchmarkKey = {}, const LabelFilter &labels = {});
    // The current gold label of every adjudicated item of the benchmark (empty key: every
    // benchmark) as the rater GoldRater ("gold", named "Gold"), in (report, rubric) order.
    // Apart from ratingRows(): gold is compared with only when asked for.
    QList<RatingRow> goldRatingRows(const QString &benchmarkKey = {});

    // --- adjudication ------------------------------------------------------------------
    // What every annotator, the gold label and every judge run say of these (report, rubric)
    // items, in the order given; unknown items are left out. A fixed number of selects per
    // few hundred reports, whatever the number of items and people.
    QList<AdjudicationItem> adjudicationItems(const QList<std::pair<RowId, RowId>> &items);
    // The same for every item of one report (reportItems() order).
    QList<AdjudicationItem> adjudicationItems(RowId reportId);

    // --- annotation samples (projectstore_samples.cpp) ----------------------------------
    // Every rubric item of the benchmark once (each report with the rubrics of its task, or
    // of its query for PDR-Bench; repeated rubrics left out, as scoring leaves them out), in
    // (report, rubric) order. An item that a judge rated carries the newest such run's value
    // as a judge row ("run:<id>"); the others have no rater and no value.
    QList<RatingRow> itemRows(const QString &benchmarkKey);
    // Writes a drawn sample, one row per item and annotator, in a transaction of its own (so
    // not inside a caller's). Refuses an empty sample, a blank annotator and a name already
    // taken: a sample is a record of what was assigned, never edited afterwards. With
    // `settings`, the study's settings are written in the same transaction (its name is the
    // sample's).
    bool saveAssignments(const QString &sample, quint32 seed, const QList<Assignment> &assignments,
                         const std::optional<Study> &settings = std::nullopt);
    QStringList samples(); // names, oldest first
    std::optional<SampleInfo> sampleInfo(const QString &sample);
    // The sample's items in position order, each with all its annotators; with `annotator`,
    // only the items that are theirs.
    QList<Assignment> assignments(const QString &sample, const QString &annotator = {});

    // --- annotators and studies (projectstore_studies.cpp) ------------------------------
    // Adds the annotator unless its id is known (a known one keeps its name).
    bool addAnnotator(const Annotator &annotator);
    // The id of the annotator with this name (or this id); a new annotator, whose id is the
    // name, when nobody has it.
    std::optional<QString> annotatorIdNamed(const QString &name);
    // Renames in place: labels are keyed by the id, so they stay the person's.
    bool renameAnnotator(const QString &id, const QString &name);
    std::optional<Annotator> annotator(const QString &id);
    QList<Annotator> annotators(); // by name
    // Settings for a saved sample. Refuses a sample that does not exist and a study that
    // does: settings such as blind are fixed once people start labelling under them.
    bool saveStudy(const Study &study);
    std::optional<Study> study(const QString &name); // a sample without settings: defaults
    QList<Study> studies(); // every saved sample, oldest first
    // The annotator's items in the study: unlabelled first, each part in sample order.
    QList<QueueItem> studyQueue(const QString &study, const QString &annotatorId);
    // Assigned and labelled items per annotator of the study, by name.
    QList<StudyProgress> studyProgress(const QString &study);

    // --- annotations travelling between copies (projectstore_exchange.cpp) ---------------
    // Every item a report is labelled on (its task's or query's rubrics and its own claims),
    // of the benchmark (empty: every benchmark), in (report, rubric) order.
    QList<KeyedItem> keyedItems(const QString &benchmarkKey = {});
    // Writes a sample's rows as saveAssignments does, but inside the caller's transaction and
    // with the seed and creation time it had where it came from; refuses a name taken.
    bool insertSample(const QString &sample, std::optional<quint32> seed,
                      const QList<Assignment> &assignments, const QDateTime &createdAt);
    // Writes a study's settings as saveStudy does (refusing a missing sample and settings
    // already saved), inside the caller's transaction.
    bool insertStudySettings(const Study &study);
    // The schema version of the project at `path` as its file header says, read without
    // opening a connection (-1: not a project).
    static int schemaVersionOf(const QString &path, QString *error);

    // --- fetched sources (projectstore_sources.cpp) -------------------------------------
    // Writes a batch in one transaction of its own: the bytes into document_blob by hash
    // (shared with report originals), the text into source_text, and a row per URL. A
    // failed attempt never replaces a stored "fetched" row, so a refresh that meets a dead
    // link keeps the copy that was already checked against.
    bool putSources(const QList<SourceRow> &rows);
    std::optional<SourceRow> source(const QString &url, bool withText = true);
    QList<SourceRow> sources(); // every row, by URL, without text

private:
    bool insertStudy(const Study &study); // inside the caller's transaction
    ProjectStore() = default;
    bool initialise(const QString &path, int targetVersion, QString *error);
    QSqlQuery &prepared(const QString &sql);
    bool exec(QSqlQuery &q);
    bool execTransactionControl(const QString &sql);
    bool fail(const QSqlQuery &q);
    struct UpsertSql;
    // The three statements of an upsert, built once per table. A key column written
    // "name?" may be NULL.
    static UpsertSql upsertSql(const QString &table, const QStringList &keyColumns,
                               const QStringList &valueColumns);
    // Insert-or-update by natural key, comparing a fingerprint of the value columns so that
    // re-importing identical data touches nothing.
    Upserted upsertRow(const UpsertSql &sql, const QVariantList &keyValues,
                       const QVariantList &values);
    QList<CountRow> countRows(const QString &sql);
    // The value columns of a rubric row as upsertRubric writes them (and fingerprints them).
    static QVariantList rubricValues(const Rubric &r);
    QList<Rubric> rubricRows(const QString &where, const QVariantList &values);
    std::optional<RowId> idByExternal(const QString &table, RowId benchmarkId,
                                      const QString &externalId);
    bool insertSpanRows(const QList<std::pair<RowId, const EvidenceSpanRow *>> &spans);

    // The current time as stored, formatted at most once per millisecond: writing a run's
    // verdicts formatted a timestamp for every one of them.
    struct ClockText {
        QVariant now();
        qint64 lastMs = -1;
        QVariant text;
    } m_clockText;
    QString m_path;
    QString m_connectionName;
    QString m_lastError;
    std::unique_ptr<SqlDialect> m_dialect;
    std::unordered_map<QString, std::unique_ptr<QSqlQuery>> m_statements; // by SQL text
};

// Scoped transaction: rolls back unless commit() was called.
class Transaction
{
public:
    explicit Transaction(ProjectStore &store)
        : m_store(store)
        , m_open(store.begin())
    { }
    ~Transaction()
    {
        if (m_open)
            m_store.rollback();
    }
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    bool isOpen() const { return m_open; }
    bool commit()
    {
        if (!m_open)
            return false;
        m_open = false;
        return m_store.commit();
    }

private:
    ProjectStore &m_store;
    bool m_open;
};

// Scoped savepoint inside an open transaction: rolls back to where it began unless release()
// was called, so a failed row leaves nothing half-written while the transaction goes on.
class Savepoint
{
public:
    Savepoint(ProjectStore &store, QString name)
        : m_store(store)
        , m_name(std::move(name))
        , m_open(store.savepoint(m_name))
    { }
    ~Savepoint()
    {
        if (m_open) {
            m_store.rollbackToSavepoint(m_name);
            m_store.releaseSavepoint(m_name);
        }
    }
    Savepoint(const Savepoint &) = delete;
    Savepoint &operator=(const Savepoint &) = delete;

    bool isOpen() const { return m_open; }
    bool release()
    {
        if (!m_open)
            return false;
        m_open = false;
        return m_store.releaseSavepoint(m_name);
    }
    // Undoes everything since the savepoint; false when the transaction itself is gone.
    bool rollback()
    {
        if (!m_open)
            return false;
        m_open = false;
        return m_store.rollbackToSavepoint(m_name) && m_store.releaseSavepoint(m_name);
    }

private:
    ProjectStore &m_store;
    QString m_name;
    bool m_open;
};

} // namespace Rubricate
