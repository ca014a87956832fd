// rubricate-cli sample: reads the items, plans the sample in core, stores the assignments.
#include "clisample.h"

#include "alignment/sampling.h"
#include "cliapp.h"
#include "cliscore.h"
#include "clitable.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QRandomGenerator>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

int listSamples(ProjectStore &store, QTextStream &out)
{
    Table t;
    t.setHeader({u"sample"_s, u"items"_s, u"annotators"_s, u"seed"_s, u"created"_s});
    t.setRightAligned(1);
    for (const QString &name : store.annotations().samples().value_or({})) {
        const auto info = store.annotations().sampleInfo(name);
        if (!info)
            continue;
        QStringList people;
        for (const auto &[annotator, items] : info->annotators)
            people << u"%1 %2"_s.arg(annotator).arg(items);
        t.addRow({name, QString::number(info->items), people.join(u", "_s),
                  info->seed ? QString::number(*info->seed) : QString(),
                  info->createdAt.toLocalTime().toString(u"yyyy-MM-dd HH:mm"_s)});
    }
    out << t.render();
    if (t.rowCount() == 0)
        out << u"(none)\n"_s;
    return Ok;
}

// A number option that is absent (nullopt, fine) or present and valid; `*bad` on garbage.
std::optional<double> numberOption(const QCommandLineParser &p, const QString &name, bool *bad,
                                   QTextStream &err)
{
    if (!p.isSet(name))
        return std::nullopt;
    bool ok = false;
    const double v = p.value(name).toDouble(&ok);
    if (!ok) {
        err << u"rubricate-cli: --%1 needs a number\n"_s.arg(name);
        *bad = true;
        return std::nullopt;
    }
    return v;
}

std::optional<int> wholeOption(const QCommandLineParser &p, const QString &name, bool *bad,
                               QTextStream &err)
{
    if (!p.isSet(name))
        return std::nullopt;
    bool ok = false;
    const int v = p.value(name).toInt(&ok);
    if (!ok) {
        err << u"rubricate-cli: --%1 needs a whole number\n"_s.arg(name);
        *bad = true;
        return std::nullopt;
    }
    return v;
}

QString firstFreeName(const QStringList &taken)
{
    for (int i = 1;; ++i) {
        QString name = u"sample-%1"_s.arg(i);
        if (!taken.contains(name))
            return name;
    }
}

int drawSample(const QCommandLineParser &p, ProjectStore &store, QTextStream &out, QTextStream &err)
{
    SampleRequest request;
    bool bad = false;
    const auto size = wholeOption(p, u"size"_s, &bad, err);
    request.halfWidth = numberOption(p, u"half-width"_s, &bad, err);
    const auto expected = numberOption(p, u"expected"_s, &bad, err);
    const auto confidence = numberOption(p, u"confidence"_s, &bad, err);
    const auto overlap = wholeOption(p, u"overlap"_s, &bad, err);
    if (bad)
        return Usage;
    if (size.has_value() == request.halfWidth.has_value()) {
        err << u"rubricate-cli: sample needs either --size N or --half-width W\n"_s;
        return Usage;
    }
    request.size = size.value_or(0);
    request.expectedAgreement = expected.value_or(request.expectedAgreement);
    request.confidence = confidence.value_or(request.confidence);
    request.overlap = overlap.value_or(1);
    request.annotators = annotatorList(p.value(u"annotators"_s));
    if (request.annotators.isEmpty()) {
        err << u"rubricate-cli: sample needs --annotators, e.g. --annotators ada,bo,cy\n"_s;
        return Usage;
    }
    if (p.isSet(u"by"_s)) {
        request.by.clear();
        for (const QString &key : p.value(u"by"_s).split(u',', Qt::SkipEmptyParts)) {
            const auto attribute = ratingAttributeFromKey(key.trimmed());
            if (!attribute) {
                err << u"rubricate-cli: cannot stratify by \"%1\" (dimension, task, model, "
                       "persona, language, theme)\n"_s.arg(key);
                return Usage;
            }
            request.by.append(*attribute);
        }
    }
    if (p.isSet(u"seed"_s)) {
        bool ok = false;
        request.seed = p.value(u"seed"_s).toUInt(&ok);
        if (!ok) {
            err << u"rubricate-cli: --seed needs a whole number from 0 to 4294967295\n"_s;
            return Usage;
        }
    } else {
        // Any seed will do as long as it is kept: it is printed and stored with the sample.
        request.seed = QRandomGenerator::global()->generate();
    }

    QString benchmark = p.value(u"benchmark"_s);
    if (benchmark.isEmpty()) {
        const QList<Benchmark> all = store.catalog().benchmarks().value_or({});
        if (all.size() != 1) {
            err << u"rubricate-cli: the project has %1 benchmarks; choose one with "
                   "--benchmark KEY\n"_s.arg(all.size());
            return Usage;
        }
        benchmark = all.constFirst().key;
    } else if (!store.catalog().benchmark(benchmark)) {
        err << u"rubricate-cli: no benchmark \"%1\" in the project\n"_s.arg(benchmark);
        return Failed;
    }
    const QStringList taken = store.annotations().samples().value_or({});
    const QString name = p.isSet(u"name"_s) ? p.value(u"name"_s).trimmed() : firstFreeName(taken);
    if (name.isEmpty() || taken.contains(name)) {
        err << u"rubricate-cli: there is already a sample named \"%1\"; choose another --name\n"_s
                   .arg(name);
        return Failed;
    }

    const SamplePlan plan
        = planSample(store.annotations().itemRows(benchmark).value_or({}), request);
    if (!plan.error.isEmpty()) {
        err << u"rubricate-cli: "_s << plan.error << u'\n';
        return plan.population == 0 ? Failed : Usage;
    }
    // A sample is a study: its settings are saved with it, in the same transaction.
    Study settings;
    settings.blind = p.isSet(u"blind"_s);
    if (p.isSet(u"compare-run"_s)) {
        settings.runId = p.value(u"compare-run"_s).toLongLong();
        const QList<RunSummary> runs = store.runs().list().value_or({});
        if (std::none_of(runs.cbegin(), runs.cend(),
                         [&](const RunSummary &r) { return r.id == settings.runId; })) {
            err << u"rubricate-cli: no judge run %1 in the project (runs lists them)\n"_s.arg(
                p.value(u"compare-run"_s));
            return Usage;
        }
    }
    if (const Result<void> saved
        = store.annotations().saveAssignments(name, request.seed, plan.assignments, settings);
        !saved) {
        err << u"rubricate-cli: "_s << saved.errorMessage() << u'\n';
        return Failed;
    }

    out << u"sample \"%1\" of %2, seed %3: %4 of %5 items in %6 strata, %7 annotators, "
           "overlap %8\n"_s.arg(name, benchmark)
               .arg(request.seed)
               .arg(plan.sample.size())
               .arg(plan.population)
               .arg(plan.strata.size())
               .arg(request.annotators.size())
               .arg(request.overlap);
    if (request.halfWidth) {
        out << u"size for ±%1 around an expected agreement of %2 at %3% (percent agreement; "
               "kappa and alpha need more)\n"_s.arg(*request.halfWidth, 0, 'g', 3)
                   .arg(request.expectedAgreement, 0, 'g', 3)
                   .arg(request.confidence * 100, 0, 'g', 3);
    }
    out << u'\n';
    printStrataAndLoads(plan.strata, plan.loads, {u"stratum"_s, u"items"_s, u"sampled"_s},
                        u"items"_s, out);
    return Ok;
}

// A sample's items in review order: where current labels disagree first, then items with a
// single label, then the rest; one annotator's share with --annotator.
int reviewOrder(const QCommandLineParser &parser, ProjectStore &store, QTextStream &out,
                QTextStream &err)
{
    const QString sample = parser.value(u"review"_s);
    if (!store.annotations().samples().value_or({}).contains(sample)) {
        err << u"rubricate-cli: no sample named \"%1\" (sample --list)\n"_s.arg(sample);
        return Failed;
    }
    const QList<Assignment> items
        = store.annotations().assignments(sample, parser.value(u"annotator"_s)).value_or({});
    const QList<ReviewItem> order = disagreementsFirst(items, store.annotations().ratingRows());
    QHash<RowId, Report> reports;
    Table table;
    table.setHeader({u"#"_s, u"group"_s, u"report"_s, u"rubric"_s, u"labels"_s});
    int position = 0;
    for (const ReviewItem &item : order) {
        const QString group = item.group == ReviewGroup::Disagreement ? u"disagreement"_s
            : item.group == ReviewGroup::SingleLabel                  ? u"one label"_s
                                                                      : u"agreed or none"_s;
        table.addRow({QString::number(++position), group, QString::number(item.reportId),
                      QString::number(item.rubricId), QString::number(item.labels)});
    }
    out << table.render();
    return Ok;
}

// Every study (or one) with its settings and how far each annotator is.
int studyStatus(const QCommandLineParser &parser, ProjectStore &store, QTextStream &out,
                QTextStream &err)
{
    const QString wanted = parser.value(u"study"_s);
    QList<Study> studies = store.annotations().studies().value_or({});
    if (!wanted.isEmpty()) {
        studies.removeIf([&](const Study &s) { return s.name != wanted; });
        if (studies.isEmpty()) {
            err << u"rubricate-cli: no study named \"%1\" (study status lists them)\n"_s.arg(
                wanted);
            return Failed;
        }
    }
    if (studies.isEmpty()) {
        out << u"(no studies: draw one with `rubricate-cli sample`)\n"_s;
        return Ok;
    }
    QHash<RowId, QString> runNames;
    for (const RunSummary &run : store.runs().list().value_or({}))
        runNames.insert(run.id, run.name);
    for (const Study &study : std::as_const(studies)) {
        const QList<StudyProgress> progress
            = store.annotations().studyProgress(study.name).value_or({});
        int assigned = 0, labelled = 0, inStudy = 0;
        for (const StudyProgress &p : progress) {
            assigned += p.assigned;
            labelled += p.labelled;
            inStudy += p.labelledInStudy;
        }
        out << u"study \"%1\": %2, compared with %3; %4 of %5 assignments labelled\n"_s
                   .arg(study.name, study.blind ? u"blind"_s : u"not blind"_s,
                        study.runId
                            ? u"run %1 (%2)"_s.arg(study.runId).arg(runNames.value(study.runId))
                            : u"no run"_s)
                   .arg(labelled)
                   .arg(assigned);
        if (inStudy < labelled) {
            // The corrected scores and `study plan` count only labels given in the study.
            out << u"  %1 of them labelled in this study; the other %2 before it or outside it"
                   " (the study's corrected scores leave those out)\n"_s.arg(inStudy)
                       .arg(labelled - inStudy);
        }
        Table t;
        t.setHeader(
            {u"annotator"_s, u"id"_s, u"labelled"_s, u"in this study"_s, u"assigned"_s, u"done"_s});
        for (int c = 2; c <= 5; ++c)
            t.setRightAligned(c);
        for (const StudyProgress &p : progress) {
            t.addRow({p.annotatorName, p.annotatorId, QString::number(p.labelled),
                      QString::number(p.labelledInStudy), QString::number(p.assigned),
                      p.assigned ? u"%1%"_s.arg(100 * p.labelled / p.assigned) : QString()});
        }
        out << t.render() << u'\n';
    }
    return Ok;
}

} // namespace

void printStrataAndLoads(const QList<StratumCount> &strata,
                         const QList<std::pair<QString, int>> &loads,
                         const QStringList &strataHeader, const QString &loadHeader,
                         QTextStream &out)
{
    Table counts;
    counts.setHeader(strataHeader);
    counts.setRightAligned(1);
    counts.setRightAligned(2);
    for (const StratumCount &s : strata) {
        counts.addRow({s.stratum.isEmpty() ? u"(all)"_s : s.stratum, QString::number(s.population),
                       QString::number(s.sampled)});
    }
    out << counts.render() << u'\n';
    Table people;
    people.setHeader({u"annotator"_s, loadHeader});
    people.setRightAligned(1);
    for (const auto &[annotator, items] : loads)
        people.addRow({annotator, QString::number(items)});
    out << people.render();
}

QList<QCommandLineOption> sampleOptions()
{
    return {
        {u"size"_s, u"sample: how many rubric items to draw."_s, u"N"_s},
        {u"half-width"_s,
         u"sample: draw as many items as a ±W interval of percent agreement needs."_s, u"W"_s},
        {u"expected"_s, u"sample: expected percent agreement for --half-width (0.8)."_s, u"P"_s},
        {u"confidence"_s, u"sample: confidence level for --half-width (0.95)."_s, u"C"_s},
        {u"by"_s, u"sample: strata, of dimension, task, model, persona, language, theme."_s,
         u"LIST"_s},
        {u"annotators"_s, u"sample: annotator names, comma-separated."_s, u"NAMES"_s},
        {u"overlap"_s, u"sample: annotators per item (1)."_s, u"N"_s},
        {u"list"_s, u"sample: list the project's samples."_s},
        {u"review"_s, u"sample: the sample's items in review order, disagreements first."_s,
         u"NAME"_s},
        {u"annotator"_s,
         u"sample --review: only this annotator's items; team add-annotator: the annotator the "
         "login labels as (its name by default)."_s,
         u"NAME"_s},
        {u"blind"_s, u"sample: a blind study (the judge hidden until each item is labelled)."_s},
        {u"compare-run"_s, u"sample: the judge run the study compares with."_s, u"ID"_s},
        {u"study"_s, u"study status: only this study."_s, u"NAME"_s},
    };
}

std::optional<int> runSampleCommand(const QString &command, const QCommandLineParser &parser,
                                    const QStringList &args, const QString &projectPath,
                                    QTextStream &out, QTextStream &err)
{
    if (command == "study"_L1) {
        if (args == QStringList{u"plan"_s})
            return runStudyPlan(parser, projectPath, out, err);
        if (args == QStringList{u"extend"_s})
            return runStudyExtend(parser, projectPath, out, err);
        if (args != QStringList{u"status"_s}) {
            err << u"rubricate-cli: study status [--study NAME], study plan --study NAME "
                   "--width W or study extend --study NAME --width W|--items N\n"_s;
            return Usage;
        }
        auto store = openExistingProject(projectPath, err);
        return store ? studyStatus(parser, *store, out, err) : Failed;
    }
    if (command != "sample"_L1)
        return std::nullopt;
    if (!args.isEmpty()) {
        err << u"rubricate-cli: sample takes options only (see --help)\n"_s;
        return Usage;
    }
    auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    if (parser.isSet(u"list"_s))
        return listSamples(*store, out);
    if (parser.isSet(u"review"_s))
        return reviewOrder(parser, *store, out, err);
    return drawSample(parser, *store, out, err);
}

} // namespace Rubricate::Cli
