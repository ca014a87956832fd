#include "pdrbenchimporter.h"

#include "importcontext.h"
#include "inputfiles.h"
#include "jsonlreader.h"
#include "jsontext.h"
#include "reportfiles.h"
#include "store/projectstore.h"

#include <QDir>
#include <QFileInfo>
#include <QHash>
#include <QJsonArray>
#include <QJsonDocument>

#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QStringList personaKeys = {u"userid"_s, u"user_id"_s, u"persona_id"_s};

// An id as the files write it: a string or an integer (empty when absent). A number with a
// fraction, or beyond the integers a double holds exactly, would otherwise be cut to another
// record's id.
Result<QString> idOf(const QJsonObject &o, const QString &key)
{
    const QJsonValue v = o.value(key);
    if (v.isUndefined() || v.isNull() || v.isString())
        return v.toString();
    constexpr double exactIntegers = 9007199254740992.0; // 2^53: beyond it a double skips some
    const double n = v.toDouble();
    if (v.isDouble() && n == std::trunc(n) && std::abs(n) < exactIntegers)
        return QString::number(qint64(n));
    return Error{u"\"%1\" must be an integer or a string, not %2"_s.arg(
        key, v.isDouble() ? QString::number(n, 'g', 17) : jsonKind(v))};
}

Result<QString> personaKey(const QJsonObject &o)
{
    for (const QString &key : personaKeys) {
        Result<QString> id = idOf(o, key);
        if (!id || !id->isEmpty())
            return id;
    }
    return QString();
}

// Queries that share a task text are one task asked by several personas.
Result<QString> taskKeyFor(const QJsonObject &o, const QString &text)
{
    Result<QString> explicitId = idOf(o, u"task_id"_s);
    if (!explicitId || !explicitId->isEmpty())
        return explicitId;
    return QString(u"t-"_s + sha256Hex(text.toUtf8()).left(12));
}

// The line that first gave each id in one file. A later line with the same id would replace
// that record, so it is refused with both lines named; a line repeating the first exactly
// loses nothing and is skipped with a warning.
class FirstLines
{
public:
    explicit FirstLines(QString what)
        : m_what(std::move(what))
    { }

    // Whether `id` came before; the summary then says what became of this line.
    bool repeated(const QString &id, const QJsonObject &o, int line, ImportSummary &summary,
                  const QString &file) const
    {
        const auto first = m_first.constFind(id);
        if (first == m_first.cend())
            return false;
        const QString repeat = u"%1 %2 repeats line %3"_s.arg(m_what, id).arg(first->line);
        if (first->record == o)
            summary.warn(file, line, repeat + u" exactly; skipped"_s);
        else
            summary.error(file, line,
                          repeat
                              + u" with other content; line %1 is kept and this one skipped"_s.arg(
                                  first->line));
        return true;
    }
    void remember(const QString &id, const QJsonObject &o, int line)
    {
        m_first.insert(id, {line, o});
    }

private:
    struct First {
        int line;
        QJsonObject record;
    };
    QString m_what;
    QHash<QString, First> m_first;
};

const QStringList personalizationDimensions
    = {u"goal_alignment"_s, u"content_alignment"_s, u"presentation_fit"_s,
       u"actionability_practicality"_s};
const QStringList qualityDimensions
    = {u"depth_insight"_s, u"logical_coherence"_s, u"clarity_readability"_s};

// What in one family's weights and criteria is not of the reference's shape. A weight that
// is not a number would read as 0 and move every score of the query, and a member that is
// not an object or list would read as empty and remove the query's criteria, so either
// refuses the whole line.
QStringList shapeProblems(const QJsonObject &o, const QString &family)
{
    QStringList problems;
    const auto expect = [&](const QJsonValue &v, bool ok, const QString &what, const char *kind) {
        if (!ok)
            problems << u"%1 is %2, not %3"_s.arg(what, jsonKind(v), QLatin1StringView(kind));
    };
    const QString weightsKey = family + u"_weights"_s;
    const QJsonValue weights = o.value(weightsKey);
    expect(weights, weights.isUndefined() || weights.isObject(), weightsKey, "an object");
    const QJsonObject weightsObject = weights.toObject();
    for (auto w = weightsObject.constBegin(); w != weightsObject.constEnd(); ++w)
        expect(w.value(), w.value().isDouble(), weightsKey + u'.' + w.key(), "a number");
    const QString criteriaKey = family + u"_criterions"_s;
    const QJsonValue criteria = o.value(criteriaKey);
    expect(criteria, criteria.isUndefined() || criteria.isObject(), criteriaKey, "an object");
    const QJsonObject criteriaObject = criteria.toObject();
    for (auto dim = criteriaObject.constBegin(); dim != criteriaObject.constEnd(); ++dim) {
        expect(dim.value(), dim.value().isArray(), criteriaKey + u'.' + dim.key(), "a list");
        const QJsonArray items = dim.value().toArray();
        for (qsizetype i = 0; i < items.size(); ++i) {
            const QJsonValue weight = items.at(i).toObject().value(u"weight"_s);
            expect(weight, weight.isDouble(),
                   u"the weight of %1.%2 #%3"_s.arg(criteriaKey, dim.key()).arg(i + 1), "a number");
        }
    }
    return problems;
}

// One family's criteria of a criteria line, checked as the reference checks them.
QList<Rubric> criteriaOfFamily(const QJsonObject &o, const QString &family, const Query &query,
                               ImportSummary &summary, const QString &name, int line)
{
    const QString &id = query.externalId;
    const QJsonObject weights = o.value(family + u"_weights"_s).toObject();
    const QJsonObject criteria = o.value(family + u"_criterions"_s).toObject();
    double weightSum = 0;
    for (auto w = weights.constBegin(); w != weights.constEnd(); ++w)
        weightSum += w.value().toDouble();
    if (!weights.isEmpty() && qAbs(weightSum - 1.0) > 1e-6)
        summary.warn(name, line,
                     u"query %1: %2 weights sum to %3, not 1"_s.arg(id, family).arg(weightSum));
    const QStringList &known
        = family == "quality"_L1 ? qualityDimensions : personalizationDimensions;
    QList<Rubric> out;
    for (auto dim = criteria.constBegin(); dim != criteria.constEnd(); ++dim) {
        if (!known.contains(dim.key()))
            summary.warn(name, line,
                         u"query %1: unknown dimension \"%2\" kept"_s.arg(id, dim.key()));
        const QJsonArray items = dim.value().toArray();
        double subSum = 0;
        for (int position = 0; position < items.size(); ++position) {
            const QJsonObject c = items.at(position).toObject();
            Rubric r;
            r.taskId = query.taskId;
            r.queryId = query.id;
            r.dimension = dim.key();
            r.position = position;
            r.text = c.value(u"criterion"_s).toString();
            r.weight = c.value(u"weight"_s).toDouble();
            subSum += r.weight;
            if (weights.contains(dim.key()))
                r.dimensionWeight = weights.value(dim.key()).toDouble();
            r.scale = VerdictScale::ZeroToTen;
            // "origin" tells imported criteria from judge-generated ones.
            r.metadata = {{u"family"_s, family},
                          {u"explanation"_s, c.value(u"explanation"_s)},
                          {u"origin"_s, u"imported"_s}};
            if (r.text.trimmed().isEmpty()) {
                summary.error(name, line,
                              u"query %1: empty %2 criterion; skipped"_s.arg(id, dim.key()));
                continue;
            }
            out.append(r);
        }
        if (!items.isEmpty() && qAbs(subSum - 1.0) > 1e-6)
            summary.warn(
                name, line,
                u"query %1: %2 sub-criteria weights sum to %3"_s.arg(id, dim.key()).arg(subSum));
    }
    return out;
}

QString criterionKey(const Rubric &r)
{
    return r.dimension + u'#' + QString::number(r.position);
}

// A criteria line is the query's whole set: a revised file (criteria_gpt5_revise.jsonl after
// criteria_gpt5.jsonl) replaces the criteria, it does not add to them. It is the criteria
// editor's replacement with the file as editor: a criterion left out goes with its verdicts,
// one with human labels never does (then the query keeps its set and the line is an error),
// and a changed one keeps its id and place and is marked edited, so that verdicts on the old
// text show as stale.
Result<void> replaceImportedCriteria(ProjectStore &store, const Query &query, QList<Rubric> wanted,
                                     ImportSummary &summary, const QString &name, int line)
{
    QHash<QString, RowId> existing;
    for (const Rubric &r : store.catalog().rubrics(query.taskId, query.id))
        existing.insert(criterionKey(r), r.id);
    for (Rubric &r : wanted)
        r.id = existing.value(criterionKey(r));
    CriteriaEditOptions options;
    options.editor = name;
    options.allowDeletingJudged = true;
    options.fromImport = true;
    const auto result = store.catalog().replaceQueryCriteria(query.id, wanted, options);
    if (!result) {
        summary.error(
            name, line,
            u"query %1: criteria not replaced, the query keeps them as they were: %2"_s.arg(
                query.externalId, result.errorMessage()));
        return {};
    }
    if (!result->deleted.isEmpty())
        summary.warn(name, line,
                     u"query %1: %2 earlier criteria not in this file removed, with their judge "
                     u"verdicts"_s.arg(query.externalId)
                         .arg(result->deleted.size()));
    const auto count = [](QMap<QString, int> &counts, qsizetype n) {
        if (n > 0)
            counts[u"rubrics"_s] += int(n);
    };
    count(summary.added, result->inserted.size());
    count(summary.updated, result->updated.size());
    count(summary.unchanged, result->unchanged);
    return {};
}

// The ids a query line names: its own, its task's and its persona's.
struct QueryIds {
    QString query;
    QString task;
    QString persona;
};

Result<QueryIds> queryIdsOf(const QJsonObject &o, const QString &text)
{
    Result<QString> query = idOf(o, u"id"_s);
    if (!query)
        return query.error();
    Result<QString> task = taskKeyFor(o, text);
    if (!task)
        return task.error();
    Result<QString> persona = personaKey(o);
    if (!persona)
        return persona.error();
    return QueryIds{*query, *task, *persona};
}

// The line of a query file that gave a task id first, with its text.
struct TaskLine {
    int line = 0;
    QString text;
};

// The reference ships one query file per language with the same ids; reports name only the
// id, so one project holds one language of them, never a mix.
bool inAnotherLanguage(ProjectStore &store, const Benchmark &bench, const QString &id,
                       const QString &language, ImportSummary &summary, const QString &name,
                       int line)
{
    const auto existingId = store.catalog().queryId(bench.id, id);
    if (!existingId || language.isEmpty())
        return false;
    const auto existing = store.catalog().query(*existingId);
    if (!existing || existing->language.isEmpty() || existing->language == language)
        return false;
    summary.error(name, line,
                  u"query %1 is already in the project in language \"%2\"; this \"%3\" query "
                  u"has the same id, and reports name queries by id only: import each language "
                  u"into its own project. Skipped"_s.arg(id, existing->language, language));
    return true;
}

// The query's task (shared with the other queries of its text) and the query itself.
Result<void> writeQuery(ProjectStore &store, const Benchmark &bench, const QJsonObject &o,
                        const QueryIds &ids, ImportSummary &summary, const QString &name, int line)
{
    const QString text = o.value(u"task"_s).toString();
    Task task;
    task.benchmarkId = bench.id;
    task.externalId = ids.task;
    task.prompt = text;
    task.judgeTask = text;
    task.title = text.simplified().left(90);
    task.language = o.value(u"language"_s).toString();
    task.theme = o.value(u"domain"_s).toString();
    const Upserted t = store.catalog().upsertTask(task);
    if (!t.ok())
        return t.error;
    countUpsert(summary, u"tasks"_s, t);

    Query q;
    q.benchmarkId = bench.id;
    q.taskId = t.id;
    q.externalId = ids.query;
    q.text = text;
    q.language = task.language;
    q.setting = o.value(u"setting"_s).toString(u"task_persona"_s);
    if (!ids.persona.isEmpty()) {
        q.personaId = store.catalog().personaId(bench.id, ids.persona);
        if (!q.personaId)
            summary.warn(name, line,
                         u"query %1: persona %2 not imported (yet)"_s.arg(ids.query, ids.persona));
    }
    q.metadata = unmappedFields(o, {u"id"_s, u"task"_s});
    const Upserted u = store.catalog().upsertQuery(q);
    countUpsert(summary, u"queries"_s, u);
    return u.written();
}

} // namespace

ImportSummary importPdrPersonas(ProjectStore &store, const QString &path)
{
    FirstLines firstLines(u"persona"_s);
    return importDefiningJsonl(
        store, path, u"pdr-personas"_s, QString::fromLatin1(BenchmarkKey::PdrBench), personaKeys,
        [&](const Benchmark &bench, const QJsonObject &o, int line, ImportSummary &summary,
            const QString &name) -> Result<void> {
            const Result<QString> id = personaKey(o);
            if (!id) {
                summary.error(name, line, id.errorMessage() + u"; persona skipped"_s);
                return {};
            }
            if (id->isEmpty()) {
                summary.error(name, line, u"persona without \"userid\"; skipped"_s);
                return {};
            }
            if (firstLines.repeated(*id, o, line, summary, name))
                return {};
            firstLines.remember(*id, o, line);
            Persona p;
            p.benchmarkId = bench.id;
            p.externalId = *id;
            p.name = o.value(u"name"_s).toString();
            p.attributes = o;
            const Upserted u = store.catalog().upsertPersona(p);
            countUpsert(summary, u"personas"_s, u);
            return u.written();
        });
}

ImportSummary importPdrQueries(ProjectStore &store, const QString &path)
{
    FirstLines firstLines(u"query"_s);
    QHash<QString, TaskLine> firstTaskLines;
    return importDefiningJsonl(
        store, path, u"pdr-queries"_s, QString::fromLatin1(BenchmarkKey::PdrBench),
        QStringList{u"id"_s, u"task_id"_s} + personaKeys,
        [&](const Benchmark &bench, const QJsonObject &o, int line, ImportSummary &summary,
            const QString &name) -> Result<void> {
            const QString text = o.value(u"task"_s).toString();
            const Result<QueryIds> ids = queryIdsOf(o, text);
            if (!ids) {
                summary.error(name, line, ids.errorMessage() + u"; query skipped"_s);
                return {};
            }
            if (ids->query.isEmpty() || text.trimmed().isEmpty()) {
                summary.error(name, line, u"query without \"id\" or \"task\"; skipped"_s);
                return {};
            }
            if (firstLines.repeated(ids->query, o, line, summary, name))
                return {};
            // An explicit task_id stands for one text: a second text would replace the prompt
            // of every query asked the first.
            const TaskLine first = firstTaskLines.value(ids->task, {line, text});
            if (first.text != text) {
                summary.error(name, line,
                              u"query %1: task_id %2 names another task text on line %3; "
                              u"line %3 is kept and this query skipped"_s.arg(ids->query, ids->task)
                                  .arg(first.line));
                return {};
            }
            const QString language = o.value(u"language"_s).toString();
            if (inAnotherLanguage(store, bench, ids->query, language, summary, name, line))
                return {};
            firstLines.remember(ids->query, o, line);
            firstTaskLines.insert(ids->task, first);
            return writeQuery(store, bench, o, *ids, summary, name, line);
        });
}

ImportSummary importPdrCriteria(ProjectStore &store, const QString &path)
{
    FirstLines firstLines(u"the criteria of query"_s);
    return importDefiningJsonl(
        store, path, u"pdr-criteria"_s, QString::fromLatin1(BenchmarkKey::PdrBench), {u"id"_s},
        [&](const Benchmark &bench, const QJsonObject &o, int line, ImportSummary &summary,
            const QString &name) -> Result<void> {
            const Result<QString> id = idOf(o, u"id"_s);
            if (!id) {
                summary.error(name, line, id.errorMessage() + u"; criteria skipped"_s);
                return {};
            }
            const auto queryId = store.catalog().queryId(bench.id, *id);
            if (!queryId) {
                summary.error(name, line, u"criteria for unknown query id %1; skipped"_s.arg(*id));
                return {};
            }
            if (firstLines.repeated(*id, o, line, summary, name))
                return {};
            const auto query = store.catalog().query(*queryId);
            const QString language = o.value(u"language"_s).toString();
            if (!language.isEmpty() && !query->language.isEmpty() && language != query->language) {
                summary.error(name, line,
                              u"criteria in language \"%1\" for query %2, which is in \"%3\"; "
                              u"skipped"_s.arg(language, *id, query->language));
                return {};
            }
            QStringList problems;
            for (const auto &family : {u"personalization"_s, u"quality"_s})
                problems += shapeProblems(o, family);
            if (!problems.isEmpty()) {
                summary.error(name, line,
                              u"query %1: %2; criteria skipped, the query keeps those it had"_s.arg(
                                  *id, problems.join(u"; "_s)));
                return {};
            }
            firstLines.remember(*id, o, line);
            QList<Rubric> wanted;
            for (const auto &family : {u"personalization"_s, u"quality"_s})
                wanted += criteriaOfFamily(o, family, *query, summary, name, line);
            return replaceImportedCriteria(store, *query, std::move(wanted), summary, name, line);
        });
}

ImportSummary importPdrReports(ProjectStore &store, const QString &path, const QString &model)
{
    ImportSummary summary;
    summary.kind = u"pdr-reports"_s;
    const QFileInfo info(path);
    const QString name = info.fileName();
    const QString modelName = model.isEmpty() ? info.completeBaseName() : model;
    const auto bench = requireBenchmark(store, QString::fromLatin1(BenchmarkKey::PdrBench), summary,
                                        name, u"the PDR-Bench queries"_s);
    if (!bench)
        return summary;
    Transaction tx(store);
    const auto modelId = store.reports().ensureModel(modelName);
    Result<void> written = importStarted(tx, modelId);
    const auto bytes = readImportFile(path, summary);
    if (!bytes)
        return summary;
    QList<ReportSource> sources;
    FirstLines firstLines(u"the article of query"_s);
    parseJsonLines(*bytes, name, summary, {u"id"_s}, [&](const QJsonObject &o, int line) {
        if (!written)
            return;
        const Result<QString> id = idOf(o, u"id"_s);
        if (!id) {
            summary.error(name, line, id.errorMessage() + u"; article skipped"_s);
            return;
        }
        const QJsonValue article = o.value(u"article"_s);
        if (id->isEmpty() || !article.isString()) {
            summary.error(name, line, u"line without \"id\" or \"article\"; skipped"_s);
            return;
        }
        const auto queryId = store.catalog().queryId(bench->id, *id);
        if (!queryId) {
            summary.warn(name, line, u"no query with id %1; skipped"_s.arg(*id));
            return;
        }
        if (firstLines.repeated(*id, o, line, summary, name))
            return;
        firstLines.remember(*id, o, line);
        ReportSource s;
        s.displayName = u"%1:%2 (query %3)"_s.arg(name).arg(line).arg(*id);
        s.bytes = QJsonDocument(o).toJson(QJsonDocument::Compact);
        s.fileName = u"%1.md"_s.arg(*id);
        s.modelId = *modelId;
        s.taskId = store.catalog().query(*queryId)->taskId;
        s.queryId = *queryId;
        s.knownText = article.toString();
        sources << s;
    });
    if (written)
        written = storeReports(store, sources, summary);
    commitImport(tx, summary, name, written);
    return summary;
}

ImportSummary importPdrFolder(ProjectStore &store, const QString &dir)
{
    ImportSummary summary;
    summary.kind = u"pdrbench"_s;
    QStringList personas, queries, criteria, outputs;
    const FolderListing tree = listInputTree(dir);
    reportRefused(tree, {}, summary);
    for (const FolderEntry &e : tree.entries) {
        if (!e.name.endsWith(u".jsonl"_s, Qt::CaseInsensitive))
            continue;
        const QFileInfo f(e.name);
        const QString lower = f.fileName().toLower();
        const QString parent = f.dir().dirName().toLower();
        if (parent == "cleaned_data"_L1)
            continue; // derived copies of raw_data
        if (parent == "raw_data"_L1)
            outputs << e.path;
        else if (lower.contains("persona"_L1))
            personas << e.path;
        else if (lower.contains("criteri"_L1))
            criteria << e.path;
        else if (lower.contains("quer"_L1))
            queries << e.path;
        else
            summary.warn(e.name, 0,
                         u"not named as personas, queries or criteria, nor in raw_data/; "
                         u"ignored"_s);
    }
    for (QStringList *l : {&personas, &queries, &criteria, &outputs})
        l->sort();
    if (queries.isEmpty()) {
        summary.error(dir, 0, u"no PDR-Bench query file (*quer*.jsonl) found"_s);
        return summary;
    }
    for (const QString &p : std::as_const(personas))
        summary.merge(importPdrPersonas(store, p));
    for (const QString &p : std::as_const(queries))
        summary.merge(importPdrQueries(store, p));
    for (const QString &p : std::as_const(criteria))
        summary.merge(importPdrCriteria(store, p));
    for (const QString &p : std::as_const(outputs))
        summary.merge(importPdrReports(store, p));
    summary.kind = u"pdrbench"_s;
    return summary;
}

} // namespace Rubricate
