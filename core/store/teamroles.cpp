#include "teamroles.h"

#include "annotationstore.h"
#include "projectlocation.h"
#include "projectstore.h"
#include "sqlerrortext.h"
#include "storecodec.h"

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
            return Error{sqlErrorText(q.lastError())};
    }
    return {};
}

// A PL/pgSQL function whose names nobody else can redirect: the server's own functions and
// tables, and pg_temp (where anyone may make a table) last; the project's are named with
// their schema.
QString plpgsqlFunction(const QString &signature, const QString &declarations, const QString &body)
{
    return u"CREATE OR REPLACE FUNCTION %1 LANGUAGE plpgsql"
           " SET search_path = pg_catalog, pg_temp AS $f$ DECLARE %2 BEGIN %3 END $f$"_s.arg(
               signature, declarations, body);
}

// The login is who someone is: SET ROLE changes current_user but never session_user, so a
// login that was also given another role (an annotator's, say) cannot label as that one.
// Owners (members of the role that owns the table: the project's group, or before there was
// one the creating user) and superusers write for anyone: imports, merges and adjudication.
const char16_t guardDeclarations[] = uR"(
    own text;
    written text;
)";
const char16_t guardBody[] = uR"(
    IF pg_has_role(session_user, (SELECT relowner FROM pg_class WHERE oid = TG_RELID), 'USAGE')
    THEN
        RETURN NEW;
    END IF;
    IF TG_TABLE_NAME = 'annotator' THEN
        written := NEW.id;
    ELSE
        IF NEW.kind IS DISTINCT FROM 'label' THEN
            RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = format(
                'permission denied: %s labels are an owner''s (login %s is an annotator)',
                NEW.kind, session_user);
        END IF;
        written := NEW.annotator;
    END IF;
    SELECT annotator INTO own FROM public.rubricate_login WHERE login = session_user;
    IF own IS NULL THEN
        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = format(
            'permission denied: login %s labels as no annotator (an owner binds it to one with'
            ' team add-annotator)', session_user);
    END IF;
    IF written IS DISTINCT FROM own THEN
        RAISE EXCEPTION USING ERRCODE = 'insufficient_privilege', MESSAGE = format(
            'permission denied: login %s writes only as annotator %s, not as %s',
            session_user, own, written);
    END IF;
    RETURN NEW;
)";

// The project's owners' group: the role that owns its tables, as the group was made for this
// database (NOLOGIN, no superuser, named for the database's oid). Looked up, not kept in a
// function or a table the owners could change to name another role for the next member.
const char16_t ownerGroupQuery[] = uR"(
SELECT r.rolname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_roles r ON r.oid = c.relowner
WHERE c.oid = pg_catalog.to_regclass('public.annotation_event')
  AND NOT r.rolsuper AND NOT r.rolcanlogin
  AND r.rolname::text ~ ('^rubricate_owner_[a-z0-9_]*_' || (SELECT d.oid::text
      FROM pg_catalog.pg_database d WHERE d.datname = pg_catalog.current_database()) || '$'))";

// Code sent by this program, never a function stored in the project (which its owners could
// replace and so run their code with the rights of whoever adds a member or migrates), and
// with the owners' schema off the search path, so that no function of theirs is found in
// place of the server's own.
QString anonymousBlock(const QString &declarations, const QString &body)
{
    return u"DO $$ DECLARE saved text := pg_catalog.current_setting('search_path'); %1 BEGIN"
           " PERFORM pg_catalog.set_config('search_path', 'pg_catalog, pg_temp', true); %2"
           " PERFORM pg_catalog.set_config('search_path', saved, true); END $$"_s.arg(declarations,
                                                                                      body);
}

// The group is named after the database and its oid, so that it stays a valid identifier
// (at most 63 bytes of [a-z0-9_]) and a database dropped and made again under the same name
// never finds the old project's owners in it. Owners added by an older Rubricate were made
// members of the creating user's role (a superuser, perhaps, or the owner of other
// databases): each such grant (by that role itself, to a login it gave CONNECT on this
// database) becomes a membership of the group.
const char16_t ownerGroupDeclarations[] = u"grp name; item record;";
const char16_t ownerGroupBody[] = uR"(
    grp := (%1);
    IF grp IS NULL THEN
        grp := left('rubricate_owner_'
                    || lower(regexp_replace(current_database()::text, '[^A-Za-z0-9_]', '_', 'g')),
                    52)
               || '_' || (SELECT oid FROM pg_database WHERE datname = current_database())::text;
        IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = grp) THEN
            RAISE EXCEPTION USING ERRCODE = 'duplicate_object', MESSAGE = format(
                'the role %s exists but does not own this project''s tables; drop it first', grp);
        END IF;
        EXECUTE format('CREATE ROLE %I NOLOGIN', grp);
    END IF;
    FOR item IN
        SELECT m.rolname AS member, o.rolname AS via
        FROM pg_auth_members am
        JOIN pg_roles m ON m.oid = am.member
        JOIN pg_roles o ON o.oid = am.roleid
        WHERE am.grantor = am.roleid AND m.rolcanlogin AND o.rolname <> grp
          AND am.roleid IN (SELECT relowner FROM pg_class
                            WHERE relnamespace = 'public'::regnamespace AND relkind IN ('r', 'p'))
          AND EXISTS (SELECT 1 FROM pg_database d, aclexplode(d.datacl) a
                      WHERE d.datname = current_database() AND a.grantee = m.oid
                        AND a.privilege_type = 'CONNECT')
    LOOP
        EXECUTE format('GRANT %I TO %I', grp, item.member);
        EXECUTE format('REVOKE %I FROM %I', item.via, item.member);
    END LOOP;
    -- Whoever owns the project now stays an owner.
    FOR item IN
        SELECT DISTINCT r.rolname AS member FROM pg_class c JOIN pg_roles r ON r.oid = c.relowner
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
          AND r.rolname <> grp
    LOOP
        EXECUTE format('GRANT %I TO %I', grp, item.member);
    END LOOP;
    -- Only the schema's owner may grant on it, and once is enough.
    IF NOT has_schema_privilege(grp, 'public', 'CREATE') THEN
        EXECUTE format('GRANT USAGE, CREATE ON SCHEMA public TO %I', grp);
    END IF;
    -- Sequences of identity columns follow their tables, pg_trgm's objects its extension.
    FOR item IN
        SELECT c.oid::regclass AS object,
               CASE c.relkind WHEN 'S' THEN 'SEQUENCE' WHEN 'v' THEN 'VIEW'
                              WHEN 'm' THEN 'MATERIALIZED VIEW' ELSE 'TABLE' END AS kind
        FROM pg_class c
        WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p', 'v', 'm', 'S')
          AND c.relowner <> grp::text::regrole
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_class'::regclass
                          AND d.objid = c.oid AND d.deptype IN ('a', 'i', 'e'))
    LOOP
        EXECUTE format('ALTER %s %s OWNER TO %I', item.kind, item.object, grp);
    END LOOP;
    FOR item IN
        SELECT p.oid::regprocedure AS object FROM pg_proc p
        WHERE p.pronamespace = 'public'::regnamespace AND p.proowner <> grp::text::regrole
          AND NOT EXISTS (SELECT 1 FROM pg_depend d WHERE d.classid = 'pg_proc'::regclass
                          AND d.objid = p.oid AND d.deptype = 'e')
    LOOP
        EXECUTE format('ALTER FUNCTION %s OWNER TO %I', item.object, grp);
    END LOOP;
)";

// GRANT … ON ALL TABLES covers the tables there are, so an annotator added before a migration
// could not read the tables it adds. The tables' owner (the owners' group, as whom every
// migration runs) therefore also grants its future tables to each login bound to an
// annotator: per login rather than through a readers' role, since whoever migrates may not
// create roles, but as an owner may always set the owners' default privileges. Owners own
// the tables and need neither; `rubricate_login` names only roles its owners could grant
// SELECT to themselves.
const char16_t annotatorReadDeclarations[] = u"tables regrole; item record;";
const char16_t annotatorReadBody[] = uR"(
    tables := (SELECT relowner::regrole FROM pg_class
               WHERE oid = 'public.annotation_event'::regclass);
    FOR item IN
        SELECT r.rolname FROM public.rubricate_login l JOIN pg_roles r ON r.rolname = l.login
        WHERE NOT pg_has_role(r.oid, tables::oid, 'USAGE')
    LOOP
        EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA public TO %I', item.rolname);
        EXECUTE format('ALTER DEFAULT PRIVILEGES FOR ROLE %s IN SCHEMA public'
                       ' GRANT SELECT ON TABLES TO %I', tables, item.rolname);
    END LOOP;
)";

QString ownerGroupBlockBody()
{
    return QString::fromUtf16(ownerGroupBody).arg(QString::fromUtf16(ownerGroupQuery));
}

// Makes the group unless the project has it, and gives it the project; the group's name.
Result<QString> ensureOwnerGroup(QSqlQuery &q)
{
    if (!q.exec(anonymousBlock(QString::fromUtf16(ownerGroupDeclarations), ownerGroupBlockBody()))
        || !q.exec(QString::fromUtf16(ownerGroupQuery)) || !q.next())
        return Error{q.lastError().text()};
    const QString group = q.value(0).toString();
    q.finish();
    return group;
}

// Labels the login writes from now on go under `annotator`, made if missing; a login bound
// before labels as the new one.
Result<void> bindLogin(ProjectStore &store, QSqlQuery &q, const QString &login,
                       const QString &annotator)
{
    using StoreCodec::bindAt;
    if (!q.prepare(StoreCodec::namedPlaceholders(
            u"SELECT login FROM rubricate_login WHERE annotator = ? AND login <> ?"_s)))
        return Error{q.lastError().text()};
    bindAt(q, 0, annotator);
    bindAt(q, 1, login);
    if (!q.exec())
        return Error{q.lastError().text()};
    if (q.next())
        return Error{u"the annotator %1 labels through the login %2 already"_s.arg(
            annotator, q.value(0).toString())};
    q.finish();
    if (Result<void> added = store.annotations().addAnnotator({annotator, annotator, {}, {}});
        !added)
        return added;
    if (!q.prepare(StoreCodec::namedPlaceholders(
            u"INSERT INTO rubricate_login (login, annotator) VALUES (?, ?)"
            " ON CONFLICT (login) DO UPDATE SET annotator = EXCLUDED.annotator"_s)))
        return Error{q.lastError().text()};
    bindAt(q, 0, login);
    bindAt(q, 1, annotator);
    if (!q.exec())
        return Error{q.lastError().text()};
    return {};
}

} // namespace

QStringList annotatorGuardStatements()
{
    return {
        // The server's roles, not the project's data: a copy to another server, whose roles
        // are other people, does not take it along.
        u"CREATE TABLE rubricate_login ("
        "login TEXT PRIMARY KEY,"
        " annotator TEXT NOT NULL UNIQUE REFERENCES annotator(id) ON DELETE CASCADE)"_s,
        // Annotators added before it was there were granted the tables of their time.
        u"GRANT SELECT ON rubricate_login TO PUBLIC"_s,
        plpgsqlFunction(u"rubricate_guard_annotators() RETURNS trigger"_s,
                        QString::fromUtf16(guardDeclarations), QString::fromUtf16(guardBody)),
        u"CREATE TRIGGER annotation_event_guard_author BEFORE INSERT ON annotation_event"
        " FOR EACH ROW EXECUTE FUNCTION rubricate_guard_annotators()"_s,
        u"CREATE TRIGGER annotator_guard_author BEFORE INSERT ON annotator"
        " FOR EACH ROW EXECUTE FUNCTION rubricate_guard_annotators()"_s,
    };
}

QStringList ownerGroupStatements()
{
    // Whoever may not create roles migrates all the same: `team add-owner` and
    // `team add-annotator` make the group later, with the rights it takes.
    return {anonymousBlock(
        QString::fromUtf16(ownerGroupDeclarations),
        u"IF EXISTS (SELECT 1 FROM pg_roles WHERE rolname = current_user"
        " AND (rolsuper OR rolcreaterole)) THEN BEGIN %1"
        " EXCEPTION WHEN OTHERS THEN"
        " RAISE WARNING 'the project keeps its owners until team add-owner: %', SQLERRM;"
        " END; END IF;"_s.arg(ownerGroupBlockBody()))};
}

QStringList annotatorReadStatements()
{
    return {anonymousBlock(QString::fromUtf16(annotatorReadDeclarations),
                           QString::fromUtf16(annotatorReadBody))};
}

QString actAsProjectOwners()
{
    return anonymousBlock(u"grp name;"_s,
                          u"grp := (%1); IF pg_has_role(grp, 'MEMBER') THEN"
                          " EXECUTE format('SET LOCAL ROLE %I', grp); END IF;"_s.arg(
                              QString::fromUtf16(ownerGroupQuery)));
}

Result<void> addTeamMember(ProjectStore &store, const QString &name, TeamRole role,
                           const QString &annotatorId)
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
    if (!q.exec(u"SELECT current_database(),"
                " EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '%1')"_s.arg(name))
        || !q.next()) {
        return Error{q.lastError().text()};
    }
    const QString database = q.value(0).toString();
    const bool exists = q.value(1).toBool();
    q.finish();
    QStringList statements;
    if (!exists)
        statements << u"CREATE ROLE %1 LOGIN"_s.arg(name);
    statements << u"GRANT CONNECT ON DATABASE \"%1\" TO %2"_s.arg(database, name);
    Transaction tx(store);
    if (Result<void> created = runAll(q, statements); !created)
        return created;
    // Never the connecting user's own role: that may be a superuser, or own other databases.
    const Result<QString> group = ensureOwnerGroup(q);
    if (!group)
        return group.error();
    statements.clear();
    if (role == TeamRole::Owner) {
        statements << u"GRANT %1 TO %2"_s.arg(*group, name);
    } else {
        // Reading is granted once the login is bound (annotatorReadStatements).
        statements << u"REVOKE ALL ON ALL TABLES IN SCHEMA public FROM %1"_s.arg(name);
        for (const QString &table : annotatorWrites) {
            statements << u"GRANT INSERT ON %1 TO %2"_s.arg(table, name);
            // The id of a new event comes from the table's identity sequence.
            statements << u"DO $$ BEGIN IF pg_get_serial_sequence('%1', 'id') IS NOT NULL THEN"
                          " EXECUTE format('GRANT USAGE ON SEQUENCE %s TO %2',"
                          " pg_get_serial_sequence('%1', 'id')); END IF; END $$"_s.arg(table, name);
        }
    }
    if (Result<void> granted = runAll(q, statements); !granted)
        return granted;
    if (role == TeamRole::Annotator) {
        const QString annotator = annotatorId.trimmed().isEmpty() ? name : annotatorId.trimmed();
        if (Result<void> bound = bindLogin(store, q, name, annotator); !bound)
            return bound;
        // For every bound login, not this one alone: a group made just now owns the tables
        // whose previous owner the others' default privileges were for.
        if (Result<void> reads = runAll(q, annotatorReadStatements()); !reads)
            return reads;
    }
    return tx.commit();
}

Result<std::optional<Annotator>> loginAnnotator(ProjectStore &store)
{
    if (!ProjectLocation::isServer(store.path()))
        return std::optional<Annotator>{};
    // Who the guard holds to an annotator: the login (session_user), unless it is an owner.
    QSqlQuery q(store.database());
    if (!q.exec(u"SELECT l.annotator FROM public.rubricate_login l WHERE l.login = session_user"
                " AND NOT pg_has_role(session_user, (SELECT relowner FROM pg_class"
                " WHERE oid = 'public.annotation_event'::regclass), 'USAGE')"_s))
        return Error{q.lastError().text()};
    if (!q.next())
        return std::optional<Annotator>{};
    const QString id = q.value(0).toString();
    q.finish();
    // team add-annotator made the entry, and removing it removes the binding.
    return std::optional<Annotator>{
        store.annotations().annotator(id).value_or(Annotator{id, id, {}, {}})};
}

} // namespace Rubricate
