#include "sqlitestatement.h"

#include "domain/softassert.h"
#include "sqlerrortext.h"
#include "storelog.h"

#include <QSqlDriver>
#include <QVariant>

#include <sqlite3.h>

namespace Rubricate {

using namespace Qt::StringLiterals;

sqlite3 *sqliteHandle(const QSqlDatabase &db)
{
    const QVariant handle = db.driver()->handle();
    if (!handle.isValid() || qstrcmp(handle.typeName(), "sqlite3*") != 0)
        return nullptr;
    return *static_cast<sqlite3 *const *>(handle.constData());
}

std::unique_ptr<SqliteStatement> SqliteStatement::prepare(sqlite3 *db, const QString &sql,
                                                          QString *error)
{
    sqlite3_stmt *statement = nullptr;
    const QByteArray text = sql.toUtf8();
    if (sqlite3_prepare_v3(db, text.constData(), int(text.size()), SQLITE_PREPARE_PERSISTENT,
                           &statement, nullptr)
        != SQLITE_OK) {
        *error = QString::fromUtf8(sqlite3_errmsg(db)) + u" in: " + sql;
        sqlite3_finalize(statement);
        return nullptr;
    }
    return std::unique_ptr<SqliteStatement>(new SqliteStatement(db, statement));
}

SqliteStatement::SqliteStatement(sqlite3 *db, sqlite3_stmt *statement)
    : m_db(db)
    , m_statement(statement)
{ }

SqliteStatement::~SqliteStatement()
{
    sqlite3_finalize(m_statement);
}

void SqliteStatement::bind(int index, qint64 value)
{
    sqlite3_bind_int64(m_statement, index + 1, value);
}

void SqliteStatement::bind(int index, std::optional<double> value)
{
    if (value)
        sqlite3_bind_double(m_statement, index + 1, *value);
    else
        bindNull(index);
}

void SqliteStatement::bindNull(int index)
{
    sqlite3_bind_null(m_statement, index + 1);
}

void SqliteStatement::bindText(int index, const QString &value)
{
    // Converted here rather than by SQLite, whose UTF-16 conversion is the slower one.
    bindUtf8(index, value.toUtf8());
}

void SqliteStatement::bindUtf8(int index, const QByteArray &utf8)
{
    const QByteArray &kept = m_texts.emplace_back(utf8);
    sqlite3_bind_text64(m_statement, index + 1, kept.constData(), sqlite3_uint64(kept.size()),
                        SQLITE_STATIC, SQLITE_UTF8);
}

bool SqliteStatement::run(const std::function<void(const RowStatement &)> &eachRow)
{
    // A statement is one cursor: run again from inside its own rows, it would start over.
    RUBRICATE_CHECK(lcStore, !sqlite3_stmt_busy(m_statement), {
        m_error = u"a statement was run again before it finished"_s;
        return false;
    });
    int rc = sqlite3_step(m_statement);
    for (; rc == SQLITE_ROW; rc = sqlite3_step(m_statement)) {
        if (eachRow)
            eachRow(*this);
    }
    const bool ok = rc == SQLITE_DONE;
    // The connection's count stays that of its last change while a query only reads.
    m_changes = ok && !sqlite3_stmt_readonly(m_statement) ? sqlite3_changes64(m_db) : 0;
    if (!ok)
        m_error = sqliteErrorText(sqlite3_extended_errcode(m_db),
                                  QString::fromUtf8(sqlite3_errmsg(m_db)));
    sqlite3_reset(m_statement);
    sqlite3_clear_bindings(m_statement);
    m_texts.clear();
    return ok;
}

qint64 SqliteStatement::columnInt(int column) const
{
    return sqlite3_column_int64(m_statement, column);
}

double SqliteStatement::columnDouble(int column) const
{
    return sqlite3_column_double(m_statement, column);
}

QString SqliteStatement::columnText(int column) const
{
    const auto *text = reinterpret_cast<const char *>(sqlite3_column_text(m_statement, column));
    if (!text)
        return {};
    return QString::fromUtf8(text, sqlite3_column_bytes(m_statement, column));
}

bool SqliteStatement::columnIsNull(int column) const
{
    return sqlite3_column_type(m_statement, column) == SQLITE_NULL;
}

} // namespace Rubricate
