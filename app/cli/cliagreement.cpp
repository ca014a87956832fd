#include "cliagreement.h"

#include "cliapp.h"
#include "clitable.h"
#include "exchange/alignmentexport.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QCoreApplication>
#include <QFileInfo>
#include <QHash>
#include <QSet>

#include <algorithm>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

AlignmentChartWriter &chartWriter()
{
    static AlignmentChartWriter writer;
    return writer;
}

} // namespace

bool isAgainstValue(const QString &against)
{
    return against == HumanMajority || against == GoldRater
        || (against.startsWith("human:"_L1) && against.size() > 6);
}

namespace {

// What the command line asks for before the project is read; `collapseBinary` is resolved
// once the benchmark is known, because each benchmark documents its own binary reading.
struct Request {
    AlignmentOptions options;
    QString benchmark;
    bool collapseBinary = false;
    QString outDir;
};

std::optional<AlphaLevel> levelFromKey(const QString &key)
{
    for (AlphaLevel l :
         {AlphaLevel::Nominal, AlphaLevel::Ordinal, AlphaLevel::Interval, AlphaLevel::Ratio}) {
        if (alphaLevelName(l) == key)
            return l;
    }
    return std::nullopt;
}

QString attributeKeys()
{
    return u"dimension, task, model, persona, language, theme"_s;
}

// --label-method, --judge-visible and --label-study: which annotators' current labels count.
Result<LabelFilter> labelFilter(const QCommandLineParser &p)
{
    LabelFilter filter;
    for (const QString &key : p.value(u"label-method"_s).split(u',', Qt::SkipEmptyParts)) {
        const auto method = labelFilterMethodFromKey(key.trimmed());
        if (!method) {
            return Error{
                u"--label-method takes one or more of %1, separated by commas (not %2)"_s.arg(
                    labelFilterMethodKeys().join(u", "_s), key)};
        }
        filter.methods.insert(*method);
    }
    if (p.isSet(u"label-method"_s) && filter.methods.isEmpty()) {
        return Error{u"--label-method needs one or more of "_s
                     + labelFilterMethodKeys().join(u", "_s)};
    }
    if (p.isSet(u"judge-visible"_s)) {
        const QString visible = p.value(u"judge-visible"_s);
        if (visible != "yes"_L1 && visible != "no"_L1) {
            return Error{u"--judge-visible is yes or no"_s};
        }
        filter.judgeVisible = visible == "yes"_L1;
    }
    if (p.isSet(u"label-study"_s)) {
        filter.study = p.value(u"label-study"_s);
        if (filter.study.isEmpty()) {
            return Error{u"--label-study needs the name of a study"_s};
        }
    }
    return filter;
}

// Usage errors are reported here, before the project is opened.
std::optional<Request> parseRequest(const QCommandLineParser &p, QTextStream &err)
{
    Request r;
    AlignmentOptions &o = r.options;
    const auto usage = [&err](const QString &message) {
        err << u"rubricate-cli: "_s << message << u'\n';
        return std::nullopt;
    };
    r.benchmark = p.value(u"benchmark"_s);
    o.benchmarkKey = r.benchmark;

    if (p.isSet(u"judge"_s)) {
        const QString judge = p.value(u"judge"_s);
        const QString id = judge.startsWith("run:"_L1) ? judge.mid(4) : judge;
        bool ok = false;
        id.toLongLong(&ok);
        if (!ok)
            return usage(u"--judge is run:ID (see `rubricate-cli runs`)"_s);
        o.judge = u"run:"_s + id;
    }
    if (p.isSet(u"against"_s)) {
        const QString against = p.value(u"against"_s);
        if (!isAgainstValue(against))
            return usage(u"--against is majority, gold or human:NAME"_s);
        o.human = against;
    }
    const QString collapse = p.value(u"collapse"_s);
    if (!collapse.isEmpty() && collapse != "none"_L1 && collapse != "binary"_L1)
        return usage(u"--collapse is none or binary"_s);
    r.collapseBinary = collapse == "binary"_L1;
    if (p.isSet(u"level"_s)) {
        const auto level = levelFromKey(p.value(u"level"_s));
        if (!level)
            return usage(u"--level is nominal, ordinal, interval or ratio"_s);
        o.level = *level;
    }
    if (p.isSet(u"breakdown"_s)) {
        const auto attribute = ratingAttributeFromKey(p.value(u"breakdown"_s));
        if (!attribute)
            return usage(u"--breakdown is one of "_s + attributeKeys());
        o.breakdown = *attribute;
    }
    for (const QString &filter : p.values(u"filter"_s)) {
        const qsizetype eq = filter.indexOf(u'=');
        const auto attribute = ratingAttributeFromKey(filter.left(eq));
        if (eq <= 0 || !attribute)
            return usage(u"--filter is attribute=value, the attribute one of "_s + attributeKeys());
        o.filters.insert(*attribute, filter.mid(eq + 1));
    }
    if (p.isSet(u"draws"_s)) {
        bool ok = false;
        const int draws = p.value(u"draws"_s).toInt(&ok);
        if (!ok || draws < 0)
            return usage(u"--draws needs a number of bootstrap draws (0: no intervals)"_s);
        o.bootstrap.draws = draws;
    }
    o.intervals = o.bootstrap.draws > 0;
    if (p.isSet(u"seed"_s)) {
        bool ok = false;
        const uint seed = p.value(u"seed"_s).toUInt(&ok);
        if (!ok)
            return usage(u"--seed needs a whole number from 0 to 4294967295"_s);
        o.bootstrap.seed = seed;
    }
    if (p.isSet(u"clusters"_s))
        o.bootstrap.resampling = Resampling::Clusters;
    o.annotatorsOnly = p.isSet(u"annotators-only"_s);
    if (o.annotatorsOnly && (p.isSet(u"judge"_s) || p.isSet(u"against"_s)))
        return usage(u"--annotators-only compares no judge: leave out --judge and --against"_s);
    const QString f1 = p.value(u"f1"_s);
    if (f1 == "researchrubrics"_L1)
        o.f1 = researchRubricsReferenceF1;
    else if (!f1.isEmpty() && f1 != "default"_L1)
        return usage(u"--f1 is default or researchrubrics"_s);
    const Result<LabelFilter> labels = labelFilter(p);
    if (!labels)
        return usage(labels.errorMessage());
    o.labels = *labels;
    r.outDir = p.value(u"out"_s);
    return r;
}

QString fixed3(double v)
{
    const QString s = QString::number(v, 'f', 3);
    return s == "-0.000"_L1 ? u"0.000"_s : s;
}

QString estimateText(const Estimate &e)
{
    if (!e.point.isDefined())
        return u"undefined ("_s + e.point.undefinedReason + u')';
    QString s = fixed3(*e.point.value);
    if (e.lower && e.upper)
        s += u" ["_s + fixed3(*e.lower) + u", "_s + fixed3(*e.upper) + u']';
    else if (!e.intervalNote.isEmpty())
        s += u" (no interval: "_s + e.intervalNote + u')';
    return s;
}

template<typename Row>
QStringList estimateCells(const Row &row)
{
    return {estimateText(row.percent), estimateText(row.kappa), estimateText(row.macroF1),
            estimateText(row.alpha)};
}

QStringList statHeader(const AlignmentReport &report)
{
    return {u"agreement"_s, u"Cohen's kappa"_s, u"Macro-F1"_s,
            u"alpha ("_s + alphaLevelName(report.options.level) + u')'};
}

// The annotators' labels compared, for the first line of the output; empty when all are.
QString labelsClause(const AlignmentReport &report)
{
    const LabelFilter &labels = report.options.labels;
    return labels.isEmpty() ? QString() : u"; labels: "_s + labelFilterDescription(labels);
}

// Why no judge is compared, for the first line of the output.
QString noJudgeReason(const AlignmentReport &report)
{
    return report.options.annotatorsOnly ? u"--annotators-only"_s
                                         : u"no judge run has rated these items"_s;
}

// How many items how many people labelled, and what each annotator chose.
void printAnnotatorLabels(const AlignmentReport &report, QTextStream &out)
{
    QStringList byCount;
    for (auto it = report.itemsByAnnotatorCount.cend();
         it != report.itemsByAnnotatorCount.cbegin();) {
        --it;
        byCount << u"%1 by %2"_s.arg(it.value()).arg(it.key());
    }
    out << u"Items labelled: "_s << byCount.join(u", "_s) << u".\n"_s;
    Table t;
    QStringList header{u"annotator"_s, u"key"_s, u"items"_s};
    for (double c : report.categories)
        header << u"label "_s + QString::number(c);
    t.setHeader(header);
    for (int column = 2; column < header.size(); ++column)
        t.setRightAligned(column);
    for (const AnnotatorLabels &a : report.annotatorLabels) {
        QStringList row{report.raterNames.value(a.rater, a.rater), a.rater,
                        QString::number(a.items)};
        for (qsizetype n : a.perCategory)
            row << QString::number(n);
        t.addRow(row);
    }
    out << t.render(2);
}

void printReport(const AlignmentReport &report, QTextStream &out)
{
    const AlignmentOptions &o = report.options;
    if (report.annotatorsOnly) {
        out << u"Agreement among the %1 annotators of %2 on %3 items; no judge run compared "
               "(%4)%5.\n"_s.arg(report.annotators.size())
                   .arg(o.benchmarkKey)
                   .arg(report.table.unitCount())
                   .arg(noJudgeReason(report), labelsClause(report));
    } else {
        out << u"Agreement on %1: %2 items, judge %3 against %4%5\n"_s.arg(o.benchmarkKey)
                   .arg(report.table.unitCount())
                   .arg(raterDisplayName(report, report.mainJudge),
                        raterDisplayName(report, report.mainHuman), labelsClause(report));
    }
    out << u"Labels %1; Krippendorff's alpha %2; %3.\n"_s.arg(
        collapseName(o.collapse), alphaLevelName(o.level), macroF1Name(o.f1));
    if (o.intervals && o.bootstrap.draws > 0) {
        out << u"%1% bootstrap intervals: %2 draws over %3, seed %4.\n"_s
                   .arg(QString::number(o.bootstrap.confidence * 100, 'g', 6))
                   .arg(o.bootstrap.draws)
                   .arg(o.bootstrap.resampling == Resampling::Clusters ? u"tasks"_s : u"items"_s)
                   .arg(o.bootstrap.seed);
    } else {
        out << u"No intervals.\n"_s;
    }
    if (!report.annotatorsOnly) {
        out << u"%1 item(s) with tied annotators have no majority; %2 judge error(s) are never "
               "paired.\n"_s.arg(report.majorityTies)
                   .arg(report.judgeErrors);
    }
    out << u'\n';

    QList<const Comparison *> shown = headlineComparisons(report);
    if (shown.isEmpty()) { // no annotators yet: the judge runs against each other
        for (const Comparison &c : report.comparisons)
            shown << &c;
    }
    Table t;
    t.setHeader(QStringList{u"comparison"_s, u"n"_s} + statHeader(report));
    t.setRightAligned(1);
    for (const Comparison *c : std::as_const(shown)) {
        t.addRow(QStringList{raterDisplayName(report, c->raterA) + u" vs "_s
                                 + raterDisplayName(report, c->raterB),
                             QString::number(c->n)}
                 + estimateCells(*c));
    }
    out << t.render(2);
    if (!report.annotators.isEmpty()) {
        out << u"\nAnnotators together: Krippendorff's alpha %1, Fleiss' kappa %2\n"_s.arg(
            estimateText(report.annotatorsAlpha), estimateText(report.annotatorsFleiss));
    }
    if (report.annotatorsOnly)
        printAnnotatorLabels(report, out);
    const qsizetype others = report.comparisons.size() - shown.size();
    if (others > 0)
        out << u"%1 more comparison(s) (other judge runs) are written with --out.\n"_s.arg(others);

    if (report.breakdown.isEmpty())
        return;
    out << u"\nBy %1 (%2 vs %3):\n"_s.arg(ratingAttributeKey(o.breakdown),
                                          raterDisplayName(report, report.mainJudge),
                                          raterDisplayName(report, report.mainHuman));
    Table b;
    b.setHeader(QStringList{ratingAttributeKey(o.breakdown), u"n"_s} + statHeader(report));
    b.setRightAligned(1);
    for (const GroupRow &g : report.breakdown) {
        b.addRow(QStringList{g.group.isEmpty() ? u"(none)"_s : g.group, QString::number(g.n)}
                 + estimateCells(g));
    }
    out << b.render(2);
}

int cmdAgreement(const QCommandLineParser &parser, const QStringList &args,
                 const QString &projectPath, QTextStream &out, QTextStream &err)
{
    if (!args.isEmpty()) {
        err << u"rubricate-cli: agreement takes options only (see --help)\n"_s;
        return Usage;
    }
    auto request = parseRequest(parser, err);
    if (!request)
        return Usage;
    AlignmentOptions &o = request->options;
    const auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    QList<RatingRow> rows = store->annotations().ratingRows(request->benchmark, o.labels);
    // The gold labels are a rater only when asked for: the other comparisons stay as they are.
    const bool againstGold = o.human == GoldRater;
    if (againstGold)
        rows += store->annotations().goldRatingRows(request->benchmark);
    if (request->benchmark.isEmpty()) {
        // Only a benchmark rated by two or more raters has an agreement; when just one is,
        // that is the one meant (the demo has judge-only ResearchRubrics verdicts).
        QStringList rated;
        QHash<QString, QSet<QString>> raters;
        for (const RatingRow &r : rows) {
            if (!rated.contains(r.benchmarkKey))
                rated << r.benchmarkKey;
            raters[r.benchmarkKey].insert(r.rater);
        }
        const QStringList comparable = [&] {
            QStringList keys;
            for (const QString &key : std::as_const(rated)) {
                if (raters.value(key).size() > 1)
                    keys << key;
            }
            return keys;
        }();
        if (!comparable.isEmpty())
            rated = comparable;
        if (rated.size() > 1) {
            err << u"rubricate-cli: the project has ratings of %1; choose one with --benchmark\n"_s
                       .arg(rated.join(u", "_s));
            return Usage;
        }
        o.benchmarkKey = rated.value(0);
    }
    // When the label filter leaves people out, the messages below say so.
    const QString filtered = o.labels.isEmpty()
        ? QString()
        : u" (among the labels kept: "_s + labelFilterDescription(o.labels) + u')';
    if (rows.isEmpty()) {
        err << u"rubricate-cli: no judge verdicts or annotations%1 yet%2\n"_s.arg(
            o.benchmarkKey.isEmpty() ? QString() : u" of "_s + o.benchmarkKey, filtered);
        return Failed;
    }
    if (request->collapseBinary) {
        if (o.benchmarkKey == QLatin1StringView(BenchmarkKey::Drb2)) {
            o.collapse = LabelCollapse::Drb2Binary;
        } else if (o.benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics)) {
            o.collapse = LabelCollapse::ResearchRubricsBinary;
        } else {
            err << u"rubricate-cli: %1 documents no binary reading of its labels; use "
                   "--collapse none\n"_s.arg(o.benchmarkKey);
            return Usage;
        }
    }
    const QStringList judges = ratersOf(rows, o.benchmarkKey, true);
    const QStringList annotators = ratersOf(rows, o.benchmarkKey, false);
    if (!o.judge.isEmpty() && !judges.contains(o.judge)) {
        err << u"rubricate-cli: %1 has not rated %2 items; runs that have: %3\n"_s.arg(
            o.judge, o.benchmarkKey, judges.isEmpty() ? u"(none)"_s : judges.join(u", "_s));
        return Failed;
    }
    if (againstGold && std::none_of(rows.cbegin(), rows.cend(), [&o](const RatingRow &r) {
            return r.rater == GoldRater && r.benchmarkKey == o.benchmarkKey;
        })) {
        err << u"rubricate-cli: nobody has adjudicated %1 items yet, so there are no gold "
               "labels (record them in the workbench: View → Adjudication)\n"_s.arg(o.benchmarkKey);
        return Failed;
    }
    if (!againstGold && o.human != HumanMajority && !annotators.contains(o.human)) {
        err << u"rubricate-cli: %1 has not labelled %2 items%3; annotators: %4\n"_s.arg(
            o.human, o.benchmarkKey, filtered,
            annotators.isEmpty() ? u"(none)"_s : annotators.join(u", "_s));
        return Failed;
    }
    // Without a judge, computeAlignment says when there are fewer than two annotators.
    if (!againstGold && !o.annotatorsOnly && judges.size() == 1 && annotators.isEmpty()) {
        err << u"rubricate-cli: nobody has labelled %1 items yet%2, so there is nothing to "
               "compare the judge with (label in the workbench first)\n"_s.arg(o.benchmarkKey,
                                                                               filtered);
        return Failed;
    }

    const AlignmentReport report = computeAlignment(rows, o);
    if (!report.error.isEmpty()) {
        err << u"rubricate-cli: "_s << report.error << u'\n';
        return Failed;
    }
    if (request->outDir.isEmpty()) {
        printReport(report, out);
        return Ok;
    }
    AlignmentExportOptions exportOptions;
    exportOptions.programVersion = QCoreApplication::applicationVersion();
    exportOptions.writeCharts = chartWriter();
    if (!exportOptions.writeCharts)
        err << u"rubricate-cli: no charts in this export (no display toolkit)\n"_s;
    const auto files = exportAlignment(report, request->outDir, exportOptions);
    if (!files) {
        err << u"rubricate-cli: "_s << files.errorMessage() << u'\n';
        return Failed;
    }
    if (report.annotatorsOnly) {
        out << u"%1 comparison(s) among %2 annotators over %3 items of %4, no judge run "
               "compared (%5)%6:\n"_s.arg(report.comparisons.size())
                   .arg(report.annotators.size())
                   .arg(report.table.unitCount())
                   .arg(o.benchmarkKey, noJudgeReason(report), labelsClause(report));
    } else {
        out << u"%1 comparison(s) over %2 items of %3, judge %4 against %5%6:\n"_s
                   .arg(report.comparisons.size())
                   .arg(report.table.unitCount())
                   .arg(o.benchmarkKey, report.mainJudge, report.mainHuman, labelsClause(report));
    }
    for (const QString &f : *files)
        out << u"  "_s << f << u'\n';
    return Ok;
}

} // namespace

void setAgreementChartWriter(AlignmentChartWriter writer)
{
    chartWriter() = std::move(writer);
}

QList<QCommandLineOption> agreementOptions()
{
    // --benchmark and --seed are shared with other commands and declared there.
    return {
        {u"judge"_s, u"agreement: the judge run (run:ID); default the newest."_s, u"RUN"_s},
        {u"against"_s, u"agreement: majority (default), human:NAME or gold (adjudicated labels)."_s,
         u"WHO"_s},
        {u"collapse"_s, u"agreement: none (default) or binary (the benchmark's own)."_s, u"HOW"_s},
        {u"level"_s, u"agreement: alpha's level, nominal (default), ordinal, interval, ratio."_s,
         u"LEVEL"_s},
        {u"breakdown"_s,
         u"agreement: group by dimension (default), task, model, persona, language, theme."_s,
         u"ATTRIBUTE"_s},
        {u"filter"_s, u"agreement: only items with attribute=value (repeatable)."_s,
         u"ATTRIBUTE=VALUE"_s},
        {u"draws"_s, u"agreement: bootstrap draws (1000; 0: no intervals)."_s, u"N"_s},
        {u"clusters"_s, u"agreement: resample whole tasks, not items."_s},
        {u"f1"_s, u"agreement: Macro-F1 variant, default or researchrubrics."_s, u"VARIANT"_s},
        {u"label-method"_s,
         u"agreement: only annotators' current labels given so: typed, accepted, imported, undo, "
         "redo, adjudicated, unknown (comma-separated)."_s,
         u"METHODS"_s},
        {u"judge-visible"_s,
         u"agreement: only current labels given with the judge visible (yes) or hidden (no)."_s,
         u"YES|NO"_s},
        {u"label-study"_s, u"agreement: only current labels given in this study."_s, u"NAME"_s},
        {u"annotators-only"_s,
         u"agreement: compare the annotators among themselves, even when judge runs exist."_s},
        {u"out"_s, u"agreement: write every table and the manifest into this folder."_s, u"DIR"_s},
    };
}

std::optional<int> runAgreementCommand(const QString &command, const QCommandLineParser &parser,
                                       const QStringList &args, const QString &projectPath,
                                       QTextStream &out, QTextStream &err)
{
    if (command != "agreement"_L1)
        return std::nullopt;
    return cmdAgreement(parser, args, projectPath, out, err);
}

} // namespace Rubricate::Cli
