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

bool writeFile(const QString &path, const QByteArray &data, QStringList *files, QString *error)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit()) {
        *error = u"cannot write %1: %2"_s.arg(path, file.errorString());
        return false;
    }
    if (files)
        *files << path;
    return true;
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
        if (store.catalog().benchmark(key) && !store.reports().reportSummaries(key).isEmpty())
            keys << key;
    }
    return keys;
}

QList<LeaderboardRun> leaderboardRuns(ProjectStore &store, const QString &benchmarkKey)
{
    QList<LeaderboardRun> runs;
    for (const RunSummary &r : store.runs().list()) {
        if (r.benchmarkKey == benchmarkKey)
            runs << LeaderboardRun{r.id, r.name, r.createdAt, r.verdicts};
    }
    // Ids grow with time; newest first, as "the newest run" is the default everywhere.
    std::sort(runs.begin(), runs.end(),
              [](const LeaderboardRun &a, const LeaderboardRun &b) { return a.id > b.id; });
    return runs;
}

std::optional<Leaderboard> readLeaderboard(ProjectStore &store, const QString &benchmarkKey,
                                           RowId runId, QString *error,
                                           const PdrScoringOptions &pdr,
                                           const ReportBenchOptions &reportBench)
{
    QString ignored;
    QString &message = error ? *error : ignored;
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::Drb2)) {
        const RowId run = resolveRun(store, benchmarkKey, runId);
        if (run == 0) {
            message = u"the project has no DRB-II judge runs"_s;
            return std::nullopt;
        }
        const auto items = readDrb2ScoreItems(store, {run}, &message);
        if (!items)
            return std::nullopt;
        return drb2Leaderboard(scoreDrb2(*items));
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics)) {
        const auto rows = readResearchRubricsRun(store, runId, &message);
        if (!rows)
            return std::nullopt;
        return researchRubricsLeaderboard(scoreResearchRubrics(rows->items));
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::PdrBench)) {
        const RowId run = resolveRun(store, benchmarkKey, runId);
        if (run == 0) {
            message = u"the project has no PDR-Bench judge runs"_s;
            return std::nullopt;
        }
        const auto scores = scorePdrProject(store, run, pdr, storedPdrClaimItems(store), &message);
        if (!scores)
            return std::nullopt;
        return pdrLeaderboard(scores->reports, scores->withReliability);
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ReportBench)) {
        const auto scores = readReportBenchScores(store, reportBench, {}, &message);
        if (!scores)
            return std::nullopt;
        return reportBenchLeaderboard(aggregateReportBench(*scores));
    }
    message = u"no leaderboard for the benchmark %1"_s.arg(benchmarkKey);
    return std::nullopt;
}

bool exportLeaderboardFiles(ProjectStore &store, const QString &benchmarkKey, RowId runId,
                            const QString &directory, QStringList *files, QString *error,
                            const PdrScoringOptions &pdr, const ReportBenchOptions &reportBench)
{
    if (!QDir().mkpath(directory)) {
        *error = u"cannot create %1"_s.arg(directory);
        return false;
    }
    const QDir dir(directory);
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::Drb2)) {
        const RowId run = resolveRun(store, benchmarkKey, runId);
        if (run == 0) {
            *error = u"the project has no DRB-II judge runs"_s;
            return false;
        }
        Drb2ExportSummary summary;
        if (!exportDrb2(store, {run}, directory, ErrorPolicy::Exclude, &summary, error))
            return false;
        if (files)
            *files << summary.files;
        return true;
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics)) {
        const auto rows = readResearchRubricsRun(store, runId, error);
        if (!rows)
            return false;
        QByteArray lines;
        for (const QByteArray &line : rows->resultLines)
            lines += line + '\n';
        const QList<RrReportScore> reports = scoreResearchRubrics(rows->items);
        return writeFile(dir.filePath(u"batch_evaluation_run%1.jsonl"_s.arg(rows->runId)), lines,
                         files, error)
            && writeFile(dir.filePath(u"researchrubrics_reports.csv"_s),
                         researchRubricsReportsCsv(reports), files, error)
            && writeFile(
                   dir.filePath(u"researchrubrics_axis.csv"_s),
                   researchRubricsGroupsCsv(researchRubricsGroups(reports, RrBreakdown::Axis)),
                   files, error);
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::PdrBench)) {
        const RowId run = resolveRun(store, benchmarkKey, runId);
        const auto scores = run == 0
            ? std::nullopt
            : scorePdrProject(store, run, pdr, storedPdrClaimItems(store), error);
        if (run == 0)
            *error = u"the project has no PDR-Bench judge runs"_s;
        return scores && writePdrResults(*scores, directory + u"/results"_s, files, error);
    }
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ReportBench)) {
        const auto scores = readReportBenchScores(store, reportBench, {}, error);
        if (!scores)
            return false;
        return writeFile(dir.filePath(u"reportbench_reports.csv"_s), reportBenchReportsCsv(*scores),
                         files, error);
    }
    *error = u"no leaderboard for the benchmark %1"_s.arg(benchmarkKey);
    return false;
}

} // namespace Rubricate
