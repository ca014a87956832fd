// Who may do what in a team project, enforced by PostgreSQL itself: roles and grants.
//
// An owner imports, runs judges and manages studies (a member of the role that owns the
// project's tables, so it may also migrate them). An annotator reads everything and adds
// annotation events, and nothing else: the database refuses them changing or deleting events,
// runs, verdicts or the catalogue. (Events are append-only for everyone, by trigger.)
// Passwords are not set here: an administrator gives the role one with \password, or uses
// the server's own authentication (peer, certificates).
#pragma once

#include "domain/result.h"

#include <QString>

namespace Rubricate {

class ProjectStore;

enum class TeamRole { Owner, Annotator };

// Creates the login role `name` unless it exists, and grants it `role` on the project's
// database. Needs a connection that may create roles (CREATEROLE). An error on a
// project file, a name that is not a plain identifier, or a refusal by the server.
Result<void> addTeamMember(ProjectStore &store, const QString &name, TeamRole role);

} // namespace Rubricate
