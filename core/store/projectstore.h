// The project database, split by subject.
//
// ProjectStore is what a caller opens: `auto store = ProjectStore::open(path)`, a Result. It
// owns one request's ProjectDatabase (the calling thread's shared connection, opened and
// migrated once, projectconnection.h) and hands out one store per subject, each a small class
// over that database:
//
//   store->catalog()      benchmarks, tasks, rubrics and claims, references, personas,
//                         queries, criteria edits                     (catalogstore.h)
//   store->reports()      models, reports and their originals, the import log (reportstore.h)
//   store->runs()         judge runs, jobs, verdicts, evidence, response cache, leases
//                                                                      (runstore.h)
//   store->annotations()  annotation events, rating rows, adjudication, samples,
//                         annotators, studies, exchange between copies (annotationstore.h)
//   store->sources()      fetched and imported sources                 (sourcestore.h)
//   store->search()       full-text search and the project's counts    (searchstore.h)
//
// Accessors rather than free-standing classes at every call site: a caller that needs two
// subjects inside one Transaction holds one store, and the subject in each call says what it
// touches (`store.runs().writeJudgeVerdicts(...)`). Writes happen inside a Transaction
// (transaction.h) that the caller opens, or that a single call opens itself.
//
// The engine seam: a location is a file path today and may be a postgresql:// URL next; the
// connection owner knows its driver, and SQL that differs per engine goes through SqlDialect
// (sqldialect.h). The queries in the subject stores are plain SQL that PostgreSQL runs as well.
#pragma once

#include "annotationstore.h"
#include "catalogstore.h"
#include "projectdatabase.h"
#include "reportstore.h"
#include "runstore.h"
#include "searchstore.h"
#include "sourcestore.h"
#include "storetypes.h"
#include "transaction.h"

#include <memory>

namespace Rubricate {

class ProjectStore
{
public:
    // Opens the existing project at `location` (a missing file is an error naming it) over the
    // calling thread's shared connection, migrated to the latest schema. Use a store on the
    // thread that opened it; opening again on that thread reuses the connection.
    static Result<std::unique_ptr<ProjectStore>> open(const QString &location);
    // Creates the project at `location` unless one is there, then opens it.
    static Result<std::unique_ptr<ProjectStore>> create(const QString &location);
    // Creates or opens without migrating beyond `version`: for tests of the migrations.
    static Result<std::unique_ptr<ProjectStore>> openAtVersion(const QString &location,
                                                               int version);
    // The project closes: every thread drops its idle connection to it (this one at once),
    // e.g. before its file is moved.
    static void close(const QString &location);
    // The schema version of the project at `path` as its file header says, read without
    // opening a connection.
    static Result<int> schemaVersionOf(const QString &path);
    ~ProjectStore();

    ProjectStore(const ProjectStore &) = delete;
    ProjectStore &operator=(const ProjectStore &) = delete;

    CatalogStore &catalog() { return m_catalog; }
    ReportStore &reports() { return m_reports; }
    RunStore &runs() { return m_runs; }
    AnnotationStore &annotations() { return m_annotations; }
    SourceStore &sources() { return m_sources; }
    SearchStore &search() { return m_search; }

    ProjectDatabase &projectDatabase() { return *m_db; }
    QString path() const { return m_db->location(); }
    QString connectionName() const { return m_db->connectionName(); }
    QSqlDatabase database() const { return m_db->database(); }
    int schemaVersion() const { return m_db->schemaVersion(); }

    bool begin() { return m_db->begin(); }
    bool commit() { return m_db->commit(); }
    // Nested inside a transaction: lets one bad row be undone without losing the rest.
    bool savepoint(const QString &name) { return m_db->savepoint(name); }
    bool releaseSavepoint(const QString &name) { return m_db->releaseSavepoint(name); }
    // False when SQLite had already rolled back the whole transaction (disk full, I/O error):
    // the caller must then stop, since later statements would each commit on their own.
    bool rollbackToSavepoint(const QString &name) { return m_db->rollbackToSavepoint(name); }

private:
    explicit ProjectStore(std::unique_ptr<ProjectDatabase> db);
    static Result<std::unique_ptr<ProjectStore>> wrap(Result<std::unique_ptr<ProjectDatabase>> db);

    std::unique_ptr<ProjectDatabase> m_db;
    CatalogStore m_catalog{*m_db};
    ReportStore m_reports{*m_db};
    RunStore m_runs{*m_db};
    AnnotationStore m_annotations{*m_db};
    SourceStore m_sources{*m_db};
    SearchStore m_search{*m_db};
};

} // namespace Rubricate
