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

namespace {

// Where `body` holds every term (case-insensitively), a snippet around the first one; nullopt
// where it misses one.
std::optional<QString> matchedSnippet(const QString &body, const QStringList &terms)
{
    qsizetype first = -1;
    for (const QString &t : terms) {
        const qsizetype at = body.indexOf(t, 0, Qt::CaseInsensitive);
        if (at < 0)
            return std::nullopt;
        if (first < 0)
            first = at;
    }
    return body.mid(qMax<qsizetype>(0, first - 40), 120);
}

} // namespace

QList<SearchHit> SearchStore::reports(const QString &text, int limit)
{
    QList<SearchHit> hits;
    const QStringList terms = text.split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts);
    if (terms.isEmpty())
        return hits;

    // The engine's index when it can answer: sure hits, or candidates that are checked here
    // (SQLite's index knows which reports hold a word's trigrams, not whether in a row).
    // Terms too short for it (two-character Chinese words are common): a scan of every text.
    QList<std::pair<RowId, QString>> found;
    const SqlDialect &dialect = m_db->dialect();
    QSqlQuery &indexed = prepared(dialect.reportSearchQuery());
    const bool useIndex = dialect.bindReportSearch(indexed, terms, limit);
    const bool check = !useIndex || dialect.reportSearchFindsCandidates();
    QSqlQuery &q = useIndex ? indexed : prepared(u"SELECT id, text FROM report"_s);
    if (!exec(q))
        return hits;
    while (found.size() < limit && q.next()) {
        const std::optional<QString> snippet
            = check ? matchedSnippet(q.value(1).toString(), terms) : q.value(1).toString();
        if (snippet)
            found.append({q.value(0).toLongLong(), *snippet});
    }
    q.finish();

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
