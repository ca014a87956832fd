// Numbered schema migrations, applied on open, each in its own transaction.
#pragma once

#include "domain/result.h"

#include <QSqlDatabase>
#include <QString>
#include <QStringList>

#include <functional>

namespace Rubricate {

class SqlDialect;

struct Migration {
    int version; // user_version after this migration ran
    QString description;
    std::function<QStringList(const SqlDialect &)> statements;
    // Rows SQL alone cannot convert, after the statements and in the same transaction.
    std::function<Result<void>(QSqlDatabase &)> convert = {};
    // Frees much of the file: the engine's compactStatements() run once the migrations are
    // done (an existing project only; a new one has nothing to give back).
    bool compacts = false;
};

const QList<Migration> &schemaMigrations();
int latestSchemaVersion();

// Brings `db` from its current version up to `targetVersion` (default: latest). Refuses a
// database newer than this build knows. A failed migration leaves the database at the last
// version that completed.
Result<void> migrate(QSqlDatabase &db, const SqlDialect &dialect, int targetVersion = -1);

} // namespace Rubricate
