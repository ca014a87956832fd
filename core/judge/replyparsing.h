// Turning what an LLM judge wrote back into data: tolerant JSON parsing and mapping the items
// it returned onto the rubric items we asked about. Pure functions, QtCore only.
#pragma once

#include "text/lightjson.h"
#include "text/textkeys.h" // normalizeItemText: the key of the "normalised" stage

#include <QJsonArray>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>
#include <QString>
#include <QStringList>

#include <functional>
#include <optional>

namespace Rubricate {

template<typename Value>
struct LenientJsonOf {
    std::optional<Value> value; // parsed object or array
    // What had to be fixed, in this order when several apply: "byte order mark", "code fence",
    // "surrounding prose", "comments", "smart quotes", "single quotes", "unquoted keys",
    // "unescaped quotes", "invalid escapes", "control characters in strings",
    // "Python literals", "missing comma", "stray comma", "trailing comma", and last
    // "truncated: closed an open string, closed 2 brackets, dropped a partial item" (only the
    // parts that apply; "dropped a partial field" when an object member was cut).
    QStringList repairs;
    QString error; // why nothing could be parsed; empty on success
};
using LenientJson = LenientJsonOf<QJsonValue>;
using LenientLightJson = LenientJsonOf<LightJson>;

// Finds the JSON object or array in a judge reply and parses it, repairing what judges get
// wrong (fences, prose, the DRB-II key-quote quirk, trailing commas, smart or single quotes,
// Python literals, comments, a BOM, truncation). A "truncated" repair means the last items of
// the outermost array are missing. Never throws; linear in the reply size.
LenientJson parseLenientJson(const QString &text);
// The same, read into a LightJson: for a reply read once and picked apart.
LenientLightJson parseLenientLightJson(const QString &text);

struct AskedItem {
    QString text; // what we asked (rubric text)
};

struct ItemMapping {
    // Per asked item (same order), the index of its answer among the returned items; -1 when
    // the reply left it out.
    QList<qsizetype> perAsked;
    // Per asked item: "exact", "normalised", "fuzzy", "position", "" when missing; a copy of a
    // duplicated asked text that shares another copy's answer gets " (shared)" appended.
    QList<QString> how;
    // The indexes of the returned items that match nothing asked.
    QList<qsizetype> unmatched;
};

// Maps returned items (each an object with the item text under `textKey`) back to the asked
// items: exact text, then normalised text, then fuzzy similarity (>= 0.9, unique best, same
// numbers), then - only when the counts agree - position (similarity >= 0.6). With
// `valueOf` (the verdict the scheme reads from a returned item), an item answered twice (its
// text again among the unmatched, normalised) with another verdict there is left out, to be
// asked again: which of two contradicting answers the judge meant cannot be known. (The
// references refuse a reply whose count is not the batch's.)
using ReturnedValue = std::function<std::optional<double>(const LightJson &item)>;
ItemMapping mapReturnedItems(const QStringList &asked, const LightJson::Array &returned,
                             const QString &textKey = QStringLiteral("rubric_item"),
                             const ReturnedValue &valueOf = {});

// Similarity in [0, 1] of two item texts as the fuzzy stage sees it (after normalisation):
// the larger of normalised Levenshtein and character-trigram Jaccard.
double itemTextSimilarity(const QString &a, const QString &b);

} // namespace Rubricate
