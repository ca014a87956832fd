#include "clitable.h"

namespace Rubricate::Cli {

using namespace Qt::StringLiterals;

namespace {

int columnsOf(char32_t c)
{
    const bool wide = (c >= 0x1100 && c <= 0x115F) || (c >= 0x2E80 && c <= 0xA4CF)
        || (c >= 0xAC00 && c <= 0xD7A3) || (c >= 0xF900 && c <= 0xFAFF)
        || (c >= 0xFE30 && c <= 0xFE4F) || (c >= 0xFF00 && c <= 0xFF60)
        || (c >= 0xFFE0 && c <= 0xFFE6) || (c >= 0x20000 && c <= 0x3FFFD);
    return wide ? 2 : 1;
}

} // namespace

int displayWidth(const QString &s)
{
    int width = 0;
    for (const char32_t c : s.toUcs4())
        width += columnsOf(c);
    return width;
}

QString clipped(const QString &text, int columns)
{
    if (displayWidth(text) <= columns)
        return text;
    QString kept;
    int width = 0;
    for (const char32_t c : text.toUcs4()) {
        if (width + columnsOf(c) > columns - 1)
            break;
        width += columnsOf(c);
        kept += QString::fromUcs4(&c, 1);
    }
    return kept + u'…';
}

QString Table::render(int indent) const
{
    QList<int> widths;
    const auto measure = [&](const QStringList &row) {
        for (int i = 0; i < row.size(); ++i) {
            if (widths.size() <= i)
                widths.append(0);
            widths[i] = qMax(widths[i], displayWidth(row.at(i)));
        }
    };
    measure(m_header);
    for (const QStringList &r : m_rows)
        measure(r);

    QString out;
    const auto line = [&](const QStringList &row) {
        QString text(indent, u' ');
        for (int i = 0; i < row.size(); ++i) {
            const QString &cell = row.at(i);
            const QString pad(widths.at(i) - displayWidth(cell), u' ');
            const bool last = i == row.size() - 1;
            text += m_right.contains(i) ? pad + cell : (last ? cell : cell + pad);
            if (!last)
                text += u"  "_s;
        }
        out += text + u'\n';
    };
    if (!m_header.isEmpty())
        line(m_header);
    for (const QStringList &r : m_rows)
        line(r);
    return out;
}

} // namespace Rubricate::Cli
