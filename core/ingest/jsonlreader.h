// Reads JSON Lines files one object at a time, reporting bad lines with file and line number
// instead of giving up on the whole file.
#pragma once

#include "importissue.h"

#include <QJsonObject>
#include <QString>
#include <QStringList>

#include <functional>

namespace Rubricate {

// Calls `onObject(object, lineNumber)` for every line holding a JSON object. Blank lines are
// skipped; a line that is not valid UTF-8, not valid JSON, not an object or repeats a key
// within an object is reported in `summary` and skipped; an unpaired surrogate escape becomes
// U+FFFD with a warning (see parseCheckedJson). `displayName` names the file in messages. Returns
// false only when the file cannot be read at all (the error is in `summary` too).
bool readJsonLines(const QString &path, const QString &displayName, ImportSummary &summary,
                   const std::function<void(const QJsonObject &, int)> &onObject);

// The same over bytes already in memory.
void parseJsonLines(const QByteArray &bytes, const QString &displayName, ImportSummary &summary,
                    const std::function<void(const QJsonObject &, int)> &onObject);

// The same, and a line where one of `integerMembers` (top-level keys such as "idx") holds a
// number written with a fraction or exponent is reported and skipped: Qt reads 7.0 as 7,
// which would silently turn a malformed identifier into a valid one.
void parseJsonLines(const QByteArray &bytes, const QString &displayName, ImportSummary &summary,
                    const QStringList &integerMembers,
                    const std::function<void(const QJsonObject &, int)> &onObject);

} // namespace Rubricate
