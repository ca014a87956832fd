#include "scorevalue.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

Result<double> scoreOnScale(const QJsonValue &s, VerdictScale scale)
{
    double value = 0;
    if (s.isUndefined() || s.isNull()) {
        return Error{u"score missing from the judge's answer"_s};
    }
    if (s.isDouble()) {
        value = s.toDouble();
    } else if (s.isString()) {
        bool ok = false;
        value = s.toString().trimmed().toDouble(&ok);
        if (!ok) {
            return Error{u"score \"%1\" is not a number"_s.arg(s.toString().left(40))};
        }
    } else {
        return Error{u"score is not a number"_s};
    }
    if (!isValidValue(scale, value)) {
        QStringList allowed;
        for (double v : scaleValues(scale))
            allowed << QString::number(v);
        return Error{scale == VerdictScale::ZeroToTen
                         ? u"score %1 is not between 0 and 10"_s.arg(value)
                         : u"score %1 is not one of %2"_s.arg(value).arg(allowed.join(u", "_s))};
    }
    return value;
}

} // namespace Rubricate
