// Fetched sources: their rows, their bytes (deduplicated with report originals) and text.
#include "sourcestore.h"

#include "storecodec.h"
#include "storerows.h"
#include "transaction.h"

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

Result<void> SourceStore::putSources(const QList<SourceRow> &rows)
{
    if (rows.isEmpty())
        return {};
    Transaction transaction(*m_db);
    if (!transaction.isOpen())
        return failure();
    for (const SourceRow &r : rows) {
        if (!r.contentHash.isEmpty() && !r.bytes.isEmpty()) {
            // Bytes kept only as a report's text become bytes of their own: the source must
            // not lose them when that report changes.
            QSqlQuery &blob = prepared(
                u"INSERT INTO document_blob (hash, size, data, encoding) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (hash) DO UPDATE SET data = excluded.data,"
                " encoding = excluded.encoding WHERE document_blob.encoding = ?"_s);
            const StoreCodec::StoredBlob stored = StoreCodec::storedBlob(r.bytes);
            bindAt(blob, 0, r.contentHash);
            bindAt(blob, 1, qint64(r.bytes.size()));
            bindAt(blob, 2, stored.data);
            bindAt(blob, 3, QString(stored.encoding));
            bindAt(blob, 4, QString(StoreCodec::BlobReportText));
            if (!exec(blob))
                return failure();
            QSqlQuery &text = prepared(u"INSERT INTO source_text (content_hash, text)"
                                       " VALUES (?, ?) ON CONFLICT (content_hash)"
                                       " DO UPDATE SET text = excluded.text"_s);
            bindAt(text, 0, r.contentHash);
            bindAt(text, 1, r.text.isNull() ? u""_s : r.text);
            if (!exec(text))
                return failure();
        }
        QSqlQuery &q = prepared(
            u"INSERT INTO source (url, final_url, state, http_status, content_type,"
            " content_hash, fetched_at, error, origin) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (url) DO UPDATE SET final_url = excluded.final_url,"
            " state = excluded.state, http_status = excluded.http_status,"
            " content_type = excluded.content_type, content_hash = excluded.content_hash,"
            " fetched_at = excluded.fetched_at, error = excluded.error, origin = excluded.origin"
            " WHERE source.state <> 'fetched' OR excluded.state = 'fetched'"_s);
        bindAt(q, 0, r.url);
        bindAt(q, 1, StoreCodec::text(r.finalUrl));
        bindAt(q, 2, r.state);
        bindAt(q, 3, r.httpStatus ? QVariant(r.httpStatus) : QVariant());
        bindAt(q, 4, StoreCodec::text(r.contentType));
        bindAt(q, 5, r.bytes.isEmpty() ? QVariant() : StoreCodec::text(r.contentHash));
        bindAt(q, 6,
               StoreCodec::time(r.fetchedAt.isValid() ? r.fetchedAt
                                                      : QDateTime::currentDateTimeUtc()));
        bindAt(q, 7, StoreCodec::text(r.error));
        bindAt(q, 8, r.origin.isEmpty() ? u"fetched"_s : r.origin);
        if (!exec(q))
            return failure();
    }
    return transaction.commit();
}

namespace {

SourceRow sourceFromQuery(const QSqlQuery &q)
{
    SourceRow r;
    r.url = q.value(0).toString();
    r.finalUrl = q.value(1).toString();
    r.state = q.value(2).toString();
    r.httpStatus = q.value(3).toInt();
    r.contentType = q.value(4).toString();
    r.contentHash = q.value(5).toString();
    r.fetchedAt = StoreCodec::toTime(q.value(6));
    r.error = q.value(7).toString();
    r.origin = q.value(8).toString();
    return r;
}

} // namespace

std::optional<SourceRow> SourceStore::source(const QString &url, bool withText)
{
    QSqlQuery &q = prepared(
        u"SELECT s.url, s.final_url, s.state, s.http_status, s.content_type, s.content_hash,"
        " s.fetched_at, s.error, s.origin, t.text FROM source s"
        " LEFT JOIN source_text t ON t.content_hash = s.content_hash WHERE s.url = ?"_s);
    bindAt(q, 0, url);
    if (!exec(q) || !q.next())
        return std::nullopt;
    SourceRow r = sourceFromQuery(q);
    if (withText)
        r.text = q.value(9).toString();
    q.finish();
    return r;
}

Result<QList<SourceRow>> SourceStore::list()
{
    QList<SourceRow> out;
    QSqlQuery &q = prepared(u"SELECT url, final_url, state, http_status, content_type,"
                            " content_hash, fetched_at, error, origin FROM source ORDER BY url"_s);
    if (!exec(q))
        return failure();
    while (q.next())
        out.append(sourceFromQuery(q));
    return out;
}

Result<void> SourceStore::putPageClassification(const PageClassification &c)
{
    Transaction transaction(*m_db);
    if (!transaction.isOpen())
        return failure();
    QSqlQuery &q = prepared(
        u"INSERT INTO page_classification (url, judge, is_paper, title, authors, reason,"
        " classified_at) VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (url, judge) DO UPDATE SET"
        " is_paper = excluded.is_paper, title = excluded.title, authors = excluded.authors,"
        " reason = excluded.reason, classified_at = excluded.classified_at"_s);
    bindAt(q, 0, c.url);
    bindAt(q, 1, c.judge);
    bindAt(q, 2, c.paper ? 1 : 0);
    bindAt(q, 3, StoreCodec::text(c.title));
    bindAt(q, 4, StoreCodec::text(c.authors.join(u'\n')));
    bindAt(q, 5, StoreCodec::text(c.reason));
    bindAt(q, 6,
           StoreCodec::time(c.classifiedAt.isValid() ? c.classifiedAt
                                                     : QDateTime::currentDateTimeUtc()));
    return written(exec(q) && transaction.commit());
}

std::optional<PageClassification> SourceStore::pageClassification(const QString &url,
                                                                  const QString &judge)
{
    QSqlQuery &q = prepared(u"SELECT is_paper, title, authors, reason, classified_at"
                            " FROM page_classification WHERE url = ? AND judge = ?"_s);
    bindAt(q, 0, url);
    bindAt(q, 1, judge);
    if (!exec(q) || !q.next())
        return std::nullopt;
    PageClassification c;
    c.url = url;
    c.judge = judge;
    c.paper = q.value(0).toInt() != 0;
    c.title = q.value(1).toString();
    const QString authors = q.value(2).toString();
    if (!authors.isEmpty())
        c.authors = authors.split(u'\n');
    c.reason = q.value(3).toString();
    c.classifiedAt = StoreCodec::toTime(q.value(4));
    q.finish();
    return c;
}

QStringList SourceStore::pageJudges()
{
    QStringList out;
    QSqlQuery &q = prepared(u"SELECT DISTINCT judge FROM page_classification ORDER BY judge"_s);
    if (!exec(q))
        return out;
    while (q.next())
        out << q.value(0).toString();
    return out;
}

} // namespace Rubricate
