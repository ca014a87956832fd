// Copies a whole project from one location to another, between engines or within one
// (file → server, server → file, file → file), and proves the copy: row counts and a content
// hash per table on both sides.
//
// The destination must be a new, empty project; the source is only read, in one snapshot.
// Ids are kept, so that exported files and notes that name a run or a report stay true.
#pragma once

#include <QList>
#include <QString>

#include <functional>

namespace Rubricate {

struct TableCheck {
    QString table;
    qint64 sourceRows = 0;
    qint64 copiedRows = 0;
    QString sourceHash; // SHA-256 over the table's rows, independent of row order and engine
    QString copiedHash;
    bool matches() const { return sourceRows == copiedRows && sourceHash == copiedHash; }
};

struct ProjectCopyResult {
    bool ok = false;
    QString error; // why the copy failed or did not match; empty when ok
    // Whether both sides were counted and hashed: before that, `tables` holds no check.
    bool checked = false;
    QList<TableCheck> tables;
    qint64 rows() const;
};

// Called with the table being copied and the rows copied of it so far.
using CopyProgress = std::function<void(const QString &table, qint64 rows, qint64 total)>;

ProjectCopyResult copyProject(const QString &source, const QString &destination,
                              const CopyProgress &progress = {});

// The per-table counts and hashes of the project at `location` (for a check of two copies
// made at different times).
ProjectCopyResult checkProject(const QString &location);

// The tables a copy carries, in an order that inserts every referenced row first. Job leases
// travel with their jobs; they run out in the copy as they would have in the source.
const QStringList &copiedTables();

} // namespace Rubricate
