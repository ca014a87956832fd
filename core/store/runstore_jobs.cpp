// Judge runs as persisted job queues: jobs, the response cache and located evidence.
#include "runstore.h"

#include "catalogstore.h"
#include "rowstatement.h"
#include "sqldialect.h"
#include "storecodec.h"
#include "storerows.h"

#include <QJsonArray>
#include <QJsonDocument>

#include <array>
#include <bit>

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

QList<RowId> idsFrom(const QVariant &v)
{
    QList<RowId> ids;
    const QJsonArray a = QJsonDocument::fromJson(v.toString().toUtf8()).array();
    for (const auto &e : a)
        ids << RowId(e.toDouble());
    return ids;
}

// Multi-row INSERTs take their rows in chunks of a power of two, so that a run prepares at
// most a handful of statements instead of one per row count an answer happens to have:
// preparing a 64-row statement costs as much as executing it many times.
qsizetype chunkRows(qsizetype remaining, qsizetype maxRows)
{
    return std::bit_floor(size_t(qMin(remaining, maxRows)));
}

// "INSERT ... VALUES (?, ...), (?, ...) <tail>" for 1, 2, 4, ... rows, built once per size.
template<size_t Sizes>
const QString &multiRowInsert(std::array<QString, Sizes> &cache, qsizetype rows,
                              const QString &head, int columns, const QString &tail)
{
    QString &sql = cache[std::countr_zero(size_t(rows))];
    if (sql.isEmpty()) {
        const QString tuple = u'(' + QStringList(columns, u"?"_s).join(u", "_s) + u')';
        sql = head + QStringList(rows, tuple).join(u", "_s) + tail;
    }
    return sql;
}

constexpr qsizetype kVerdictRowsPerStatement = 64; // 12 values a row, well under SQLite's limit
constexpr qsizetype kSpanRowsPerStatement = 128;

// A run's verdicts for `rows` items (a power of two), written again when an item is judged
// again, returning each row's rubric and id.
const QString &verdictRowsSql(qsizetype rows)
{
    thread_local std::array<QString, 7> statements; // 1, 2, 4, ... 64 rows
    return multiRowInsert(
        statements, rows,
        u"INSERT INTO verdict (run_id, report_id, rubric_id, value, label, reason, evidence,"
        " error, raw, created_at, evidence_status, evidence_coverage) VALUES "_s,
        12,
        u" ON CONFLICT (run_id, report_id, rubric_id) DO UPDATE SET value = excluded.value,"
        " label = excluded.label, reason = excluded.reason, evidence = excluded.evidence,"
        " error = excluded.error, raw = excluded.raw,"
        " evidence_status = excluded.evidence_status,"
        " evidence_coverage = excluded.evidence_coverage RETURNING rubric_id, id"_s);
}

const QString &spanRowsSql(qsizetype rows)
{
    thread_local std::array<QString, 8> statements; // 1, 2, 4, ... 128 rows
    return multiRowInsert(statements, rows,
                          u"INSERT INTO verdict_evidence (verdict_id, position,"
                          " start, length, method) VALUES "_s,
                          5, QString());
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

RunJob RunStore::jobFrom(const QSqlQuery &q)
{
    RunJob j;
    j.id = q.value(0).toLongLong();
    j.runId = q.value(1).toLongLong();
    j.reportId = q.value(2).toLongLong();
    j.batchIndex = q.value(3).toInt();
    j.rubricIds = idsFrom(q.value(4));
    j.status = q.value(5).toString();
    j.attempts = q.value(6).toInt();
    j.lastError = q.value(7).toString();
    j.requests = q.value(8).toInt();
    j.inputTokens = q.value(9).toLongLong();
    j.outputTokens = q.value(10).toLongLong();
    j.cost = q.value(11).toDouble();
    j.cached = q.value(12).toBool();
    j.reask = q.value(13).toBool();
    j.cacheReadTokens = q.value(14).toLongLong();
    j.cacheWriteTokens = q.value(15).toLongLong();
    return j;
}

Result<QList<RunJob>> RunStore::jobs(RowId runId, const QString &status)
{
    QList<RunJob> out;
    QSqlQuery &q = prepared(u"SELECT "_s + jobColumns()
                            + u" FROM run_job WHERE run_id = ? AND (COALESCE(?, '') = ''"
                              " OR status = ?) ORDER BY id"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, status);
    bindAt(q, 2, status);
    if (!exec(q))
        return failure();
    while (q.next())
        out.append(jobFrom(q));
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
    QSqlQuery &q = prepared(
        u"SELECT response, input_tokens, output_tokens, job_id, request_no FROM response_cache"
        " WHERE key = ?"_s);
    bindAt(q, 0, key);
    if (!exec(q) || !q.next())
        return std::nullopt;
    CachedResponse r{q.value(0).toString(), q.value(1).toLongLong(), q.value(2).toLongLong(),
                     q.value(3).toLongLong(), q.value(4).isNull() ? -1 : q.value(4).toInt()};
    q.finish();
    return r;
}

Result<void> RunStore::putCachedResponse(const QString &key, const QString &provider,
                                         const QString &model, const CachedResponse &response)
{
    // The newest answer wins: a re-ask of the same request was asked because the old answer
    // did not do, and its request number must be the one a crashed run finds again.
    QSqlQuery &q = prepared(
        u"INSERT INTO response_cache (key, provider, model, response, input_tokens,"
        " output_tokens, created_at, job_id, request_no) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (key) DO UPDATE SET response = excluded.response,"
        " input_tokens = excluded.input_tokens, output_tokens = excluded.output_tokens,"
        " created_at = excluded.created_at, job_id = excluded.job_id,"
        " request_no = excluded.request_no"_s);
    bindAt(q, 0, key);
    bindAt(q, 1, provider);
    bindAt(q, 2, StoreCodec::text(model));
    bindAt(q, 3, response.response);
    bindAt(q, 4, response.inputTokens);
    bindAt(q, 5, response.outputTokens);
    bindAt(q, 6, StoreCodec::time(QDateTime::currentDateTimeUtc()));
    bindAt(q, 7, response.jobId);
    bindAt(q, 8, response.requestNo);
    return written(exec(q));
}

std::optional<RowId> RunStore::verdictId(RowId runId, RowId reportId, RowId rubricId)
{
    QSqlQuery &q = prepared(
        u"SELECT id FROM verdict WHERE run_id = ? AND report_id = ? AND rubric_id = ?"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, reportId);
    bindAt(q, 2, rubricId);
    if (!exec(q) || !q.next())
        return std::nullopt;
    const RowId id = q.value(0).toLongLong();
    q.finish();
    return id;
}

namespace {

// One verdict of a run, written again when the same item is judged again.
QString judgeVerdictSql()
{
    return u"INSERT INTO verdict (run_id, report_id, rubric_id, value, label, reason, evidence,"
           " error, raw, created_at, evidence_status, evidence_coverage)"
           " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
           " ON CONFLICT (run_id, report_id, rubric_id) DO UPDATE SET value = excluded.value,"
           " label = excluded.label, reason = excluded.reason, evidence = excluded.evidence,"
           " error = excluded.error, raw = excluded.raw,"
           " evidence_status = excluded.evidence_status,"
           " evidence_coverage = excluded.evidence_coverage RETURNING id"_s;
}

} // namespace

std::optional<RowId> RunStore::writeJudgeVerdict(const Verdict &v, const QString &evidenceStatus,
                                                 std::optional<double> evidenceCoverage)
{
    if (!v.value && v.error.isEmpty()) {
        m_db->setLastError(u"a verdict without a value must carry its error"_s);
        return std::nullopt;
    }
    QSqlQuery &q = prepared(judgeVerdictSql());
    bindAt(q, 0, v.runId);
    bindAt(q, 1, v.reportId);
    bindAt(q, 2, v.rubricId);
    bindAt(q, 3, StoreCodec::number(v.value));
    bindAt(q, 4, StoreCodec::text(v.label));
    bindAt(q, 5, StoreCodec::text(v.reason));
    bindAt(q, 6, StoreCodec::text(v.evidence));
    bindAt(q, 7, StoreCodec::text(v.error));
    bindAt(q, 8, StoreCodec::json(v.raw));
    bindAt(q, 9, m_db->now());
    bindAt(q, 10, StoreCodec::text(evidenceStatus));
    bindAt(q, 11, StoreCodec::number(evidenceCoverage));
    if (!exec(q) || !q.next())
        return std::nullopt;
    const RowId id = q.value(0).toLongLong();
    q.finish();
    return id;
}

Result<void> RunStore::writeJudgeVerdicts(const QList<JudgedItem> &items)
{
    const QString now = m_db->now().toString();
    qsizetype rows = 0;
    for (qsizetype first = 0; first < items.size(); first += rows) {
        rows = chunkRows(items.size() - first, kVerdictRowsPerStatement);
        RowStatement *q = m_db->rowStatement(verdictRowsSql(rows));
        if (!q)
            return failure();
        for (qsizetype i = 0; i < rows; ++i) {
            const JudgedItem &item = items.at(first + i);
            const Verdict &v = item.verdict;
            if (!v.value && v.error.isEmpty()) {
                m_db->setLastError(u"a verdict without a value must carry its error"_s);
                return failure();
            }
            const int b = int(i) * 12;
            q->bind(b, v.runId);
            q->bind(b + 1, v.reportId);
            q->bind(b + 2, v.rubricId);
            q->bind(b + 3, v.value);
            q->bindTextOrNull(b + 4, v.label);
            q->bindTextOrNull(b + 5, v.reason);
            q->bindTextOrNull(b + 6, v.evidence);
            q->bindTextOrNull(b + 7, v.error);
            q->bindTextOrNull(b + 8, StoreCodec::json(v.raw).toString());
            q->bindText(b + 9, now);
            q->bindTextOrNull(b + 10, item.evidenceStatus);
            q->bind(b + 11, item.evidenceCoverage);
        }
        QHash<RowId, RowId> ids;
        if (!q->run([&ids](const RowStatement &row) {
                ids.insert(row.columnInt(0), row.columnInt(1));
            })) {
            m_db->setLastError(q->error());
            return failure();
        }
        QList<std::pair<RowId, const EvidenceSpanRow *>> spans;
        for (qsizetype i = 0; i < rows; ++i) {
            const JudgedItem &item = items.at(first + i);
            for (const EvidenceSpanRow &span : item.spans)
                spans.append({ids.value(item.verdict.rubricId), &span});
        }
        int position = 0;
        RowId previous = 0;
        qsizetype spanRows = 0;
        for (qsizetype at = 0; at < spans.size(); at += spanRows) {
            spanRows = chunkRows(spans.size() - at, kSpanRowsPerStatement);
            RowStatement *s = m_db->rowStatement(spanRowsSql(spanRows));
            if (!s)
                return failure();
            for (qsizetype i = 0; i < spanRows; ++i) {
                const auto &[verdictId, span] = spans.at(at + i);
                position = verdictId == previous ? position + 1 : 0;
                previous = verdictId;
                const int b = int(i) * 5;
                s->bind(b, verdictId);
                s->bind(b + 1, qint64(position));
                s->bind(b + 2, qint64(span->start));
                s->bind(b + 3, qint64(span->length));
                s->bindText(b + 4, span->method);
            }
            if (!s->run()) {
                m_db->setLastError(s->error());
                return failure();
            }
        }
    }
    return {};
}

Result<void> RunStore::replaceEvidenceSpans(RowId verdictId, const QList<EvidenceSpanRow> &spans)
{
    QSqlQuery &clear = prepared(u"DELETE FROM verdict_evidence WHERE verdict_id = ?"_s);
    bindAt(clear, 0, verdictId);
    return written(exec(clear) && addEvidenceSpans(verdictId, spans));
}

Result<void> RunStore::addEvidenceSpans(RowId verdictId, const QList<EvidenceSpanRow> &spans)
{
    QSqlQuery &add = prepared(u"INSERT INTO verdict_evidence (verdict_id, position, start,"
                              " length, method) VALUES (?, ?, ?, ?, ?)"_s);
    for (int i = 0; i < spans.size(); ++i) {
        bindAt(add, 0, verdictId);
        bindAt(add, 1, i);
        bindAt(add, 2, spans.at(i).start);
        bindAt(add, 3, spans.at(i).length);
        bindAt(add, 4, spans.at(i).method);
        if (!exec(add))
            return failure();
    }
    return {};
}

Result<void> RunStore::setEvidence(RowId verdictId, const QString &status, double coverage,
                                   const QList<EvidenceSpanRow> &spans)
{
    QSqlQuery &v
        = prepared(u"UPDATE verdict SET evidence_status = ?, evidence_coverage = ? WHERE id = ?"_s);
    bindAt(v, 0, status);
    bindAt(v, 1, coverage);
    bindAt(v, 2, verdictId);
    if (!exec(v))
        return failure();
    return replaceEvidenceSpans(verdictId, spans);
}

QList<EvidenceSpanRow> RunStore::evidenceSpans(RowId verdictId)
{
    QList<EvidenceSpanRow> out;
    QSqlQuery &q = prepared(u"SELECT start, length, method FROM verdict_evidence"
                            " WHERE verdict_id = ? ORDER BY position"_s);
    bindAt(q, 0, verdictId);
    if (!exec(q))
        return out;
    while (q.next())
        out.append({q.value(0).toInt(), q.value(1).toInt(), q.value(2).toString()});
    return out;
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

Result<RunTotals> RunStore::runTotals(RowId runId)
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
    QSqlQuery &q = prepared(
        u"UPDATE run_job SET lease_owner = ?, lease_expires = ? WHERE id IN ("
        "SELECT id FROM run_job WHERE run_id = ? AND status = 'pending'"
        " AND (lease_owner IS NULL OR lease_expires < ?) ORDER BY id LIMIT ?%1) RETURNING "_s.arg(
            m_db->dialect().skipLockedRows())
        + jobColumns());
    bindAt(q, 0, owner);
    bindAt(q, 1, StoreCodec::time(now.addSecs(termSeconds)));
    bindAt(q, 2, runId);
    bindAt(q, 3, StoreCodec::time(now));
    bindAt(q, 4, count);
    QList<RunJob> out;
    if (!exec(q))
        return out;
    while (q.next())
        out.append(jobFrom(q));
    q.finish();
    std::sort(out.begin(), out.end(), [](const RunJob &a, const RunJob &b) { return a.id < b.id; });
    return out;
}

bool RunStore::holdJob(RowId jobId, const QString &owner, int termSeconds)
{
    QSqlQuery &q = prepared(u"UPDATE run_job SET lease_expires = ?"
                            " WHERE id = ? AND lease_owner = ? AND status = 'pending'"_s);
    bindAt(q, 0, StoreCodec::time(QDateTime::currentDateTimeUtc().addSecs(termSeconds)));
    bindAt(q, 1, jobId);
    bindAt(q, 2, owner);
    return exec(q) && q.numRowsAffected() == 1;
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
