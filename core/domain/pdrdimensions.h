// PDR-Bench's vocabulary (formats.md §4): the dimension families, the importer's dimension
// keys in the reference's order, and a judge's sampled weighting. Values shared by the judge
// (which asks for criteria and weights), the scorers and the readers; the formulas stay in
// scoring/pdrscoring.h and scoring/pdrweights.h.
#pragma once

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

namespace Rubricate {

namespace PdrFamily {
inline constexpr auto Personalization = "personalization";
inline constexpr auto Quality = "quality";
} // namespace PdrFamily

// The importer's dimension keys, in the reference's order.
const QStringList &pdrPersonalizationDimensions();
const QStringList &pdrQualityDimensions();
// "personalization" or "quality" for a known dimension key, else empty.
QString pdrFamilyOf(const QString &dimension);
// Sort keys in the reference's order: personalization 0, quality 1, others 2; a dimension's
// place within its family, 1000 for an unknown key.
int pdrFamilyRank(const QString &family);
int pdrDimensionRank(const QString &dimension);

struct PdrWeightEntry {
    QString dimension;
    QJsonValue value; // as the judge wrote it; must be a number
};

// One sampled weighting, in the order the judge's JSON listed the dimensions (a QJsonObject
// would sort them, and the order decides where the rounding residue goes).
using PdrWeightSample = QList<PdrWeightEntry>;

// Validates one dimension's sub-criterion weights as the reference does (numbers summing to 1
// within tolerance), plus non-negative and not all zero. Returns the reason, or empty.
QString checkPdrSubCriterionWeights(const QList<QJsonValue> &weights, double tolerance = 1e-6);

// Python's sum(): left to right from 0, so sums see the reference's rounding errors.
double pdrPythonSum(const QList<double> &values);

// The reference's criterion matching for a judge item that echoes a criterion text: exact after
// trimming, then case-insensitive, then substring either way (first hit in criteria order),
// else the mean weight of the dimension's criteria. index is -1 for that fallback.
struct PdrCriterionMatch {
    int index = -1;
    double weight = 0;
};
PdrCriterionMatch matchPdrCriterion(const QString &returned,
                                    const QList<std::pair<QString, double>> &criteria);

} // namespace Rubricate
