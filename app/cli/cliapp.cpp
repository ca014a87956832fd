#include "cliapp.h"

#include "cliagreement.h"
#include "cliannotations.h"
#include "clibench.h"
#include "cliclaims.h"
#include "clihelp.h"
#include "clijudge.h"
#include "clijudgeoptions.h"
#include "clilabels.h"
#include "clipdr.h"
#include "cliproject.h"
#include "clireportbench.h"
#include "clisample.h"
#include "cliscore.h"
#include "clisources.h"
#include "clitable.h"
#include "demo/demoproject.h"
#include "ingest/importer.h"
#include "runs/runplanner.h"
#include "store/projectstore.h"
#include "store/serverlocation.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QJsonDocument>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

struct Context {
    QCommandLineParser &parser;
    QStringList args; // positional arguments after the command
    QTextStream &out;
    QTextStream &err;
    QString projectPath;
};

QString defaultProjectPath(const QCommandLineParser &parser)
{
    if (parser.isSet(u"project"_s))
        return parser.value(u"project"_s);
    const QString env = qEnvironmentVariable("RUBRICATE_PROJECT");
    return env.isEmpty() ? u"project.rubricate"_s : env;
}

std::unique_ptr<ProjectStore> openProject(Context &c, bool create)
{
    if (!create && !ServerLocation::isServer(c.projectPath) && !QFileInfo::exists(c.projectPath)) {
        c.err << u"rubricate-cli: no project at %1; create one with `rubricate-cli init %1` or "
                 "import something\n"_s.arg(c.projectPath);
        return nullptr;
    }
    auto store = create ? ProjectStore::create(c.projectPath) : ProjectStore::open(c.projectPath);
    if (!store) {
        c.err << u"rubricate-cli: "_s << store.errorMessage() << u'\n';
        return nullptr;
    }
    return std::move(store).value();
}

int reportSummary(Context &c, const ImportSummary &s)
{
    c.out << s.kind << u":\n"_s << s.toText();
    c.out.flush();
    // Nothing imported is a failure; a partial import did its work (each skipped file, entry
    // or line is listed above) unless the caller asked for every problem to fail the run.
    if (s.added.isEmpty() && s.updated.isEmpty() && s.unchanged.isEmpty())
        return Failed;
    return s.errorCount() > 0 && c.parser.isSet(u"strict"_s) ? PartialImport : Ok;
}

int cmdInit(Context &c)
{
    if (!c.args.isEmpty())
        c.projectPath = c.args.constFirst();
    // A database is made by its administrator: init puts the schema into an empty one.
    if (!ServerLocation::isServer(c.projectPath) && QFileInfo::exists(c.projectPath)) {
        c.err << u"rubricate-cli: %1 already exists\n"_s.arg(c.projectPath);
        return Failed;
    }
    if (ServerLocation::isServer(c.projectPath) && ProjectStore::open(c.projectPath).ok()) {
        c.err << u"rubricate-cli: %1 already holds a Rubricate project\n"_s.arg(c.projectPath);
        return Failed;
    }
    auto store = openProject(c, true);
    if (!store)
        return Failed;
    c.out << u"created %1 (schema %2)\n"_s.arg(store->path()).arg(store->schemaVersion());
    return Ok;
}

int cmdImport(Context &c)
{
    if (c.args.size() != 2) {
        c.err << u"rubricate-cli: import needs <kind> <path>; see --help for the kinds\n"_s;
        return Usage;
    }
    const auto kind = importKindFromKey(c.args.at(0));
    if (!kind) {
        c.err << u"rubricate-cli: unknown import kind \"%1\"; see --help\n"_s.arg(c.args.at(0));
        return Usage;
    }
    if (!QFileInfo::exists(c.args.at(1))) {
        c.err << u"rubricate-cli: %1: no such file or folder\n"_s.arg(c.args.at(1));
        return Failed;
    }
    auto store = openProject(c, true);
    if (!store)
        return Failed;
    ImportOptions o;
    o.model = c.parser.value(u"model"_s);
    o.runName = c.parser.value(u"run-name"_s);
    o.groundTruthDir = c.parser.value(u"gt"_s);
    return reportSummary(c, runImport(*store, *kind, c.args.at(1), o));
}

int cmdDemo(Context &c)
{
    auto store = openProject(c, true);
    if (!store)
        return Failed;
    const int code = reportSummary(c, importDemo(*store));
    c.out << u"\nDemo project: %1\n"_s.arg(store->path());
    return code;
}

int cmdList(Context &c)
{
    const QString what = c.args.value(0);
    const QString bench = c.parser.value(u"benchmark"_s);
    auto store = openProject(c, false);
    if (!store)
        return Failed;
    if (!bench.isEmpty() && !store->catalog().benchmark(bench)) {
        // A mistyped key would list nothing, which reads as an empty benchmark.
        QStringList keys;
        for (const Benchmark &b : store->catalog().benchmarks().value_or({}))
            keys << b.key;
        c.err << u"rubricate-cli: no benchmark \"%1\" in %2 (it holds: %3)\n"_s.arg(
            bench, store->path(), keys.isEmpty() ? u"none"_s : keys.join(u", "_s));
        return Failed;
    }
    Table t;
    if (what == "tasks"_L1) {
        t.setHeader({u"id"_s, u"benchmark"_s, u"task"_s, u"lang"_s, u"theme"_s, u"rubrics"_s,
                     u"reports"_s, u"title"_s});
        for (const TaskSummary &s : store->catalog().taskSummaries(bench).value_or({})) {
            t.addRow({QString::number(s.id), s.benchmarkKey, s.externalId, s.language, s.theme,
                      QString::number(s.rubricCount), QString::number(s.reportCount),
                      clipped(s.title, 60)});
        }
    } else if (what == "models"_L1) {
        t.setHeader({u"model"_s});
        for (const QString &m : store->reports().models())
            t.addRow({m});
    } else if (what == "reports"_L1) {
        t.setHeader({u"id"_s, u"benchmark"_s, u"task"_s, u"query"_s, u"model"_s, u"format"_s,
                     u"chars"_s, u"pages"_s, u"text"_s, u"warnings"_s, u"source"_s});
        for (const ReportSummary &s : store->reports().reportSummaries(bench).value_or({})) {
            t.addRow({QString::number(s.id), s.benchmarkKey, s.taskExternalId, s.queryExternalId,
                      s.model, s.format, QString::number(s.characters),
                      s.pageCount ? QString::number(s.pageCount) : QString(),
                      s.hasText ? u"yes"_s : u"NO"_s, QString::number(s.warningCount),
                      s.sourceName});
        }
    } else if (what == "runs"_L1) {
        t.setHeader({u"id"_s, u"name"_s, u"kind"_s, u"status"_s, u"benchmark"_s, u"verdicts"_s,
                     u"errors"_s, u"created"_s});
        for (const RunSummary &r : store->runs().list().value_or({})) {
            t.addRow({QString::number(r.id), r.name, r.kind, r.status, r.benchmarkKey,
                      QString::number(r.verdicts), QString::number(r.errors),
                      r.createdAt.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s)});
        }
    } else {
        c.err << u"rubricate-cli: list needs one of tasks, models, reports, runs\n"_s;
        return Usage;
    }
    c.out << t.render();
    if (t.rowCount() == 0)
        c.out << u"(none)\n"_s;
    return Ok;
}

std::optional<RowId> resolveTask(Context &c, ProjectStore &store, const QString &spec)
{
    if (spec.contains(u':')) {
        const auto bench = store.catalog().benchmark(spec.section(u':', 0, 0));
        if (bench) {
            if (auto id = store.catalog().taskId(bench->id, spec.section(u':', 1)))
                return id;
        }
    } else {
        bool ok = false;
        const RowId id = spec.toLongLong(&ok);
        if (ok && store.catalog().task(id))
            return id;
    }
    c.err << u"rubricate-cli: no task \"%1\" (use a row id from `list tasks` or "
             "benchmark:external-id)\n"_s.arg(spec);
    return std::nullopt;
}

int showTask(Context &c, ProjectStore &store, RowId id)
{
    const Task t = *store.catalog().task(id);
    c.out << u"Task %1 (%2)\n"_s.arg(t.externalId).arg(id);
    c.out << u"  language: %1\n  theme:    %2\n  title:    %3\n"_s.arg(t.language, t.theme,
                                                                       t.title);
    if (!t.complexity.isEmpty()) {
        c.out << u"  complexity: breadth %1, nesting %2, exploration %3\n"_s.arg(
            t.complexity.breadth, t.complexity.nesting, t.complexity.exploration);
    }
    if (t.blocked) {
        c.out << u"  blocked:  %1\n"_s.arg(t.blocked->title);
        for (const QString &u : t.blocked->urls)
            c.out << u"            "_s << u << u'\n';
    } else if (t.metadata.contains(u"id"_s)) {
        c.out << u"  blocked:  (none)\n"_s;
    }
    c.out << u"\n  prompt:\n"_s;
    for (const QString &line : (t.judgeTask.isEmpty() ? t.prompt : t.judgeTask).split(u'\n'))
        c.out << u"    "_s << line << u'\n';
    const QList<Rubric> rubrics = store.catalog().allRubricsOfTask(id);
    c.out << u"\n  %1 rubrics:\n"_s.arg(rubrics.size());
    Table table;
    table.setHeader({u"id"_s, u"dimension"_s, u"#"_s, u"weight"_s, u"dup of"_s, u"text"_s});
    for (const Rubric &r : rubrics) {
        table.addRow({QString::number(r.id), r.dimension, QString::number(r.position + 1),
                      QString::number(r.weight),
                      r.duplicateOf ? QString::number(*r.duplicateOf) : QString(),
                      clipped(r.text.simplified(), 100)});
    }
    c.out << table.render(4);
    const QList<Reference> refs = store.catalog().references(id);
    if (!refs.isEmpty())
        c.out << u"\n  %1 ground-truth references\n"_s.arg(refs.size());
    return Ok;
}

int showReport(Context &c, ProjectStore &store, RowId id)
{
    const auto r = store.reports().report(id);
    if (!r) {
        c.err << u"rubricate-cli: no report %1 (see `list reports`)\n"_s.arg(id);
        return Failed;
    }
    const auto t = store.catalog().task(r->taskId);
    c.out << u"Report %1\n  task:    %2\n  format:  %3\n  source:  %4\n  sha256:  %5\n"
             "  chars:   %6\n"_s.arg(id)
                 .arg(t ? t->externalId : QString(), formatKey(r->format), r->sourceName,
                      r->contentHash)
                 .arg(r->text.size());
    for (const PageSpan &p : r->pages)
        c.out << u"  page %1: offset %2, %3 chars\n"_s.arg(p.page + 1).arg(p.offset).arg(p.length);
    for (const QString &w : r->warnings)
        c.out << u"  warning: "_s << w << u'\n';
    if (c.parser.isSet(u"runs"_s)) {
        // The judge's verdicts for this report, with what became of each quoted evidence.
        QHash<RowId, Rubric> rubrics;
        for (const Rubric &rb : store.catalog().rubrics(r->taskId, r->queryId))
            rubrics.insert(rb.id, rb);
        int code = Ok;
        const auto runIds = runIdsOption(c.parser.value(u"runs"_s), store, c.err, &code);
        if (!runIds)
            return code;
        for (const RowId runId : *runIds) {
            const QList<Verdict> verdicts = store.runs().verdicts(runId, id).value_or({});
            c.out << u"\n  run %1: %2 verdicts\n"_s.arg(runId).arg(verdicts.size());
            Table table;
            table.setHeader(
                {u"dimension"_s, u"#"_s, u"verdict"_s, u"evidence"_s, u"rubric / error"_s});
            for (const Verdict &v : verdicts) {
                const Rubric rb = rubrics.value(v.rubricId);
                table.addRow({rb.dimension, QString::number(rb.position + 1),
                              v.value ? QString::number(*v.value) : u"ERROR"_s,
                              v.evidenceStatus.isEmpty() ? u"-"_s : v.evidenceStatus,
                              clipped(v.value ? rb.text.simplified() : v.error, 70)});
            }
            c.out << table.render(4);
        }
    }
    if (c.parser.isSet(u"text"_s))
        c.out << u"\n"_s << r->text << u'\n';
    return Ok;
}

int cmdShow(Context &c)
{
    if (c.args.size() != 2) {
        c.err << u"rubricate-cli: show needs `task <id>` or `report <id>`\n"_s;
        return Usage;
    }
    auto store = openProject(c, false);
    if (!store)
        return Failed;
    if (c.args.at(0) == "task"_L1) {
        const auto id = resolveTask(c, *store, c.args.at(1));
        return id ? showTask(c, *store, *id) : Failed;
    }
    if (c.args.at(0) == "report"_L1) {
        bool ok = false;
        const RowId id = c.args.at(1).toLongLong(&ok);
        if (!ok) {
            c.err << u"rubricate-cli: a report id is a number (see `list reports`)\n"_s;
            return Usage;
        }
        return showReport(c, *store, id);
    }
    c.err << u"rubricate-cli: show task|report <id>\n"_s;
    return Usage;
}

void printCounts(Context &c, const QString &title, const QList<CountRow> &rows)
{
    if (rows.isEmpty())
        return;
    c.out << title << u":\n"_s;
    Table t;
    for (const CountRow &r : rows) {
        t.addRow({r.group, r.key, QString::number(r.count)});
    }
    t.setRightAligned(2);
    c.out << t.render(2);
}

int cmdStats(Context &c)
{
    auto store = openProject(c, false);
    if (!store)
        return Failed;
    const ProjectStats s = store->search().stats();
    c.out << u"Project %1\n\n"_s.arg(store->path());
    printCounts(c, u"Tasks"_s, s.tasks);
    printCounts(c, u"Languages"_s, s.languages);
    printCounts(c, u"Rubrics per dimension"_s, s.rubrics);
    printCounts(c, u"Repeated rubrics (kept, pointing to their first occurrence)"_s,
                s.duplicateRubrics);
    printCounts(c, u"Ground-truth references"_s, s.references);
    printCounts(c, u"Personas"_s, s.personas);
    printCounts(c, u"Queries"_s, s.queries);
    printCounts(c, u"Reports per model"_s, s.reports);
    printCounts(c, u"Judge runs"_s, s.runs);
    printCounts(c, u"Verdicts per run"_s, s.verdicts);
    printCounts(c, u"Themes and domains"_s, s.themes);
    c.out << u"Annotation events: %1\n"_s.arg(s.annotationEvents);
    return Ok;
}

int cmdSearch(Context &c)
{
    const QString words = c.args.join(u' ').trimmed();
    if (words.isEmpty()) {
        c.err << u"rubricate-cli: search needs words to look for\n"_s;
        return Usage;
    }
    bool isNumber = true;
    const int limit = c.parser.isSet(u"limit"_s) ? c.parser.value(u"limit"_s).toInt(&isNumber) : 20;
    if (!isNumber || limit < 1 || limit > 1000000) {
        c.err << u"rubricate-cli: --limit is a number of hits, 1 to 1,000,000\n"_s;
        return Usage;
    }
    auto store = openProject(c, false);
    if (!store)
        return Failed;
    // One more than shown says whether the limit cut the list.
    QList<SearchHit> hits = store->search().reports(words, limit + 1);
    const bool more = hits.size() > limit;
    hits.resize(qMin(hits.size(), qsizetype(limit)));
    for (const SearchHit &h : std::as_const(hits)) {
        c.out << u"report %1  %2 %3  %4\n    %5\n"_s.arg(h.reportId)
                     .arg(h.benchmarkKey, h.taskExternalId, h.model, h.snippet);
    }
    if (more)
        c.out << u"the first %1 hit(s); there are more (--limit)\n"_s.arg(hits.size());
    else
        c.out << u"%1 hit(s)\n"_s.arg(hits.size());
    return Ok;
}

} // namespace

std::unique_ptr<ProjectStore> openExistingProject(const QString &path, QTextStream &err)
{
    auto store = ProjectStore::open(path);
    if (!store) {
        err << u"rubricate-cli: "_s << store.errorMessage() << u'\n';
        return nullptr;
    }
    return std::move(store).value();
}

std::optional<QList<qint64>> runIdsOption(const QString &spec, ProjectStore &store,
                                          QTextStream &err, int *code)
{
    const Result<QList<RunSummary>> runs = store.runs().list();
    if (!runs) {
        err << u"rubricate-cli: "_s << runs.errorMessage() << u'\n';
        *code = Failed;
        return std::nullopt;
    }
    QList<qint64> ids;
    for (const QString &text : parseIdList(spec)) {
        bool isNumber = false;
        const qint64 id = text.toLongLong(&isNumber);
        if (!isNumber || id <= 0) {
            err << u"rubricate-cli: --runs takes run ids (see `runs`), not \"%1\"\n"_s.arg(text);
            *code = Usage;
            return std::nullopt;
        }
        if (std::none_of(runs->cbegin(), runs->cend(),
                         [id](const RunSummary &r) { return r.id == id; })) {
            err << u"rubricate-cli: no run %1 in %2 (see `runs`)\n"_s.arg(id).arg(store.path());
            *code = Failed;
            return std::nullopt;
        }
        if (!ids.contains(id))
            ids.append(id);
    }
    return ids;
}

int run(const QStringList &arguments, QTextStream &out, QTextStream &err)
{
    QCommandLineParser parser;
    parser.setApplicationDescription(u"Rubricate command line"_s);
    parser.setOptionsAfterPositionalArgumentsMode(QCommandLineParser::ParseAsOptions);
    parser.addOptions({
        {{u"p"_s, u"project"_s}, u"Project file or postgresql:// URL."_s, u"FILE|URL"_s},
        {u"model"_s, u"Agent model name (report imports), or the judge's model (judge)."_s,
         u"NAME"_s},
        {u"run-name"_s, u"Run name for result imports."_s, u"NAME"_s},
        {u"gt"_s, u"ReportBench ground-truth folder."_s, u"DIR"_s},
        {u"strict"_s, u"import: exit 3 when any input was skipped."_s},
        {u"benchmark"_s, u"Only this benchmark (drb2, researchrubrics, pdrbench, reportbench)."_s,
         u"KEY"_s},
        {u"text"_s, u"show report: print the extracted text."_s},
        {u"limit"_s, u"search: at most N hits."_s, u"N"_s},
        {u"data"_s, u"bench: the shared benchmark data folder."_s, u"DIR"_s},
        {u"repeat"_s, u"bench: repetitions per measurement."_s, u"N"_s},
        {{u"h"_s, u"help"_s}, u"Show this help."_s},
        {u"latency"_s,
         u"bench judge: simulated judge latency in ms (0 and 500); bench workers: one (500)."_s,
         u"MS"_s},
        {u"count"_s, u"bench label-writer: how many events to write."_s, u"N"_s},
        {{u"v"_s, u"version"_s}, u"Show the version."_s},
    });
    parser.addOptions(judgeOptions());
    parser.addOptions(agreementOptions());
    parser.addOptions(sampleOptions());
    parser.addOptions(reportBenchScoreOptions());
    parser.addOptions(scoreOptions());
    parser.addOptions(pdrOptions());
    parser.addOptions(sourcesOptions());
    parser.addOptions(claimsOptions());
    parser.addOptions(annotationOptions());
    if (!parser.parse(arguments)) {
        err << u"rubricate-cli: "_s << parser.errorText() << u"\n(see rubricate-cli --help)\n"_s;
        return Usage;
    }
    if (parser.isSet(u"version"_s)) {
        out << u"rubricate-cli "_s << QCoreApplication::applicationVersion() << u'\n';
        return Ok;
    }
    QStringList positional = parser.positionalArguments();
    if (parser.isSet(u"help"_s) || positional.isEmpty() || positional.constFirst() == "help"_L1) {
        out << helpText();
        return positional.isEmpty() && !parser.isSet(u"help"_s) ? Usage : Ok;
    }
    QString command = positional.takeFirst();
    if (command == "annotations"_L1 && positional.value(0) == "import"_L1) {
        command = u"import"_s; // the same as `import annotations FILE`
        positional[0] = u"annotations"_s;
    }
    Context c{parser, positional, out, err, defaultProjectPath(parser)};
    if (command == "init"_L1)
        return cmdInit(c);
    if (command == "import"_L1)
        return cmdImport(c);
    if (command == "list"_L1)
        return cmdList(c);
    if (command == "show"_L1)
        return cmdShow(c);
    if (command == "stats"_L1)
        return cmdStats(c);
    if (command == "search"_L1)
        return cmdSearch(c);
    if (command == "demo"_L1)
        return cmdDemo(c);
    if (const auto code = runProjectCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (const auto code = runJudgeCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (const auto code = runAgreementCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (const auto code = runSampleCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (const auto code = runClaimsCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (const auto code
        = runReportBenchCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (const auto code = runPdrCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (const auto code = runScoreCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (const auto code = runSourcesCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (const auto code
        = runAnnotationCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (const auto code = runLabelsCommand(command, parser, positional, c.projectPath, out, err))
        return *code;
    if (command == "simulate-judge"_L1)
        return runSimulatedJudge(parser.value(u"latency"_s).toInt(), out);
    if (command == "bench"_L1) {
        const QString what = positional.value(0, u"import"_s);
        if (what == "judge"_L1) {
            QList<int> latencies;
            for (const QString &l : parser.value(u"latency"_s).split(u',', Qt::SkipEmptyParts))
                latencies << l.toInt();
            if (latencies.isEmpty())
                latencies = {0, 500};
            return runJudgeBenchmark(parser.value(u"data"_s), latencies, out, err);
        }
        if (what == "ppi"_L1)
            return runPpiBenchmark(out);
        if (what == "evidence"_L1)
            return runEvidenceBenchmarkCommand(parser.value(u"data"_s), out, err);
        if (what == "workers"_L1) {
            const QString latency = parser.value(u"latency"_s);
            return runWorkersBenchmark(parser.isSet(u"project"_s) ? c.projectPath : QString(),
                                       latency.isEmpty() ? 500 : latency.toInt(), out, err);
        }
        if (what == "report-import"_L1)
            return runReportImportChild(c.projectPath, positional.value(1), out, err);
        if (what == "report-search"_L1)
            return runReportSearchChild(c.projectPath, out, err);
        if (what == "label-writer"_L1)
            return runLabelWriter(c.projectPath, parser.value(u"annotator"_s),
                                  parser.value(u"count"_s).toInt(), err);
        return runImportBenchmark(parser.value(u"data"_s),
                                  parser.isSet(u"repeat"_s) ? parser.value(u"repeat"_s).toInt() : 5,
                                  out, err);
    }
    err << u"rubricate-cli: unknown command \"%1\" (see rubricate-cli --help)\n"_s.arg(command);
    return Usage;
}

} // namespace Rubricate::Cli
