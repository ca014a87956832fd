#include "lightjson.h"

#include <QJsonArray>
#include <QJsonObject>

#include <algorithm>
#include <utility>

namespace Rubricate {

LightJson::LightJson(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::String:
        m_value = value.toString();
        return;
    case QJsonValue::Array: {
        Array out;
        for (const auto &v : value.toArray())
            out.emplace_back(v);
        m_value = std::move(out);
        return;
    }
    case QJsonValue::Object: {
        const QJsonObject o = value.toObject();
        Object out;
        out.reserve(std::size_t(o.size()));
        for (auto it = o.constBegin(); it != o.constEnd(); ++it) {
            const QString key = it.key();
            const bool repeated = std::any_of(out.cbegin(), out.cend(),
                                              [&key](const Member &m) { return m.key == key; });
            if (!repeated)
                out.push_back({key, LightJson(it.value())});
        }
        m_value = std::move(out);
        return;
    }
    case QJsonValue::Bool:
    case QJsonValue::Double:
        m_value = value;
        return;
    default:
        m_value = QJsonValue(QJsonValue::Null);
    }
}

LightJson::LightJson(QString string)
    : m_value(std::move(string))
{ }

LightJson::LightJson(Array array)
    : m_value(std::move(array))
{ }

LightJson::LightJson(Object members)
    : m_value(std::move(members))
{ }

const QString &LightJson::toString() const
{
    static const QString none;
    const QString *s = std::get_if<QString>(&m_value);
    return s ? *s : none;
}

qint64 LightJson::toInteger() const
{
    const QJsonValue *v = std::get_if<QJsonValue>(&m_value);
    return v ? v->toInteger() : 0;
}

bool LightJson::toBool() const
{
    const QJsonValue *v = std::get_if<QJsonValue>(&m_value);
    return v && v->toBool();
}

const LightJson::Array &LightJson::array() const
{
    static const Array none;
    const Array *a = std::get_if<Array>(&m_value);
    return a ? *a : none;
}

const LightJson::Object &LightJson::members() const
{
    static const Object none;
    const Object *o = std::get_if<Object>(&m_value);
    return o ? *o : none;
}

const LightJson *LightJson::member(QStringView key) const
{
    for (const Member &m : members()) {
        if (m.key == key)
            return &m.value;
    }
    return nullptr;
}

LightJson *LightJson::member(QStringView key)
{
    return const_cast<LightJson *>(std::as_const(*this).member(key));
}

const LightJson &LightJson::operator[](QStringView key) const
{
    static const LightJson none;
    const LightJson *m = member(key);
    return m ? *m : none;
}

const LightJson &LightJson::operator[](qsizetype index) const
{
    static const LightJson none;
    const Array &a = array();
    return index >= 0 && index < qsizetype(a.size()) ? a[std::size_t(index)] : none;
}

QJsonValue LightJson::value(QStringView key) const
{
    const LightJson *m = member(key);
    return m ? m->toJson() : QJsonValue(QJsonValue::Undefined);
}

QJsonValue LightJson::toJson() const
{
    if (const QString *s = std::get_if<QString>(&m_value))
        return *s;
    if (const Array *a = std::get_if<Array>(&m_value)) {
        QJsonArray out;
        for (const LightJson &v : *a)
            out.append(v.toJson());
        return out;
    }
    if (const Object *o = std::get_if<Object>(&m_value)) {
        QJsonObject out;
        for (const Member &m : *o)
            out.insert(m.key, m.value.toJson());
        return out;
    }
    return std::get<QJsonValue>(m_value);
}

LightJson::Array LightJson::takeArray()
{
    Array *a = std::get_if<Array>(&m_value);
    return a ? std::exchange(*a, {}) : Array();
}

} // namespace Rubricate
