// A judge run's verdicts and the evidence located for them.
#include "runstore.h"

#include "rowstatement.h"
#include "storecodec.h"

#include <array>
#include <bit>
#include <limits>

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;

namespace {

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
// again. Without RETURNING: on SQLite it costs as much as the rest of the statement (the rows
// go through a table of their own), and only the rows with evidence need their ids.
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
        " evidence_coverage = excluded.evidence_coverage"_s);
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

std::optional<RowId> RunStore::verdictId(RowId runId, RowId reportId, RowId rubricId)
{
    RowStatement *q = m_db->rowStatement(
        u"SELECT id FROM verdict WHERE run_id = ? AND report_id = ? AND rubric_id = ?"_s);
    if (!q)
        return std::nullopt;
    q->bind(0, runId);
    q->bind(1, reportId);
    q->bind(2, rubricId);
    std::optional<RowId> id;
    if (!runRows(*q, [&id](const RowStatement &row) { id = row.columnInt(0); }))
        return std::nullopt;
    return id;
}

std::optional<RowId> RunStore::writeJudgeVerdict(const Verdict &v, const QString &evidenceStatus,
                                                 std::optional<double> evidenceCoverage)
{
    if (!v.value && v.error.isEmpty()) {
        m_db->setLastError(u"a verdict without a value must carry its error"_s);
        return std::nullopt;
    }
    QSqlQuery &q = prepared(
        u"INSERT INTO verdict (run_id, report_id, rubric_id, value, label, reason, evidence,"
        " error, raw, created_at, evidence_status, evidence_coverage)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        " ON CONFLICT (run_id, report_id, rubric_id) DO UPDATE SET value = excluded.value,"
        " label = excluded.label, reason = excluded.reason, evidence = excluded.evidence,"
        " error = excluded.error, raw = excluded.raw,"
        " evidence_status = excluded.evidence_status,"
        " evidence_coverage = excluded.evidence_coverage RETURNING id"_s);
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
    const QByteArray now = m_db->now().toString().toUtf8();
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
            q->bindUtf8(b + 9, now);
            q->bindTextOrNull(b + 10, item.evidenceStatus);
            q->bind(b + 11, item.evidenceCoverage);
        }
        if (!runRows(*q))
            return failure();
    }
    return writeJudgedSpans(items);
}

// The evidence spans of freshly written verdicts. A third of the items have spans; their
// verdicts' ids are read from the unique index, one statement for each report's: a job's
// rubrics lie close together, so the range of them read is about as long as the job.
Result<void> RunStore::writeJudgedSpans(const QList<JudgedItem> &items)
{
    QList<std::pair<RowId, const EvidenceSpanRow *>> spans;
    QHash<RowId, RowId> ids; // by rubric
    for (qsizetype first = 0, next = 0; first < items.size(); first = next) {
        const Verdict &head = items.at(first).verdict;
        RowId lowest = std::numeric_limits<RowId>::max();
        RowId highest = std::numeric_limits<RowId>::min();
        for (next = first; next < items.size() && items.at(next).verdict.runId == head.runId
             && items.at(next).verdict.reportId == head.reportId;
             ++next) {
            if (items.at(next).spans.isEmpty())
                continue;
            lowest = qMin(lowest, items.at(next).verdict.rubricId);
            highest = qMax(highest, items.at(next).verdict.rubricId);
        }
        if (lowest > highest)
            continue; // no spans
        ids.clear();
        RowStatement *q = m_db->rowStatement(
            u"SELECT rubric_id, id FROM verdict WHERE run_id = ? AND report_id = ?"
            " AND rubric_id BETWEEN ? AND ?"_s);
        if (!q)
            return failure();
        q->bind(0, head.runId);
        q->bind(1, head.reportId);
        q->bind(2, lowest);
        q->bind(3, highest);
        if (!runRows(*q, [&ids](const RowStatement &row) {
                ids.insert(row.columnInt(0), row.columnInt(1));
            }))
            return failure();
        for (qsizetype i = first; i < next; ++i) {
            const JudgedItem &item = items.at(i);
            if (item.spans.isEmpty())
                continue;
            const auto id = ids.constFind(item.verdict.rubricId);
            if (id == ids.cend()) {
                m_db->setLastError(
                    u"the verdict of run %1, report %2, rubric %3 was not written"_s.arg(head.runId)
                        .arg(head.reportId)
                        .arg(item.verdict.rubricId));
                return failure();
            }
            for (const EvidenceSpanRow &span : item.spans)
                spans.append({*id, &span});
        }
    }
    return writeSpanRows(spans);
}

Result<void> RunStore::writeSpanRows(const QList<std::pair<RowId, const EvidenceSpanRow *>> &spans)
{
    int position = 0;
    RowId previous = 0;
    qsizetype rows = 0;
    for (qsizetype first = 0; first < spans.size(); first += rows) {
        rows = chunkRows(spans.size() - first, kSpanRowsPerStatement);
        RowStatement *s = m_db->rowStatement(spanRowsSql(rows));
        if (!s)
            return failure();
        for (qsizetype i = 0; i < rows; ++i) {
            const auto &[verdictId, span] = spans.at(first + i);
            position = verdictId == previous ? position + 1 : 0;
            previous = verdictId;
            const int b = int(i) * 5;
            s->bind(b, verdictId);
            s->bind(b + 1, qint64(position));
            s->bind(b + 2, qint64(span->start));
            s->bind(b + 3, qint64(span->length));
            s->bindText(b + 4, span->method);
        }
        if (!runRows(*s))
            return failure();
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

} // namespace Rubricate
