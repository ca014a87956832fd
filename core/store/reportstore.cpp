#include "reportstore.h"

#include "catalogstore.h"
#include "rowstatement.h"
#include "storecodec.h"
#include "storerows.h"

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

Result<RowId> ReportStore::ensureModel(const QString &name)
{
    if (const auto id = modelId(name))
        return *id;
    QSqlQuery &q = prepared(u"INSERT INTO agent_model (name) VALUES (?)"_s);
    bindAt(q, 0, name);
    if (!exec(q))
        return failure();
    return q.lastInsertId().toLongLong();
}

bool ReportStore::putOriginal(const QString &hash, const QByteArray &original, const QString &text)
{
    QSqlQuery &has = prepared(u"SELECT encoding FROM document_blob WHERE hash = ?"_s);
    bindAt(has, 0, hash);
    if (!exec(has))
        return false;
    const std::optional<QString> kept
        = has.next() ? std::optional(has.value(0).toString()) : std::nullopt;
    has.finish();
    const bool isText = !original.isEmpty() && text.toUtf8() == original;
    // Kept as the reports' text only while every report with this hash reads so: once one
    // reads otherwise (a newer extraction of the same bytes), the bytes are kept themselves.
    if (kept && (*kept != StoreCodec::BlobReportText || isText))
        return true;
    const StoreCodec::StoredBlob blob = isText
        ? StoreCodec::StoredBlob{QByteArray(""), StoreCodec::BlobReportText}
        : StoreCodec::storedBlob(original);
    QSqlQuery &put = prepared(u"INSERT INTO document_blob (hash, size, data, encoding)"
                              " VALUES (?, ?, ?, ?) ON CONFLICT (hash) DO UPDATE"
                              " SET data = excluded.data, encoding = excluded.encoding"_s);
    bindAt(put, 0, hash);
    bindAt(put, 1, qint64(original.size()));
    bindAt(put, 2, blob.data);
    bindAt(put, 3, QString(blob.encoding));
    return exec(put);
}

Upserted ReportStore::upsertReport(const Report &r, const QByteArray &original)
{
    QVariant hash;
    if (!r.contentHash.isEmpty()) {
        hash = r.contentHash;
        if (!putOriginal(r.contentHash, original, r.text))
            return Upserted::failed(failure());
    }
    static const UpsertSql sql
        = upsertSql(u"report"_s, {u"model_id"_s, u"task_id"_s, u"query_id?"_s},
                    {u"format"_s, u"source_name"_s, u"content_hash"_s, u"text"_s, u"pages"_s,
                     u"warnings"_s, u"has_text"_s});
    Upserted u = upsertRow(sql, {r.modelId, r.taskId, StoreCodec::id(r.queryId)},
                           {formatKey(r.format), StoreCodec::text(r.sourceName), hash,
                            r.text.isNull() ? u""_s : r.text, // NOT NULL: no text is ''
                            StoreCodec::pages(r.pages), StoreCodec::stringList(r.warnings),
                            int(r.hasText)});
    if (u.ok() && u.result != UpsertResult::Unchanged && !m_db->reportsWritten())
        return Upserted::failed(failure()); // the search index refused it
    return u;
}

Result<void> ReportStore::logImport(const QString &kind, const QString &path, int added,
                                    int updated, int unchanged, int errors, int warnings,
                                    const QString &summary)
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
    return written(exec(q));
}

QStringList ReportStore::models()
{
    QStringList out;
    QSqlQuery &q = prepared(u"SELECT name FROM agent_model ORDER BY name"_s);
    if (!exec(q))
        return out;
    while (q.next())
        out << q.value(0).toString();
    return out;
}

std::optional<RowId> ReportStore::modelId(const QString &name)
{
    QSqlQuery &q = prepared(u"SELECT id FROM agent_model WHERE name = ?"_s);
    bindAt(q, 0, name);
    if (!exec(q))
        return std::nullopt;
    return singleId(q);
}

std::optional<Report> ReportStore::report(RowId id)
{
    // Through a row statement: a run reads each report it judges, and the text is most of it.
    return rowById(
        u"SELECT id, model_id, task_id, query_id, format, source_name, content_hash, text, pages,"
        " warnings, has_text FROM report WHERE id = ?"_s,
        id, [](const RowStatement &row) {
            Report r;
            r.id = row.columnInt(0);
            r.modelId = row.columnInt(1);
            r.taskId = row.columnInt(2);
            if (!row.columnIsNull(3))
                r.queryId = row.columnInt(3);
            r.format = formatFromKey(row.columnText(4));
            r.sourceName = row.columnText(5);
            r.contentHash = row.columnText(6);
            r.text = row.columnText(7);
            r.pages = StoreCodec::toPages(row.columnText(8));
            r.warnings = StoreCodec::toStringList(row.columnText(9));
            r.hasText = row.columnInt(10) != 0;
            return r;
        });
}

std::optional<RowId> ReportStore::reportId(RowId modelId, RowId taskId,
                                           std::optional<RowId> queryId)
{
    QSqlQuery &q = prepared(u"SELECT id FROM report WHERE model_id = ? AND task_id = ?"
                            " AND COALESCE(query_id, 0) = ?"_s);
    bindAt(q, 0, modelId);
    bindAt(q, 1, taskId);
    bindAt(q, 2, queryId.value_or(0));
    if (!exec(q))
        return std::nullopt;
    return singleId(q);
}

Result<QList<ReportSummary>> ReportStore::reportSummaries(const QString &benchmarkKey,
                                                          const QString &annotator)
{
    QList<ReportSummary> out;
    QSqlQuery &q = prepared(
        u"SELECT p.id, b.key, t.external_id, COALESCE(qr.external_id, ''), m.name, p.format,"
        " COALESCE(p.source_name, ''), length(p.text), p.pages, p.has_text, p.warnings,"
        " COALESCE(pe.external_id, ''), COALESCE(ann.labelled, 0),"
        " COALESCE(shared.n, 0) + COALESCE(own.n, 0)"
        " FROM report p JOIN task t ON t.id = p.task_id"
        " JOIN benchmark b ON b.id = t.benchmark_id"
        " JOIN agent_model m ON m.id = p.model_id"
        " LEFT JOIN research_query qr ON qr.id = p.query_id"
        " LEFT JOIN persona pe ON pe.id = qr.persona_id"
        // The current label of a rubric is its newest event; a cleared label does not count.
        " LEFT JOIN (SELECT e.report_id, COUNT(*) AS labelled FROM annotation_event e"
        "   JOIN (SELECT MAX(id) AS id FROM annotation_event WHERE kind = 'label'"
        "         AND (COALESCE(?, '') = '' OR annotator = ?) GROUP BY report_id, rubric_id)"
        "   newest ON newest.id = e.id WHERE e.value IS NOT NULL GROUP BY e.report_id)"
        "   ann ON ann.report_id = p.id"
        // A report's items: its task's (or query's) rubrics and its own claims, each table
        // read once rather than once per report.
        " LEFT JOIN (SELECT task_id, COALESCE(query_id, 0) AS query_key, COUNT(*) AS n FROM rubric"
        "   WHERE report_id IS NULL GROUP BY task_id, COALESCE(query_id, 0))"
        "   shared ON shared.task_id = p.task_id AND shared.query_key = COALESCE(p.query_id, 0)"
        " LEFT JOIN (SELECT report_id, COUNT(*) AS n FROM rubric WHERE report_id IS NOT NULL"
        "   GROUP BY report_id) own ON own.report_id = p.id"
        " WHERE (COALESCE(?, '') = '' OR b.key = ?)"
        " ORDER BY b.id, m.name, length(t.external_id), t.external_id, p.id"_s);
    bindAt(q, 0, annotator);
    bindAt(q, 1, annotator);
    bindAt(q, 2, benchmarkKey);
    bindAt(q, 3, benchmarkKey);
    if (!exec(q))
        return failure();
    while (q.next()) {
        ReportSummary s;
        s.id = q.value(0).toLongLong();
        s.benchmarkKey = q.value(1).toString();
        s.taskExternalId = q.value(2).toString();
        s.queryExternalId = q.value(3).toString();
        s.model = q.value(4).toString();
        s.format = q.value(5).toString();
        s.sourceName = q.value(6).toString();
        s.characters = q.value(7).toInt();
        s.pageCount = int(StoreCodec::toPages(q.value(8)).size());
        s.hasText = q.value(9).toBool();
        s.warnings = StoreCodec::toStringList(q.value(10));
        s.warningCount = int(s.warnings.size());
        s.persona = q.value(11).toString();
        s.labelled = q.value(12).toInt();
        s.items = q.value(13).toInt();
        out.append(s);
    }
    return out;
}

QByteArray ReportStore::originalFile(const QString &contentHash)
{
    QSqlQuery &q
        = prepared(u"SELECT b.data, b.encoding, (SELECT r.text FROM report r WHERE b.encoding = ?"
                   " AND r.content_hash = b.hash LIMIT 1) FROM document_blob b WHERE b.hash = ?"_s);
    bindAt(q, 0, QString(StoreCodec::BlobReportText));
    bindAt(q, 1, contentHash);
    if (!exec(q) || !q.next())
        return {};
    const QString encoding = q.value(1).toString();
    QByteArray data = encoding == StoreCodec::BlobReportText
        ? q.value(2).toString().toUtf8()
        : StoreCodec::originalBytes(q.value(0).toByteArray(), encoding);
    q.finish();
    return data;
}

} // namespace Rubricate
