// Bytes that claim to be UTF-8 turned into text the way the DRB-II evaluator read them.
#pragma once

#include <QByteArrayView>
#include <QString>

namespace Rubricate {

struct DecodedText {
    QString text;
    qsizetype droppedBytes = 0; // bytes that were not part of a well-formed UTF-8 sequence
    bool hadBom = false;
};

// Decodes UTF-8 and silently drops every byte that is not part of a well-formed sequence,
// like Python's bytes.decode("utf-8", errors="ignore") (the judge saw exactly that text).
// A leading UTF-8 byte order mark is removed, which Python's "utf-8" codec would not do: a
// BOM is never content, and keeping it would shift every evidence offset by one.
DecodedText decodeUtf8DroppingInvalid(QByteArrayView bytes);

// "1 invalid UTF-8 byte dropped" / "12 invalid UTF-8 bytes dropped".
QString droppedBytesWarning(qsizetype droppedBytes);

// "1 embedded image" / "3 embedded images": warnings are stored in English, not translated,
// so that a project reads the same on every machine.
QString countedNoun(qsizetype count, const QString &singular, const QString &plural);

} // namespace Rubricate
