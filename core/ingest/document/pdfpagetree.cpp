#include "pdfpagetree.h"

#include <QByteArray>
#include <QHash>
#include <QList>

#include <zlib.h>

#include <algorithm>
#include <climits>
#include <optional>
#include <vector>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// PDFium's parser gives up on objects nested deeper than this (kParserMaxRecursionDepth), so
// nothing deeper can be part of the page tree it walks.
constexpr int MaxNesting = 64;
// Far beyond any report (the longest in the benchmarks has well under a thousand pages), far
// below what makes extraction take minutes.
constexpr qint64 MaxPages = 100000;
// All object streams together; a PDF whose streams inflate beyond this is refused unchecked.
constexpr qsizetype MaxInflatedBytes = qsizetype(256) * 1024 * 1024;

bool isWhite(char c)
{
    return c == '\0' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

bool isDelimiter(char c)
{
    switch (c) {
    case '(':
    case ')':
    case '<':
    case '>':
    case '[':
    case ']':
    case '{':
    case '}':
    case '/':
    case '%':
        return true;
    default:
        return false;
    }
}

bool isRegular(char c)
{
    return !isWhite(c) && !isDelimiter(c);
}

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

std::optional<quint32> objectNumber(QByteArrayView text)
{
    if (text.isEmpty() || text.size() > 10 || !std::all_of(text.begin(), text.end(), isDigit))
        return std::nullopt;
    const qulonglong value = text.toULongLong();
    if (value > UINT_MAX)
        return std::nullopt;
    return quint32(value);
}

struct Token {
    enum Kind { End, Number, Name, String, DictOpen, DictClose, ArrayOpen, ArrayClose, Keyword };
    Kind kind = End;
    QByteArray text; // numbers and keywords as written, names with #xx escapes decoded
};

class Lexer
{
public:
    Lexer(QByteArrayView data, qsizetype pos)
        : m_data(data)
        , m_pos(pos)
    { }

    qsizetype pos() const { return m_pos; }
    void setPos(qsizetype pos) { m_pos = pos; }

    Token next()
    {
        skipWhiteAndComments();
        if (m_pos >= m_data.size())
            return {};
        const char c = m_data[m_pos];
        switch (c) {
        case '/':
            ++m_pos;
            return {Token::Name, decodedName(regularRun())};
        case '(':
            skipLiteralString();
            return {Token::String, {}};
        case '<':
            if (m_pos + 1 < m_data.size() && m_data[m_pos + 1] == '<') {
                m_pos += 2;
                return {Token::DictOpen, {}};
            }
            m_pos = std::min(m_data.size(), m_data.indexOf('>', m_pos) + 1);
            if (m_pos == 0)
                m_pos = m_data.size();
            return {Token::String, {}};
        case '>':
            m_pos += m_pos + 1 < m_data.size() && m_data[m_pos + 1] == '>' ? 2 : 1;
            return {Token::DictClose, {}};
        case '[':
            ++m_pos;
            return {Token::ArrayOpen, {}};
        case ']':
            ++m_pos;
            return {Token::ArrayClose, {}};
        case ')':
        case '{':
        case '}':
            ++m_pos;
            return {Token::Keyword, QByteArray(1, c)};
        default:
            break;
        }
        const QByteArray word = regularRun().toByteArray();
        const char first = word.front();
        const bool number = isDigit(first) || first == '+' || first == '-' || first == '.';
        return {number ? Token::Number : Token::Keyword, word};
    }

    // After the "stream" keyword: the data starts after its end of line.
    qsizetype streamDataStart() const
    {
        qsizetype pos = m_pos;
        if (pos < m_data.size() && m_data[pos] == '\r')
            ++pos;
        if (pos < m_data.size() && m_data[pos] == '\n')
            ++pos;
        return pos;
    }

private:
    void skipWhiteAndComments()
    {
        while (m_pos < m_data.size()) {
            const char c = m_data[m_pos];
            if (isWhite(c)) {
                ++m_pos;
            } else if (c == '%') {
                while (m_pos < m_data.size() && m_data[m_pos] != '\n' && m_data[m_pos] != '\r')
                    ++m_pos;
            } else {
                break;
            }
        }
    }

    QByteArrayView regularRun()
    {
        const qsizetype start = m_pos;
        while (m_pos < m_data.size() && isRegular(m_data[m_pos]))
            ++m_pos;
        return m_data.sliced(start, m_pos - start);
    }

    // "/K#69ds" is "/Kids" to PDFium, so it must be to the check.
    static QByteArray decodedName(QByteArrayView raw)
    {
        if (!raw.contains('#'))
            return raw.toByteArray();
        return QByteArray::fromPercentEncoding(raw.toByteArray(), '#');
    }

    void skipLiteralString()
    {
        int open = 0;
        while (m_pos < m_data.size()) {
            const char c = m_data[m_pos++];
            if (c == '\\')
                ++m_pos;
            else if (c == '(')
                ++open;
            else if (c == ')' && --open == 0)
                return;
        }
    }

    QByteArrayView m_data;
    qsizetype m_pos = 0;
};

// The parts of a PDF object the check needs; arrays and dictionaries keep their items.
struct Value {
    enum Kind { Null, Number, Name, String, Keyword, Reference, Array, Dictionary };
    Kind kind = Null;
    QByteArray text; // number, name or keyword
    quint32 reference = 0;
    QList<Value> items; // an array's elements; a dictionary's keys and values, alternating

    const Value *value(QByteArrayView key) const
    {
        if (kind != Dictionary)
            return nullptr;
        const Value *found = nullptr; // a repeated key: the last one, as PDFium reads it
        for (qsizetype i = 0; i + 1 < items.size(); i += 2) {
            if (items.at(i).text == key)
                found = &items.at(i + 1);
        }
        return found;
    }

    bool isName(QByteArrayView name) const { return kind == Name && text == name; }

    std::optional<qint64> integer() const
    {
        bool ok = false;
        const qint64 number = text.toLongLong(&ok);
        return kind == Number && ok ? std::optional<qint64>(number) : std::nullopt;
    }

    // Every reference anywhere inside; the nesting is bounded by the parser.
    void collectReferences(QList<quint32> &out) const
    {
        if (kind == Reference)
            out.append(reference);
        for (const Value &item : items)
            item.collectReferences(out);
    }
};

class Parser
{
public:
    explicit Parser(Lexer &lexer)
        : m_lexer(lexer)
    { }

    Value parse() { return parse(m_lexer.next(), 0); }

private:
    Value parse(const Token &token, int depth)
    {
        switch (token.kind) {
        case Token::Number:
            return numberOrReference(token);
        case Token::Name:
            return {Value::Name, token.text, 0, {}};
        case Token::String:
            return {Value::String, {}, 0, {}};
        case Token::Keyword:
            return {Value::Keyword, token.text, 0, {}};
        case Token::ArrayOpen:
            return container(Value::Array, Token::ArrayClose, depth);
        case Token::DictOpen:
            return container(Value::Dictionary, Token::DictClose, depth);
        case Token::End:
        case Token::DictClose:
        case Token::ArrayClose:
            break;
        }
        return {};
    }

    Value numberOrReference(const Token &token)
    {
        const std::optional<quint32> number = objectNumber(token.text);
        if (number) {
            const qsizetype rewind = m_lexer.pos();
            const Token generation = m_lexer.next();
            if (generation.kind == Token::Number && objectNumber(generation.text)) {
                const Token r = m_lexer.next();
                if (r.kind == Token::Keyword && r.text == "R")
                    return {Value::Reference, {}, *number, {}};
            }
            m_lexer.setPos(rewind);
        }
        return {Value::Number, token.text, 0, {}};
    }

    static bool endsObject(const Token &token)
    {
        return token.kind == Token::End
            || (token.kind == Token::Keyword
                && (token.text == "endobj" || token.text == "obj" || token.text == "stream"
                    || token.text == "endstream"));
    }

    Value container(Value::Kind kind, Token::Kind close, int depth)
    {
        Value result{kind, {}, 0, {}};
        if (depth >= MaxNesting) {
            skipNested(); // PDFium reads nothing this deep either
            return {};
        }
        for (;;) {
            const qsizetype rewind = m_lexer.pos();
            const Token token = m_lexer.next();
            if (token.kind == close)
                break;
            if (endsObject(token)) {
                m_lexer.setPos(rewind); // unterminated: the enclosing parse sees the keyword
                break;
            }
            if (kind == Value::Dictionary) {
                if (token.kind != Token::Name)
                    continue; // garbage where a key belongs
                Value key{Value::Name, token.text, 0, {}};
                Value value = parse(m_lexer.next(), depth + 1);
                result.items.append(std::move(key));
                result.items.append(std::move(value));
            } else {
                result.items.append(parse(token, depth + 1));
            }
        }
        return result;
    }

    void skipNested()
    {
        int open = 1;
        while (open > 0) {
            const Token token = m_lexer.next();
            if (token.kind == Token::End)
                return;
            if (token.kind == Token::ArrayOpen || token.kind == Token::DictOpen)
                ++open;
            else if (token.kind == Token::ArrayClose || token.kind == Token::DictClose)
                --open;
        }
    }

    Lexer &m_lexer;
};

// Returns what zlib could inflate: a damaged or truncated stream yields its readable start,
// as PDFium's own decoder does.
QByteArray inflated(QByteArrayView in, qsizetype limit, bool *overLimit)
{
    QByteArray out;
    z_stream z{};
    if (inflateInit(&z) != Z_OK)
        return out;
    z.next_in = reinterpret_cast<Bytef *>(const_cast<char *>(in.data()));
    z.avail_in = uInt(std::min<qsizetype>(in.size(), UINT_MAX));
    char chunk[64 * 1024];
    for (;;) {
        z.next_out = reinterpret_cast<Bytef *>(chunk);
        z.avail_out = sizeof chunk;
        const int status = inflate(&z, Z_NO_FLUSH);
        out.append(chunk, qsizetype(sizeof chunk - z.avail_out));
        if (out.size() > limit) {
            *overLimit = true;
            break;
        }
        if (status != Z_OK)
            break;
    }
    inflateEnd(&z);
    return out;
}

class PageTreeCheck
{
public:
    explicit PageTreeCheck(QByteArrayView bytes)
        : m_bytes(bytes)
    { }

    QString run()
    {
        readPlainObjects();
        readTrailers();
        if (const QString problem = readObjectStreams(); !problem.isEmpty())
            return problem;
        if (const QString loop = findLoop(); !loop.isEmpty())
            return loop;
        return findPageBomb();
    }

private:
    struct Node {
        QList<quint32> kids; // references inside /Kids
        QList<quint32> kidsArrays; // /Kids given as a reference to an array object
        QList<quint32> arrayItems; // when the object is an array: the references in it
    };
    struct ObjectStream {
        quint32 number = 0;
        Value dictionary;
        qsizetype dataStart = 0;
    };

    // Every "N G obj" in the file, wherever it is: PDFium finds objects through the
    // cross-reference table, a damaged one makes it scan the file the same way.
    void readPlainObjects()
    {
        for (qsizetype at = m_bytes.indexOf("obj"); at >= 0; at = m_bytes.indexOf("obj", at + 3)) {
            if (at + 3 < m_bytes.size() && isRegular(m_bytes[at + 3]))
                continue; // "object", "objstm"
            const std::optional<quint32> number = numberBeforeObjKeyword(at);
            if (!number)
                continue;
            Lexer lexer(m_bytes, at + 3);
            const Value value = Parser(lexer).parse();
            record(*number, value);
            if (value.kind == Value::Number)
                m_integers.insert(*number, value);
            if (value.value("Type") && value.value("Type")->isName("XRef")
                && value.value("Encrypt"))
                m_encrypted = true;
            if (value.value("Type") && value.value("Type")->isName("ObjStm")) {
                const Token keyword = lexer.next();
                if (keyword.kind == Token::Keyword && keyword.text == "stream")
                    m_objectStreams.append({*number, value, lexer.streamDataStart()});
            }
        }
    }

    // "N G obj" with white space, and possibly comments, between the three words.
    std::optional<quint32> numberBeforeObjKeyword(qsizetype objAt) const
    {
        if (objAt == 0 || isRegular(m_bytes[objAt - 1]))
            return std::nullopt; // "endobj"
        qsizetype pos = objAt;
        const auto previousWord = [&]() -> QByteArrayView {
            skipWhiteBackwards(pos);
            const qsizetype end = pos;
            while (pos > 0 && isRegular(m_bytes[pos - 1]))
                --pos;
            return m_bytes.sliced(pos, end - pos);
        };
        if (!objectNumber(previousWord()))
            return std::nullopt;
        return objectNumber(previousWord());
    }

    // Back over white space and over comments that end a line ("1 0 % note\nobj"). Only a
    // line that ends before the word is searched for a '%', so each line is read at most a
    // few times however many "obj"s the file holds.
    void skipWhiteBackwards(qsizetype &pos) const
    {
        for (;;) {
            bool crossedLineEnd = false;
            while (pos > 0 && isWhite(m_bytes[pos - 1])) {
                --pos;
                crossedLineEnd = crossedLineEnd || m_bytes[pos] == '\n' || m_bytes[pos] == '\r';
            }
            if (!crossedLineEnd)
                return;
            qsizetype lineStart = pos;
            while (lineStart > 0 && m_bytes[lineStart - 1] != '\n'
                   && m_bytes[lineStart - 1] != '\r')
                --lineStart;
            const qsizetype percent = m_bytes.sliced(lineStart, pos - lineStart).indexOf('%');
            if (percent < 0 || lineStart + percent == pos)
                return;
            pos = lineStart + percent;
        }
    }

    void readTrailers()
    {
        for (qsizetype at = m_bytes.indexOf("trailer"); at >= 0;
             at = m_bytes.indexOf("trailer", at + 7)) {
            Lexer lexer(m_bytes, at + 7);
            if (Parser(lexer).parse().value("Encrypt"))
                m_encrypted = true;
        }
    }

    QString readObjectStreams()
    {
        qsizetype budget = MaxInflatedBytes;
        for (const ObjectStream &stream : std::as_const(m_objectStreams)) {
            const QString problem = readObjectStream(stream, budget);
            if (!problem.isEmpty())
                return u"PDF page tree cannot be checked for loops: %1"_s.arg(problem);
        }
        return {};
    }

    QString readObjectStream(const ObjectStream &stream, qsizetype &budget)
    {
        const QString name = u"object stream %1"_s.arg(stream.number);
        if (m_encrypted)
            return name + u" is encrypted"_s;
        if (usesPredictor(stream.dictionary.value("DecodeParms")))
            return name + u" uses a predictor"_s;
        QList<QByteArray> filters;
        if (const Value *filter = stream.dictionary.value("Filter")) {
            if (filter->kind == Value::Name) {
                filters.append(filter->text);
            } else {
                for (const Value &item : filter->items)
                    filters.append(item.text);
            }
        }
        QByteArray data = streamData(stream).toByteArray();
        for (const QByteArray &filter : std::as_const(filters)) {
            if (filter != "FlateDecode" && filter != "Fl")
                return name
                    + u" uses the unsupported filter /%1"_s.arg(QString::fromLatin1(filter));
            bool overLimit = false;
            data = inflated(data, budget, &overLimit);
            if (overLimit)
                return u"object streams expand to more than %1 MiB"_s.arg(MaxInflatedBytes
                                                                          / (1024 * 1024));
        }
        budget -= data.size();
        readCompressedObjects(stream.dictionary, data);
        return {};
    }

    static bool usesPredictor(const Value *decodeParms)
    {
        if (!decodeParms)
            return false;
        if (decodeParms->kind == Value::Array)
            return std::any_of(decodeParms->items.cbegin(), decodeParms->items.cend(),
                               [](const Value &item) { return usesPredictor(&item); });
        const Value *predictor = decodeParms->value("Predictor");
        return predictor && predictor->integer().value_or(1) > 1;
    }

    QByteArrayView streamData(const ObjectStream &stream) const
    {
        const qsizetype available = m_bytes.size() - stream.dataStart;
        if (const Value *length = stream.dictionary.value("Length")) {
            std::optional<qint64> bytes = length->integer();
            if (length->kind == Value::Reference && m_integers.contains(length->reference))
                bytes = m_integers.value(length->reference).integer();
            if (bytes && *bytes >= 0 && *bytes <= available)
                return m_bytes.sliced(stream.dataStart, qsizetype(*bytes));
        }
        const qsizetype end = m_bytes.indexOf("endstream", stream.dataStart);
        return m_bytes.sliced(stream.dataStart, end < 0 ? available : end - stream.dataStart);
    }

    // The header lists "number offset" pairs; offsets count from /First.
    void readCompressedObjects(const Value &dictionary, const QByteArray &data)
    {
        const qint64 count
            = dictionary.value("N") ? dictionary.value("N")->integer().value_or(0) : 0;
        const qint64 first
            = dictionary.value("First") ? dictionary.value("First")->integer().value_or(-1) : -1;
        if (first < 0 || first > data.size())
            return;
        Lexer header(data, 0);
        for (qint64 i = 0; i < count; ++i) {
            const Token number = header.next();
            const Token offset = header.next();
            const std::optional<quint32> objectNumberValue = objectNumber(number.text);
            const std::optional<quint32> offsetValue = objectNumber(offset.text);
            if (number.kind != Token::Number || offset.kind != Token::Number || !objectNumberValue
                || !offsetValue)
                break;
            if (first + *offsetValue >= data.size())
                continue;
            Lexer lexer(data, qsizetype(first + *offsetValue));
            record(*objectNumberValue, Parser(lexer).parse());
        }
    }

    void record(quint32 number, const Value &value)
    {
        if (value.kind == Value::Array) {
            QList<quint32> items;
            value.collectReferences(items);
            if (!items.isEmpty())
                m_nodes[number].arrayItems.append(items);
            return;
        }
        const Value *kids = value.value("Kids");
        if (!kids)
            return;
        Node &node = m_nodes[number];
        if (kids->kind == Value::Reference)
            node.kidsArrays.append(kids->reference);
        else
            kids->collectReferences(node.kids);
    }

    QList<quint32> children(quint32 number) const
    {
        const auto node = m_nodes.constFind(number);
        if (node == m_nodes.cend())
            return {};
        QList<quint32> result = node->kids;
        for (const quint32 array : node->kidsArrays)
            result.append(m_nodes.value(array).arrayItems);
        return result;
    }

    // Depth-first search over the /Kids graph, iterative so that a long chain cannot
    // exhaust the stack.
    QString findLoop() const
    {
        enum State { Unseen, OnPath, Done };
        QHash<quint32, State> state;
        struct Frame {
            quint32 number;
            QList<quint32> children;
            qsizetype next = 0;
        };
        // In object order, so that the same file always gets the same message.
        QList<quint32> roots = m_nodes.keys();
        std::sort(roots.begin(), roots.end());
        for (const quint32 root : std::as_const(roots)) {
            if (state.value(root) != Unseen)
                continue;
            std::vector<Frame> path{{root, children(root)}};
            state.insert(root, OnPath);
            while (!path.empty()) {
                Frame &frame = path.back();
                if (frame.next == frame.children.size()) {
                    state.insert(frame.number, Done);
                    path.pop_back();
                    continue;
                }
                const quint32 child = frame.children.at(frame.next++);
                const State childState = state.value(child);
                if (childState == OnPath)
                    return loopMessage(frame.number, child);
                if (childState == Unseen) {
                    state.insert(child, OnPath);
                    path.push_back({child, children(child)});
                }
            }
        }
        return {};
    }

    // PDFium walks the page tree without remembering the nodes it has seen, so a node listed
    // twice at each of 30 levels is a billion pages from a 3 KB file: hours of extraction and
    // gigabytes of text. Counts the pages each node stands for (the tree has no loop by now),
    // saturating above the limit.
    QString findPageBomb() const
    {
        QHash<quint32, qint64> pages;
        struct Frame {
            quint32 number;
            QList<quint32> children;
            qsizetype next = 0;
        };
        QList<quint32> roots = m_nodes.keys();
        std::sort(roots.begin(), roots.end());
        for (const quint32 root : std::as_const(roots)) {
            if (pages.contains(root))
                continue;
            std::vector<Frame> path{{root, children(root)}};
            while (!path.empty()) {
                Frame &frame = path.back();
                if (frame.next < frame.children.size()) {
                    const quint32 child = frame.children.at(frame.next++);
                    if (m_nodes.contains(child) && !pages.contains(child))
                        path.push_back({child, children(child)});
                    continue;
                }
                qint64 total = frame.children.isEmpty() ? 1 : 0;
                for (const quint32 child : std::as_const(frame.children))
                    total = std::min(total + pages.value(child, 1), MaxPages + 1);
                if (total > MaxPages) {
                    return u"PDF page tree stands for more than %1 pages (object %2 repeats its "
                           u"/Kids); refused"_s.arg(QString::number(MaxPages),
                                                    QString::number(frame.number));
                }
                pages.insert(frame.number, total);
                path.pop_back();
            }
        }
        return {};
    }

    static QString loopMessage(quint32 parent, quint32 ancestor)
    {
        if (parent == ancestor)
            return u"PDF page tree contains a loop (object %1 lists itself in /Kids)"_s.arg(parent);
        return u"PDF page tree contains a loop (object %1 lists its ancestor %2 in /Kids)"_s.arg(
            QString::number(parent), QString::number(ancestor));
    }

    QByteArrayView m_bytes;
    QHash<quint32, Node> m_nodes;
    QHash<quint32, Value> m_integers; // "N G obj 123 endobj": stream lengths given indirectly
    QList<ObjectStream> m_objectStreams;
    bool m_encrypted = false;
};

} // namespace

QString pdfPageTreeProblem(QByteArrayView bytes)
{
    return PageTreeCheck(bytes).run();
}

} // namespace Rubricate
