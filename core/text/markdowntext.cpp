#include "text/markdowntext.h"

#include <QRegularExpression>
#include <QStringList>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString markdownPlainText(const QString &markdown)
{
    // Link text may hold one level of brackets: the search's own hit markers ("[word]").
    static const QRegularExpression link(
        u"!?\\[((?:[^\\[\\]]|\\[[^\\[\\]]*\\])*)\\](?:\\([^()\\s]*(?:\\s+\"[^\"]*\")?\\)|\\[[^\\]]*\\])"_s);
    // Markers at the start of a line, or after white space once a snippet was simplified.
    static const QRegularExpression heading(u"(^|\\s)#{1,6}\\s+"_s,
                                            QRegularExpression::MultilineOption);
    // Bullets and quotes only where a line starts: inside a line "2 * 3" and "a > b" are
    // text, and a snippet is already one line.
    static const QRegularExpression bullet(u"^[ \\t]*[*+>][ \\t]+"_s,
                                           QRegularExpression::MultilineOption);
    // Emphasis opens before a word and closes after one; inside a word (snake_case) or
    // between spaces (2 * 3) it is not emphasis.
    static const QRegularExpression emphasisOpen(u"(?<![\\w*_])(\\*{1,3}|_{1,3})(?=[^\\s*_])"_s);
    static const QRegularExpression emphasisClose(u"(?<=[^\\s*_])(\\*{1,3}|_{1,3})(?![\\w*_])"_s);
    static const QRegularExpression ticks(u"`+"_s);

    QString text = markdown;
    text.replace(link, u"\\1"_s);
    text.replace(heading, u"\\1"_s);
    text.remove(bullet);
    text.replace(emphasisOpen, QString());
    text.replace(emphasisClose, QString());
    text.remove(ticks);
    return text;
}

QString markdownWithReferenceLines(const QString &markdown)
{
    static const QRegularExpression reference(u"^ {0,3}(?:\\[\\d+\\]|\\d{1,9}[.)])\\s"_s);
    static const QRegularExpression fence(u"^ {0,3}(```|~~~)"_s);
    QStringList lines = markdown.split(u'\n');
    bool inFence = false;
    for (qsizetype i = 0; i < lines.size(); ++i) {
        if (fence.match(lines.at(i)).hasMatch()) {
            inFence = !inFence;
            continue;
        }
        if (inFence || i == 0 || !reference.match(lines.at(i)).hasMatch())
            continue;
        QString &previous = lines[i - 1];
        const qsizetype end = previous.endsWith(u'\r') ? previous.size() - 1 : previous.size();
        if (previous.trimmed().isEmpty() || QStringView(previous).first(end).endsWith(u"  "_s))
            continue;
        // Two trailing spaces: a hard line break, which keeps the lines in one paragraph
        // (or list item) without the space a blank line would add.
        previous.insert(end, u"  "_s);
    }
    return lines.join(u'\n');
}

} // namespace Rubricate
