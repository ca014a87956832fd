// Judge runs sent as provider batch jobs: the batch's id, state and the requests it holds.
#include "runstore.h"

#include "storecodec.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;

namespace {

QString itemsText(const QList<BatchEntry> &items)
{
    QJsonArray a;
    for (const BatchEntry &e : items)
        a.append(QJsonArray{e.customId, e.jobId, e.requestNo});
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

QList<BatchEntry> itemsFrom(const QVariant &v)
{
    QList<BatchEntry> items;
    for (const auto &e : QJsonDocument::fromJson(v.toString().toUtf8()).array()) {
        const QJsonArray entry = e.toArray();
        items.append({entry.at(0).toString(), RowId(entry.at(1).toDouble()), entry.at(2).toInt()});
    }
    return items;
}

} // namespace

Result<RowId> RunStore::addBatch(const RunBatch &b)
{
    QSqlQuery &q = prepared(
        u"INSERT INTO run_batch (run_id, provider, batch_id, state, items, total, answered,"
        " failed, created_at, polled_at, taken) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"_s);
    bindAt(q, 0, b.runId);
    bindAt(q, 1, b.provider);
    bindAt(q, 2, b.batchId);
    bindAt(q, 3, b.state);
    bindAt(q, 4, itemsText(b.items));
    bindAt(q, 5, b.total);
    bindAt(q, 6, b.answered);
    bindAt(q, 7, b.failed);
    bindAt(q, 8,
           StoreCodec::time(b.createdAt.isValid() ? b.createdAt : QDateTime::currentDateTimeUtc()));
    bindAt(q, 9, StoreCodec::time(b.polledAt));
    bindAt(q, 10, int(b.taken));
    if (!exec(q))
        return failure();
    return RowId(q.lastInsertId().toLongLong());
}

Result<void> RunStore::updateBatch(const RunBatch &b)
{
    QSqlQuery &q = prepared(u"UPDATE run_batch SET state = ?, total = ?, answered = ?, failed = ?,"
                            " polled_at = ?, taken = ? WHERE id = ?"_s);
    bindAt(q, 0, b.state);
    bindAt(q, 1, b.total);
    bindAt(q, 2, b.answered);
    bindAt(q, 3, b.failed);
    bindAt(q, 4, StoreCodec::time(b.polledAt));
    bindAt(q, 5, int(b.taken));
    bindAt(q, 6, b.id);
    return written(exec(q));
}

std::optional<RunBatch> RunStore::openBatch(RowId runId)
{
    const QList<RunBatch> open = batchesWhere(u"run_id = ? AND taken = 0"_s, runId).value_or({});
    return open.isEmpty() ? std::nullopt : std::optional(open.constLast());
}

Result<QList<RunBatch>> RunStore::openBatches(RowId runId)
{
    return batchesWhere(u"run_id = ? AND taken = 0"_s, runId);
}

QList<RunBatch> RunStore::batches(RowId runId)
{
    return batchesWhere(u"run_id = ?"_s, runId).value_or({});
}

std::optional<RunBatch> RunStore::latestBatch(RowId runId)
{
    const QList<RunBatch> all = batches(runId);
    return all.isEmpty() ? std::nullopt : std::optional(all.constLast());
}

Result<QList<RunBatch>> RunStore::batchesWhere(const QString &condition, RowId runId)
{
    QSqlQuery &q = prepared(u"SELECT id, run_id, provider, batch_id, state, items, total,"
                            " answered, failed, created_at, polled_at, taken FROM run_batch"
                            " WHERE "_s
                            + condition + u" ORDER BY id"_s);
    bindAt(q, 0, runId);
    QList<RunBatch> found;
    if (!exec(q))
        return failure();
    while (q.next()) {
        RunBatch b;
        b.id = q.value(0).toLongLong();
        b.runId = q.value(1).toLongLong();
        b.provider = q.value(2).toString();
        b.batchId = q.value(3).toString();
        b.state = q.value(4).toString();
        b.items = itemsFrom(q.value(5));
        b.total = q.value(6).toInt();
        b.answered = q.value(7).toInt();
        b.failed = q.value(8).toInt();
        b.createdAt = StoreCodec::toTime(q.value(9));
        b.polledAt = StoreCodec::toTime(q.value(10));
        b.taken = q.value(11).toBool();
        found.append(std::move(b));
    }
    q.finish();
    return found;
}

} // namespace Rubricate
