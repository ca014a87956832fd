// The value every agreement statistic returns: a number, or the reason there is none.
//
// Agreement statistics have honest undefined cases (no two raters ever saw the same unit, or
// every rater always said the same thing, so chance agreement is total). Reference tools
// paper over them with 1, 0 or NaN, which then look like results in a table. Here an
// undefined statistic carries no value and a sentence saying why, and the UI shows that
// sentence instead of a number.
#pragma once

#include <QString>

#include <optional>

namespace Rubricate {

struct StatResult {
    std::optional<double> value; // empty: undefined, and undefinedReason says why
    QString undefinedReason;
    qsizetype n = 0; // pairable units: units the statistic actually used (with multiplicity)

    bool isDefined() const { return value.has_value(); }

    static StatResult defined(double v, qsizetype units) { return {v, {}, units}; }
    static StatResult undefined(const QString &reason, qsizetype units = 0)
    {
        return {std::nullopt, reason, units};
    }
};

// The reasons are shared sentences so that the UI, exports and tests agree on them.
namespace UndefinedReason {
QString emptyTable(); // the table has no units
QString fewerThanTwoRaters(); // one rater cannot agree with anybody
QString noPairableUnit(); // no unit has values from two raters
QString identicalValues(); // every pairable value is the same: chance agreement is total
QString negativeRatioValue(); // the ratio metric is only defined for values >= 0
QString noSuchRater(); // a rater index outside the table, or a rater paired with itself
QString unequalRatingsPerUnit(); // Fleiss' kappa needs the same number of ratings per unit
QString singleRatingPerUnit(); // Fleiss' kappa needs at least two ratings per unit
QString noDraws(); // a bootstrap with zero draws, or one whose every draw was undefined
QString drawMismatch(); // multiplicities whose count is not the table's number of units
} // namespace UndefinedReason

} // namespace Rubricate
