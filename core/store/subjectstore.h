// What every subject store (catalogstore.h, runstore.h ...) shares: the request's database and
// the helpers its queries use. A subject store is a view over a ProjectDatabase, cheap to make:
// one subject reads another's rows through a temporary, e.g. CatalogStore(*m_db).rubrics(...).
#pragma once

#include "projectdatabase.h"
#include "rowstatement.h"

#include <QList>

#include <optional>
#include <type_traits>

namespace Rubricate {

struct CountRow;

class SubjectStore
{
public:
    explicit SubjectStore(ProjectDatabase &db)
        : m_db(&db)
    { }

protected:
    QSqlQuery &prepared(const QString &sql) { return m_db->prepared(sql); }
    bool exec(QSqlQuery &q) { return m_db->exec(q); }
    bool fail(const QSqlQuery &q) { return m_db->fail(q); }
    // Runs a row statement (ProjectDatabase::rowStatement); false with its error recorded, as
    // exec() records a query's.
    bool runRows(RowStatement &q, const std::function<void(const RowStatement &)> &eachRow = {})
    {
        if (q.run(eachRow))
            return true;
        m_db->setLastError(q.error());
        return false;
    }
    // The row a row statement selects by its one parameter, `id`, as `read` makes it; nullopt
    // when there is none or the statement failed (its error recorded).
    template<typename Read>
    auto rowById(const QString &sql, RowId id, Read read)
        -> std::optional<std::invoke_result_t<Read, const RowStatement &>>
    {
        RowStatement *q = m_db->rowStatement(sql);
        if (!q)
            return std::nullopt;
        q->bind(0, id);
        std::optional<std::invoke_result_t<Read, const RowStatement &>> found;
        if (!runRows(*q, [&found, &read](const RowStatement &row) { found = read(row); }))
            return std::nullopt;
        return found;
    }
    // A write method's answer: the error of the statement that failed, recorded by exec()
    // and fail() (or setLastError() for a refused value).
    Error failure() const { return Error{m_db->lastError()}; }
    Result<void> written(bool ok) const { return ok ? Result<void>() : failure(); }

    using UpsertSql = ProjectDatabase::UpsertSql;
    static UpsertSql upsertSql(const QString &table, const QStringList &keyColumns,
                               const QStringList &valueColumns)
    {
        return ProjectDatabase::upsertSql(table, keyColumns, valueColumns);
    }
    Upserted upsertRow(const UpsertSql &sql, const QVariantList &keyValues,
                       const QVariantList &values)
    {
        return m_db->upsertRow(sql, keyValues, values);
    }
    // (group, key, count) rows of a three-column statement.
    QList<CountRow> countRows(const QString &sql);

    ProjectDatabase *m_db; // a pointer, so that a store can be assigned
};

} // namespace Rubricate
