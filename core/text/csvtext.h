// CSV as RFC 4180 and Python's csv module write it: the one writer and reader every export
// and import of the project uses.
#pragma once

#include <QList>
#include <QString>
#include <QStringList>

namespace Rubricate {

enum class CsvLineEnd {
    Crlf, // RFC 4180 and Python's csv module
    Lf, // the result files whose reference writes "\n" (pandas' to_csv)
};

// One record: fields quoted only when they hold a comma, a quote, a CR or an LF, quotes
// doubled, the line end at the end.
QString csvRecord(const QStringList &fields, CsvLineEnd end = CsvLineEnd::Crlf);

// Splits CSV text into records of fields; reports whether every record ended with CRLF and,
// when `startLines` is given, the 1-based line each record starts on (a quoted field may span
// lines). Nothing, and `error` set, when a quoted field is not closed.
QList<QStringList> splitCsv(const QString &text, bool *allCrlf, QString *error,
                            QList<int> *startLines = nullptr);

} // namespace Rubricate
