// rubricate-cli score reportbench: reads reports and ground truth, scores in core, prints.
#include "clireportbench.h"

#include "cliapp.h"
#include "clitable.h"
#include "exchange/reportbenchproject.h"
#include "scoring/reportbenchscoring.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QFileInfo>
#include <QSaveFile>

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

QString fixed(std::optional<double> v, int decimals = 3)
{
    return v ? QString::number(*v, 'f', decimals) : u"–"_s;
}

bool writeCsv(const QString &path, const QList<ReportBenchReportScore> &scores, QTextStream &err)
{
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(reportBenchReportsCsv(scores)) < 0
        || !file.commit()) {
        err << u"rubricate-cli: cannot write %1: %2\n"_s.arg(path, file.errorString());
        return false;
    }
    return true;
}

} // namespace

QList<QCommandLineOption> reportBenchScoreOptions()
{
    return {
        {u"no-citations"_s,
         u"score reportbench: a report without cited papers has undefined precision "
         "(undefined, default), is dropped as the reference does (drop), or scores 0 (zero)."_s,
         u"POLICY"_s},
        {u"match"_s,
         u"score reportbench: match by titles only as the reference (titles, default) or also "
         "by arXiv id and DOI (ids)."_s,
         u"MODE"_s},
    };
}

int runReportBenchScore(const QCommandLineParser &parser, const QString &projectPath,
                        QTextStream &out, QTextStream &err)
{
    ReportBenchOptions options;
    const QString policy = parser.value(u"no-citations"_s);
    if (policy == "drop"_L1)
        options.noCitations = NoCitationPolicy::Drop;
    else if (policy == "zero"_L1)
        options.noCitations = NoCitationPolicy::Zero;
    else if (!policy.isEmpty() && policy != "undefined"_L1) {
        err << u"rubricate-cli: --no-citations is undefined, drop or zero\n"_s;
        return Usage;
    }
    const QString match = parser.value(u"match"_s);
    if (match == "ids"_L1)
        options.identifiers = IdentifierMatching::TitlesAndIds;
    else if (!match.isEmpty() && match != "titles"_L1) {
        err << u"rubricate-cli: --match is titles or ids\n"_s;
        return Usage;
    }

    const auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    QString error;
    const auto read = readReportBenchScores(*store, options, parser.value(u"model"_s), &error);
    if (!read) {
        err << u"rubricate-cli: "_s << error << u'\n';
        return Failed;
    }
    const QList<ReportBenchReportScore> &scores = *read;

    Table t;
    t.setHeader({u"model"_s, u"reports"_s, u"scored"_s, u"no cited paper"_s, u"refs/report"_s,
                 u"urls/report"_s, u"P micro"_s, u"R micro"_s, u"F1 micro"_s, u"P macro"_s,
                 u"R macro"_s, u"F1 macro"_s});
    for (int column = 1; column < 12; ++column)
        t.setRightAligned(column);
    for (const ReportBenchModelScore &m : aggregateReportBench(scores)) {
        t.addRow({m.model, QString::number(m.reports), QString::number(m.scored),
                  QString::number(m.withoutCitations), fixed(m.refsPerReport, 2),
                  fixed(m.urlsPerReport, 2), fixed(m.microPrecision), fixed(m.microRecall),
                  fixed(m.microF1), fixed(m.macroPrecision), fixed(m.macroRecall),
                  fixed(m.macroF1)});
    }
    out << t.render();
    out << u"micro: pooled counts, Σ|P∩G|/Σ|P| and Σ|P∩G|/Σ|G|; macro: mean of the per-report "
           "values that exist.\nP = papers the report names by title"_s
        << (options.identifiers == IdentifierMatching::TitlesAndIds
                ? u" or by a GT entry's arXiv id/DOI"_s
                : QString())
        << u" (found in its text, not fetched); G = the survey's ground-truth titles.\n"_s;
    if (options.noCitations == NoCitationPolicy::Undefined)
        out << u"A report without a cited paper has no precision (left out of P macro) and "
               "recall 0; --no-citations drop does what the reference does.\n"_s;
    if (parser.isSet(u"out"_s) && !writeCsv(parser.value(u"out"_s), scores, err))
        return Failed;
    return Ok;
}

} // namespace Rubricate::Cli
