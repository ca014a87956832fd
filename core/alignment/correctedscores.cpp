// Judge-corrected scores per model (correctedscores.h).
#include "correctedscores.h"

#include <QHash>
#include <QMap>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

using ItemKey = std::pair<RowId, RowId>;

// What is known of one item: the judge's outcome and the outcome each person gave.
struct Item {
    QString model;
    QString dimension;
    std::optional<double> judge;
    QHash<QString, double> people; // rater key → outcome
};

// The gold outcome of an item, or nothing; a majority tie is counted in `ties`.
std::optional<double> goldOutcome(const Item &item, const QString &gold, int *ties)
{
    if (gold != HumanMajority) {
        const auto it = item.people.constFind(gold);
        return it == item.people.cend() ? std::nullopt : std::optional<double>(*it);
    }
    int met = 0, notMet = 0;
    for (auto it = item.people.cbegin(); it != item.people.cend(); ++it) {
        if (it.key() == GoldRater)
            continue; // the adjudicated label is not one more vote
        ++(*it == 1 ? met : notMet);
    }
    if (met + notMet == 0)
        return std::nullopt;
    if (met == notMet) {
        ++*ties;
        return std::nullopt;
    }
    return met > notMet ? 1.0 : 0.0;
}

CorrectedModelScore scoreGroup(const QString &model, const QString &dimension,
                               const QList<const Item *> &items,
                               const CorrectedScoreOptions &options)
{
    CorrectedModelScore score;
    score.model = model;
    score.dimension = dimension;
    PpiSample sample;
    for (const Item *item : items) {
        if (const auto gold = goldOutcome(*item, options.gold, &score.goldTies)) {
            sample.gold.append(*gold);
            sample.judgeLabelled.append(*item->judge);
        } else {
            sample.judgeUnlabelled.append(*item->judge);
        }
    }
    score.labelled = sample.gold.size();
    score.judged = sample.gold.size() + sample.judgeUnlabelled.size();
    score.judgeOnly = judgeOnlyMean(sample, options.confidence);
    score.corrected = ppiMean(sample, PpiOptions::tuned(options.confidence));
    score.peopleOnly = ppiMean(sample, PpiOptions::peopleOnly(options.confidence));
    score.effectiveSampleSize = effectiveSampleSize(score.peopleOnly, score.corrected);
    return score;
}

} // namespace

double drb2Outcome(double verdict)
{
    return verdict == 1 ? 1.0 : 0.0;
}

CorrectedScores correctedScores(const QList<RatingRow> &rows, const CorrectedScoreOptions &options)
{
    CorrectedScores result;
    result.gold = options.gold;
    if (options.benchmarkKey != "drb2"_L1) {
        result.error = u"corrected scores need a per-item outcome, defined so far for drb2 only"_s;
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
        if (r.judge) {
            item.judge = drb2Outcome(*r.value);
            result.judgeName = r.raterName;
        } else {
            item.people.insert(r.rater, drb2Outcome(*r.value));
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
