// The standard normal quantile the normal-approximation intervals need (PPI, sample sizes).
#pragma once

namespace Rubricate {

// z with P(−z < Z < z) = confidence for a standard normal Z (1.959964… for 0.95), by
// bisection on erfc: exact to double precision and with no table to get wrong.
double twoSidedNormalZ(double confidence);

} // namespace Rubricate
