// CSV as RFC 4180 and Python's csv module write it: the one writer and reader every export
// and import of the project uses.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Rubricate {

// One record: fields quoted only when they hold a comma, a quote or a line break, quotes
// doubled, CRLF at the end.
QString csvRecord(const QStringList &fields);

// Splits CSV text into records of fields; reports whether every record ended with CRLF and,
// when `startLines` is given, the 1-based line each record starts on (a quoted field may span
// lines). Nothing, and `error` set, when a quoted field is not closed.
QList<QStringList> splitCsv(const QString &text, bool *allCrlf, QString *error,
                            QList<int> *startLines = nullptr);

} // namespace Rubricate
