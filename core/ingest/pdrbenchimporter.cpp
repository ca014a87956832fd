#include "pdrbenchimporter.h"

#include "importcontext.h"
#include "inputfiles.h"
#include "jsonlreader.h"
#include "reportfiles.h"
#include "store/projectstore.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString idString(const QJsonValue &v)
{
    if (v.isDouble())
        return QString::number(qint64(v.toDouble()));
    return v.toString();
}

QString personaKey(const QJsonObject &o)
{
    for (const char *key : {"userid", "user_id", "persona_id"}) {
        QString id = idString(o.value(QLatin1StringView(key)));
        if (!id.isEmpty())
            return id;
    }
    return {};
}

// Queries that share a task text are one task asked by several personas.
QString taskKeyFor(const QJsonObject &o, const QString &text)
{
    QString explicitId = idString(o.value(u"task_id"_s));
    if (!explicitId.isEmpty())
        return explicitId;
    return u"t-"_s + sha256Hex(text.toUtf8()).left(12);
}

const QStringList personalizationDimensions
    = {u"goal_alignment"_s, u"content_alignment"_s, u"presentation_fit"_s,
       u"actionability_practicality"_s};
const QStringList qualityDimensions
    = {u"depth_insight"_s, u"logical_coherence"_s, u"clarity_readability"_s};

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

} // namespace

ImportSummary importPdrPersonas(ProjectStore &store, const QString &path)
{
    return importDefiningJsonl(
        store, path, u"pdr-personas"_s, QString::fromLatin1(BenchmarkKey::PdrBench),
        [&](const Benchmark &bench, const QJsonObject &o, int line, ImportSummary &summary,
            const QString &name) -> Result<void> {
            const QString id = personaKey(o);
            if (id.isEmpty()) {
                summary.error(name, line, u"persona without \"userid\"; skipped"_s);
                return {};
            }
            Persona p;
            p.benchmarkId = bench.id;
            p.externalId = id;
            p.name = o.value(u"name"_s).toString();
            p.attributes = o;
            const Upserted u = store.catalog().upsertPersona(p);
            countUpsert(summary, u"personas"_s, u);
            return u.written();
        });
}

ImportSummary importPdrQueries(ProjectStore &store, const QString &path)
{
    return importDefiningJsonl(
        store, path, u"pdr-queries"_s, QString::fromLatin1(BenchmarkKey::PdrBench),
        [&](const Benchmark &bench, const QJsonObject &o, int line, ImportSummary &summary,
            const QString &name) -> Result<void> {
            const QString id = idString(o.value(u"id"_s));
            const QString text = o.value(u"task"_s).toString();
            if (id.isEmpty() || text.trimmed().isEmpty()) {
                summary.error(name, line, u"query without \"id\" or \"task\"; skipped"_s);
                return {};
            }
            // The reference ships one query file per language with the same ids; reports name
            // only the id, so one project holds one language of them, never a mix.
            const QString language = o.value(u"language"_s).toString();
            if (const auto existingId = store.catalog().queryId(bench.id, id)) {
                const auto existing = store.catalog().query(*existingId);
                if (existing && !existing->language.isEmpty() && !language.isEmpty()
                    && existing->language != language) {
                    summary.error(name, line,
                                  u"query %1 is already in the project in language \"%2\"; "
                                  u"this \"%3\" query has the same id, and reports name "
                                  u"queries by id only: import each language into its own "
                                  u"project. Skipped"_s.arg(id, existing->language, language));
                    return {};
                }
            }
            Task task;
            task.benchmarkId = bench.id;
            task.externalId = taskKeyFor(o, text);
            task.prompt = text;
            task.judgeTask = text;
            task.title = text.simplified().left(90);
            task.language = language;
            task.theme = o.value(u"domain"_s).toString();
            const Upserted t = store.catalog().upsertTask(task);
            if (!t.ok())
                return t.error;
            countUpsert(summary, u"tasks"_s, t);

            Query q;
            q.benchmarkId = bench.id;
            q.taskId = t.id;
            q.externalId = id;
            q.text = text;
            q.language = task.language;
            q.setting = o.value(u"setting"_s).toString(u"task_persona"_s);
            const QString userId = personaKey(o);
            if (!userId.isEmpty()) {
                q.personaId = store.catalog().personaId(bench.id, userId);
                if (!q.personaId)
                    summary.warn(name, line,
                                 u"query %1: persona %2 not imported (yet)"_s.arg(id, userId));
            }
            q.metadata = unmappedFields(o, {u"id"_s, u"task"_s});
            const Upserted u = store.catalog().upsertQuery(q);
            countUpsert(summary, u"queries"_s, u);
            return u.written();
        });
}

ImportSummary importPdrCriteria(ProjectStore &store, const QString &path)
{
    return importDefiningJsonl(
        store, path, u"pdr-criteria"_s, QString::fromLatin1(BenchmarkKey::PdrBench),
        [&](const Benchmark &bench, const QJsonObject &o, int line, ImportSummary &summary,
            const QString &name) -> Result<void> {
            const QString id = idString(o.value(u"id"_s));
            const auto queryId = store.catalog().queryId(bench.id, id);
            if (!queryId) {
                summary.error(name, line, u"criteria for unknown query id %1; skipped"_s.arg(id));
                return {};
            }
            const auto query = store.catalog().query(*queryId);
            const QString language = o.value(u"language"_s).toString();
            if (!language.isEmpty() && !query->language.isEmpty() && language != query->language) {
                summary.error(name, line,
                              u"criteria in language \"%1\" for query %2, which is in \"%3\"; "
                              u"skipped"_s.arg(language, id, query->language));
                return {};
            }
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
    QList<ReportSource> sources;
    QSet<RowId> seen;
    readJsonLines(path, name, summary, [&](const QJsonObject &o, int line) {
        if (!written)
            return;
        const QString id = idString(o.value(u"id"_s));
        const QJsonValue article = o.value(u"article"_s);
        if (id.isEmpty() || !article.isString()) {
            summary.error(name, line, u"line without \"id\" or \"article\"; skipped"_s);
            return;
        }
        const auto queryId = store.catalog().queryId(bench->id, id);
        if (!queryId) {
            summary.warn(name, line, u"no query with id %1; skipped"_s.arg(id));
            return;
        }
        if (seen.contains(*queryId)) {
            summary.error(name, line, u"a second article for query %1; skipped"_s.arg(id));
            return;
        }
        seen.insert(*queryId);
        ReportSource s;
        s.displayName = u"%1:%2 (query %3)"_s.arg(name).arg(line).arg(id);
        s.bytes = QJsonDocument(o).toJson(QJsonDocument::Compact);
        s.fileName = u"%1.md"_s.arg(id);
        s.modelId = *modelId;
        s.taskId = store.catalog().query(*queryId)->taskId;
        s.queryId = *queryId;
        s.knownText = article.toString();
        sources << s;
    });
    if (written)
        written = storeReports(store, sources, summary);
    commitImport(tx, store, summary, name, written);
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
