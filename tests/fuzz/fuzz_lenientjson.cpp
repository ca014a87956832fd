// The lenient JSON reader over arbitrary judge replies.
#include "fuzzcheck.h"

#include "judge/replyparsing.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

using namespace Rubricate;

namespace {

// The value written out with its keys in order: Qt's parser keeps an object whose key began
// with a byte order mark in the order the mark gave it, and a whole double as a double, which
// comparing QJsonValues would tell apart.
QByteArray canonical(const QJsonValue &v)
{
    const QJsonValue sorted = LightJson::fromJson(v).toJson();
    return sorted.isObject() ? QJsonDocument(sorted.toObject()).toJson(QJsonDocument::Compact)
                             : QJsonDocument(sorted.toArray()).toJson(QJsonDocument::Compact);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QString reply = QString::fromUtf8(Fuzz::bytesOf(data, size));
    const LenientJson parsed = parseLenientJson(reply);
    // Exactly one of a value and an error, and what is parsed is a container.
    FUZZ_CHECK(parsed.value.has_value() == parsed.error.isEmpty());
    if (parsed.value)
        FUZZ_CHECK(parsed.value->isObject() || parsed.value->isArray());
    // Read into LightJson, the same value, repairs and error.
    const LenientLightJson light = parseLenientLightJson(reply);
    FUZZ_CHECK(light.value.has_value() == parsed.value.has_value());
    if (light.value)
        FUZZ_CHECK(canonical(light.value->toJson()) == canonical(*parsed.value));
    FUZZ_CHECK(light.repairs == parsed.repairs && light.error == parsed.error);
    return 0;
}
