// Judge-corrected scores per model (correctedscores.h).
#include "correctedscores.h"

#include <QHash>
#include <QMap>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

using ItemKey = std::pair<RowId, RowId>;

bool isResearchRubrics(const QString &benchmarkKey)
{
    return benchmarkKey == QLatin1StringView(BenchmarkKey::ResearchRubrics);
}

// The label a verdict gives an item, before any weight: DRB-II's met / not met, the others'
// verdict as it is (ternary, 0–10 or 1 / 0).
double itemLabel(const QString &benchmarkKey, double verdict)
{
    return benchmarkKey == QLatin1StringView(BenchmarkKey::Drb2) ? drb2Outcome(verdict) : verdict;
}

// What is known of one item: the judge's label and the label each person gave.
struct Item {
    QString model;
    QString dimension;
    RowId report = 0;
    double weight = 1;
    std::optional<double> judge;
    QHash<QString, double> people; // rater key → label
};

// The gold label of an item, or nothing; a majority tie is counted in `ties`.
std::optional<double> goldLabel(const Item &item, const QString &gold, int *ties)
{
    if (gold != HumanMajority) {
        const auto it = item.people.constFind(gold);
        return it == item.people.cend() ? std::nullopt : std::optional<double>(*it);
    }
    QMap<double, int> votes;
    for (auto it = item.people.cbegin(); it != item.people.cend(); ++it)
        if (it.key() != GoldRater) // the adjudicated label is not one more vote
            ++votes[*it];
    if (votes.isEmpty())
        return std::nullopt;
    std::optional<double> top;
    int most = 0;
    bool tied = false;
    for (auto it = votes.cbegin(); it != votes.cend(); ++it) {
        if (*it > most) {
            top = it.key();
            most = *it;
            tied = false;
        } else if (*it == most) {
            tied = true;
        }
    }
    if (tied) {
        ++*ties;
        return std::nullopt;
    }
    return top;
}

// What turns each item's label into its outcome: 1, or for ResearchRubrics its weighted share
// of its report's compliance, M / R · w / W_r (correctedscores.h); nothing for an item of a
// report whose criteria here weigh nothing.
QList<std::optional<double>> outcomeScales(const QList<const Item *> &items, bool weighted)
{
    QList<std::optional<double>> out(items.size(), 1.0);
    if (!weighted)
        return out;
    QHash<RowId, double> positiveWeight;
    for (const Item *item : items)
        positiveWeight[item->report] += std::max(item->weight, 0.0);
    qsizetype reports = 0;
    for (double w : std::as_const(positiveWeight))
        reports += w > 0 ? 1 : 0;
    qsizetype scored = 0;
    for (const Item *item : items)
        scored += positiveWeight.value(item->report) > 0 ? 1 : 0;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const double reportWeight = positiveWeight.value(items.at(i)->report);
        out[i] = reportWeight > 0 ? std::optional<double>(researchRubricsOutcome(
                     items.at(i)->weight, 1, reportWeight, double(scored) / double(reports)))
                                  : std::nullopt;
    }
    return out;
}

CorrectedModelScore scoreGroup(const QString &model, const QString &dimension,
                               const QList<const Item *> &items,
                               const CorrectedScoreOptions &options)
{
    CorrectedModelScore score;
    score.model = model;
    score.dimension = dimension;
    const QList<std::optional<double>> scales
        = outcomeScales(items, isResearchRubrics(options.benchmarkKey));
    PpiSample sample;
    for (qsizetype i = 0; i < items.size(); ++i) {
        const Item &item = *items.at(i);
        const std::optional<double> &scale = scales.at(i);
        if (!scale) {
            ++score.withoutOutcome;
            continue;
        }
        if (const auto gold = goldLabel(item, options.gold, &score.goldTies)) {
            sample.gold.append(*scale * *gold);
            sample.judgeLabelled.append(*scale * *item.judge);
        } else {
            sample.judgeUnlabelled.append(*scale * *item.judge);
        }
    }
    score.labelled = sample.gold.size();
    score.judged = sample.gold.size() + sample.judgeUnlabelled.size();
    score.judgeOnly = judgeOnlyMean(sample, options.confidence);
    score.corrected = ppiMean(sample, PpiOptions::tuned(options.confidence));
    score.peopleOnly = ppiMean(sample, PpiOptions::peopleOnly(options.confidence));
    score.effectiveSampleSize = effectiveSampleSize(score.peopleOnly, score.corrected);
    score.sample = std::move(sample);
    return score;
}

} // namespace

double drb2Outcome(double verdict)
{
    return verdict == 1 ? 1.0 : 0.0;
}

bool hasPerItemOutcome(const QString &benchmarkKey)
{
    return !correctedOutcomeName(benchmarkKey).isEmpty();
}

QString correctedOutcomeName(const QString &benchmarkKey)
{
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::Drb2))
        return u"share of rubric items met"_s;
    if (isResearchRubrics(benchmarkKey))
        return u"mean weighted compliance"_s;
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::PdrBench))
        return u"mean criterion score (0–10)"_s;
    if (benchmarkKey == QLatin1StringView(BenchmarkKey::ReportBench))
        return u"share of claims supported"_s;
    return {};
}

double researchRubricsOutcome(double weight, double score, double reportPositiveWeight,
                              double itemsPerReport)
{
    return itemsPerReport * weight * score / reportPositiveWeight;
}

CorrectedScores correctedScores(const QList<RatingRow> &rows, const CorrectedScoreOptions &options)
{
    CorrectedScores result;
    result.gold = options.gold;
    result.benchmarkKey = options.benchmarkKey;
    result.confidence = options.confidence;
    if (!hasPerItemOutcome(options.benchmarkKey)) {
        result.error = u"corrected scores need a per-item outcome, defined for drb2, "
                       "researchrubrics, pdrbench and reportbench, not for \"%1\""_s.arg(
                           options.benchmarkKey);
        return result;
    }
    result.judge = options.judge;
    if (result.judge.isEmpty())
        result.judge = ratersOf(rows, options.benchmarkKey, true).value(0);
    if (result.judge.isEmpty()) {
        result.error = u"no judge run rated %1"_s.arg(options.benchmarkKey);
        return result;
    }

    QMap<ItemKey, Item> items; // (report, rubric) order
    for (const RatingRow &r : rows) {
        if (r.benchmarkKey != options.benchmarkKey || !r.value)
            continue;
        if (r.judge && r.rater != result.judge)
            continue;
        Item &item = items[{r.reportId, r.rubricId}];
        item.model = r.model;
        item.dimension = r.dimension;
        item.report = r.reportId;
        const double label = itemLabel(options.benchmarkKey, *r.value);
        if (r.judge) {
            item.judge = label;
            result.judgeName = r.raterName;
        } else {
            item.people.insert(r.rater, label);
        }
    }
    if (isResearchRubrics(options.benchmarkKey)) {
        for (auto it = items.begin(); it != items.end(); ++it) {
            const auto weight = options.rubricWeights.constFind(it.key().second);
            if (weight == options.rubricWeights.cend()) {
                if (!it->judge)
                    continue; // unjudged: never scored
                result.error = u"no weight for criterion %1 of researchrubrics: its "
                               "contribution to compliance is unknown"_s.arg(it.key().second);
                return result;
            }
            it->weight = *weight;
        }
    }
    if (result.judgeName.isEmpty()) {
        result.error
            = u"the judge run %1 rated no item of %2"_s.arg(result.judge, options.benchmarkKey);
        return result;
    }

    QMap<std::pair<QString, QString>, QList<const Item *>> groups; // (model, dimension)
    for (const Item &item : std::as_const(items))
        if (item.judge)
            groups[{item.model, options.perDimension ? item.dimension : QString()}].append(&item);
    for (auto it = groups.cbegin(); it != groups.cend(); ++it)
        result.models.append(scoreGroup(it.key().first, it.key().second, it.value(), options));
    return result;
}

std::optional<int> CorrectedDifference::verdict() const
{
    if (!difference.hasInterval())
        return std::nullopt;
    if (*difference.lower > 0)
        return 1;
    if (*difference.upper < 0)
        return -1;
    return 0;
}

QList<CorrectedDifference> pairwiseDifferences(const CorrectedScores &scores, double confidence)
{
    QList<CorrectedDifference> out;
    for (qsizetype a = 0; a < scores.models.size(); ++a) {
        for (qsizetype b = a + 1; b < scores.models.size(); ++b) {
            const CorrectedModelScore &ma = scores.models.at(a);
            const CorrectedModelScore &mb = scores.models.at(b);
            if (ma.dimension != mb.dimension)
                continue;
            out.append({ma.model, mb.model, ma.dimension,
                        ppiDifference(ma.corrected, mb.corrected, confidence)});
        }
    }
    return out;
}

} // namespace Rubricate
