#include "normal.h"

#include <cmath>

namespace Rubricate {

double twoSidedNormalZ(double confidence)
{
    const double target = (1 + confidence) / 2;
    double low = 0, high = 40;
    for (int i = 0; i < 200; ++i) {
        const double mid = (low + high) / 2;
        if (0.5 * std::erfc(-mid / std::sqrt(2.0)) < target)
            low = mid;
        else
            high = mid;
    }
    return (low + high) / 2;
}

} // namespace Rubricate
