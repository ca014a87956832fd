// Document bytes turned into text: UTF-8 the way the DRB-II evaluator read it, other encodings
// only when the bytes clearly are in one.
#pragma once

#include <QByteArrayView>
#include <QString>

namespace Rubricate {

struct DecodedText {
    QString text;
    qsizetype droppedBytes = 0; // bytes that were not part of a well-formed UTF-8 sequence
    bool hadBom = false;
    QString warning; // how the bytes were read when not as clean UTF-8; empty otherwise
};

// A character set a document names for itself, e.g. {"gbk", "<meta charset>"}.
struct DeclaredCharset {
    QByteArray name;
    QString where;
};

// Decodes UTF-8 and silently drops every byte that is not part of a well-formed sequence,
// like Python's bytes.decode("utf-8", errors="ignore") (the judge saw exactly that text).
// A leading UTF-8 byte order mark is removed, which Python's "utf-8" codec would not do: a
// BOM is never content, and keeping it would shift every evidence offset by one.
DecodedText decodeUtf8DroppingInvalid(QByteArrayView bytes);

// UTF-8 with invalid bytes dropped (see above), unless the bytes are clearly not UTF-8:
// - a UTF-16 or UTF-32 byte order mark decides;
// - bytes that are mostly UTF-8 (fewer than half the non-ASCII bytes would be dropped) are
//   UTF-8, whatever a document declares (the judge read them so);
// - otherwise a declared character set that Qt (with ICU) can decode is used ("gbk" and
//   "gb2312" as GB18030, their superset, like browsers do);
// - otherwise bytes that decode as GB18030 without a single error, almost all in GB2312's
//   double-byte range and mostly as CJK characters, are GB18030: Chinese reports are the
//   ones found in other encodings. Undeclared Latin-1 or cp1252 text stays UTF-8 with its
//   accents dropped, as the judge read it.
// Every decoding other than clean UTF-8 sets DecodedText::warning, e.g.
// "decoded as GB18030 (gbk declared in <meta charset>)".
DecodedText decodeDocumentText(QByteArrayView bytes, const DeclaredCharset &declared = {});

// "1 invalid UTF-8 byte dropped" / "12 invalid UTF-8 bytes dropped".
QString droppedBytesWarning(qsizetype droppedBytes);

// "1 embedded image" / "3 embedded images": warnings are stored in English, not translated,
// so that a project reads the same on every machine.
QString countedNoun(qsizetype count, const QString &singular, const QString &plural);

} // namespace Rubricate
