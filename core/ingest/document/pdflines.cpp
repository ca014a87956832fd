#include "pdflines.h"

#include "text/scriptclass.h"

#include <QHash>
#include <QRegularExpression>
#include <QSet>

#include <algorithm>
#include <limits>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// Geometry thresholds, as fractions of a line's height (PDFium's boxes span the font's ascent
// to its descent, so heights compare font sizes). Superscripts are set at 0.5-0.7 of the text
// size; a page number or a footnote at 0.75 or more is not taken for one.
constexpr double MarkerHeightRatio = 0.75;
// Numbers closer than this (in marker heights) are one marker: "1 2" drawn as "1,2".
constexpr double MarkerGroupGap = 1.5;
// Numbers that sit on no line are dropped only when this small beside the page's text: a
// superscript drawn somewhere odd, never a page number.
constexpr double LooseMarkerHeightRatio = 0.45;
// A line ending this far (in text heights) short of the text's right edge ends a paragraph;
// a CJK line wrapped early before a number or Latin word falls short by one or two.
constexpr double ShortLineHeights = 2.5;
// A line starting this far (in text heights) right of the line before starts a paragraph:
// Chinese indents two characters, and a full-width opening bracket or quote shows at most
// one character's blank before its glyph.
constexpr double IndentHeights = 1.5;
// A gap between two lines larger than this (in line heights) is a paragraph break.
constexpr double ParagraphGapRatio = 0.8;
// Lines whose heights differ by more than this fraction are a heading and its text.
constexpr double SizeChangeRatio = 0.25;

char32_t codePointAt(QStringView s, qsizetype i)
{
    if (s.at(i).isHighSurrogate() && i + 1 < s.size() && s.at(i + 1).isLowSurrogate())
        return QChar::surrogateToUcs4(s.at(i), s.at(i + 1));
    return s.at(i).unicode();
}

char32_t lastCodePoint(QStringView s)
{
    const qsizetype i = s.size() - 1;
    if (i > 0 && s.at(i).isLowSurrogate() && s.at(i - 1).isHighSurrogate())
        return QChar::surrogateToUcs4(s.at(i - 1), s.at(i));
    return s.at(i).unicode();
}

// Han, kana, Hangul, bopomofo, CJK punctuation and the full-width forms: writing that puts no
// space between words, so a line break inside it is no space either. Every block of the table.
bool isCjk(char32_t c)
{
    return scriptBlock(c) != ScriptBlock::None;
}

QStringView trimmedRight(QStringView s)
{
    while (!s.isEmpty() && s.back().isSpace())
        s.chop(1);
    return s;
}

// Sentence-ending punctuation, possibly followed by closing quotes or brackets and a citation
// marker: "。", "？”", "。[3]".
bool endsSentence(QStringView line)
{
    static const QRegularExpression end(
        uR"([。！？；：…．.!?;:][”’」』）)》〉】"']*(?:\[\d+(?:, \d+)*\])?$)"_s);
    return end.match(line).hasMatch();
}

// Bullets, numbered items ("1.", "2、", "(3)", "一、", "（二）") and chapter headings
// ("第三章"): a line break before them is never a wrap. "2.7万亿" is no list item.
bool startsBlock(QStringView line)
{
    static const QRegularExpression block(
        uR"(^(?:[•·●○■□◆◇▪►‣*+\-–—]\s|#|\d{1,3}(?:\.(?!\d)|[、)）])|[(（]\d{1,3}[)）])"
        uR"(|[一二三四五六七八九十]{1,3}[、.．]|[(（][一二三四五六七八九十]{1,3}[)）])"
        uR"(|第[一二三四五六七八九十百\d]{1,4}[章节部篇条]))"_s);
    return block.match(line).hasMatch();
}

bool isBodyLine(const PdfLine &line)
{
    return !line.box.isNull() && !line.text.trimmed().isEmpty() && !isPdfNumberLine(line.text);
}

// What the page's running text looks like: its typical line height and its edges.
struct TextColumn {
    double lineHeight = 0;
    double left = 0;
    double right = 0;
};

TextColumn textColumnOf(const QList<PdfLine> &lines)
{
    QList<double> heights;
    for (const PdfLine &line : lines) {
        if (isBodyLine(line))
            heights.append(line.box.height());
    }
    if (heights.isEmpty())
        return {};
    std::sort(heights.begin(), heights.end());
    TextColumn column{heights.at(heights.size() / 2), std::numeric_limits<double>::max(), 0};
    // Headings and small print do not set the text's edges.
    for (const PdfLine &line : lines) {
        if (isBodyLine(line)
            && std::abs(line.box.height() - column.lineHeight)
                <= SizeChangeRatio * column.lineHeight) {
            column.left = std::min(column.left, line.box.left());
            column.right = std::max(column.right, line.box.right());
        }
    }
    return column;
}

// The line a superscript sits on: it is small beside it, overlaps its top half and is
// raised above its middle, horizontally within it or just past its end.
int lineCarrying(const QRectF &marker, const QList<PdfLine> &lines)
{
    int best = -1;
    double bestDistance = std::numeric_limits<double>::max();
    for (qsizetype i = 0; i < lines.size(); ++i) {
        const PdfLine &line = lines.at(i);
        if (!isBodyLine(line))
            continue;
        const QRectF &box = line.box;
        const double h = box.height();
        const bool small = marker.height() <= MarkerHeightRatio * h;
        const bool raised = marker.center().y() < box.center().y() && marker.bottom() > box.top()
            && marker.top() > box.top() - 0.5 * h;
        const bool within
            = marker.center().x() > box.left() - h && marker.center().x() < box.right() + 2 * h;
        const double distance = std::abs(marker.top() - box.top());
        if (small && raised && within && distance < bestDistance) {
            best = int(i);
            bestDistance = distance;
        }
    }
    return best;
}

// The markers of one number line, or nothing when any of its numbers is not superscript
// (then the line is ordinary text and stays whole).
QList<PdfCitationMarker> markersOfLine(int index, const QList<PdfLine> &lines,
                                       const TextColumn &column)
{
    const PdfLine &line = lines.at(index);
    const qsizetype numbers = pdfNumbersIn(line.text).size();
    if (numbers == 0 || line.numberBoxes.size() != numbers)
        return {};
    QList<PdfCitationMarker> markers;
    QRectF group;
    const auto close = [&](int first, int end) {
        PdfCitationMarker marker{index,        first, end - first, lineCarrying(group, lines),
                                 group.left(), -1};
        const bool loose
            = column.lineHeight > 0 && group.height() < LooseMarkerHeightRatio * column.lineHeight;
        if (marker.target < 0 && !loose)
            return false;
        markers.append(marker);
        return true;
    };
    int first = 0;
    for (int i = 0; i < numbers; ++i) {
        const QRectF &box = line.numberBoxes.at(i);
        if (box.isEmpty())
            return {};
        const bool joins = i > first
            && box.left() - group.right() < MarkerGroupGap * std::max(box.height(), group.height())
            && std::abs(box.top() - group.top()) < 0.5 * group.height();
        if (i > first && !joins) {
            if (!close(first, i))
                return {};
            first = i;
        }
        group = i == first ? box : group.united(box);
    }
    if (!close(first, int(numbers)))
        return {};
    return markers;
}

// Text with the origin of each character.
class MappedText
{
public:
    void append(QChar c, std::pair<int, int> source)
    {
        m_map.text.append(c);
        m_map.sources.append(source);
    }
    void append(const QString &s, std::pair<int, int> source)
    {
        for (const QChar c : s)
            append(c, source);
    }
    void append(const PdfTextMap &map, qsizetype from)
    {
        m_map.text += QStringView(map.text).sliced(from);
        m_map.sources += map.sources.sliced(from);
    }
    bool endsWithSpace() const { return !m_map.text.isEmpty() && m_map.text.back().isSpace(); }
    void chop()
    {
        m_map.text.chop(1);
        m_map.sources.removeLast();
    }
    qsizetype size() const { return m_map.text.size(); }
    MappedText &trimmedEnd()
    {
        while (endsWithSpace())
            chop();
        return *this;
    }
    PdfTextMap take() { return std::move(m_map); }

private:
    PdfTextMap m_map;
};

QString markerText(const PdfLine &line, const PdfCitationMarker &marker)
{
    const QList<std::pair<int, int>> numbers = pdfNumbersIn(line.text);
    QStringList parts;
    for (int i = marker.first; i < marker.first + marker.count; ++i)
        parts << line.text.mid(numbers.at(i).first, numbers.at(i).second - numbers.at(i).first);
    return u'[' + parts.join(u", "_s) + u']';
}

std::pair<int, int> markerSource(const PdfLine &line, const PdfCitationMarker &marker)
{
    const QList<std::pair<int, int>> numbers = pdfNumbersIn(line.text);
    return {line.offset + numbers.at(marker.first).first,
            line.offset + numbers.at(marker.first + marker.count - 1).second};
}

// One line as it reads with its markers in; a marker takes the place of the space PDFium
// left where it was drawn.
void appendLine(MappedText &out, const QList<PdfLine> &lines, int index,
                QList<PdfCitationMarker> markers)
{
    const PdfLine &line = lines.at(index);
    std::stable_sort(markers.begin(), markers.end(), [](const auto &a, const auto &b) {
        return std::pair(a.column, a.x) < std::pair(b.column, b.x);
    });
    const qsizetype lineStart = out.size();
    qsizetype next = 0;
    int skip = -1;
    for (qsizetype i = 0; i <= line.text.size(); ++i) {
        while (next < markers.size()
               && std::clamp(markers.at(next).column, 0, int(line.text.size())) == i) {
            const PdfCitationMarker &marker = markers.at(next++);
            if (out.size() > lineStart && out.endsWithSpace())
                out.chop();
            else if (i < line.text.size() && line.text.at(i).isSpace())
                skip = int(i);
            out.append(markerText(lines.at(marker.line), marker),
                       markerSource(lines.at(marker.line), marker));
        }
        if (i < line.text.size() && i != skip)
            out.append(line.text.at(i), {line.offset + int(i), line.offset + int(i) + 1});
    }
}

// Whether the break between two lines only wrapped a CJK sentence.
bool isSoftBreak(QStringView before, const PdfLine &a, QStringView after, const PdfLine &b,
                 const TextColumn &column)
{
    before = trimmedRight(before);
    after = after.trimmed();
    if (before.isEmpty() || after.isEmpty())
        return false;
    if (!isCjk(lastCodePoint(before)) && !isCjk(codePointAt(after, 0)))
        return false;
    if (endsSentence(before) || startsBlock(after))
        return false;
    if (a.box.isNull() || b.box.isNull())
        return true;
    const double h = std::max(a.box.height(), b.box.height());
    const bool sizeChanged = std::abs(a.box.height() - b.box.height()) > SizeChangeRatio * h;
    const bool gap = b.box.top() - a.box.bottom() > ParagraphGapRatio * h
        || b.box.top() < a.box.top(); // the next column or a float
    const bool shortLine = a.box.right() < column.right - ShortLineHeights * column.lineHeight;
    // A wrapped line starts where its paragraph's lines do (an indented block's included); one
    // indented beyond the line before starts a paragraph.
    const bool indented = b.box.left() > a.box.left() + IndentHeights * column.lineHeight;
    return !sizeChanged && !gap && !shortLine && !indented;
}

} // namespace

PdfTextMap normalisePdfText(const QString &qtPdfText)
{
    MappedText out;
    for (qsizetype i = 0; i < qtPdfText.size(); ++i) {
        const QChar c = qtPdfText.at(i);
        const int at = int(i);
        if (c == u'\r') {
            const bool crLf = i + 1 < qtPdfText.size() && qtPdfText.at(i + 1) == u'\n';
            out.append(QChar(u'\n'), {at, at + (crLf ? 2 : 1)});
            i += crLf ? 1 : 0;
        } else if (c == QChar(u'\uFFFE')) {
            // PDFium's mark for a hyphen that ended a line (it joins the two lines). The page
            // shows a hyphen, and in the reports seen so far these are URLs and compounds,
            // not soft hyphenation.
            out.append(QChar(u'-'), {at, at + 1});
        } else if (c.unicode() >= 0x20 || c == u'\n' || c == u'\t') {
            // Other control characters are not text anyone reads.
            out.append(c, {at, at + 1});
        }
    }
    return out.trimmedEnd().take();
}

PdfTextMap composePdfTextMaps(const PdfTextMap &outer, const PdfTextMap &inner)
{
    PdfTextMap result{outer.text, {}};
    result.sources.reserve(outer.sources.size());
    const int innerSize = int(inner.sources.size());
    for (const auto &[begin, end] : outer.sources) {
        const int b = std::clamp(begin, 0, innerSize);
        const int e = std::clamp(end, b, innerSize);
        if (b == e) {
            const int at = b < innerSize ? inner.sources.at(b).first
                                         : (innerSize > 0 ? inner.sources.last().second : 0);
            result.sources.append({at, at});
        } else {
            result.sources.append({inner.sources.at(b).first, inner.sources.at(e - 1).second});
        }
    }
    return result;
}

QList<PdfLine> splitPdfLines(const QString &pageText)
{
    QList<PdfLine> lines;
    qsizetype start = 0;
    while (true) {
        const qsizetype end = pageText.indexOf(u'\n', start);
        const qsizetype stop = end < 0 ? pageText.size() : end;
        lines.append(PdfLine{int(start), pageText.mid(start, stop - start), {}, {}, {}});
        if (end < 0)
            return lines;
        start = end + 1;
    }
}

bool isPdfNumberLine(QStringView line)
{
    static const QRegularExpression numbers(
        uR"(^\s*\d{1,3}(?:(?:\s*[,，、;–-]\s*|\s+)\d{1,3})*\s*$)"_s);
    return numbers.match(line).hasMatch();
}

bool pdfLinesNeedGeometry(const QList<PdfLine> &lines)
{
    return std::any_of(lines.cbegin(), lines.cend(), [](const PdfLine &line) {
        const QStringView text(line.text);
        for (qsizetype i = 0; i < text.size(); ++i) {
            if (isCjk(codePointAt(text, i)))
                return true;
        }
        return isPdfNumberLine(text);
    });
}

bool assignPdfLineRuns(QList<PdfLine> &lines, const QList<QRectF> &pageRuns)
{
    // Rows of runs: a run continues a row when it overlaps the row's height and does not go
    // back left of it.
    QList<QList<QRectF>> rows;
    QRectF row;
    for (const QRectF &run : pageRuns) {
        if (run.isEmpty())
            continue;
        const double minHeight = std::min(run.height(), row.height());
        const double overlap
            = std::min(run.bottom(), row.bottom()) - std::max(run.top(), row.top());
        if (!rows.isEmpty() && overlap > 0.5 * minHeight
            && run.left() > row.right() - 0.5 * minHeight) {
            rows.last().append(run);
            row |= run;
        } else {
            rows.append({run});
            row = run;
        }
    }
    const auto hasText = [](const PdfLine &line) {
        return !line.text.trimmed().isEmpty();
    };
    if (rows.size() != std::count_if(lines.cbegin(), lines.cend(), hasText))
        return false;
    qsizetype next = 0;
    for (PdfLine &line : lines) {
        if (!hasText(line))
            continue;
        line.runs = rows.at(next++);
        line.box = QRectF();
        for (const QRectF &run : std::as_const(line.runs))
            line.box |= run;
        if (isPdfNumberLine(line.text) && pdfNumbersIn(line.text).size() == line.runs.size())
            line.numberBoxes = line.runs;
    }
    return true;
}

int pdfColumnBetweenRuns(const PdfLine &line, double x)
{
    if (line.runs.isEmpty())
        return -1;
    // Where each stretch of non-blank characters starts and ends.
    QList<std::pair<int, int>> words;
    for (qsizetype i = 0; i < line.text.size(); ++i) {
        if (line.text.at(i).isSpace())
            continue;
        if (words.isEmpty() || line.text.at(i - 1).isSpace())
            words.append({int(i), int(i) + 1});
        else
            words.last().second = int(i) + 1;
    }
    if (words.size() != line.runs.size())
        return -1;
    if (x >= line.runs.last().right() - 0.5)
        return int(line.text.size());
    if (x <= line.runs.first().left())
        return 0;
    for (qsizetype i = 0; i + 1 < line.runs.size(); ++i) {
        if (x >= line.runs.at(i).right() - 0.5 && x <= line.runs.at(i + 1).left() + 0.5)
            return words.at(i + 1).first;
    }
    return -1;
}

QList<std::pair<int, int>> pdfNumbersIn(QStringView line)
{
    QList<std::pair<int, int>> numbers;
    qsizetype i = 0;
    while (i < line.size()) {
        if (!line.at(i).isDigit()) {
            ++i;
            continue;
        }
        const qsizetype start = i;
        while (i < line.size() && line.at(i).isDigit())
            ++i;
        numbers.append({int(start), int(i)});
    }
    return numbers;
}

QList<PdfCitationMarker> findPdfCitationMarkers(const QList<PdfLine> &lines)
{
    const TextColumn column = textColumnOf(lines);
    QList<PdfCitationMarker> markers;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (isPdfNumberLine(lines.at(i).text))
            markers += markersOfLine(int(i), lines, column);
    }
    return markers;
}

PdfTextMap joinPdfLines(const QList<PdfLine> &lines, const QList<PdfCitationMarker> &markers)
{
    QSet<int> markerLines;
    QHash<int, QList<PdfCitationMarker>> placed;
    for (const PdfCitationMarker &marker : markers) {
        markerLines.insert(marker.line);
        if (marker.target >= 0)
            placed[marker.target].append(marker);
    }
    const TextColumn column = textColumnOf(lines);
    MappedText out;
    int previous = -1;
    PdfTextMap previousText;
    for (int i = 0; i < int(lines.size()); ++i) {
        if (markerLines.contains(i))
            continue;
        MappedText line;
        appendLine(line, lines, i, placed.value(i));
        PdfTextMap text = line.take();
        qsizetype from = 0;
        if (previous >= 0) {
            const PdfLine &a = lines.at(previous);
            if (isSoftBreak(previousText.text, a, text.text, lines.at(i), column)) {
                // CJK puts no space where a line wrapped; PDFium sometimes leaves one there.
                out.trimmedEnd();
                while (from < text.text.size() && text.text.at(from).isSpace())
                    ++from;
            } else {
                const int breakAt = a.offset + int(a.text.size());
                out.append(QChar(u'\n'), {breakAt, breakAt + 1});
            }
        }
        out.append(text, from);
        previousText = std::move(text);
        previous = i;
    }
    return out.trimmedEnd().take();
}

} // namespace Rubricate
