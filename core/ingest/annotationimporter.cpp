#include "annotationimporter.h"

#include "importcontext.h"
#include "jsonlreader.h"
#include "store/projectstore.h"

#include <QFile>
#include <QFileInfo>
#include <QJsonValue>

namespace Rubricate {

using namespace Qt::StringLiterals;

ImportSummary importAnnotations(ProjectStore &store, const QString &path)
{
    ImportSummary summary;
    summary.kind = u"annotations"_s;
    const QString name = QFileInfo(path).fileName();
    const auto read = readImportFile(path, summary);
    if (!read)
        return summary;
    const QByteArray &bytes = *read;
    Transaction tx(store);
    bool failed = !tx.isOpen();
    QHash<QString, std::optional<Benchmark>> benchmarks;
    parseJsonLines(bytes, name, summary, [&](const QJsonObject &o, int line) {
        if (failed)
            return;
        const QString key = o.value(u"benchmark"_s).toString(u"drb2"_s);
        if (!benchmarks.contains(key))
            benchmarks.insert(key, store.benchmark(key));
        const std::optional<Benchmark> bench = benchmarks.value(key);
        if (!bench) {
            summary.error(name, line,
                          u"benchmark \"%1\" is not in this project; skipped"_s.arg(key));
            return;
        }
        const QJsonValue taskValue = o.value(u"task"_s);
        const QString task
            = taskValue.isDouble() ? QString::number(taskValue.toInt()) : taskValue.toString();
        const QString model = o.value(u"model"_s).toString();
        const QString annotator = o.value(u"annotator"_s).toString().trimmed();
        const QString dimension = o.value(u"dimension"_s).toString();
        const int number = o.value(u"number"_s).toInt(0);
        if (task.isEmpty() || model.isEmpty() || annotator.isEmpty() || dimension.isEmpty()
            || number < 1) {
            summary.error(name, line,
                          u"needs \"task\", \"model\", \"dimension\", \"number\" (from 1) and "
                          "\"annotator\"; skipped"_s);
            return;
        }
        const auto taskId = store.taskId(bench->id, task);
        const auto modelId = store.modelId(model);
        std::optional<RowId> queryId;
        if (const QString query = o.value(u"query"_s).toString(); !query.isEmpty())
            queryId = store.queryId(bench->id, query);
        const auto reportId
            = taskId && modelId ? store.reportId(*modelId, *taskId, queryId) : std::nullopt;
        if (!reportId) {
            summary.error(
                name, line,
                u"no report of %1 for task %2 in this project; skipped"_s.arg(model, task));
            return;
        }
        std::optional<RowId> rubricId;
        VerdictScale scale = VerdictScale::Drb2Tristate;
        for (const Rubric &r : store.rubrics(*taskId, queryId)) {
            if (r.dimension == dimension && r.position == number - 1) {
                rubricId = r.id;
                scale = r.scale;
            }
        }
        if (!rubricId) {
            summary.error(
                name, line,
                u"task %1 has no rubric %2 %3; skipped"_s.arg(task, dimension).arg(number));
            return;
        }
        AnnotationEvent e;
        e.reportId = *reportId;
        e.rubricId = *rubricId;
        e.annotator = annotator;
        e.note = o.value(u"note"_s).toString();
        const QJsonValue label = o.value(u"label"_s);
        if (label.isDouble()) {
            if (!isValidValue(scale, label.toDouble())) {
                summary.error(
                    name, line,
                    u"label %1 is not on the rubric's scale; skipped"_s.arg(label.toDouble()));
                return;
            }
            e.value = label.toDouble();
        } else if (!label.isNull()) {
            summary.error(name, line, u"\"label\" must be a number or null; skipped"_s);
            return;
        }
        const QDateTime at = QDateTime::fromString(o.value(u"at"_s).toString(), Qt::ISODate);
        e.at = at.isValid() ? at : QDateTime::currentDateTimeUtc();
        const auto current = store.currentAnnotation(*reportId, *rubricId, annotator);
        if (current && current->value == e.value && current->note == e.note) {
            ++summary.unchanged[u"annotations"_s];
            return;
        }
        e.previousValue = current ? current->value : std::nullopt;
        if (!store.appendAnnotation(e)) {
            failed = true;
            return;
        }
        ++summary.added[u"annotations"_s];
    });
    commitImport(tx, store, summary, name, failed);
    return summary;
}

} // namespace Rubricate
