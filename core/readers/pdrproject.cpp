// Reads a PDR-Bench judge run back with its queries, personas and criteria, and writes the
// reference's result layout.
#include "pdrproject.h"

#include "judge/pdrbenchscheme.h"
#include "store/projectstore.h"

#include <QDir>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QSet>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The newest finished run of the pdrbench scheme, or 0.
RowId newestPdrRun(ProjectStore &store)
{
    RowId newest = 0;
    for (const RunSummary &r : store.runs().list().value_or({})) {
        if (r.benchmarkKey != QLatin1StringView(BenchmarkKey::PdrBench) || r.status != "finished"_L1
            || r.id < newest)
            continue;
        const auto run = store.runs().run(r.id);
        if (run && run->scheme == QLatin1StringView(BenchmarkKey::PdrBench))
            newest = r.id;
    }
    return newest;
}

// An item a reply returned under a criterion text that matched nothing asked, weighted as the
// reference weights it: the mean weight of the query's criteria of that dimension. Nothing when
// the query has no criterion of that dimension (the reply named a dimension never asked).
std::optional<PdrCriterionItem> unmatchedItem(const QJsonObject &entry,
                                              const QList<Rubric> &criteria)
{
    const QString dimension = entry.value(u"dimension"_s).toString();
    PdrCriterionItem item;
    double sum = 0;
    int n = 0;
    for (const Rubric &r : criteria) {
        if (r.dimension != dimension)
            continue;
        if (n == 0) {
            item.family = r.metadata.value(u"family"_s).toString();
            item.dimensionWeight = r.dimensionWeight;
        }
        sum += r.weight;
        ++n;
    }
    if (n == 0 || !entry.value(u"score"_s).isDouble())
        return std::nullopt;
    item.dimension = dimension;
    item.weight = sum / n;
    item.score = entry.value(u"score"_s).toDouble();
    item.origin = PdrItemOrigin::Unmatched;
    return item;
}

QString fixed(const std::optional<double> &v)
{
    return v ? QString::number(*v, 'f', 4) : u"N/A"_s;
}

QJsonValue jsonNumber(const std::optional<double> &v)
{
    return v ? QJsonValue(*v) : QJsonValue(QJsonValue::Null);
}

// The keys every per-report line starts with ("id" a number when the query id is one).
QJsonObject reportLine(const PdrReportScore &r)
{
    bool ok = false;
    const qint64 numericId = r.queryId.toLongLong(&ok);
    return {{u"id"_s, ok ? QJsonValue(numericId) : QJsonValue(r.queryId)},
            {u"userid"_s, r.persona},
            {u"setting"_s, r.setting}};
}

// R, FA and CC of each of the model's reports that has claims, with the counts behind them.
QByteArray reliabilityLines(const QString &model, const QList<PdrReportScore> &reports)
{
    QByteArray lines;
    for (const PdrReportScore &r : reports) {
        const PdrReliabilityPart &p = r.reliability;
        if (r.model != model || p.claims == 0)
            continue;
        QJsonObject line = reportLine(r);
        line.insert(u"claims"_s, p.claims);
        line.insert(u"cited"_s, p.cited);
        line.insert(u"supported"_s, p.supported);
        line.insert(u"not_supported"_s, p.notSupported);
        line.insert(u"source_unavailable"_s, p.unavailable);
        line.insert(u"judge_errors"_s, p.errors);
        line.insert(u"support_judged"_s, p.supportJudged);
        line.insert(u"factual_accuracy"_s, jsonNumber(p.factualAccuracy));
        line.insert(u"citation_coverage"_s, jsonNumber(p.citationCoverage));
        line.insert(u"score"_s, jsonNumber(p.score));
        lines += QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    }
    return lines;
}

Result<void> save(const QString &path, const QByteArray &data, QStringList *files)
{
    if (!QDir().mkpath(QFileInfo(path).absolutePath()))
        return Error{u"cannot create the folder of %1"_s.arg(path)};
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly) || file.write(data) != data.size() || !file.commit())
        return Error{u"cannot write %1: %2"_s.arg(path, file.errorString())};
    if (files)
        *files << path;
    return {};
}

// One family's two files for one model.
Result<void> writeFamily(const QString &dir, const QString &family, const QString &letter,
                         const PdrGroup &group, const QList<PdrReportScore> &reports,
                         QStringList *files)
{
    const QStringList &dims = family == QLatin1StringView(PdrFamily::Personalization)
        ? pdrPersonalizationDimensions()
        : pdrQualityDimensions();
    QByteArray lines;
    int errors = 0;
    for (const PdrReportScore &r : reports) {
        if (r.model != group.model)
            continue;
        const PdrFamilyPart &part = family == QLatin1StringView(PdrFamily::Personalization)
            ? r.personalization
            : r.quality;
        if (part.criteria == 0)
            continue;
        errors += part.errors;
        QJsonObject line = reportLine(r);
        line.insert(u"score"_s, jsonNumber(part.score));
        for (const PdrDimensionPart &d : r.dimensions) {
            if (d.family == family)
                line.insert(d.dimension, jsonNumber(d.average));
        }
        lines += QJsonDocument(line).toJson(QJsonDocument::Compact) + '\n';
    }
    QString text;
    QStringList shown = dims;
    for (const PdrDimensionMean &d : group.dimensions) {
        if (d.family == family && !shown.contains(d.dimension))
            shown << d.dimension;
    }
    for (const QString &dim : std::as_const(shown)) {
        const auto it = std::find_if(group.dimensions.cbegin(), group.dimensions.cend(),
                                     [&](const PdrDimensionMean &d) { return d.dimension == dim; });
        if (it != group.dimensions.cend())
            text += u"%1_weighted_avg: %2\n"_s.arg(dim, fixed(it->mean.mean));
    }
    const PdrMean &mean
        = family == QLatin1StringView(PdrFamily::Personalization) ? group.p : group.q;
    text += u"Reports: %1\nJudge errors left out: %2\n"_s.arg(mean.n).arg(errors);
    text += u"%1 Overall Score: %2\n"_s.arg(letter, fixed(mean.mean));
    const QString base = dir + u'/' + family + u'/' + pdrModelFolder(group.model) + u'/' + family;
    if (auto saved = save(base + u"_results.jsonl"_s, lines, files); !saved)
        return saved;
    return save(base + u"_result.txt"_s, text.toUtf8(), files);
}

} // namespace

QString pdrModelFolder(const QString &model)
{
    QString folder = model;
    folder.replace(u'/', u'_');
    folder.replace(u'\\', u'_');
    // "." and ".." would name the results folder or the one above it.
    if (folder.isEmpty() || folder == "."_L1 || folder == ".."_L1)
        folder.prepend(u'_');
    return folder;
}

Result<PdrRunRows> readPdrRun(ProjectStore &store, RowId runId)
{
    const QLatin1StringView bench(BenchmarkKey::PdrBench);
    PdrRunRows rows;
    rows.runId = runId == 0 ? newestPdrRun(store) : runId;
    const auto run = rows.runId ? store.runs().run(rows.runId) : std::nullopt;
    const auto benchmark = store.catalog().benchmark(bench);
    if (!run) {
        return Error{runId == 0 ? u"no finished PDR-Bench judge run of the pdrbench scheme in "
                                  "this project"_s
                                : u"no run %1 in this project"_s.arg(runId)};
    }
    if (!benchmark || run->benchmarkId != benchmark->id)
        return Error{u"run %1 did not judge PDR-Bench"_s.arg(rows.runId)};
    rows.runName = run->name;
    QHash<RowId, std::optional<Query>> queries;
    QHash<RowId, QList<Rubric>> rubrics;
    for (const ReportSummary &s : store.reports().reportSummaries(bench).value_or({})) {
        const QList<Verdict> verdicts = store.runs().verdicts(rows.runId, s.id).value_or({});
        if (verdicts.isEmpty())
            continue;
        const auto report = store.reports().report(s.id);
        if (!report || !report->queryId)
            continue;
        const RowId queryId = *report->queryId;
        if (!queries.contains(queryId)) {
            queries.insert(queryId, store.catalog().query(queryId));
            rubrics.insert(queryId, store.catalog().rubrics(report->taskId, queryId));
        }
        const std::optional<Query> &query = queries.value(queryId);
        if (!query)
            continue;
        QHash<RowId, Verdict> byRubric;
        QSet<RowId> leftOut; // asked again after a reply left them out
        for (const Verdict &v : verdicts) {
            byRubric.insert(v.rubricId, v);
            for (const auto &id : v.raw.value(pdrLeftOutKey).toArray())
                leftOut.insert(RowId(id.toDouble()));
        }
        const QList<Rubric> &criteria = rubrics.value(queryId);
        for (const Rubric &rubric : criteria) {
            const auto v = byRubric.constFind(rubric.id);
            if (v == byRubric.cend())
                continue;
            PdrCriterionItem item;
            item.model = s.model;
            item.queryId = query->externalId;
            item.persona = s.persona;
            item.setting = query->setting;
            item.family = rubric.metadata.value(u"family"_s).toString();
            item.dimension = rubric.dimension;
            item.dimensionWeight = rubric.dimensionWeight;
            item.weight = rubric.weight;
            item.score = v->value;
            if (leftOut.contains(rubric.id))
                item.origin = PdrItemOrigin::AskedAgain;
            if (!v->value)
                ++rows.errors;
            rows.items.append(item);
        }
        // What the replies returned under no asked criterion; a reply that was itself a re-ask
        // is not one the reference would have read.
        for (const Verdict &v : verdicts) {
            if (leftOut.contains(v.rubricId))
                continue;
            for (const auto &entry : v.raw.value(pdrUnmatchedKey).toArray()) {
                const QJsonObject e = entry.toObject();
                const auto item = unmatchedItem(e, criteria);
                if (!item)
                    continue;
                PdrCriterionItem i = *item;
                i.model = s.model;
                i.queryId = query->externalId;
                i.persona = s.persona;
                i.setting = query->setting;
                rows.items.append(i);
                ++rows.unmatched;
            }
        }
    }
    return rows;
}

Result<PdrProjectScores> scorePdrProject(ProjectStore &store, RowId runId,
                                         const PdrScoringOptions &options,
                                         const std::optional<QList<PdrClaimItem>> &claims)
{
    auto rows = readPdrRun(store, runId);
    if (!rows)
        return rows.error();
    PdrProjectScores scores;
    scores.rows = std::move(*rows);
    scores.withReliability = claims.has_value();
    scores.reports = scorePdr(scores.rows.items, claims.value_or(QList<PdrClaimItem>()), options);
    return scores;
}

Result<void> writePdrResults(const PdrProjectScores &scores, const QString &directory,
                             QStringList *files)
{
    const QList<PdrGroup> groups = pdrGroups(scores.reports, PdrBreakdown::None);
    // Two models whose names differ only where a folder name cannot ("team/x", "team_x")
    // would write over each other's results.
    QHash<QString, QString> modelOfFolder;
    for (const PdrGroup &g : groups) {
        // Case folded: "Team_X" and "team_x" are one folder on macOS and Windows.
        const QString folder = pdrModelFolder(g.model).toCaseFolded();
        if (const auto other = modelOfFolder.constFind(folder);
            other != modelOfFolder.cend() && *other != g.model) {
            return Error{u"the models \"%1\" and \"%2\" would share the results folder \"%3\";"
                         " rename one (import its reports under another --model)"_s.arg(
                             *other, g.model, folder)};
        }
        modelOfFolder.insert(folder, g.model);
    }
    for (const PdrGroup &g : groups) {
        if (auto p = writeFamily(directory, QString::fromLatin1(PdrFamily::Personalization), u"P"_s,
                                 g, scores.reports, files);
            !p)
            return p;
        if (auto q = writeFamily(directory, QString::fromLatin1(PdrFamily::Quality), u"Q"_s, g,
                                 scores.reports, files);
            !q)
            return q;
        const QString folder = pdrModelFolder(g.model);
        if (scores.withReliability) {
            const QString text
                = u"Factual Accuracy: %1\nCitation Coverage: %2\nReports with R: %3\n"
                  "Reports whose support was not judged: %4\nR Overall Score: %5\n"_s
                      .arg(fixed(g.factualAccuracy.mean), fixed(g.citationCoverage.mean))
                      .arg(g.r.n)
                      .arg(g.supportNotJudged)
                      .arg(fixed(g.r.mean));
            const QString base = directory + u"/reliability/"_s + folder + u"/reliability"_s;
            if (auto jsonl = save(base + u"_results.jsonl"_s,
                                  reliabilityLines(g.model, scores.reports), files);
                !jsonl)
                return jsonl;
            if (auto txt = save(base + u"_result.txt"_s, text.toUtf8(), files); !txt)
                return txt;
        }
        const QString overall
            = u"P Overall Score: %1\nQ Overall Score: %2\nR Overall Score: %3\n"
              "Final Overall Score: %4\n"_s.arg(fixed(g.p.mean), fixed(g.q.mean), fixed(g.r.mean),
                                                fixed(g.overall));
        if (auto saved = save(directory + u"/overall/"_s + folder + u"/overall_result.txt"_s,
                              overall.toUtf8(), files);
            !saved)
            return saved;
    }
    return {};
}

} // namespace Rubricate
