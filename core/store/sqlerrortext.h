// What a refused statement tells the user. PostgreSQL's own "permission denied for table
// judge_run" is true but leaves a team's annotator guessing: their login may add its own
// labels and nothing else, by design (teamroles.h).
#pragma once

#include <QString>

class QSqlError;

namespace Rubricate {

QString sqlErrorText(const QSqlError &error);

} // namespace Rubricate
