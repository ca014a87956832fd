// PDR-Bench criteria generation (formats.md §4.2), the pure half: the prompts that ask a judge
// for dimension weights and for a dimension's weighted sub-criteria, and the readers of its
// answers. The asynchronous driver that sends them and writes the rubrics is
// runs/pdrcriteriagenerator.h.
//
// The prompts are our own wording (the reference's were not reachable). What they carry:
// - weights, personalization: the task, the persona (readable JSON, as the pdrbench scheme
//   shows it) and the four personalization dimensions with a definition each;
// - weights, quality: the task and the three quality dimensions, no persona;
// - sub-criteria: the task, the persona (personalization only), the dimension with its
//   definition and its averaged weight.
// The answer is read from <json_output>…</json_output>, else from a ```json fence, else from
// the whole text (formats.md §4.2), then leniently (replyparsing.h). A weight sample keeps the
// order its JSON lists the dimensions in (the reference's Python dict order decides which
// dimension takes the rounding residue); whether it sums to 1 is combinePdrWeightSamples's
// check. A sub-criteria list must be [{"criterion", "explanation", "weight"}] with non-empty
// criteria and weights summing to 1 within 1e-6 (checkPdrSubCriterionWeights).
#pragma once

#include "domain/pdrdimensions.h"
#include "domain/result.h"
#include "domain/types.h"

#include <optional>

namespace Rubricate {

// What a dimension key means, for the prompts; empty for an unknown key.
QString pdrDimensionDefinition(const QString &dimension);
// The dimensions of a family, in the reference's order.
const QStringList &pdrFamilyDimensions(const QString &family);

// The persona as the judge reads it: every attribute as indented JSON, keys sorted.
QString pdrPersonaText(const Persona &persona);

QString pdrWeightPrompt(const QString &family, const QString &task, const QString &persona);
QString pdrSubCriteriaPrompt(const QString &family, const QString &dimension,
                             double dimensionWeight, const QString &task, const QString &persona);

// The JSON text of an answer: inside <json_output>, else inside a ```json fence, else all of it.
QString pdrJsonPart(const QString &reply);

// One weight sample in the answer's own key order; an error when the answer holds no JSON
// object.
Result<PdrWeightSample> parsePdrWeightSample(const QString &reply);

struct PdrSubCriterion {
    QString criterion;
    QString explanation;
    double weight = 0;
};

// A dimension's sub-criteria; an error when the list is unreadable, has an empty criterion,
// or its weights fail checkPdrSubCriterionWeights.
Result<QList<PdrSubCriterion>> parsePdrSubCriteria(const QString &reply);

} // namespace Rubricate
