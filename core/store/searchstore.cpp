#include "searchstore.h"

#include "sqldialect.h"
#include "storecodec.h"
#include "storerows.h"

#include <QRegularExpression>

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;
using namespace StoreRows;

ProjectStats SearchStore::stats()
{
    ProjectStats s;
    s.tasks = countRows(u"SELECT b.key, '', count(t.id) FROM benchmark b"
                        " LEFT JOIN task t ON t.benchmark_id = b.id GROUP BY b.id, b.key"
                        " ORDER BY b.id"_s);
    s.languages = countRows(u"SELECT b.key, COALESCE(t.language, '?'), count(*) FROM task t"
                            " JOIN benchmark b ON b.id = t.benchmark_id"
                            " GROUP BY b.key, t.language ORDER BY b.key, t.language"_s);
    s.themes = countRows(u"SELECT b.key, COALESCE(t.theme, '?'), count(*) FROM task t"
                         " JOIN benchmark b ON b.id = t.benchmark_id"
                         " GROUP BY b.key, t.theme ORDER BY b.key, count(*) DESC, t.theme"_s);
    s.rubrics
        = countRows(u"SELECT b.key, r.dimension, count(*) FROM rubric r"
                    " JOIN task t ON t.id = r.task_id JOIN benchmark b ON b.id = t.benchmark_id"
                    " GROUP BY b.key, r.dimension ORDER BY b.key, count(*) DESC"_s);
    s.duplicateRubrics
        = countRows(u"SELECT b.key, r.dimension, count(*) FROM rubric r"
                    " JOIN task t ON t.id = r.task_id JOIN benchmark b ON b.id = t.benchmark_id"
                    " WHERE r.duplicate_of IS NOT NULL GROUP BY b.key, r.dimension"
                    " ORDER BY b.key, r.dimension"_s);
    s.references = countRows(u"SELECT b.key, '', count(*) FROM reference_entry e"
                             " JOIN task t ON t.id = e.task_id"
                             " JOIN benchmark b ON b.id = t.benchmark_id GROUP BY b.key"_s);
    s.personas = countRows(u"SELECT b.key, '', count(*) FROM persona p"
                           " JOIN benchmark b ON b.id = p.benchmark_id GROUP BY b.key"_s);
    s.queries = countRows(u"SELECT b.key, '', count(*) FROM research_query q"
                          " JOIN benchmark b ON b.id = q.benchmark_id GROUP BY b.key"_s);
    s.reports
        = countRows(u"SELECT b.key, m.name, count(*) FROM report p"
                    " JOIN task t ON t.id = p.task_id JOIN benchmark b ON b.id = t.benchmark_id"
                    " JOIN agent_model m ON m.id = p.model_id"
                    " GROUP BY b.key, m.name ORDER BY b.key, m.name"_s);
    s.runs = countRows(u"SELECT '', kind, count(*) FROM judge_run GROUP BY kind ORDER BY kind"_s);
    s.verdicts = countRows(u"SELECT r.name, CASE WHEN v.value IS NULL THEN 'error' ELSE 'ok' END,"
                           " count(*) FROM verdict v JOIN judge_run r ON r.id = v.run_id"
                           " GROUP BY r.id, r.name, v.value IS NULL ORDER BY r.id"_s);
    QSqlQuery &q = prepared(u"SELECT count(*) FROM annotation_event"_s);
    if (exec(q) && q.next())
        s.annotationEvents = q.value(0).toInt();
    q.finish();
    return s;
}

QList<SearchHit> SearchStore::reports(const QString &text, int limit)
{
    QList<SearchHit> hits;
    const QStringList terms = text.split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts);
    if (terms.isEmpty())
        return hits;

    QList<std::pair<RowId, QString>> found;
    QSqlQuery &indexed = prepared(m_db->dialect().reportSearchQuery());
    if (m_db->dialect().bindReportSearch(indexed, terms, limit)) {
        QSqlQuery &q = indexed;
        if (!exec(q))
            return hits;
        while (q.next())
            found.append({q.value(0).toLongLong(), q.value(1).toString()});
    } else {
        // Terms too short for the index (two-character Chinese words are common): scan.
        QSqlQuery &q = prepared(u"SELECT id, text FROM report"_s);
        if (!exec(q))
            return hits;
        while (q.next() && found.size() < limit) {
            const QString body = q.value(1).toString();
            bool all = true;
            qsizetype first = -1;
            for (const QString &t : terms) {
                const qsizetype at = body.indexOf(t, 0, Qt::CaseInsensitive);
                if (at < 0) {
                    all = false;
                    break;
                }
                if (first < 0)
                    first = at;
            }
            if (!all)
                continue;
            const qsizetype from = qMax<qsizetype>(0, first - 40);
            QString snippet = body.mid(from, 120).simplified();
            found.append({q.value(0).toLongLong(), snippet});
        }
    }

    QSqlQuery &info = prepared(
        u"SELECT m.name, b.key, t.external_id FROM report p JOIN agent_model m ON m.id = p.model_id"
        " JOIN task t ON t.id = p.task_id JOIN benchmark b ON b.id = t.benchmark_id"
        " WHERE p.id = ?"_s);
    for (const auto &[id, snippet] : std::as_const(found)) {
        bindAt(info, 0, id);
        if (!exec(info) || !info.next())
            continue;
        hits.append({id, info.value(0).toString(), info.value(1).toString(),
                     info.value(2).toString(), snippet.simplified()});
        info.finish();
    }
    return hits;
}

} // namespace Rubricate
