#include "teamroles.h"

#include "projectlocation.h"
#include "projectstore.h"

#include <QRegularExpression>
#include <QSqlError>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// The tables an annotator writes: their events, and their own entry among the annotators.
const QStringList annotatorWrites = {u"annotation_event"_s, u"annotator"_s};

Result<void> runAll(QSqlQuery &q, const QStringList &statements)
{
    for (const QString &statement : statements) {
        if (!q.exec(statement))
            return Error{q.lastError().text()};
    }
    return {};
}

} // namespace

Result<void> addTeamMember(ProjectStore &store, const QString &name, TeamRole role)
{
    if (!ProjectLocation::isServer(store.path())) {
        return Error{u"%1 is a project file: roles belong to team projects on PostgreSQL"_s.arg(
            store.path())};
    }
    // A plain lower-case identifier: no quoting rules to get wrong, and what psql shows.
    static const QRegularExpression plain(u"^[a-z_][a-z0-9_]{0,62}$"_s);
    if (!plain.match(name).hasMatch())
        return Error{
            u"\"%1\" is not a plain role name (lower-case letters, digits, _)"_s.arg(name)};
    QSqlQuery q(store.database());
    if (!q.exec(u"SELECT current_database(), current_user,"
                " EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '%1')"_s.arg(name))
        || !q.next()) {
        return Error{q.lastError().text()};
    }
    const QString database = q.value(0).toString();
    const QString owner = q.value(1).toString();
    const bool exists = q.value(2).toBool();
    q.finish();
    QStringList statements;
    if (!exists)
        statements << u"CREATE ROLE %1 LOGIN"_s.arg(name);
    statements << u"GRANT CONNECT ON DATABASE \"%1\" TO %2"_s.arg(database, name);
    if (role == TeamRole::Owner) {
        statements << u"GRANT \"%1\" TO %2"_s.arg(owner, name);
    } else {
        statements << u"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %1"_s.arg(name)
                   << u"GRANT SELECT ON ALL TABLES IN SCHEMA public TO %1"_s.arg(name);
        for (const QString &table : annotatorWrites) {
            statements << u"GRANT INSERT ON %1 TO %2"_s.arg(table, name);
            // The id of a new event comes from the table's identity sequence.
            statements << u"DO $$ BEGIN IF pg_get_serial_sequence('%1', 'id') IS NOT NULL THEN"
                          " EXECUTE format('GRANT USAGE ON SEQUENCE %s TO %2',"
                          " pg_get_serial_sequence('%1', 'id')); END IF; END $$"_s.arg(table, name);
        }
    }
    Transaction tx(store);
    if (Result<void> granted = runAll(q, statements); !granted)
        return granted;
    return tx.commit();
}

} // namespace Rubricate
