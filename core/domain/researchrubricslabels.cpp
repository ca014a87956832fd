#include "researchrubricslabels.h"

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString normalisedLabel(const QString &label)
{
    QString s = label.trimmed().toCaseFolded();
    s.replace(u'_', u' ');
    s.replace(u'-', u' ');
    return s.simplified();
}

} // namespace

Result<double> researchRubricsLabelValue(const QString &label)
{
    const QString s = normalisedLabel(label);
    if (s == "satisfied"_L1 || s == "fully satisfied"_L1)
        return 1.0;
    if (s == "partially satisfied"_L1 || s == "partially"_L1 || s == "partial"_L1
        || s == "partly satisfied"_L1)
        return 0.5;
    if (s == "not satisfied"_L1 || s == "unsatisfied"_L1 || s == "not met"_L1)
        return 0.0;
    return Error{
        u"unknown verdict \"%1\" (expected Satisfied, Partially Satisfied or Not Satisfied)"_s.arg(
            label.left(60))};
}

QString researchRubricsLabel(double value)
{
    if (value == 1.0)
        return u"Satisfied"_s;
    if (value == 0.5)
        return u"Partially Satisfied"_s;
    if (value == 0.0)
        return u"Not Satisfied"_s;
    return {};
}

} // namespace Rubricate
