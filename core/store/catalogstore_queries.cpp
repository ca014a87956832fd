// PDR-Bench's own rows: personas and queries (task x persona x information setting).
#include "catalogstore.h"

#include "storecodec.h"
#include "storerows.h"

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

namespace {

constexpr auto personaColumns
    = "SELECT p.id, p.benchmark_id, p.external_id, p.name, p.attributes FROM persona p";

Persona personaFrom(const QSqlQuery &q)
{
    return {q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toString(),
            q.value(3).toString(), StoreCodec::toJson(q.value(4))};
}

} // namespace

std::optional<Persona> CatalogStore::persona(RowId id)
{
    QSqlQuery &q = prepared(QString::fromLatin1(personaColumns) + u" WHERE p.id = ?"_s);
    bindAt(q, 0, id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    Persona p = personaFrom(q);
    q.finish();
    return p;
}

Result<QList<Persona>> CatalogStore::personas(const QString &benchmarkKey)
{
    QList<Persona> out;
    QSqlQuery &q = prepared(QString::fromLatin1(personaColumns)
                            + u" JOIN benchmark b ON b.id = p.benchmark_id"
                              " WHERE COALESCE(?, '') = '' OR b.key = ? ORDER BY p.external_id"_s);
    bindAt(q, 0, benchmarkKey);
    bindAt(q, 1, benchmarkKey);
    if (!exec(q))
        return failure();
    while (q.next())
        out.append(personaFrom(q));
    return out;
}

std::optional<RowId> CatalogStore::personaId(RowId benchmarkId, const QString &externalId)
{
    return idByExternal(u"persona"_s, benchmarkId, externalId);
}

namespace {

constexpr auto queryColumns = "SELECT id, benchmark_id, task_id, persona_id, external_id, setting,"
                              " language, text, metadata FROM research_query";

Query queryFrom(const QSqlQuery &q)
{
    Query r;
    r.id = q.value(0).toLongLong();
    r.benchmarkId = q.value(1).toLongLong();
    r.taskId = q.value(2).toLongLong();
    r.personaId = StoreCodec::toId(q.value(3));
    r.externalId = q.value(4).toString();
    r.setting = q.value(5).toString();
    r.language = q.value(6).toString();
    r.text = q.value(7).toString();
    r.metadata = StoreCodec::toJson(q.value(8));
    return r;
}

} // namespace

std::optional<Query> CatalogStore::query(RowId id)
{
    QSqlQuery &q = prepared(QString::fromLatin1(queryColumns) + u" WHERE id = ?"_s);
    bindAt(q, 0, id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    const Query r = queryFrom(q);
    q.finish();
    return r;
}

QList<Query> CatalogStore::queries(RowId benchmarkId)
{
    QList<Query> out;
    QSqlQuery &q
        = prepared(QString::fromLatin1(queryColumns) + u" WHERE benchmark_id = ? ORDER BY id"_s);
    bindAt(q, 0, benchmarkId);
    if (!exec(q))
        return out;
    while (q.next())
        out.append(queryFrom(q));
    return out;
}

Result<int> CatalogStore::annotatedRubricsOfQuery(RowId queryId)
{
    QSqlQuery &q = prepared(
        u"SELECT COUNT(DISTINCT a.rubric_id) FROM annotation_event a"
        " JOIN rubric r ON r.id = a.rubric_id WHERE r.query_id = ? AND r.report_id IS NULL"_s);
    bindAt(q, 0, queryId);
    if (!exec(q) || !q.next())
        return failure();
    const int n = q.value(0).toInt();
    q.finish();
    return n;
}

std::optional<RowId> CatalogStore::queryId(RowId benchmarkId, const QString &externalId)
{
    return idByExternal(u"research_query"_s, benchmarkId, externalId);
}

} // namespace Rubricate
