#include "scorevalue.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

std::optional<double> scoreOnScale(const QJsonValue &s, VerdictScale scale, QString *error)
{
    double value = 0;
    if (s.isUndefined() || s.isNull()) {
        *error = u"score missing from the judge's answer"_s;
        return std::nullopt;
    }
    if (s.isDouble()) {
        value = s.toDouble();
    } else if (s.isString()) {
        bool ok = false;
        value = s.toString().trimmed().toDouble(&ok);
        if (!ok) {
            *error = u"score \"%1\" is not a number"_s.arg(s.toString().left(40));
            return std::nullopt;
        }
    } else {
        *error = u"score is not a number"_s;
        return std::nullopt;
    }
    if (!isValidValue(scale, value)) {
        QStringList allowed;
        for (double v : scaleValues(scale))
            allowed << QString::number(v);
        *error = scale == VerdictScale::ZeroToTen
            ? u"score %1 is not between 0 and 10"_s.arg(value)
            : u"score %1 is not one of %2"_s.arg(value).arg(allowed.join(u", "_s));
        return std::nullopt;
    }
    return value;
}

} // namespace Rubricate
