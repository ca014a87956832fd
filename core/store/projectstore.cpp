#include "projectstore.h"

#include "storecodec.h"

#include <QCoreApplication>
#include <QUuid>

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;

std::unique_ptr<ProjectStore> ProjectStore::open(const QString &location, QString *error)
{
    return wrap(ProjectDatabase::open(location, error));
}

std::unique_ptr<ProjectStore> ProjectStore::create(const QString &location, QString *error)
{
    return wrap(ProjectDatabase::create(location, error));
}

std::unique_ptr<ProjectStore> ProjectStore::openAtVersion(const QString &location, int version,
                                                          QString *error)
{
    return wrap(ProjectDatabase::openAtVersion(location, version, error));
}

void ProjectStore::close(const QString &location)
{
    ProjectDatabase::close(location);
}

std::unique_ptr<ProjectStore> ProjectStore::wrap(std::unique_ptr<ProjectDatabase> db)
{
    if (!db)
        return nullptr;
    return std::unique_ptr<ProjectStore>(new ProjectStore(std::move(db)));
}

ProjectStore::ProjectStore(std::unique_ptr<ProjectDatabase> db)
    : m_db(std::move(db))
{ }

ProjectStore::~ProjectStore() = default;

std::optional<Benchmark> ProjectStore::ensureBenchmark(const QString &key, const QString &name,
                                                       VerdictScale scale)
{
    if (auto existing = benchmark(key))
        return existing;
    QSqlQuery &q = prepared(u"INSERT INTO benchmark (key, name, scale) VALUES (?, ?, ?)"_s);
    bindAt(q, 0, key);
    bindAt(q, 1, name);
    bindAt(q, 2, scaleKey(scale));
    if (!exec(q))
        return std::nullopt;
    return Benchmark{q.lastInsertId().toLongLong(), key, name, scale};
}

Upserted ProjectStore::upsertTask(const Task &t)
{
    static const UpsertSql sql
        = upsertSql(u"task"_s, {u"benchmark_id"_s, u"external_id"_s},
                    {u"language"_s, u"theme"_s, u"title"_s, u"prompt"_s, u"judge_task"_s,
                     u"blocked"_s, u"complexity_breadth"_s, u"complexity_nesting"_s,
                     u"complexity_exploration"_s, u"metadata"_s});
    return upsertRow(
        sql, {t.benchmarkId, t.externalId},
        {StoreCodec::text(t.language), StoreCodec::text(t.theme), StoreCodec::text(t.title),
         StoreCodec::text(t.prompt), StoreCodec::text(t.judgeTask), StoreCodec::blocked(t.blocked),
         StoreCodec::text(t.complexity.breadth), StoreCodec::text(t.complexity.nesting),
         StoreCodec::text(t.complexity.exploration), StoreCodec::json(t.metadata)});
}

Upserted ProjectStore::upsertPersona(const Persona &p)
{
    static const UpsertSql sql = upsertSql(u"persona"_s, {u"benchmark_id"_s, u"external_id"_s},
                                           {u"name"_s, u"attributes"_s});
    return upsertRow(sql, {p.benchmarkId, p.externalId},
                     {StoreCodec::text(p.name), StoreCodec::json(p.attributes)});
}

Upserted ProjectStore::upsertQuery(const Query &qr)
{
    static const UpsertSql sql = upsertSql(
        u"research_query"_s, {u"benchmark_id"_s, u"external_id"_s},
        {u"task_id"_s, u"persona_id"_s, u"setting"_s, u"language"_s, u"text"_s, u"metadata"_s});
    return upsertRow(sql, {qr.benchmarkId, qr.externalId},
                     {qr.taskId, StoreCodec::id(qr.personaId), qr.setting,
                      StoreCodec::text(qr.language), StoreCodec::text(qr.text),
                      StoreCodec::json(qr.metadata)});
}

Upserted ProjectStore::upsertRubric(const Rubric &r)
{
    static const UpsertSql sql = upsertSql(
        u"rubric"_s, {u"task_id"_s, u"query_id?"_s, u"report_id?"_s, u"dimension"_s, u"position"_s},
        {u"text"_s, u"weight"_s, u"dimension_weight"_s, u"mandatory"_s, u"scale"_s,
         u"duplicate_of"_s, u"metadata"_s});
    return upsertRow(
        sql,
        {r.taskId, StoreCodec::id(r.queryId), StoreCodec::id(r.reportId), r.dimension, r.position},
        rubricValues(r));
}

QVariantList ProjectStore::rubricValues(const Rubric &r)
{
    return {r.text,
            r.weight,
            StoreCodec::number(r.dimensionWeight),
            StoreCodec::flag(r.mandatory),
            scaleKey(r.scale),
            StoreCodec::id(r.duplicateOf),
            StoreCodec::json(r.metadata)};
}

int ProjectStore::deleteQueryRubrics(RowId queryId)
{
    QSqlQuery &q = prepared(u"DELETE FROM rubric WHERE query_id = ? AND report_id IS NULL"_s);
    bindAt(q, 0, queryId);
    if (!exec(q))
        return -1;
    return q.numRowsAffected();
}

Upserted ProjectStore::upsertReference(const Reference &r)
{
    static const UpsertSql sql
        = upsertSql(u"reference_entry"_s, {u"task_id"_s, u"position"_s},
                    {u"bib_id"_s, u"title"_s, u"normalized_title"_s, u"authors"_s, u"meta"_s});
    return upsertRow(sql, {r.taskId, r.position},
                     {StoreCodec::text(r.bibId), r.title, r.normalizedTitle,
                      StoreCodec::text(r.authors), StoreCodec::json(r.meta)});
}

std::optional<RowId> ProjectStore::ensureModel(const QString &name)
{
    if (auto id = modelId(name))
        return id;
    QSqlQuery &q = prepared(u"INSERT INTO agent_model (name) VALUES (?)"_s);
    bindAt(q, 0, name);
    if (!exec(q))
        return std::nullopt;
    return q.lastInsertId().toLongLong();
}

Upserted ProjectStore::upsertReport(const Report &r, const QByteArray &original)
{
    QVariant hash;
    if (!r.contentHash.isEmpty()) {
        hash = r.contentHash;
        QSqlQuery &has = prepared(u"SELECT 1 FROM document_blob WHERE hash = ?"_s);
        bindAt(has, 0, r.contentHash);
        if (!exec(has))
            return {};
        const bool present = has.next();
        has.finish();
        if (!present) {
            QSqlQuery &put
                = prepared(u"INSERT INTO document_blob (hash, size, data) VALUES (?, ?, ?)"_s);
            bindAt(put, 0, r.contentHash);
            bindAt(put, 1, qint64(original.size()));
            // A null QByteArray binds as SQL NULL; an empty original is still an original.
            bindAt(put, 2, original.isNull() ? QByteArray("") : original);
            if (!exec(put))
                return {};
        }
    }
    static const UpsertSql sql
        = upsertSql(u"report"_s, {u"model_id"_s, u"task_id"_s, u"query_id?"_s},
                    {u"format"_s, u"source_name"_s, u"content_hash"_s, u"text"_s, u"pages"_s,
                     u"warnings"_s, u"has_text"_s});
    return upsertRow(sql, {r.modelId, r.taskId, StoreCodec::id(r.queryId)},
                     {formatKey(r.format), StoreCodec::text(r.sourceName), hash,
                      r.text.isNull() ? u""_s : r.text, // NOT NULL: no text is ''
                      StoreCodec::pages(r.pages), StoreCodec::stringList(r.warnings),
                      int(r.hasText)});
}

std::optional<RowId> ProjectStore::createRun(const JudgeRun &run)
{
    QSqlQuery &q = prepared(
        u"INSERT INTO judge_run (benchmark_id, name, kind, scheme, config, status, created_at,"
        " finished_at, source, source_hash) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    bindAt(q, 0, run.benchmarkId ? QVariant(run.benchmarkId) : QVariant());
    bindAt(q, 1, run.name);
    bindAt(q, 2, judgeKindKey(run.kind));
    bindAt(q, 3, StoreCodec::text(run.scheme));
    bindAt(q, 4, StoreCodec::json(run.config));
    bindAt(q, 5, run.status.isEmpty() ? u"pending"_s : run.status);
    bindAt(q, 6,
           StoreCodec::time(run.createdAt.isValid() ? run.createdAt
                                                    : QDateTime::currentDateTimeUtc()));
    bindAt(q, 7, StoreCodec::time(run.finishedAt));
    bindAt(q, 8, StoreCodec::text(run.source));
    bindAt(q, 9,
           run.config.value(u"sourceHash"_s).toString().isEmpty()
               ? QVariant()
               : QVariant(run.config.value(u"sourceHash"_s).toString()));
    if (!exec(q))
        return std::nullopt;
    return q.lastInsertId().toLongLong();
}

bool ProjectStore::finishRun(RowId runId, const QString &status)
{
    QSqlQuery &q = prepared(u"UPDATE judge_run SET status = ?, finished_at = ? WHERE id = ?"_s);
    bindAt(q, 0, status);
    bindAt(q, 1, StoreCodec::time(QDateTime::currentDateTimeUtc()));
    bindAt(q, 2, runId);
    return exec(q);
}

Upserted ProjectStore::upsertVerdict(const Verdict &v)
{
    if (!v.value && v.error.isEmpty()) {
        m_db->setLastError(u"a verdict without a value must carry its error"_s);
        return {};
    }
    QSqlQuery &find = prepared(u"SELECT id, value, label, reason, evidence, error FROM verdict"
                               " WHERE run_id = ? AND report_id = ? AND rubric_id = ?"_s);
    bindAt(find, 0, v.runId);
    bindAt(find, 1, v.reportId);
    bindAt(find, 2, v.rubricId);
    if (!exec(find))
        return {};
    const QVariant value = StoreCodec::number(v.value);
    if (find.next()) {
        const RowId id = find.value(0).toLongLong();
        const bool same = find.value(1) == value && find.value(2).toString() == v.label
            && find.value(3).toString() == v.reason && find.value(4).toString() == v.evidence
            && find.value(5).toString() == v.error;
        find.finish();
        if (same)
            return {id, UpsertResult::Unchanged};
        QSqlQuery &update = prepared(u"UPDATE verdict SET value = ?, label = ?, reason = ?,"
                                     " evidence = ?, error = ?, raw = ? WHERE id = ?"_s);
        bindAt(update, 0, value);
        bindAt(update, 1, StoreCodec::text(v.label));
        bindAt(update, 2, StoreCodec::text(v.reason));
        bindAt(update, 3, StoreCodec::text(v.evidence));
        bindAt(update, 4, StoreCodec::text(v.error));
        bindAt(update, 5, StoreCodec::json(v.raw));
        bindAt(update, 6, id);
        if (!exec(update))
            return {};
        return {id, UpsertResult::Updated};
    }
    find.finish();
    QSqlQuery &insert = prepared(
        u"INSERT INTO verdict (run_id, report_id, rubric_id, value, label, reason, evidence,"
        " error, raw, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    bindAt(insert, 0, v.runId);
    bindAt(insert, 1, v.reportId);
    bindAt(insert, 2, v.rubricId);
    bindAt(insert, 3, value);
    bindAt(insert, 4, StoreCodec::text(v.label));
    bindAt(insert, 5, StoreCodec::text(v.reason));
    bindAt(insert, 6, StoreCodec::text(v.evidence));
    bindAt(insert, 7, StoreCodec::text(v.error));
    bindAt(insert, 8, StoreCodec::json(v.raw));
    bindAt(insert, 9, StoreCodec::time(QDateTime::currentDateTimeUtc()));
    if (!exec(insert))
        return {};
    return {insert.lastInsertId().toLongLong(), UpsertResult::Added};
}

std::optional<RowId> ProjectStore::appendAnnotation(const AnnotationEvent &e)
{
    if (e.annotator.trimmed().isEmpty()) {
        m_db->setLastError(u"an annotation needs an annotator"_s);
        return std::nullopt;
    }
    // An annotator first seen in an event (an import, a merge, a setting) is named by its id
    // until someone gives a name.
    const QString name = e.annotatorName.trimmed().isEmpty() ? e.annotator : e.annotatorName;
    if (!addAnnotator({e.annotator, name, e.at, {}}))
        return std::nullopt;
    const LabelProvenance &p = e.provenance;
    QSqlQuery &q = prepared(
        u"INSERT INTO annotation_event (report_id, rubric_id, annotator, at, value,"
        " previous_value, note, uid, kind, method, judge_visible, shown_run_id, shown_verdict,"
        " study, focus_ms, app_version) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    // An event that comes with its uid travelled from another copy (an import, a merge): its
    // provenance is that copy's, and an unknown version stays unknown.
    const QString version = p.appVersion.isEmpty() && e.uid.isEmpty()
        ? QCoreApplication::applicationVersion()
        : p.appVersion;
    const QVariantList values = {
        e.reportId,
        e.rubricId,
        e.annotator,
        StoreCodec::time(e.at.isValid() ? e.at : QDateTime::currentDateTimeUtc()),
        StoreCodec::number(e.value),
        StoreCodec::number(e.previousValue),
        StoreCodec::text(e.note),
        e.uid.isEmpty() ? QUuid::createUuid().toString(QUuid::WithoutBraces) : e.uid,
        annotationKindKey(e.kind),
        StoreCodec::text(labelMethodKey(p.method)),
        StoreCodec::flag(p.judgeVisible),
        StoreCodec::id(p.shownRunId ? std::optional<RowId>(p.shownRunId) : std::nullopt),
        StoreCodec::number(p.shownVerdict),
        StoreCodec::text(p.study),
        p.focusMs ? QVariant(*p.focusMs) : QVariant(QMetaType(QMetaType::LongLong)),
        StoreCodec::text(version),
    };
    for (int i = 0; i < values.size(); ++i)
        bindAt(q, i, values.at(i));
    if (!exec(q))
        return std::nullopt;
    return q.lastInsertId().toLongLong();
}

bool ProjectStore::logImport(const QString &kind, const QString &path, int added, int updated,
                             int unchanged, int errors, int warnings, const QString &summary)
{
    QSqlQuery &q = prepared(
        u"INSERT INTO import_log (kind, path, at, added, updated, unchanged, errors, warnings,"
        " summary) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    const QVariantList values
        = {kind,   path,     StoreCodec::time(QDateTime::currentDateTimeUtc()),
           added,  updated,  unchanged,
           errors, warnings, summary};
    for (int i = 0; i < values.size(); ++i)
        bindAt(q, i, values.at(i));
    return exec(q);
}

} // namespace Rubricate
