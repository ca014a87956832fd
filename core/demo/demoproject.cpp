#include "demoproject.h"

#include "ingest/importer.h"
#include "readers/claimsproject.h"
#include "sources/sourceimport.h"
#include "store/projectstore.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QTemporaryDir>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {
const QString demoRoot = u":/rubricate/demo"_s;
const QString calibrationStudy = u"calibration"_s;

// The study the demo's odd-numbered items were labelled in (their labels' provenance names
// it), saved as a finished sample of those items, so that the corrected leaderboard has a
// labelled sample and the judged items outside it to correct.
void saveCalibrationStudy(ProjectStore &store, ImportSummary &summary)
{
    if (store.annotations().study(calibrationStudy))
        return; // imported before
    LabelFilter labels;
    labels.study = calibrationStudy;
    QMap<std::pair<RowId, RowId>, QStringList> annotators; // item → its annotators, in order
    Study settings;
    for (const RatingRow &row : store.annotations().ratingRows(u"drb2"_s, labels)) {
        if (row.judge)
            settings.runId = row.rater.mid(4).toLongLong(); // "run:ID"
        else
            annotators[{row.reportId, row.rubricId}] << row.rater.mid(6); // "human:ID"
    }
    QList<Assignment> items;
    for (auto it = annotators.cbegin(); it != annotators.cend(); ++it)
        items.append({it.key().first, it.key().second, it.value(), int(items.size())});
    if (const Result<void> saved
        = store.annotations().saveAssignments(calibrationStudy, 0, items, settings);
        !saved)
        summary.error(u"demo"_s, 0, saved.errorMessage());
}
} // namespace

Result<void> exportDemoFiles(const QString &dir)
{
    QDirIterator it(demoRoot, QDir::Files, QDirIterator::Subdirectories);
    if (!it.hasNext())
        return Error{u"this build has no demo data"_s};
    while (it.hasNext()) {
        const QString source = it.next();
        const QString relative = source.mid(demoRoot.size() + 1);
        const QString target = QDir(dir).filePath(relative);
        QDir().mkpath(QFileInfo(target).absolutePath());
        QFile::remove(target);
        if (!QFile::copy(source, target))
            return Error{u"cannot write %1"_s.arg(target)};
        // Files copied out of resources are read-only; users may want to edit them.
        QFile::setPermissions(
            target, QFile::ReadOwner | QFile::WriteOwner | QFile::ReadGroup | QFile::ReadOther);
    }
    return {};
}

ImportSummary importDemo(ProjectStore &store)
{
    ImportSummary summary;
    summary.kind = u"demo"_s;
    QTemporaryDir scratch;
    const Result<void> exported
        = scratch.isValid() ? exportDemoFiles(scratch.path()) : Error{u"no temporary folder"_s};
    if (!exported) {
        summary.error(u"demo"_s, 0, exported.errorMessage());
        return summary;
    }
    const QDir d(scratch.path());
    summary.merge(
        runImport(store, ImportKind::Drb2Tasks, d.filePath(u"tasks_and_rubrics.jsonl"_s)));
    summary.merge(runImport(store, ImportKind::Drb2Reports, d.filePath(u"report"_s)));
    ImportOptions o;
    o.runName = u"demo judge (bundled result.jsonl)"_s;
    summary.merge(runImport(store, ImportKind::Drb2Results, d.filePath(u"result.jsonl"_s), o));
    // Two made-up annotators' labels, so the agreement dashboard has something to show.
    summary.merge(runImport(store, ImportKind::Annotations, d.filePath(u"annotations.jsonl"_s)));
    saveCalibrationStudy(store, summary);

    // ResearchRubrics and ReportBench in their own formats, so their leaderboards and report
    // views have something to show: the RR verdicts come as the reference judge writes them.
    const QString agents[] = {u"AtlasAgent"_s, u"BriarAgent"_s};
    summary.merge(runImport(store, ImportKind::ResearchRubrics,
                            d.filePath(u"researchrubrics/processed_data.jsonl"_s)));
    summary.merge(runImport(store, ImportKind::ReportBench,
                            d.filePath(u"reportbench/ReportBench_v1.1.jsonl"_s)));
    for (const QString &agent : agents) {
        ImportOptions byAgent;
        byAgent.model = agent;
        summary.merge(runImport(store, ImportKind::ResearchRubricsReports,
                                d.filePath(u"researchrubrics/agent_responses/"_s + agent),
                                byAgent));
        byAgent.runName = u"demo judge (reference batch_evaluation)"_s;
        summary.merge(
            runImport(store, ImportKind::ResearchRubricsResults,
                      d.filePath(u"researchrubrics/results/batch_evaluation_%1.jsonl"_s.arg(agent)),
                      byAgent));
        summary.merge(runImport(store, ImportKind::ReportBenchReports,
                                d.filePath(u"reportbench/reports/"_s + agent), byAgent));
    }
    // ReportBench's statements as claims, with saved copies of the pages they cite, so a
    // claim run (reportbench-cited / -factcheck) can be started at once and offline.
    const SourceImportResult sources
        = importSourceFolder(store, d.filePath(u"reportbench/sources"_s));
    if (!sources.ok)
        summary.error(u"reportbench/sources"_s, 0, sources.errors.join(u"; "_s));
    ClaimScope claims;
    claims.benchmarkKey = QString::fromLatin1(BenchmarkKey::ReportBench);
    const auto extracted = extractClaims(store, claims);
    if (!extracted)
        summary.error(u"claims"_s, 0, extracted.errorMessage());
    else if (extracted->extracted > 0) // a second import finds them there and adds nothing
        summary.added[u"reports with claims"_s] += extracted->extracted;
    summary.kind = u"demo"_s;
    return summary;
}

} // namespace Rubricate
