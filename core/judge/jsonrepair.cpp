#include "jsonrepair.h"

#include <QList>

#include <utility>

using namespace Qt::StringLiterals;

namespace Rubricate::JsonRepair {

namespace {

constexpr char16_t LeftDouble = 0x201C; // “
constexpr char16_t RightDouble = 0x201D; // ”
constexpr char16_t LowDouble = 0x201E; // „
constexpr char16_t LeftSingle = 0x2018; // ‘
constexpr char16_t RightSingle = 0x2019; // ’

bool isStringOpener(QChar c)
{
    const char16_t u = c.unicode();
    return u == u'"' || u == u'\'' || u == LeftDouble || u == RightDouble || u == LowDouble
        || u == LeftSingle;
}

bool isIdentChar(QChar c)
{
    return c.isLetterOrNumber() || c == u'_' || c == u'$' || c == u'-';
}

bool isHexDigit(char16_t u)
{
    return (u >= u'0' && u <= u'9') || (u >= u'a' && u <= u'f') || (u >= u'A' && u <= u'F');
}

bool isAsciiDigit(QChar c)
{
    return c.unicode() >= u'0' && c.unicode() <= u'9';
}

bool isIdentStart(QChar c)
{
    return c.isLetter() || c == u'_' || c == u'$';
}

// The only look-ahead is over whitespace after a quote, which keeps the pass linear.
class Repairer
{
public:
    Repairer(QStringView text, qsizetype start)
        : m_s(text)
        , m_n(text.size())
        , m_pos(start)
    {
        // Most starts fail within a few characters; let the output grow as it is written.
        m_out.reserve(qMin<qsizetype>(m_n - start + 16, 256));
    }

    bool run();

    QString output() const { return m_out; }
    quint32 flags() const { return m_flags; }
    QString truncation() const { return m_truncation; }
    QString error() const { return m_error; }
    qsizetype end() const { return m_pos; }

private:
    enum class Expect { KeyOrEnd, Key, Colon, Value, ValueOrEnd, CommaOrEnd };
    enum class Role { Key, Value };
    struct Frame {
        bool object;
        Expect expect;
        qsizetype elemStart; // output offset where the current element or member begins
    };

    bool fail(const QString &why)
    {
        m_error = why + u" at offset "_s + QString::number(m_pos);
        return false;
    }
    qsizetype skipSpace(qsizetype i, bool *sawNewline = nullptr) const
    {
        while (i < m_n && m_s[i].isSpace()) {
            if (sawNewline && m_s[i] == u'\n')
                *sawNewline = true;
            ++i;
        }
        return i;
    }
    bool expectsValue() const
    {
        if (m_stack.isEmpty())
            return !m_rootDone;
        const Expect e = m_stack.last().expect;
        return e == Expect::Value || e == Expect::ValueOrEnd;
    }
    bool expectsKey() const
    {
        return !m_stack.isEmpty() && m_stack.last().object
            && (m_stack.last().expect == Expect::Key || m_stack.last().expect == Expect::KeyOrEnd);
    }
    // A new element starts where the previous one ended without a comma: judges drop commas
    // between lines, so put one in.
    void insertMissingComma()
    {
        if (m_stack.isEmpty() || m_stack.last().expect != Expect::CommaOrEnd)
            return;
        Frame &f = m_stack.last();
        m_out += u',';
        f.expect = f.object ? Expect::Key : Expect::Value;
        f.elemStart = m_out.size();
        m_flags |= RepMissingComma;
    }
    void valueDone()
    {
        if (m_stack.isEmpty())
            m_rootDone = true;
        else
            m_stack.last().expect = Expect::CommaOrEnd;
    }
    bool startsWithWord(qsizetype i, QStringView word) const
    {
        if (i + word.size() > m_n || m_s.sliced(i, word.size()) != word)
            return false;
        return i + word.size() == m_n || !isIdentChar(m_s[i + word.size()]);
    }
    bool identFollowedByColon(qsizetype i) const
    {
        while (i < m_n && isIdentChar(m_s[i]))
            ++i;
        i = skipSpace(i);
        return i < m_n && m_s[i] == u':';
    }
    bool closesString(qsizetype after, Role role) const;
    bool scanString();
    bool scanNumber();
    bool scanWord();
    bool closeContainer(QChar c);
    void finishTruncated();

    QStringView m_s;
    qsizetype m_n;
    qsizetype m_pos;
    QString m_out;
    QList<Frame> m_stack;
    bool m_rootDone = false;
    bool m_eofInString = false;
    Role m_eofStringRole = Role::Value;
    bool m_eofInToken = false;
    quint32 m_flags = 0;
    QString m_truncation;
    QString m_error;
};

// Decides whether a quote character ends the string or is an unescaped quote inside it (the
// DRB-II judges write `"the "X" item": ...`): a real closing quote is followed by what JSON
// allows after a string in this position.
bool Repairer::closesString(qsizetype after, Role role) const
{
    bool sawNewline = false;
    const qsizetype j = skipSpace(after, &sawNewline);
    if (j >= m_n)
        return true;
    const QChar c = m_s[j];
    if (role == Role::Key)
        return c == u':';
    if (c == u'}' || c == u']')
        return true;
    if (c == u'/' && j + 1 < m_n && (m_s[j + 1] == u'/' || m_s[j + 1] == u'*'))
        return true;
    if (c == u',') {
        const qsizetype k = skipSpace(j + 1);
        if (k >= m_n)
            return true;
        const QChar d = m_s[k];
        if (isStringOpener(d) || d == u'/')
            return true;
        if (m_stack.isEmpty() || m_stack.last().object)
            return d == u'}' || (isIdentStart(d) && identFollowedByColon(k));
        return d == u'{' || d == u'[' || d == u']' || d == u'-' || isAsciiDigit(d)
            || startsWithWord(k, u"true") || startsWithWord(k, u"false")
            || startsWithWord(k, u"null") || startsWithWord(k, u"True")
            || startsWithWord(k, u"False") || startsWithWord(k, u"None");
    }
    // Two strings on separate lines with nothing between them: a dropped comma.
    return sawNewline && isStringOpener(c);
}

bool Repairer::scanString()
{
    insertMissingComma();
    Role role;
    if (expectsKey())
        role = Role::Key;
    else if (expectsValue())
        role = Role::Value;
    else
        return fail(u"unexpected string"_s);

    const char16_t opener = m_s[m_pos].unicode();
    // Which characters may close the string. Smart quotes are only delimiters when they open a
    // string outside of one; inside a normal string they are content and stay untouched.
    char16_t closers[3] = {opener, opener, opener};
    if (opener == u'\'') {
        m_flags |= RepSingleQuotes;
    } else if (opener == LeftSingle) {
        closers[0] = RightSingle;
        closers[1] = LeftSingle;
        closers[2] = u'\'';
        m_flags |= RepSmartQuotes;
    } else if (opener != u'"') {
        closers[0] = RightDouble;
        closers[1] = LeftDouble;
        closers[2] = u'"';
        m_flags |= RepSmartQuotes;
    }

    m_out += u'"';
    ++m_pos;
    // Plain characters, most of a string, are copied a run at a time.
    const auto plain = [&closers](char16_t u) {
        return u >= 0x20 && u != u'\\' && u != u'"' && u != closers[0] && u != closers[1]
            && u != closers[2];
    };
    while (m_pos < m_n) {
        qsizetype end = m_pos;
        while (end < m_n && plain(m_s[end].unicode()))
            ++end;
        if (end > m_pos) {
            m_out += m_s.sliced(m_pos, end - m_pos);
            m_pos = end;
            continue;
        }
        const QChar c = m_s[m_pos];
        const char16_t u = c.unicode();
        if (u == u'\\') {
            if (m_pos + 1 >= m_n) {
                ++m_pos;
                break;
            }
            const char16_t e = m_s[m_pos + 1].unicode();
            switch (e) {
            case u'"':
            case u'\\':
            case u'/':
            case u'b':
            case u'f':
            case u'n':
            case u'r':
            case u't':
                m_out += u'\\';
                m_out += QChar(e);
                m_pos += 2;
                continue;
            case u'\'':
                m_out += u'\'';
                m_pos += 2;
                if (opener == u'"')
                    m_flags |= RepInvalidEscapes;
                continue;
            case u'u': {
                bool hex = m_pos + 6 <= m_n;
                for (qsizetype k = m_pos + 2; hex && k < m_pos + 6; ++k)
                    hex = isHexDigit(m_s[k].unicode());
                if (hex) {
                    m_out += m_s.sliced(m_pos, 6);
                    m_pos += 6;
                    continue;
                }
                if (m_pos + 6 > m_n) { // a \u escape cut by the end of the reply
                    m_pos = m_n;
                    break;
                }
                break;
            }
            default:
                break;
            }
            if (m_pos >= m_n)
                break;
            // An escape JSON does not know: keep the backslash as a literal character.
            m_out += u"\\\\";
            m_flags |= RepInvalidEscapes;
            ++m_pos;
            continue;
        }
        if (u == closers[0] || u == closers[1] || u == closers[2]) {
            if (closesString(m_pos + 1, role)) {
                m_out += u'"';
                ++m_pos;
                if (role == Role::Key)
                    m_stack.last().expect = Expect::Colon;
                else
                    valueDone();
                return true;
            }
            if (u == u'"') {
                m_out += u"\\\"";
                if (opener == u'"')
                    m_flags |= RepUnescapedQuotes;
            } else {
                m_out += c;
            }
            ++m_pos;
            continue;
        }
        if (u == u'"') { // a plain quote inside a single- or smart-quoted string
            m_out += u"\\\"";
            ++m_pos;
            continue;
        }
        if (u < 0x20) {
            m_flags |= RepControlChars;
            switch (u) {
            case u'\n':
                m_out += u"\\n";
                break;
            case u'\r':
                m_out += u"\\r";
                break;
            case u'\t':
                m_out += u"\\t";
                break;
            default:
                m_out += u"\\u00"_s + QString::number(u, 16).rightJustified(2, u'0');
            }
            ++m_pos;
            continue;
        }
        m_out += c;
        ++m_pos;
    }
    m_out += u'"';
    m_eofInString = true;
    m_eofStringRole = role;
    return true;
}

bool Repairer::scanNumber()
{
    insertMissingComma();
    if (!expectsValue())
        return fail(u"unexpected number"_s);
    if (m_s[m_pos] == u'+')
        ++m_pos;
    while (m_pos < m_n) {
        const char16_t u = m_s[m_pos].unicode();
        if (!((u >= u'0' && u <= u'9') || u == u'-' || u == u'+' || u == u'.' || u == u'e'
              || u == u'E'))
            break;
        m_out += QChar(u);
        ++m_pos;
    }
    if (m_pos >= m_n)
        m_eofInToken = true; // the number may have been cut
    valueDone();
    return true;
}

bool Repairer::scanWord()
{
    const qsizetype start = m_pos;
    qsizetype end = start;
    while (end < m_n && isIdentChar(m_s[end]))
        ++end;
    const QStringView word = m_s.sliced(start, end - start);
    if (end >= m_n) { // a word cut by the end of the reply: nothing to keep
        m_pos = end;
        insertMissingComma();
        m_eofInToken = true;
        return true;
    }
    const qsizetype next = skipSpace(end);
    if (next < m_n && m_s[next] == u':') {
        insertMissingComma();
        if (!expectsKey())
            return fail(u"unexpected key"_s);
        m_out += u'"';
        m_out += word;
        m_out += u'"';
        m_flags |= RepUnquotedKeys;
        m_stack.last().expect = Expect::Colon;
        m_pos = end;
        return true;
    }
    insertMissingComma();
    if (!expectsValue())
        return fail(u"unexpected word"_s);
    if (word == u"true" || word == u"false" || word == u"null") {
        m_out += word;
    } else if (word == u"True") {
        m_out += u"true";
        m_flags |= RepPythonLiterals;
    } else if (word == u"False") {
        m_out += u"false";
        m_flags |= RepPythonLiterals;
    } else if (word == u"None") {
        m_out += u"null";
        m_flags |= RepPythonLiterals;
    } else {
        return fail(u"unexpected word '"_s + word.left(20).toString() + u"'"_s);
    }
    m_pos = end;
    valueDone();
    return true;
}

bool Repairer::closeContainer(QChar c)
{
    if (m_stack.isEmpty())
        return fail(u"unbalanced '"_s + c + u"'"_s);
    Frame &f = m_stack.last();
    const bool object = c == u'}';
    if (f.object != object)
        return fail(u"mismatched '"_s + c + u"'"_s);
    if (f.expect == (object ? Expect::Key : Expect::Value)) {
        // Right after a comma: drop it.
        if (m_out.endsWith(u','))
            m_out.chop(1);
        m_flags |= RepTrailingComma;
    } else if (f.expect == Expect::Colon || f.expect == Expect::Value) {
        return fail(u"key without value"_s);
    }
    m_out += c;
    m_stack.removeLast();
    ++m_pos;
    valueDone();
    return true;
}

// The reply stopped mid-value. Keep every complete element of the outermost array, drop the one
// being written (its fields would be a guess), and close what is still open.
void Repairer::finishTruncated()
{
    bool droppedItem = false;
    bool droppedField = false;
    bool closedString = false;
    qsizetype arrayIndex = -1;
    for (qsizetype i = 0; i < m_stack.size(); ++i) {
        if (!m_stack[i].object) {
            arrayIndex = i;
            break;
        }
    }
    if (arrayIndex >= 0) {
        const Frame &a = m_stack[arrayIndex];
        const bool partial = m_stack.size() - 1 > arrayIndex || m_eofInString || m_eofInToken;
        if (partial && m_out.size() > a.elemStart) {
            m_out.truncate(a.elemStart);
            m_stack.resize(arrayIndex + 1);
            droppedItem = true;
        }
    } else if (!m_stack.isEmpty()) {
        const Frame &f = m_stack.last();
        if (m_eofInString && m_eofStringRole == Role::Value) {
            closedString = true; // a cut string value is still worth showing
        } else if (m_eofInString || m_eofInToken || f.expect == Expect::Colon
                   || f.expect == Expect::Value) {
            if (m_out.size() > f.elemStart) {
                m_out.truncate(f.elemStart);
                droppedField = true;
            }
        }
    }
    int closed = 0;
    while (!m_stack.isEmpty()) {
        if (m_out.endsWith(u','))
            m_out.chop(1);
        m_out += m_stack.last().object ? u'}' : u']';
        m_stack.removeLast();
        ++closed;
    }
    QStringList parts;
    if (closedString)
        parts << u"closed an open string"_s;
    parts << (closed == 1 ? u"closed 1 bracket"_s : u"closed %1 brackets"_s.arg(closed));
    if (droppedItem)
        parts << u"dropped a partial item"_s;
    if (droppedField)
        parts << u"dropped a partial field"_s;
    m_truncation = u"truncated: "_s + parts.join(u", "_s);
    m_pos = m_n;
}

bool Repairer::run()
{
    while (m_pos < m_n && !m_rootDone) {
        const QChar c = m_s[m_pos];
        const char16_t u = c.unicode();
        if (c.isSpace()) {
            ++m_pos;
            continue;
        }
        if (u == u'/' && m_pos + 1 < m_n && m_s[m_pos + 1] == u'/') {
            const qsizetype nl = m_s.indexOf(u'\n', m_pos);
            m_pos = nl < 0 ? m_n : nl;
            m_flags |= RepComments;
            continue;
        }
        if (u == u'/' && m_pos + 1 < m_n && m_s[m_pos + 1] == u'*') {
            const qsizetype close = m_s.indexOf(u"*/", m_pos + 2);
            m_pos = close < 0 ? m_n : close + 2;
            m_flags |= RepComments;
            continue;
        }
        switch (u) {
        case u'{':
        case u'[':
            insertMissingComma();
            if (!expectsValue())
                return fail(u"unexpected '"_s + c + u"'"_s);
            m_out += c;
            m_stack.append(
                Frame{u == u'{', u == u'{' ? Expect::KeyOrEnd : Expect::ValueOrEnd, m_out.size()});
            ++m_pos;
            continue;
        case u'}':
        case u']':
            if (!closeContainer(c))
                return false;
            continue;
        case u',':
            if (m_stack.isEmpty())
                return fail(u"unexpected ','"_s);
            if (m_stack.last().expect == Expect::CommaOrEnd) {
                Frame &f = m_stack.last();
                m_out += u',';
                f.expect = f.object ? Expect::Key : Expect::Value;
                f.elemStart = m_out.size();
            } else if (m_stack.last().expect != Expect::Colon) {
                m_flags |= RepStrayComma;
            } else {
                return fail(u"unexpected ','"_s);
            }
            ++m_pos;
            continue;
        case u':':
            if (m_stack.isEmpty() || m_stack.last().expect != Expect::Colon)
                return fail(u"unexpected ':'"_s);
            m_out += u':';
            m_stack.last().expect = Expect::Value;
            ++m_pos;
            continue;
        default:
            break;
        }
        if (isStringOpener(c)) {
            if (!scanString())
                return false;
            continue;
        }
        if (isAsciiDigit(c) || u == u'-' || u == u'+') {
            if (!scanNumber())
                return false;
            continue;
        }
        if (isIdentStart(c)) {
            if (!scanWord())
                return false;
            continue;
        }
        return fail(u"unexpected character '"_s + c + u"'"_s);
    }
    if (!m_rootDone)
        finishTruncated();
    return true;
}

} // namespace

Rewrite rewriteValue(QStringView text, qsizetype start)
{
    Repairer r(text, start);
    Rewrite out;
    out.ok = r.run();
    out.end = r.end();
    if (!out.ok) {
        out.error = r.error();
        return out;
    }
    out.json = r.output();
    out.flags = r.flags();
    out.truncation = r.truncation();
    return out;
}

} // namespace Rubricate::JsonRepair
