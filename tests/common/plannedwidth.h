// A target half-width for which the PPI++ plan asks for more labels: 0.8 of some model's
// interval now (rounded to three decimals, as a spin box holds it), so that a test of
// extending a study has something to extend whatever the fixture's labels give.
#pragma once

#include "alignment/correctedscores.h"

#include <cmath>
#include <optional>

namespace RubricateTest {

inline std::optional<double> reachableWidth(const Rubricate::CorrectedScores &scores)
{
    for (const Rubricate::CorrectedModelScore &m : scores.models) {
        const std::optional<double> now = Rubricate::ppiPlan(m.sample, 1.0).currentHalfWidth;
        if (!now)
            continue;
        const double width = std::round(*now * 0.8 * 1000) / 1000;
        if (Rubricate::ppiPlan(m.sample, width).extraItems.value_or(0) > 0)
            return width;
    }
    return std::nullopt;
}

} // namespace RubricateTest
