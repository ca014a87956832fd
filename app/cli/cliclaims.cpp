// rubricate-cli claims: wiring only; extraction and storage live in core/readers/claimsproject.
#include "cliclaims.h"

#include "cliapp.h"
#include "clitable.h"
#include "judge/reportbenchschemes.h"
#include "readers/claimsproject.h"
#include "runs/runplanner.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QHash>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

int extract(const QCommandLineParser &p, ProjectStore &store, QTextStream &out, QTextStream &err)
{
    ClaimScope scope;
    scope.benchmarkKey = p.value(u"benchmark"_s);
    scope.taskIds = parseIdList(p.value(u"tasks"_s));
    scope.models = p.value(u"models"_s).split(u',', Qt::SkipEmptyParts);
    scope.force = p.isSet(u"force"_s);
    QString error;
    const auto r = extractClaims(store, scope, &error);
    if (!r) {
        err << u"rubricate-cli: claims extract: "_s << error << u'\n';
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
    for (const ReportSummary &r : store.reports().reportSummaries(p.value(u"benchmark"_s))) {
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
    // --force is declared once, by the pdr options (a second declaration warns on every
    // call); `claims extract --force` reads the same switch.
    return {};
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
