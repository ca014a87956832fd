// The rewrite at the heart of parseLenientJson: one JSON-ish value as judges write it (smart or
// single quotes, unquoted keys, Python literals, missing or stray commas, cut off mid-answer)
// turned into strict JSON, with a note of every repair it needed.
#pragma once

#include <QString>
#include <QStringList>

namespace Rubricate::JsonRepair {

enum Flag : quint32 {
    RepBom = 1u << 0,
    RepFence = 1u << 1,
    RepProse = 1u << 2,
    RepComments = 1u << 3,
    RepSmartQuotes = 1u << 4,
    RepSingleQuotes = 1u << 5,
    RepUnquotedKeys = 1u << 6,
    RepUnescapedQuotes = 1u << 7,
    RepInvalidEscapes = 1u << 8,
    RepControlChars = 1u << 9,
    RepPythonLiterals = 1u << 10,
    RepMissingComma = 1u << 11,
    RepStrayComma = 1u << 12,
    RepTrailingComma = 1u << 13,
};

// The repairs in `flags`, in the order LenientJson::repairs documents.
QStringList repairNames(quint32 flags);

struct Rewrite {
    bool ok = false; // false: `error` says why the value could not be rewritten
    QString json; // strict JSON, for QJsonDocument::fromJson
    quint32 flags = 0; // the Flag repairs it made
    QString truncation; // "truncated: ..." when the value was cut off and closed; else empty
    QString error;
    qsizetype end = 0; // where the scan stopped in the text
};

// Rewrites the value that starts at the '{' or '[' at `start` of `text`. A single forward pass
// with a container stack, so linear in what it reads.
Rewrite rewriteValue(QStringView text, qsizetype start);

} // namespace Rubricate::JsonRepair
