#include "leaderboardproject.h"

#include "claimsproject.h"
#include "drb2projectexport.h"
#include "pdrproject.h"
#include "reportbenchproject.h"
#include "researchrubricsproject.h"
#include "store/projectstore.h"

#include <QDir>
#include <QSaveFile>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The newest run of the benchmark when `runId` is 0; 0 when there is none.
RowId resolveRun(ProjectStore &store, const QString &benchmarkKey, RowId runId)
{
    if (runId != 0)
        return runId;
    const QList<LeaderboardRun> runs = leaderboardRuns(store, benchmarkKey);
    return runs.isEmpty() ? 0 : runs.constFirst().id;
}

Result<void> writeFile(const QString &path, const QByteArray &data, QStringList *files)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
        return Error{u"cannot write %1: %2"_s.arg(path, file.errorString())};
    if (files)
        *files << path;
    return {};
}

} // namespace

QStringList leaderboardBenchmarkKeys()
{
    return {QString::fromLatin1(BenchmarkKey::Drb2),
            QString::fromLatin1(BenchmarkKey::ResearchRubrics),
            QString::fromLatin1(BenchmarkKey::PdrBench),
            QString::fromLatin1(BenchmarkKey::ReportBench)};
}

bool leaderboardNeedsRun(const QString &benchmarkKey)
{
    return benchmarkKey != QLatin1StringView(BenchmarkKey::ReportBench);
}

QStringList projectLeaderboardBenchmarks(ProjectStore &store)
{
    QStringList keys;
    for (const QString &key : leaderboardBenchmarkKeys()) {
        if (store.catalog().benchmark(key)
            && !store.reports().reportSummaries(key).value_or({}).isEmpty())
            keys << key;
    }
    return keys;
}

QList<LeaderboardRun> leaderboardRuns(ProjectStore &store, const QString &benchmarkKey)
{
    QList<LeaderboardRun> runs;
    for (const RunSummary &r : store.runs().list().value_or({})) {
        if (r.benchmarkKey == benchmarkKey)
            runs << LeaderboardRun{r.id, r.name, r.createdAt, r.verdicts};
    }
    // Ids grow with time; newest first, as "the newest run" is the default everywhere.
    std::sort(runs.begin(), runs.end(),
              [](const LeaderboardRun &a, const LeaderboardRun &b) { return a.id > b.id; });
    return runs;
}

Result<Leaderboard> readLeaderboard(ProjectStore &store, const QString &benchmarkKey, RowId runId,
                                    const PdrScoringOptions &pdr,
                                    const ReportBenchOptions &reportBench)
{
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::Drb2)) {
        const RowId run = resolveRun(store, benchmarkKey, runId);
        if (run == 0)
            return Error{u"the project has no DRB-II judge runs"_s};
        const auto items = readDrb2ScoreItems(store, {run});
        if (!items)
            return items.error();
        return drb2Leaderboard(scoreDrb2(*items));
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics)) {
        const auto rows = readResearchRubricsRun(store, runId);
        if (!rows)
            return rows.error();
        return researchRubricsLeaderboard(scoreResearchRubrics(rows->items));
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::PdrBench)) {
        const RowId run = resolveRun(store, benchmarkKey, runId);
        if (run == 0)
            return Error{u"the project has no PDR-Bench judge runs"_s};
        const auto scores = scorePdrProject(store, run, pdr, storedPdrClaimItems(store));
        if (!scores)
            return scores.error();
        return pdrLeaderboard(scores->reports, scores->withReliability);
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ReportBench)) {
        const auto scores = readReportBenchScores(store, reportBench, {});
        if (!scores)
            return scores.error();
        return reportBenchLeaderboard(aggregateReportBench(*scores));
    }
    return Error{u"no leaderboard for the benchmark %1"_s.arg(benchmarkKey)};
}

Result<void> exportLeaderboardFiles(ProjectStore &store, const QString &benchmarkKey, RowId runId,
                                    const QString &directory, QStringList *files,
                                    const PdrScoringOptions &pdr,
                                    const ReportBenchOptions &reportBench)
{
    if (!QDir().mkpath(directory))
        return Error{u"cannot create %1"_s.arg(directory)};
    const QDir dir(directory);
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::Drb2)) {
        const RowId run = resolveRun(store, benchmarkKey, runId);
        if (run == 0)
            return Error{u"the project has no DRB-II judge runs"_s};
        Drb2ExportSummary summary;
        if (auto exported = exportDrb2(store, {run}, directory, ErrorPolicy::Exclude, &summary);
            !exported)
            return exported;
        if (files)
            *files << summary.files;
        return {};
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics)) {
        const auto rows = readResearchRubricsRun(store, runId);
        if (!rows)
            return rows.error();
        QByteArray lines;
        for (const QByteArray &line : rows->resultLines)
            lines += line + '\n';
        const QList<RrReportScore> reports = scoreResearchRubrics(rows->items);
        if (auto written = writeFile(
                dir.filePath(u"batch_evaluation_run%1.jsonl"_s.arg(rows->runId)), lines, files);
            !written)
            return written;
        if (auto written = writeFile(dir.filePath(u"researchrubrics_reports.csv"_s),
                                     researchRubricsReportsCsv(reports), files);
            !written)
            return written;
        return writeFile(
            dir.filePath(u"researchrubrics_axis.csv"_s),
            researchRubricsGroupsCsv(researchRubricsGroups(reports, RrBreakdown::Axis)), files);
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::PdrBench)) {
        const RowId run = resolveRun(store, benchmarkKey, runId);
        if (run == 0)
            return Error{u"the project has no PDR-Bench judge runs"_s};
        const auto scores = scorePdrProject(store, run, pdr, storedPdrClaimItems(store));
        if (!scores)
            return scores.error();
        return writePdrResults(*scores, directory + u"/results"_s, files);
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ReportBench)) {
        const auto scores = readReportBenchScores(store, reportBench, {});
        if (!scores)
            return scores.error();
        return writeFile(dir.filePath(u"reportbench_reports.csv"_s), reportBenchReportsCsv(*scores),
                         files);
    }
    return Error{u"no leaderboard for the benchmark %1"_s.arg(benchmarkKey)};
}

} // namespace Rubricate
