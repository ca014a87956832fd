// Who may do what in a team project, enforced by PostgreSQL itself: roles, grants and triggers.
//
// An owner imports, runs judges and manages studies: a member of the project's own group role
// (`rubricate_owner_<database>_<oid>`, NOLOGIN), which owns the project's tables, so an owner
// may also migrate them, and holds nothing outside the project. An annotator reads everything
// and adds
// labels as the one annotator its login is bound to, and nothing else: the database refuses
// them events under another annotator's id, gold labels, other annotator entries, and
// changing or deleting events, runs, verdicts or the catalogue. (Events are append-only for
// everyone, by trigger.) Passwords are not set here: an administrator gives the role one with
// \password, or uses the server's own authentication (peer, certificates).
#pragma once

#include "domain/result.h"
#include "domain/types.h"

#include <QString>
#include <QStringList>

#include <optional>

namespace Rubricate {

class ProjectStore;

enum class TeamRole { Owner, Annotator };

// Creates the login role `name` unless it exists, and grants it `role` on the project's
// database; first makes the project's owners' group if it has none (the tables move to it,
// and owners an older Rubricate added with them). An annotator labels as `annotatorId` (default:
// `name`), an annotator entry made if missing, and reads every table, those that later
// migrations add included. Needs a connection that may create roles (CREATEROLE). An error on
// a project file, a name that is not a plain identifier, an annotator bound to another login
// already, or a refusal by the server.
Result<void> addTeamMember(ProjectStore &store, const QString &name, TeamRole role,
                           const QString &annotatorId = {});

// The schema's part of the above (migration 19): which login labels as which annotator, and
// the triggers that hold annotators to it.
QStringList annotatorGuardStatements();
// Migration 20: makes the owners' group and gives it the project, when the migrating user may
// create roles (otherwise addTeamMember does).
QStringList ownerGroupStatements();
// Migration 21: the annotators bound before it read what later migrations add, as those
// added from now on do (see addTeamMember).
QStringList annotatorReadStatements();
// Run as each later migration begins: what it creates belongs to the owners' group, not to
// whichever owner happened to open the project first.
QString actAsProjectOwners();

// The annotator whose labels the database accepts from this connection's login, if it holds
// the login to one (as the guard of migration 19 decides): none on a project file, for an
// owner (who writes for anyone) or for a login bound to no annotator.
Result<std::optional<Annotator>> loginAnnotator(ProjectStore &store);

} // namespace Rubricate
