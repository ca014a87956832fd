// `rubricate-cli bench workers`: judge throughput with 1, 2 and 4 `worker` processes draining
// one run against the judge simulator (a child process, 500 ms latency), and how many
// annotation events three concurrent writers add per second. On a temporary project file, or
// on the project given with --project (a team project: each measurement is a new run there).
#include "clibench.h"

#include "cliapp.h"
#include "runs/runplanner.h"
#include "store/projectstore.h"

#include <QCoreApplication>
#include <QElapsedTimer>
#include <QProcess>
#include <QTemporaryDir>

#include <memory>
#include <vector>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

constexpr int Tasks = 24;
constexpr int RubricsPerTask = 20;
constexpr int BatchSize = 10;
constexpr int WorkerConcurrency = 2;
constexpr int EventsPerWriter = 300;
const QStringList writers = {u"bench-ann"_s, u"bench-bob"_s, u"bench-cy"_s};

// Tasks with numbered rubrics and two agents' reports that mention them.
Result<void> addSyntheticData(ProjectStore &store)
{
    Transaction tx(store);
    const auto bench = store.catalog().ensureBenchmark(u"drb2"_s, u"DeepResearch Bench II"_s,
                                                       VerdictScale::Drb2Tristate);
    if (!bench)
        return bench.error();
    for (int t = 1; t <= Tasks; ++t) {
        Task task;
        task.benchmarkId = bench->id;
        task.externalId = u"bench-%1"_s.arg(t);
        task.language = u"en"_s;
        task.prompt = u"Write about topic %1."_s.arg(t);
        const Upserted taskRow = store.catalog().upsertTask(task);
        if (!taskRow.ok())
            return taskRow.error;
        QString text = u"# Topic %1\n\n"_s.arg(t);
        for (int r = 1; r <= RubricsPerTask; ++r) {
            Rubric rubric;
            rubric.taskId = taskRow.id;
            rubric.dimension = u"info_recall"_s;
            rubric.position = r;
            rubric.text = u"States fact %1 about topic %2."_s.arg(r).arg(t);
            if (const Upserted u = store.catalog().upsertRubric(rubric); !u.ok())
                return u.error;
            text += u"Fact %1 about topic %2 holds. "_s.arg(r).arg(t);
        }
        for (const QString &model : {u"AgentA"_s, u"AgentB"_s}) {
            const Result<RowId> modelId = store.reports().ensureModel(model);
            if (!modelId)
                return modelId.error();
            Report report;
            report.modelId = *modelId;
            report.taskId = taskRow.id;
            report.format = ReportFormat::Markdown;
            // Each agent's own words: equal request bodies would be answered from the cache.
            report.text = u"%1 writes: "_s.arg(model) + text;
            report.hasText = true;
            if (const Upserted u = store.reports().upsertReport(report, {}); !u.ok())
                return u.error;
        }
    }
    return tx.commit();
}

// Starts `count` copies of this program with `args` and waits for all of them.
std::optional<double> runChildren(int count, const QStringList &args, QTextStream &err)
{
    std::vector<std::unique_ptr<QProcess>> children;
    QElapsedTimer wall;
    wall.start();
    for (int i = 0; i < count; ++i) {
        children.push_back(std::make_unique<QProcess>());
        children.back()->start(QCoreApplication::applicationFilePath(),
                               args.isEmpty() ? QStringList{} : args);
    }
    bool ok = true;
    for (const auto &child : children) {
        ok = child->waitForFinished(600000) && child->exitStatus() == QProcess::NormalExit
            && child->exitCode() == 0 && ok;
        if (!ok)
            err << QString::fromUtf8(child->readAllStandardError());
    }
    if (!ok)
        return std::nullopt;
    return wall.nsecsElapsed() / 1e9;
}

} // namespace

int runLabelWriter(const QString &projectPath, const QString &annotator, int count,
                   QTextStream &err)
{
    auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    const QList<RatingRow> items = store->annotations().itemRows(u"drb2"_s).value_or({});
    for (int i = 0; i < count && !items.isEmpty(); ++i) {
        AnnotationEvent e;
        e.reportId = items.at(i % items.size()).reportId;
        e.rubricId = items.at(i % items.size()).rubricId;
        e.annotator = annotator;
        e.value = i % 2;
        if (const Result<RowId> appended = store->annotations().appendAnnotation(e); !appended) {
            err << u"rubricate-cli: "_s << appended.errorMessage() << u'\n';
            return Failed;
        }
    }
    return Ok;
}

int runWorkersBenchmark(const QString &project, int latencyMs, QTextStream &out, QTextStream &err)
{
    QTemporaryDir dir;
    const QString location = project.isEmpty() ? dir.filePath(u"bench.rubricate"_s) : project;
    {
        auto store = ProjectStore::create(location);
        const Result<void> prepared
            = store ? addSyntheticData(*store) : Result<void>(store.error());
        if (!prepared) {
            err << u"rubricate-cli: cannot prepare the benchmark project: "_s
                << prepared.errorMessage() << u'\n';
            return Failed;
        }
    }
    QProcess simulator;
    simulator.start(QCoreApplication::applicationFilePath(),
                    {u"simulate-judge"_s, u"--latency"_s, QString::number(latencyMs)});
    if (!simulator.waitForReadyRead(10000)) {
        err << u"rubricate-cli: the judge simulator did not start\n"_s;
        return Failed;
    }
    const int port = simulator.readLine().trimmed().toInt();
    const int jobs = Tasks * 2 * RubricsPerTask / BatchSize;
    out << u"Workers benchmark: %1 jobs of %2 items (%3 tasks x 2 agents), judge simulator at "
           "%4 ms in a child process, %5 requests in flight per worker; project %6\n\n"_s.arg(jobs)
               .arg(BatchSize)
               .arg(Tasks)
               .arg(latencyMs)
               .arg(WorkerConcurrency)
               .arg(project.isEmpty() ? u"a temporary file"_s : project);
    double single = 0;
    for (int workers : {1, 2, 4}) {
        RowId runId = 0;
        {
            auto store = ProjectStore::open(location);
            if (!store) {
                err << u"rubricate-cli: "_s << store.errorMessage() << u'\n';
                return Failed;
            }
            JudgeConfig c;
            c.provider = ProviderKind::OpenAiCompatible;
            c.baseUrl = u"http://127.0.0.1:%1"_s.arg(port);
            // A model of its own per measurement, so that no answer comes from the cache.
            c.model = u"simulator-%1-workers"_s.arg(workers);
            c.concurrency = WorkerConcurrency;
            c.batchSize = BatchSize;
            RunScope scope;
            scope.benchmarkKey = u"drb2"_s;
            const auto planned = planRun(*store, c, scope, c.model);
            if (!planned) {
                err << u"rubricate-cli: "_s << planned.errorMessage() << u'\n';
                return Failed;
            }
            runId = planned->runId;
        }
        const auto seconds = runChildren(
            workers, {u"-p"_s, location, u"worker"_s, u"--run"_s, QString::number(runId)}, err);
        if (!seconds)
            return Failed;
        const double itemsPerSecond = jobs * BatchSize / *seconds;
        if (workers == 1)
            single = itemsPerSecond;
        const double ideal = double(jobs) / (workers * WorkerConcurrency) * latencyMs / 1000.0;
        out << u"%1 worker(s): %2 items in %3 s, %4 items/s, %5x one worker; ideal %6 s\n"_s
                   .arg(workers)
                   .arg(jobs * BatchSize)
                   .arg(*seconds, 0, 'f', 2)
                   .arg(itemsPerSecond, 0, 'f', 1)
                   .arg(itemsPerSecond / single, 0, 'f', 2)
                   .arg(ideal, 0, 'f', 1);
        out.flush();
    }
    simulator.kill();
    simulator.waitForFinished();

    std::vector<std::unique_ptr<QProcess>> children;
    QElapsedTimer wall;
    wall.start();
    for (const QString &name : writers) {
        children.push_back(std::make_unique<QProcess>());
        children.back()->start(QCoreApplication::applicationFilePath(),
                               {u"-p"_s, location, u"bench"_s, u"label-writer"_s, u"--annotator"_s,
                                name, u"--count"_s, QString::number(EventsPerWriter)});
    }
    for (const auto &child : children) {
        if (!child->waitForFinished(600000) || child->exitCode() != 0) {
            err << QString::fromUtf8(child->readAllStandardError());
            return Failed;
        }
    }
    const double seconds = wall.nsecsElapsed() / 1e9;
    const int events = EventsPerWriter * int(writers.size());
    out << u"\n%1 annotation events from %2 concurrent writers (one transaction each) in %3 s: "
           "%4 events/s\n"_s.arg(events)
               .arg(writers.size())
               .arg(seconds, 0, 'f', 2)
               .arg(events / seconds, 0, 'f', 0);
    return Ok;
}

} // namespace Rubricate::Cli
