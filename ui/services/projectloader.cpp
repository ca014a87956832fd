#include "services/projectloader.h"

#include "scoring/pdrscoring.h"
#include "services/annotationwriter.h"
#include "services/background.h"
#include "store/projectlocation.h"

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

template<typename T>
struct Outcome {
    T value;
    QString error;
};

} // namespace

ProjectLoader::ProjectLoader(QObject *parent)
    : QObject(parent)
{ }

ProjectSnapshot ProjectLoader::readSnapshot(const QString &path, QString *error,
                                            const QString &annotator)
{
    ProjectSnapshot snapshot;
    snapshot.path = ProjectLocation::normalized(path);
    const auto store = ProjectStore::open(path);
    if (!store) {
        *error = store.errorMessage();
        return snapshot;
    }
    snapshot.benchmarks = store->catalog().benchmarks();
    snapshot.tasks = store->catalog().taskSummaries();
    snapshot.reports = store->reports().reportSummaries({}, annotator);
    snapshot.personas = store->catalog().personas();
    snapshot.annotators = store->annotations().annotators();
    snapshot.studies = store->annotations().studies();
    for (const Study &study : std::as_const(snapshot.studies)) {
        QList<QueueItem> queue = store->annotations().studyQueue(study.name, annotator);
        if (!queue.isEmpty())
            snapshot.queues.emplace(study.name, std::move(queue));
        snapshot.progress.insert(study.name, store->annotations().studyProgress(study.name));
        auto &items = snapshot.studyItems[study.name];
        for (const Assignment &a : store->annotations().assignments(study.name))
            items.append({a.reportId, a.rubricId});
    }
    const QList<SourceRow> sources = store->sources().list();
    snapshot.fetchedSources
        = int(std::count_if(sources.cbegin(), sources.cend(),
                            [](const SourceRow &r) { return r.state == "fetched"_L1; }));
    // The reads return empty lists on failure; a broken file must not look like an empty one.
    if (!store->lastError().isEmpty())
        *error = store->lastError();
    return snapshot;
}

std::optional<LoadedReport> ProjectLoader::readReport(const QString &path, RowId reportId,
                                                      RowId runId, RowId otherRunId, QString *error,
                                                      const QString &annotator)
{
    const auto store = ProjectStore::open(path);
    if (!store) {
        *error = store.errorMessage();
        return std::nullopt;
    }
    std::optional<Report> report = store->reports().report(reportId);
    if (!report) {
        *error = tr("Report %1 is not in this project.").arg(reportId);
        return std::nullopt;
    }
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
        this,
        [path, annotator = currentAnnotator()] {
            Outcome<ProjectSnapshot> out;
            out.value = readSnapshot(path, &out.error, annotator);
            return out;
        },
        [this, request, path](const Outcome<ProjectSnapshot> &out) {
            if (request != m_snapshotRequest)
                return;
            if (out.error.isEmpty())
                emit snapshotLoaded(out.value);
            else
                emit snapshotFailed(path, out.error);
        });
}

void ProjectLoader::loadReport(const QString &path, RowId reportId, RowId runId, RowId otherRunId)
{
    const quint64 request = ++m_reportRequest;
    runInBackground(
        this,
        [path, reportId, runId, otherRunId, annotator = currentAnnotator()] {
            Outcome<std::optional<LoadedReport>> out;
            out.value = readReport(path, reportId, runId, otherRunId, &out.error, annotator);
            return out;
        },
        [this, request, reportId](const Outcome<std::optional<LoadedReport>> &out) {
            if (request != m_reportRequest)
                return;
            if (out.value)
                emit reportLoaded(*out.value);
            else
                emit reportFailed(reportId, out.error);
        });
}

} // namespace Rubricate
