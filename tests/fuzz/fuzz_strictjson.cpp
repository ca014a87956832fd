// The strict JSON reader against Qt's parser: whatever it reads, from UTF-8 or UTF-16, it
// reads as QJsonDocument::fromJson does; into LightJson, too.
#include "fuzzcheck.h"

#include "text/strictjson.h"

#include <QJsonArray>
#include <QJsonObject>

using namespace Rubricate;

namespace {

QByteArray written(const QJsonValue &v)
{
    return v.isObject() ? QJsonDocument(v.toObject()).toJson(QJsonDocument::Compact)
                        : QJsonDocument(v.toArray()).toJson(QJsonDocument::Compact);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray bytes = Fuzz::bytesOf(data, size);
    QJsonParseError error;
    const QJsonDocument qt = QJsonDocument::fromJson(bytes, &error);
    const QByteArray expected = qt.toJson(QJsonDocument::Compact);
    const std::optional<QJsonValue> fromUtf8 = readStrictJson(QByteArrayView(bytes));
    if (fromUtf8) {
        FUZZ_CHECK(error.error == QJsonParseError::NoError);
        FUZZ_CHECK(written(*fromUtf8) == expected);
    }
    const std::optional<LightJson> lightUtf8 = readStrictLightJson(QByteArrayView(bytes));
    FUZZ_CHECK(lightUtf8.has_value() == fromUtf8.has_value());
    if (lightUtf8)
        FUZZ_CHECK(written(lightUtf8->toJson()) == written(*fromUtf8));
    const QString text = QString::fromUtf8(bytes);
    const std::optional<QJsonValue> v = readStrictJson(QStringView(text));
    if (v) {
        FUZZ_CHECK(v->isObject() || v->isArray());
        FUZZ_CHECK(written(*v)
                   == QJsonDocument::fromJson(text.toUtf8()).toJson(QJsonDocument::Compact));
    }
    // The light reader reads what the other does, and only that.
    const std::optional<LightJson> light = readStrictLightJson(text);
    FUZZ_CHECK(light.has_value() == v.has_value());
    if (light)
        FUZZ_CHECK(written(light->toJson()) == written(*v));
    return 0;
}
