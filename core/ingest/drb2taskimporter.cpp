#include "drb2taskimporter.h"

#include "importcontext.h"
#include "jsonlreader.h"
#include "store/projectstore.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QStringList knownDimensions = {u"info_recall"_s, u"analysis"_s, u"presentation"_s};

} // namespace

ImportSummary importDrb2Tasks(ProjectStore &store, const QString &path)
{
    QSet<int> seenIdx;
    return importDefiningJsonl(
        store, path, u"drb2"_s, QString::fromLatin1(BenchmarkKey::Drb2),
        [&](const Benchmark &bench, const QJsonObject &o, int line, ImportSummary &summary,
            const QString &name) {
            const QJsonValue idxValue = o.value(u"idx"_s);
            if (!idxValue.isDouble() || idxValue.toDouble() != double(idxValue.toInt())) {
                summary.error(name, line, u"missing or non-integer \"idx\"; task skipped"_s);
                return true;
            }
            const int idx = idxValue.toInt();
            if (seenIdx.contains(idx)) {
                summary.error(name, line,
                              u"idx %1 appears twice; the repeat is skipped"_s.arg(idx));
                return true;
            }
            const QJsonObject content = o.value(u"content"_s).toObject();
            const QJsonObject rubricObject = content.value(u"rubric"_s).toObject();
            if (rubricObject.isEmpty()) {
                summary.error(name, line, u"idx %1 has no content.rubric; task skipped"_s.arg(idx));
                return true;
            }
            seenIdx.insert(idx);

            Task task;
            task.benchmarkId = bench.id;
            task.externalId = QString::number(idx);
            task.language = o.value(u"language"_s).toString();
            task.theme = o.value(u"theme"_s).toString();
            task.title = o.value(u"description"_s).toString();
            task.prompt = o.value(u"prompt"_s).toString();
            task.judgeTask = content.value(u"task"_s).toString();
            if (content.value(u"blocked"_s).isObject())
                task.blocked = BlockedSource::fromJson(content.value(u"blocked"_s).toObject());
            if (!task.blocked)
                summary.warn(name, line, u"idx %1 has no blocked source"_s.arg(idx));
            if (task.judgeTask.isEmpty())
                summary.warn(name, line, u"idx %1 has no content.task"_s.arg(idx));
            task.metadata = unmappedFields(
                o,
                {u"idx"_s, u"language"_s, u"theme"_s, u"description"_s, u"prompt"_s, u"content"_s});
            const Upserted t = store.upsertTask(task);
            if (!t.ok()) {
                return false;
            }
            countUpsert(summary, u"tasks"_s, t);

            QStringList dimensions = knownDimensions;
            for (auto it = rubricObject.constBegin(); it != rubricObject.constEnd(); ++it) {
                if (!dimensions.contains(it.key())) {
                    summary.warn(
                        name, line,
                        u"idx %1: unknown rubric dimension \"%2\" kept as is"_s.arg(idx).arg(
                            it.key()));
                    dimensions << it.key();
                }
            }
            QHash<QString, RowId> firstByText;
            QHash<QString, int> firstPosition;
            for (const QString &dimension : std::as_const(dimensions)) {
                const QJsonArray items = rubricObject.value(dimension).toArray();
                for (int position = 0; position < items.size(); ++position) {
                    const QString text = items.at(position).toString();
                    if (text.trimmed().isEmpty()) {
                        summary.warn(
                            name, line,
                            u"idx %1: empty %2 rubric #%3 skipped"_s.arg(idx).arg(dimension).arg(
                                position + 1));
                        continue;
                    }
                    Rubric r;
                    r.taskId = t.id;
                    r.dimension = dimension;
                    r.position = position;
                    r.text = text;
                    r.scale = VerdictScale::Drb2Tristate;
                    const auto first = firstByText.constFind(text);
                    if (first != firstByText.cend()) {
                        r.duplicateOf = first.value();
                        summary.warn(name, line,
                                     u"idx %1: %2 rubric #%3 repeats #%4"_s.arg(idx)
                                         .arg(dimension)
                                         .arg(position + 1)
                                         .arg(firstPosition.value(text) + 1));
                    }
                    const Upserted u = store.upsertRubric(r);
                    if (!u.ok()) {
                        return false;
                    }
                    countUpsert(summary, u"rubrics"_s, u);
                    if (first == firstByText.cend()) {
                        firstByText.insert(text, u.id);
                        firstPosition.insert(text, position);
                    }
                }
            }
            return true;
        });
}

} // namespace Rubricate
