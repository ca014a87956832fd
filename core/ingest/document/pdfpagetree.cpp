#include "pdfpagetree.h"

#include <QByteArray>
#include <QHash>
#include <QList>
#include <QSet>

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

// Bounds the check by the size of what it reads, so that no input can make it slow or large:
// every byte the lexer moves over (again after a rewind, and once per object parsed from an
// overlapping position), every inflated byte and every /Kids edge walked is a step, and every
// reference kept for the graph counts against a second allowance. Both grow with the input and
// with the object streams' inflated data. Ordinary PDFs use one to three steps per byte and
// keep far fewer references than the allowance; hostile ones (thousands of "N G obj" inside
// strings, each starting a parse that runs to the end of the file) exhaust the budget within
// milliseconds, and the file is refused: a hang cannot be undone, and the check cannot say
// the tree is sound without reading it.
class Budget
{
public:
    explicit Budget(qsizetype inputBytes) { grow(inputBytes); }

    void grow(qsizetype bytes)
    {
        m_steps += StepsPerByte * bytes;
        m_references += bytes / BytesPerKeptReference;
    }

    bool spend(qint64 steps)
    {
        m_steps -= steps;
        m_exhausted = m_exhausted || m_steps < 0;
        return !m_exhausted;
    }

    bool keep(qint64 references)
    {
        m_references -= references;
        m_exhausted = m_exhausted || m_references < 0;
        return !m_exhausted;
    }

    bool exhausted() const { return m_exhausted; }

private:
    static constexpr qint64 StepsPerByte = 16;
    // "1 0 R " is six bytes: the tightest array of references keeps one for every six.
    static constexpr qint64 BytesPerKeptReference = 4;

    qint64 m_steps = 1 << 20; // a tiny file may still be read a few times over
    qint64 m_references = 1 << 18;
    bool m_exhausted = false;
};

struct Token {
    enum Kind { End, Number, Name, String, DictOpen, DictClose, ArrayOpen, ArrayClose, Keyword };
    Kind kind = End;
    QByteArray text; // numbers and keywords as written, names with #xx escapes decoded
};

class Lexer
{
public:
    Lexer(QByteArrayView data, qsizetype pos, Budget &budget)
        : m_data(data)
        , m_pos(pos)
        , m_budget(budget)
    { }

    qsizetype pos() const { return m_pos; }
    void setPos(qsizetype pos) { m_pos = pos; }
    Budget &budget() const { return m_budget; }

    // Once the budget is spent every parse ends here, at once.
    Token next()
    {
        if (m_budget.exhausted())
            return {};
        const qsizetype start = m_pos;
        Token token = scan();
        m_budget.spend(m_pos - start + 1);
        return token;
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
    Token scan()
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
        m_pos = std::min(m_pos, m_data.size());
    }

    QByteArrayView m_data;
    qsizetype m_pos = 0;
    Budget &m_budget;
};

// A PDF value without its contents: arrays and dictionaries are read through, not kept.
struct Value {
    enum Kind { Null, Number, Name, String, Keyword, Reference, Array, Dictionary };
    Kind kind = Null;
    QByteArray text; // number, name or keyword
    quint32 reference = 0;

    bool isName(QByteArrayView name) const { return kind == Name && text == name; }

    std::optional<qint64> integer() const
    {
        bool ok = false;
        const qint64 number = text.toLongLong(&ok);
        return kind == Number && ok ? std::optional<qint64>(number) : std::nullopt;
    }
};

// What the check needs of one object, and nothing more: a 10 MB array of numbers is read, not
// held. Of a repeated dictionary key the last counts, as PDFium reads it.
struct ObjectSummary {
    Value::Kind kind = Value::Null;
    Value value; // the object itself when it is neither an array nor a dictionary
    QList<quint32> references; // an array: every reference anywhere inside it
    // A dictionary's entries:
    bool hasKids = false;
    std::optional<quint32> kidsArray; // /Kids given as a reference to an array object
    QList<quint32> kids; // otherwise every reference inside /Kids
    Value type;
    Value length;
    Value count; // /N of an object stream
    Value first;
    qsizetype flateFilters = 0; // /FlateDecode filters before the first unsupported one
    std::optional<QByteArray> unsupportedFilter;
    bool predictor = false; // /DecodeParms asks for one
    bool encrypt = false; // /Encrypt present
};

class Parser
{
public:
    explicit Parser(Lexer &lexer)
        : m_lexer(lexer)
    { }

    ObjectSummary object()
    {
        ObjectSummary result;
        const Token token = m_lexer.next();
        if (token.kind == Token::DictOpen) {
            if (items(Token::DictClose, 0, [&](const Token &key) { entry(key.text, result); }))
                result.kind = Value::Dictionary;
        } else {
            result.value = value(token, 0, &result.references);
            result.kind = result.value.kind;
        }
        return result;
    }

private:
    // A value of any kind; references anywhere inside go to `references` when given.
    Value value(const Token &token, int depth, QList<quint32> *references)
    {
        switch (token.kind) {
        case Token::Number:
            return numberOrReference(token, references);
        case Token::Name:
            return {Value::Name, token.text, 0};
        case Token::String:
            return {Value::String, {}, 0};
        case Token::Keyword:
            return {Value::Keyword, token.text, 0};
        case Token::ArrayOpen:
            if (items(Token::ArrayClose, depth,
                      [&](const Token &item) { value(item, depth + 1, references); }))
                return {Value::Array, {}, 0};
            return {};
        case Token::DictOpen:
            if (items(Token::DictClose, depth,
                      [&](const Token &) { value(m_lexer.next(), depth + 1, references); }))
                return {Value::Dictionary, {}, 0};
            return {};
        case Token::End:
        case Token::DictClose:
        case Token::ArrayClose:
            break;
        }
        return {};
    }

    Value numberOrReference(const Token &token, QList<quint32> *references)
    {
        const std::optional<quint32> number = objectNumber(token.text);
        if (number) {
            const qsizetype rewind = m_lexer.pos();
            const Token generation = m_lexer.next();
            if (generation.kind == Token::Number && objectNumber(generation.text)) {
                const Token r = m_lexer.next();
                if (r.kind == Token::Keyword && r.text == "R") {
                    if (references && m_lexer.budget().keep(1))
                        references->append(*number);
                    return {Value::Reference, {}, *number};
                }
            }
            m_lexer.setPos(rewind);
        }
        return {Value::Number, token.text, 0};
    }

    // One entry of an object's own dictionary, the value read from the lexer.
    void entry(QByteArrayView key, ObjectSummary &object)
    {
        constexpr int depth = 1;
        if (key == "Kids") {
            QList<quint32> kids;
            const Value kidsValue = value(m_lexer.next(), depth, &kids);
            object.hasKids = true;
            object.kidsArray.reset();
            object.kids.clear();
            if (kidsValue.kind == Value::Reference)
                object.kidsArray = kidsValue.reference;
            else
                object.kids = std::move(kids);
        } else if (key == "Filter") {
            filters(m_lexer.next(), depth, object);
        } else if (key == "DecodeParms") {
            object.predictor = usesPredictor(m_lexer.next(), depth);
        } else {
            const Value entryValue = value(m_lexer.next(), depth, nullptr);
            if (key == "Type")
                object.type = entryValue;
            else if (key == "Length")
                object.length = entryValue;
            else if (key == "N")
                object.count = entryValue;
            else if (key == "First")
                object.first = entryValue;
            else if (key == "Encrypt")
                object.encrypt = true;
        }
    }

    // /Filter is a name or an array of them; anything else names no filter.
    void filters(const Token &token, int depth, ObjectSummary &object)
    {
        object.flateFilters = 0;
        object.unsupportedFilter.reset();
        const auto add = [&object](const QByteArray &name) {
            if (object.unsupportedFilter)
                return;
            if (name == "FlateDecode" || name == "Fl")
                ++object.flateFilters;
            else
                object.unsupportedFilter = name;
        };
        if (token.kind == Token::Name) {
            add(token.text);
        } else if (token.kind == Token::ArrayOpen) {
            items(Token::ArrayClose, depth,
                  [&](const Token &item) { add(value(item, depth + 1, nullptr).text); });
        } else {
            value(token, depth, nullptr);
        }
    }

    // /DecodeParms is a dictionary, or an array of them (one per filter).
    bool usesPredictor(const Token &token, int depth)
    {
        bool predictor = false;
        if (token.kind == Token::ArrayOpen) {
            items(Token::ArrayClose, depth, [&](const Token &item) {
                predictor = usesPredictor(item, depth + 1) || predictor;
            });
        } else if (token.kind == Token::DictOpen) {
            items(Token::DictClose, depth, [&](const Token &key) {
                const Value parameter = value(m_lexer.next(), depth + 1, nullptr);
                if (key.text == "Predictor")
                    predictor = parameter.integer().value_or(1) > 1;
            });
        } else {
            value(token, depth, nullptr);
        }
        return predictor;
    }

    static bool endsObject(const Token &token)
    {
        return token.kind == Token::End
            || (token.kind == Token::Keyword
                && (token.text == "endobj" || token.text == "obj" || token.text == "stream"
                    || token.text == "endstream"));
    }

    // The items of an array or dictionary whose opening token was read, up to `close` or to
    // the keyword that ends an unterminated one: `item` is given an array's item, or a
    // dictionary's key (and reads its value). False when nested too deep to be read.
    template<typename Item>
    bool items(Token::Kind close, int depth, Item &&item)
    {
        if (depth >= MaxNesting) {
            skipNested(); // PDFium reads nothing this deep either
            return false;
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
            if (close == Token::DictClose && token.kind != Token::Name)
                continue; // garbage where a key belongs
            item(token);
        }
        return true;
    }

    // Like items(), an unterminated one ends at the keyword that ends the object: otherwise
    // every "N G obj" in a file of unclosed brackets would read on to the end of the file.
    void skipNested()
    {
        int open = 1;
        while (open > 0) {
            const qsizetype rewind = m_lexer.pos();
            const Token token = m_lexer.next();
            if (endsObject(token)) {
                m_lexer.setPos(rewind);
                return;
            }
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
        , m_budget(bytes.size())
    { }

    // A file the budget ran out on was not read completely, so whatever else was found, it
    // cannot be said to be safe.
    QString run()
    {
        readPlainObjects();
        readTrailers();
        QString problem = readObjectStreams();
        if (problem.isEmpty())
            problem = walkPageTree();
        if (m_budget.exhausted())
            return u"PDF structure too complex to check for page tree loops; refused"_s;
        return problem;
    }

private:
    struct Node {
        QList<quint32> kids; // references inside /Kids
        QList<quint32> kidsArrays; // /Kids given as a reference to an array object
        QList<quint32> arrayItems; // when the object is an array: the references in it
    };
    struct ObjectStream {
        quint32 number = 0;
        ObjectSummary dictionary;
        qsizetype dataStart = 0;
    };

    // Every "N G obj" in the file, wherever it is: PDFium finds objects through the
    // cross-reference table, a damaged one makes it scan the file the same way.
    //
    // Each definition is parsed, also one that starts inside a string or inside another
    // object: the cross-reference table may point anywhere, and PDFium reads what is there.
    // Definitions that overlap make the same bytes be read again; the budget bounds that.
    void readPlainObjects()
    {
        for (qsizetype at = m_bytes.indexOf("obj"); at >= 0 && m_budget.spend(1);
             at = m_bytes.indexOf("obj", at + 3)) {
            if (at + 3 < m_bytes.size() && isRegular(m_bytes[at + 3]))
                continue; // "object", "objstm"
            const std::optional<quint32> number = numberBeforeObjKeyword(at);
            if (!number)
                continue;
            Lexer lexer(m_bytes, at + 3, m_budget);
            const ObjectSummary object = Parser(lexer).object();
            record(*number, object);
            if (object.kind == Value::Number)
                m_integers.insert(*number, object.value.integer());
            if (object.type.isName("XRef") && object.encrypt)
                m_encrypted = true;
            if (object.type.isName("ObjStm")) {
                const Token keyword = lexer.next();
                if (keyword.kind == Token::Keyword && keyword.text == "stream")
                    m_objectStreams.append({*number, object, lexer.streamDataStart()});
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
        for (qsizetype at = m_bytes.indexOf("trailer"); at >= 0 && m_budget.spend(1);
             at = m_bytes.indexOf("trailer", at + 7)) {
            Lexer lexer(m_bytes, at + 7, m_budget);
            const ObjectSummary trailer = Parser(lexer).object();
            if (trailer.kind == Value::Dictionary && trailer.encrypt)
                m_encrypted = true;
        }
    }

    QString readObjectStreams()
    {
        qsizetype budget = MaxInflatedBytes;
        for (const ObjectStream &stream : std::as_const(m_objectStreams)) {
            if (m_budget.exhausted())
                return {};
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
        const ObjectSummary &dictionary = stream.dictionary;
        if (dictionary.predictor)
            return name + u" uses a predictor"_s;
        QByteArray data = streamData(stream).toByteArray();
        // Every pass counts against the limit: a zlib quine listed a million times as a
        // filter would otherwise inflate a million times.
        for (qsizetype i = 0; i < dictionary.flateFilters && m_budget.spend(data.size()); ++i) {
            bool overLimit = false;
            data = inflated(data, budget, &overLimit);
            if (overLimit)
                return u"object streams expand to more than %1 MiB"_s.arg(MaxInflatedBytes
                                                                          / (1024 * 1024));
            budget -= data.size();
        }
        if (dictionary.unsupportedFilter) {
            return name
                + u" uses the unsupported filter /%1"_s.arg(
                    QString::fromLatin1(*dictionary.unsupportedFilter));
        }
        m_budget.grow(data.size());
        readCompressedObjects(dictionary, data);
        return {};
    }

    QByteArrayView streamData(const ObjectStream &stream) const
    {
        const qsizetype available = m_bytes.size() - stream.dataStart;
        const Value &length = stream.dictionary.length;
        std::optional<qint64> bytes = length.integer();
        if (length.kind == Value::Reference && m_integers.contains(length.reference))
            bytes = m_integers.value(length.reference);
        if (bytes && *bytes >= 0 && *bytes <= available)
            return m_bytes.sliced(stream.dataStart, qsizetype(*bytes));
        const qsizetype end = m_bytes.indexOf("endstream", stream.dataStart);
        return m_bytes.sliced(stream.dataStart, end < 0 ? available : end - stream.dataStart);
    }

    // The header lists "number offset" pairs; offsets count from /First. An object is parsed
    // once however many numbers the header gives its offset: "1 0 " repeated 200,000 times
    // over a 200,000-item array would otherwise read the array 200,000 times.
    void readCompressedObjects(const ObjectSummary &dictionary, const QByteArray &data)
    {
        const qint64 count = dictionary.count.integer().value_or(0);
        const qint64 first = dictionary.first.integer().value_or(-1);
        if (first < 0 || first > data.size())
            return;
        QHash<qsizetype, ObjectSummary> parsed;
        Lexer header(data, 0, m_budget);
        for (qint64 i = 0; i < count; ++i) {
            const Token number = header.next();
            const Token offset = header.next();
            const std::optional<quint32> objectNumberValue = objectNumber(number.text);
            const std::optional<quint32> offsetValue = objectNumber(offset.text);
            if (number.kind != Token::Number || offset.kind != Token::Number || !objectNumberValue
                || !offsetValue)
                break;
            const qsizetype at = qsizetype(first + *offsetValue);
            if (at >= data.size())
                continue;
            auto object = parsed.constFind(at);
            if (object == parsed.cend()) {
                Lexer lexer(data, at, m_budget);
                object = parsed.insert(at, Parser(lexer).object());
            } else if (!m_budget.keep(object->references.size() + object->kids.size())) {
                return;
            }
            record(*objectNumberValue, *object);
        }
    }

    void record(quint32 number, const ObjectSummary &object)
    {
        if (object.kind == Value::Array) {
            if (!object.references.isEmpty())
                m_nodes[number].arrayItems.append(object.references);
            return;
        }
        if (!object.hasKids)
            return;
        Node &node = m_nodes[number];
        if (object.kidsArray)
            node.kidsArrays.append(*object.kidsArray);
        else
            node.kids.append(object.kids);
    }

    // A node's children cost their number in steps: /Kids that name a large array object
    // from many nodes would otherwise walk that array once for each of them.
    QList<quint32> children(quint32 number)
    {
        const auto node = m_nodes.constFind(number);
        if (node == m_nodes.cend())
            return {};
        QList<quint32> result = node->kids;
        for (const quint32 array : node->kidsArrays) {
            const QList<quint32> items = m_nodes.value(array).arrayItems;
            if (!m_budget.spend(items.size()))
                return {};
            result.append(items);
        }
        m_budget.spend(result.size());
        return result;
    }

    // One depth-first walk over the /Kids graph, iterative so that a long chain cannot exhaust
    // the stack. It finds loops (a child still on the path), and, leaving each node, counts
    // the pages it stands for: PDFium walks the tree without remembering the nodes it has
    // seen, so a node listed twice at each of 30 levels is a billion pages from a 3 KB file,
    // hours of extraction and gigabytes of text. Counts saturate above the limit.
    QString walkPageTree()
    {
        QSet<quint32> onPath;
        QHash<quint32, qint64> pages; // nodes already left, with their page count
        struct Frame {
            quint32 number;
            QList<quint32> children;
            qsizetype next = 0;
        };
        // In object order, so that the same file always gets the same message.
        QList<quint32> roots = m_nodes.keys();
        std::sort(roots.begin(), roots.end());
        for (const quint32 root : std::as_const(roots)) {
            if (pages.contains(root))
                continue;
            std::vector<Frame> path{{root, children(root)}};
            onPath.insert(root);
            while (!path.empty() && !m_budget.exhausted()) {
                Frame &frame = path.back();
                if (frame.next < frame.children.size()) {
                    const quint32 child = frame.children.at(frame.next++);
                    if (onPath.contains(child))
                        return loopMessage(frame.number, child);
                    if (m_nodes.contains(child) && !pages.contains(child)) {
                        onPath.insert(child);
                        path.push_back({child, children(child)});
                    }
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
                onPath.remove(frame.number);
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
    Budget m_budget;
    QHash<quint32, std::optional<qint64>> m_integers; // "N G obj 123 endobj": indirect lengths
    QList<ObjectStream> m_objectStreams;
    bool m_encrypted = false;
};

} // namespace

QString pdfPageTreeProblem(QByteArrayView bytes)
{
    return PageTreeCheck(bytes).run();
}

} // namespace Rubricate
