#include "pdrdimensions.h"

#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

const QStringList &pdrPersonalizationDimensions()
{
    static const QStringList keys{u"goal_alignment"_s, u"content_alignment"_s,
                                  u"presentation_fit"_s, u"actionability_practicality"_s};
    return keys;
}

const QStringList &pdrQualityDimensions()
{
    static const QStringList keys{u"depth_insight"_s, u"logical_coherence"_s,
                                  u"clarity_readability"_s};
    return keys;
}

int pdrFamilyRank(const QString &family)
{
    if (family == QLatin1StringView(PdrFamily::Personalization))
        return 0;
    if (family == QLatin1StringView(PdrFamily::Quality))
        return 1;
    return 2;
}

int pdrDimensionRank(const QString &dimension)
{
    qsizetype i = pdrPersonalizationDimensions().indexOf(dimension);
    if (i >= 0)
        return int(i);
    i = pdrQualityDimensions().indexOf(dimension);
    return i >= 0 ? int(i) : 1000;
}

QString pdrFamilyOf(const QString &dimension)
{
    if (pdrPersonalizationDimensions().contains(dimension))
        return QString::fromLatin1(PdrFamily::Personalization);
    if (pdrQualityDimensions().contains(dimension))
        return QString::fromLatin1(PdrFamily::Quality);
    return {};
}

PdrCriterionMatch matchPdrCriterion(const QString &returned,
                                    const QList<std::pair<QString, double>> &criteria)
{
    const QString text = returned.trimmed();
    const auto firstWhere = [&](const auto &matches) -> PdrCriterionMatch {
        for (int i = 0; i < criteria.size(); ++i) {
            if (matches(criteria.at(i).first.trimmed()))
                return {i, criteria.at(i).second};
        }
        return {};
    };
    PdrCriterionMatch m = firstWhere([&](const QString &c) { return c == text; });
    if (m.index < 0)
        m = firstWhere([&](const QString &c) { return c.compare(text, Qt::CaseInsensitive) == 0; });
    if (m.index < 0)
        m = firstWhere([&](const QString &c) {
            return c.contains(text, Qt::CaseInsensitive) || text.contains(c, Qt::CaseInsensitive);
        });
    if (m.index >= 0 || criteria.isEmpty())
        return m;
    double sum = 0;
    for (const auto &c : criteria)
        sum += c.second;
    return {-1, sum / double(criteria.size())};
}

double pdrPythonSum(const QList<double> &values)
{
    double s = 0;
    for (double v : values)
        s += v;
    return s;
}

QString checkPdrSubCriterionWeights(const QList<QJsonValue> &weights, double tolerance)
{
    if (weights.isEmpty())
        return u"no sub-criteria"_s;
    QList<double> values;
    for (int i = 0; i < weights.size(); ++i) {
        const QJsonValue &v = weights.at(i);
        if (!v.isDouble() || !std::isfinite(v.toDouble()))
            return u"sub-criterion %1: the weight is not a number"_s.arg(i + 1);
        if (v.toDouble() < 0)
            return u"sub-criterion %1: the weight is negative"_s.arg(i + 1);
        values << v.toDouble();
    }
    const double sum = pdrPythonSum(values);
    if (sum == 0)
        return u"all sub-criterion weights are zero"_s;
    if (std::abs(sum - 1.0) > tolerance)
        return u"sub-criterion weights sum to %1, not 1"_s.arg(sum, 0, 'g', 17);
    return {};
}

} // namespace Rubricate
