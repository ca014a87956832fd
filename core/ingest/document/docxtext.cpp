#include "docxtext.h"

#include "docxpackage.h"
#include "markdowntable.h"
#include "textdecoding.h"

#include <QHash>
#include <QList>
#include <QRegularExpression>
#include <QStringList>
#include <QXmlStreamReader>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Elements nested deeper are skipped: the reader recurses, and a hostile file must not
// exhaust a pool thread's stack.
constexpr int MaxDepth = 256;
constexpr int MaxHeadingLevel = 6; // Markdown has no deeper headings
constexpr int MaxListIndent = 8;

const QString WordNamespace = u"http://schemas.openxmlformats.org/wordprocessingml/2006/main"_s;
const QString StrictWordNamespace = u"http://purl.oclc.org/ooxml/wordprocessingml/main"_s;
const QString DrawingNamespace = u"http://schemas.openxmlformats.org/drawingml/2006/main"_s;
const QString StrictDrawingNamespace = u"http://purl.oclc.org/ooxml/drawingml/main"_s;
const QString CompatibilityNamespace
    = u"http://schemas.openxmlformats.org/markup-compatibility/2006"_s;

struct StyleInfo {
    int headingLevel = 0;
    bool numbered = false;
};

struct Paragraph {
    QString text;
    QString styleId;
    bool hasNumbering = false; // w:numPr on the paragraph itself
    bool numberingRemoved = false; // w:numId w:val="0": the paragraph opts out of its style's list
    int listLevel = 0;
};

// "Heading1", "heading 2", "Title": the ids English Word writes, and the names every Word
// writes in styles.xml whatever the UI language.
int headingLevelFromName(const QString &name)
{
    static const QRegularExpression heading(u"^heading\\s*([0-9])"_s,
                                            QRegularExpression::CaseInsensitiveOption);
    if (name.compare(u"Title"_s, Qt::CaseInsensitive) == 0)
        return 1;
    const QRegularExpressionMatch match = heading.match(name);
    if (!match.hasMatch())
        return 0;
    return std::clamp(match.captured(1).toInt(), 1, MaxHeadingLevel);
}

class XmlReaderBase
{
protected:
    explicit XmlReaderBase(const QByteArray &xml)
        : m_xml(xml)
    { }

    bool isWord(QStringView localName) const
    {
        const QStringView ns = m_xml.namespaceUri();
        return m_xml.name() == localName && (ns == WordNamespace || ns == StrictWordNamespace);
    }

    // w:<name>, whatever prefix the file binds to the WordprocessingML namespace.
    QString wordAttribute(QStringView name) const
    {
        const QXmlStreamAttributes attributes = m_xml.attributes();
        for (const QXmlStreamAttribute &attribute : attributes) {
            if (attribute.name() == name)
                return attribute.value().toString();
        }
        return {};
    }

    QString wordValue() const { return wordAttribute(u"val"); }

    QXmlStreamReader m_xml;
};

class StylesReader : private XmlReaderBase
{
public:
    explicit StylesReader(const QByteArray &xml)
        : XmlReaderBase(xml)
    { }

    // Unreadable styles are no reason to refuse the document: the ids alone still work.
    QHash<QString, StyleInfo> read()
    {
        QHash<QString, StyleInfo> styles;
        if (!m_xml.readNextStartElement() || !isWord(u"styles"))
            return styles;
        while (m_xml.readNextStartElement()) {
            if (!isWord(u"style")) {
                m_xml.skipCurrentElement();
                continue;
            }
            QString id;
            const QXmlStreamAttributes attributes = m_xml.attributes();
            for (const QXmlStreamAttribute &attribute : attributes) {
                if (attribute.name() == u"styleId"_s)
                    id = attribute.value().toString();
            }
            StyleInfo info;
            while (m_xml.readNextStartElement()) {
                if (isWord(u"name")) {
                    info.headingLevel = headingLevelFromName(wordValue());
                    m_xml.skipCurrentElement();
                } else if (isWord(u"pPr")) {
                    readNumbering(info);
                } else {
                    m_xml.skipCurrentElement();
                }
            }
            if (!id.isEmpty())
                styles.insert(id, info);
        }
        return styles;
    }

private:
    void readNumbering(StyleInfo &info)
    {
        while (m_xml.readNextStartElement()) {
            if (isWord(u"numPr")) {
                while (m_xml.readNextStartElement()) {
                    if (isWord(u"numId"))
                        info.numbered = wordValue() != u"0"_s;
                    m_xml.skipCurrentElement();
                }
            } else {
                m_xml.skipCurrentElement();
            }
        }
    }
};

class DocumentReader : private XmlReaderBase
{
public:
    DocumentReader(const QByteArray &xml, const QHash<QString, StyleInfo> &styles)
        : XmlReaderBase(xml)
        , m_styles(styles)
    { }

    // False when the part is not WordprocessingML; check error() for broken XML.
    bool read()
    {
        if (!readProlog())
            return false;
        if (!isWord(u"document"))
            return false;
        while (m_xml.readNextStartElement()) {
            if (isWord(u"body"))
                readBlocks(1);
            else
                m_xml.skipCurrentElement();
        }
        return true;
    }

    QString error() const
    {
        if (!m_xml.hasError())
            return {};
        return u"line %1, column %2: %3"_s.arg(QString::number(m_xml.lineNumber()),
                                               QString::number(m_xml.columnNumber()),
                                               m_xml.errorString());
    }

    const QStringList &blocks() const { return m_blocks; }
    bool declaresExternalEntities() const { return m_declaresExternalEntities; }
    int imageReferences() const { return m_imageReferences; }
    bool hitDepthLimit() const { return m_hitDepthLimit; }

private:
    // Up to the root element. Word never writes a DTD; one that declares external entities
    // (or an external subset) is noted: QXmlStreamReader never loads them, so their
    // references read as nothing, and nothing is fetched or read from disk.
    bool readProlog()
    {
        while (!m_xml.atEnd()) {
            switch (m_xml.readNext()) {
            case QXmlStreamReader::StartElement:
                return true;
            case QXmlStreamReader::DTD: {
                const QXmlStreamEntityDeclarations entities = m_xml.entityDeclarations();
                m_declaresExternalEntities = !m_xml.dtdSystemId().isEmpty()
                    || !m_xml.dtdPublicId().isEmpty()
                    || std::any_of(entities.cbegin(), entities.cend(), [](const auto &entity) {
                           return !entity.systemId().isEmpty() || !entity.publicId().isEmpty();
                       });
                break;
            }
            default:
                break;
            }
        }
        return false;
    }

    bool tooDeep(int depth)
    {
        if (depth <= MaxDepth)
            return false;
        m_hitDepthLimit = true;
        m_xml.skipCurrentElement();
        return true;
    }

    // Containers that hold paragraphs and tables: the body, content controls, custom XML,
    // and the chosen branch of markup-compatibility blocks.
    bool isBlockContainer() const
    {
        if (isWord(u"sdt") || isWord(u"sdtContent") || isWord(u"customXml"))
            return true;
        return m_xml.namespaceUri() == CompatibilityNamespace
            && (m_xml.name() == u"AlternateContent"_s || m_xml.name() == u"Choice"_s);
    }

    void readBlocks(int depth)
    {
        while (m_xml.readNextStartElement()) {
            if (tooDeep(depth))
                continue;
            if (isWord(u"p")) {
                const QString block = renderParagraph(readParagraph(depth + 1));
                if (!block.isEmpty())
                    m_blocks.append(block);
            } else if (isWord(u"tbl")) {
                const QList<QStringList> rows = readTable(depth + 1);
                if (!rows.isEmpty())
                    m_blocks.append(markdownTable(rows));
            } else if (isBlockContainer()) {
                readBlocks(depth + 1);
            } else {
                m_xml.skipCurrentElement();
            }
        }
    }

    Paragraph readParagraph(int depth)
    {
        Paragraph paragraph;
        while (m_xml.readNextStartElement()) {
            if (tooDeep(depth))
                continue;
            if (isWord(u"pPr"))
                readParagraphProperties(paragraph);
            else
                readInline(paragraph.text, depth + 1);
        }
        return paragraph;
    }

    void readParagraphProperties(Paragraph &paragraph)
    {
        while (m_xml.readNextStartElement()) {
            if (isWord(u"pStyle")) {
                paragraph.styleId = wordValue();
                m_xml.skipCurrentElement();
            } else if (isWord(u"numPr")) {
                while (m_xml.readNextStartElement()) {
                    if (isWord(u"numId")) {
                        const bool removed = wordValue() == u"0"_s;
                        paragraph.hasNumbering = !removed;
                        paragraph.numberingRemoved = removed;
                    } else if (isWord(u"ilvl")) {
                        paragraph.listLevel = std::clamp(wordValue().toInt(), 0, MaxListIndent);
                    }
                    m_xml.skipCurrentElement();
                }
            } else {
                m_xml.skipCurrentElement();
            }
        }
    }

    // One element inside a paragraph, consumed up to its end tag.
    void readInline(QString &text, int depth)
    {
        if (tooDeep(depth))
            return;
        const bool word
            = m_xml.namespaceUri() == WordNamespace || m_xml.namespaceUri() == StrictWordNamespace;
        const QStringView name = m_xml.name();
        if (word && name == u"t"_s) {
            text += m_xml.readElementText(QXmlStreamReader::IncludeChildElements);
            return;
        }
        if (word && (name == u"tab"_s || name == u"ptab"_s)) {
            text += u'\t';
        } else if (word && name == u"br"_s) {
            // python-docx: a line break is "\n", page and column breaks are nothing.
            const QString type = wordAttribute(u"type");
            if (type.isEmpty() || type == u"textWrapping"_s)
                text += u'\n';
        } else if (word && name == u"cr"_s) {
            text += u'\n';
        } else if (word && name == u"noBreakHyphen"_s) {
            text += u'-';
        } else if ((m_xml.namespaceUri() == DrawingNamespace
                    || m_xml.namespaceUri() == StrictDrawingNamespace)
                   && name == u"blip"_s) {
            ++m_imageReferences;
        } else if ((word
                    && (name == u"del"_s || name == u"moveFrom"_s || name == u"txbxContent"_s
                        || name == u"rPr"_s || name == u"instrText"_s))
                   || (m_xml.namespaceUri() == CompatibilityNamespace && name == u"Fallback"_s)) {
            // Deleted revisions, text-box content, formatting and field codes: not page text
            // python-docx would report. A Fallback is the same content again for older
            // readers; reading it would double the text.
        } else {
            // Runs, hyperlinks, inserted revisions, smart tags, simple fields, drawings ...
            while (m_xml.readNextStartElement())
                readInline(text, depth + 1);
            return;
        }
        m_xml.skipCurrentElement();
    }

    QString renderParagraph(const Paragraph &paragraph) const
    {
        QString text = paragraph.text.trimmed();
        if (text.isEmpty())
            return {};
        const StyleInfo style = m_styles.value(paragraph.styleId);
        const int level = std::max(headingLevelFromName(paragraph.styleId), style.headingLevel);
        if (level > 0)
            return QString(level, u'#') + u' ' + text;
        const bool listItem
            = paragraph.hasNumbering || (style.numbered && !paragraph.numberingRemoved);
        if (listItem)
            return QString(2 * paragraph.listLevel, u' ') + u"- "_s + text;
        return text;
    }

    // Rows of grid cells: a cell spanning columns appears once per column, a vertically
    // merged cell repeats the text of the cell above, as python-docx's row.cells reports them.
    QList<QStringList> readTable(int depth)
    {
        QList<QStringList> rows;
        readRows(rows, depth);
        return rows;
    }

    void readRows(QList<QStringList> &rows, int depth)
    {
        while (m_xml.readNextStartElement()) {
            if (tooDeep(depth))
                continue;
            if (isWord(u"tr"))
                rows.append(readRow(rows.isEmpty() ? QStringList() : rows.last(), depth + 1));
            else if (isBlockContainer())
                readRows(rows, depth + 1);
            else
                m_xml.skipCurrentElement();
        }
    }

    QStringList readRow(const QStringList &above, int depth)
    {
        QStringList row;
        readCells(row, above, depth);
        return row;
    }

    void readCells(QStringList &row, const QStringList &above, int depth)
    {
        while (m_xml.readNextStartElement()) {
            if (tooDeep(depth))
                continue;
            if (isWord(u"tc")) {
                Cell cell;
                readCell(cell, depth + 1);
                const QString text = markdownTableCell(cell.paragraphs.join(u' '));
                for (int i = 0; i < cell.gridSpan; ++i)
                    row.append(cell.mergedWithAbove ? above.value(row.size()) : text);
            } else if (isWord(u"trPr")) {
                readRowProperties(row);
            } else if (isBlockContainer()) {
                readCells(row, above, depth + 1);
            } else {
                m_xml.skipCurrentElement();
            }
        }
    }

    void readRowProperties(QStringList &row)
    {
        while (m_xml.readNextStartElement()) {
            // Grid columns before the first cell: empty, so later cells stay in their column.
            if (isWord(u"gridBefore")) {
                const int before = std::clamp(wordValue().toInt(), 0, 64);
                for (int i = 0; i < before; ++i)
                    row.append(QString());
            }
            m_xml.skipCurrentElement();
        }
    }

    struct Cell {
        QStringList paragraphs;
        int gridSpan = 1;
        bool mergedWithAbove = false;
    };

    void readCell(Cell &cell, int depth)
    {
        while (m_xml.readNextStartElement()) {
            if (tooDeep(depth))
                continue;
            if (isWord(u"tcPr")) {
                readCellProperties(cell);
            } else if (isWord(u"p")) {
                const QString text = readParagraph(depth + 1).text.trimmed();
                if (!text.isEmpty())
                    cell.paragraphs.append(text);
            } else if (isWord(u"tbl")) {
                // python-docx's cell.text ignores nested tables; their text is still text the
                // judge should see, so it joins the cell's text.
                const QList<QStringList> nested = readTable(depth + 1);
                for (const QStringList &nestedRow : nested) {
                    for (const QString &nestedCell : nestedRow) {
                        if (!nestedCell.isEmpty())
                            cell.paragraphs.append(nestedCell);
                    }
                }
            } else if (isBlockContainer()) {
                readCell(cell, depth + 1);
            } else {
                m_xml.skipCurrentElement();
            }
        }
    }

    void readCellProperties(Cell &cell)
    {
        while (m_xml.readNextStartElement()) {
            if (isWord(u"gridSpan")) {
                cell.gridSpan = std::clamp(wordValue().toInt(), 1, 64);
            } else if (isWord(u"vMerge")) {
                const QString value = wordValue();
                cell.mergedWithAbove = value.isEmpty() || value == u"continue"_s;
            }
            m_xml.skipCurrentElement();
        }
    }

    const QHash<QString, StyleInfo> &m_styles;
    QStringList m_blocks;
    int m_imageReferences = 0;
    bool m_hitDepthLimit = false;
    bool m_declaresExternalEntities = false;
};

} // namespace

ExtractedDocument extractDocx(const QByteArray &bytes)
{
    ExtractedDocument result;
    result.format = ReportFormat::Docx;

    const DocxPackage package = readDocxPackage(bytes);
    if (!package.error.isEmpty()) {
        result.corrupt = true;
        result.error = package.error;
        return result;
    }

    const QHash<QString, StyleInfo> styles = StylesReader(package.stylesXml).read();
    DocumentReader reader(package.documentXml, styles);
    const bool isWordDocument = reader.read();
    const QString xmlError = reader.error();

    result.text = reader.blocks().join(u"\n\n"_s);
    result.hasText = !result.text.isEmpty();
    if (!xmlError.isEmpty()) {
        result.corrupt = true;
        result.error = u"%1 is not well-formed XML (%2)"_s.arg(package.documentPartName, xmlError);
        if (result.hasText)
            result.warnings.append(u"only the text before the XML error was extracted"_s);
    } else if (!isWordDocument) {
        result.corrupt = true;
        result.error = u"%1 is not a WordprocessingML document"_s.arg(package.documentPartName);
    }

    if (reader.declaresExternalEntities())
        result.warnings.append(u"external entity references ignored"_s);
    if (reader.hitDepthLimit()) {
        result.warnings.append(
            u"document nested more than %1 levels deep; deeper content skipped"_s.arg(MaxDepth));
    }
    const int images = package.mediaCount > 0 ? package.mediaCount : reader.imageReferences();
    if (images > 0) {
        result.warnings.append(countedNoun(images, u"embedded image"_s, u"embedded images"_s)
                               + u" not extracted as text"_s);
    }
    if (!result.hasText && !result.corrupt)
        result.warnings.append(u"no text"_s);
    return result;
}

} // namespace Rubricate
