// A prepared statement, whichever engine holds the project: SQLite's own API on a project file
// (sqlitestatement.h), QSqlQuery on PostgreSQL. What a judge run writes for every item and the
// reports it reads go through it, so that one body of code serves both.
#pragma once

#include <QSqlQuery>
#include <QString>

#include <functional>
#include <optional>

namespace Rubricate {

class RowStatement
{
public:
    virtual ~RowStatement() = default;

    // Parameters count from 0, as bindAt's do. An absent number is NULL, and so is an empty
    // text given to bindTextOrNull, as StoreCodec::number and StoreCodec::text write them.
    virtual void bind(int index, qint64 value) = 0;
    virtual void bind(int index, std::optional<double> value) = 0;
    virtual void bindText(int index, const QString &value) = 0;
    // A text already in UTF-8, such as one bound in every row of a statement.
    virtual void bindUtf8(int index, const QByteArray &utf8) = 0;
    void bindTextOrNull(int index, const QString &value);

    // Runs the statement, calls `eachRow` for each row it returns, and makes it ready for the
    // next bindings. False with error() set.
    virtual bool run(const std::function<void(const RowStatement &)> &eachRow = {}) = 0;
    virtual qint64 columnInt(int column) const = 0;
    virtual double columnDouble(int column) const = 0;
    // A null QString for NULL.
    virtual QString columnText(int column) const = 0;
    virtual bool columnIsNull(int column) const = 0;
    QString error() const { return m_error; }
    // How many rows the last run inserted, updated or deleted.
    qint64 changes() const { return m_changes; }

protected:
    virtual void bindNull(int index) = 0;
    QString m_error;
    qint64 m_changes = 0;
};

// The statement through QSqlQuery (one ProjectDatabase::prepared() keeps), for PostgreSQL.
class QueryRowStatement final : public RowStatement
{
public:
    explicit QueryRowStatement(QSqlQuery &query)
        : m_query(query)
    { }

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
    void bindNull(int index) override;

    QSqlQuery &m_query;
};

} // namespace Rubricate
