#include "pdfsyntax.h"

#include <algorithm>
#include <climits>

namespace Rubricate::PdfSyntax {

namespace {

// PDFium's parser gives up on objects nested deeper than this (kParserMaxRecursionDepth), so
// nothing deeper can be part of the page tree it walks.
constexpr int MaxNesting = 64;

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

bool isDigit(char c)
{
    return c >= '0' && c <= '9';
}

} // namespace

bool isWhite(char c)
{
    return c == '\0' || c == '\t' || c == '\n' || c == '\f' || c == '\r' || c == ' ';
}

bool isRegular(char c)
{
    return !isWhite(c) && !isDelimiter(c);
}

std::optional<quint32> objectNumber(QByteArrayView text)
{
    if (text.isEmpty() || text.size() > 10)
        return std::nullopt;
    quint64 value = 0; // ten digits cannot overflow it
    for (const char c : text) {
        if (!isDigit(c))
            return std::nullopt;
        value = value * 10 + quint64(c - '0');
    }
    if (value > UINT_MAX)
        return std::nullopt;
    return quint32(value);
}

Token Lexer::next()
{
    if (m_budget.exhausted())
        return {};
    const qsizetype start = m_pos;
    Token token = scan();
    m_budget.spend(m_pos - start + 1);
    return token;
}

qsizetype Lexer::streamDataStart() const
{
    qsizetype pos = m_pos;
    if (pos < m_data.size() && m_data[pos] == '\r')
        ++pos;
    if (pos < m_data.size() && m_data[pos] == '\n')
        ++pos;
    return pos;
}

Token Lexer::scan()
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
        return {Token::Keyword, unowned(m_data.sliced(m_pos++, 1))};
    default:
        break;
    }
    const QByteArray word = unowned(regularRun());
    const char first = word.front();
    const bool number = isDigit(first) || first == '+' || first == '-' || first == '.';
    return {number ? Token::Number : Token::Keyword, word};
}

void Lexer::skipWhiteAndComments()
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

QByteArrayView Lexer::regularRun()
{
    const qsizetype start = m_pos;
    while (m_pos < m_data.size() && isRegular(m_data[m_pos]))
        ++m_pos;
    return m_data.sliced(start, m_pos - start);
}

QByteArray Lexer::unowned(QByteArrayView bytes)
{
    return QByteArray::fromRawData(bytes.data(), bytes.size());
}

QByteArray Lexer::decodedName(QByteArrayView raw)
{
    if (!raw.contains('#'))
        return unowned(raw);
    return QByteArray::fromPercentEncoding(raw.toByteArray(), '#');
}

void Lexer::skipLiteralString()
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

template<typename Item>
bool Parser::items(Token::Kind close, int depth, Item &&item)
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

ObjectSummary Parser::object()
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

Value Parser::value(const Token &token, int depth, QList<quint32> *references)
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

Value Parser::numberOrReference(const Token &token, QList<quint32> *references)
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

void Parser::entry(QByteArrayView key, ObjectSummary &object)
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

void Parser::filters(const Token &token, int depth, ObjectSummary &object)
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

bool Parser::usesPredictor(const Token &token, int depth)
{
    bool predictor = false;
    if (token.kind == Token::ArrayOpen) {
        items(Token::ArrayClose, depth,
              [&](const Token &item) { predictor = usesPredictor(item, depth + 1) || predictor; });
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

bool Parser::endsObject(const Token &token)
{
    return token.kind == Token::End
        || (token.kind == Token::Keyword
            && (token.text == "endobj" || token.text == "obj" || token.text == "stream"
                || token.text == "endstream"));
}

void Parser::skipNested()
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

} // namespace Rubricate::PdfSyntax
