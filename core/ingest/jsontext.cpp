#include "jsontext.h"

#include <QJsonArray>
#include <QJsonParseError>
#include <QList>
#include <QSet>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

int hexDigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    c = char(c | 0x20);
    return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
}

// The UTF-16 unit spelled by the \uXXXX escape whose backslash is at `at`, if there is one.
std::optional<char16_t> unicodeEscape(QByteArrayView s, qsizetype at)
{
    if (at + 6 > s.size() || s.at(at) != '\\' || s.at(at + 1) != 'u')
        return std::nullopt;
    int unit = 0;
    for (qsizetype i = at + 2; i < at + 6; ++i) {
        const int digit = hexDigit(s.at(i));
        if (digit < 0)
            return std::nullopt;
        unit = unit * 16 + digit;
    }
    return char16_t(unit);
}

struct Repair {
    int line = 0; // counted from the text's first line, 0-based
    QByteArray escape;
};

// An object or array the scan is inside.
struct Container {
    bool object = false;
    bool expectKey = false;
    int index = 0; // arrays: the current element
    QByteArray key; // objects: the current member
    QSet<QByteArray> keys;
};

struct Scan {
    QByteArray text;
    QList<Repair> repairs;
    QString duplicate; // the first repeated key, with where it is
    QHash<QString, QByteArray> decimalMembers;
};

// Replaces the unpaired surrogate escapes of the string opened by the quote at `open` (same
// length, so parser offsets still match the file); returns the position of its closing quote.
qsizetype scanString(Scan &scan, qsizetype open, int &line, bool &escaped)
{
    QByteArray &t = scan.text;
    for (qsizetype i = open + 1; i < t.size(); ++i) {
        const char c = t.at(i);
        if (c == '"')
            return i;
        if (c == '\n')
            ++line;
        if (c != '\\')
            continue;
        escaped = true;
        const auto unit = unicodeEscape(t, i);
        if (!unit) {
            ++i; // the escaped character, which may be a quote
            continue;
        }
        if (QChar::isHighSurrogate(*unit)) {
            const auto next = unicodeEscape(t, i + 6);
            if (next && QChar::isLowSurrogate(*next)) {
                i += 11;
                continue;
            }
        }
        if (QChar::isSurrogate(*unit)) {
            scan.repairs.append({line, t.sliced(i, 6)});
            t.replace(i + 2, 4, "fffd");
        }
        i += 5;
    }
    return t.size();
}

// The key as it compares: escapes spell one key in several ways, so those are decoded.
QByteArray keyOf(const QByteArray &text, qsizetype open, qsizetype close, bool escaped)
{
    if (!escaped)
        return text.sliced(open + 1, close - open - 1);
    const QByteArray quoted = "[" + text.sliced(open, qMin(close + 1, text.size()) - open) + "]";
    return QJsonDocument::fromJson(quoted).array().at(0).toString().toUtf8();
}

// "content.rubric", "rubrics[3]": where the innermost container sits, for messages.
QString pathOf(const QList<Container> &stack)
{
    QString path;
    for (qsizetype i = 0; i + 1 < stack.size(); ++i) {
        const Container &c = stack.at(i);
        if (!c.object)
            path += u"[%1]"_s.arg(c.index);
        else
            path += (path.isEmpty() ? QString() : u"."_s) + QString::fromUtf8(c.key);
    }
    return path;
}

void noteKey(Scan &scan, QList<Container> &stack, const QByteArray &key)
{
    Container &c = stack.last();
    c.key = key;
    if (!c.keys.contains(key)) {
        c.keys.insert(key);
        return;
    }
    if (!scan.duplicate.isEmpty())
        return;
    const QString path = pathOf(stack);
    scan.duplicate = u"duplicate key \"%1\""_s.arg(QString::fromUtf8(key).left(80));
    if (!path.isEmpty())
        scan.duplicate += u" in %1"_s.arg(path);
}

// The number starting at `at`; if it sits directly in the outermost object and is written with
// a fraction or exponent, notes it. Returns the position of its last character.
qsizetype scanNumber(Scan &scan, const QList<Container> &stack, qsizetype at)
{
    const QByteArray &t = scan.text;
    qsizetype end = at;
    bool decimal = false;
    for (; end < t.size(); ++end) {
        const char c = t.at(end);
        const bool mark = c == '.' || c == 'e' || c == 'E';
        if (!mark && c != '+' && c != '-' && (c < '0' || c > '9'))
            break;
        decimal = decimal || mark;
    }
    if (decimal && stack.size() == 1 && stack.last().object)
        scan.decimalMembers.insert(QString::fromUtf8(stack.last().key), t.sliced(at, end - at));
    return end - 1;
}

// QJsonDocument's nesting limit.
constexpr qsizetype kMaxJsonDepth = 1024;

// A light pass over the text's structure: strings, containers and keys, nothing else. It
// never rejects anything; on invalid JSON its findings are moot, as the parser's error wins.
Scan scanJson(QByteArrayView json)
{
    Scan scan;
    scan.text = json.toByteArray();
    QList<Container> stack;
    int line = 0;
    for (qsizetype i = 0; i < scan.text.size(); ++i) {
        switch (scan.text.at(i)) {
        case '\n':
            ++line;
            break;
        case '{':
        case '[': {
            // Deeper than Qt's parser goes (it refuses the text): scanning on would only cost
            // memory, a container per bracket of a hostile line.
            if (stack.size() >= kMaxJsonDepth)
                return scan;
            Container c;
            c.object = scan.text.at(i) == '{';
            c.expectKey = c.object;
            stack.append(c);
            break;
        }
        case '}':
        case ']':
            if (!stack.isEmpty())
                stack.removeLast();
            break;
        case ',':
            if (!stack.isEmpty()) {
                stack.last().expectKey = stack.last().object;
                ++stack.last().index;
            }
            break;
        case ':':
            if (!stack.isEmpty())
                stack.last().expectKey = false;
            break;
        case '"': {
            const qsizetype open = i;
            bool escaped = false;
            i = scanString(scan, open, line, escaped);
            if (!stack.isEmpty() && stack.last().expectKey)
                noteKey(scan, stack, keyOf(scan.text, open, i, escaped));
            break;
        }
        case '-':
        case '0':
        case '1':
        case '2':
        case '3':
        case '4':
        case '5':
        case '6':
        case '7':
        case '8':
        case '9':
            i = scanNumber(scan, stack, i);
            break;
        default:
            break;
        }
    }
    return scan;
}

} // namespace

CheckedJson parseCheckedJson(QByteArrayView json, const QString &file, int firstLine,
                             ImportSummary &summary)
{
    const Scan scan = scanJson(json);
    CheckedJson out;
    QJsonParseError parseError;
    out.document = QJsonDocument::fromJson(scan.text, &parseError);
    if (parseError.error != QJsonParseError::NoError) {
        // Qt reads only an object or an array as a document: `null` or `3` is valid JSON all
        // the same, and saying "invalid" of it would send a person looking for a typo.
        const QJsonDocument scalar = QJsonDocument::fromJson('[' + scan.text + ']');
        out.error = scalar.isArray() && scalar.array().size() == 1
            ? u"%1 where a JSON object is expected"_s.arg(jsonKind(scalar.array().at(0)))
            : u"invalid JSON at byte %1 (%2)"_s.arg(parseError.offset)
                  .arg(parseError.errorString());
    } else if (!scan.duplicate.isEmpty()) {
        out.error = scan.duplicate;
    } else {
        out.decimalMembers = scan.decimalMembers;
        for (const Repair &r : scan.repairs) {
            summary.warn(file, firstLine + r.line,
                         u"unpaired surrogate escape %1 replaced by U+FFFD"_s.arg(
                             QLatin1StringView(r.escape)));
        }
    }
    return out;
}

QString jsonKind(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Null:
        return u"null"_s;
    case QJsonValue::Bool:
        return u"true or false"_s;
    case QJsonValue::Double:
        return u"a number"_s;
    case QJsonValue::String:
        return u"a string"_s;
    case QJsonValue::Array:
        return u"a list"_s;
    case QJsonValue::Object:
        return u"an object"_s;
    case QJsonValue::Undefined:
        break;
    }
    return u"missing"_s;
}

} // namespace Rubricate
