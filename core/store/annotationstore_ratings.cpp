#include "annotationstore.h"

#include "catalogstore.h"
#include "reportstore.h"
#include "storecodec.h"
#include "storerows.h"

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

namespace {

// What a rating row says of its item (StoreCodec::ratingItem), joined from a rating `x` of
// one benchmark (the two placeholders).
const QString ratedItemJoins
    = u" JOIN report p ON p.id = x.report_id JOIN rubric r ON r.id = x.rubric_id"
      " JOIN task t ON t.id = p.task_id JOIN benchmark b ON b.id = t.benchmark_id"
      " JOIN agent_model m ON m.id = p.model_id"
      " LEFT JOIN research_query qr ON qr.id = p.query_id"
      " LEFT JOIN persona pe ON pe.id = qr.persona_id"
      " WHERE (COALESCE(?, '') = '' OR b.key = ?)"_s;
const QString ratedItemColumns = u"x.report_id, x.rubric_id, b.key, t.external_id, m.name,"
                                 " COALESCE(pe.external_id, ''), COALESCE(t.language, ''),"
                                 " COALESCE(t.theme, ''), r.dimension, r.scale"_s;

// A LabelFilter on the label event `x`, as one clause whatever the filter, so that the
// statement is prepared once; bindLabelFilter() binds its six values from `first` on. A
// method outside the list ("typed,accepted") or a visibility or study that was not recorded
// does not pass.
const QString labelFilterClause = u" AND (COALESCE(?, '') = ''"
                                  " OR ? LIKE '%,' || COALESCE(x.method, 'unknown') || ',%')"
                                  " AND (CAST(? AS INTEGER) IS NULL OR x.judge_visible = ?)"
                                  " AND (COALESCE(?, '') = '' OR x.study = ?)"_s;

void bindLabelFilter(QSqlQuery &q, int first, const LabelFilter &filter)
{
    QStringList keys;
    for (LabelMethod m : filter.sortedMethods())
        keys << labelFilterMethodKey(m);
    const QString methods = keys.isEmpty() ? QString() : u","_s + keys.join(u',') + u',';
    const QVariantList values = {methods,
                                 methods,
                                 StoreCodec::flag(filter.judgeVisible),
                                 StoreCodec::flag(filter.judgeVisible),
                                 filter.study,
                                 filter.study};
    for (int i = 0; i < values.size(); ++i)
        bindAt(q, first + i, values.at(i));
}

} // namespace

QList<RatingRow> AnnotationStore::ratingRows(const QString &benchmarkKey, const LabelFilter &labels)
{
    QList<RatingRow> out;
    // One select over both kinds of rater; the item's attributes come from the same joins.
    // The label filter comes after the newest event is chosen: it filters current labels.
    const QString &items = ratedItemJoins;
    const QString &columns = ratedItemColumns;
    QSqlQuery &q = prepared(
        u"SELECT "_s + columns
        + u", 'run:' || jr.id, jr.name, 1, x.value FROM verdict x"
          " JOIN judge_run jr ON jr.id = x.run_id"_s
        + items + u" UNION ALL SELECT "_s + columns
        + u", 'human:' || x.annotator, COALESCE(an.name, x.annotator), 0, x.value"
          " FROM annotation_event x"
          " JOIN (SELECT MAX(id) AS id FROM annotation_event WHERE kind = 'label'"
          "       GROUP BY report_id, rubric_id, annotator) newest ON newest.id = x.id"
          " LEFT JOIN annotator an ON an.id = x.annotator"_s
        + items + u" AND x.value IS NOT NULL"_s + labelFilterClause + u" ORDER BY 1, 2, 11"_s);
    for (int i = 0; i < 4; ++i)
        bindAt(q, i, benchmarkKey);
    bindLabelFilter(q, 4, labels);
    if (!exec(q))
        return out;
    while (q.next()) {
        RatingRow row = StoreCodec::ratingItem(q);
        row.rater = q.value(10).toString();
        row.raterName = q.value(11).toString();
        row.judge = q.value(12).toInt() == 1;
        if (!q.value(13).isNull())
            row.value = q.value(13).toDouble();
        out.append(row);
    }
    return out;
}

QList<RatingRow> AnnotationStore::goldRatingRows(const QString &benchmarkKey)
{
    QList<RatingRow> out;
    // The newest gold event of an item is its gold label, whoever adjudicated it.
    QSqlQuery &q
        = prepared(u"SELECT "_s + ratedItemColumns
                   + u", x.value FROM annotation_event x"
                     " JOIN (SELECT MAX(id) AS id FROM annotation_event WHERE kind = 'gold'"
                     "       GROUP BY report_id, rubric_id) newest ON newest.id = x.id"_s
                   + ratedItemJoins + u" AND x.value IS NOT NULL ORDER BY 1, 2"_s);
    bindAt(q, 0, benchmarkKey);
    bindAt(q, 1, benchmarkKey);
    if (!exec(q))
        return out;
    while (q.next()) {
        RatingRow row = StoreCodec::ratingItem(q);
        row.rater = GoldRater;
        row.raterName = u"Gold"_s;
        row.value = q.value(10).toDouble();
        out.append(row);
    }
    return out;
}

} // namespace Rubricate
