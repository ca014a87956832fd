// Reading JSON the way judges actually write it: fenced, chatty, with trailing commas, smart
// quotes or cut off mid-answer.
#include "replyparsing.h"

#include "jsonrepair.h"
#include "text/strictjson.h"

#include <QHash>
#include <QJsonDocument>
#include <QJsonParseError>

#include <algorithm>
#include <type_traits>
#include <utility>

using namespace Qt::StringLiterals;

namespace Rubricate {

namespace {

template<typename Value>
struct Attempt {
    bool ok = false;
    Value value;
    quint32 flags = 0;
    QString truncation;
    qsizetype start = 0;
    qsizetype end = 0;
    qsizetype scanned = 0;
    QString error;
};

// Qt's parser is the quicker one on JSON with no escape and no character beyond ASCII; on the
// rest it appends each character on its own and readStrictJson is twice as fast.
bool plainAscii(QStringView json)
{
    return std::all_of(json.begin(), json.end(), [](QChar c) { return c.unicode() < 0x80; })
        && !json.contains(u'\\');
}

// The strict reader's reading of a document, or of the value a text starts with, into Value;
// and Value from what QJsonDocument gives where the strict reader declines.
template<typename Value>
std::optional<Value> readStrict(QStringView json)
{
    if constexpr (std::is_same_v<Value, LightJson>)
        return readStrictLightJson(json);
    else
        return readStrictJson(json);
}

template<typename Value>
std::optional<Value> readStrictPrefix(QStringView json, qsizetype *length)
{
    if constexpr (std::is_same_v<Value, LightJson>)
        return readStrictLightJsonPrefix(json, length);
    else
        return readStrictJsonPrefix(json, length);
}

template<typename Value>
Value fromQt(const QJsonDocument &doc)
{
    return Value(doc.isObject() ? QJsonValue(doc.object()) : QJsonValue(doc.array()));
}

template<typename Value>
Attempt<Value> attemptAt(QStringView region, qsizetype start)
{
    Attempt<Value> a;
    a.start = start;
    // Valid JSON needs no repair: read as it stands, it is what the rewrite would give, which
    // leaves it unchanged and unflagged, and the rewrite was a third of reading an answer.
    qsizetype length = 0;
    if (std::optional<Value> read = readStrictPrefix<Value>(region.sliced(start), &length)) {
        a.ok = true;
        a.value = std::move(*read);
        a.end = start + length;
        a.scanned = qMax<qsizetype>(1, length);
        return a;
    }
    const JsonRepair::Rewrite r = JsonRepair::rewriteValue(region, start);
    a.end = r.end;
    a.scanned = qMax<qsizetype>(1, a.end - start);
    if (!r.ok) {
        a.error = r.error;
        return a;
    }
    std::optional<Value> read;
    if (std::is_same_v<Value, LightJson> || !plainAscii(r.json))
        read = readStrict<Value>(r.json);
    if (read) {
        a.value = std::move(*read);
    } else {
        QJsonParseError pe;
        const QJsonDocument doc = QJsonDocument::fromJson(r.json.toUtf8(), &pe);
        if (pe.error != QJsonParseError::NoError || !(doc.isObject() || doc.isArray())) {
            a.error = u"not valid JSON after repairs: "_s + pe.errorString();
            return a;
        }
        a.value = fromQt<Value>(doc);
    }
    a.ok = true;
    a.flags = r.flags;
    a.truncation = r.truncation;
    return a;
}

qsizetype nextOpening(QStringView s, qsizetype from, qsizetype to)
{
    for (qsizetype i = from; i < to; ++i) {
        if (s[i] == u'{' || s[i] == u'[')
            return i;
    }
    return -1;
}

// The first "```" from `from` on. Found by its first backtick: Qt looks for one character a block
// at a time, and for three one at a time.
qsizetype nextFence(QStringView t, qsizetype from)
{
    for (qsizetype at = t.indexOf(u'`', from); at >= 0; at = t.indexOf(u'`', at + 1)) {
        if (t.sliced(at).startsWith(u"```"))
            return at;
    }
    return -1;
}

// The first "```json" (any case), else the first "```". Found by its backticks: a
// case-insensitive search folds every character of the reply, a visible cost per answer.
qsizetype firstFence(QStringView t)
{
    const qsizetype first = nextFence(t, 0);
    for (qsizetype at = first; at >= 0; at = nextFence(t, at + 1)) {
        if (t.sliced(at + 3).startsWith(u"json", Qt::CaseInsensitive))
            return at;
    }
    return first;
}

template<typename Value>
LenientJsonOf<Value> finish(Attempt<Value> &&a, quint32 flags)
{
    LenientJsonOf<Value> out;
    out.value = std::move(a.value);
    out.repairs = JsonRepair::repairNames(flags | a.flags);
    if (!a.truncation.isEmpty())
        out.repairs << a.truncation;
    return out;
}

template<typename Value>
LenientJsonOf<Value> parse(const QString &text)
{
    quint32 flags = 0;
    QStringView t(text);
    qsizetype lead = 0;
    while (lead < t.size() && t[lead].isSpace())
        ++lead;
    if (lead < t.size() && t[lead] == QChar(0xFEFF)) {
        flags |= JsonRepair::RepBom;
        t = t.sliced(lead + 1);
    }
    if (t.trimmed().isEmpty()) {
        LenientJsonOf<Value> out;
        out.error = u"empty reply"_s;
        return out;
    }

    // Valid JSON goes through the same rewrite (it comes out unchanged and unflagged): Qt's
    // parser alone would accept raw control characters and silently drop the backslash of an
    // unknown escape, which the rewrite reports instead.
    QString firstError;

    // Like the DRB-II reference: a fenced block runs from the first fence to the last one, so a
    // fence inside a string value does not cut it short. The scanner still stops at the end of
    // the balanced value.
    const qsizetype fence = firstFence(t);
    if (fence >= 0) {
        flags |= JsonRepair::RepFence;
        const qsizetype closing = t.lastIndexOf(u"```");
        const qsizetype regionEnd = closing > fence ? closing : t.size();
        qsizetype contentStart = fence + 3;
        while (contentStart < regionEnd && t[contentStart].isLetter())
            ++contentStart; // the info string
        const qsizetype start = nextOpening(t, contentStart, regionEnd);
        // Only a block that is JSON from its first character; other fenced code (a Python
        // snippet with a list in it) is left to the general search.
        if (start >= 0 && t.sliced(contentStart, start - contentStart).trimmed().isEmpty()) {
            Attempt<Value> a = attemptAt<Value>(t.first(regionEnd), start);
            if (a.ok)
                return finish(std::move(a), flags);
            firstError = a.error;
        }
    }

    // Anywhere else: the longest value that parses, scanning left to right. A failed start
    // costs at most the distance to where it failed; the budget bounds pathological inputs
    // (a megabyte of '[').
    qsizetype budget = 16 * t.size() + 4096;
    std::optional<Attempt<Value>> best;
    qsizetype from = 0;
    while (budget > 0) {
        const qsizetype start = nextOpening(t, from, t.size());
        if (start < 0)
            break;
        Attempt<Value> a = attemptAt<Value>(t, start);
        budget -= a.scanned;
        if (a.ok) {
            from = qMax(a.end, start + 1);
            if (!best || a.end - a.start > best->end - best->start)
                best = std::move(a);
        } else {
            if (firstError.isEmpty())
                firstError = a.error;
            from = start + 1;
        }
    }
    if (best) {
        if (!t.first(best->start).trimmed().isEmpty() || !t.sliced(best->end).trimmed().isEmpty())
            flags |= JsonRepair::RepProse;
        return finish(std::move(*best), flags);
    }
    // Last resort: whatever Qt's own, more permissive, parser accepts.
    QJsonParseError pe;
    const QJsonDocument doc = QJsonDocument::fromJson(t.toUtf8(), &pe);
    LenientJsonOf<Value> out;
    if (pe.error == QJsonParseError::NoError && (doc.isObject() || doc.isArray())) {
        out.value = fromQt<Value>(doc);
        out.repairs = JsonRepair::repairNames(flags);
        return out;
    }
    out.error = firstError.isEmpty() ? u"no JSON object or array found"_s : firstError;
    return out;
}

} // namespace

LenientJson parseLenientJson(const QString &text)
{
    return parse<QJsonValue>(text);
}

LenientLightJson parseLenientLightJson(const QString &text)
{
    return parse<LightJson>(text);
}

} // namespace Rubricate
