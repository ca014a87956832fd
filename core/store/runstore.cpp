#include "runstore.h"

#include "catalogstore.h"
#include "storecodec.h"
#include "storerows.h"

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

Result<RowId> RunStore::createRun(const JudgeRun &run)
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
        return failure();
    return q.lastInsertId().toLongLong();
}

Result<void> RunStore::finishRun(RowId runId, const QString &status)
{
    QSqlQuery &q = prepared(u"UPDATE judge_run SET status = ?, finished_at = ? WHERE id = ?"_s);
    bindAt(q, 0, status);
    bindAt(q, 1, StoreCodec::time(QDateTime::currentDateTimeUtc()));
    bindAt(q, 2, runId);
    return written(exec(q));
}

Upserted RunStore::upsertVerdict(const Verdict &v)
{
    if (!v.value && v.error.isEmpty())
        return Upserted::failed(Error{u"a verdict without a value must carry its error"_s});
    QSqlQuery &find = prepared(u"SELECT id, value, label, reason, evidence, error FROM verdict"
                               " WHERE run_id = ? AND report_id = ? AND rubric_id = ?"_s);
    bindAt(find, 0, v.runId);
    bindAt(find, 1, v.reportId);
    bindAt(find, 2, v.rubricId);
    if (!exec(find))
        return Upserted::failed(failure());
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
            return Upserted::failed(failure());
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
        return Upserted::failed(failure());
    return {insert.lastInsertId().toLongLong(), UpsertResult::Added};
}

Result<QList<RunSummary>> RunStore::list()
{
    QList<RunSummary> out;
    QSqlQuery &q = prepared(
        u"SELECT r.id, r.name, r.kind, r.status, COALESCE(b.key, ''), r.created_at,"
        " (SELECT count(*) FROM verdict v WHERE v.run_id = r.id),"
        " (SELECT count(*) FROM verdict v WHERE v.run_id = r.id AND v.value IS NULL)"
        " FROM judge_run r LEFT JOIN benchmark b ON b.id = r.benchmark_id ORDER BY r.id"_s);
    if (!exec(q))
        return failure();
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                    q.value(3).toString(), q.value(4).toString(), StoreCodec::toTime(q.value(5)),
                    q.value(6).toInt(), q.value(7).toInt()});
    }
    return out;
}

QSet<QString> RunStore::runNames()
{
    QSet<QString> names;
    QSqlQuery &q = prepared(u"SELECT name FROM judge_run"_s);
    if (!exec(q))
        return names;
    while (q.next())
        names.insert(q.value(0).toString());
    return names;
}

std::optional<RowId> RunStore::runBySourceHash(const QString &sourceHash)
{
    QSqlQuery &q = prepared(u"SELECT id FROM judge_run WHERE source_hash = ?"_s);
    bindAt(q, 0, sourceHash);
    if (!exec(q))
        return std::nullopt;
    return singleId(q);
}

Result<QList<Verdict>> RunStore::verdicts(RowId runId, RowId reportId)
{
    QList<Verdict> out;
    QSqlQuery &q = prepared(
        u"SELECT id, run_id, report_id, rubric_id, value, label, reason, evidence, error, raw,"
        " evidence_status, evidence_coverage, created_at FROM verdict"
        " WHERE run_id = ? AND report_id = ?"
        " ORDER BY rubric_id"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, reportId);
    if (!exec(q))
        return failure();
    while (q.next()) {
        Verdict v;
        v.id = q.value(0).toLongLong();
        v.runId = q.value(1).toLongLong();
        v.reportId = q.value(2).toLongLong();
        v.rubricId = q.value(3).toLongLong();
        v.value = StoreCodec::toNumber(q.value(4));
        v.label = q.value(5).toString();
        v.reason = q.value(6).toString();
        v.evidence = q.value(7).toString();
        v.error = q.value(8).toString();
        v.raw = StoreCodec::toJson(q.value(9));
        v.evidenceStatus = q.value(10).toString();
        v.evidenceCoverage = StoreCodec::toNumber(q.value(11));
        v.createdAt = StoreCodec::toTime(q.value(12));
        out.append(v);
    }
    return out;
}

QList<Verdict> RunStore::verdictsOfReport(RowId reportId)
{
    QList<Verdict> out;
    QSqlQuery &q = prepared(u"SELECT id, run_id, rubric_id, evidence FROM verdict"
                            " WHERE report_id = ? ORDER BY id"_s);
    bindAt(q, 0, reportId);
    if (!exec(q))
        return out;
    while (q.next()) {
        Verdict v;
        v.id = q.value(0).toLongLong();
        v.runId = q.value(1).toLongLong();
        v.reportId = reportId;
        v.rubricId = q.value(2).toLongLong();
        v.evidence = q.value(3).toString();
        out.append(v);
    }
    return out;
}

std::optional<std::pair<RowId, QString>> RunStore::newestRunFor(RowId reportId)
{
    QSqlQuery &q = prepared(u"SELECT r.id, r.name FROM judge_run r WHERE EXISTS (SELECT 1"
                            " FROM verdict v WHERE v.run_id = r.id AND v.report_id = ?)"
                            " ORDER BY r.id DESC LIMIT 1"_s);
    bindAt(q, 0, reportId);
    if (!exec(q) || !q.next())
        return std::nullopt;
    std::pair<RowId, QString> run{q.value(0).toLongLong(), q.value(1).toString()};
    q.finish();
    return run;
}

QList<std::pair<RowId, QString>> RunStore::runsFor(RowId reportId)
{
    QList<std::pair<RowId, QString>> out;
    QSqlQuery &q = prepared(u"SELECT r.id, r.name FROM judge_run r WHERE EXISTS (SELECT 1"
                            " FROM verdict v WHERE v.run_id = r.id AND v.report_id = ?)"
                            " ORDER BY r.id DESC"_s);
    bindAt(q, 0, reportId);
    if (!exec(q))
        return out;
    while (q.next())
        out.append({q.value(0).toLongLong(), q.value(1).toString()});
    return out;
}

QHash<RowId, QList<EvidenceSpanRow>> RunStore::evidenceSpansOfReport(RowId runId, RowId reportId)
{
    QHash<RowId, QList<EvidenceSpanRow>> out;
    QSqlQuery &q = prepared(u"SELECT v.rubric_id, e.start, e.length, e.method"
                            " FROM verdict_evidence e JOIN verdict v ON v.id = e.verdict_id"
                            " WHERE v.run_id = ? AND v.report_id = ?"
                            " ORDER BY v.rubric_id, e.position"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, reportId);
    if (!exec(q))
        return out;
    while (q.next())
        out[q.value(0).toLongLong()].append(
            {q.value(1).toInt(), q.value(2).toInt(), q.value(3).toString()});
    return out;
}

} // namespace Rubricate
