// Reads JSON Lines files one object at a time, reporting bad lines with file and line number
// instead of giving up on the whole file.
#pragma once

#include "importissue.h"

#include <QJsonObject>
#include <QString>

#include <functional>

namespace Rubricate {

// Calls `onObject(object, lineNumber)` for every line holding a JSON object. Blank lines are
// skipped; a line that is not valid UTF-8, not valid JSON or not an object is reported in
// `summary` and skipped. `displayName` names the file in messages. Returns false only when
// the file cannot be read at all (the error is in `summary` too).
bool readJsonLines(const QString &path, const QString &displayName, ImportSummary &summary,
                   const std::function<void(const QJsonObject &, int)> &onObject);

// The same over bytes already in memory.
void parseJsonLines(const QByteArray &bytes, const QString &displayName, ImportSummary &summary,
                    const std::function<void(const QJsonObject &, int)> &onObject);

} // namespace Rubricate
