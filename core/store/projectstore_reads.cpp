// Read side of ProjectStore: lookups, listings, statistics and full-text search.
#include "projectstore.h"

#include "sqldialect.h"
#include "storecodec.h"

#include <QMap>
#include <QRegularExpression>
#include <QSqlError>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;
using StoreCodec::bindAt;

namespace {

std::optional<RowId> singleId(QSqlQuery &q)
{
    std::optional<RowId> id;
    if (q.next())
        id = q.value(0).toLongLong();
    q.finish();
    return id;
}

Rubric rubricFrom(const QSqlQuery &q)
{
    Rubric r;
    r.id = q.value(0).toLongLong();
    r.taskId = q.value(1).toLongLong();
    r.queryId = StoreCodec::toId(q.value(2));
    r.dimension = q.value(3).toString();
    r.position = q.value(4).toInt();
    r.text = q.value(5).toString();
    r.weight = q.value(6).toDouble();
    r.dimensionWeight = StoreCodec::toNumber(q.value(7));
    if (!q.value(8).isNull())
        r.mandatory = q.value(8).toBool();
    r.scale = scaleFromKey(q.value(9).toString()).value_or(VerdictScale::Drb2Tristate);
    r.duplicateOf = StoreCodec::toId(q.value(10));
    r.metadata = StoreCodec::toJson(q.value(11));
    r.reportId = StoreCodec::toId(q.value(12));
    return r;
}

constexpr auto rubricColumns = "SELECT id, task_id, query_id, dimension, position, text, weight,"
                               " dimension_weight, mandatory, scale, duplicate_of, metadata,"
                               " report_id FROM rubric";

constexpr auto annotationColumns
    = "SELECT e.id, e.report_id, e.rubric_id, e.annotator, e.at, e.value, e.previous_value,"
      " e.note, e.uid, e.kind, e.method, e.judge_visible, e.shown_run_id, e.shown_verdict,"
      " e.study, e.focus_ms, e.app_version, COALESCE(a.name, e.annotator)"
      " FROM annotation_event e LEFT JOIN annotator a ON a.id = e.annotator";

AnnotationEvent annotationFrom(const QSqlQuery &q)
{
    AnnotationEvent e;
    e.id = q.value(0).toLongLong();
    e.reportId = q.value(1).toLongLong();
    e.rubricId = q.value(2).toLongLong();
    e.annotator = q.value(3).toString();
    e.at = StoreCodec::toTime(q.value(4));
    e.value = StoreCodec::toNumber(q.value(5));
    e.previousValue = StoreCodec::toNumber(q.value(6));
    e.note = q.value(7).toString();
    e.uid = q.value(8).toString();
    e.kind = annotationKindFromKey(q.value(9).toString()).value_or(AnnotationKind::Label);
    LabelProvenance &p = e.provenance;
    p.method = labelMethodFromKey(q.value(10).toString());
    if (!q.value(11).isNull())
        p.judgeVisible = q.value(11).toInt() != 0;
    p.shownRunId = StoreCodec::toId(q.value(12)).value_or(0);
    p.shownVerdict = StoreCodec::toNumber(q.value(13));
    p.study = q.value(14).toString();
    if (!q.value(15).isNull())
        p.focusMs = q.value(15).toLongLong();
    p.appVersion = q.value(16).toString();
    e.annotatorName = q.value(17).toString();
    return e;
}

} // namespace

std::optional<RowId> ProjectStore::idByExternal(const QString &table, RowId benchmarkId,
                                                const QString &externalId)
{
    QSqlQuery &q
        = prepared(u"SELECT id FROM %1 WHERE benchmark_id = ? AND external_id = ?"_s.arg(table));
    bindAt(q, 0, benchmarkId);
    bindAt(q, 1, externalId);
    if (!exec(q))
        return std::nullopt;
    return singleId(q);
}

QList<Benchmark> ProjectStore::benchmarks()
{
    QList<Benchmark> out;
    QSqlQuery &q = prepared(u"SELECT id, key, name, scale FROM benchmark ORDER BY id"_s);
    if (!exec(q))
        return out;
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                    scaleFromKey(q.value(3).toString()).value_or(VerdictScale::Drb2Tristate)});
    }
    return out;
}

std::optional<Benchmark> ProjectStore::benchmark(const QString &key)
{
    QSqlQuery &q = prepared(u"SELECT id, key, name, scale FROM benchmark WHERE key = ?"_s);
    bindAt(q, 0, key);
    if (!exec(q) || !q.next())
        return std::nullopt;
    Benchmark b{q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                scaleFromKey(q.value(3).toString()).value_or(VerdictScale::Drb2Tristate)};
    q.finish();
    return b;
}

std::optional<RowId> ProjectStore::taskId(RowId benchmarkId, const QString &externalId)
{
    return idByExternal(u"task"_s, benchmarkId, externalId);
}

std::optional<Task> ProjectStore::task(RowId id)
{
    QSqlQuery &q = prepared(
        u"SELECT id, benchmark_id, external_id, language, theme, title, prompt, judge_task,"
        " blocked, complexity_breadth, complexity_nesting, complexity_exploration, metadata"
        " FROM task WHERE id = ?"_s);
    bindAt(q, 0, id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    Task t;
    t.id = q.value(0).toLongLong();
    t.benchmarkId = q.value(1).toLongLong();
    t.externalId = q.value(2).toString();
    t.language = q.value(3).toString();
    t.theme = q.value(4).toString();
    t.title = q.value(5).toString();
    t.prompt = q.value(6).toString();
    t.judgeTask = q.value(7).toString();
    t.blocked = StoreCodec::toBlocked(q.value(8));
    t.complexity = {q.value(9).toString(), q.value(10).toString(), q.value(11).toString()};
    t.metadata = StoreCodec::toJson(q.value(12));
    q.finish();
    return t;
}

QList<TaskSummary> ProjectStore::taskSummaries(const QString &benchmarkKey)
{
    QList<TaskSummary> out;
    // Numeric external ids (DRB-II idx) sort as numbers, the rest as text.
    QSqlQuery &q = prepared(u"SELECT t.id, b.key, t.external_id, t.language, t.theme, t.title,"
                            " (SELECT count(*) FROM rubric r WHERE r.task_id = t.id"
                            "  AND r.report_id IS NULL),"
                            " (SELECT count(*) FROM report p WHERE p.task_id = t.id)"
                            " FROM task t JOIN benchmark b ON b.id = t.benchmark_id"
                            " WHERE (COALESCE(?, '') = '' OR b.key = ?)"
                            " ORDER BY b.id, length(t.external_id), t.external_id"_s);
    bindAt(q, 0, benchmarkKey);
    bindAt(q, 1, benchmarkKey);
    if (!exec(q))
        return out;
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                    q.value(3).toString(), q.value(4).toString(), q.value(5).toString(),
                    q.value(6).toInt(), q.value(7).toInt()});
    }
    return out;
}

QList<Rubric> ProjectStore::rubricRows(const QString &where, const QVariantList &values)
{
    QList<Rubric> out;
    QSqlQuery &q = prepared(QString::fromLatin1(rubricColumns) + u" WHERE "_s + where);
    for (int i = 0; i < values.size(); ++i)
        bindAt(q, i, values.at(i));
    if (!exec(q))
        return out;
    while (q.next())
        out.append(rubricFrom(q));
    return out;
}

QList<Rubric> ProjectStore::rubrics(RowId taskId, std::optional<RowId> queryId)
{
    return rubricRows(u"task_id = ? AND COALESCE(query_id, 0) = ? AND report_id IS NULL"
                      " ORDER BY id"_s,
                      {taskId, queryId.value_or(0)});
}

QHash<RowId, QString> ProjectStore::rubricTexts()
{
    QHash<RowId, QString> out;
    QSqlQuery &q = prepared(u"SELECT id, text FROM rubric"_s);
    if (!exec(q))
        return out;
    while (q.next())
        out.insert(q.value(0).toLongLong(), q.value(1).toString());
    return out;
}

QList<Rubric> ProjectStore::allRubricsOfTask(RowId taskId)
{
    return rubricRows(u"task_id = ? AND report_id IS NULL ORDER BY id"_s, {taskId});
}

QList<Reference> ProjectStore::references(RowId taskId)
{
    QList<Reference> out;
    QSqlQuery &q = prepared(u"SELECT id, task_id, position, bib_id, title, normalized_title,"
                            " authors, meta FROM reference_entry WHERE task_id = ?"
                            " ORDER BY position"_s);
    bindAt(q, 0, taskId);
    if (!exec(q))
        return out;
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toLongLong(), q.value(2).toInt(),
                    q.value(3).toString(), q.value(4).toString(), q.value(5).toString(),
                    q.value(6).toString(), StoreCodec::toJson(q.value(7))});
    }
    return out;
}

QStringList ProjectStore::models()
{
    QStringList out;
    QSqlQuery &q = prepared(u"SELECT name FROM agent_model ORDER BY name"_s);
    if (!exec(q))
        return out;
    while (q.next())
        out << q.value(0).toString();
    return out;
}

std::optional<RowId> ProjectStore::modelId(const QString &name)
{
    QSqlQuery &q = prepared(u"SELECT id FROM agent_model WHERE name = ?"_s);
    bindAt(q, 0, name);
    if (!exec(q))
        return std::nullopt;
    return singleId(q);
}

std::optional<Report> ProjectStore::report(RowId id)
{
    QSqlQuery &q = prepared(u"SELECT id, model_id, task_id, query_id, format, source_name,"
                            " content_hash, text, pages, warnings, has_text FROM report"
                            " WHERE id = ?"_s);
    bindAt(q, 0, id);
    if (!exec(q) || !q.next())
        return std::nullopt;
    Report r;
    r.id = q.value(0).toLongLong();
    r.modelId = q.value(1).toLongLong();
    r.taskId = q.value(2).toLongLong();
    r.queryId = StoreCodec::toId(q.value(3));
    r.format = formatFromKey(q.value(4).toString());
    r.sourceName = q.value(5).toString();
    r.contentHash = q.value(6).toString();
    r.text = q.value(7).toString();
    r.pages = StoreCodec::toPages(q.value(8));
    r.warnings = StoreCodec::toStringList(q.value(9));
    r.hasText = q.value(10).toBool();
    q.finish();
    return r;
}

std::optional<RowId> ProjectStore::reportId(RowId modelId, RowId taskId,
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

QList<ReportSummary> ProjectStore::reportSummaries(const QString &benchmarkKey,
                                                   const QString &annotator)
{
    QList<ReportSummary> out;
    QSqlQuery &q = prepared(
        u"SELECT p.id, b.key, t.external_id, COALESCE(qr.external_id, ''), m.name, p.format,"
        " COALESCE(p.source_name, ''), length(p.text), p.pages, p.has_text, p.warnings,"
        " COALESCE(pe.external_id, ''), COALESCE(ann.labelled, 0)"
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
        " WHERE (COALESCE(?, '') = '' OR b.key = ?)"
        " ORDER BY b.id, m.name, length(t.external_id), t.external_id"_s);
    bindAt(q, 0, annotator);
    bindAt(q, 1, annotator);
    bindAt(q, 2, benchmarkKey);
    bindAt(q, 3, benchmarkKey);
    if (!exec(q))
        return out;
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
        s.warningCount = int(StoreCodec::toStringList(q.value(10)).size());
        s.persona = q.value(11).toString();
        s.labelled = q.value(12).toInt();
        out.append(s);
    }
    return out;
}

QByteArray ProjectStore::originalFile(const QString &contentHash)
{
    QSqlQuery &q = prepared(u"SELECT data FROM document_blob WHERE hash = ?"_s);
    bindAt(q, 0, contentHash);
    if (!exec(q) || !q.next())
        return {};
    QByteArray data = q.value(0).toByteArray();
    q.finish();
    return data;
}

QList<RunSummary> ProjectStore::runs()
{
    QList<RunSummary> out;
    QSqlQuery &q = prepared(
        u"SELECT r.id, r.name, r.kind, r.status, COALESCE(b.key, ''), r.created_at,"
        " (SELECT count(*) FROM verdict v WHERE v.run_id = r.id),"
        " (SELECT count(*) FROM verdict v WHERE v.run_id = r.id AND v.value IS NULL)"
        " FROM judge_run r LEFT JOIN benchmark b ON b.id = r.benchmark_id ORDER BY r.id"_s);
    if (!exec(q))
        return out;
    while (q.next()) {
        out.append({q.value(0).toLongLong(), q.value(1).toString(), q.value(2).toString(),
                    q.value(3).toString(), q.value(4).toString(), StoreCodec::toTime(q.value(5)),
                    q.value(6).toInt(), q.value(7).toInt()});
    }
    return out;
}

std::optional<RowId> ProjectStore::runBySourceHash(const QString &sourceHash)
{
    QSqlQuery &q = prepared(u"SELECT id FROM judge_run WHERE source_hash = ?"_s);
    bindAt(q, 0, sourceHash);
    if (!exec(q))
        return std::nullopt;
    return singleId(q);
}

QList<Verdict> ProjectStore::verdicts(RowId runId, RowId reportId)
{
    QList<Verdict> out;
    QSqlQuery &q = prepared(
        u"SELECT id, run_id, report_id, rubric_id, value, label, reason, evidence, error, raw,"
        " evidence_status, evidence_coverage, created_at FROM verdict"
        " WHERE run_id = ? AND report_id = ?"
        " ORDER BY rubric_id"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, reportId);
    if (!exec(q))
        return out;
    while (q.next()) {
        Verdict v;
        v.id = q.value(0).toLongLong();
        v.runId = q.value(1).toLongLong();
        v.reportId = q.value(2).toLongLong();
        v.rubricId = q.value(3).toLongLong();
        v.value = StoreCodec::toNumber(q.value(4));
        v.label = q.value(5).toString();
        v.reason = q.value(6).toString();
        v.evidence = q.value(7).toString();
        v.error = q.value(8).toString();
        v.raw = StoreCodec::toJson(q.value(9));
        v.evidenceStatus = q.value(10).toString();
        v.evidenceCoverage = StoreCodec::toNumber(q.value(11));
        v.createdAt = StoreCodec::toTime(q.value(12));
        out.append(v);
    }
    return out;
}

QList<Verdict> ProjectStore::verdictsOfReport(RowId reportId)
{
    QList<Verdict> out;
    QSqlQuery &q = prepared(u"SELECT id, run_id, rubric_id, evidence FROM verdict"
                            " WHERE report_id = ? ORDER BY id"_s);
    bindAt(q, 0, reportId);
    if (!exec(q))
        return out;
    while (q.next()) {
        Verdict v;
        v.id = q.value(0).toLongLong();
        v.runId = q.value(1).toLongLong();
        v.reportId = reportId;
        v.rubricId = q.value(2).toLongLong();
        v.evidence = q.value(3).toString();
        out.append(v);
    }
    return out;
}

QList<AnnotationEvent> ProjectStore::annotationHistory(RowId reportId, RowId rubricId)
{
    QList<AnnotationEvent> out;
    QSqlQuery &q = prepared(QString::fromLatin1(annotationColumns)
                            + u" WHERE e.report_id = ? AND e.rubric_id = ? ORDER BY e.id"_s);
    bindAt(q, 0, reportId);
    bindAt(q, 1, rubricId);
    if (!exec(q))
        return out;
    while (q.next())
        out.append(annotationFrom(q));
    return out;
}

std::optional<AnnotationEvent> ProjectStore::currentAnnotation(RowId reportId, RowId rubricId,
                                                               const QString &annotator,
                                                               AnnotationKind kind)
{
    // Ids grow with every append, so the largest id is the newest event even when two
    // machines' clocks disagree.
    QSqlQuery &q = prepared(QString::fromLatin1(annotationColumns)
                            + u" WHERE e.report_id = ? AND e.rubric_id = ? AND e.kind = ?"
                              " AND (COALESCE(?, '') = '' OR e.annotator = ?)"
                              " ORDER BY e.id DESC LIMIT 1"_s);
    bindAt(q, 0, reportId);
    bindAt(q, 1, rubricId);
    bindAt(q, 2, annotationKindKey(kind));
    bindAt(q, 3, annotator);
    bindAt(q, 4, annotator);
    if (!exec(q) || !q.next())
        return std::nullopt;
    AnnotationEvent e = annotationFrom(q);
    q.finish();
    return e;
}

QHash<RowId, AnnotationEvent>
ProjectStore::currentAnnotations(RowId reportId, const QString &annotator, AnnotationKind kind)
{
    QHash<RowId, AnnotationEvent> out;
    // Ascending ids: a later event of the same rubric replaces an earlier one.
    QSqlQuery &q = prepared(QString::fromLatin1(annotationColumns)
                            + u" WHERE e.report_id = ? AND e.kind = ?"
                              " AND (COALESCE(?, '') = '' OR e.annotator = ?) ORDER BY e.id"_s);
    bindAt(q, 0, reportId);
    bindAt(q, 1, annotationKindKey(kind));
    bindAt(q, 2, annotator);
    bindAt(q, 3, annotator);
    if (!exec(q))
        return out;
    while (q.next()) {
        const AnnotationEvent e = annotationFrom(q);
        out.insert(e.rubricId, e);
    }
    return out;
}

QList<AnnotationEvent> ProjectStore::annotationEvents(const QString &benchmarkKey)
{
    QList<AnnotationEvent> out;
    QSqlQuery &q = prepared(QString::fromLatin1(annotationColumns)
                            + u" JOIN report p ON p.id = e.report_id"
                              " JOIN task t ON t.id = p.task_id"
                              " JOIN benchmark b ON b.id = t.benchmark_id"
                              " WHERE (COALESCE(?, '') = '' OR b.key = ?) ORDER BY e.id"_s);
    bindAt(q, 0, benchmarkKey);
    bindAt(q, 1, benchmarkKey);
    if (!exec(q))
        return out;
    while (q.next())
        out.append(annotationFrom(q));
    return out;
}

std::optional<std::pair<RowId, QString>> ProjectStore::newestRunFor(RowId reportId)
{
    QSqlQuery &q = prepared(u"SELECT r.id, r.name FROM judge_run r WHERE EXISTS (SELECT 1"
                            " FROM verdict v WHERE v.run_id = r.id AND v.report_id = ?)"
                            " ORDER BY r.id DESC LIMIT 1"_s);
    bindAt(q, 0, reportId);
    if (!exec(q) || !q.next())
        return std::nullopt;
    std::pair<RowId, QString> run{q.value(0).toLongLong(), q.value(1).toString()};
    q.finish();
    return run;
}

QList<std::pair<RowId, QString>> ProjectStore::runsFor(RowId reportId)
{
    QList<std::pair<RowId, QString>> out;
    QSqlQuery &q = prepared(u"SELECT r.id, r.name FROM judge_run r WHERE EXISTS (SELECT 1"
                            " FROM verdict v WHERE v.run_id = r.id AND v.report_id = ?)"
                            " ORDER BY r.id DESC"_s);
    bindAt(q, 0, reportId);
    if (!exec(q))
        return out;
    while (q.next())
        out.append({q.value(0).toLongLong(), q.value(1).toString()});
    return out;
}

QHash<RowId, QList<EvidenceSpanRow>> ProjectStore::evidenceSpansOfReport(RowId runId,
                                                                         RowId reportId)
{
    QHash<RowId, QList<EvidenceSpanRow>> out;
    QSqlQuery &q = prepared(u"SELECT v.rubric_id, e.start, e.length, e.method"
                            " FROM verdict_evidence e JOIN verdict v ON v.id = e.verdict_id"
                            " WHERE v.run_id = ? AND v.report_id = ?"
                            " ORDER BY v.rubric_id, e.position"_s);
    bindAt(q, 0, runId);
    bindAt(q, 1, reportId);
    if (!exec(q))
        return out;
    while (q.next())
        out[q.value(0).toLongLong()].append(
            {q.value(1).toInt(), q.value(2).toInt(), q.value(3).toString()});
    return out;
}

QList<CountRow> ProjectStore::countRows(const QString &sql)
{
    QList<CountRow> out;
    QSqlQuery &q = prepared(sql);
    if (!exec(q))
        return out;
    while (q.next())
        out.append({q.value(0).toString(), q.value(1).toString(), q.value(2).toInt()});
    return out;
}

ProjectStats ProjectStore::stats()
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

QList<SearchHit> ProjectStore::search(const QString &text, int limit)
{
    QList<SearchHit> hits;
    const QStringList terms = text.split(QRegularExpression(u"\\s+"_s), Qt::SkipEmptyParts);
    if (terms.isEmpty())
        return hits;

    QList<std::pair<RowId, QString>> found;
    const QString match = m_db->dialect().matchExpression(terms);
    if (!match.isEmpty()) {
        QSqlQuery &q = prepared(m_db->dialect().reportSearchQuery());
        q.bindValue(u":match"_s, match);
        q.bindValue(u":limit"_s, limit);
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
const QString labelFilterClause
    = u" AND (COALESCE(?, '') = '' OR instr(?, ',' || COALESCE(x.method, 'unknown') || ',') > 0)"
      " AND (? IS NULL OR x.judge_visible = ?)"
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

QList<RatingRow> ProjectStore::ratingRows(const QString &benchmarkKey, const LabelFilter &labels)
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

QList<RatingRow> ProjectStore::goldRatingRows(const QString &benchmarkKey)
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

QList<AdjudicationItem> ProjectStore::adjudicationItems(const QList<std::pair<RowId, RowId>> &items)
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
        while (bq.next()) {
            const Rubric r = rubricFrom(bq);
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

    QList<AdjudicationItem> out;
    if (!ok)
        return out;
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

QList<AdjudicationItem> ProjectStore::adjudicationItems(RowId reportId)
{
    const auto r = report(reportId);
    if (!r)
        return {};
    QList<std::pair<RowId, RowId>> items;
    for (const Rubric &rubric : reportItems(*r))
        items.append({reportId, rubric.id});
    return adjudicationItems(items);
}

} // namespace Rubricate
