#include "researchrubricsresultimporter.h"

#include "domain/researchrubricslabels.h"
#include "domain/scorevalue.h"
#include "evidencepass.h"
#include "importcontext.h"
#include "jsonlreader.h"
#include "jsontext.h"
#include "store/projectstore.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonArray>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// A prompt may list the same criterion twice; lines come in criterion order, so the n-th line
// with a text takes the n-th rubric with that text.
struct CriterionQueue {
    QHash<QString, QList<RowId>> byText; // looseKey(text) -> rubric ids in position order
};

CriterionQueue queueRubrics(const QList<Rubric> &rubrics)
{
    CriterionQueue queue;
    for (const Rubric &r : rubrics)
        queue.byText[looseKey(r.text)] << r.id;
    return queue;
}

std::optional<RowId> onlyModelWithReport(ProjectStore &store, RowId taskId)
{
    std::optional<RowId> found;
    for (const QString &name : store.reports().models()) {
        const auto id = store.reports().modelId(name);
        if (!id || !store.reports().reportId(*id, taskId))
            continue;
        if (found)
            return std::nullopt;
        found = id;
    }
    return found;
}

// A named import joins the imported ResearchRubrics run of that name: the reference writes
// one batch file per agent, and one run should hold them all.
std::optional<RowId> namedImportedRun(ProjectStore &store, const QString &runName)
{
    if (runName.isEmpty())
        return std::nullopt;
    for (const RunSummary &r : store.runs().list().value_or({})) {
        if (r.name == runName && r.benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics)
            && r.kind == judgeKindKey(JudgeKind::Imported))
            return r.id;
    }
    return std::nullopt;
}

} // namespace

ImportSummary importResearchRubricsResults(ProjectStore &store, const QString &path,
                                           const QString &model, const QString &runName)
{
    ImportSummary summary;
    summary.kind = u"researchrubrics-results"_s;
    const QString name = QFileInfo(path).fileName();
    const auto read = readImportFile(path, summary);
    if (!read)
        return summary;
    const QByteArray &bytes = *read;
    const auto bench
        = requireBenchmark(store, QString::fromLatin1(BenchmarkKey::ResearchRubrics), summary, name,
                           u"the ResearchRubrics prompts (processed_data.jsonl)"_s);
    if (!bench)
        return summary;

    Transaction tx(store);
    Result<void> written = tx.began();
    std::optional<RowId> modelId;
    if (!model.isEmpty()) {
        modelId = store.reports().modelId(model);
        if (!modelId) {
            summary.error(name, 0, u"no reports of model \"%1\" in the project"_s.arg(model));
            return summary;
        }
    }
    const QString sourceHash = sha256Hex(bytes + model.toUtf8());
    std::optional<RowId> runId = namedImportedRun(store, runName);
    if (!runId)
        runId = store.runs().runBySourceHash(sourceHash);
    if (runId)
        ++summary.unchanged[u"runs"_s];

    QHash<RowId, CriterionQueue> queues;
    QSet<RowId> reports;
    parseJsonLines(bytes, name, summary, [&](const QJsonObject &o, int line) {
        if (!written)
            return;
        const QString sample = o.value(u"sample_id"_s).toString();
        const QString title = o.value(u"rubric_title"_s).toString();
        if (sample.isEmpty() || title.isEmpty()) {
            summary.error(name, line, u"line without \"sample_id\" or \"rubric_title\"; skipped"_s);
            return;
        }
        const auto taskId = store.catalog().taskId(bench->id, sample);
        if (!taskId) {
            summary.error(
                name, line,
                u"sample %1 is not a ResearchRubrics prompt in this project"_s.arg(sample));
            return;
        }
        if (!modelId) {
            modelId = onlyModelWithReport(store, *taskId);
            if (!modelId) {
                // Not the database's failure, yet the whole file stops: its verdicts would
                // land on a guessed model's reports.
                written = Error{u"the file does not say whose reports it judged and more or "
                                "less than one model has a report for sample %1: name the "
                                "model"_s.arg(sample)};
                summary.error(name, line, written.errorMessage());
                return;
            }
        }
        const auto reportId = store.reports().reportId(*modelId, *taskId);
        if (!reportId) {
            summary.error(name, line, u"sample %1: the model has no report; skipped"_s.arg(sample));
            return;
        }
        if (!runId) {
            const Result<RowId> created
                = createImportedRun(store, bench->id, path, runName, u"researchrubrics"_s,
                                    sourceHash, u"researchrubrics-batch_evaluation.jsonl"_s);
            if (!created) {
                written = created.error();
                return;
            }
            runId = *created;
            ++summary.added[u"runs"_s];
        }
        if (!queues.contains(*taskId))
            queues.insert(*taskId, queueRubrics(store.catalog().rubrics(*taskId)));
        QList<RowId> &candidates = queues[*taskId].byText[looseKey(title)];
        if (candidates.isEmpty()) {
            summary.warn(name, line,
                         u"sample %1: criterion not in the prompt (or listed more often than it "
                         "is): \"%2\""_s.arg(sample, title.left(80)));
            return;
        }
        Verdict v;
        v.runId = *runId;
        v.reportId = *reportId;
        v.rubricId = candidates.takeFirst();
        v.label = o.value(u"verdict"_s).toString();
        v.reason = o.value(u"reasoning"_s).toString();
        QStringList quotes;
        for (const auto &q : o.value(u"evidence_quotes"_s).toArray())
            quotes << q.toString();
        v.evidence = quotes.join(u" ... "_s);
        v.raw = o;
        // "success" is true or false when the reference writes it; anything else says nothing
        // of the judge, and a line that cannot say it succeeded is not taken as a score.
        const QJsonValue success = o.value(u"success"_s);
        const bool judgeFailed = (success.isBool() && !success.toBool())
            || v.label.compare(u"Error"_s, Qt::CaseInsensitive) == 0;
        if (!success.isBool() && !success.isUndefined()) {
            v.error = u"\"success\" is %1, not true or false"_s.arg(jsonKind(success));
        } else if (judgeFailed) {
            v.error = u"the reference judge failed on this criterion (its script counts it as 0)"_s;
        } else {
            takeScore(v, scoreOnScale(o.value(u"score"_s), VerdictScale::Ternary));
            const Result<double> fromLabel = researchRubricsLabelValue(v.label);
            if (v.value && fromLabel && *fromLabel != *v.value) {
                summary.warn(name, line,
                             u"sample %1: score %2 but verdict \"%3\"; the score is kept, as the "
                             "reference reads it"_s.arg(sample)
                                 .arg(*v.value)
                                 .arg(v.label));
            }
        }
        if (!v.value) {
            summary.warn(name, line,
                         u"sample %1: %2 — stored as an error, not as 0"_s.arg(sample, v.error));
        }
        const Upserted u = store.runs().upsertVerdict(v);
        if (!u.ok()) {
            written = u.error;
            return;
        }
        countUpsert(summary, u"verdicts"_s, u);
        reports.insert(*reportId);
    });
    for (RowId report : std::as_const(reports)) {
        if (written)
            written = locateStoredEvidence(store, report);
    }
    commitImport(tx, summary, name, written);
    return summary;
}

} // namespace Rubricate
