// `rubricate-cli bench judge`: all 132 DRB-II tasks for two models against the judge
// simulator, which runs in a child process so that the figures are this program's own.
#include "clibench.h"

#include "cliapp.h"
#include "ingest/importer.h"
#include "judge/judgesimulator.h"
#include "runs/runcontroller.h"
#include "runs/runplanner.h"
#include "store/projectstore.h"

#include <QCoreApplication>
#include <QDir>
#include <QElapsedTimer>
#include <QEventLoop>
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>

#include <sys/resource.h>
#include <time.h> // NOLINT(modernize-deprecated-headers): POSIX clock_gettime, not in <ctime>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

double cpuSeconds()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_utime.tv_sec + u.ru_stime.tv_sec + (u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

double threadCpuSeconds()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

long peakRssKb()
{
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

// Linux keeps a resettable peak (VmHWM) beside getrusage's lifetime one: reset before a run,
// it gives the run's own peak rather than the preparation's or an earlier run's.
bool resetPeakRss()
{
    QFile f(u"/proc/self/clear_refs"_s);
    return f.open(QIODevice::WriteOnly) && f.write("5") == 1;
}

long runPeakRssKb()
{
    QFile f(u"/proc/self/status"_s);
    if (!f.open(QIODevice::ReadOnly))
        return -1;
    for (const QByteArray &line : f.readAll().split('\n')) {
        if (line.startsWith("VmHWM:"))
            return line.mid(6).trimmed().split(' ').value(0).toLong();
    }
    return -1;
}

// Synthetic reports of about 30,000 characters that quote some of the task's rubrics, so
// that judged evidence can be located.
bool addReports(ProjectStore &store, const QStringList &models)
{
    Transaction tx(store);
    for (const QString &model : models) {
        const auto modelId = store.reports().ensureModel(model);
        if (!modelId)
            return false;
        for (const TaskSummary &t : store.catalog().taskSummaries(u"drb2"_s).value_or({})) {
            QString text = u"# Report by %1 on task %2\n\n"_s.arg(model, t.externalId);
            const QList<Rubric> rubrics = store.catalog().rubrics(t.id);
            for (int i = 0; text.size() < 30000; ++i) {
                text += rubrics.at(i % rubrics.size()).text
                    + u" This matters because the "
                      "evidence says so. "_s;
                if (i % 5 == 4)
                    text += u"\n\n"_s;
            }
            Report r;
            r.modelId = *modelId;
            r.taskId = t.id;
            r.format = ReportFormat::Markdown;
            r.text = text;
            r.hasText = true;
            r.sourceName = u"%1/idx-%2.md"_s.arg(model, t.externalId);
            if (!store.reports().upsertReport(r, {}).ok())
                return false;
        }
    }
    return tx.commit().ok();
}

} // namespace

int runSimulatedJudge(int latencyMs, QTextStream &out)
{
    JudgeSimulator simulator;
    SimulatorBehaviour b;
    b.latencyMs = latencyMs;
    simulator.setBehaviour(b);
    if (!simulator.listen())
        return Failed;
    out << simulator.port() << Qt::endl;
    return QCoreApplication::exec();
}

int runJudgeBenchmark(const QString &dataDir, const QList<int> &latenciesMs, QTextStream &out,
                      QTextStream &err)
{
    const QString tasks = QDir(dataDir.isEmpty() ? u"../shared/data"_s : dataDir)
                              .filePath(u"drb2/tasks_and_rubrics.jsonl"_s);
    if (!QFileInfo::exists(tasks)) {
        err << u"rubricate-cli: no %1 (use --data DIR)\n"_s.arg(tasks);
        return Failed;
    }
    out << u"Judge benchmark: 132 DRB-II tasks x 2 models, batches of 50, concurrency 10,\n"
           "judge simulator in a child process (its CPU is not counted).\n\n"_s;
    // Negative: 0 ms latency without evidence location, to show what that step costs.
    QList<int> latencies = latenciesMs;
    if (latencies.contains(0))
        latencies << -1;
    for (int requested : std::as_const(latencies)) {
        const int latency = qMax(0, requested);
        QProcess simulator;
        simulator.start(QCoreApplication::applicationFilePath(),
                        {u"simulate-judge"_s, u"--latency"_s, QString::number(latency)});
        if (!simulator.waitForReadyRead(10000)) {
            err << u"rubricate-cli: the judge simulator did not start\n"_s;
            return Failed;
        }
        const int port = simulator.readLine().trimmed().toInt();

        QTemporaryDir dir;
        const QString path = dir.filePath(u"bench.rubricate"_s);
        {
            auto store = ProjectStore::create(path);
            if (!store || runImport(*store, ImportKind::Drb2Tasks, tasks).errorCount() > 0
                || !addReports(*store, {u"AgentA"_s, u"AgentB"_s})) {
                err << u"rubricate-cli: cannot prepare the benchmark project\n"_s;
                return Failed;
            }
            JudgeConfig c;
            c.provider = ProviderKind::OpenAiCompatible;
            c.baseUrl = u"http://127.0.0.1:%1"_s.arg(port);
            c.model = u"simulator"_s;
            c.concurrency = 10;
            c.batchSize = 50;
            c.locateEvidence = requested >= 0;
            RunScope scope;
            scope.benchmarkKey = u"drb2"_s;
            if (const auto planned = planRun(*store, c, scope, u"bench"_s); !planned) {
                err << u"rubricate-cli: "_s << planned.errorMessage() << u'\n';
                return Failed;
            }
        }
        RunController controller(path);
        QEventLoop loop;
        QObject::connect(&controller, &RunController::finished, &loop, &QEventLoop::quit);
        const bool runPeakKnown = resetPeakRss();
        const double cpuBefore = cpuSeconds();
        const double mainBefore = threadCpuSeconds();
        QElapsedTimer wall;
        wall.start();
        if (const auto started = controller.start(1); !started) {
            err << u"rubricate-cli: "_s << started.errorMessage() << u'\n';
            return Failed;
        }
        if (controller.isActive())
            loop.exec();
        const double seconds = wall.nsecsElapsed() / 1e9;
        const double cpu = cpuSeconds() - cpuBefore;
        const double mainCpu = threadCpuSeconds() - mainBefore;
        const RunProgress p = controller.progress();
        simulator.kill();
        simulator.waitForFinished();
        const double ideal = p.requests / 10.0 * latency / 1000.0;
        out << u"latency %1 ms%7: %2 items (%3 errors) in %4 s, %5 requests, %6 items/s\n"_s
                   .arg(latency)
                   .arg(p.itemsJudged)
                   .arg(p.itemErrors)
                   .arg(seconds, 0, 'f', 2)
                   .arg(p.requests)
                   .arg(p.itemsJudged / seconds, 0, 'f', 0)
                   .arg(requested < 0 ? u" (evidence location off)"_s : QString());
        const long runPeakKb = runPeakKnown ? runPeakRssKb() : -1;
        out << u"  CPU %1 s = %2 µs per item (%3 s per 1,000 items); peak RSS %4 MB%5\n"_s
                   .arg(cpu, 0, 'f', 2)
                   .arg(cpu * 1e6 / qMax(1, p.itemsJudged), 0, 'f', 1)
                   .arg(cpu * 1000 / qMax(1, p.itemsJudged), 0, 'f', 3)
                   .arg(peakRssKb() / 1024.0, 0, 'f', 0)
                   .arg(runPeakKb < 0
                            ? QString()
                            : u" (the run alone: %1 MB)"_s.arg(runPeakKb / 1024.0, 0, 'f', 0));
        out << u"  of which the run's own thread %1 µs per item, Qt's HTTP thread and the "
               "rest %2 µs\n"_s.arg(mainCpu * 1e6 / qMax(1, p.itemsJudged), 0, 'f', 1)
                   .arg((cpu - mainCpu) * 1e6 / qMax(1, p.itemsJudged), 0, 'f', 1);
        // What the simulated provider's prompt cache served: the input tokens billed at the full
        // price without it and with it.
        out << u"  input tokens %1, of which %2 read from the provider's prompt cache: %3 % "
               "billed at the full price\n"_s.arg(p.inputTokens)
                   .arg(p.cacheReadTokens)
                   .arg(100.0 * (p.inputTokens - p.cacheReadTokens)
                            / qMax<qint64>(1, p.inputTokens),
                        0, 'f', 1);
        if (latency > 0) {
            out << u"  ideal wall time %1 s (requests / concurrency x latency): %2 % over, "
                   "%3 % of the ideal throughput\n"_s.arg(ideal, 0, 'f', 1)
                       .arg((seconds / ideal - 1) * 100, 0, 'f', 1)
                       .arg(ideal / seconds * 100, 0, 'f', 1);
        }
        out.flush();
    }
    return Ok;
}

} // namespace Rubricate::Cli

#include "evidence/evidencebenchmark.h"
#include "ingest/document/extracteddocument.h"

#include <QRandomGenerator>

namespace Rubricate::Cli {

namespace {

// A 150,000-character report and 70 quotes as judges write them: 50 real sentences with
// changed spacing, quotes and case, 10 stitched from two sentences, 10 invented.
std::pair<QString, QStringList> generatedReport()
{
    QRandomGenerator rng(42);
    static const QStringList words
        = {u"heat"_s,  u"pump"_s,   u"policy"_s, u"market"_s,         u"growth"_s,  u"2023"_s,
           u"rate"_s,  u"survey"_s, u"energy"_s, u"household"_s,      u"subsidy"_s, u"42%"_s,
           u"study"_s, u"region"_s, u"cost"_s,   u"\"efficiency\""_s, u"—"_s,       u"output"_s};
    QStringList sentences;
    QString text;
    while (text.size() < 150000) {
        QString s;
        const int n = 12 + int(rng.bounded(14));
        for (int i = 0; i < n; ++i)
            s += (i ? u" "_s : QString()) + words.at(int(rng.bounded(words.size())));
        s += u'.';
        sentences << s;
        text += s + (rng.bounded(6) == 0 ? u"\n\n"_s : u" "_s);
    }
    text.truncate(150000);
    QStringList quotes;
    for (int i = 0; i < 50; ++i) {
        QString q = sentences.at(int(rng.bounded(sentences.size() - 2)));
        if (i % 3 == 0)
            q.replace(u' ', u"  "_s);
        if (i % 3 == 1)
            q = q.toUpper().replace(u'"', u'“');
        quotes << q;
    }
    for (int i = 0; i < 10; ++i) {
        const int at = int(rng.bounded(sentences.size() - 4));
        quotes << sentences.at(at).left(60) + u" ... "_s + sentences.at(at + 2).left(60);
    }
    for (int i = 0; i < 10; ++i)
        quotes << u"An invented sentence number %1 that no report contains at all."_s.arg(i);
    return {text, quotes};
}

} // namespace

int runEvidenceBenchmarkCommand(const QString &dataDir, QTextStream &out, QTextStream &)
{
    const auto [text, quotes] = generatedReport();
    out << u"Generated English report, %1 characters, %2 quotes:\n"_s.arg(text.size())
               .arg(quotes.size())
        << runEvidenceBenchmark(text, quotes, 20) << u"\n"_s;
    QFile pdf(QDir(dataDir.isEmpty() ? u"../shared/data"_s : dataDir)
                  .filePath(u"drb2/samples/report/passage/idx-1.pdf"_s));
    if (pdf.open(QIODevice::ReadOnly)) {
        const ExtractedDocument doc = extractDocument(pdf.readAll(), u"idx-1.pdf"_s);
        QString chinese;
        while (chinese.size() < 140000)
            chinese += doc.text + u"\n\n"_s;
        // Quotes as judges give them: sentences with their spacing and punctuation changed.
        QStringList zh;
        const QStringList parts = doc.text.split(u'。', Qt::SkipEmptyParts);
        for (int i = 0; i < 70 && i < parts.size(); ++i) {
            QString q = parts.at(i).simplified();
            if (i % 2)
                q.replace(u'，', u',');
            zh << q;
        }
        out << u"Real Chinese report (DRB-II idx-1.pdf text x%1 = %2 characters), %3 quotes:\n"_s
                   .arg(chinese.size() / qMax<qsizetype>(1, doc.text.size()))
                   .arg(chinese.size())
                   .arg(zh.size())
            << runEvidenceBenchmark(chinese, zh, 20);
    }
    return Ok;
}

} // namespace Rubricate::Cli
