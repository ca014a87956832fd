// CSV as RFC 4180 and Python's csv module write it: the one writer and reader every export
// and import of the project uses.
#pragma once

#include "domain/result.h"

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

struct CsvRecords {
    QList<QStringList> records;
    QList<int> startLines; // the 1-based line each record starts on (a field may span lines)
    bool allCrlf = true; // every record ended with CRLF
    // The line of the record whose quoted field is never closed (0: none). It runs to the end
    // of the text, so neither it nor anything after it is in `records`.
    int unterminatedLine = 0;
};

// Splits CSV text into records of fields. An error, naming the record's line, when a quoted
// field is not closed.
Result<CsvRecords> splitCsv(const QString &text);
// The same, for readers that keep what came before an unclosed quote (one stray quote must
// not cost the whole file): the records before it, and its line.
CsvRecords splitCsvUpToUnclosedQuote(const QString &text);

} // namespace Rubricate
