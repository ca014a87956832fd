#include "annotationstore.h"

#include "catalogstore.h"
#include "reportstore.h"
#include "storecodec.h"
#include "storerows.h"

#include <QMap>
#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

namespace {

// Reads over a list of ids go in chunks of a fixed size, padded with an id no row has, so
// that every chunk reuses one prepared statement and stays under SQLite's bound-value limit.
constexpr int idChunk = 200;

QString idPlaceholders()
{
    QStringList marks;
    marks.fill(u"?"_s, idChunk);
    return u"("_s + marks.join(u',') + u')';
}

// False as soon as one chunk's read fails.
template<typename Read>
bool forEachChunk(const QList<RowId> &ids, QSqlQuery &q, Read read)
{
    for (qsizetype from = 0; from < ids.size(); from += idChunk) {
        for (int i = 0; i < idChunk; ++i)
            bindAt(q, i, from + i < ids.size() ? ids.at(from + i) : RowId(-1));
        if (!read())
            return false;
    }
    return true;
}

} // namespace

Result<QList<AdjudicationItem>>
AnnotationStore::adjudicationItems(const QList<std::pair<RowId, RowId>> &items)
{
    QList<RowId> reportIds, rubricIds;
    {
        QSet<RowId> reports, rubrics;
        for (const auto &[report, rubric] : items) {
            if (!reports.contains(report))
                reportIds.append(report);
            if (!rubrics.contains(rubric))
                rubricIds.append(rubric);
            reports.insert(report);
            rubrics.insert(rubric);
        }
    }
    const QString in = idPlaceholders();

    struct ReportPart {
        QString benchmark, task, model;
    };
    QHash<RowId, ReportPart> reports;
    QSqlQuery &rq = prepared(u"SELECT p.id, b.key, t.external_id, m.name FROM report p"
                             " JOIN task t ON t.id = p.task_id"
                             " JOIN benchmark b ON b.id = t.benchmark_id"
                             " JOIN agent_model m ON m.id = p.model_id WHERE p.id IN "_s
                             + in);
    const auto readReports = [&] {
        if (!exec(rq))
            return false;
        while (rq.next()) {
            reports.insert(
                rq.value(0).toLongLong(),
                {rq.value(1).toString(), rq.value(2).toString(), rq.value(3).toString()});
        }
        return true;
    };
    QHash<RowId, Rubric> rubrics;
    QSqlQuery &bq = prepared(QString::fromLatin1(rubricColumns) + u" WHERE id IN "_s + in);
    const auto readRubrics = [&] {
        if (!exec(bq))
            return false;
        const QueryRowStatement row(bq);
        while (bq.next()) {
            const Rubric r = rubricFrom(row);
            rubrics.insert(r.id, r);
        }
        return true;
    };

    using Key = std::pair<RowId, RowId>;
    // Ascending ids: a later event replaces an earlier one of the same person (or of gold).
    QHash<Key, QMap<QString, AnnotationEvent>> labels; // by annotator id
    QHash<Key, AnnotationEvent> gold;
    QSqlQuery &eq = prepared(QString::fromLatin1(annotationColumns) + u" WHERE e.report_id IN "_s
                             + in + u" ORDER BY e.id"_s);
    const auto readEvents = [&] {
        if (!exec(eq))
            return false;
        while (eq.next()) {
            const AnnotationEvent e = annotationFrom(eq);
            if (e.kind == AnnotationKind::Gold)
                gold.insert({e.reportId, e.rubricId}, e);
            else
                labels[{e.reportId, e.rubricId}].insert(e.annotator, e);
        }
        return true;
    };
    QHash<Key, QList<RunVerdict>> verdicts;
    QSqlQuery &vq = prepared(u"SELECT v.report_id, v.rubric_id, v.run_id, jr.name, v.value,"
                             " v.reason, v.error FROM verdict v"
                             " JOIN judge_run jr ON jr.id = v.run_id WHERE v.report_id IN "_s
                             + in + u" ORDER BY v.run_id DESC"_s);
    const auto readVerdicts = [&] {
        if (!exec(vq))
            return false;
        while (vq.next()) {
            verdicts[{vq.value(0).toLongLong(), vq.value(1).toLongLong()}].append(RunVerdict{
                vq.value(2).toLongLong(), vq.value(3).toString(), StoreCodec::toNumber(vq.value(4)),
                vq.value(5).toString(), vq.value(6).toString()});
        }
        return true;
    };

    // A failed read gives nothing rather than items that seem to have no labels.
    const bool ok = forEachChunk(reportIds, rq, readReports)
        && forEachChunk(rubricIds, bq, readRubrics) && forEachChunk(reportIds, eq, readEvents)
        && forEachChunk(reportIds, vq, readVerdicts);

    if (!ok)
        return failure();
    QList<AdjudicationItem> out;
    for (const Key &key : items) {
        const auto report = reports.constFind(key.first);
        const auto rubric = rubrics.constFind(key.second);
        if (report == reports.cend() || rubric == rubrics.cend())
            continue;
        AdjudicationItem item;
        item.reportId = key.first;
        item.rubricId = key.second;
        item.benchmarkKey = report->benchmark;
        item.taskExternalId = report->task;
        item.model = report->model;
        item.dimension = rubric->dimension;
        item.rubricText = rubric->text;
        item.scale = rubric->scale;
        for (const AnnotationEvent &e : labels.value(key)) {
            if (e.value || !e.note.isEmpty())
                item.labels.append(e);
        }
        std::sort(item.labels.begin(), item.labels.end(),
                  [](const AnnotationEvent &a, const AnnotationEvent &b) {
                      return a.annotatorName.localeAwareCompare(b.annotatorName) < 0;
                  });
        if (const auto g = gold.constFind(key); g != gold.cend())
            item.gold = *g;
        item.verdicts = verdicts.value(key);
        out.append(item);
    }
    return out;
}

Result<QList<AdjudicationItem>> AnnotationStore::adjudicationItems(RowId reportId)
{
    const auto r = ReportStore(*m_db).report(reportId);
    if (!r)
        return QList<AdjudicationItem>();
    QList<std::pair<RowId, RowId>> items;
    for (const Rubric &rubric : CatalogStore(*m_db).reportItems(*r))
        items.append({reportId, rubric.id});
    return adjudicationItems(items);
}

} // namespace Rubricate
