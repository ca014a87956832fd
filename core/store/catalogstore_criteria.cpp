// PDR-Bench criteria edited by a person: the query's rubrics replaced in one transaction,
// keeping the ids (and so the verdicts and annotations) of the criteria that remain, and
// never letting a human label disappear with a removed criterion.
#include "catalogstore.h"

#include "storecodec.h"
#include "storerows.h"
#include "transaction.h"

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

namespace {

QString familyOf(const Rubric &r)
{
    return r.metadata.value(u"family"_s).toString();
}

QString explanationOf(const Rubric &r)
{
    return r.metadata.value(u"explanation"_s).toString();
}

bool sameCriterion(const Rubric &a, const Rubric &b)
{
    return a.text == b.text && a.weight == b.weight && a.dimensionWeight == b.dimensionWeight
        && a.dimension == b.dimension && a.position == b.position && familyOf(a) == familyOf(b)
        && explanationOf(a) == explanationOf(b);
}

QString shortText(const QString &text)
{
    const QString simple = text.simplified();
    return simple.size() > 60 ? simple.left(59) + u'…' : simple;
}

} // namespace

Result<QHash<RowId, CriterionUsage>> CatalogStore::criterionUsage(RowId queryId)
{
    QHash<RowId, CriterionUsage> usage;
    // Through the query's reports: the verdict and annotation indexes start with the report.
    const auto count = [&](const QString &table, int CriterionUsage::*field) {
        QSqlQuery &q = prepared(u"SELECT x.rubric_id, COUNT(*) FROM %1 x"
                                " JOIN report p ON p.id = x.report_id"
                                " WHERE p.query_id = ? GROUP BY x.rubric_id"_s.arg(table));
        bindAt(q, 0, queryId);
        if (!exec(q))
            return false;
        while (q.next())
            usage[q.value(0).toLongLong()].*field = q.value(1).toInt();
        return true;
    };
    if (!count(u"verdict"_s, &CriterionUsage::verdicts)
        || !count(u"annotation_event"_s, &CriterionUsage::annotations)
        || !count(u"annotation_assignment"_s, &CriterionUsage::assignments))
        return failure();
    return usage;
}

Result<CriteriaEditResult> CatalogStore::replaceQueryCriteria(RowId queryId,
                                                              const QList<Rubric> &criteria,
                                                              const CriteriaEditOptions &options)
{
    // Within a caller's transaction (an import of many queries) the edit is a savepoint, so a
    // refusal undoes this query's edit only; on its own it is a transaction.
    std::optional<Transaction> transaction;
    std::optional<Savepoint> savepoint;
    if (m_db->inTransaction())
        savepoint.emplace(*m_db, u"replace_query_criteria"_s);
    else
        transaction.emplace(*m_db);
    if (!(transaction ? transaction->isOpen() : savepoint->isOpen()))
        return failure();
    const auto q = query(queryId);
    if (!q) {
        m_db->setLastError(u"no query with id %1"_s.arg(queryId));
        return failure();
    }
    QHash<RowId, Rubric> existing;
    for (const Rubric &r : rubrics(q->taskId, queryId))
        existing.insert(r.id, r);
    const auto usage = criterionUsage(queryId);
    if (!usage)
        return usage.error(); // without it a removal cannot be checked

    // The final rows, positions numbered in list order within each dimension.
    QList<Rubric> wanted;
    QHash<QString, int> nextPosition;
    QSet<RowId> seen;
    for (const Rubric &in : criteria) {
        if (in.text.trimmed().isEmpty()) {
            m_db->setLastError(u"a criterion of %1 has no text"_s.arg(in.dimension));
            return failure();
        }
        if (in.dimension.trimmed().isEmpty() || familyOf(in).isEmpty()) {
            m_db->setLastError(
                u"the criterion \"%1\" has no dimension or family"_s.arg(shortText(in.text)));
            return failure();
        }
        if (in.id && (!existing.contains(in.id) || seen.contains(in.id))) {
            m_db->setLastError(
                u"rubric %1 is not a criterion of query %2 (or is listed twice)"_s.arg(
                    QString::number(in.id), q->externalId));
            return failure();
        }
        seen.insert(in.id);
        Rubric r = in;
        r.taskId = q->taskId;
        r.queryId = queryId;
        r.scale = VerdictScale::ZeroToTen;
        r.position = nextPosition[r.dimension]++;
        wanted.append(r);
    }

    CriteriaEditResult result;
    for (auto it = existing.cbegin(); it != existing.cend(); ++it) {
        if (seen.contains(it.key()))
            continue;
        const CriterionUsage use = usage->value(it.key());
        if (use.humanWork()) {
            m_db->setLastError(
                u"the criterion \"%1\" has human labels (%2 annotation event(s)) and %3 sample "
                "assignment(s), which are never deleted; it cannot be removed"_s
                    .arg(shortText(it->text))
                    .arg(use.annotations)
                    .arg(use.assignments));
            return failure();
        }
        if (use.verdicts > 0 && !options.allowDeletingJudged) {
            m_db->setLastError(u"the criterion \"%1\" has %2 judge verdict(s); removing it deletes "
                               "them, which was not allowed"_s.arg(shortText(it->text))
                                   .arg(use.verdicts));
            return failure();
        }
        result.deleted.append(it.key());
    }
    std::sort(result.deleted.begin(), result.deleted.end());

    QSqlQuery &remove = prepared(u"DELETE FROM rubric WHERE id = ?"_s);
    for (const RowId id : std::as_const(result.deleted)) {
        bindAt(remove, 0, id);
        if (!exec(remove))
            return failure();
    }

    const QVariant now = StoreCodec::time(QDateTime::currentDateTimeUtc());
    const auto markEdited = [&](QJsonObject &meta) {
        if (!options.editor.isEmpty())
            meta.insert(u"edited_by"_s, options.editor);
        meta.insert(u"edited_at"_s, now.toString());
    };

    // Changed rows step aside first (position -id is free: ids are unique), so that a
    // reordering never meets the (task, query, dimension, position) key half-way.
    QList<Rubric> changed;
    for (Rubric &r : wanted) {
        if (!r.id)
            continue;
        const Rubric &old = existing[r.id];
        if (sameCriterion(old, r)) {
            r.metadata = old.metadata;
            ++result.unchanged;
            continue;
        }
        QJsonObject meta = old.metadata;
        meta.insert(u"family"_s, familyOf(r));
        meta.insert(u"explanation"_s, explanationOf(r));
        if (!meta.contains(u"origin"_s))
            meta.insert(u"origin"_s, u"imported"_s);
        markEdited(meta);
        if (old.text != r.text || explanationOf(old) != explanationOf(r)
            || old.dimension != r.dimension) {
            meta.insert(u"criterion_edited_at"_s, now.toString());
            if (old.text != r.text && !meta.contains(u"original_text"_s))
                meta.insert(u"original_text"_s, old.text);
        }
        r.metadata = meta;
        r.mandatory = old.mandatory;
        r.duplicateOf = old.duplicateOf;
        changed.append(r);
    }
    QSqlQuery &aside = prepared(u"UPDATE rubric SET position = ? WHERE id = ?"_s);
    for (const Rubric &r : std::as_const(changed)) {
        bindAt(aside, 0, -r.id);
        bindAt(aside, 1, r.id);
        if (!exec(aside))
            return failure();
    }
    QSqlQuery &update = prepared(
        u"UPDATE rubric SET dimension = ?, position = ?, text = ?, weight = ?,"
        " dimension_weight = ?, mandatory = ?, scale = ?, duplicate_of = ?, metadata = ?,"
        " fingerprint = ? WHERE id = ?"_s);
    for (const Rubric &r : std::as_const(changed)) {
        const QVariantList values = rubricValues(r);
        bindAt(update, 0, r.dimension);
        bindAt(update, 1, r.position);
        for (int i = 0; i < values.size(); ++i)
            bindAt(update, 2 + i, values.at(i));
        bindAt(update, 2 + int(values.size()), StoreCodec::fingerprint(values));
        bindAt(update, 3 + int(values.size()), r.id);
        if (!exec(update))
            return failure();
        result.updated.append(r.id);
    }

    for (Rubric &r : wanted) {
        if (r.id)
            continue;
        QJsonObject meta = r.metadata;
        if (options.fromImport) {
            meta.insert(u"origin"_s, u"imported"_s);
        } else {
            meta.insert(u"origin"_s, u"manual"_s);
            markEdited(meta);
        }
        r.metadata = meta;
        const Upserted u = upsertRubric(r);
        if (!u.ok())
            return failure();
        if (u.result != UpsertResult::Added) { // the key was free after the steps above
            m_db->setLastError(u"criterion \"%1\" met an existing rubric"_s.arg(shortText(r.text)));
            return failure();
        }
        result.inserted.append(u.id);
    }
    if (const Result<void> done = transaction ? transaction->commit() : savepoint->release(); !done)
        return done.error();
    m_db->setLastError({});
    return result;
}

} // namespace Rubricate
