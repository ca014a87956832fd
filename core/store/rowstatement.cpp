#include "rowstatement.h"

#include "sqlerrortext.h"
#include "storecodec.h"

#include <QSqlError>

namespace Rubricate {

void RowStatement::bindTextOrNull(int index, const QString &value)
{
    if (value.isEmpty())
        bindNull(index);
    else
        bindText(index, value);
}

void QueryRowStatement::bind(int index, qint64 value)
{
    StoreCodec::bindAt(m_query, index, value);
}

void QueryRowStatement::bind(int index, std::optional<double> value)
{
    StoreCodec::bindAt(m_query, index, StoreCodec::number(value));
}

void QueryRowStatement::bindText(int index, const QString &value)
{
    StoreCodec::bindAt(m_query, index, value);
}

void QueryRowStatement::bindUtf8(int index, const QByteArray &utf8)
{
    StoreCodec::bindAt(m_query, index, QString::fromUtf8(utf8));
}

void QueryRowStatement::bindNull(int index)
{
    StoreCodec::bindAt(m_query, index, QVariant());
}

bool QueryRowStatement::run(const std::function<void(const RowStatement &)> &eachRow)
{
    if (!m_query.exec()) {
        m_error = sqlErrorText(m_query.lastError());
        return false;
    }
    while (eachRow && m_query.next())
        eachRow(*this);
    m_changes = m_query.isSelect() ? 0 : m_query.numRowsAffected();
    m_query.finish();
    return true;
}

qint64 QueryRowStatement::columnInt(int column) const
{
    return m_query.value(column).toLongLong();
}

double QueryRowStatement::columnDouble(int column) const
{
    return m_query.value(column).toDouble();
}

QString QueryRowStatement::columnText(int column) const
{
    return m_query.value(column).toString();
}

bool QueryRowStatement::columnIsNull(int column) const
{
    return m_query.isNull(column);
}

} // namespace Rubricate
