// PDR-Bench dimension weights from several sampled judge weightings (formats.md §4.2).
//
// The reference asks the judge DEFAULT_SAMPLE_COUNT = 5 times for the weights of the
// personalization (or quality) dimensions and then:
//   1. discards a sample whose values do not sum to 1.0 within 1e-6;
//   2. averages each dimension over the accepted samples, dropping a dimension that is missing
//      from any accepted sample;
//   3. renormalises the averages to sum 1;
//   4. rounds each to 2 decimals and adds the rounding residue (1 − Σ rounded) to the LAST
//      dimension.
// Rounding is Python's round(x, 2): correctly rounded from the exact binary value, exact ties
// to even (round(0.125, 2) == 0.12), which we reproduce through std::to_chars.
//
// Choices, where the reference is silent or where we are stricter on purpose:
// - "Last" is the last surviving dimension in the first accepted sample's order (Python dicts
//   keep insertion order, and the averages are presumably built by walking the first sample),
//   unless PdrWeightOptions::order names the order. A sample is therefore an ordered list, not
//   a QJsonObject (which sorts its keys).
// - The residue is added as is, so the last weight may carry binary noise (0.33 + 0.34 + 0.33
//   need not be 1.0 exactly in doubles); roundResidue rounds it once more. With many tiny
//   weights a negative residue could push a last weight of 0 below 0; we keep the reference's
//   arithmetic there and the caller sees it in `residue`.
// - Refused outright, with a reason, rather than silently discarded: no samples, an empty
//   sample, a non-numeric or negative (or non-finite) weight, a dimension named twice in one
//   sample, and averages that are all zero. The reference only checks the sum; a negative weight
//   that still sums to 1 would slip through there and make scores leave 0–10.
// - Sub-criteria are NOT averaged or rounded by the reference (one call per dimension whose
//   weights must sum to 1 within 1e-6); checkPdrSubCriterionWeights only validates them. The
//   scorer renormalises by Σ w anyway.
//
// Pure functions: no files, no database.
#pragma once

#include "domain/pdrdimensions.h" // PdrWeightSample

#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <optional>

namespace Rubricate {

struct PdrWeightOptions {
    int decimals = 2; // the reference's round(x, 2); negative: no rounding, no residue
    double sumTolerance = 1e-6; // a sample must sum to 1 within this
    bool discardSamplesNotSummingToOne = true; // the reference's check; off: keep every sample
    bool roundResidue = false; // round the last weight again after adding the residue
    QStringList order; // dimension order for the output and the residue; empty: first sample's
};

struct PdrDiscardedSample {
    int index = 0; // position in the input list
    QString reason;
};

struct PdrWeights {
    QList<std::pair<QString, double>> weights; // final, in output order
    QList<double> averages; // renormalised, before rounding; parallel to weights
    double residue = 0; // what was added to the last weight
    int acceptedSamples = 0;
    QList<PdrDiscardedSample> discarded;
    QStringList droppedDimensions; // missing from at least one accepted sample
    QString error; // non-empty: refused, weights is empty

    bool ok() const { return error.isEmpty(); }
    std::optional<double> weight(const QString &dimension) const;
};

// Turns sampled weightings into the final dimension weights, or refuses with error set.
PdrWeights combinePdrWeightSamples(const QList<PdrWeightSample> &samples,
                                   const PdrWeightOptions &options = {});

// Python's round(value, decimals) for a finite double (decimals >= 0).
double pdrPythonRound(double value, int decimals);

} // namespace Rubricate
