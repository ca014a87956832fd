// Claims in a project: extraction into report-scoped rubric items, and their verdicts read
// back for ReportBench's statement measures and PDR-Bench R. See the header for the choices.
#include "claimsproject.h"

#include "judge/judgeconfig.h"
#include "judge/promptscheme.h"
#include "judge/reportbenchschemes.h"
#include "readers/reportbenchproject.h"
#include "scoring/reportbenchstatements.h"
#include "sources/sourcefetcher.h"
#include "store/projectstore.h"
#include "text/csvtext.h"

#include <QHash>
#include <QJsonArray>
#include <QMap>
#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QStringList scopeBenchmarks(const QString &key)
{
    if (!key.isEmpty())
        return {key};
    return {QString::fromLatin1(BenchmarkKey::ReportBench),
            QString::fromLatin1(BenchmarkKey::PdrBench)};
}

} // namespace

Result<QList<ReportSummary>> claimReports(ProjectStore &store, const ClaimScope &scope)
{
    const QSet<QString> tasks(scope.taskIds.cbegin(), scope.taskIds.cend());
    const QSet<QString> models(scope.models.cbegin(), scope.models.cend());
    QList<ReportSummary> out;
    for (const QString &key : scopeBenchmarks(scope.benchmarkKey)) {
        if (!store.catalog().benchmark(key)) {
            if (!scope.benchmarkKey.isEmpty())
                return Error{u"no benchmark \"%1\" in this project"_s.arg(key)};
            continue;
        }
        const Result<QList<ReportSummary>> reports = store.reports().reportSummaries(key);
        if (!reports)
            return reports.error();
        for (const ReportSummary &r : *reports) {
            if ((tasks.isEmpty() || tasks.contains(r.taskExternalId))
                && (models.isEmpty() || models.contains(r.model)))
                out.append(r);
        }
    }
    if (out.isEmpty())
        return Error{u"no reports in this scope"_s};
    return out;
}

namespace {

QJsonArray toArray(const QStringList &list)
{
    return QJsonArray::fromStringList(list);
}

// A chosen run of one claim dimension, with the judge (its model) whose vote it is.
struct ClaimRun {
    RowId id = 0;
    QString judge;
};

// Of `runs`, only the newest (highest id: ids grow with time) that has a verdict on the report.
void keepNewestJudging(QList<ClaimRun> &runs, const QHash<RowId, QHash<RowId, Verdict>> &verdicts)
{
    RowId newest = 0;
    for (const ClaimRun &run : std::as_const(runs)) {
        if (!verdicts.value(run.id).isEmpty())
            newest = std::max(newest, run.id);
    }
    runs.removeIf([newest](const ClaimRun &run) { return run.id != newest; });
}

bool isClaimScheme(const QString &scheme)
{
    return scheme == "reportbench-cited"_L1 || scheme == "reportbench-factcheck"_L1;
}

} // namespace

QList<Rubric> claimsOfReport(const Report &report)
{
    QList<Rubric> out;
    int cited = 0;
    int uncited = 0;
    const QList<ReportStatement> statements = extractStatements(report.text);
    for (int i = 0; i < statements.size(); ++i) {
        const ReportStatement &s = statements.at(i);
        Rubric r;
        r.taskId = report.taskId;
        r.queryId = report.queryId;
        r.reportId = report.id;
        r.text = s.claim;
        r.scale = VerdictScale::Binary;
        r.dimension = s.cited() ? QString(claimDimensionCited) : QString(claimDimensionUncited);
        r.metadata = {{u"sentence"_s, s.text},
                      {u"claim_index"_s, i},
                      {u"urls"_s, toArray(s.urls)},
                      {u"markers"_s, toArray(s.markers)},
                      {u"span"_s,
                       QJsonObject{{u"offset"_s, double(s.span.offset)},
                                   {u"length"_s, double(s.span.length)}}},
                      {u"origin"_s, QString(claimOriginHeuristic)}};
        if (!s.cited()) {
            r.position = uncited++;
            out.append(r);
            continue;
        }
        // One claim per statement–URL pair, as the reference counts cited statements.
        const QStringList urls = s.urls.isEmpty() ? QStringList{QString()} : s.urls;
        for (const QString &url : urls) {
            r.position = cited++;
            r.metadata.insert(u"url"_s, url);
            out.append(r);
        }
    }
    return out;
}

Result<ClaimExtraction> extractClaims(ProjectStore &store, const ClaimScope &scope)
{
    const auto inScope = claimReports(store, scope);
    if (!inScope)
        return inScope.error();
    const QList<ReportSummary> &reports = *inScope;
    ClaimExtraction result;
    result.reports = int(reports.size());
    QSet<RowId> withClaims;
    for (const CountRow &c : store.catalog().claimCounts())
        withClaims.insert(c.group.toLongLong());
    if (scope.force) {
        // Checked for the whole scope first, so that a refusal leaves everything as it was.
        QStringList annotated;
        for (const ReportSummary &r : reports) {
            if (withClaims.contains(r.id) && store.catalog().claimAnnotationCount(r.id) != 0)
                annotated << u"report %1 (%2, task %3)"_s.arg(r.id).arg(r.model, r.taskExternalId);
        }
        if (!annotated.isEmpty()) {
            return Error{
                u"not extracting again: people have labelled claims of %1; their labels are "
                "never deleted (extract without --force, or leave these reports out)"_s.arg(
                    annotated.join(u", "_s))};
        }
    }
    for (const ReportSummary &r : reports) {
        if (withClaims.contains(r.id) && !scope.force) {
            ++result.skipped;
            continue;
        }
        const auto report = store.reports().report(r.id);
        if (!report)
            continue;
        if (!report->hasText) {
            ++result.withoutText;
            continue;
        }
        const QList<Rubric> claims = claimsOfReport(*report);
        if (Result<void> replaced = store.catalog().replaceClaims(r.id, claims); !replaced)
            return replaced.error();
        for (const Rubric &c : claims)
            (c.dimension == claimDimensionCited ? result.cited : result.uncited) += 1;
        ++result.extracted;
    }
    return result;
}

QStringList claimUrls(ProjectStore &store, const QString &benchmarkKey)
{
    QStringList urls;
    QSet<QString> seen;
    for (const ReportSummary &r : store.reports().reportSummaries(benchmarkKey).value_or({})) {
        for (const Rubric &c : store.catalog().claims(r.id)) {
            const QString url = c.metadata.value(u"url"_s).toString();
            if (!url.isEmpty() && !seen.contains(url)) {
                seen.insert(url);
                urls << url;
            }
        }
    }
    return urls;
}

Result<QList<ClaimResult>> readClaimResults(ProjectStore &store, const QString &benchmarkKey,
                                            const QList<RowId> &runIds, const QString &model,
                                            ClaimRunChoice choice)
{
    const bool newestPerReport = runIds.isEmpty() && choice == ClaimRunChoice::NewestPerReport;
    const auto bench = store.catalog().benchmark(benchmarkKey);
    if (!bench)
        return Error{u"no benchmark \"%1\" in this project"_s.arg(benchmarkKey)};
    QMap<QString, QList<ClaimRun>> runsByDimension;
    QList<RowId> ids = runIds;
    if (ids.isEmpty()) {
        for (const RunSummary &r : store.runs().list().value_or({})) {
            if (r.benchmarkKey == benchmarkKey)
                ids << r.id;
        }
    }
    for (RowId id : std::as_const(ids)) {
        const auto run = store.runs().run(id);
        if (newestPerReport && run && run->status != "finished"_L1)
            continue;
        if (!run || !isClaimScheme(run->scheme) || run->benchmarkId != bench->id) {
            if (runIds.isEmpty())
                continue;
            return Error{
                u"run %1 is not a claim check (reportbench-cited or reportbench-factcheck) "
                "of %2"_s.arg(id)
                    .arg(benchmarkKey)};
        }
        const QString judge = JudgeConfig::fromJson(run->config).model;
        runsByDimension[run->scheme == "reportbench-cited"_L1 ? QString(claimDimensionCited)
                                                              : QString(claimDimensionUncited)]
            .append({id, judge.isEmpty() ? run->name : judge});
    }

    QList<ClaimResult> out;
    for (const ReportSummary &r : store.reports().reportSummaries(benchmarkKey).value_or({})) {
        if (!model.isEmpty() && r.model != model)
            continue;
        const QList<Rubric> claims = store.catalog().claims(r.id);
        if (claims.isEmpty())
            continue;
        QString setting;
        if (const auto report = store.reports().report(r.id); report && report->queryId) {
            if (const auto q = store.catalog().query(*report->queryId))
                setting = q->setting;
        }
        // run -> rubric -> verdict, for the runs that can judge these claims.
        QHash<RowId, QHash<RowId, Verdict>> verdicts;
        QMap<QString, QList<ClaimRun>> reportRuns = runsByDimension;
        for (QList<ClaimRun> &runs : reportRuns) {
            for (const ClaimRun &run : std::as_const(runs)) {
                for (const Verdict &v : store.runs().verdicts(run.id, r.id).value_or({}))
                    verdicts[run.id].insert(v.rubricId, v);
            }
            if (newestPerReport)
                keepNewestJudging(runs, verdicts);
        }
        for (const Rubric &c : claims) {
            ClaimResult res;
            res.reportId = r.id;
            res.claimId = c.id;
            res.model = r.model;
            res.taskId = r.taskExternalId;
            res.queryId = r.queryExternalId;
            res.persona = r.persona;
            res.setting = setting;
            res.cited = c.dimension == claimDimensionCited;
            res.url = c.metadata.value(u"url"_s).toString();
            QHash<QString, JudgeVotes> byJudge;
            QStringList judgeOrder;
            bool judged = false;
            for (const ClaimRun &run : reportRuns.value(c.dimension)) {
                const auto v = verdicts.value(run.id).constFind(c.id);
                if (v == verdicts.value(run.id).cend())
                    continue;
                judged = true;
                if (!byJudge.contains(run.judge)) {
                    judgeOrder << run.judge;
                    byJudge.insert(run.judge, {run.judge, {}});
                }
                if (v->label == sourceUnavailableLabel && !v->value) {
                    if (res.sourceState.isEmpty())
                        res.sourceState = v->raw.value(u"source_state"_s).toString();
                    continue; // not a vote, and no judge error either
                }
                byJudge[run.judge].votes.append(!v->value              ? Vote::Error
                                                    : *v->value >= 0.5 ? Vote::True
                                                                       : Vote::False);
            }
            QList<JudgeVotes> votes;
            for (const QString &j : std::as_const(judgeOrder))
                votes << byJudge.value(j);
            res.majority = majorityVote(votes);
            switch (res.majority.label) {
            case MajorityLabel::True:
                res.outcome = ClaimOutcome::Supported;
                break;
            case MajorityLabel::False:
                res.outcome = ClaimOutcome::NotSupported;
                break;
            case MajorityLabel::Tie:
                res.outcome = ClaimOutcome::Tie;
                break;
            case MajorityLabel::NoVotes:
                res.outcome = !judged            ? ClaimOutcome::NotJudged
                    : !res.sourceState.isEmpty() ? ClaimOutcome::SourceUnavailable
                                                 : ClaimOutcome::JudgeError;
                break;
            }
            out.append(res);
        }
    }
    if (out.isEmpty()) {
        return Error{u"no claims in %1%2 (extract them with `rubricate-cli claims extract`)"_s.arg(
            benchmarkKey, model.isEmpty() ? QString() : u" from "_s + model)};
    }
    return out;
}

std::optional<QList<PdrClaimItem>> storedPdrClaimItems(ProjectStore &store)
{
    // "no claims" is the one way this fails without run ids
    auto items = readPdrClaimItems(store, {});
    if (!items)
        return std::nullopt;
    return std::move(items).value();
}

Result<QList<PdrClaimItem>> readPdrClaimItems(ProjectStore &store,
                                              const QList<RowId> &supportRunIds)
{
    const auto claims = readClaimResults(store, QString::fromLatin1(BenchmarkKey::PdrBench),
                                         supportRunIds, {}, ClaimRunChoice::NewestPerReport);
    if (!claims)
        return claims.error();
    // Support is judged for a report when a run has a verdict on one of its cited claims; a
    // report that cites nothing has nothing to judge, and counts as judged once a run has judged
    // a report of its model (before that, its R of 0 would be averaged with nothing else).
    QSet<RowId> judgedReports;
    QSet<QString> judgedModels;
    for (const ClaimResult &c : *claims) {
        if (c.cited && c.outcome != ClaimOutcome::NotJudged) {
            judgedReports.insert(c.reportId);
            judgedModels.insert(c.model);
        }
    }
    QSet<RowId> citingReports;
    for (const ClaimResult &c : *claims) {
        if (c.cited)
            citingReports.insert(c.reportId);
    }
    QList<PdrClaimItem> out;
    for (const ClaimResult &c : *claims) {
        PdrClaimItem item{c.model, c.queryId, c.persona, c.setting, PdrClaimStatus::Uncited};
        item.supportJudged = citingReports.contains(c.reportId) ? judgedReports.contains(c.reportId)
                                                                : judgedModels.contains(c.model);
        if (c.cited) {
            switch (c.outcome) {
            case ClaimOutcome::Supported:
                item.status = PdrClaimStatus::Supported;
                break;
            case ClaimOutcome::NotSupported:
                item.status = PdrClaimStatus::NotSupported;
                break;
            case ClaimOutcome::SourceUnavailable:
                item.status = PdrClaimStatus::SourceUnavailable;
                break;
            case ClaimOutcome::Tie:
            case ClaimOutcome::JudgeError:
            case ClaimOutcome::NotJudged:
                item.status = PdrClaimStatus::JudgeError;
                break;
            }
        }
        out.append(item);
    }
    return out;
}

QList<ReportBenchStatementScore> reportBenchStatementScores(const QList<ClaimResult> &claims)
{
    QList<ReportBenchStatementScore> out;
    QHash<RowId, qsizetype> rowOf;
    QHash<RowId, QList<CitedCheck>> cited;
    QHash<RowId, QList<StatementMajority>> uncited;
    for (const ClaimResult &c : claims) {
        if (!rowOf.contains(c.reportId)) {
            rowOf.insert(c.reportId, out.size());
            out.append({c.model, c.taskId, {}, {}});
        }
        if (!c.cited) {
            uncited[c.reportId].append(c.majority);
            continue;
        }
        CitedCheck check;
        if (c.outcome == ClaimOutcome::SourceUnavailable)
            check.source
                = sourceStateFromKey(c.sourceState).value_or(FetchedSource::State::Unreachable);
        check.supported = c.outcome == ClaimOutcome::Supported ? Vote::True
            : c.outcome == ClaimOutcome::NotSupported          ? Vote::False
                                                               : Vote::Error;
        check.judged = c.outcome != ClaimOutcome::NotJudged;
        cited[c.reportId].append(check);
    }
    for (auto it = rowOf.cbegin(); it != rowOf.cend(); ++it) {
        out[it.value()].cited = citationMatchRate(cited.value(it.key()));
        out[it.value()].uncited = nonCitedAccuracy(uncited.value(it.key()));
    }
    return out;
}

QList<ReportBenchStatementModel>
aggregateStatementScores(const QList<ReportBenchStatementScore> &reports)
{
    QMap<QString, QList<const ReportBenchStatementScore *>> byModel;
    for (const ReportBenchStatementScore &r : reports)
        byModel[r.model].append(&r);
    QList<ReportBenchStatementModel> out;
    for (auto it = byModel.cbegin(); it != byModel.cend(); ++it) {
        ReportBenchStatementModel m;
        m.model = it.key();
        m.reports = int(it.value().size());
        double rateSum = 0, accuracySum = 0;
        int rates = 0, accuracies = 0;
        CitationMatchRate &c = m.cited;
        NonCitedAccuracy &u = m.uncited;
        for (const ReportBenchStatementScore *r : it.value()) {
            c.statements += r->cited.statements;
            c.checked += r->cited.checked;
            c.supported += r->cited.supported;
            c.notSupported += r->cited.notSupported;
            c.sourceUnavailable += r->cited.sourceUnavailable;
            c.judgeErrors += r->cited.judgeErrors;
            c.notJudged += r->cited.notJudged;
            for (auto s = r->cited.unavailableByState.cbegin();
                 s != r->cited.unavailableByState.cend(); ++s)
                c.unavailableByState[s.key()] += s.value();
            u.statements += r->uncited.statements;
            u.correct += r->uncited.correct;
            u.incorrect += r->uncited.incorrect;
            u.ties += r->uncited.ties;
            u.undecided += r->uncited.undecided;
            u.errorVotes += r->uncited.errorVotes;
            if (r->cited.rate) {
                rateSum += *r->cited.rate;
                ++rates;
            }
            if (r->uncited.accuracyTiesAsWrong) {
                accuracySum += *r->uncited.accuracyTiesAsWrong;
                ++accuracies;
            }
        }
        if (c.checked > 0)
            c.rate = double(c.supported) / c.checked;
        if (u.correct + u.incorrect > 0)
            u.accuracy = double(u.correct) / (u.correct + u.incorrect);
        if (u.correct + u.incorrect + u.ties > 0)
            u.accuracyTiesAsWrong = double(u.correct) / (u.correct + u.incorrect + u.ties);
        if (rates > 0)
            m.meanMatchRate = rateSum / rates;
        if (accuracies > 0)
            m.meanAccuracy = accuracySum / accuracies;
        m.citedPerReport = double(c.statements) / m.reports;
        m.uncitedPerReport = double(u.statements) / m.reports;
        out.append(m);
    }
    return out;
}

QByteArray reportBenchStatementsCsv(const QList<ReportBenchStatementScore> &scores)
{
    QString csv = u"model,arxiv_id,total_citations,total_no_citations,total_statements,"
                  "matched_statements,match_rate,aligned_statements,alignment_rate,"
                  "no_citations_correct,no_citations_incorrect,no_citations_tie,"
                  "no_citations_accuracy,source_unavailable,judge_errors,"
                  "no_citations_undecided,not_judged\n"_s;
    for (const ReportBenchStatementScore &s : scores) {
        // matched: the pairs whose source was there to check (the reference's matched.csv rows).
        const int matched = s.cited.statements - s.cited.sourceUnavailable;
        const std::optional<double> matchRate = s.cited.statements > 0
            ? std::optional<double>(double(matched) / s.cited.statements)
            : std::nullopt;
        csv += csvRecord(
            QStringList{s.model, s.taskId, QString::number(s.cited.statements),
                        QString::number(s.uncited.statements),
                        QString::number(s.cited.statements + s.uncited.statements),
                        QString::number(matched), reportBenchCsvNumber(matchRate),
                        QString::number(s.cited.supported), reportBenchCsvNumber(s.cited.rate),
                        QString::number(s.uncited.correct), QString::number(s.uncited.incorrect),
                        QString::number(s.uncited.ties),
                        reportBenchCsvNumber(s.uncited.accuracyTiesAsWrong),
                        QString::number(s.cited.sourceUnavailable),
                        QString::number(s.cited.judgeErrors), QString::number(s.uncited.undecided),
                        QString::number(s.cited.notJudged)},
            CsvLineEnd::Lf);
    }
    return csv.toUtf8();
}

} // namespace Rubricate
