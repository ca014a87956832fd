#include "markdowntable.h"

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

QString markdownTableCell(const QString &text)
{
    QString cell = text.simplified();
    cell.replace(u'|', u"\\|"_s);
    return cell;
}

QString markdownTable(const QList<QStringList> &rows)
{
    qsizetype columns = 0;
    for (const QStringList &row : rows)
        columns = std::max(columns, row.size());
    if (columns == 0)
        return {};

    const auto renderRow = [columns](QStringList cells) -> QString {
        while (cells.size() < columns)
            cells.append(QString());
        return u"| "_s + cells.join(u" | "_s) + u" |"_s;
    };

    QStringList lines;
    lines.reserve(rows.size() + 1);
    for (qsizetype i = 0; i < rows.size(); ++i) {
        lines.append(renderRow(rows.at(i)));
        if (i == 0)
            lines.append(renderRow(QStringList(columns, u"---"_s)));
    }
    return lines.join(u'\n');
}

} // namespace Rubricate
