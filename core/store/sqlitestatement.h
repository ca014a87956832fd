// A statement run through SQLite's own API on the connection Qt opened. A judge run writes a
// row for every judged item; through QSqlQuery each bound value cost a placeholder lookup and
// a QVariant conversion, about 2 of the 45 µs of CPU a judged item took. Texts go in and out
// as UTF-8, converted by Qt: QSqlQuery has SQLite convert them to UTF-16, several times
// slower, which on a report's text and an answer's cost more than the statements themselves.
// Only what a run reads and writes for every request goes this way (rowstatement.h); every
// other statement keeps QSqlQuery.
#pragma once

#include "rowstatement.h"

#include <QByteArray>
#include <QList>
#include <QSqlDatabase>
#include <QString>

#include <memory>
#include <optional>

struct sqlite3;
struct sqlite3_stmt;

namespace Rubricate {

// The connection's SQLite handle; null when `db` is not an SQLite connection.
sqlite3 *sqliteHandle(const QSqlDatabase &db);

class SqliteStatement final : public RowStatement
{
public:
    // Null, with `error` set, when SQLite refuses the statement.
    static std::unique_ptr<SqliteStatement> prepare(sqlite3 *db, const QString &sql,
                                                    QString *error);
    ~SqliteStatement() override;
    SqliteStatement(const SqliteStatement &) = delete;
    SqliteStatement &operator=(const SqliteStatement &) = delete;

    void bind(int index, qint64 value) override;
    void bind(int index, std::optional<double> value) override;
    void bindText(int index, const QString &value) override;
    void bindUtf8(int index, const QByteArray &utf8) override;
    bool run(const std::function<void(const RowStatement &)> &eachRow = {}) override;
    qint64 columnInt(int column) const override;
    double columnDouble(int column) const override;
    QString columnText(int column) const override;
    bool columnIsNull(int column) const override;

private:
    SqliteStatement(sqlite3 *db, sqlite3_stmt *statement);
    void bindNull(int index) override;

    sqlite3 *m_db;
    sqlite3_stmt *m_statement;
    // The bound texts, kept until the statement has run: SQLite takes them as they are
    // (SQLITE_STATIC) instead of copying each into memory of its own and freeing it again,
    // which cost more than converting them (a judge run binds six texts a verdict).
    QList<QByteArray> m_texts;
};

} // namespace Rubricate
