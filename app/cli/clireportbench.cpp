// rubricate-cli score reportbench: reads reports and ground truth, scores in core, prints.
#include "clireportbench.h"

#include "cliapp.h"
#include "clijudgeoptions.h"
#include "cliscore.h"
#include "clitable.h"
#include "readers/claimsproject.h"
#include "readers/reportbenchproject.h"
#include "runs/pageclassifier.h"
#include "scoring/reportbenchscoring.h"
#include "store/projectstore.h"

#include <QCommandLineParser>
#include <QEventLoop>
#include <QFileInfo>
#include <QSaveFile>
#include <QTimer>

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

QString percent(std::optional<double> v)
{
    return v ? QString::number(*v * 100, 'f', 2) + u" %"_s : u"–"_s;
}

// Citation match rate and non-cited accuracy from the stored claims and the chosen claim runs.
int printStatementScores(const QCommandLineParser &parser, ProjectStore &store, QTextStream &out,
                         QTextStream &err)
{
    int code = Ok;
    const auto runs = runIdsOption(parser.value(u"runs"_s), store, err, &code);
    if (!runs)
        return code;
    const auto claims = readClaimResults(store, QString::fromLatin1(BenchmarkKey::ReportBench),
                                         *runs, parser.value(u"model"_s));
    if (!claims) {
        if (!runs->isEmpty()) {
            err << u"rubricate-cli: "_s << claims.errorMessage() << u'\n';
            return Failed;
        }
        out << u"\nStatements: "_s << claims.errorMessage() << u'\n';
        return Ok;
    }
    const QList<ReportBenchStatementScore> reports = reportBenchStatementScores(*claims);
    Table t;
    t.setHeader({u"model"_s, u"reports"_s, u"cited/report"_s, u"checked"_s, u"unavailable"_s,
                 u"judge errors"_s, u"not judged"_s, u"match rate"_s, u"uncited/report"_s,
                 u"correct"_s, u"incorrect"_s, u"ties"_s, u"undecided"_s, u"accuracy"_s,
                 u"accuracy (ties wrong)"_s});
    for (int column = 1; column < 15; ++column)
        t.setRightAligned(column);
    for (const ReportBenchStatementModel &m : aggregateStatementScores(reports)) {
        t.addRow({m.model, QString::number(m.reports), fixed(m.citedPerReport, 2),
                  QString::number(m.cited.checked), QString::number(m.cited.sourceUnavailable),
                  QString::number(m.cited.judgeErrors), QString::number(m.cited.notJudged),
                  percent(m.cited.rate), fixed(m.uncitedPerReport, 2),
                  QString::number(m.uncited.correct), QString::number(m.uncited.incorrect),
                  QString::number(m.uncited.ties), QString::number(m.uncited.undecided),
                  percent(m.uncited.accuracy), percent(m.uncited.accuracyTiesAsWrong)});
    }
    out << u"\nStatements (claims; each claim run is one judge vote):\n"_s << t.render();
    out << u"match rate: supported / checked statement–URL pairs; a source that could not be "
           "fetched, a judge error and a pair no claim run judged are left out and counted. "
           "accuracy: majority true / "
           "(true + false) over the fact-check runs, ties and statements without a usable vote "
           "counted apart; errors are not votes.\n"_s;
    if (parser.isSet(u"statements-out"_s)) {
        QSaveFile file(parser.value(u"statements-out"_s));
        if (!file.open(QIODevice::WriteOnly) || file.write(reportBenchStatementsCsv(reports)) < 0
            || !file.commit()) {
            err << u"rubricate-cli: cannot write %1: %2\n"_s.arg(file.fileName(),
                                                                 file.errorString());
            return Failed;
        }
    }
    return Ok;
}

// `reportbench classify-pages`: the judge decides which fetched cited pages are papers.
int classifyPages(const QCommandLineParser &parser, const QString &projectPath, QTextStream &out,
                  QTextStream &err)
{
    const auto config = judgeConfigFrom(parser, err);
    if (!config)
        return Usage;
    PageClassifyOptions options;
    options.model = parser.value(u"model"_s);
    options.force = parser.isSet(u"force"_s);
    if (parser.isSet(u"attempts"_s)) {
        options.attempts = parser.value(u"attempts"_s).toInt();
        if (options.attempts < 1) {
            err << u"rubricate-cli: --attempts needs a whole number of at least 1\n"_s;
            return Usage;
        }
    }
    if (!openExistingProject(projectPath, err))
        return Failed;
    PageClassifier classifier(projectPath, *config);
    QEventLoop loop;
    QString status;
    QObject::connect(&classifier, &PageClassifier::finished, &loop, [&](const QString &s) {
        status = s;
        loop.quit();
    });
    QTimer ticker;
    QObject::connect(&ticker, &QTimer::timeout, &loop, [&] {
        const PageClassifyProgress p = classifier.progress();
        err << u"pages: %1 of %2 classified, %3 failed, %4 requests\n"_s.arg(p.classified)
                   .arg(p.pages - p.skipped)
                   .arg(p.failed)
                   .arg(p.requests);
        err.flush();
    });
    ticker.start(1000);
    if (const Result<void> started = classifier.start(options); !started) {
        err << u"rubricate-cli: "_s << started.errorMessage() << u'\n';
        return Failed;
    }
    if (classifier.isActive())
        loop.exec();
    for (const PageClassifyFailure &f : classifier.failures())
        err << u"rubricate-cli: %1%2\n"_s.arg(f.url.isEmpty() ? QString() : f.url + u": "_s,
                                              f.error);
    const PageClassifyProgress p = classifier.progress();
    out << u"Cited pages classified by %1: %2 (%3 papers), %4 failed, %5 classified before "
           "(--force asks again), %6 cited URL(s) not fetched; %7 requests\n"_s
               .arg(classifier.judgeName())
               .arg(p.classified)
               .arg(p.papers)
               .arg(p.failed)
               .arg(p.skipped)
               .arg(p.notFetched)
               .arg(p.requests);
    return status == "finished"_L1 ? Ok : Failed;
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
        {u"titles"_s,
         u"score reportbench: where P's titles come from: the report's reference list (text, "
         "default) or the fetched cited pages that read as papers (pages: citation_title, "
         "og:title or <title> of pages with citation metadata or an arXiv/DOI address), or the "
         "pages a judge classified as papers, the reference's method (judge; run reportbench "
         "classify-pages first). Fetch first with sources fetch."_s,
         u"METHOD"_s},
        {u"page-judge"_s,
         u"score reportbench --titles judge: whose page classifications to read (default: the "
         "only judge that classified pages)."_s,
         u"PROVIDER:MODEL"_s},
        {u"statements-out"_s,
         u"score reportbench: write the statement measures per report (metrics.csv columns)."_s,
         u"FILE"_s},
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
    const QString titles = parser.value(u"titles"_s);
    if (titles == "pages"_L1)
        options.titles = TitleMethod::Pages;
    else if (titles == "judge"_L1)
        options.titles = TitleMethod::Judge;
    else if (!titles.isEmpty() && titles != "text"_L1) {
        err << u"rubricate-cli: --titles is text, pages or judge\n"_s;
        return Usage;
    }
    options.pageJudge = parser.value(u"page-judge"_s);

    const auto store = openExistingProject(projectPath, err);
    if (!store)
        return Failed;
    const auto read = readReportBenchScores(*store, options, parser.value(u"model"_s));
    if (!read) {
        err << u"rubricate-cli: "_s << read.errorMessage() << u'\n';
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
    out << u"Titles: "_s << titleMethodKey(options.titles) << u'\n' << t.render();
    out << u"micro: pooled counts, Σ|P∩G|/Σ|P| and Σ|P∩G|/Σ|G|; macro: mean of the per-report "
           "values that exist.\n"_s;
    if (options.titles == TitleMethod::Judge) {
        int urls = 0, fetched = 0, classified = 0, papers = 0;
        QString judge;
        for (const ReportBenchReportScore &s : scores) {
            urls += s.urls;
            fetched += s.pagesFetched;
            classified += s.pagesClassified;
            papers += s.pagesAsPapers;
            judge = s.pageJudge;
        }
        out << u"P = titles of the cited pages %1 classified as papers (the reference's method); "
               "%2 of %3 cited URL(s) fetched, %4 classified, %5 papers; pages not classified "
               "add nothing"_s.arg(judge)
                   .arg(fetched)
                   .arg(urls)
                   .arg(classified)
                   .arg(papers);
    } else if (options.titles == TitleMethod::Pages) {
        int urls = 0, fetched = 0, papers = 0;
        for (const ReportBenchReportScore &s : scores) {
            urls += s.urls;
            fetched += s.pagesFetched;
            papers += s.pagesAsPapers;
        }
        out << u"P = titles of the cited pages that read as papers (citation_title, or an "
               "arXiv/DOI address), not classified by an LLM as the reference does; %1 of %2 "
               "cited URL(s) fetched, %3 read as papers"_s.arg(fetched)
                   .arg(urls)
                   .arg(papers);
    } else {
        out << u"P = papers the report names by title (found in its text, not fetched)"_s;
    }
    out << (options.identifiers == IdentifierMatching::TitlesAndIds
                ? u" or by a GT entry's arXiv id/DOI"_s
                : QString())
        << u"; G = the survey's ground-truth titles.\n"_s;
    if (options.noCitations == NoCitationPolicy::Undefined)
        out << u"A report without a cited paper has no precision (left out of P macro) and "
               "recall 0; --no-citations drop does what the reference does.\n"_s;
    if (parser.isSet(u"out"_s) && !writeCsv(parser.value(u"out"_s), scores, err))
        return Failed;
    return printStatementScores(parser, *store, out, err);
}

std::optional<int> runReportBenchCommand(const QString &command, const QCommandLineParser &parser,
                                         const QStringList &args, const QString &projectPath,
                                         QTextStream &out, QTextStream &err)
{
    if (command == "score"_L1 && args.value(0) == "reportbench"_L1) {
        if (args.size() == 1 && parser.isSet(u"corrected"_s))
            return runCorrectedScore(parser, args.constFirst(), projectPath, out, err);
        return runReportBenchScore(parser, projectPath, out, err);
    }
    if (command != "reportbench"_L1)
        return std::nullopt;
    if (args != QStringList{u"classify-pages"_s}) {
        err << u"rubricate-cli: reportbench needs `classify-pages`\n"_s;
        return Usage;
    }
    return classifyPages(parser, projectPath, out, err);
}

} // namespace Rubricate::Cli
