// The Markdown pipe tables that HTML and DOCX tables become.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Rubricate {

// A cell's text on one line: line breaks and runs of white space become one space, and `|`
// is escaped so that it cannot split the cell.
QString markdownTableCell(const QString &text);

// Renders rows as a pipe table with the header separator after the first row, as the DRB-II
// evaluator does for DOCX tables. Short rows are padded so that every row has as many cells
// as the longest one. Cells are taken as they are (see markdownTableCell). Empty when there
// are no rows. No trailing newline.
QString markdownTable(const QList<QStringList> &rows);

} // namespace Rubricate
