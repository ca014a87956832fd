#include "statresult.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace UndefinedReason {

QString emptyTable()
{
    return u"the table has no units"_s;
}

QString fewerThanTwoRaters()
{
    return u"the table has fewer than two raters"_s;
}

QString noPairableUnit()
{
    return u"no unit has values from two raters"_s;
}

QString identicalValues()
{
    return u"every value is the same, so agreement cannot be told from chance"_s;
}

QString negativeRatioValue()
{
    return u"the ratio metric needs values of zero or more"_s;
}

QString noSuchRater()
{
    return u"the two raters must be two different raters of the table"_s;
}

QString unequalRatingsPerUnit()
{
    return u"units have different numbers of ratings; Fleiss' kappa needs the same number for "
           u"every unit (use Krippendorff's alpha)"_s;
}

QString singleRatingPerUnit()
{
    return u"every unit has a single rating"_s;
}

QString noDraws()
{
    return u"no bootstrap draw gave a value"_s;
}

QString drawMismatch()
{
    return u"the bootstrap draw does not have one multiplicity per unit"_s;
}

} // namespace UndefinedReason

} // namespace Rubricate
