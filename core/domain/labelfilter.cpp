#include "labelfilter.h"

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

constexpr LabelMethod everyMethod[] = {
    LabelMethod::Unknown, LabelMethod::Typed, LabelMethod::AcceptedJudge, LabelMethod::Imported,
    LabelMethod::Undo,    LabelMethod::Redo,  LabelMethod::Adjudicated,
};

} // namespace

QList<LabelMethod> LabelFilter::sortedMethods() const
{
    QList<LabelMethod> out;
    std::copy_if(std::begin(everyMethod), std::end(everyMethod), std::back_inserter(out),
                 [this](LabelMethod m) { return methods.contains(m); });
    return out;
}

QString labelFilterMethodKey(LabelMethod method)
{
    return method == LabelMethod::Unknown ? u"unknown"_s : labelMethodKey(method);
}

std::optional<LabelMethod> labelFilterMethodFromKey(const QString &key)
{
    for (LabelMethod m : everyMethod) {
        if (labelFilterMethodKey(m) == key)
            return m;
    }
    return std::nullopt;
}

QStringList labelFilterMethodKeys()
{
    QStringList keys;
    for (LabelMethod m : everyMethod)
        keys << labelFilterMethodKey(m);
    return keys;
}

QString labelFilterDescription(const LabelFilter &filter)
{
    if (filter.isEmpty())
        return u"all labels"_s;
    QStringList parts;
    if (!filter.methods.isEmpty()) {
        QStringList keys;
        for (LabelMethod m : filter.sortedMethods())
            keys << labelFilterMethodKey(m);
        parts << u"method "_s + keys.join(u" or "_s);
    }
    if (filter.judgeVisible)
        parts << (*filter.judgeVisible ? u"judge visible"_s : u"judge hidden"_s);
    if (!filter.study.isEmpty())
        parts << u"study "_s + filter.study;
    return parts.join(u", "_s);
}

} // namespace Rubricate
