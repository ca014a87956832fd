#include "storecodec.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace Rubricate::StoreCodec {

using namespace Qt::StringLiterals;

QVariant text(const QString &s)
{
    return s.isEmpty() ? QVariant() : QVariant(s);
}

QVariant id(std::optional<RowId> v)
{
    return v ? QVariant(*v) : QVariant();
}

QVariant number(std::optional<double> v)
{
    return v ? QVariant(*v) : QVariant();
}

QVariant flag(std::optional<bool> v)
{
    return v ? QVariant(int(*v)) : QVariant();
}

QVariant json(const QJsonObject &o)
{
    if (o.isEmpty())
        return {};
    return QString::fromUtf8(QJsonDocument(o).toJson(QJsonDocument::Compact));
}

QVariant stringList(const QStringList &l)
{
    if (l.isEmpty())
        return {};
    return QString::fromUtf8(
        QJsonDocument(QJsonArray::fromStringList(l)).toJson(QJsonDocument::Compact));
}

QVariant pages(const QList<PageSpan> &pages)
{
    if (pages.isEmpty())
        return {};
    QJsonArray a;
    for (const PageSpan &p : pages)
        a.append(QJsonArray{p.page, p.offset, p.length});
    return QString::fromUtf8(QJsonDocument(a).toJson(QJsonDocument::Compact));
}

QVariant blocked(const std::optional<BlockedSource> &b)
{
    if (!b)
        return {};
    return json(QJsonObject{{u"title"_s, b->title},
                            {u"authors"_s, QJsonArray::fromStringList(b->authors)},
                            {u"urls"_s, QJsonArray::fromStringList(b->urls)}});
}

QVariant time(const QDateTime &t)
{
    if (!t.isValid())
        return {};
    return t.toUTC().toString(Qt::ISODateWithMs);
}

QJsonObject toJson(const QVariant &v)
{
    if (v.isNull())
        return {};
    return QJsonDocument::fromJson(v.toString().toUtf8()).object();
}

QStringList toStringList(const QVariant &v)
{
    QStringList out;
    if (v.isNull())
        return out;
    const QJsonArray a = QJsonDocument::fromJson(v.toString().toUtf8()).array();
    for (const QJsonValue &e : a)
        out << e.toString();
    return out;
}

QList<PageSpan> toPages(const QVariant &v)
{
    QList<PageSpan> out;
    if (v.isNull())
        return out;
    const QJsonArray a = QJsonDocument::fromJson(v.toString().toUtf8()).array();
    for (const QJsonValue &e : a) {
        const QJsonArray p = e.toArray();
        out.append({p.at(0).toInt(), p.at(1).toInt(), p.at(2).toInt()});
    }
    return out;
}

std::optional<BlockedSource> toBlocked(const QVariant &v)
{
    if (v.isNull())
        return std::nullopt;
    const QJsonObject o = toJson(v);
    BlockedSource b;
    b.title = o.value(u"title"_s).toString();
    for (const QJsonValue &a : o.value(u"authors"_s).toArray())
        b.authors << a.toString();
    for (const QJsonValue &u : o.value(u"urls"_s).toArray())
        b.urls << u.toString();
    return b;
}

std::optional<RowId> toId(const QVariant &v)
{
    if (v.isNull())
        return std::nullopt;
    return v.toLongLong();
}

std::optional<double> toNumber(const QVariant &v)
{
    if (v.isNull())
        return std::nullopt;
    return v.toDouble();
}

QDateTime toTime(const QVariant &v)
{
    if (v.isNull())
        return {};
    return QDateTime::fromString(v.toString(), Qt::ISODateWithMs);
}

QString fingerprint(const QVariantList &values)
{
    QCryptographicHash hash(QCryptographicHash::Sha1);
    for (const QVariant &v : values) {
        // A type tag keeps NULL, "" and 0 apart.
        if (v.isNull()) {
            hash.addData(QByteArrayView("\x00N", 2));
            continue;
        }
        const QByteArray bytes = v.typeId() == QMetaType::Double
                                     ? QByteArray::number(v.toDouble(), 'g', 17)
                                     : v.toString().toUtf8();
        hash.addData(QByteArrayView("\x00V", 2));
        const qint64 size = bytes.size();
        hash.addData(QByteArrayView(reinterpret_cast<const char *>(&size), sizeof size));
        hash.addData(bytes);
    }
    return QString::fromLatin1(hash.result().toHex());
}

} // namespace Rubricate::StoreCodec
