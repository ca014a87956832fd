// SQLite's full-text index over reports: the tokenizer behind report_fts (searchtokens.h),
// which every connection registers before it touches the table, and the MATCH expressions
// that find the reports holding a search's terms.
#pragma once

#include "domain/result.h"

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

namespace Rubricate::SqliteSearch {

// The name report_fts's definition gives the tokenizer.
inline constexpr char TokenizerName[] = "rubricate";

// Makes the tokenizer known to the connection.
Result<void> registerTokenizer(QSqlDatabase &db);

// A MATCH expression for report_fts that every report holding all `terms` (as substrings,
// case-insensitively) matches; empty when no term narrows the search (then every report has to
// be read). A term's first word may end inside a text's word: the index's vocabulary says which
// of its words hold it.
QString matchExpression(QSqlDatabase &db, const QStringList &terms);

} // namespace Rubricate::SqliteSearch
