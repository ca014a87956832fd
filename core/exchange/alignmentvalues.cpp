#include "alignmentvalues.h"

#include <cmath>

namespace Rubricate::AlignmentValues {

using namespace Qt::StringLiterals;

QString exactNumber(double v)
{
    return QString::number(v, 'g', 10);
}

QString csvNumber(std::optional<double> v)
{
    return v && std::isfinite(*v) ? exactNumber(*v) : QString();
}

QJsonValue jsonNumber(std::optional<double> v)
{
    if (!v || !std::isfinite(*v))
        return QJsonValue::Null;
    return exactNumber(*v).toDouble();
}

QString fixed3(double v)
{
    QString s = QString::number(v, 'f', 3);
    if (s == "-0.000"_L1) // a tiny negative kappa is no reason to print a sign
        s = u"0.000"_s;
    return s;
}

bool isDefined(const StatResult &r)
{
    return r.value && std::isfinite(*r.value);
}

QString undefinedReasonOf(const StatResult &r)
{
    if (isDefined(r))
        return {};
    return r.undefinedReason.isEmpty() ? u"not a finite number"_s : r.undefinedReason;
}

bool hasIntervals(const AlignmentOptions &o)
{
    return o.intervals && o.bootstrap.draws > 0;
}

QString latexNumber(double v)
{
    const QString s = fixed3(v);
    // A text-mode hyphen is shorter than a minus sign.
    return s.startsWith(u'-') ? u"$-$"_s + s.mid(1) : s;
}

} // namespace Rubricate::AlignmentValues
