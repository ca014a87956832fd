// `pdr criteria` (judge-generated PDR-Bench criteria) and `score pdr` (P, Q, overall from a
// stored pdrbench run, printed or written in the reference's results/ layout).
#include "clipdr.h"

#include "cliapp.h"
#include "clijudgeoptions.h"
#include "cliscore.h"
#include "clitable.h"
#include "readers/claimsproject.h"
#include "readers/pdrproject.h"
#include "runs/pdrcriteriagenerator.h"
#include "runs/runplanner.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>
#include <QTimer>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

QString number(const std::optional<double> &v)
{
    return v ? QString::number(*v, 'f', 4) : u"-"_s;
}

int usage(QTextStream &err, const QString &message)
{
    err << u"rubricate-cli: "_s << message << u'\n';
    return Usage;
}

std::optional<int> positiveNumber(const QCommandLineParser &p, const QString &name, int fallback,
                                  QTextStream &err)
{
    if (!p.isSet(name))
        return fallback;
    bool ok = false;
    const int v = p.value(name).toInt(&ok);
    if (!ok || v < 1) {
        usage(err, u"--%1 needs a whole number of at least 1"_s.arg(name));
        return std::nullopt;
    }
    return v;
}

int cmdCriteria(const QCommandLineParser &p, const QString &projectPath, QTextStream &out,
                QTextStream &err)
{
    auto config = judgeConfigFrom(p, err);
    if (!config)
        return Usage;
    // The offline provider answers with the judge simulator; say so in the rubrics' origin.
    if (config->provider == ProviderKind::Offline)
        config->model = u"offline-simulator"_s;
    PdrCriteriaOptions options;
    options.queryIds = parseIdList(p.value(u"queries"_s));
    const auto samples = positiveNumber(p, u"samples"_s, options.samples, err);
    const auto attempts = positiveNumber(p, u"attempts"_s, options.attempts, err);
    if (!samples || !attempts)
        return Usage;
    options.samples = *samples;
    options.attempts = *attempts;
    options.force = p.isSet(u"force"_s);
    if (!openExistingProject(projectPath, err))
        return Failed;

    PdrCriteriaGenerator generator(projectPath, *config);
    QEventLoop loop;
    QString status;
    QObject::connect(
        &generator, &PdrCriteriaGenerator::queryFinished, &loop, [&](const PdrCriteriaOutcome &o) {
            if (o.status == "written"_L1)
                out << u"query %1: %2 criteria written\n"_s.arg(o.queryId).arg(o.rubrics);
            else
                out << u"query %1: failed: %2\n"_s.arg(o.queryId, o.error);
            for (const QString &note : o.notes)
                err << u"  query %1: %2\n"_s.arg(o.queryId, note);
            out.flush();
        });
    QObject::connect(&generator, &PdrCriteriaGenerator::finished, &loop, [&](const QString &s) {
        status = s;
        loop.quit();
    });
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, &loop, [&] {
        const PdrCriteriaProgress g = generator.progress();
        err << u"criteria: %1/%2 calls, %3 requests, %4 of %5 queries written, %6 failed\n"_s
                   .arg(g.callsDone)
                   .arg(g.callsQueued)
                   .arg(g.requests)
                   .arg(g.written)
                   .arg(g.queries)
                   .arg(g.failed);
        err.flush();
    });
    ticker.start(1000);
    if (const Result<void> started = generator.start(options); !started) {
        err << u"rubricate-cli: "_s << started.errorMessage() << u'\n';
        return Failed;
    }
    if (generator.isActive())
        loop.exec();
    const PdrCriteriaProgress g = generator.progress();
    for (const PdrCriteriaOutcome &o : generator.outcomes()) {
        if (o.status == "skipped"_L1)
            out << u"query %1: skipped, %2\n"_s.arg(o.queryId, o.error);
    }
    out << u"PDR-Bench criteria: %1 queries written, %2 failed, %3 skipped; %4 requests\n"_s
               .arg(g.written)
               .arg(g.failed)
               .arg(g.skipped)
               .arg(g.requests);
    return status == "finished"_L1 ? Ok : Failed;
}

template<typename Policy>
bool policyOption(const QCommandLineParser &p, const QString &name,
                  const QList<std::pair<QString, Policy>> &choices, Policy *target,
                  QTextStream &err)
{
    if (!p.isSet(name))
        return true;
    QStringList names;
    for (const auto &[key, value] : choices) {
        if (p.value(name) == key) {
            *target = value;
            return true;
        }
        names << key;
    }
    usage(err, u"--%1 is %2"_s.arg(name, names.join(u" or "_s)));
    return false;
}

int cmdScore(const QCommandLineParser &p, const QString &projectPath, QTextStream &out,
             QTextStream &err)
{
    RowId runId = 0;
    if (!runIdOption(p, &runId, err))
        return Usage;
    PdrScoringOptions options;
    if (!policyOption<PdrMissingPolicy>(p, u"missing"_s,
                                        {{u"exclude"_s, PdrMissingPolicy::Exclude},
                                         {u"reference"_s, PdrMissingPolicy::AsReference}},
                                        &options.missing, err)
        || !policyOption<PdrWeightsPolicy>(p, u"weights"_s,
                                           {{u"reference"_s, PdrWeightsPolicy::Reference},
                                            {u"normalized"_s, PdrWeightsPolicy::Normalized}},
                                           &options.weights, err)
        || !policyOption<PdrUnmatchedPolicy>(p, u"unmatched"_s,
                                             {{u"reference"_s, PdrUnmatchedPolicy::Reference},
                                              {u"reask"_s, PdrUnmatchedPolicy::Reask}},
                                             &options.unmatched, err)
        || !policyOption<PdrUnavailablePolicy>(
            p, u"unavailable"_s,
            {{u"exclude"_s, PdrUnavailablePolicy::Exclude},
             {u"not-supported"_s, PdrUnavailablePolicy::CountAsNotSupported}},
            &options.unavailable, err)
        || !policyOption<PdrNoClaimsPolicy>(
            p, u"no-claims"_s,
            {{u"none"_s, PdrNoClaimsPolicy::NoValue}, {u"zero"_s, PdrNoClaimsPolicy::Zero}},
            &options.noClaims, err)
        || !policyOption<PdrReliabilityCombination>(
            p, u"reliability"_s,
            {{u"mean"_s, PdrReliabilityCombination::Mean},
             {u"fa"_s, PdrReliabilityCombination::FactualAccuracy}},
            &options.reliability, err))
        return Usage;

    const auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    // R from the report's claims and their support runs (`claims extract`, then `judge
    // --scheme reportbench-cited`): per report the newest finished support run that judged it,
    // unless --claim-runs names the runs. Without claims, or before any support run, R is left
    // out, not 0.
    std::optional<QList<PdrClaimItem>> claims;
    if (p.isSet(u"claim-runs"_s)) {
        QList<RowId> runs;
        for (const QString &id : parseIdList(p.value(u"claim-runs"_s)))
            runs << id.toLongLong();
        auto read = readPdrClaimItems(*store, runs);
        if (!read) {
            err << u"rubricate-cli: "_s << read.errorMessage() << u'\n';
            return Failed;
        }
        claims = std::move(read).value();
    } else {
        claims = storedPdrClaimItems(*store);
    }
    const auto scores = scorePdrProject(*store, runId, options, claims);
    if (!scores) {
        err << u"rubricate-cli: "_s << scores.errorMessage() << u'\n';
        return Failed;
    }
    if (p.isSet(u"out"_s)) {
        QStringList files;
        if (const auto written = writePdrResults(*scores, p.value(u"out"_s), &files); !written) {
            err << u"rubricate-cli: "_s << written.errorMessage() << u'\n';
            return Failed;
        }
        out << u"PDR-Bench, run %1: %2 files written\n"_s.arg(scores->rows.runId).arg(files.size());
        for (const QString &f : std::as_const(files))
            out << u"  "_s << f << u'\n';
        return Ok;
    }

    out << u"PDR-Bench, run %1 (%2): %3 reports, %4 criteria, %5 judge errors left out of the "
           "scores\n"_s.arg(scores->rows.runId)
               .arg(scores->rows.runName)
               .arg(scores->reports.size())
               .arg(scores->rows.items.size())
               .arg(scores->rows.errors);
    if (scores->withReliability) {
        int judged = 0, notJudged = 0;
        for (const PdrReportScore &r : scores->reports) {
            judged += r.reliability.score ? 1 : 0;
            notJudged += r.reliability.claims > 0 && !r.reliability.supportJudged ? 1 : 0;
        }
        out << u"R on %1 of %2 reports; %3 with claims whose support no finished run has judged "
               "yet (no R, left out of the overall)\n"_s.arg(judged)
                   .arg(scores->reports.size())
                   .arg(notJudged);
    }
    if (scores->rows.unmatched > 0)
        out << u"%1 judged items named no asked criterion: %2\n"_s.arg(scores->rows.unmatched)
                   .arg(options.unmatched == PdrUnmatchedPolicy::Reference
                            ? u"counted at their dimension's mean weight, the answers asked "
                              "again left out (--unmatched reference)"_s
                            : u"dropped, the answers asked again counted (--unmatched reask)"_s);
    Table table;
    QStringList header{u"model"_s, u"group"_s, u"value"_s, u"reports"_s, u"P"_s, u"Q"_s};
    if (scores->withReliability)
        header << u"R"_s << u"R n"_s;
    header << u"overall"_s << u"errors"_s;
    table.setHeader(header);
    for (int c = 3; c < header.size(); ++c)
        table.setRightAligned(c);
    QList<PdrGroup> all;
    for (PdrBreakdown by : {PdrBreakdown::None, PdrBreakdown::Persona, PdrBreakdown::Setting})
        all << pdrGroups(scores->reports, by);
    for (const PdrGroup &g : std::as_const(all)) {
        QStringList row{g.model,          g.dimension,     g.value, QString::number(g.reports),
                        number(g.p.mean), number(g.q.mean)};
        if (scores->withReliability)
            row << number(g.r.mean) << QString::number(g.r.n);
        row << number(g.overall) << QString::number(g.criterionErrors);
        table.addRow(row);
    }
    out << table.render() << u'\n';

    Table dims;
    dims.setHeader({u"model"_s, u"family"_s, u"dimension"_s, u"n"_s, u"mean"_s});
    dims.setRightAligned(3);
    dims.setRightAligned(4);
    for (const PdrGroup &g : pdrGroups(scores->reports, PdrBreakdown::None)) {
        for (const PdrDimensionMean &d : g.dimensions)
            dims.addRow(
                {g.model, d.family, d.dimension, QString::number(d.mean.n), number(d.mean.mean)});
    }
    out << dims.render();
    return Ok;
}

} // namespace

QList<QCommandLineOption> pdrOptions()
{
    return {
        {u"queries"_s, u"pdr criteria: query ids, e.g. 1,2,5-9 (default: every query)."_s,
         u"IDS"_s},
        {u"samples"_s, u"pdr criteria: weight samples per family (5)."_s, u"N"_s},
        {u"attempts"_s, u"pdr criteria: attempts per call (3)."_s, u"K"_s},
        {u"force"_s,
         u"pdr criteria: also queries that have criteria, replacing them; claims extract: "
         "extract again for reports that have claims (refused when people labelled any)."_s},
        {u"weights"_s,
         u"score pdr: reference (default; P and Q = sum of W x dimension average, as the "
         "reference) or normalized (divided by the sum of the dimension weights W)."_s,
         u"HOW"_s},
        {u"unmatched"_s,
         u"score pdr: a judged item naming no asked criterion counts at its dimension's mean "
         "weight and re-asked answers are left out (reference, default), or it is dropped and "
         "the re-asked answers count (reask)."_s,
         u"HOW"_s},
        {u"missing"_s,
         u"score pdr: exclude (default; renormalise over dimensions with a value) or reference "
         "(a dimension without a score counts 0)."_s,
         u"POLICY"_s},
        {u"unavailable"_s, u"score pdr: unfetchable sources, exclude (default) or not-supported."_s,
         u"POLICY"_s},
        {u"no-claims"_s, u"score pdr: a report without claims has none (default) or zero R."_s,
         u"POLICY"_s},
        {u"reliability"_s, u"score pdr: R = mean of FA and CC (default) or fa."_s, u"HOW"_s},
        {u"claim-runs"_s,
         u"score pdr: the support runs (reportbench-cited) R reads, pooled as votes (default: "
         "per report the newest finished support run that judged it)."_s,
         u"IDS"_s},
    };
}

std::optional<int> runPdrCommand(const QString &command, const QCommandLineParser &parser,
                                 const QStringList &args, const QString &projectPath,
                                 QTextStream &out, QTextStream &err)
{
    if (command == "pdr"_L1) {
        if (args != QStringList{u"criteria"_s})
            return usage(err, u"pdr needs `criteria` (rubricate-cli pdr criteria [options])"_s);
        return cmdCriteria(parser, projectPath, out, err);
    }
    if (command == "score"_L1 && args.value(0) == "pdr"_L1) {
        if (args.size() == 1 && parser.isSet(u"corrected"_s))
            return runCorrectedScore(parser, args.constFirst(), projectPath, out, err);
        if (args.size() != 1)
            return usage(err, u"score pdr takes options only"_s);
        return cmdScore(parser, projectPath, out, err);
    }
    return std::nullopt;
}

} // namespace Rubricate::Cli
