// The PDF object syntax, as much of it as the page-tree check reads: a lexer over the raw
// bytes and a parser that summarises one object (its kind, its references, the few dictionary
// entries the check needs) without keeping its contents. Both spend from a Budget, so no input
// can make them slow.
#pragma once

#include <QByteArray>
#include <QByteArrayView>
#include <QList>

#include <optional>

namespace Rubricate::PdfSyntax {

bool isWhite(char c);
// Neither white space nor a delimiter: part of a name, number or keyword.
bool isRegular(char c);
// An object or generation number as written ("12"), when it is one.
std::optional<quint32> objectNumber(QByteArrayView text);

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
    // Numbers and keywords as written, names with #xx escapes decoded. Unless decoded, the
    // text is not a copy but the lexed bytes themselves (QByteArray::fromRawData): a 10 MB
    // array is millions of tokens, and an allocation for each made the check slower than
    // PDFium's own parse. Tokens and the values and summaries made from them must therefore
    // not outlive the bytes the lexer was given; the page-tree check keeps none beyond them.
    QByteArray text;
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
    Token next();

    // After the "stream" keyword: the data starts after its end of line.
    qsizetype streamDataStart() const;

private:
    Token scan();
    void skipWhiteAndComments();
    QByteArrayView regularRun();
    static QByteArray unowned(QByteArrayView bytes);

    // "/K#69ds" is "/Kids" to PDFium, so it must be to the check.
    static QByteArray decodedName(QByteArrayView raw);
    void skipLiteralString();

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

    ObjectSummary object();

private:
    // A value of any kind; references anywhere inside go to `references` when given.
    Value value(const Token &token, int depth, QList<quint32> *references);
    Value numberOrReference(const Token &token, QList<quint32> *references);

    // One entry of an object's own dictionary, the value read from the lexer.
    void entry(QByteArrayView key, ObjectSummary &object);

    // /Filter is a name or an array of them; anything else names no filter.
    void filters(const Token &token, int depth, ObjectSummary &object);

    // /DecodeParms is a dictionary, or an array of them (one per filter).
    bool usesPredictor(const Token &token, int depth);

    static bool endsObject(const Token &token);

    // The items of an array or dictionary whose opening token was read, up to `close` or to
    // the keyword that ends an unterminated one: `item` is given an array's item, or a
    // dictionary's key (and reads its value). False when nested too deep to be read.
    template<typename Item>
    bool items(Token::Kind close, int depth, Item &&item);

    // Like items(), an unterminated one ends at the keyword that ends the object: otherwise
    // every "N G obj" in a file of unclosed brackets would read on to the end of the file.
    void skipNested();

    Lexer &m_lexer;
};

} // namespace Rubricate::PdfSyntax
