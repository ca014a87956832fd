// rubricate-cli claims: wiring only; extraction and storage live in core/readers/claimsproject.
#include "cliclaims.h"

#include "cliapp.h"
#include "clijudgeoptions.h"
#include "clitable.h"
#include "judge/reportbenchschemes.h"
#include "readers/claimsproject.h"
#include "runs/claimextractor.h"
#include "runs/runplanner.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QHash>
#include <QTimer>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

ClaimScope scopeOf(const QCommandLineParser &p)
{
    ClaimScope scope;
    scope.benchmarkKey = p.value(u"benchmark"_s);
    scope.taskIds = parseIdList(p.value(u"tasks"_s));
    scope.models = p.value(u"models"_s).split(u',', Qt::SkipEmptyParts);
    scope.force = p.isSet(u"force"_s);
    return scope;
}

// `claims extract --method judge`: the reference's method, a judge reads the reports' blocks.
int extractByJudge(const QCommandLineParser &p, ProjectStore &store, QTextStream &out,
                   QTextStream &err)
{
    const auto config = judgeConfigFrom(p, err);
    if (!config)
        return Usage;
    ClaimExtractOptions options;
    options.force = p.isSet(u"force"_s);
    if (p.isSet(u"attempts"_s)) {
        options.attempts = p.value(u"attempts"_s).toInt();
        if (options.attempts < 1) {
            err << u"rubricate-cli: --attempts needs a whole number of at least 1\n"_s;
            return Usage;
        }
    }
    auto reports = claimReports(store, scopeOf(p));
    if (!reports) {
        err << u"rubricate-cli: claims extract: "_s << reports.errorMessage() << u'\n';
        return Failed;
    }
    options.reports = std::move(reports).value();
    ClaimExtractor extractor(store.path(), *config);
    QEventLoop loop;
    QString status;
    QObject::connect(&extractor, &ClaimExtractor::finished, &loop, [&](const QString &s) {
        status = s;
        loop.quit();
    });
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, &loop, [&] {
        const ClaimExtractProgress pr = extractor.progress();
        err << u"reports: %1 extracted, %2 failed, %3 requests\n"_s.arg(pr.extracted)
                   .arg(pr.failed)
                   .arg(pr.requests);
        err.flush();
    });
    ticker.start(1000);
    if (const Result<void> started = extractor.start(options); !started) {
        err << u"rubricate-cli: claims extract: "_s << started.errorMessage() << u'\n';
        return Failed;
    }
    if (extractor.isActive())
        loop.exec();
    for (const ClaimExtractFailure &f : extractor.failures())
        err << u"rubricate-cli: %1%2\n"_s.arg(f.report.isEmpty() ? QString() : f.report + u": "_s,
                                              f.error);
    const ClaimExtractProgress r = extractor.progress();
    out << u"%1 report(s): %2 extracted by %3 (%4 cited statement–URL pair(s), %5 uncited "
           "statement(s)), %6 failed, %7 extracted by a judge before%8, %9 without text; "
           "%10 requests\n"_s.arg(r.reports)
               .arg(r.extracted)
               .arg(extractor.origin())
               .arg(r.cited)
               .arg(r.uncited)
               .arg(r.failed)
               .arg(r.skipped)
               .arg(r.skipped > 0 ? u" (--force extracts again)"_s : QString())
               .arg(r.withoutText)
               .arg(r.requests);
    return status == "finished"_L1 ? Ok : Failed;
}

int extract(const QCommandLineParser &p, ProjectStore &store, QTextStream &out, QTextStream &err)
{
    const QString method = p.value(u"method"_s);
    if (method == "judge"_L1)
        return extractByJudge(p, store, out, err);
    if (!method.isEmpty() && method != "heuristic"_L1) {
        err << u"rubricate-cli: claims extract: --method is heuristic or judge\n"_s;
        return Usage;
    }
    const ClaimScope scope = scopeOf(p);
    const auto r = extractClaims(store, scope);
    if (!r) {
        err << u"rubricate-cli: claims extract: "_s << r.errorMessage() << u'\n';
        return Failed;
    }
    out << u"%1 report(s): %2 extracted (%3 cited statement–URL pair(s), %4 uncited "
           "statement(s)), %5 already had claims%6, %7 without text\n"_s.arg(r->reports)
               .arg(r->extracted)
               .arg(r->cited)
               .arg(r->uncited)
               .arg(r->skipped)
               .arg(r->skipped > 0 ? u" (--force extracts again)"_s : QString())
               .arg(r->withoutText);
    return Ok;
}

int list(const QCommandLineParser &p, ProjectStore &store, QTextStream &out)
{
    QHash<RowId, std::pair<int, int>> counts; // report -> (cited, uncited)
    for (const CountRow &c : store.catalog().claimCounts()) {
        auto &pair = counts[c.group.toLongLong()];
        (c.key == claimDimensionCited ? pair.first : pair.second) += c.count;
    }
    Table t;
    t.setHeader({u"report"_s, u"benchmark"_s, u"task"_s, u"model"_s, u"cited"_s, u"uncited"_s});
    t.setRightAligned(4);
    t.setRightAligned(5);
    QHash<QString, std::pair<int, int>> perModel;
    QStringList models;
    for (const ReportSummary &r :
         store.reports().reportSummaries(p.value(u"benchmark"_s)).value_or({})) {
        if (!counts.contains(r.id))
            continue;
        const auto [cited, uncited] = counts.value(r.id);
        t.addRow({QString::number(r.id), r.benchmarkKey,
                  r.queryExternalId.isEmpty() ? r.taskExternalId : r.queryExternalId, r.model,
                  QString::number(cited), QString::number(uncited)});
        const QString key = r.benchmarkKey + u'\t' + r.model;
        if (!perModel.contains(key))
            models << key;
        perModel[key].first += cited;
        perModel[key].second += uncited;
    }
    if (t.rowCount() == 0) {
        out << u"(no claims; extract them with `rubricate-cli claims extract`)\n"_s;
        return Ok;
    }
    out << t.render();
    Table m;
    m.setHeader({u"benchmark"_s, u"model"_s, u"cited"_s, u"uncited"_s});
    m.setRightAligned(2);
    m.setRightAligned(3);
    for (const QString &key : std::as_const(models)) {
        m.addRow({key.section(u'\t', 0, 0), key.section(u'\t', 1),
                  QString::number(perModel.value(key).first),
                  QString::number(perModel.value(key).second)});
    }
    out << u"\nper model:\n"_s << m.render(2);
    return Ok;
}

} // namespace

QList<QCommandLineOption> claimsOptions()
{
    // --force and --attempts are declared once, by the pdr options (a second declaration warns
    // on every call); `claims extract` reads the same switches.
    return {{u"method"_s,
             u"claims extract: heuristic (the default: offline rules) or judge (the reference's "
             "method: a judge reads the report; takes the judge options)."_s,
             u"METHOD"_s}};
}

std::optional<int> runClaimsCommand(const QString &command, const QCommandLineParser &parser,
                                    const QStringList &args, const QString &projectPath,
                                    QTextStream &out, QTextStream &err)
{
    if (command != "claims"_L1)
        return std::nullopt;
    const QString what = args.value(0);
    if ((what != "extract"_L1 && what != "list"_L1) || args.size() != 1) {
        err << u"rubricate-cli: claims needs extract or list\n"_s;
        return Usage;
    }
    auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    return what == "extract"_L1 ? extract(parser, *store, out, err) : list(parser, *store, out);
}

} // namespace Rubricate::Cli
