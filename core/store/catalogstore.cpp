#include "catalogstore.h"

#include "storecodec.h"
#include "storerows.h"

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

Result<Benchmark> CatalogStore::ensureBenchmark(const QString &key, const QString &name,
                                                VerdictScale scale)
{
    if (auto existing = benchmark(key))
        return *existing;
    QSqlQuery &q = prepared(u"INSERT INTO benchmark (key, name, scale) VALUES (?, ?, ?)"_s);
    bindAt(q, 0, key);
    bindAt(q, 1, name);
    bindAt(q, 2, scaleKey(scale));
    if (!exec(q))
        return failure();
    return Benchmark{q.lastInsertId().toLongLong(), key, name, scale};
}

Upserted CatalogStore::upsertTask(const Task &t)
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

Upserted CatalogStore::upsertPersona(const Persona &p)
{
    static const UpsertSql sql = upsertSql(u"persona"_s, {u"benchmark_id"_s, u"external_id"_s},
                                           {u"name"_s, u"attributes"_s});
    return upsertRow(sql, {p.benchmarkId, p.externalId},
                     {StoreCodec::text(p.name), StoreCodec::json(p.attributes)});
}

Upserted CatalogStore::upsertQuery(const Query &qr)
{
    static const UpsertSql sql = upsertSql(
        u"research_query"_s, {u"benchmark_id"_s, u"external_id"_s},
        {u"task_id"_s, u"persona_id"_s, u"setting"_s, u"language"_s, u"text"_s, u"metadata"_s});
    return upsertRow(sql, {qr.benchmarkId, qr.externalId},
                     {qr.taskId, StoreCodec::id(qr.personaId), qr.setting,
                      StoreCodec::text(qr.language), StoreCodec::text(qr.text),
                      StoreCodec::json(qr.metadata)});
}

Upserted CatalogStore::upsertRubric(const Rubric &r)
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

QVariantList CatalogStore::rubricValues(const Rubric &r)
{
    return {r.text,
            r.weight,
            StoreCodec::number(r.dimensionWeight),
            StoreCodec::flag(r.mandatory),
            scaleKey(r.scale),
            StoreCodec::id(r.duplicateOf),
            StoreCodec::json(r.metadata)};
}

Result<int> CatalogStore::deleteQueryRubrics(RowId queryId)
{
    QSqlQuery &q = prepared(u"DELETE FROM rubric WHERE query_id = ? AND report_id IS NULL"_s);
    bindAt(q, 0, queryId);
    if (!exec(q))
        return failure();
    return q.numRowsAffected();
}

Upserted CatalogStore::upsertReference(const Reference &r)
{
    static const UpsertSql sql
        = upsertSql(u"reference_entry"_s, {u"task_id"_s, u"position"_s},
                    {u"bib_id"_s, u"title"_s, u"normalized_title"_s, u"authors"_s, u"meta"_s});
    return upsertRow(sql, {r.taskId, r.position},
                     {StoreCodec::text(r.bibId), r.title, r.normalizedTitle,
                      StoreCodec::text(r.authors), StoreCodec::json(r.meta)});
}

std::optional<RowId> CatalogStore::idByExternal(const QString &table, RowId benchmarkId,
                                                const QString &externalId)
{
    QSqlQuery &q
        = prepared(u"SELECT id FROM %1 WHERE benchmark_id = ? AND external_id = ?"_s.arg(table));
    bindAt(q, 0, benchmarkId);
    bindAt(q, 1, externalId);
    if (!exec(q))
        return std::nullopt;
    return singleId(q);
}

Result<QList<Benchmark>> CatalogStore::benchmarks()
{
    QList<Benchmark> out;
    QSqlQuery &q = prepared(u"SELECT id, key, name, scale FROM benchmark ORDER BY id"_s);
    if (!exec(q))
        return failure();
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                    scaleFromKey(q.value(3).toString()).value_or(VerdictScale::Drb2Tristate)});
    }
    return out;
}

std::optional<Benchmark> CatalogStore::benchmark(const QString &key)
{
    QSqlQuery &q = prepared(u"SELECT id, key, name, scale FROM benchmark WHERE key = ?"_s);
    bindAt(q, 0, key);
    if (!exec(q) || !q.next())
        return std::nullopt;
    Benchmark b{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                scaleFromKey(q.value(3).toString()).value_or(VerdictScale::Drb2Tristate)};
    q.finish();
    return b;
}

std::optional<RowId> CatalogStore::taskId(RowId benchmarkId, const QString &externalId)
{
    return idByExternal(u"task"_s, benchmarkId, externalId);
}

std::optional<Task> CatalogStore::task(RowId id)
{
    // Through a row statement: a run reads the task of every report it judges.
    return rowById(
        u"SELECT id, benchmark_id, external_id, language, theme, title, prompt, judge_task,"
        " blocked, complexity_breadth, complexity_nesting, complexity_exploration, metadata"
        " FROM task WHERE id = ?"_s,
        id, [](const RowStatement &row) {
            Task t;
            t.id = row.columnInt(0);
            t.benchmarkId = row.columnInt(1);
            t.externalId = row.columnText(2);
            t.language = row.columnText(3);
            t.theme = row.columnText(4);
            t.title = row.columnText(5);
            t.prompt = row.columnText(6);
            t.judgeTask = row.columnText(7);
            if (!row.columnIsNull(8))
                t.blocked = StoreCodec::toBlocked(row.columnText(8));
            t.complexity = {row.columnText(9), row.columnText(10), row.columnText(11)};
            if (!row.columnIsNull(12))
                t.metadata = StoreCodec::toJson(row.columnText(12));
            return t;
        });
}

Result<QList<TaskSummary>> CatalogStore::taskSummaries(const QString &benchmarkKey)
{
    QList<TaskSummary> out;
    // Numeric external ids (DRB-II idx) sort as numbers, the rest as text.
    QSqlQuery &q = prepared(u"SELECT t.id, b.key, t.external_id, t.language, t.theme, t.title,"
                            " (SELECT count(*) FROM rubric r WHERE r.task_id = t.id"
                            "  AND r.report_id IS NULL),"
                            " (SELECT count(*) FROM report p WHERE p.task_id = t.id),"
                            " substr(COALESCE(t.prompt, ''), 1, 200)"
                            " FROM task t JOIN benchmark b ON b.id = t.benchmark_id"
                            " WHERE (COALESCE(?, '') = '' OR b.key = ?)"
                            " ORDER BY b.id, length(t.external_id), t.external_id"_s);
    bindAt(q, 0, benchmarkKey);
    bindAt(q, 1, benchmarkKey);
    if (!exec(q))
        return failure();
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                    q.value(3).toString(), q.value(4).toString(), q.value(5).toString(),
                    q.value(6).toInt(), q.value(7).toInt(), q.value(8).toString()});
    }
    return out;
}

QList<Rubric> CatalogStore::rubricRows(const QString &where, const QList<RowId> &ids)
{
    // Through a row statement: a run reads the rubrics of every report it judges.
    QList<Rubric> out;
    RowStatement *q = m_db->rowStatement(QString::fromLatin1(rubricColumns) + u" WHERE "_s + where);
    if (!q)
        return out;
    for (int i = 0; i < ids.size(); ++i)
        q->bind(i, ids.at(i));
    runRows(*q, [&out](const RowStatement &row) { out.append(rubricFrom(row)); });
    return out;
}

QList<Rubric> CatalogStore::rubrics(RowId taskId, std::optional<RowId> queryId)
{
    return rubricRows(u"task_id = ? AND COALESCE(query_id, 0) = ? AND report_id IS NULL"
                      " ORDER BY id"_s,
                      {taskId, queryId.value_or(0)});
}

QHash<RowId, QString> CatalogStore::rubricTexts()
{
    QHash<RowId, QString> out;
    QSqlQuery &q = prepared(u"SELECT id, text FROM rubric"_s);
    if (!exec(q))
        return out;
    while (q.next())
        out.insert(q.value(0).toLongLong(), q.value(1).toString());
    return out;
}

QList<Rubric> CatalogStore::allRubricsOfTask(RowId taskId)
{
    return rubricRows(u"task_id = ? AND report_id IS NULL ORDER BY id"_s, {taskId});
}

QList<Reference> CatalogStore::references(RowId taskId)
{
    QList<Reference> out;
    QSqlQuery &q = prepared(u"SELECT id, task_id, position, bib_id, title, normalized_title,"
                            " authors, meta FROM reference_entry WHERE task_id = ?"
                            " ORDER BY position"_s);
    bindAt(q, 0, taskId);
    if (!exec(q))
        return out;
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toInt(),
                    q.value(3).toString(), q.value(4).toString(), q.value(5).toString(),
                    q.value(6).toString(), StoreCodec::toJson(q.value(7))});
    }
    return out;
}

} // namespace Rubricate
