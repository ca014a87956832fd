#include "researchrubricsimporter.h"

#include "importcontext.h"
#include "inputfiles.h"
#include "jsonlreader.h"
#include "reportfiles.h"
#include "store/projectstore.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString titleFromPrompt(const QString &prompt)
{
    QString first = prompt.section(u'\n', 0, 0).simplified();
    if (first.size() > 90)
        first = first.left(87) + u"..."_s;
    return first;
}

// Positions (1-based) of the criteria without text or a numeric weight.
QStringList malformedCriteria(const QJsonArray &items)
{
    QStringList bad;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const QJsonObject c = items.at(i).toObject();
        if (c.value(u"criterion"_s).toString().trimmed().isEmpty()
            || !c.value(u"weight"_s).isDouble())
            bad << u"#%1"_s.arg(i + 1);
    }
    return bad;
}

// Stores the prompt's criteria; fails on a database error.
Result<void> importCriteria(ProjectStore &store, RowId taskId, const QString &sampleId,
                            const QJsonArray &items, ImportSummary &summary, const QString &name,
                            int line)
{
    QHash<QString, int> firstByText; // text -> position
    QList<RowId> ids;
    for (int position = 0; position < items.size(); ++position) {
        const QJsonObject c = items.at(position).toObject();
        Rubric r;
        r.taskId = taskId;
        r.dimension = c.value(u"axis"_s).toString(u"(no axis)"_s);
        r.position = position;
        r.text = c.value(u"criterion"_s).toString();
        r.weight = c.value(u"weight"_s).toDouble();
        r.scale = VerdictScale::Ternary;
        if (c.contains(u"mandatory"_s))
            r.mandatory = c.value(u"mandatory"_s).toBool();
        r.metadata = unmappedFields(c, {u"criterion"_s, u"weight"_s, u"axis"_s, u"mandatory"_s});
        const auto first = firstByText.constFind(r.text);
        if (first != firstByText.cend()) {
            r.duplicateOf = ids.at(first.value());
            summary.warn(name, line,
                         u"%1: criterion #%2 repeats #%3 and is kept as its duplicate: \"%4\""_s
                             .arg(sampleId)
                             .arg(position + 1)
                             .arg(first.value() + 1)
                             .arg(r.text.left(80)));
        }
        const Upserted u = store.catalog().upsertRubric(r);
        if (!u.ok())
            return u.error;
        countUpsert(summary, u"rubrics"_s, u);
        ids << u.id;
        if (first == firstByText.cend())
            firstByText.insert(r.text, position);
    }
    return {};
}

} // namespace

ImportSummary importResearchRubrics(ProjectStore &store, const QString &path)
{
    QHash<QString, int> lineOfSample;
    return importDefiningJsonl(
        store, path, u"researchrubrics"_s, QString::fromLatin1(BenchmarkKey::ResearchRubrics),
        [&](const Benchmark &bench, const QJsonObject &o, int line, ImportSummary &summary,
            const QString &name) -> Result<void> {
            const QString sampleId = o.value(u"sample_id"_s).toString();
            const QJsonValue rubricsValue = o.value(u"rubrics"_s);
            if (sampleId.isEmpty() || !rubricsValue.isArray()) {
                summary.error(name, line, u"missing \"sample_id\" or \"rubrics\"; skipped"_s);
                return {};
            }
            if (const auto first = lineOfSample.constFind(sampleId); first != lineOfSample.cend()) {
                summary.error(
                    name, line,
                    u"sample_id %1 repeats line %2; the repeat is skipped"_s.arg(sampleId).arg(
                        first.value()));
                return {};
            }
            // The score is a weighted fraction over all criteria: without one of them it is
            // another number, so the prompt waits until its line is fixed.
            const QJsonArray items = rubricsValue.toArray();
            if (const QStringList bad = malformedCriteria(items); !bad.isEmpty()) {
                summary.error(
                    name, line,
                    u"%1: criteria %2 lack text or a numeric weight; prompt skipped"_s.arg(
                        sampleId, bad.join(u", "_s)));
                return {};
            }
            lineOfSample.insert(sampleId, line);
            Task task;
            task.benchmarkId = bench.id;
            task.externalId = sampleId;
            task.prompt = o.value(u"prompt"_s).toString();
            task.judgeTask = task.prompt;
            task.title = titleFromPrompt(task.prompt);
            task.theme = o.value(u"domain"_s).toString();
            task.language = o.value(u"language"_s).toString(u"en"_s);
            task.complexity
                = {o.value(u"conceptual_breadth"_s).toString(),
                   o.value(u"logical_nesting"_s).toString(), o.value(u"exploration"_s).toString()};
            task.metadata = unmappedFields(o,
                                           {u"sample_id"_s, u"prompt"_s, u"domain"_s, u"language"_s,
                                            u"conceptual_breadth"_s, u"logical_nesting"_s,
                                            u"exploration"_s, u"rubrics"_s});
            const Upserted t = store.catalog().upsertTask(task);
            if (!t.ok())
                return t.error;
            countUpsert(summary, u"tasks"_s, t);
            return importCriteria(store, t.id, sampleId, items, summary, name, line);
        });
}

ImportSummary importResearchRubricsReports(ProjectStore &store, const QString &dir,
                                           const QString &model)
{
    ImportSummary summary;
    summary.kind = u"researchrubrics-reports"_s;
    const QFileInfo root(dir);
    if (!root.isDir()) {
        summary.error(dir, 0, u"not a folder"_s);
        return summary;
    }
    const auto bench
        = requireBenchmark(store, QString::fromLatin1(BenchmarkKey::ResearchRubrics), summary, dir,
                           u"the ResearchRubrics criteria (processed_data.jsonl)"_s);
    if (!bench)
        return summary;
    const QString modelName = model.isEmpty() ? root.fileName() : model;
    Transaction tx(store);
    const auto modelId = store.reports().ensureModel(modelName);
    Result<void> written = importStarted(tx, modelId);
    QList<ReportSource> sources;
    QSet<QString> seenStems;
    const FolderListing listing = listInputFolder(dir, dir);
    reportRefused(listing, {}, summary);
    for (const FolderEntry &f : listing.entries) {
        if (!written)
            break;
        if (f.isDir) {
            summary.warn(f.name, 0, u"a folder; responses are files <sample_id>.md, ignored"_s);
            continue;
        }
        const QString stem = QFileInfo(f.name).completeBaseName();
        const auto taskId = store.catalog().taskId(bench->id, stem);
        if (!taskId) {
            summary.warn(f.name, 0,
                         u"no ResearchRubrics prompt with sample_id %1; skipped"_s.arg(stem));
            continue;
        }
        if (seenStems.contains(stem)) {
            summary.error(f.name, 0, u"a second response for %1; skipped"_s.arg(stem));
            continue;
        }
        seenStems.insert(stem);
        ReportSource s;
        s.displayName = modelName + u'/' + f.name;
        s.path = f.path;
        s.root = dir;
        s.fileName = f.name;
        s.modelId = *modelId;
        s.taskId = *taskId;
        sources << s;
    }
    if (written)
        written = storeReports(store, sources, summary);
    commitImport(tx, summary, root.fileName(), written);
    return summary;
}

} // namespace Rubricate
