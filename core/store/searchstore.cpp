#include "searchstore.h"

#include "sqldialect.h"
#include "storecodec.h"
#include "storerows.h"

#include <QHash>
#include <QRegularExpression>
#include <QStringMatcher>

#include <algorithm>
#include <cmath>

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

// A report that holds every term: how often each occurs, for the ranking, and a snippet.
struct Candidate {
    RowId id = 0;
    qsizetype length = 0;
    QList<int> counts; // per term
    QString snippet;
};

// The window of text around the first term, with every term in it marked [like this], as
// the index's snippets used to be.
QString markedSnippet(const QString &body, qsizetype first, const QList<QStringMatcher> &terms)
{
    const qsizetype from = qMax<qsizetype>(0, first - 40);
    const qsizetype to = qMin(body.size(), from + 120);
    const QString window = body.mid(from, to - from);
    QList<std::pair<qsizetype, qsizetype>> marks; // [start, end) in the window, sorted
    for (const QStringMatcher &m : terms) {
        for (qsizetype at = m.indexIn(window); at >= 0; at = m.indexIn(window, at + 1))
            marks.append({at, at + m.pattern().size()});
    }
    std::sort(marks.begin(), marks.end());
    QString out = from > 0 ? u"…"_s : QString();
    qsizetype done = 0;
    for (const auto &[start, end] : std::as_const(marks)) {
        if (start < done)
            continue; // overlaps a term already marked
        out += QStringView(window).mid(done, start - done);
        out += u'[' + QStringView(window).mid(start, end - start) + u']';
        done = end;
    }
    out += QStringView(window).mid(done);
    if (to < body.size())
        out += u'…';
    return out;
}

// Where `body` holds every term (case-insensitively), its counts and snippet; nullopt where
// it misses one.
std::optional<Candidate> matchAll(RowId id, const QString &body, const QList<QStringMatcher> &terms)
{
    Candidate c{id, body.size(), {}, {}};
    qsizetype first = -1;
    for (const QStringMatcher &m : terms) {
        qsizetype at = m.indexIn(body);
        if (at < 0)
            return std::nullopt;
        if (first < 0)
            first = at;
        int count = 0;
        for (; at >= 0; at = m.indexIn(body, at + m.pattern().size()))
            ++count;
        c.counts << count;
    }
    c.snippet = markedSnippet(body, first, terms);
    return c;
}

// Okapi BM25 (k1 = 1.2, b = 0.75, FTS5's constants) over the reports that hold every term,
// with each term's document frequency among them. The full-text index no longer records
// positions (see migration 16), so the ranking its bm25 gave is computed here from the
// texts that are read anyway to check the index's candidates.
void rankByBm25(QList<Candidate> &found, qint64 reportCount)
{
    if (found.isEmpty())
        return;
    const qsizetype terms = found.constFirst().counts.size();
    double averageLength = 0;
    for (const Candidate &c : std::as_const(found))
        averageLength += double(c.length) / double(found.size());
    // Every candidate holds every term, so each term's document frequency is the number of
    // candidates; what differs between reports is how often and how densely they hold it.
    const double n = double(found.size());
    const double idf = std::log((double(reportCount) - n + 0.5) / (n + 0.5) + 1.0);
    constexpr double k1 = 1.2;
    constexpr double b = 0.75;
    QHash<RowId, double> score;
    for (const Candidate &c : std::as_const(found)) {
        const double norm = k1 * (1 - b + b * double(c.length) / qMax(1.0, averageLength));
        double s = 0;
        for (qsizetype t = 0; t < terms; ++t)
            s += idf * c.counts.at(t) * (k1 + 1) / (c.counts.at(t) + norm);
        score.insert(c.id, s);
    }
    std::stable_sort(found.begin(), found.end(), [&score](const Candidate &x, const Candidate &y) {
        return score.value(x.id) > score.value(y.id);
    });
}

} // namespace

QList<SearchHit> SearchStore::reports(const QString &text, int limit)
{
    QList<SearchHit> hits;
    const QStringList words = text.split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts);
    if (words.isEmpty())
        return hits;
    QList<QStringMatcher> terms;
    for (const QString &w : words)
        terms.append(QStringMatcher(w, Qt::CaseInsensitive));

    // The engine's index when it can answer: candidates that are checked here (SQLite's index
    // knows which reports hold a word's trigrams, not whether in a row). Terms too short for
    // it (two-character Chinese words are common): a scan of every text. Every report that
    // holds the terms is read, because the best ones may come last in id order.
    const SqlDialect &dialect = m_db->dialect();
    QSqlQuery &indexed = prepared(dialect.reportSearchQuery());
    QSqlDatabase db = m_db->database();
    const bool useIndex = dialect.bindReportSearch(db, indexed, words);
    QSqlQuery &q = useIndex ? indexed : prepared(u"SELECT id, text FROM report"_s);
    if (!exec(q))
        return hits;
    QList<Candidate> found;
    while (q.next()) {
        if (auto c = matchAll(q.value(0).toLongLong(), q.value(1).toString(), terms))
            found.append(std::move(*c));
    }
    q.finish();

    qint64 reportCount = 0;
    QSqlQuery &count = prepared(u"SELECT count(*) FROM report"_s);
    if (exec(count) && count.next())
        reportCount = count.value(0).toLongLong();
    count.finish();
    rankByBm25(found, reportCount);
    if (found.size() > limit)
        found.resize(limit);

    QSqlQuery &info = prepared(
        u"SELECT m.name, b.key, t.external_id FROM report p JOIN agent_model m ON m.id = p.model_id"
        " JOIN task t ON t.id = p.task_id JOIN benchmark b ON b.id = t.benchmark_id"
        " WHERE p.id = ?"_s);
    for (const Candidate &c : std::as_const(found)) {
        bindAt(info, 0, c.id);
        if (!exec(info) || !info.next())
            continue;
        hits.append({c.id, info.value(0).toString(), info.value(1).toString(),
                     info.value(2).toString(), c.snippet.simplified()});
        info.finish();
    }
    return hits;
}

} // namespace Rubricate
