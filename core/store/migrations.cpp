#include "migrations.h"

#include "sqldialect.h"
#include "storecodec.h"
#include "storelog.h"

#include <QScopeGuard>
#include <QSqlError>
#include <QSqlQuery>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Version 1: the domain model for all four benchmarks.
QStringList baseSchema(const SqlDialect &d)
{
    const QString id = d.autoIdColumn();
    return {
        u"CREATE TABLE benchmark ("
        "id %1, key TEXT NOT NULL UNIQUE, name TEXT NOT NULL, scale TEXT NOT NULL)"_s.arg(id),

        u"CREATE TABLE task ("
        "id %1,"
        " benchmark_id INTEGER NOT NULL REFERENCES benchmark(id) ON DELETE CASCADE,"
        " external_id TEXT NOT NULL, language TEXT, theme TEXT, title TEXT, prompt TEXT,"
        " judge_task TEXT, blocked TEXT,"
        " complexity_breadth TEXT, complexity_nesting TEXT, complexity_exploration TEXT,"
        " metadata TEXT, fingerprint TEXT NOT NULL,"
        " UNIQUE (benchmark_id, external_id))"_s.arg(id),

        u"CREATE TABLE persona ("
        "id %1,"
        " benchmark_id INTEGER NOT NULL REFERENCES benchmark(id) ON DELETE CASCADE,"
        " external_id TEXT NOT NULL, name TEXT, attributes TEXT, fingerprint TEXT NOT NULL,"
        " UNIQUE (benchmark_id, external_id))"_s.arg(id),

        u"CREATE TABLE research_query ("
        "id %1,"
        " benchmark_id INTEGER NOT NULL REFERENCES benchmark(id) ON DELETE CASCADE,"
        " task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,"
        " persona_id INTEGER REFERENCES persona(id) ON DELETE SET NULL,"
        " external_id TEXT NOT NULL, setting TEXT NOT NULL, language TEXT, text TEXT,"
        " metadata TEXT, fingerprint TEXT NOT NULL,"
        " UNIQUE (benchmark_id, external_id))"_s.arg(id),

        u"CREATE TABLE rubric ("
        "id %1,"
        " task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,"
        " query_id INTEGER REFERENCES research_query(id) ON DELETE CASCADE,"
        " dimension TEXT NOT NULL, position INTEGER NOT NULL, text TEXT NOT NULL,"
        " weight REAL NOT NULL DEFAULT 1, dimension_weight REAL, mandatory INTEGER,"
        " scale TEXT NOT NULL, duplicate_of INTEGER REFERENCES rubric(id) ON DELETE SET NULL,"
        " metadata TEXT, fingerprint TEXT NOT NULL)"_s.arg(id),
        u"CREATE UNIQUE INDEX rubric_key ON rubric"
        " (task_id, COALESCE(query_id, 0), dimension, position)"_s,

        u"CREATE TABLE reference_entry ("
        "id %1,"
        " task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,"
        " position INTEGER NOT NULL, bib_id TEXT, title TEXT NOT NULL,"
        " normalized_title TEXT NOT NULL, authors TEXT, meta TEXT, fingerprint TEXT NOT NULL,"
        " UNIQUE (task_id, position))"_s.arg(id),

        u"CREATE TABLE agent_model (id %1, name TEXT NOT NULL UNIQUE)"_s.arg(id),

        // Original report files live inside the project so that it stays portable.
        u"CREATE TABLE document_blob ("
        "hash TEXT PRIMARY KEY, size INTEGER NOT NULL, data %1 NOT NULL)"_s.arg(d.blobType()),

        u"CREATE TABLE report ("
        "id %1,"
        " model_id INTEGER NOT NULL REFERENCES agent_model(id) ON DELETE CASCADE,"
        " task_id INTEGER NOT NULL REFERENCES task(id) ON DELETE CASCADE,"
        " query_id INTEGER REFERENCES research_query(id) ON DELETE CASCADE,"
        " format TEXT NOT NULL, source_name TEXT,"
        " content_hash TEXT REFERENCES document_blob(hash),"
        " text TEXT NOT NULL DEFAULT '', pages TEXT, warnings TEXT,"
        " has_text INTEGER NOT NULL DEFAULT 0, imported_at TEXT, fingerprint TEXT NOT NULL)"_s.arg(
            id),
        u"CREATE UNIQUE INDEX report_key ON report (model_id, task_id, COALESCE(query_id, 0))"_s,

        u"CREATE TABLE judge_run ("
        "id %1, benchmark_id INTEGER REFERENCES benchmark(id) ON DELETE SET NULL,"
        " name TEXT NOT NULL, kind TEXT NOT NULL, scheme TEXT, config TEXT,"
        " status TEXT NOT NULL, created_at TEXT NOT NULL, finished_at TEXT,"
        " source TEXT, source_hash TEXT)"_s.arg(id),

        // A verdict without a value must say why: an error is never a negative verdict.
        u"CREATE TABLE verdict ("
        "id %1,"
        " run_id INTEGER NOT NULL REFERENCES judge_run(id) ON DELETE CASCADE,"
        " report_id INTEGER NOT NULL REFERENCES report(id) ON DELETE CASCADE,"
        " rubric_id INTEGER NOT NULL REFERENCES rubric(id) ON DELETE CASCADE,"
        " value REAL, label TEXT, reason TEXT, evidence TEXT, error TEXT, raw TEXT,"
        " created_at TEXT NOT NULL,"
        " UNIQUE (run_id, report_id, rubric_id),"
        " CHECK (value IS NOT NULL OR (error IS NOT NULL AND error <> '')))"_s.arg(id),

        u"CREATE TABLE annotation_event ("
        "id %1,"
        " report_id INTEGER NOT NULL REFERENCES report(id) ON DELETE CASCADE,"
        " rubric_id INTEGER NOT NULL REFERENCES rubric(id) ON DELETE CASCADE,"
        " annotator TEXT NOT NULL, at TEXT NOT NULL, value REAL, previous_value REAL,"
        " note TEXT)"_s.arg(id),

        u"CREATE INDEX task_benchmark ON task (benchmark_id)"_s,
        u"CREATE INDEX rubric_task ON rubric (task_id)"_s,
        u"CREATE INDEX report_task ON report (task_id)"_s,
        u"CREATE INDEX verdict_report ON verdict (report_id, rubric_id)"_s,
        u"CREATE INDEX annotation_target ON annotation_event (report_id, rubric_id, annotator)"_s,
    };
}

// Version 2: full-text search and the append-only guarantee for human judgements.
QStringList searchAndAudit(const SqlDialect &d)
{
    QStringList s = d.createReportSearchIndex();
    s += d.createAppendOnlyGuards();
    // The newest event per (report, rubric, annotator) is that annotator's current label.
    s << u"CREATE VIEW current_annotation AS SELECT e.* FROM annotation_event e"
         " WHERE e.id = (SELECT MAX(x.id) FROM annotation_event x"
         " WHERE x.report_id = e.report_id AND x.rubric_id = e.rubric_id"
         " AND x.annotator = e.annotator)"_s;
    return s;
}

// Version 3: a log of what was imported, so a user can see where the data came from.
QStringList importLog(const SqlDialect &d)
{
    return {
        u"CREATE TABLE import_log ("
        "id %1, kind TEXT NOT NULL, path TEXT NOT NULL, at TEXT NOT NULL,"
        " added INTEGER NOT NULL, updated INTEGER NOT NULL, unchanged INTEGER NOT NULL,"
        " errors INTEGER NOT NULL, warnings INTEGER NOT NULL, summary TEXT)"_s.arg(
            d.autoIdColumn()),
    };
}

// Version 4: judge runs as persisted job queues, the response cache, and located evidence.
QStringList judgeRuns(const SqlDialect &d)
{
    const QString id = d.autoIdColumn();
    return {
        // One job = one request: a batch of rubric items of one report. Finished jobs are
        // never sent again; a killed run resumes from the jobs still pending.
        u"CREATE TABLE run_job ("
        "id %1,"
        " run_id INTEGER NOT NULL REFERENCES judge_run(id) ON DELETE CASCADE,"
        " report_id INTEGER NOT NULL REFERENCES report(id) ON DELETE CASCADE,"
        " batch_index INTEGER NOT NULL, rubric_ids TEXT NOT NULL,"
        " status TEXT NOT NULL DEFAULT 'pending', attempts INTEGER NOT NULL DEFAULT 0,"
        " last_error TEXT, requests INTEGER NOT NULL DEFAULT 0,"
        " input_tokens INTEGER NOT NULL DEFAULT 0, output_tokens INTEGER NOT NULL DEFAULT 0,"
        " cost REAL NOT NULL DEFAULT 0, cached INTEGER NOT NULL DEFAULT 0, updated_at TEXT,"
        " UNIQUE (run_id, report_id, batch_index))"_s.arg(id),
        u"CREATE INDEX run_job_status ON run_job (run_id, status)"_s,
        // Keyed by provider, model, parameters and the exact request: a repeated request is
        // answered from here, for free and reproducibly.
        u"CREATE TABLE response_cache ("
        "key TEXT PRIMARY KEY, provider TEXT NOT NULL, model TEXT, response TEXT NOT NULL,"
        " input_tokens INTEGER NOT NULL DEFAULT 0, output_tokens INTEGER NOT NULL DEFAULT 0,"
        " created_at TEXT NOT NULL)"_s,
        u"ALTER TABLE verdict ADD COLUMN evidence_status TEXT"_s,
        u"ALTER TABLE verdict ADD COLUMN evidence_coverage REAL"_s,
        u"CREATE TABLE verdict_evidence ("
        "verdict_id INTEGER NOT NULL REFERENCES verdict(id) ON DELETE CASCADE,"
        " position INTEGER NOT NULL, start INTEGER NOT NULL, length INTEGER NOT NULL,"
        " method TEXT NOT NULL, PRIMARY KEY (verdict_id, position))"_s,
    };
}

// Version 5: annotation samples. One row per item and annotator; the sample's name groups
// them, and the seed it was drawn with is kept so that the draw can be repeated.
QStringList annotationSamples(const SqlDialect &d)
{
    return {
        u"CREATE TABLE annotation_assignment ("
        "id %1, sample TEXT NOT NULL,"
        " report_id INTEGER NOT NULL REFERENCES report(id) ON DELETE CASCADE,"
        " rubric_id INTEGER NOT NULL REFERENCES rubric(id) ON DELETE CASCADE,"
        " annotator TEXT NOT NULL, position INTEGER NOT NULL, created_at TEXT NOT NULL,"
        " seed INTEGER,"
        " UNIQUE (sample, report_id, rubric_id, annotator))"_s.arg(d.autoIdColumn()),
        u"CREATE INDEX annotation_assignment_queue"
        " ON annotation_assignment (sample, annotator, position)"_s,
    };
}

// Version 6: cited sources fetched from the web (PDR-Bench R, ReportBench citation checks).
// The bytes go into document_blob by hash like report originals, so a run that checks
// claims is reproducible and works offline once its sources are here.
QStringList fetchedSources(const SqlDialect &)
{
    return {
        // One row per URL as asked for; a failed attempt is kept too, so that a list shows
        // why a source is missing.
        u"CREATE TABLE source ("
        "url TEXT PRIMARY KEY, final_url TEXT, state TEXT NOT NULL, http_status INTEGER,"
        " content_type TEXT, content_hash TEXT REFERENCES document_blob(hash),"
        " fetched_at TEXT NOT NULL, error TEXT, origin TEXT NOT NULL DEFAULT 'fetched')"_s,
        // Keyed by content, not URL: mirrors and redirects share one extraction.
        u"CREATE TABLE source_text (content_hash TEXT PRIMARY KEY, text TEXT NOT NULL)"_s,
    };
}

// Version 7: rubric items that belong to one report (claims extracted from it). The natural
// key gains the report, so that the claims of two agents' reports on one task do not collide;
// task and query rubrics keep report_id NULL and their key as it was.
QStringList reportClaims(const SqlDialect &)
{
    return {
        u"ALTER TABLE rubric ADD COLUMN report_id INTEGER REFERENCES report(id) ON DELETE CASCADE"_s,
        u"DROP INDEX rubric_key"_s,
        u"CREATE UNIQUE INDEX rubric_key ON rubric"
        " (task_id, COALESCE(query_id, 0), COALESCE(report_id, 0), dimension, position)"_s,
        u"CREATE INDEX rubric_report ON rubric (report_id)"_s,
    };
}

// Version 8: who drives a run. Two processes sending one run's jobs would both write its
// verdicts; the lease makes the second refuse (naming the holder) until the first lets go or
// stops renewing it, so a killed process blocks its run for one lease term at most.
QStringList runLeases(const SqlDialect &)
{
    return {
        u"CREATE TABLE run_lease ("
        "run_id INTEGER PRIMARY KEY REFERENCES judge_run(id) ON DELETE CASCADE,"
        " holder TEXT NOT NULL, host TEXT NOT NULL, pid INTEGER NOT NULL,"
        " acquired_at TEXT NOT NULL, renewed_at TEXT NOT NULL, expires_at TEXT NOT NULL)"_s,
    };
}

// Version 9: annotation studies. Annotators become entities with a stable id, so renaming
// keeps a person's labels; labels written before keep their name as the id, so two copies that
// are migrated apart still agree on who is who. Events gain a globally unique id (for merging
// copies; older events have none and are given one from their content when they leave the
// project), a kind (an annotator's label or an adjudicated gold label, never mixed) and how
// each label was made. A study is a saved sample with its settings.
QStringList annotationStudies(const SqlDialect &)
{
    return {
        u"CREATE TABLE annotator ("
        "id TEXT PRIMARY KEY, name TEXT NOT NULL, created_at TEXT NOT NULL, renamed_at TEXT)"_s,
        u"INSERT INTO annotator (id, name, created_at)"
        " SELECT annotator, annotator, MIN(at) FROM annotation_event GROUP BY annotator"_s,
        u"INSERT INTO annotator (id, name, created_at)"
        " SELECT annotator, annotator, MIN(created_at) FROM annotation_assignment"
        " WHERE annotator NOT IN (SELECT id FROM annotator) GROUP BY annotator"_s,
        u"ALTER TABLE annotation_event ADD COLUMN uid TEXT"_s,
        u"ALTER TABLE annotation_event ADD COLUMN kind TEXT NOT NULL DEFAULT 'label'"_s,
        u"ALTER TABLE annotation_event ADD COLUMN method TEXT"_s,
        u"ALTER TABLE annotation_event ADD COLUMN judge_visible INTEGER"_s,
        u"ALTER TABLE annotation_event ADD COLUMN shown_run_id INTEGER"_s,
        u"ALTER TABLE annotation_event ADD COLUMN shown_verdict REAL"_s,
        u"ALTER TABLE annotation_event ADD COLUMN study TEXT"_s,
        u"ALTER TABLE annotation_event ADD COLUMN focus_ms INTEGER"_s,
        u"ALTER TABLE annotation_event ADD COLUMN app_version TEXT"_s,
        u"CREATE UNIQUE INDEX annotation_event_uid ON annotation_event (uid)"_s,
        u"DROP INDEX annotation_target"_s,
        u"CREATE INDEX annotation_target ON annotation_event (report_id, rubric_id, kind, annotator)"_s,
        u"DROP VIEW current_annotation"_s,
        u"CREATE VIEW current_annotation AS SELECT e.* FROM annotation_event e"
        " WHERE e.id = (SELECT MAX(x.id) FROM annotation_event x"
        " WHERE x.report_id = e.report_id AND x.rubric_id = e.rubric_id"
        " AND x.kind = e.kind AND x.annotator = e.annotator)"_s,
        // Settings only: the items stay in annotation_assignment under the same name. Blind is
        // fixed when the study is made, so nobody can switch it off inside the study.
        u"CREATE TABLE study ("
        "name TEXT PRIMARY KEY, uid TEXT NOT NULL UNIQUE,"
        " run_id INTEGER REFERENCES judge_run(id) ON DELETE SET NULL,"
        " blind INTEGER NOT NULL DEFAULT 0, created_at TEXT NOT NULL, created_by TEXT)"_s,
    };
}

QStringList reasksReachTheJudge(const SqlDialect &)
{
    return {
        // A job queued again on purpose (rerun-failed) must be asked, not answered from the
        // cache with the answer that failed it.
        u"ALTER TABLE run_job ADD COLUMN reask INTEGER NOT NULL DEFAULT 0"_s,
        // Which request of which job an answer came back for: after a crash, that request's
        // own answer is read back instead of paid for again; nothing else reuses it.
        u"ALTER TABLE response_cache ADD COLUMN job_id INTEGER"_s,
        u"ALTER TABLE response_cache ADD COLUMN request_no INTEGER"_s,
    };
}

// Version 11: judge runs as a shared work queue. Each worker (a window, `judge`, `resume`,
// `worker`, on any machine) leases the pending jobs it sends; a lease that runs out (its
// worker was killed) lets another worker take the job. Replaces the run-wide lease, which let
// only one process drive a run.
QStringList jobLeases(const SqlDialect &)
{
    return {
        u"ALTER TABLE run_job ADD COLUMN lease_owner TEXT"_s,
        u"ALTER TABLE run_job ADD COLUMN lease_expires TEXT"_s,
        u"CREATE INDEX run_job_lease ON run_job (lease_owner)"_s,
        u"DROP TABLE run_lease"_s,
    };
}

// Version 12: other clients hear of changes as they happen (the windows of a team project
// show each other's labels and new verdicts without a reload).
QStringList changeNotifications(const SqlDialect &d)
{
    return d.createChangeNotifications({u"annotation_event"_s, u"verdict"_s, u"judge_run"_s,
                                        u"run_job"_s, u"report"_s, u"rubric"_s,
                                        u"annotation_assignment"_s, u"study"_s});
}

// Version 13: ReportBench's titles by the reference's method, a judge deciding which cited
// pages are papers. One row per page and judge, so two judges' decisions can be compared.
QStringList pageClassifications(const SqlDialect &)
{
    return {
        u"CREATE TABLE page_classification ("
        "url TEXT NOT NULL, judge TEXT NOT NULL, is_paper INTEGER NOT NULL, title TEXT,"
        " authors TEXT, reason TEXT, classified_at TEXT NOT NULL, PRIMARY KEY (url, judge))"_s,
    };
}

// Version 14: the providers' prompt caches. A job's input tokens include those read from and
// written to the provider's cache, which are billed at their own shares of the price; the
// ledger shows them.
QStringList promptCacheTokens(const SqlDialect &)
{
    return {
        u"ALTER TABLE run_job ADD COLUMN cache_read_tokens INTEGER NOT NULL DEFAULT 0"_s,
        u"ALTER TABLE run_job ADD COLUMN cache_write_tokens INTEGER NOT NULL DEFAULT 0"_s,
    };
}

// Version 15: runs sent as provider batch jobs. A batch takes up to a day; its id and the jobs
// it asks are kept, so that a program closed meanwhile polls the same batch when it resumes
// instead of paying for a second one. `items` maps each custom id to its job and request.
QStringList providerBatches(const SqlDialect &d)
{
    return {
        u"CREATE TABLE run_batch ("
        "id %1, run_id INTEGER NOT NULL REFERENCES judge_run(id) ON DELETE CASCADE,"
        " provider TEXT NOT NULL, batch_id TEXT NOT NULL, state TEXT NOT NULL,"
        " items TEXT NOT NULL, total INTEGER NOT NULL DEFAULT 0,"
        " answered INTEGER NOT NULL DEFAULT 0, failed INTEGER NOT NULL DEFAULT 0,"
        " created_at TEXT NOT NULL, polled_at TEXT, taken INTEGER NOT NULL DEFAULT 0)"_s.arg(
            d.autoIdColumn()),
        u"CREATE INDEX run_batch_run ON run_batch (run_id, taken)"_s,
    };
}

// Version 16: a project about half its former size (2,640 DRB-II reports: from 4 to under
// 2 times their files). An original that is its report's text (Markdown, plain text) is no
// longer kept beside that text, unless a fetched source shares its bytes; other originals are
// compressed (compressOriginals); the full-text index no longer records where each trigram is.
QStringList compactReports(const SqlDialect &d)
{
    QStringList s = {
        u"ALTER TABLE document_blob ADD COLUMN encoding TEXT NOT NULL DEFAULT 'raw'"_s,
        u"CREATE INDEX report_content ON report (content_hash)"_s,
        u"UPDATE document_blob SET data = %1, encoding = 'report-text'"
        " WHERE EXISTS (SELECT 1 FROM report r WHERE r.content_hash = document_blob.hash)"
        " AND NOT EXISTS (SELECT 1 FROM report r WHERE r.content_hash = document_blob.hash"
        "   AND %2 <> document_blob.data)"
        " AND NOT EXISTS (SELECT 1 FROM source s WHERE s.content_hash = document_blob.hash)"_s.arg(
            d.utf8Bytes(u"''"_s), d.utf8Bytes(u"r.text"_s)),
    };
    return s + d.rebuildReportSearchIndex();
}

// Version 17: a search index that builds in a fraction of the time (2,640 generated DRB-II
// reports: an import from 17.5 s of CPU to 4 s): words for the scripts that separate them,
// pairs of characters for Chinese (searchtokens.h), rather than every trigram of every text;
// written reports are indexed together when their transaction commits.
QStringList wordSearchIndex(const SqlDialect &d)
{
    return d.rebuildReportSearchIndex();
}

// Version 18: the first search of a process as fast as the next. A search for a fragment that
// may start inside a word asks which words of the index hold it; the list of the index's
// words, which SQLite's index gives only slowly, is kept between processes.
QStringList reportWordList(const SqlDialect &d)
{
    return d.createReportWordList();
}

// Version 19: a team project's annotators label as themselves. Each login labels only as the
// annotator bound to it, and never gold; before, any annotator could write anyone's labels.
QStringList annotatorGuards(const SqlDialect &d)
{
    return d.createAnnotatorGuards();
}

// Version 20: a team project's owners get the project and nothing else. Its tables belong to a
// group role of its own, to which owners are added; before, owners were made members of the
// creating user's role, which may be a superuser's or own other databases.
QStringList ownerGroup(const SqlDialect &d)
{
    return d.createOwnerGroup();
}

// Version 21: a team project's annotators read the tables a later Rubricate adds. Before, each
// was granted the tables there were when it was added, and a table of a later migration was
// refused to every annotator until an owner added them again.
QStringList annotatorsReadLaterTables(const SqlDialect &d)
{
    return d.grantAnnotatorsLaterTables();
}

// One original at a time: a project's originals together may not fit in memory.
Result<void> compressOriginals(QSqlDatabase &db)
{
    QSqlQuery list(db);
    list.setForwardOnly(true);
    if (!list.exec(u"SELECT hash FROM document_blob WHERE encoding = 'raw'"_s))
        return Error{list.lastError().text()};
    QStringList hashes;
    while (list.next())
        hashes << list.value(0).toString();
    list.finish();
    QSqlQuery read(db);
    read.setForwardOnly(true);
    QSqlQuery write(db);
    using StoreCodec::bindAt;
    using StoreCodec::namedPlaceholders;
    if (!read.prepare(namedPlaceholders(u"SELECT data FROM document_blob WHERE hash = ?"_s))
        || !write.prepare(
            namedPlaceholders(u"UPDATE document_blob SET data = ?, encoding = ? WHERE hash = ?"_s)))
        return Error{read.lastError().text() + write.lastError().text()};
    for (const QString &hash : std::as_const(hashes)) {
        bindAt(read, 0, hash);
        if (!read.exec() || !read.next())
            return Error{read.lastError().text()};
        const StoreCodec::StoredBlob blob = StoreCodec::storedBlob(read.value(0).toByteArray());
        read.finish();
        if (blob.encoding == StoreCodec::BlobAsIs)
            continue;
        bindAt(write, 0, blob.data);
        bindAt(write, 1, QString(blob.encoding));
        bindAt(write, 2, hash);
        if (!write.exec())
            return Error{write.lastError().text()};
    }
    return {};
}

} // namespace

const QList<Migration> &schemaMigrations()
{
    static const QList<Migration> migrations = {
        {1, u"domain model for DRB-II, ResearchRubrics, PDR-Bench and ReportBench"_s, baseSchema},
        {2, u"full-text search over reports; append-only annotation events"_s, searchAndAudit},
        {3, u"import log"_s, importLog},
        {4, u"judge run jobs, response cache, evidence spans"_s, judgeRuns},
        {5, u"annotation samples: items assigned to annotators"_s, annotationSamples},
        {6, u"fetched sources and their text"_s, fetchedSources},
        {7, u"report-scoped rubric items (extracted claims)"_s, reportClaims},
        {8, u"run leases: one process drives a run at a time"_s, runLeases},
        {9, u"annotation studies: annotators, event provenance, gold labels"_s, annotationStudies},
        {10, u"re-asks reach the judge: cached answers remember their request"_s,
         reasksReachTheJudge},
        {11, u"job leases: many workers drain one run"_s, jobLeases},
        {12, u"change notifications for the other clients of a project"_s, changeNotifications},
        {13, u"judge classifications of cited pages (ReportBench titles)"_s, pageClassifications},
        {14, u"prompt-cache token counts per judge job"_s, promptCacheTokens},
        {15, u"provider batch jobs of judge runs"_s, providerBatches},
        {16, u"compact reports: originals once and compressed, a leaner search index"_s,
         compactReports, compressOriginals, true},
        {17, u"search index of words and Chinese character pairs"_s, wordSearchIndex, {}, true},
        {18, u"the search index's words kept between processes"_s, reportWordList},
        {19, u"annotators of a team project label only as themselves"_s, annotatorGuards},
        {20, u"owners of a team project in a group of its own"_s, ownerGroup},
        {21, u"annotators of a team project read the tables later versions add"_s,
         annotatorsReadLaterTables},
    };
    return migrations;
}

int latestSchemaVersion()
{
    return schemaMigrations().constLast().version;
}

namespace {

Result<void> runAll(QSqlQuery &q, const QStringList &statements)
{
    for (const QString &statement : statements) {
        if (!q.exec(statement))
            return Error{q.lastError().text() + u"\n  in: "_s + statement};
    }
    return {};
}

// One migration in its own transaction, unless another process applied it meanwhile.
Result<void> apply(QSqlDatabase &db, const SqlDialect &dialect, const Migration &m)
{
    QSqlQuery q(db);
    const auto abandon = [&](const QString &why) -> Result<void> {
        QSqlQuery(db).exec(u"ROLLBACK"_s);
        return Error{why};
    };
    const QStringList begin = dialect.beginMigration();
    if (!q.exec(begin.constFirst()))
        return Error{u"migration %1: %2"_s.arg(m.version).arg(q.lastError().text())};
    if (Result<void> begun = runAll(q, begin.mid(1)); !begun)
        return abandon(u"migration %1: %2"_s.arg(m.version).arg(begun.errorMessage()));
    if (dialect.schemaVersion(db).value_or(-1) >= m.version) {
        if (QSqlQuery(db).exec(u"COMMIT"_s))
            return {};
        return abandon(db.lastError().text());
    }
    QStringList statements = m.statements(dialect);
    for (QString &statement : statements)
        statement = dialect.ddl(statement);
    Result<void> ran = runAll(q, statements);
    if (ran && m.convert)
        ran = m.convert(db);
    if (!ran)
        return abandon(u"migration %1 (%2) failed: %3"_s.arg(m.version).arg(m.description,
                                                                            ran.errorMessage()));
    // The version is transactional on both engines, so a crash here leaves the old one.
    if (!dialect.setSchemaVersion(db, m.version) || !q.exec(u"COMMIT"_s))
        return abandon(u"migration %1: %2"_s.arg(m.version).arg(q.lastError().text()));
    return {};
}

} // namespace

Result<void> migrate(QSqlDatabase &db, const SqlDialect &dialect, int targetVersion)
{
    if (targetVersion < 0)
        targetVersion = latestSchemaVersion();
    QSqlQuery q(db);
    if (Result<void> locked = runAll(q, dialect.lockMigrations()); !locked)
        return locked;
    const auto unlock = qScopeGuard([&] {
        (void)runAll(q, dialect.unlockMigrations()); // the lock also ends with the session
    });
    const Result<int> read = dialect.schemaVersion(db);
    if (!read)
        return Error{u"cannot read the schema version: %1"_s.arg(read.errorMessage())};
    const int current = *read;
    if (current > latestSchemaVersion()) {
        return Error{u"the project was written by a newer Rubricate (schema %1, this build "
                     "knows up to %2)"_s.arg(current)
                         .arg(latestSchemaVersion())};
    }
    bool compact = false;
    for (const Migration &m : schemaMigrations()) {
        if (m.version <= current || m.version > targetVersion)
            continue;
        if (Result<void> applied = apply(db, dialect, m); !applied)
            return applied;
        compact = compact || (m.compacts && current > 0);
    }
    // The migrations are done either way; a file left at its old size is no reason to refuse
    // the project.
    if (compact) {
        if (const Result<void> compacted = runAll(q, dialect.compactStatements()); !compacted)
            qCWarning(lcStore, "cannot compact after migrating: %s",
                      qPrintable(compacted.errorMessage()));
    }
    return {};
}

} // namespace Rubricate
