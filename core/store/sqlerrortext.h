// What a refused statement tells the user. PostgreSQL's own "permission denied for table
// judge_run" is true but leaves a team's annotator guessing: their login may add its own
// labels and nothing else, by design (teamroles.h).
#pragma once

#include <QString>

class QSqlError;

namespace Rubricate {

QString sqlErrorText(const QSqlError &error);
// SQLite's message for result code `code` (maybe extended), with what a read-only project
// file means to the user.
QString sqliteErrorText(int code, const QString &message);
// Whether the database refused the statement for what it says (a constraint, a foreign key, a
// value out of range) rather than failed to run it (a lost connection, a lock, a full disk, a
// right an owner may yet grant): asking again would get the same answer.
bool isRefusal(const QSqlError &error);

} // namespace Rubricate
