// Judge runs as persisted job queues: jobs, their leases and the response cache.
#include "runstore.h"

#include "catalogstore.h"
#include "rowstatement.h"
#include "sqldialect.h"
#include "storecodec.h"
#include "storerows.h"

#include <QJsonArray>
#include <QJsonDocument>

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

namespace {

QString idList(const QList<RowId> &ids)
{
    QJsonArray a;
    for (RowId id : ids)
        a.append(id);
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

QList<RowId> idsFrom(const QString &text)
{
    // As idList() writes them ("[1,2,3]"), read directly: a run reads the list of every job
    // it claims. Anything else (another writer's spacing or number format) through Qt.
    const QStringView list(text);
    if (list.startsWith(u'[') && list.endsWith(u']')) {
        QList<RowId> ids;
        bool ok = true;
        const QStringView inner = list.sliced(1, list.size() - 2);
        if (!inner.isEmpty()) {
            for (const QStringView id : inner.tokenize(u',')) {
                ids << id.toLongLong(&ok);
                if (!ok)
                    break;
            }
        }
        if (ok)
            return ids;
    }
    QList<RowId> ids;
    const QJsonArray a = QJsonDocument::fromJson(text.toUtf8()).array();
    for (const auto &e : a)
        ids << RowId(e.toDouble());
    return ids;
}

} // namespace

std::optional<JudgeRun> RunStore::run(RowId id)
{
    QSqlQuery &q = prepared(u"SELECT id, COALESCE(benchmark_id, 0), name, kind, scheme, config,"
                            " status, created_at, finished_at, source FROM judge_run"
                            " WHERE id = ?"_s);
    bindAt(q, 0, id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    JudgeRun r;
    r.id = q.value(0).toLongLong();
    r.benchmarkId = q.value(1).toLongLong();
    r.name = q.value(2).toString();
    r.kind = judgeKindFromKey(q.value(3).toString());
    r.scheme = q.value(4).toString();
    r.config = StoreCodec::toJson(q.value(5));
    r.status = q.value(6).toString();
    r.createdAt = StoreCodec::toTime(q.value(7));
    r.finishedAt = StoreCodec::toTime(q.value(8));
    r.source = q.value(9).toString();
    q.finish();
    return r;
}

Result<void> RunStore::setRunStatus(RowId runId, const QString &status)
{
    QSqlQuery &q = prepared(u"UPDATE judge_run SET status = ? WHERE id = ?"_s);
    bindAt(q, 0, status);
    bindAt(q, 1, runId);
    return written(exec(q));
}

Result<void> RunStore::addJob(const RunJob &job)
{
    QSqlQuery &q = prepared(u"INSERT INTO run_job (run_id, report_id, batch_index, rubric_ids,"
                            " status, reask, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)"_s);
    bindAt(q, 0, job.runId);
    bindAt(q, 1, job.reportId);
    bindAt(q, 2, job.batchIndex);
    bindAt(q, 3, idList(job.rubricIds));
    bindAt(q, 4, job.status);
    bindAt(q, 5, int(job.reask));
    bindAt(q, 6, StoreCodec::time(QDateTime::currentDateTimeUtc()));
    return written(exec(q));
}

QString RunStore::jobColumns()
{
    return u"id, run_id, report_id, batch_index, rubric_ids, status, attempts, last_error,"
           " requests, input_tokens, output_tokens, cost, cached, reask, cache_read_tokens,"
           " cache_write_tokens"_s;
}

RunJob RunStore::jobFrom(const RowStatement &row)
{
    RunJob j;
    j.id = row.columnInt(0);
    j.runId = row.columnInt(1);
    j.reportId = row.columnInt(2);
    j.batchIndex = int(row.columnInt(3));
    j.rubricIds = idsFrom(row.columnText(4));
    j.status = row.columnText(5);
    j.attempts = int(row.columnInt(6));
    j.lastError = row.columnText(7);
    j.requests = int(row.columnInt(8));
    j.inputTokens = row.columnInt(9);
    j.outputTokens = row.columnInt(10);
    j.cost = row.columnDouble(11);
    j.cached = row.columnInt(12) != 0;
    j.reask = row.columnInt(13) != 0;
    j.cacheReadTokens = row.columnInt(14);
    j.cacheWriteTokens = row.columnInt(15);
    return j;
}

Result<QList<RunJob>> RunStore::jobs(RowId runId, const QString &status)
{
    QList<RunJob> out;
    RowStatement *q = m_db->rowStatement(u"SELECT "_s + jobColumns()
                                         + u" FROM run_job WHERE run_id = ? AND (COALESCE(?, '')"
                                           " = '' OR status = ?) ORDER BY id"_s);
    if (!q)
        return failure();
    q->bind(0, runId);
    q->bindText(1, status);
    q->bindText(2, status);
    if (!runRows(*q, [&out](const RowStatement &row) { out.append(jobFrom(row)); }))
        return failure();
    return out;
}

Result<void> RunStore::updateJob(const RunJob &j)
{
    QSqlQuery &q
        = prepared(u"UPDATE run_job SET rubric_ids = ?, status = ?, attempts = ?, last_error = ?,"
                   " requests = ?, input_tokens = ?, output_tokens = ?, cost = ?, cached = ?,"
                   " updated_at = ?, cache_read_tokens = ?, cache_write_tokens = ? WHERE id = ?"_s);
    bindAt(q, 0, idList(j.rubricIds));
    bindAt(q, 1, j.status);
    bindAt(q, 2, j.attempts);
    bindAt(q, 3, StoreCodec::text(j.lastError));
    bindAt(q, 4, j.requests);
    bindAt(q, 5, j.inputTokens);
    bindAt(q, 6, j.outputTokens);
    bindAt(q, 7, j.cost);
    bindAt(q, 8, int(j.cached));
    bindAt(q, 9, StoreCodec::time(QDateTime::currentDateTimeUtc()));
    bindAt(q, 10, j.cacheReadTokens);
    bindAt(q, 11, j.cacheWriteTokens);
    bindAt(q, 12, j.id);
    return written(exec(q));
}

Result<int> RunStore::requeueJobs(RowId runId, const QString &fromStatus)
{
    QSqlQuery &q = prepared(u"UPDATE run_job SET status = 'pending', attempts = 0, reask = 1,"
                            " lease_owner = NULL, lease_expires = NULL"
                            " WHERE run_id = ? AND status = ?"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, fromStatus);
    if (!exec(q))
        return failure();
    return q.numRowsAffected();
}

int RunStore::nextBatchIndex(RowId runId, RowId reportId)
{
    QSqlQuery &q = prepared(u"SELECT COALESCE(MAX(batch_index) + 1, 0) FROM run_job"
                            " WHERE run_id = ? AND report_id = ?"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, reportId);
    if (!exec(q) || !q.next())
        return 0;
    const int next = q.value(0).toInt();
    q.finish();
    return next;
}

std::optional<CachedResponse> RunStore::cachedResponse(const QString &key)
{
    // Through a row statement: a run looks up every request it sends.
    RowStatement *q = m_db->rowStatement(
        u"SELECT response, input_tokens, output_tokens, job_id, request_no FROM response_cache"
        " WHERE key = ?"_s);
    if (!q)
        return std::nullopt;
    q->bindText(0, key);
    std::optional<CachedResponse> found;
    if (!runRows(*q, [&found](const RowStatement &row) {
            found = CachedResponse{row.columnText(0), row.columnInt(1), row.columnInt(2),
                                   row.columnInt(3),
                                   row.columnIsNull(4) ? -1 : int(row.columnInt(4))};
        }))
        return std::nullopt;
    return found;
}

Result<void> RunStore::putCachedResponse(const QString &key, const QString &provider,
                                         const QString &model, const CachedResponse &response)
{
    // The newest answer wins: a re-ask of the same request was asked because the old answer
    // did not do, and its request number must be the one a crashed run finds again.
    // Through a row statement, as the verdicts are: an answer is some kilobytes of text.
    RowStatement *q = m_db->rowStatement(
        u"INSERT INTO response_cache (key, provider, model, response, input_tokens,"
        " output_tokens, created_at, job_id, request_no) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (key) DO UPDATE SET response = excluded.response,"
        " input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,"
        " created_at = excluded.created_at, job_id = excluded.job_id,"
        " request_no = excluded.request_no"_s);
    if (!q)
        return failure();
    q->bindText(0, key);
    q->bindText(1, provider);
    q->bindTextOrNull(2, model);
    q->bindText(3, response.response);
    q->bind(4, response.inputTokens);
    q->bind(5, response.outputTokens);
    q->bindText(6, StoreCodec::time(QDateTime::currentDateTimeUtc()).toString());
    q->bind(7, response.jobId);
    q->bind(8, response.requestNo);
    return written(runRows(*q));
}

Result<QList<std::pair<RowId, RowId>>> RunStore::errorItems(RowId runId)
{
    QList<std::pair<RowId, RowId>> out;
    QSqlQuery &q = prepared(u"SELECT report_id, rubric_id FROM verdict WHERE run_id = ?"
                            " AND value IS NULL ORDER BY report_id, rubric_id"_s);
    bindAt(q, 0, runId);
    if (!exec(q))
        return failure();
    while (q.next())
        out.append({q.value(0).toLongLong(), q.value(1).toLongLong()});
    return out;
}

QSet<RowId> RunStore::reportsWithSeveralJobs(RowId runId)
{
    QSet<RowId> out;
    QSqlQuery &q = prepared(u"SELECT report_id FROM run_job WHERE run_id = ? GROUP BY report_id"
                            " HAVING count(*) > 1"_s);
    bindAt(q, 0, runId);
    if (!exec(q))
        return out;
    while (q.next())
        out.insert(q.value(0).toLongLong());
    return out;
}

QSet<std::pair<RowId, RowId>> RunStore::judgedItems()
{
    QSet<std::pair<RowId, RowId>> out;
    QSqlQuery &q = prepared(u"SELECT DISTINCT report_id, rubric_id FROM verdict"
                            " WHERE value IS NOT NULL"_s);
    if (!exec(q))
        return out;
    while (q.next())
        out.insert({q.value(0).toLongLong(), q.value(1).toLongLong()});
    return out;
}

Result<RunTotals> RunStore::runTotals(RowId runId, Totals counted)
{
    RunTotals t;
    QSqlQuery &jobs
        = prepared(u"SELECT count(*), COALESCE(SUM(CASE WHEN status = 'done' THEN 1 ELSE 0 END), "
                   u"0), COALESCE(SUM(CASE WHEN status = 'failed' THEN 1 ELSE 0 END), 0),"
                   " COALESCE(SUM(CASE WHEN status = 'pending' THEN 1 ELSE 0 END), 0), "
                   "COALESCE(SUM(requests), 0),"
                   " COALESCE(SUM(cached), 0), COALESCE(SUM(input_tokens), 0),"
                   " COALESCE(SUM(output_tokens), 0), COALESCE(SUM(cost), 0),"
                   " COALESCE(SUM(cache_read_tokens), 0), COALESCE(SUM(cache_write_tokens), 0)"
                   " FROM run_job WHERE run_id = ?"_s);
    bindAt(jobs, 0, runId);
    if (!exec(jobs))
        return failure();
    if (jobs.next()) {
        t.jobs = jobs.value(0).toInt();
        t.jobsDone = jobs.value(1).toInt();
        t.jobsFailed = jobs.value(2).toInt();
        t.jobsPending = jobs.value(3).toInt();
        t.requests = jobs.value(4).toInt();
        t.cachedJobs = jobs.value(5).toInt();
        t.inputTokens = jobs.value(6).toLongLong();
        t.outputTokens = jobs.value(7).toLongLong();
        t.cost = jobs.value(8).toDouble();
        t.cacheReadTokens = jobs.value(9).toLongLong();
        t.cacheWriteTokens = jobs.value(10).toLongLong();
    }
    jobs.finish();
    if (counted == Totals::JobsOnly)
        return t;
    QSqlQuery &v = prepared(
        u"SELECT count(*), COALESCE(SUM(CASE WHEN value IS NULL THEN 1 ELSE 0 END), 0),"
        " COALESCE(SUM(CASE WHEN evidence_status = 'located' THEN 1 ELSE 0 END), 0),"
        " COALESCE(SUM(CASE WHEN evidence_status = 'partial' THEN 1 ELSE 0 END), 0),"
        " COALESCE(SUM(CASE WHEN evidence_status = 'not_found' THEN 1 ELSE 0 END), 0) FROM verdict WHERE run_id = ?"_s);
    bindAt(v, 0, runId);
    if (!exec(v))
        return failure();
    if (v.next()) {
        t.verdicts = v.value(0).toInt();
        t.verdictErrors = v.value(1).toInt();
        t.evidenceLocated = v.value(2).toInt();
        t.evidencePartial = v.value(3).toInt();
        t.evidenceNotFound = v.value(4).toInt();
    }
    v.finish();
    return t;
}

QList<RunJob> RunStore::claimJobs(RowId runId, const QString &owner, int count, int termSeconds)
{
    const QDateTime now = QDateTime::currentDateTimeUtc();
    // The times are ISO 8601 UTC strings of one format, so they compare as text.
    RowStatement *q = m_db->rowStatement(
        u"UPDATE run_job SET lease_owner = ?, lease_expires = ? WHERE id IN ("
        "SELECT id FROM run_job WHERE run_id = ? AND status = 'pending'"
        " AND (lease_owner IS NULL OR lease_expires < ?) ORDER BY id LIMIT ?%1) RETURNING "_s.arg(
            m_db->dialect().skipLockedRows())
        + jobColumns());
    QList<RunJob> out;
    if (!q)
        return out;
    q->bindText(0, owner);
    q->bindText(1, StoreCodec::time(now.addSecs(termSeconds)).toString());
    q->bind(2, runId);
    q->bindText(3, StoreCodec::time(now).toString());
    q->bind(4, qint64(count));
    if (!runRows(*q, [&out](const RowStatement &row) { out.append(jobFrom(row)); }))
        return {};
    std::sort(out.begin(), out.end(), [](const RunJob &a, const RunJob &b) { return a.id < b.id; });
    return out;
}

Result<bool> RunStore::updateHeldJob(const RunJob &j, const QString &owner, int termSeconds)
{
    // Through a row statement, as the verdicts it goes with are.
    RowStatement *q = m_db->rowStatement(
        u"UPDATE run_job SET rubric_ids = ?, status = ?, attempts = ?, last_error = ?,"
        " requests = ?, input_tokens = ?, output_tokens = ?, cost = ?, cached = ?,"
        " updated_at = ?, cache_read_tokens = ?, cache_write_tokens = ?, lease_expires = ?"
        " WHERE id = ? AND lease_owner = ? AND status = 'pending'"_s);
    if (!q)
        return failure();
    const QDateTime now = QDateTime::currentDateTimeUtc();
    q->bindText(0, idList(j.rubricIds));
    q->bindText(1, j.status);
    q->bind(2, qint64(j.attempts));
    q->bindTextOrNull(3, j.lastError);
    q->bind(4, qint64(j.requests));
    q->bind(5, j.inputTokens);
    q->bind(6, j.outputTokens);
    q->bind(7, std::optional<double>(j.cost));
    q->bind(8, qint64(j.cached));
    q->bindText(9, StoreCodec::time(now).toString());
    q->bind(10, j.cacheReadTokens);
    q->bind(11, j.cacheWriteTokens);
    q->bindText(12, StoreCodec::time(now.addSecs(termSeconds)).toString());
    q->bind(13, j.id);
    q->bindText(14, owner);
    if (!runRows(*q))
        return failure();
    return q->changes() == 1;
}

int RunStore::renewJobLeases(RowId runId, const QString &owner, int termSeconds)
{
    QSqlQuery &q = prepared(u"UPDATE run_job SET lease_expires = ?"
                            " WHERE run_id = ? AND lease_owner = ? AND status = 'pending'"_s);
    bindAt(q, 0, StoreCodec::time(QDateTime::currentDateTimeUtc().addSecs(termSeconds)));
    bindAt(q, 1, runId);
    bindAt(q, 2, owner);
    return exec(q) ? q.numRowsAffected() : -1;
}

void RunStore::releaseJobLeases(RowId runId, const QString &owner)
{
    QSqlQuery &q = prepared(u"UPDATE run_job SET lease_owner = NULL, lease_expires = NULL"
                            " WHERE run_id = ? AND lease_owner = ?"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, owner);
    exec(q);
}

int RunStore::expireJobLeases(RowId runId, const QString &owner)
{
    QSqlQuery &q = prepared(u"UPDATE run_job SET lease_owner = NULL, lease_expires = NULL"
                            " WHERE run_id = ? AND lease_owner = ? AND status = 'pending'"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, owner);
    return exec(q) ? q.numRowsAffected() : -1;
}

Result<QList<JobLeaseHolder>> RunStore::jobLeaseHolders(RowId runId)
{
    QSqlQuery &q
        = prepared(u"SELECT lease_owner, count(*) FROM run_job WHERE run_id = ? AND status = "
                   "'pending' AND lease_owner IS NOT NULL AND lease_expires >= ?"
                   " GROUP BY lease_owner ORDER BY lease_owner"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, StoreCodec::time(QDateTime::currentDateTimeUtc()));
    QList<JobLeaseHolder> out;
    if (!exec(q))
        return failure();
    while (q.next())
        out.append({q.value(0).toString(), q.value(1).toInt()});
    q.finish();
    return out;
}

} // namespace Rubricate
