// The lenient JSON reader over arbitrary judge replies.
#include "fuzzcheck.h"

#include "judge/jsonrepair.h"
#include "judge/replyparsing.h"
#include "text/strictjson.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QRegularExpression>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

// The value written out with its keys in order: Qt's parser keeps an object whose key began
// with a byte order mark in the order the mark gave it, and a whole double as a double, which
// comparing QJsonValues would tell apart.
QByteArray canonical(const QJsonValue &v)
{
    const QJsonValue sorted = LightJson(v).toJson();
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

    // What the reader takes as it stands, the rewrite leaves as it is: the same value, unflagged,
    // ending in the same place.
    const qsizetype start = reply.indexOf(QRegularExpression(u"[\\[{]"_s));
    qsizetype length = 0;
    if (start >= 0) {
        if (const auto strict = readStrictJsonPrefix(QStringView(reply).sliced(start), &length)) {
            const JsonRepair::Rewrite r = JsonRepair::rewriteValue(reply, start);
            FUZZ_CHECK(r.ok && r.flags == 0 && r.truncation.isEmpty());
            FUZZ_CHECK(r.end == start + length);
            const std::optional<QJsonValue> rewritten = readStrictJson(QStringView(r.json));
            FUZZ_CHECK(rewritten && canonical(*rewritten) == canonical(*strict));
        }
    }
    return 0;
}
