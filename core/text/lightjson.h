// A JSON value that is cheap to build and to read once: strings stay QStrings and an object
// keeps its members in a plain list, in the order they were written. A judge's answer is read
// into one of these, its items picked apart and dropped; building QJsonObjects for it instead
// was a fifth of a judged item's CPU, since each insert copies its string through two temporary
// CBOR containers into the object's own.
#pragma once

#include <QJsonValue>
#include <QString>
#include <QStringView>

#include <variant>
#include <vector>

namespace Rubricate {

class LightJson
{
public:
    struct Member;
    using Array = std::vector<LightJson>;
    using Object = std::vector<Member>;

    LightJson() = default; // null
    // The same value as Qt's; an object whose key Qt's parser read twice (a byte order mark it
    // dropped) keeps the first.
    explicit LightJson(const QJsonValue &value);
    explicit LightJson(QString string);
    explicit LightJson(Array array);
    explicit LightJson(Object members);

    bool isString() const { return std::holds_alternative<QString>(m_value); }
    bool isArray() const { return std::holds_alternative<Array>(m_value); }
    bool isObject() const { return std::holds_alternative<Object>(m_value); }

    // The string, or an empty one for any other value (as QJsonValue::toString); the number
    // or the flag as QJsonValue gives it.
    const QString &toString() const;
    qint64 toInteger() const;
    bool toBool() const;
    // The elements of an array, the members of an object; empty for anything else.
    const Array &array() const;
    const Object &members() const;
    // The member named `key` of an object; nullptr when there is none or this is no object.
    const LightJson *member(QStringView key) const;
    LightJson *member(QStringView key);
    // The member named `key` as a QJsonValue; undefined when there is none.
    QJsonValue value(QStringView key) const;
    // The member named `key`, the element at `index`: null when there is none, so that a path
    // into a document reads as one expression.
    const LightJson &operator[](QStringView key) const;
    const LightJson &operator[](qsizetype index) const;

    // The same value in Qt's types: an object's members sorted by key, as QJsonObject keeps
    // them.
    QJsonValue toJson() const;
    // The elements of an array, moved out (this array is left empty); none for anything else.
    Array takeArray();

private:
    std::variant<QJsonValue, QString, Array, Object> m_value;
};

struct LightJson::Member {
    QString key;
    LightJson value;
};

} // namespace Rubricate
