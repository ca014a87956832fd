// One JSON text (a JSONL line or a whole .json file) checked for what Qt's parser gets wrong
// or hides: an unpaired surrogate escape, which it decodes by swallowing the next character,
// and a key repeated within one object, of which it silently keeps the last.
#pragma once

#include "importissue.h"

#include <QByteArrayView>
#include <QHash>
#include <QJsonDocument>

namespace Rubricate {

struct CheckedJson {
    QJsonDocument document;
    // Why the text cannot be used (invalid JSON, a repeated key); empty when it can.
    QString error;
    // Members of the outermost object holding a number written with a fraction or an exponent,
    // with the number as written: Qt reads 7.0 as the integer 7, so only the text tells.
    QHash<QString, QByteArray> decimalMembers;
    bool ok() const { return error.isEmpty(); }
};

// Parses `json`. Unpaired \uD800-\uDFFF escapes become U+FFFD, each with a warning in
// `summary` naming `file` and its line (`firstLine` is the line `json` starts on). A key that
// appears twice in one object makes the text unusable: which copy was meant is unknowable.
CheckedJson parseCheckedJson(QByteArrayView json, const QString &file, int firstLine,
                             ImportSummary &summary);

// "a string", "a number", "an object" ...: what a value is, for messages.
QString jsonKind(const QJsonValue &value);

} // namespace Rubricate
