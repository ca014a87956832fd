// PPI and PPI++ for a mean (ppi.h).
#include "ppi.h"

#include "normal.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

double mean(const QList<double> &values)
{
    return std::accumulate(values.cbegin(), values.cend(), 0.0) / double(values.size());
}

// Population variance (divisor n), as ppi_py's standard errors use; 0 for an empty list.
double populationVariance(const QList<double> &values)
{
    if (values.isEmpty())
        return 0;
    const double m = mean(values);
    double sum = 0;
    for (double v : values)
        sum += (v - m) * (v - m);
    return sum / double(values.size());
}

// Cov(Y, Ŷ) over the labelled items, divisor n (ppi_py's); n ≥ 1.
double labelledCovariance(const PpiSample &sample)
{
    const qsizetype n = sample.gold.size();
    const double meanGold = mean(sample.gold);
    const double meanJudge = mean(sample.judgeLabelled);
    double covariance = 0;
    for (qsizetype i = 0; i < n; ++i)
        covariance += (sample.gold.at(i) - meanGold) * (sample.judgeLabelled.at(i) - meanJudge);
    return covariance / double(n);
}

// Y − λŶ per labelled item: the judge's error once λ of the judge is trusted.
QList<double> rectifier(const PpiSample &sample, double lambda)
{
    QList<double> out;
    out.reserve(sample.gold.size());
    for (qsizetype i = 0; i < sample.gold.size(); ++i)
        out.append(sample.gold.at(i) - lambda * sample.judgeLabelled.at(i));
    return out;
}

// Fills the interval of `estimate` from the variance of its value, or says why there is none.
// `sampleSize` is the number of items the variance was estimated from.
void setInterval(PpiEstimate &estimate, double variance, double confidence,
                 qsizetype sampleSize = 2)
{
    if (sampleSize < 2) {
        estimate.undefinedReason = UndefinedReason::singleLabelledItem();
        return;
    }
    if (!(variance > 0)) {
        estimate.undefinedReason = UndefinedReason::noVariation();
        return;
    }
    const double se = std::sqrt(variance);
    const double half = twoSidedNormalZ(confidence) * se;
    estimate.standardError = se;
    estimate.lower = *estimate.value - half;
    estimate.upper = *estimate.value + half;
}

// The sample's items picked with the multiplicities of a bootstrap draw.
QList<double> resampled(const QList<double> &values, const std::vector<int> &multiplicity)
{
    QList<double> out;
    out.reserve(values.size());
    for (qsizetype i = 0; i < values.size(); ++i)
        for (int k = 0; k < multiplicity[size_t(i)]; ++k)
            out.append(values.at(i));
    return out;
}

} // namespace

std::optional<double> ppiTunedLambda(const PpiSample &sample)
{
    const qsizetype n = sample.gold.size();
    const qsizetype N = sample.judgeUnlabelled.size();
    if (n < 2 || N < 1)
        return std::nullopt;
    const double covariance = labelledCovariance(sample);

    const QList<double> allJudged = sample.judgeLabelled + sample.judgeUnlabelled;
    const double judgeVariance = populationVariance(allJudged) * double(n + N) / double(n + N - 1);
    if (!(judgeVariance > 0))
        return 0.0; // a constant judge: every λ is the same estimate (ppi.h)
    const double lambda = covariance / ((1 + double(n) / double(N)) * judgeVariance);
    return std::clamp(lambda, 0.0, 1.0);
}

PpiEstimate ppiMean(const PpiSample &sample, const PpiOptions &options)
{
    Q_ASSERT(sample.gold.size() == sample.judgeLabelled.size());
    PpiEstimate result;
    result.labelled = sample.gold.size();
    result.unlabelled = sample.judgeUnlabelled.size();
    if (result.labelled == 0) {
        result.undefinedReason = UndefinedReason::noLabelledItems();
        return result;
    }
    if (options.lambda) {
        result.lambda = *options.lambda;
    } else if (result.labelled < 2) {
        // One item cannot show how the judge's errors vary; without λ there is no estimate.
        result.undefinedReason = UndefinedReason::singleLabelledItem();
        return result;
    } else if (result.unlabelled == 0) {
        result.undefinedReason = UndefinedReason::noUnlabelledItems();
        return result;
    } else {
        result.lambda = *ppiTunedLambda(sample);
    }
    const bool judgeUsed = result.lambda != 0;
    if (judgeUsed && result.unlabelled == 0) {
        result.undefinedReason = UndefinedReason::noUnlabelledItems();
        return result;
    }

    const QList<double> errors = rectifier(sample, result.lambda);
    double value = mean(errors);
    double variance = populationVariance(errors) / double(result.labelled);
    if (judgeUsed) {
        value += result.lambda * mean(sample.judgeUnlabelled);
        variance += result.lambda * result.lambda * populationVariance(sample.judgeUnlabelled)
            / double(result.unlabelled);
    }
    result.value = value;
    setInterval(result, variance, options.confidence, result.labelled);
    return result;
}

PpiEstimate judgeOnlyMean(const PpiSample &sample, double confidence)
{
    const QList<double> all = sample.judgeLabelled + sample.judgeUnlabelled;
    PpiEstimate result;
    result.lambda = 1;
    result.labelled = sample.judgeLabelled.size();
    result.unlabelled = sample.judgeUnlabelled.size();
    if (all.isEmpty()) {
        result.undefinedReason = UndefinedReason::noJudgedItems();
        return result;
    }
    result.value = mean(all);
    setInterval(result, populationVariance(all) / double(all.size()), confidence, all.size());
    return result;
}

PpiEstimate ppiDifference(const PpiEstimate &a, const PpiEstimate &b, double confidence)
{
    PpiEstimate result;
    result.labelled = a.labelled + b.labelled;
    result.unlabelled = a.unlabelled + b.unlabelled;
    if (!a.isDefined() || !b.isDefined()) {
        result.undefinedReason = !a.isDefined() ? a.undefinedReason : b.undefinedReason;
        return result;
    }
    result.value = *a.value - *b.value;
    if (!a.hasInterval() || !b.hasInterval()) {
        result.undefinedReason = !a.hasInterval() ? a.undefinedReason : b.undefinedReason;
        return result;
    }
    const double variance
        = *a.standardError * *a.standardError + *b.standardError * *b.standardError;
    setInterval(result, variance, confidence);
    return result;
}

PpiEstimate ppiStratified(const QList<PpiStratum> &strata, const PpiOptions &options)
{
    PpiEstimate result;
    double totalWeight = 0;
    for (const PpiStratum &stratum : strata) {
        if (stratum.weight < 0) {
            result.undefinedReason = UndefinedReason::noWeight();
            return result;
        }
        totalWeight += stratum.weight;
    }
    if (!(totalWeight > 0)) {
        result.undefinedReason = UndefinedReason::noWeight();
        return result;
    }

    double value = 0;
    double variance = 0;
    QString noInterval;
    for (qsizetype h = 0; h < strata.size(); ++h) {
        const PpiStratum &stratum = strata.at(h);
        if (stratum.weight == 0)
            continue; // a stratum nobody judged adds nothing to the population
        const PpiEstimate e = ppiMean(stratum.sample, options);
        result.labelled += e.labelled;
        result.unlabelled += e.unlabelled;
        if (!e.isDefined()) {
            result.undefinedReason = UndefinedReason::undefinedStratum(int(h), e.undefinedReason);
            return result;
        }
        const double w = stratum.weight / totalWeight;
        value += w * *e.value;
        if (e.hasInterval())
            variance += w * w * *e.standardError * *e.standardError;
        else if (noInterval.isEmpty())
            noInterval = UndefinedReason::undefinedStratum(int(h), e.undefinedReason);
    }
    result.value = value;
    if (!noInterval.isEmpty()) {
        result.undefinedReason = noInterval;
        return result;
    }
    setInterval(result, variance, options.confidence);
    return result;
}

std::optional<double> effectiveSampleSize(const PpiEstimate &peopleOnly,
                                          const PpiEstimate &corrected)
{
    if (!peopleOnly.hasInterval() || !corrected.hasInterval())
        return std::nullopt;
    const double ratio = (*peopleOnly.standardError * *peopleOnly.standardError)
        / (*corrected.standardError * *corrected.standardError);
    return double(peopleOnly.labelled) * ratio;
}

BootstrapInterval ppiBootstrap(const PpiSample &sample, const PpiOptions &options,
                               const BootstrapOptions &bootstrapOptions)
{
    const auto asStat = [](const PpiEstimate &e) {
        return e.isDefined() ? StatResult::defined(*e.value, e.labelled)
                             : StatResult::undefined(e.undefinedReason, e.labelled);
    };
    // bootstrapDraw() only looks at the number of units when it resamples units.
    const QList<qsizetype> labelledUnits(sample.gold.size(), 0);
    const QList<qsizetype> unlabelledUnits(sample.judgeUnlabelled.size(), 0);
    const quint32 seed = bootstrapOptions.seed;
    const auto draw = [&](int index) {
        const std::vector<int> l = bootstrapDraw(labelledUnits, labelledUnits.size(),
                                                 Resampling::Units, seed, 2 * index);
        const std::vector<int> u = bootstrapDraw(unlabelledUnits, unlabelledUnits.size(),
                                                 Resampling::Units, seed, 2 * index + 1);
        const PpiSample drawn{resampled(sample.gold, l), resampled(sample.judgeLabelled, l),
                              resampled(sample.judgeUnlabelled, u)};
        return asStat(ppiMean(drawn, options));
    };
    BootstrapOptions run = bootstrapOptions;
    run.confidence = options.confidence;
    return bootstrapDraws(asStat(ppiMean(sample, options)), draw, run);
}

std::optional<PpiMoments> ppiMoments(const PpiSample &sample)
{
    const qsizetype n = sample.gold.size();
    if (n < 2)
        return std::nullopt;
    return PpiMoments{populationVariance(sample.gold),
                      populationVariance(sample.judgeLabelled + sample.judgeUnlabelled),
                      labelledCovariance(sample)};
}

double ppiPlannedVariance(const PpiMoments &m, qsizetype labelled, qsizetype total)
{
    Q_ASSERT(labelled >= 1 && labelled <= total);
    const double n = double(labelled);
    const double unlabelled = double(total - labelled);
    if (unlabelled == 0 || !(m.judgeVariance > 0))
        return m.goldVariance / n; // λ = 0: nothing the judge could add
    const double lambda
        = std::clamp(m.covariance / ((1 + n / unlabelled) * m.judgeVariance), 0.0, 1.0);
    return lambda * lambda * m.judgeVariance / unlabelled
        + (m.goldVariance - 2 * lambda * m.covariance + lambda * lambda * m.judgeVariance) / n;
}

PpiPlan ppiPlan(const PpiSample &sample, double targetHalfWidth, double confidence)
{
    PpiPlan plan;
    const PpiEstimate now = ppiMean(sample, PpiOptions::tuned(confidence));
    const std::optional<PpiMoments> moments = ppiMoments(sample);
    if (!now.hasInterval() || !moments) { // fewer than two labels: no interval either
        plan.unreachableReason = now.undefinedReason;
        return plan;
    }
    const double z = twoSidedNormalZ(confidence);
    plan.currentHalfWidth = now.width() / 2;
    const qsizetype n = sample.gold.size();
    const qsizetype total = n + sample.judgeUnlabelled.size();
    const auto halfWidth = [&](qsizetype labelled) {
        return z * std::sqrt(ppiPlannedVariance(*moments, labelled, total));
    };
    plan.bestHalfWidth = halfWidth(total);
    if (*plan.currentHalfWidth <= targetHalfWidth) {
        plan.extraItems = 0;
        plan.plannedHalfWidth = plan.currentHalfWidth;
        return plan;
    }
    // Var(n) need not fall monotonically (λ changes with n), so every k is tried in turn; k
    // is at most the judged items, a few thousand, and each try is a formula.
    for (qsizetype k = 1; n + k <= total; ++k) {
        const double predicted = halfWidth(n + k);
        if (predicted <= targetHalfWidth) {
            plan.extraItems = k;
            plan.plannedHalfWidth = predicted;
            return plan;
        }
    }
    plan.unreachableReason = UndefinedReason::targetOutOfReach(*plan.bestHalfWidth);
    return plan;
}

namespace UndefinedReason {

QString noLabelledItems()
{
    return u"no item was labelled by people"_s;
}

QString noJudgedItems()
{
    return u"no item was judged"_s;
}

QString noUnlabelledItems()
{
    return u"no judged item without a label: the judge has nothing to add"_s;
}

QString singleLabelledItem()
{
    return u"one labelled item cannot show how much the outcomes vary"_s;
}

QString noVariation()
{
    return u"nothing in the sample varies (every labelled outcome is the same), so no interval can be given"_s;
}

QString undefinedStratum(int index, const QString &reason)
{
    return u"stratum %1: %2"_s.arg(index + 1).arg(reason);
}

QString targetOutOfReach(double bestHalfWidth)
{
    return u"even with every judged item labelled the interval would be ±%1"_s.arg(
        QString::number(bestHalfWidth, 'f', 4));
}

QString noWeight()
{
    return u"the strata need non-negative weights that are not all zero"_s;
}

} // namespace UndefinedReason

} // namespace Rubricate
