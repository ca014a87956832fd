#include "drb2taskimporter.h"

#include "importcontext.h"
#include "jsonlreader.h"
#include "jsontext.h"
#include "store/projectstore.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QStringList knownDimensions = {u"info_recall"_s, u"analysis"_s, u"presentation"_s};

// Every dimension must be a list of strings. A task judged on part of its rubric scores
// differently, so a malformed dimension skips the task instead of losing items quietly.
QString rubricProblem(const QJsonObject &rubric)
{
    for (auto it = rubric.constBegin(); it != rubric.constEnd(); ++it) {
        if (!it.value().isArray())
            return u"content.rubric.%1 is %2, not a list"_s.arg(it.key(), jsonKind(it.value()));
        const QJsonArray items = it.value().toArray();
        for (qsizetype i = 0; i < items.size(); ++i) {
            if (!items.at(i).isString()) {
                return u"content.rubric.%1 #%2 is %3, not a string"_s.arg(it.key()).arg(i + 1).arg(
                    jsonKind(items.at(i)));
            }
        }
    }
    return {};
}

// The known dimensions first, in the pipeline's order, then any others as the file has them.
QStringList dimensionsOf(const QJsonObject &rubric, int idx, ImportSummary &summary,
                         const QString &name, int line)
{
    QStringList dimensions = knownDimensions;
    for (auto it = rubric.constBegin(); it != rubric.constEnd(); ++it) {
        if (!dimensions.contains(it.key())) {
            summary.warn(
                name, line,
                u"idx %1: unknown rubric dimension \"%2\" kept as is"_s.arg(idx).arg(it.key()));
            dimensions << it.key();
        }
    }
    return dimensions;
}

// Stores the task's rubric items; fails on a database error.
Result<void> importRubrics(ProjectStore &store, RowId taskId, int idx, const QJsonObject &rubric,
                           ImportSummary &summary, const QString &name, int line)
{
    QHash<QString, RowId> firstByText;
    QHash<QString, int> firstPosition;
    for (const QString &dimension : dimensionsOf(rubric, idx, summary, name, line)) {
        const QJsonArray items = rubric.value(dimension).toArray();
        for (int position = 0; position < items.size(); ++position) {
            const QString text = items.at(position).toString();
            if (text.trimmed().isEmpty()) {
                summary.warn(name, line,
                             u"idx %1: empty %2 rubric #%3 skipped"_s.arg(idx).arg(dimension).arg(
                                 position + 1));
                continue;
            }
            Rubric r;
            r.taskId = taskId;
            r.dimension = dimension;
            r.position = position;
            r.text = text;
            r.scale = VerdictScale::Drb2Tristate;
            const auto first = firstByText.constFind(text);
            if (first != firstByText.cend()) {
                r.duplicateOf = first.value();
                summary.warn(name, line,
                             u"idx %1: %2 rubric #%3 repeats #%4 and is kept as its duplicate: "
                             "\"%5\""_s.arg(idx)
                                 .arg(dimension)
                                 .arg(position + 1)
                                 .arg(firstPosition.value(text) + 1)
                                 .arg(text.left(80)));
            }
            const Upserted u = store.catalog().upsertRubric(r);
            if (!u.ok())
                return u.error;
            countUpsert(summary, u"rubrics"_s, u);
            if (first == firstByText.cend()) {
                firstByText.insert(text, u.id);
                firstPosition.insert(text, position);
            }
        }
    }
    return {};
}

} // namespace

ImportSummary importDrb2Tasks(ProjectStore &store, const QString &path)
{
    QHash<int, int> lineOfIdx;
    return importDefiningJsonl(
        store, path, u"drb2"_s, QString::fromLatin1(BenchmarkKey::Drb2), {u"idx"_s},
        [&](const Benchmark &bench, const QJsonObject &o, int line, ImportSummary &summary,
            const QString &name) -> Result<void> {
            const Result<int> idx = taskIndex(o.value(u"idx"_s));
            if (!idx) {
                summary.error(name, line, idx.errorMessage() + u"; task skipped"_s);
                return {};
            }
            if (const auto first = lineOfIdx.constFind(*idx); first != lineOfIdx.cend()) {
                summary.error(name, line,
                              u"idx %1 repeats line %2; the repeat is skipped"_s.arg(*idx).arg(
                                  first.value()));
                return {};
            }
            const QJsonObject content = o.value(u"content"_s).toObject();
            const QJsonObject rubric = content.value(u"rubric"_s).toObject();
            if (rubric.isEmpty()) {
                summary.error(name, line,
                              u"idx %1 has no content.rubric; task skipped"_s.arg(*idx));
                return {};
            }
            if (const QString problem = rubricProblem(rubric); !problem.isEmpty()) {
                summary.error(name, line, u"idx %1: %2; task skipped"_s.arg(*idx).arg(problem));
                return {};
            }
            lineOfIdx.insert(*idx, line);

            Task task;
            task.benchmarkId = bench.id;
            task.externalId = QString::number(*idx);
            task.language = o.value(u"language"_s).toString();
            task.theme = o.value(u"theme"_s).toString();
            task.title = o.value(u"description"_s).toString();
            task.prompt = o.value(u"prompt"_s).toString();
            task.judgeTask = content.value(u"task"_s).toString();
            if (content.value(u"blocked"_s).isObject())
                task.blocked = BlockedSource::fromJson(content.value(u"blocked"_s).toObject());
            if (!task.blocked)
                summary.warn(name, line, u"idx %1 has no blocked source"_s.arg(*idx));
            if (task.judgeTask.isEmpty())
                summary.warn(name, line, u"idx %1 has no content.task"_s.arg(*idx));
            task.metadata = unmappedFields(
                o,
                {u"idx"_s, u"language"_s, u"theme"_s, u"description"_s, u"prompt"_s, u"content"_s});
            const Upserted t = store.catalog().upsertTask(task);
            if (!t.ok())
                return t.error;
            countUpsert(summary, u"tasks"_s, t);
            return importRubrics(store, t.id, *idx, rubric, summary, name, line);
        });
}

} // namespace Rubricate
