// Reading strict JSON into QJsonValue in one pass, for the documents a judge run reads per
// answer. Qt 6.4's parser appends every character of a string with an escape or a non-ASCII
// character on its own, which made reading answers (escaped JSON inside JSON) a tenth of a
// judged item's CPU. This reader copies such strings a run at a time.
#pragma once

#include "lightjson.h"

#include <QByteArrayView>
#include <QJsonDocument>
#include <QJsonValue>
#include <QStringView>

#include <optional>

namespace Rubricate {

// The object or array `json` holds, exactly as QJsonDocument::fromJson would give it, or
// nullopt for anything this reader does not take on: invalid JSON, a scalar at the top, a
// duplicate key, invalid UTF-8 or a lone surrogate, very large objects or deep nesting.
// Callers then ask QJsonDocument, which says why.
std::optional<QJsonValue> readStrictJson(QByteArrayView utf8);
std::optional<QJsonValue> readStrictJson(QStringView json);
// The same document as a LightJson, on the same terms: what readStrictJson(json) gives is
// exactly this value's toJson().
std::optional<LightJson> readStrictLightJson(QByteArrayView utf8);
std::optional<LightJson> readStrictLightJson(QStringView json);
// The object or array `json` starts with (no white space before it), read on the same terms,
// and in `length` how many units it takes; what follows it is not looked at.
std::optional<QJsonValue> readStrictJsonPrefix(QStringView json, qsizetype *length);
std::optional<LightJson> readStrictLightJsonPrefix(QStringView json, qsizetype *length);

// QJsonDocument::fromJson(utf8), read by readStrictJson where it can.
QJsonDocument jsonDocument(const QByteArray &utf8);
// The same document as a LightJson (null when there is none): for a reply's envelope, read
// once for a few of its members.
LightJson lightJsonDocument(const QByteArray &utf8);

} // namespace Rubricate
