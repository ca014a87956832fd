// `score drb2|researchrubrics|pdr|reportbench --corrected --study NAME`: judge-corrected
// scores per model (issue 16). The judge run's verdicts on every item, the study's labels on
// its sample, and per model the judge's own mean outcome, the PPI++ mean with its interval,
// the people's with theirs, n labelled, N judged and the effective sample size
// (correctedscores.h); written as CSV, JSON or LaTeX with --out and --latex
// (correctedexport.h). `study plan --study NAME --width W`: how many more labels each model
// needs for a PPI++ interval of ±W (ppi.h); `study extend` draws them (studyextension.h).
#include "cliagreement.h"
#include "cliapp.h"
#include "clisample.h"
#include "cliscore.h"
#include "clitable.h"

#include "exchange/correctedexport.h"
#include "readers/correctedproject.h"
#include "readers/studyextension.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFile>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

QString withInterval(const PpiEstimate &e)
{
    if (!e.isDefined())
        return u"undefined"_s;
    const QString value = QString::number(*e.value, 'f', 4);
    if (!e.hasInterval())
        return value + u" [no interval]"_s;
    return u"%1 [%2, %3]"_s.arg(value, QString::number(*e.lower, 'f', 4),
                                QString::number(*e.upper, 'f', 4));
}

// The reasons behind "undefined" and "no interval", each sentence once per model.
QStringList notes(const CorrectedModelScore &m)
{
    QStringList out;
    for (const auto &[label, e] :
         {std::pair{u"PPI++"_s, &m.corrected}, std::pair{u"people only"_s, &m.peopleOnly}}) {
        if (!e->hasInterval())
            out << u"%1%2 %3: %4"_s.arg(m.model,
                                        m.dimension.isEmpty() ? QString() : u" / "_s + m.dimension,
                                        label, e->undefinedReason);
    }
    return out;
}

QString verdictText(const CorrectedDifference &d)
{
    const std::optional<int> verdict = d.verdict();
    if (!verdict)
        return d.difference.undefinedReason;
    if (*verdict == 0)
        return u"tie"_s;
    return u"%1 better"_s.arg(*verdict > 0 ? d.modelA : d.modelB);
}

// "Is A better than B", from the PPI++ intervals: a difference whose interval holds 0 is a tie.
void printPairwise(const QList<CorrectedDifference> &differences, QTextStream &out)
{
    if (differences.isEmpty())
        return;
    Table table;
    table.setHeader({u"A"_s, u"B"_s, u"PPI++ A − B [95 % CI]"_s, u"verdict"_s});
    for (const CorrectedDifference &d : differences)
        table.addRow({d.modelA,
                      d.dimension.isEmpty() ? d.modelB : u"%1 (%2)"_s.arg(d.modelB, d.dimension),
                      withInterval(d.difference), verdictText(d)});
    out << u"\nPairwise differences:\n"_s << table.render();
}

// The benchmark key of a `score` argument; empty for one without corrected scores.
QString benchmarkKeyOf(const QString &argument)
{
    if (argument == "pdr"_L1)
        return QString::fromLatin1(BenchmarkKey::PdrBench);
    return hasPerItemOutcome(argument) ? argument : QString();
}

QString benchmarkName(const QString &key)
{
    if (key == QLatin1StringView(BenchmarkKey::Drb2))
        return u"DRB-II"_s;
    if (key == QLatin1StringView(BenchmarkKey::ResearchRubrics))
        return u"ResearchRubrics"_s;
    if (key == QLatin1StringView(BenchmarkKey::PdrBench))
        return u"PDR-Bench"_s;
    return u"ReportBench"_s;
}

// --against, --judge and --by into `options`; the usage message when one is not valid.
QString parseCorrectedOptions(const QCommandLineParser &p, CorrectedScoreOptions *options)
{
    if (p.isSet(u"against"_s)) {
        options->gold = p.value(u"against"_s);
        if (!isAgainstValue(options->gold))
            return u"--against is majority, gold or human:NAME"_s;
    }
    if (p.isSet(u"judge"_s)) {
        const QString judge = p.value(u"judge"_s);
        bool ok = false;
        (judge.startsWith("run:"_L1) ? judge.mid(4) : judge).toLongLong(&ok);
        if (!ok)
            return u"--judge is run:ID (see `rubricate-cli runs`)"_s;
        options->judge = judge.startsWith("run:"_L1) ? judge : u"run:"_s + judge;
    }
    if (p.isSet(u"by"_s)) {
        const QString by = p.value(u"by"_s);
        if (by != "model"_L1 && by != "dimension"_L1)
            return u"--corrected: --by is model or dimension"_s;
        options->perDimension = by == "dimension"_L1;
    }
    return {};
}

// --benchmark (default: the benchmark of the run the study compares with), then
// parseCorrectedOptions(): what `study plan` and `study extend` take.
QString parseStudyOptions(const QCommandLineParser &p, CorrectedScoreOptions *options)
{
    options->benchmarkKey.clear();
    if (p.isSet(u"benchmark"_s)) {
        options->benchmarkKey = benchmarkKeyOf(p.value(u"benchmark"_s));
        if (options->benchmarkKey.isEmpty())
            return u"study: --benchmark is drb2, researchrubrics, pdr or reportbench"_s;
    }
    return parseCorrectedOptions(p, options);
}

// The corrected scores of the study's labels (of the benchmark of its judge run when
// `options.benchmarkKey` is empty); nothing, with the reason on `err`, when the
// project cannot be opened, the study does not exist or nothing could be computed.
std::optional<CorrectedScores> loadCorrectedScores(const QString &projectPath,
                                                   const QString &studyName,
                                                   const CorrectedScoreOptions &options,
                                                   QTextStream &err)
{
    const auto store = openExistingProject(projectPath, err);
    if (!store)
        return std::nullopt;
    if (!store->annotations().study(studyName)) {
        err << u"rubricate-cli: no study named \"%1\" (study status lists them)\n"_s.arg(studyName);
        return std::nullopt;
    }
    const CorrectedScores scores = readCorrectedScores(*store, studyName, options);
    if (!scores.error.isEmpty()) {
        err << u"rubricate-cli: "_s << scores.error << u'\n';
        return std::nullopt;
    }
    return scores;
}

bool writeExport(const QString &path, const QByteArray &data, QTextStream &out, QTextStream &err)
{
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly | QIODevice::Truncate) || f.write(data) != data.size()) {
        err << u"rubricate-cli: cannot write %1: %2\n"_s.arg(path, f.errorString());
        return false;
    }
    out << u"Wrote %1\n"_s.arg(path);
    return true;
}

// --out FILE.csv (the pairwise table beside it as FILE-pairwise.csv) or FILE.json, and
// --latex FILE.tex: the files correctedFiles() gives, as the window writes them.
bool writeExports(const QCommandLineParser &p, const CorrectedScores &scores,
                  const QList<CorrectedDifference> &differences, QTextStream &out, QTextStream &err)
{
    using namespace CorrectedExport;
    QList<std::pair<QString, CorrectedFormat>> exports;
    const QString file = p.value(u"out"_s);
    if (const std::optional<CorrectedFormat> format = correctedFormatOf(file))
        exports.append({file, *format});
    if (const QString latex = p.value(u"latex"_s); !latex.isEmpty())
        exports.append({latex, CorrectedFormat::Latex});
    for (const auto &[path, format] : std::as_const(exports)) {
        const auto files = correctedFiles(path, format, scores, differences,
                                          QCoreApplication::applicationVersion());
        for (const auto &[name, data] : files) {
            if (!writeExport(name, data, out, err))
                return false;
        }
    }
    return true;
}

void printScores(const CorrectedScores &scores, bool perDimension, QTextStream &out)
{
    Table table;
    QStringList header{u"model"_s,
                       u"judge only"_s,
                       u"PPI++ [95 % CI]"_s,
                       u"λ"_s,
                       u"people only [95 % CI]"_s,
                       u"n"_s,
                       u"N"_s,
                       u"n_eff"_s};
    QList<int> right{1, 3, 5, 6, 7};
    if (perDimension) {
        header.insert(1, u"dimension"_s);
        for (int &c : right)
            ++c;
    }
    table.setHeader(header);
    for (int c : std::as_const(right))
        table.setRightAligned(c);
    QStringList reasons;
    int ties = 0;
    int withoutOutcome = 0;
    for (const CorrectedModelScore &m : scores.models) {
        QStringList row{
            m.model,
            m.judgeOnly.value ? QString::number(*m.judgeOnly.value, 'f', 4) : u"-"_s,
            withInterval(m.corrected),
            m.corrected.isDefined() ? QString::number(m.corrected.lambda, 'f', 2) : u"-"_s,
            withInterval(m.peopleOnly),
            QString::number(m.labelled),
            QString::number(m.judged),
            m.effectiveSampleSize ? QString::number(*m.effectiveSampleSize, 'f', 1) : u"-"_s};
        if (perDimension)
            row.insert(1, m.dimension);
        table.addRow(row);
        reasons += notes(m);
        ties += m.goldTies;
        withoutOutcome += m.withoutOutcome;
    }
    out << table.render();
    for (const QString &reason : std::as_const(reasons))
        out << reason << u'\n';
    if (ties > 0)
        out << u"%1 items whose annotators tied have no majority and count as not labelled.\n"_s
                   .arg(ties);
    if (withoutOutcome > 0)
        out << u"%1 judged criteria of reports whose criteria weigh nothing have no compliance "
               "and are left out.\n"_s.arg(withoutOutcome);
}

// --bootstrap [--draws N] [--seed S]: the PPI++ percentile bootstrap interval per model, next
// to the normal one, with the seed that reproduces it.
QString parseBootstrap(const QCommandLineParser &p, BootstrapOptions *options)
{
    if (p.isSet(u"draws"_s)) {
        bool ok = false;
        options->draws = p.value(u"draws"_s).toInt(&ok);
        if (!ok || options->draws < 1)
            return u"--draws is a positive number of bootstrap draws"_s;
    }
    if (p.isSet(u"seed"_s)) {
        bool ok = false;
        options->seed = p.value(u"seed"_s).toUInt(&ok);
        if (!ok)
            return u"--seed is a non-negative integer"_s;
    }
    return {};
}

void printBootstrap(const CorrectedScores &scores, const BootstrapOptions &options,
                    QTextStream &out)
{
    Table table;
    table.setHeader({u"model"_s, u"PPI++ [95 % bootstrap CI]"_s, u"undefined draws"_s});
    table.setRightAligned(2);
    for (const CorrectedModelScore &m : scores.models) {
        const BootstrapInterval b
            = ppiBootstrap(m.sample, PpiOptions::tuned(scores.confidence), options);
        QString interval = u"undefined: "_s + b.undefinedReason;
        if (b.hasInterval())
            interval = u"%1 [%2, %3]"_s.arg(QString::number(*b.estimate.value, 'f', 4),
                                            QString::number(*b.lower, 'f', 4),
                                            QString::number(*b.upper, 'f', 4));
        else if (b.estimate.value)
            interval = QString::number(*b.estimate.value, 'f', 4) + u" [no interval: "_s
                + b.undefinedReason + u']';
        table.addRow({m.dimension.isEmpty() ? m.model : u"%1 (%2)"_s.arg(m.model, m.dimension),
                      interval, u"%1/%2"_s.arg(b.undefinedDraws).arg(options.draws)});
    }
    out << u"\nPercentile bootstrap, %1 draws, seed %2 (labelled and unlabelled items "
           "resampled apart, λ re-tuned on each draw):\n"_s.arg(options.draws)
               .arg(options.seed)
        << table.render();
}

} // namespace

int runCorrectedScore(const QCommandLineParser &p, const QString &benchmark,
                      const QString &projectPath, QTextStream &out, QTextStream &err)
{
    const auto usage = [&err](const QString &message) {
        err << u"rubricate-cli: "_s << message << u'\n';
        return int(Usage);
    };
    CorrectedScoreOptions options;
    options.benchmarkKey = benchmarkKeyOf(benchmark);
    if (options.benchmarkKey.isEmpty())
        return usage(u"score %1 has no corrected scores: they need a per-item outcome "
                     "(drb2, researchrubrics, pdr, reportbench)"_s.arg(benchmark));
    if (!p.isSet(u"corrected"_s))
        return usage(u"score drb2 needs --corrected --study NAME (DRB-II's own scores come "
                     "with `export drb2`)"_s);
    const QString studyName = p.value(u"study"_s);
    if (studyName.isEmpty())
        return usage(
            u"score %1 --corrected needs --study NAME: its labels are the sample"_s.arg(benchmark));
    if (const QString problem = parseCorrectedOptions(p, &options); !problem.isEmpty())
        return usage(problem);
    const QString file = p.value(u"out"_s);
    if (!file.isEmpty() && !file.endsWith(u".csv"_s) && !file.endsWith(u".json"_s))
        return usage(u"score --corrected: --out is a .csv or .json file"_s);
    BootstrapOptions bootstrap;
    if (const QString problem = parseBootstrap(p, &bootstrap); !problem.isEmpty())
        return usage(problem);

    const std::optional<CorrectedScores> scores
        = loadCorrectedScores(projectPath, studyName, options, err);
    if (!scores)
        return Failed;

    out << u"%1 judge-corrected %2 (PPI++), study \"%3\", judge %4 (%5), gold: %6, 95 % "
           "normal intervals\n"_s.arg(benchmarkName(options.benchmarkKey),
                                      correctedOutcomeName(options.benchmarkKey), studyName,
                                      scores->judge, scores->judgeName, scores->gold);
    printScores(*scores, options.perDimension, out);
    const QList<CorrectedDifference> differences = pairwiseDifferences(*scores, options.confidence);
    printPairwise(differences, out);
    if (p.isSet(u"bootstrap"_s))
        printBootstrap(*scores, bootstrap, out);
    out << u"\nJudge only: the judge's mean over all N items, its interval ignoring the judge's "
           "errors; n_eff: labelled items the people-only estimate would need for the PPI++ "
           "precision.\n"_s;
    return writeExports(p, *scores, differences, out, err) ? Ok : Failed;
}

int runStudyPlan(const QCommandLineParser &p, const QString &projectPath, QTextStream &out,
                 QTextStream &err)
{
    const auto usage = [&err](const QString &message) {
        err << u"rubricate-cli: "_s << message << u'\n';
        return int(Usage);
    };
    const QString studyName = p.value(u"study"_s);
    bool ok = false;
    const double width = p.value(u"width"_s).toDouble(&ok);
    if (studyName.isEmpty() || !ok || !(width > 0))
        return usage(u"study plan needs --study NAME and --width W, the target half-width "
                     "(W > 0, on the benchmark's score scale)"_s);
    CorrectedScoreOptions options;
    if (const QString problem = parseStudyOptions(p, &options); !problem.isEmpty())
        return usage(problem);

    const std::optional<CorrectedScores> scores
        = loadCorrectedScores(projectPath, studyName, options, err);
    if (!scores)
        return Failed;
    out << u"%1 %2, study \"%3\", judge %4: labels needed for a PPI++ interval of ±%5 "
           "(95 %)\n"_s.arg(benchmarkName(scores->benchmarkKey),
                            correctedOutcomeName(scores->benchmarkKey), studyName, scores->judge,
                            QString::number(width));
    Table table;
    table.setHeader({u"model"_s, u"n"_s, u"N"_s, u"now ±"_s, u"more labels"_s, u"then ±"_s});
    for (int c : {1, 2, 3, 5})
        table.setRightAligned(c);
    QStringList unreachable;
    for (const CorrectedModelScore &m : scores->models) {
        const PpiPlan plan = ppiPlan(m.sample, width, scores->confidence);
        const QString model
            = m.dimension.isEmpty() ? m.model : u"%1 (%2)"_s.arg(m.model, m.dimension);
        const auto number = [](const std::optional<double> &v) {
            return v ? QString::number(*v, 'f', 4) : u"-"_s;
        };
        table.addRow({model, QString::number(m.labelled), QString::number(m.judged),
                      number(plan.currentHalfWidth),
                      plan.extraItems ? QString::number(*plan.extraItems) : u"not reachable"_s,
                      number(plan.plannedHalfWidth)});
        if (!plan.isReachable())
            unreachable << u"%1: not reachable: %2"_s.arg(model, plan.unreachableReason);
    }
    out << table.render();
    for (const QString &line : std::as_const(unreachable))
        out << line << u'\n';
    out << u"The prediction assumes the next labelled items vary as the ones labelled so far; "
           "`study extend` with the same options draws them from the items of the model the "
           "study has not sampled.\n"_s;
    return Ok;
}

int runStudyExtend(const QCommandLineParser &p, const QString &projectPath, QTextStream &out,
                   QTextStream &err)
{
    const auto usage = [&err](const QString &message) {
        err << u"rubricate-cli: "_s << message << u'\n';
        return int(Usage);
    };
    const QString studyName = p.value(u"study"_s);
    bool widthOk = false, itemsOk = false;
    const double width = p.value(u"width"_s).toDouble(&widthOk);
    const int items = p.value(u"items"_s).toInt(&itemsOk);
    if (studyName.isEmpty() || p.isSet(u"width"_s) == p.isSet(u"items"_s)
        || (p.isSet(u"width"_s) && !(widthOk && width > 0))
        || (p.isSet(u"items"_s) && !(itemsOk && items > 0)))
        return usage(u"study extend needs --study NAME and either --width W (the target "
                     "half-width, W > 0) or --items N (N > 0)"_s);
    CorrectedScoreOptions options;
    if (const QString problem = parseStudyOptions(p, &options); !problem.isEmpty())
        return usage(problem);
    const auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    if (!store->annotations().study(studyName)) {
        err << u"rubricate-cli: no study named \"%1\" (study status lists them)\n"_s.arg(studyName);
        return Failed;
    }

    QMap<QString, int> extra;
    if (p.isSet(u"width"_s)) {
        // The same plan `study plan` prints: not reachable is 0, and said why.
        const StudyExtensionPlan plan = readExtensionPlan(*store, studyName, width, options);
        if (!plan.error.isEmpty()) {
            err << u"rubricate-cli: "_s << plan.error << u'\n';
            return Failed;
        }
        for (const ModelPlan &m : plan.models) {
            if (!m.plan.isReachable())
                out << u"%1: not reachable: %2\n"_s.arg(m.model, m.plan.unreachableReason);
        }
        extra = plan.extraPerModel();
    }
    const SampleExtension extension = extendStudy(*store, studyName, extra, items, options);
    if (!extension.error.isEmpty()) {
        err << u"rubricate-cli: "_s << extension.error << u'\n';
        return Failed;
    }
    out << u"study \"%1\": %2 items added\n\n"_s.arg(studyName).arg(extension.assignments.size());
    printStrataAndLoads(extension.strata, extension.loads,
                        {u"model"_s, u"not yet sampled"_s, u"added"_s}, u"items added"_s, out);
    return Ok;
}

} // namespace Rubricate::Cli
