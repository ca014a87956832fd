#include "drb2resultimporter.h"

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

struct RubricIndex {
    QHash<QString, RowId> exact; // "dimension\x1ftext"
    QHash<QString, RowId> loose; // "dimension\x1f" + looseKey(text)
    QHash<QString, RowId> anyDimension; // looseKey(text), for judges that misfile a dimension
    int canonicalCount = 0;
};

RubricIndex indexRubrics(const QList<Rubric> &rubrics)
{
    RubricIndex index;
    for (const Rubric &r : rubrics) {
        if (r.duplicateOf)
            continue; // the result file is keyed by text: a repeat shares the first's verdict
        ++index.canonicalCount;
        const QString dim = r.dimension + u'\x1f';
        index.exact.insert(dim + r.text, r.id);
        index.loose.insert(dim + looseKey(r.text), r.id);
        index.anyDimension.insert(looseKey(r.text), r.id);
    }
    return index;
}

QString evidenceText(const QJsonValue &v)
{
    if (v.isArray()) {
        QStringList parts;
        for (const auto &e : v.toArray())
            parts << e.toString();
        return parts.join(u" ... "_s);
    }
    return v.toString();
}

// The judge's verdict on one item. A score written as a string ("1") is an error, not a
// number: DRB-II's aggregator counts only numeric scores, so reading it as 1 would change
// the task's score. `*isString` says so, for one warning per line instead of per item.
Verdict verdictOf(const QJsonObject &item, bool *isString)
{
    Verdict v;
    const QJsonValue score = item.value(u"score"_s);
    *isString = score.isString();
    if (*isString)
        v.error = u"score \"%1\" is a string, not a number"_s.arg(score.toString().left(40));
    else
        takeScore(v, scoreOnScale(score, VerdictScale::Drb2Tristate));
    v.label = score.toVariant().toString();
    v.reason = item.value(u"reason"_s).toString();
    v.evidence = evidenceText(item.value(u"evidence"_s));
    v.raw = item;
    return v;
}

// The line of a result file that holds a (model, idx), and whether its judge failed.
struct PairLine {
    int line = 0;
    bool judgeFailed = false;
};

// Whether a line for a (model, idx) is imported, saying why not in `summary`. The aggregator
// averages the lines of one pair, ignoring one whose judge failed; a run holds one verdict per
// rubric, so a failed line gives way to a judged one, and of two judged lines the first stays.
bool acceptPairLine(QHash<QString, PairLine> &seen, const QString &model, int idx,
                    const PairLine &current, ImportSummary &summary, const QString &file)
{
    const QString pair = model + u'\x1f' + QString::number(idx);
    const auto first = seen.find(pair);
    if (first == seen.end()) {
        seen.insert(pair, current);
        return true;
    }
    const QString repeat = u"%1 idx %2 repeats line %3"_s.arg(model).arg(idx).arg(first->line);
    if (current.judgeFailed) {
        summary.warn(file, current.line,
                     repeat
                         + u"; the judge failed on this line, which is skipped as the "
                           "aggregator ignores it"_s);
        return false;
    }
    if (first->judgeFailed) {
        summary.warn(file, current.line,
                     repeat
                         + u", where the judge failed; this line's verdicts replace it, as "
                           "the aggregator ignores a failed line"_s);
        *first = current;
        return true;
    }
    summary.error(file, current.line,
                  repeat
                      + u"; line %1 is kept and this one skipped (a run holds one verdict "
                        "per rubric: import a re-run as its own file)"_s.arg(first->line));
    return false;
}

} // namespace

ImportSummary importDrb2Results(ProjectStore &store, const QString &path, const QString &runName)
{
    ImportSummary summary;
    summary.kind = u"drb2-results"_s;
    const QString name = QFileInfo(path).fileName();
    const auto read = readImportFile(path, summary);
    if (!read)
        return summary;
    const QByteArray &bytes = *read;
    const auto bench = requireBenchmark(store, QString::fromLatin1(BenchmarkKey::Drb2), summary,
                                        name, u"the DRB-II tasks (tasks_and_rubrics.jsonl)"_s);
    if (!bench)
        return summary;

    Transaction tx(store);
    Result<void> written = tx.began();
    const QString sourceHash = sha256Hex(bytes);
    std::optional<RowId> runId = store.runs().runBySourceHash(sourceHash);
    if (runId) {
        ++summary.unchanged[u"runs"_s];
    } else if (written) {
        const Result<RowId> created = createImportedRun(store, bench->id, path, runName, u"drb2"_s,
                                                        sourceHash, u"drb2-result.jsonl"_s);
        if (created) {
            runId = *created;
            ++summary.added[u"runs"_s];
        } else {
            written = created.error();
        }
    }

    QHash<RowId, RubricIndex> indexes;
    QHash<QString, PairLine> pairLines; // "model\x1fidx" -> the line whose verdicts were kept
    parseJsonLines(bytes, name, summary, {u"idx"_s}, [&](const QJsonObject &o, int line) {
        if (!written)
            return;
        const QString model = o.value(u"model"_s).toString();
        if (model.isEmpty()) {
            summary.error(name, line, u"line without \"model\"; skipped"_s);
            return;
        }
        const Result<int> idxOrNot = taskIndex(o.value(u"idx"_s));
        if (!idxOrNot) {
            summary.error(name, line, idxOrNot.errorMessage() + u"; skipped"_s);
            return;
        }
        const int idx = *idxOrNot;
        QJsonValue resultValue = o.value(u"result"_s);
        if (resultValue.isUndefined())
            resultValue = o.value(u"new_content"_s); // legacy key the aggregator accepts
        QJsonObject result = resultValue.toObject();
        if (resultValue.isString()) {
            const CheckedJson inner
                = parseCheckedJson(resultValue.toString().toUtf8(), name, line, summary);
            if (!inner.ok()) {
                summary.error(name, line, u"\"result\" string: %1; skipped"_s.arg(inner.error));
                return;
            }
            result = inner.document.object();
        }
        const QJsonObject scores = result.value(u"scores"_s).toObject();
        // The pipeline writes {"error": "..."} for a report it could not judge, and our own
        // export lists unusable items under "errors": both become error verdicts.
        const QString failure = result.value(u"error"_s).toString();
        const QJsonObject errors = result.value(u"errors"_s).toObject();
        if (scores.isEmpty() && failure.isEmpty() && errors.isEmpty()) {
            summary.error(name, line, u"%1 idx %2: no scores; skipped"_s.arg(model).arg(idx));
            return;
        }
        const auto taskId = store.catalog().taskId(bench->id, QString::number(idx));
        if (!taskId) {
            summary.error(name, line, u"idx %1 is not a DRB-II task in this project"_s.arg(idx));
            return;
        }
        if (!acceptPairLine(pairLines, model, idx, {line, scores.isEmpty() && !failure.isEmpty()},
                            summary, name))
            return;
        const auto modelId = store.reports().ensureModel(model);
        if (!modelId) {
            written = modelId.error();
            return;
        }
        auto reportId = store.reports().reportId(*modelId, *taskId);
        if (!reportId) {
            // Verdicts need a report to belong to; the file can be imported later.
            Report placeholder;
            placeholder.modelId = *modelId;
            placeholder.taskId = *taskId;
            placeholder.format = ReportFormat::Missing;
            placeholder.warnings << u"report file not imported yet; verdicts from %1"_s.arg(name);
            const Upserted u = store.reports().upsertReport(placeholder, {});
            if (!u.ok()) {
                written = u.error;
                return;
            }
            reportId = u.id;
            ++summary.added[u"report placeholders"_s];
        }
        if (!indexes.contains(*taskId))
            indexes.insert(*taskId, indexRubrics(store.catalog().rubrics(*taskId)));
        const RubricIndex &index = indexes[*taskId];

        int matched = 0;
        int stringScores = 0;
        for (auto dim = scores.constBegin(); dim != scores.constEnd(); ++dim) {
            const QJsonObject items = dim.value().toObject();
            for (auto it = items.constBegin(); it != items.constEnd(); ++it) {
                const QString key = dim.key() + u'\x1f';
                RowId rubricId = index.exact.value(key + it.key());
                if (!rubricId)
                    rubricId = index.loose.value(key + looseKey(it.key()));
                if (!rubricId)
                    rubricId = index.anyDimension.value(looseKey(it.key()));
                if (!rubricId) {
                    summary.warn(
                        name, line,
                        u"%1 idx %2: %3 rubric not in the task: \"%4\""_s.arg(model).arg(idx).arg(
                            dim.key(), it.key().left(80)));
                    continue;
                }
                bool stringScore = false;
                Verdict v = verdictOf(it.value().toObject(), &stringScore);
                v.runId = *runId;
                v.reportId = *reportId;
                v.rubricId = rubricId;
                if (stringScore) {
                    ++stringScores;
                } else if (!v.value) {
                    summary.warn(
                        name, line,
                        u"%1 idx %2: %3 — stored as an error, not as 0"_s.arg(model).arg(idx).arg(
                            v.error));
                }
                const Upserted u = store.runs().upsertVerdict(v);
                if (!u.ok()) {
                    written = u.error;
                    return;
                }
                countUpsert(summary, u"verdicts"_s, u);
                ++matched;
            }
        }
        if (stringScores > 0) {
            summary.warn(name, line,
                         u"%1 idx %2: %3 a string such as \"1\", not a number; stored as an "
                         "error, as DRB-II's aggregator counts only numeric scores"_s.arg(model)
                             .arg(idx)
                             .arg(stringScores == 1 ? u"1 score is"_s
                                                    : u"%1 scores are each"_s.arg(stringScores)));
        }
        const auto storeError = [&](RowId rubricId, const QString &cause) {
            Verdict v;
            v.runId = *runId;
            v.reportId = *reportId;
            v.rubricId = rubricId;
            v.error = cause.isEmpty() ? u"no usable score"_s : cause;
            const Upserted u = store.runs().upsertVerdict(v);
            countUpsert(summary, u"verdicts"_s, u);
            ++matched;
            return u.written();
        };
        for (auto dim = errors.constBegin(); dim != errors.constEnd(); ++dim) {
            const QJsonObject items = dim.value().toObject();
            for (auto it = items.constBegin(); it != items.constEnd(); ++it) {
                RowId rubricId = index.exact.value(dim.key() + u'\x1f' + it.key());
                if (!rubricId)
                    rubricId = index.anyDimension.value(looseKey(it.key()));
                if (rubricId) {
                    written = storeError(rubricId, it.value().toString());
                    if (!written)
                        return;
                }
            }
        }
        if (!failure.isEmpty()) {
            summary.warn(name, line,
                         u"%1 idx %2: the judge failed: %3"_s.arg(model).arg(idx).arg(failure));
            for (auto it = index.exact.cbegin(); it != index.exact.cend(); ++it) {
                written = storeError(it.value(), u"judge failed: "_s + failure);
                if (!written)
                    return;
            }
        }
        written = locateStoredEvidence(store, *reportId);
        if (!written)
            return;
        if (matched < index.canonicalCount) {
            summary.warn(name, line,
                         u"%1 idx %2: %3 of %4 rubrics have no verdict"_s.arg(model)
                             .arg(idx)
                             .arg(index.canonicalCount - matched)
                             .arg(index.canonicalCount));
        }
    });
    commitImport(tx, summary, name, written);
    return summary;
}

} // namespace Rubricate
