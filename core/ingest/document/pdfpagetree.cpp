#include "pdfpagetree.h"

#include "pdfsyntax.h"

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
using namespace PdfSyntax;

namespace {

// Far beyond any report (the longest in the benchmarks has well under a thousand pages), far
// below what makes extraction take minutes.
constexpr qint64 MaxPages = 100000;
// All object streams together; a PDF whose streams inflate beyond this is refused unchecked.
constexpr qsizetype MaxInflatedBytes = qsizetype(256) * 1024 * 1024;

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
