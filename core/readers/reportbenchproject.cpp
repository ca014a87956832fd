#include "reportbenchproject.h"

#include "store/projectstore.h"

#include <QHash>
#include <QLocale>

namespace Rubricate {

using namespace Qt::StringLiterals;

std::optional<QList<ReportBenchReportScore>>
readReportBenchScores(ProjectStore &store, const ReportBenchOptions &options, const QString &model,
                      QString *error)
{
    const QString key = QString::fromLatin1(BenchmarkKey::ReportBench);
    const auto bench = store.catalog().benchmark(key);
    if (!bench) {
        *error = u"the project has no ReportBench tasks (import reportbench first)"_s;
        return std::nullopt;
    }
    QHash<QString, QList<Reference>> groundTruth; // by arXiv id
    QList<ReportBenchReportScore> scores;
    for (const ReportSummary &r : store.reports().reportSummaries(key)) {
        if (!model.isEmpty() && r.model != model)
            continue;
        const auto report = store.reports().report(r.id);
        if (!report)
            continue;
        if (!groundTruth.contains(r.taskExternalId)) {
            const auto taskId = store.catalog().taskId(bench->id, r.taskExternalId);
            groundTruth.insert(r.taskExternalId,
                               taskId ? store.catalog().references(*taskId) : QList<Reference>());
        }
        scores << scoreReportBenchReport(r.model, r.taskExternalId, extractCitations(report->text),
                                         groundTruth.value(r.taskExternalId), options);
    }
    if (scores.isEmpty()) {
        *error = u"no ReportBench reports%1"_s.arg(model.isEmpty() ? QString()
                                                                   : u" from %1"_s.arg(model));
        return std::nullopt;
    }
    return scores;
}

} // namespace Rubricate
