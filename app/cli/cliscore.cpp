// `score researchrubrics`: compliance per report and its means by model, axis, domain or
// complexity (formats.md §3.4), printed or written as CSV, or the reference's own JSONL.
#include "cliscore.h"

#include "cliapp.h"
#include "clitable.h"
#include "readers/researchrubricsproject.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QFile>
#include <QFileInfo>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

QString number(const std::optional<double> &v)
{
    return v ? QString::number(*v, 'f', 4) : u"-"_s;
}

bool writeFile(const QString &path, const QByteArray &data, QTextStream &err)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(data) != data.size()) {
        err << u"rubricate-cli: cannot write %1: %2\n"_s.arg(path, f.errorString());
        return false;
    }
    return true;
}

int cmdScore(const QCommandLineParser &p, const QStringList &args, const QString &projectPath,
             QTextStream &out, QTextStream &err)
{
    const auto usage = [&err](const QString &message) {
        err << u"rubricate-cli: "_s << message << u'\n';
        return int(Usage);
    };
    if (args.size() == 1 && (args.constFirst() == "drb2"_L1 || p.isSet(u"corrected"_s)))
        return runCorrectedScore(p, args.constFirst(), projectPath, out, err);
    if (args.size() != 1 || args.constFirst() != "researchrubrics"_L1)
        return usage(u"score needs the benchmark: `score researchrubrics`, `score pdr`, "
                     "`score reportbench` or `score drb2 --corrected --study NAME` (DRB-II's "
                     "own scores come with `export drb2`)"_s);
    RowId runId = 0;
    if (!runIdOption(p, &runId, err))
        return Usage;
    const auto by = rrBreakdownFromKey(p.value(u"by"_s));
    if (!by)
        return usage(u"--by is axis, domain or complexity"_s);
    RrScoringOptions options;
    const QString policy = p.value(u"error-policy"_s);
    if (policy == "reference"_L1)
        options.errors = RrErrorPolicy::AsReference;
    else if (!policy.isEmpty() && policy != "exclude"_L1)
        return usage(u"--error-policy is exclude or reference"_s);
    const QString collapse = p.value(u"collapse"_s);
    if (collapse == "binary"_L1)
        options.grading = RrGrading::Binary;
    else if (!collapse.isEmpty() && collapse != "none"_L1)
        return usage(u"--collapse is none or binary"_s);
    const QString outFile = p.value(u"out"_s);
    if (!outFile.isEmpty() && !outFile.endsWith(u".csv"_s) && !outFile.endsWith(u".jsonl"_s))
        return usage(u"--out is a .csv or .jsonl file"_s);

    const auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    const auto rows = readResearchRubricsRun(*store, runId);
    if (!rows) {
        err << u"rubricate-cli: "_s << rows.errorMessage() << u'\n';
        return Failed;
    }
    const QList<RrReportScore> reports = scoreResearchRubrics(rows->items, options);
    const QList<RrGroup> groups = researchRubricsGroups(reports, *by);

    if (outFile.endsWith(u".jsonl"_s)) {
        // The reference's per-criterion lines; its calculator reads them unchanged.
        QByteArray data;
        for (const QByteArray &line : rows->resultLines)
            data += line + '\n';
        if (!writeFile(outFile, data, err))
            return Failed;
        out << u"%1 criteria of %2 reports written to %3\n"_s.arg(rows->resultLines.size())
                   .arg(reports.size())
                   .arg(outFile);
        return Ok;
    }
    if (outFile.endsWith(u".csv"_s)) {
        // Without --by the rows are the reports themselves; with it, the group means.
        const QByteArray data = p.isSet(u"by"_s) ? researchRubricsGroupsCsv(groups)
                                                 : researchRubricsReportsCsv(reports);
        if (!writeFile(outFile, data, err))
            return Failed;
        out << u"%1 rows written to %2\n"_s.arg(p.isSet(u"by"_s) ? groups.size() : reports.size())
                   .arg(outFile);
        return Ok;
    }

    out << u"ResearchRubrics, run %1 (%2): %3 reports, %4 criteria\n"_s.arg(rows->runId)
               .arg(rows->runName)
               .arg(reports.size())
               .arg(rows->items.size());
    Table table;
    table.setHeader({u"model"_s, u"group"_s, u"value"_s, u"n"_s, u"compliance"_s, u"errors"_s,
                     u"no value"_s, u"mandatory passed"_s});
    for (int c : {3, 4, 5, 6, 7})
        table.setRightAligned(c);
    for (const RrGroup &g : groups) {
        table.addRow(
            {g.model, g.dimension, g.value, QString::number(g.n), number(g.mean),
             u"%1/%2"_s.arg(g.errors).arg(g.criteria), QString::number(g.empty),
             g.mandatory > 0 ? u"%1/%2"_s.arg(g.mandatoryPassed).arg(g.mandatory) : u"-"_s});
    }
    out << table.render();
    if (options.errors == RrErrorPolicy::Exclude) {
        int errors = 0;
        for (const RrReportScore &r : reports)
            errors += r.total.errors;
        if (errors > 0)
            out << u"%1 criteria without a usable verdict are left out of the scores "
                   "(--error-policy reference counts them as 0).\n"_s.arg(errors);
    }
    return Ok;
}

} // namespace

bool runIdOption(const QCommandLineParser &parser, RowId *runId, QTextStream &err)
{
    *runId = 0;
    if (!parser.isSet(u"run"_s))
        return true;
    QString v = parser.value(u"run"_s);
    if (v.startsWith("run:"_L1))
        v = v.mid(4);
    bool ok = false;
    *runId = v.toLongLong(&ok);
    if (ok && *runId > 0)
        return true;
    err << u"rubricate-cli: --run is a run id (see `rubricate-cli runs`)\n"_s;
    return false;
}

QList<QCommandLineOption> scoreOptions()
{
    // --by, --out, --error-policy and --collapse are shared with other commands.
    return {
        {u"run"_s,
         u"score: the judge run (default: the newest of the benchmark with verdicts); worker: the "
         u"run to "
         "work on (default: the newest with jobs left)."_s,
         u"ID"_s},
        {u"corrected"_s, u"score: judge-corrected scores (PPI++) from the labels of --study."_s},
        {u"latex"_s, u"score --corrected: also write the table as LaTeX."_s, u"FILE"_s},
        {u"bootstrap"_s, u"score --corrected: also a percentile bootstrap interval."_s},
        {u"width"_s, u"study plan, study extend: the target half-width of the PPI++ interval."_s,
         u"W"_s},
        {u"items"_s, u"study extend: how many more items, shared among the models."_s, u"N"_s}};
}

std::optional<int> runScoreCommand(const QString &command, const QCommandLineParser &parser,
                                   const QStringList &args, const QString &projectPath,
                                   QTextStream &out, QTextStream &err)
{
    if (command != "score"_L1)
        return std::nullopt;
    return cmdScore(parser, args, projectPath, out, err);
}

} // namespace Rubricate::Cli
