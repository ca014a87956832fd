#include "services/projectloader.h"

#include "scoring/pdrscoring.h"
#include "services/annotationwriter.h"
#include "services/background.h"
#include "store/projectlocation.h"
#include "store/teamroles.h"

#include <QStringDecoder>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// PDR-Bench criteria as the criteria editor lists them: personalization's dimensions, then
// quality's, in the reference's order (the store has them in import order, which JSON
// objects make alphabetical), each dimension's criteria by position.
void sortPdrCriteria(QList<VerdictRow> &rows)
{
    const auto rank = [](const QString &dimension) {
        const qsizetype p = pdrPersonalizationDimensions().indexOf(dimension);
        const qsizetype q = pdrQualityDimensions().indexOf(dimension);
        return p >= 0 ? p : q >= 0 ? 100 + q : 1000;
    };
    std::stable_sort(rows.begin(), rows.end(), [&](const VerdictRow &a, const VerdictRow &b) {
        const auto ra = rank(a.dimension), rb = rank(b.dimension);
        if (ra != rb)
            return ra < rb;
        return a.dimension != b.dimension ? a.dimension < b.dimension : a.position < b.position;
    });
}

} // namespace

ProjectLoader::ProjectLoader(QObject *parent)
    : QObject(parent)
{ }

Result<ProjectSnapshot> ProjectLoader::readSnapshot(const QString &path, const QString &annotator)
{
    ProjectSnapshot snapshot;
    snapshot.path = ProjectLocation::normalized(path);
    const auto store = ProjectStore::open(path);
    if (!store)
        return store.error();
    FirstFailure reads;
    // A login the project holds to an annotator sees that annotator's progress and queues.
    snapshot.boundAnnotator = reads.take(loginAnnotator(*store));
    const QString self = snapshot.boundAnnotator ? snapshot.boundAnnotator->id : annotator;
    snapshot.benchmarks = reads.take(store->catalog().benchmarks());
    snapshot.tasks = reads.take(store->catalog().taskSummaries());
    snapshot.reports = reads.take(store->reports().reportSummaries({}, self));
    snapshot.personas = reads.take(store->catalog().personas());
    snapshot.annotators = reads.take(store->annotations().annotators());
    snapshot.studies = reads.take(store->annotations().studies());
    for (const Study &study : std::as_const(snapshot.studies)) {
        QList<QueueItem> queue = reads.take(store->annotations().studyQueue(study.name, self));
        if (!queue.isEmpty())
            snapshot.queues.emplace(study.name, std::move(queue));
        snapshot.progress.insert(study.name,
                                 reads.take(store->annotations().studyProgress(study.name)));
        auto &items = snapshot.studyItems[study.name];
        for (const Assignment &a : reads.take(store->annotations().assignments(study.name)))
            items.append({a.reportId, a.rubricId});
    }
    const QList<SourceRow> sources = reads.take(store->sources().list());
    snapshot.fetchedSources
        = int(std::count_if(sources.cbegin(), sources.cend(),
                            [](const SourceRow &r) { return r.state == "fetched"_L1; }));
    if (reads.failed())
        return reads.error();
    return snapshot;
}

Result<LoadedReport> ProjectLoader::readReport(const QString &path, RowId reportId, RowId runId,
                                               RowId otherRunId, const QString &annotator)
{
    const auto store = ProjectStore::open(path);
    if (!store)
        return store.error();
    std::optional<Report> report = store->reports().report(reportId);
    if (!report)
        return Error{tr("Report %1 is not in this project.").arg(reportId)};
    LoadedReport loaded;
    loaded.task = store->catalog().task(report->taskId);
    if (report->queryId) {
        loaded.query = store->catalog().query(*report->queryId);
        if (loaded.query && loaded.query->personaId)
            loaded.persona = store->catalog().persona(*loaded.query->personaId);
    }
    if (report->format == ReportFormat::Html && !report->contentHash.isEmpty()) {
        const QByteArray bytes = store->reports().originalFile(report->contentHash);
        QStringDecoder decoder = QStringDecoder::decoderForHtml(bytes);
        if (decoder.isValid())
            loaded.originalHtml = decoder.decode(bytes);
    }
    if (report->format == ReportFormat::Pdf && !report->contentHash.isEmpty())
        loaded.pdf = store->reports().originalFile(report->contentHash);
    loaded.runs = store->runs().runsFor(reportId);
    for (const auto &[id, name] : std::as_const(loaded.runs)) {
        // A run that no longer judged this report (deleted, or another project) falls back
        // to the newest.
        if (id == runId || (!loaded.runId && !runId)) {
            loaded.runId = id;
            loaded.runName = name;
        }
        if (id == otherRunId)
            loaded.otherRunId = id;
    }
    if (!loaded.runId && !loaded.runs.isEmpty())
        std::tie(loaded.runId, loaded.runName) = loaded.runs.constFirst();
    if (loaded.otherRunId == loaded.runId)
        loaded.otherRunId = 0;
    loaded.verdicts = verdictRows(*store, reportId, loaded.runId, annotator, loaded.otherRunId);
    if (loaded.query)
        sortPdrCriteria(loaded.verdicts);
    loaded.report = std::move(*report);
    return loaded;
}

void ProjectLoader::loadSnapshot(const QString &path)
{
    const quint64 request = ++m_snapshotRequest;
    runInBackground(
        this, [path, annotator = currentAnnotator()] { return readSnapshot(path, annotator); },
        [this, request, path](const Result<ProjectSnapshot> &snapshot) {
            if (request != m_snapshotRequest)
                return;
            if (snapshot)
                emit snapshotLoaded(*snapshot);
            else
                emit snapshotFailed(path, snapshot.errorMessage());
        });
}

void ProjectLoader::loadReport(const QString &path, RowId reportId, RowId runId, RowId otherRunId)
{
    const quint64 request = ++m_reportRequest;
    runInBackground(
        this,
        [path, reportId, runId, otherRunId, annotator = currentAnnotator()] {
            return readReport(path, reportId, runId, otherRunId, annotator);
        },
        [this, request, reportId](const Result<LoadedReport> &loaded) {
            if (request != m_reportRequest)
                return;
            if (loaded)
                emit reportLoaded(*loaded);
            else
                emit reportFailed(reportId, loaded.errorMessage());
        });
}

} // namespace Rubricate
