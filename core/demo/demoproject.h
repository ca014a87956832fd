// The demo that ships inside the binary: a few original tasks in two languages, reports
// from two made-up agents (md, html, pdf) and a finished judge run, so a new user sees the
// whole loop without a key or a network.
#pragma once

#include "domain/result.h"
#include "ingest/importissue.h"

#include <QString>

namespace Rubricate {

class ProjectStore;

// Imports the bundled demo into `store` (idempotent: a second call changes nothing).
ImportSummary importDemo(ProjectStore &store);

// Copies the bundled demo files to `dir` (for users who want to look at the formats).
Result<void> exportDemoFiles(const QString &dir);

} // namespace Rubricate
