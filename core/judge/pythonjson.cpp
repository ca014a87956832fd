// Byte-faithful reproductions of the Python behaviour the reference scripts rely on, so that
// prompts are the same text the benchmark's own pipeline would send.
#include "promptscheme.h"

#include "text/lightjson.h"
#include "text/pythonjsonstring.h"

#include <algorithm>
#include <vector>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

void pad(int spaces, QString &out)
{
    out.resize(out.size() + spaces, u' ');
}

void dump(const LightJson &v, const QStringList &order, int indent, int depth, QString &out)
{
    const int inner = indent * (depth + 1);
    const int outer = indent * depth;
    if (v.isObject()) {
        const LightJson::Object &members = v.members();
        if (members.empty()) {
            out += u"{}"_s;
            return;
        }
        // As QJsonObject keeps them (sorted by key), then in the given order.
        std::vector<const LightJson::Member *> sorted;
        sorted.reserve(members.size());
        for (const LightJson::Member &m : members)
            sorted.push_back(&m);
        std::sort(sorted.begin(), sorted.end(),
                  [](const auto *a, const auto *b) { return a->key < b->key; });
        std::stable_sort(sorted.begin(), sorted.end(), [&](const auto *a, const auto *b) {
            const qsizetype ia = order.indexOf(a->key), ib = order.indexOf(b->key);
            return (ia < 0 ? order.size() : ia) < (ib < 0 ? order.size() : ib);
        });
        out += u"{\n"_s;
        for (std::size_t i = 0; i < sorted.size(); ++i) {
            pad(inner, out);
            appendPythonJsonString(out, sorted[i]->key);
            out += u": "_s;
            dump(sorted[i]->value, order, indent, depth + 1, out);
            out += i + 1 < sorted.size() ? u",\n"_s : u"\n"_s;
        }
        pad(outer, out);
        out += u'}';
        return;
    }
    if (v.isArray()) {
        const LightJson::Array &a = v.array();
        if (a.empty()) {
            out += u"[]"_s;
            return;
        }
        out += u"[\n"_s;
        for (std::size_t i = 0; i < a.size(); ++i) {
            pad(inner, out);
            dump(a[i], order, indent, depth + 1, out);
            out += i + 1 < a.size() ? u",\n"_s : u"\n"_s;
        }
        pad(outer, out);
        out += u']';
        return;
    }
    if (v.isString()) {
        appendPythonJsonString(out, v.toString());
        return;
    }
    const QJsonValue scalar = v.toJson();
    switch (scalar.type()) {
    case QJsonValue::Double: {
        const double d = scalar.toDouble();
        if (d == double(qint64(d)))
            out += QString::number(qint64(d));
        else
            out += QString::number(d, 'g', 17);
        return;
    }
    case QJsonValue::Bool:
        out += scalar.toBool() ? u"true"_s : u"false"_s;
        return;
    default:
        out += u"null"_s;
    }
}

} // namespace

QString pythonJsonDumps(const LightJson &value, const QStringList &keyOrder, int indent)
{
    QString out;
    dump(value, keyOrder, indent, 0, out);
    return out;
}

QString pythonJsonDumps(const QJsonValue &value, const QStringList &keyOrder, int indent)
{
    return pythonJsonDumps(LightJson(value), keyOrder, indent);
}

QString cutToCodePoints(const QString &text, int maxChars)
{
    if (maxChars <= 0 || text.size() <= maxChars)
        return text; // fewer UTF-16 units than the limit: fewer code points too
    qsizetype units = 0;
    int points = 0;
    while (units < text.size() && points < maxChars) {
        units += (text.at(units).isHighSurrogate() && units + 1 < text.size()) ? 2 : 1;
        ++points;
    }
    return text.left(units);
}

} // namespace Rubricate
