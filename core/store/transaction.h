// Scoped transactions and savepoints over a request's database (or a ProjectStore's).
#pragma once

#include "projectdatabase.h"

namespace Rubricate {

class ProjectStore;

// Scoped transaction: rolls back unless commit() was called.
class Transaction
{
public:
    explicit Transaction(ProjectDatabase &db, WriteChecks checks = WriteChecks::None)
        : m_db(db)
        , m_open(db.begin(checks))
        , m_began(m_open ? Result<void>() : Error{db.lastError()})
    { }
    explicit Transaction(ProjectStore &store, WriteChecks checks = WriteChecks::None);
    ~Transaction()
    {
        if (m_open)
            m_db.rollback();
    }
    Transaction(const Transaction &) = delete;
    Transaction &operator=(const Transaction &) = delete;

    bool isOpen() const { return m_open; }
    // Why the transaction did not begin, for a caller that stops there.
    const Result<void> &began() const { return m_began; }
    // The database's error when the transaction never began or its commit failed.
    Result<void> commit()
    {
        if (!m_open)
            return m_began.ok() ? Result<void>(Error{m_db.lastError()}) : m_began;
        m_open = false;
        if (!m_db.commit())
            return Error{m_db.lastError()};
        return {};
    }
    // Ends it now rather than when it goes out of scope: nothing written since it began stays.
    void rollback()
    {
        if (std::exchange(m_open, false))
            m_db.rollback();
    }

private:
    ProjectDatabase &m_db;
    bool m_open;
    Result<void> m_began;
};

// Scoped savepoint inside an open transaction: rolls back to where it began unless release()
// was called, so a failed row leaves nothing half-written while the transaction goes on.
class Savepoint
{
public:
    Savepoint(ProjectDatabase &db, QString name)
        : m_db(db)
        , m_name(std::move(name))
        , m_open(db.savepoint(m_name))
        , m_began(m_open ? Result<void>() : Error{db.lastError()})
    { }
    Savepoint(ProjectStore &store, QString name);
    ~Savepoint()
    {
        if (m_open) {
            m_db.rollbackToSavepoint(m_name);
            m_db.releaseSavepoint(m_name);
        }
    }
    Savepoint(const Savepoint &) = delete;
    Savepoint &operator=(const Savepoint &) = delete;

    bool isOpen() const { return m_open; }
    // Why the savepoint was not set.
    const Result<void> &began() const { return m_began; }
    Result<void> release()
    {
        if (!m_open)
            return Error{m_db.lastError()};
        m_open = false;
        if (!m_db.releaseSavepoint(m_name))
            return Error{m_db.lastError()};
        return {};
    }
    // Undoes everything since the savepoint; false when the transaction itself is gone.
    bool rollback()
    {
        if (!m_open)
            return false;
        m_open = false;
        return m_db.rollbackToSavepoint(m_name) && m_db.releaseSavepoint(m_name);
    }

private:
    ProjectDatabase &m_db;
    QString m_name;
    bool m_open;
    Result<void> m_began;
};

} // namespace Rubricate
