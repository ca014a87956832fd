#include "storecodec.h"

#include <QCryptographicHash>
#include <QJsonArray>
#include <QJsonDocument>

namespace Rubricate::StoreCodec {

using namespace Qt::StringLiterals;

StoredBlob storedBlob(const QByteArray &original)
{
    // An empty original is still an original: it binds as an empty blob, never as NULL.
    if (original.size() < 64)
        return {original.isNull() ? QByteArray("") : original, BlobAsIs};
    QByteArray compressed = qCompress(original);
    if (compressed.size() > original.size() - original.size() / 10)
        return {original, BlobAsIs};
    return {std::move(compressed), BlobZlib};
}

QByteArray originalBytes(const QByteArray &data, const QString &encoding)
{
    if (encoding == BlobAsIs)
        return data.isNull() ? QByteArray("") : data;
    if (encoding == BlobZlib)
        return qUncompress(data);
    return {};
}

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
    return b ? json(b->toJson()) : QVariant();
}

QVariant time(const QDateTime &t)
{
    if (!t.isValid())
        return {};
    const QDateTime utc = t.toUTC();
    const QDate day = utc.date();
    const QTime clock = utc.time();
    if (day.year() < 0 || day.year() > 9999)
        return utc.toString(Qt::ISODateWithMs);
    // What Qt::ISODateWithMs writes ("2026-11-29T05:31:57.123Z"), without its general
    // formatting, which cost some ten thousand instructions a time: a judge run writes several
    // times with every answer.
    char16_t text[] = u"0000-00-00T00:00:00.000Z";
    const auto put = [&text](int at, int value, int digits) {
        for (int i = digits - 1; i >= 0; --i, value /= 10)
            text[at + i] = char16_t(u'0' + value % 10);
    };
    put(0, day.year(), 4);
    put(5, day.month(), 2);
    put(8, day.day(), 2);
    put(11, clock.hour(), 2);
    put(14, clock.minute(), 2);
    put(17, clock.second(), 2);
    put(20, clock.msec(), 3);
    return QString(reinterpret_cast<const QChar *>(text), 24);
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
    for (const auto &e : a)
        out << e.toString();
    return out;
}

QList<PageSpan> toPages(const QVariant &v)
{
    QList<PageSpan> out;
    if (v.isNull())
        return out;
    const QJsonArray a = QJsonDocument::fromJson(v.toString().toUtf8()).array();
    for (const auto &e : a) {
        const QJsonArray p = e.toArray();
        out.append({p.at(0).toInt(), p.at(1).toInt(), p.at(2).toInt()});
    }
    return out;
}

std::optional<BlockedSource> toBlocked(const QVariant &v)
{
    if (v.isNull())
        return std::nullopt;
    return BlockedSource::fromJson(toJson(v));
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

QString namedPlaceholders(const QString &sql)
{
    QString out;
    out.reserve(sql.size() + 32);
    bool quoted = false;
    int next = 0;
    for (const QChar c : sql) {
        if (c == u'\'')
            quoted = !quoted;
        if (c == u'?' && !quoted)
            out += u":p"_s + QString::number(next++);
        else
            out += c;
    }
    return out;
}

void bindAt(QSqlQuery &query, int index, const QVariant &value)
{
    static const QStringList names = [] {
        QStringList n;
        for (int i = 0; i < 1024; ++i)
            n << u":p"_s + QString::number(i);
        return n;
    }();
    query.bindValue(names.at(index), value);
}

QString fingerprint(const QVariantList &values)
{
    // Raw bytes rather than text: formatting numbers was a visible cost of bulk imports.
    // The digest only has to be stable for one machine's reading of its own project.
    QCryptographicHash hash(QCryptographicHash::Sha1);
    const auto add = [&hash](char tag, const void *data, qsizetype size) {
        const qint64 header[2] = {tag, size};
        hash.addData(QByteArrayView(reinterpret_cast<const char *>(header), sizeof header));
        hash.addData(QByteArrayView(static_cast<const char *>(data), size));
    };
    for (const QVariant &v : values) {
        // A type tag keeps NULL, "" and 0 apart.
        if (v.isNull()) {
            add('N', nullptr, 0);
            continue;
        }
        switch (v.typeId()) {
        case QMetaType::Double: {
            const double d = v.toDouble();
            add('D', &d, sizeof d);
            break;
        }
        case QMetaType::Int:
        case QMetaType::LongLong:
        case QMetaType::Bool: {
            const qint64 i = v.toLongLong();
            add('I', &i, sizeof i);
            break;
        }
        case QMetaType::QString: {
            const QString &text = *static_cast<const QString *>(v.constData());
            add('S', text.constData(), text.size() * qsizetype(sizeof(QChar)));
            break;
        }
        default: {
            const QByteArray bytes = v.toString().toUtf8();
            add('V', bytes.constData(), bytes.size());
        }
        }
    }
    return QString::fromLatin1(hash.result().toHex());
}

RatingRow ratingItem(const QSqlQuery &query)
{
    RatingRow row;
    row.reportId = query.value(0).toLongLong();
    row.rubricId = query.value(1).toLongLong();
    row.benchmarkKey = query.value(2).toString();
    row.taskExternalId = query.value(3).toString();
    row.model = query.value(4).toString();
    row.persona = query.value(5).toString();
    row.language = query.value(6).toString();
    row.theme = query.value(7).toString();
    row.dimension = query.value(8).toString();
    row.scale = scaleFromKey(query.value(9).toString()).value_or(VerdictScale::Drb2Tristate);
    return row;
}

} // namespace Rubricate::StoreCodec
