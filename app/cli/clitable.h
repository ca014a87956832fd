// Aligned plain-text tables for the terminal; wide (CJK) characters count as two columns.
#pragma once

#include <QList>
#include <QSet>
#include <QStringList>

namespace Rubricate::Cli {

class Table
{
public:
    void setHeader(const QStringList &header) { m_header = header; }
    void addRow(const QStringList &row) { m_rows.append(row); }
    void setRightAligned(int column) { m_right.insert(column); }
    int rowCount() const { return int(m_rows.size()); }
    QString render(int indent = 0) const;

private:
    QStringList m_header;
    QList<QStringList> m_rows;
    QSet<int> m_right;
};

int displayWidth(const QString &s);
// `text` in at most `columns` terminal columns: cut between characters (never inside a
// surrogate pair or a wide character) and ended with "…" when it does not fit.
QString clipped(const QString &text, int columns);

} // namespace Rubricate::Cli
