#include "projectcopy.h"

#include "projectstore.h"
#include "serverlocation.h"
#include "sqldialect.h"
#include "storecodec.h"

#include <QCryptographicHash>
#include <QFile>
#include <QFileInfo>
#include <QLockFile>
#include <QScopeGuard>
#include <QSqlError>
#include <QSqlField>
#include <QSqlIndex>
#include <QSqlRecord>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// What the engines keep for themselves: the schema version, which server login labels as
// which annotator (another server's logins are other people), SQLite's full-text tables and
// catalogue. Anything else that is not in copiedTables() stops the copy.
bool isEngineTable(const QString &table)
{
    return table == "rubricate_schema"_L1 || table == "rubricate_login"_L1
        || table.startsWith("report_fts"_L1) || table.startsWith("sqlite_"_L1);
}

// Columns that point into their own table: written in a second pass, once every row is in.
QStringList selfReferences(const QString &table)
{
    return table == "rubric"_L1 ? QStringList{u"duplicate_of"_s} : QStringList{};
}

// One value as text the same on both engines: both return 64-bit integers, doubles, text and
// bytes for the schema's column types.
void addCanonical(QCryptographicHash &hash, const QVariant &value)
{
    if (value.isNull()) {
        hash.addData("\x01N\x02");
        return;
    }
    switch (value.metaType().id()) {
    case QMetaType::Double:
    case QMetaType::Float:
        hash.addData("d");
        hash.addData(QByteArray::number(value.toDouble(), 'g', 17));
        break;
    case QMetaType::QByteArray:
        hash.addData("b");
        hash.addData(value.toByteArray());
        break;
    case QMetaType::QString:
        hash.addData("s");
        hash.addData(value.toString().toUtf8());
        break;
    default:
        hash.addData("i");
        hash.addData(QByteArray::number(value.toLongLong()));
    }
    hash.addData("\x02");
}

QStringList columnsOf(ProjectStore &store, const QString &table)
{
    const QSqlRecord record = store.database().record(table);
    QStringList columns;
    for (int i = 0; i < record.count(); ++i)
        columns << record.fieldName(i);
    columns.sort(); // the engines list columns added later in different places
    return columns;
}

Result<qint64> rowCount(ProjectStore &store, const QString &table)
{
    QSqlQuery q(store.database());
    if (!q.exec(u"SELECT count(*) FROM "_s + table) || !q.next())
        return Error{u"%1: %2"_s.arg(table, q.lastError().text())};
    return q.value(0).toLongLong();
}

// Rows are hashed one by one and the row digests sorted, so that neither the engines' order
// of rows nor their collations change the table's hash.
Result<void> hashTable(ProjectStore &store, const QString &table, TableCheck *check, bool source)
{
    const QStringList columns = columnsOf(store, table);
    QSqlQuery q(store.database());
    q.setForwardOnly(true);
    if (!q.exec(u"SELECT %1 FROM %2"_s.arg(columns.join(u", "_s), table))) {
        return Error{u"%1: %2"_s.arg(table, q.lastError().text())};
    }
    QList<QByteArray> digests;
    while (q.next()) {
        QCryptographicHash row(QCryptographicHash::Sha256);
        for (int i = 0; i < columns.size(); ++i)
            addCanonical(row, q.value(i));
        digests << row.result();
    }
    std::sort(digests.begin(), digests.end());
    QCryptographicHash all(QCryptographicHash::Sha256);
    all.addData(table.toUtf8());
    for (const QByteArray &d : std::as_const(digests))
        all.addData(d);
    (source ? check->sourceRows : check->copiedRows) = digests.size();
    (source ? check->sourceHash : check->copiedHash) = QString::fromLatin1(all.result().toHex());
    return {};
}

// The source's tables must be the ones this build copies: a table the copy does not know
// would be lost without a word.
Result<void> checkTables(ProjectStore &store)
{
    QStringList unknown;
    for (const QString &table : store.database().tables()) {
        if (!isEngineTable(table) && !copiedTables().contains(table))
            unknown << table;
    }
    if (!unknown.isEmpty()) {
        return Error{
            u"%1 has tables this build cannot copy: %2"_s.arg(store.path(), unknown.join(u", "_s))};
    }
    return {};
}

Result<void> destinationIsEmpty(ProjectStore &store)
{
    for (const QString &table : copiedTables()) {
        const Result<qint64> rows = rowCount(store, table);
        if (!rows)
            return rows.error();
        if (*rows > 0) {
            return Error{u"%1 already holds a project (%2 rows in %3); a copy goes into a new, "
                         "empty project"_s.arg(store.path())
                             .arg(*rows)
                             .arg(table)};
        }
    }
    return {};
}

// Qt's SQLite driver reads an empty blob as a null QByteArray, which binds as SQL NULL: the
// query, not the value, knows whether the column was NULL (an original kept as its report's
// text is an empty blob in a NOT NULL column).
QVariant readValue(const QSqlQuery &read, int column)
{
    QVariant v = read.value(column);
    if (v.metaType().id() == QMetaType::QByteArray && !read.isNull(column)
        && v.toByteArray().isNull())
        return QByteArray("");
    return v;
}

Result<void> copyTable(ProjectStore &from, ProjectStore &to, const QString &table, qint64 total,
                       const CopyProgress &progress)
{
    const QStringList columns = columnsOf(from, table);
    const QStringList later = selfReferences(table);
    QStringList placeholders;
    for (const QString &column : columns)
        placeholders << (later.contains(column) ? u"NULL"_s : u"?"_s);
    QSqlQuery read(from.database());
    read.setForwardOnly(true);
    if (!read.exec(u"SELECT %1 FROM %2"_s.arg(columns.join(u", "_s), table))) {
        return Error{u"%1 %2: %3"_s.arg(from.path(), table, read.lastError().text())};
    }
    ProjectDatabase &db = to.projectDatabase();
    QSqlQuery &insert = db.prepared(u"INSERT INTO %1 (%2) VALUES (%3)"_s.arg(
        table, columns.join(u", "_s), placeholders.join(u", "_s)));
    QList<std::pair<QVariant, QVariantList>> deferred; // (id, self-references) per row
    const int idColumn = int(columns.indexOf(u"id"_s));
    qint64 rows = 0;
    while (read.next()) {
        int bound = 0;
        QVariantList refs;
        for (int i = 0; i < columns.size(); ++i) {
            if (later.contains(columns.at(i)))
                refs << read.value(i);
            else
                StoreCodec::bindAt(insert, bound++, readValue(read, i));
        }
        if (!db.exec(insert)) {
            return Error{u"%1 %2: %3"_s.arg(to.path(), table, db.lastError())};
        }
        if (std::any_of(refs.cbegin(), refs.cend(), [](const QVariant &v) { return !v.isNull(); }))
            deferred.append({read.value(idColumn), refs});
        if (progress && (++rows % 1000 == 0 || rows == total))
            progress(table, rows, total);
    }
    for (const auto &[id, refs] : std::as_const(deferred)) {
        QStringList sets;
        for (const QString &column : later)
            sets << column + u" = ?"_s;
        QSqlQuery &update
            = db.prepared(u"UPDATE %1 SET %2 WHERE id = ?"_s.arg(table, sets.join(u", "_s)));
        int i = 0;
        for (const QVariant &v : refs)
            StoreCodec::bindAt(update, i++, v);
        StoreCodec::bindAt(update, i, id);
        if (!db.exec(update)) {
            return Error{u"%1 %2: %3"_s.arg(to.path(), table, db.lastError())};
        }
    }
    if (table == "report"_L1 && !db.reportsWritten())
        return Error{u"%1 %2: %3"_s.arg(to.path(), table, db.lastError())};
    QSqlQuery q(to.database());
    for (const QString &statement : db.dialect().afterExplicitIds(table)) {
        const QSqlField id = to.database().record(table).field(u"id"_s);
        if (!id.isValid() || id.metaType().id() == QMetaType::QString)
            break; // no auto id here
        if (!q.exec(statement)) {
            return Error{u"%1 %2: %3"_s.arg(to.path(), table, q.lastError().text())};
        }
    }
    return {};
}

Result<void> hashAll(ProjectStore &store, QList<TableCheck> &checks, bool source)
{
    for (TableCheck &check : checks) {
        if (Result<void> hashed = hashTable(store, check.table, &check, source); !hashed)
            return hashed;
    }
    return {};
}

QList<TableCheck> emptyChecks()
{
    QList<TableCheck> checks;
    for (const QString &table : copiedTables())
        checks.append({table, 0, 0, {}, {}});
    return checks;
}

} // namespace

qint64 ProjectCopyResult::rows() const
{
    qint64 n = 0;
    for (const TableCheck &t : tables)
        n += t.copiedRows;
    return n;
}

const QStringList &copiedTables()
{
    static const QStringList tables = {
        u"benchmark"_s,
        u"task"_s,
        u"persona"_s,
        u"research_query"_s,
        u"agent_model"_s,
        u"document_blob"_s,
        u"report"_s,
        u"rubric"_s,
        u"reference_entry"_s,
        u"judge_run"_s,
        u"verdict"_s,
        u"verdict_evidence"_s,
        u"annotator"_s,
        u"annotation_event"_s,
        u"annotation_assignment"_s,
        u"study"_s,
        u"import_log"_s,
        u"run_job"_s,
        u"run_batch"_s,
        u"response_cache"_s,
        u"source"_s,
        u"source_text"_s,
        u"page_classification"_s,
    };
    return tables;
}

ProjectCopyResult checkProject(const QString &location)
{
    ProjectCopyResult result;
    auto store = ProjectStore::open(location);
    if (!store) {
        result.error = store.errorMessage();
        return result;
    }
    result.tables = emptyChecks();
    QSqlQuery snapshot(store->database());
    if (!snapshot.exec(store->projectDatabase().dialect().beginSnapshot())) {
        result.error = snapshot.lastError().text();
        return result;
    }
    const auto end = qScopeGuard([&] { QSqlQuery(store->database()).exec(u"ROLLBACK"_s); });
    const Result<void> hashed = hashAll(*store, result.tables, true);
    result.ok = result.checked = hashed.ok();
    result.error = hashed.errorMessage();
    return result;
}

namespace {

ProjectCopyResult copyInto(const QString &source, const QString &destination,
                           const CopyProgress &progress)
{
    ProjectCopyResult result;
    // Keeps why a step failed in the result, which also carries the tables checked so far.
    const auto failed = [&result](const Result<void> &step) {
        result.error = step.errorMessage();
        return !step;
    };
    auto from = ProjectStore::open(source);
    if (!from) {
        result.error = from.errorMessage();
        return result;
    }
    if (failed(checkTables(*from)))
        return result;
    auto to = ProjectStore::create(destination);
    if (!to) {
        result.error = to.errorMessage();
        return result;
    }
    if (failed(destinationIsEmpty(*to)))
        return result;

    // One snapshot of the source, however long the copy takes and whoever writes meanwhile.
    QSqlQuery snapshot(from->database());
    if (!snapshot.exec(from->projectDatabase().dialect().beginSnapshot())) {
        result.error = u"%1: %2"_s.arg(source, snapshot.lastError().text());
        return result;
    }
    const auto endSnapshot = qScopeGuard([&] { QSqlQuery(from->database()).exec(u"ROLLBACK"_s); });
    result.tables = emptyChecks();
    {
        // All or nothing: a failed copy leaves the destination empty.
        Transaction tx(*to);
        for (TableCheck &check : result.tables) {
            const Result<qint64> total = rowCount(*from, check.table);
            if (failed(total ? copyTable(*from, *to, check.table, *total, progress)
                             : Result<void>(total.error())))
                return result;
        }
        if (const Result<void> committed = tx.commit(); !committed) {
            result.error = committed.error().prefixed(destination).message;
            return result;
        }
    }
    if (failed(hashAll(*from, result.tables, true)) || failed(hashAll(*to, result.tables, false)))
        return result;
    result.checked = true;
    QStringList differ;
    for (const TableCheck &check : std::as_const(result.tables)) {
        if (!check.matches())
            differ << check.table;
    }
    if (!differ.isEmpty()) {
        result.error = u"the copy differs from the source in %1"_s.arg(differ.join(u", "_s));
        return result;
    }
    result.ok = true;
    return result;
}

// A database file with its write-ahead log and the log's index.
void removeDatabaseFiles(const QString &path)
{
    for (const QString &suffix : {u""_s, u"-wal"_s, u"-shm"_s, u"-journal"_s})
        QFile::remove(path + suffix);
}

} // namespace

ProjectCopyResult copyProject(const QString &source, const QString &destination,
                              const CopyProgress &progress)
{
    if (ServerLocation::isServer(destination))
        return copyInto(source, destination, progress);
    ProjectCopyResult result;
    if (QFileInfo::exists(destination)) {
        result.error = u"%1 exists; a copy goes to a new file"_s.arg(destination);
        return result;
    }
    // The copy is made beside the destination and takes its name only once it is complete and
    // checked: a copy that fails, or is killed, never leaves a project that looks whole there,
    // or one that stops the next try. The lock keeps two copies from sharing the partial file;
    // one a killed copy left is stale, and its partial file is removed.
    QLockFile lock(destination + u".lock"_s);
    if (!lock.tryLock(0)) {
        result.error = lock.error() == QLockFile::LockFailedError
            ? u"another copy to %1 is running"_s.arg(destination)
            : u"cannot write beside %1"_s.arg(destination);
        return result;
    }
    if (QFileInfo::exists(destination)) { // made while the lock was taken
        result.error = u"%1 exists; a copy goes to a new file"_s.arg(destination);
        return result;
    }
    const QString partial = destination + u".partial"_s;
    removeDatabaseFiles(partial);
    result = copyInto(source, partial, progress);
    result.error.replace(partial, destination); // the name the user gave
    ProjectStore::close(partial); // its log folded in, its connections gone
    if (result.ok && QFileInfo::exists(partial + u"-wal"_s)) {
        result.ok = false;
        result.error = u"the copy %1 is still open elsewhere"_s.arg(partial);
    }
    if (result.ok && !QFile::rename(partial, destination)) {
        result.ok = false;
        result.error = u"cannot rename the finished copy %1 to %2"_s.arg(partial, destination);
    }
    if (!result.ok)
        removeDatabaseFiles(partial);
    return result;
}

} // namespace Rubricate
