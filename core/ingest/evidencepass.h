// Locating the quoted evidence of verdicts that arrived by import (a result.jsonl) or whose
// report arrived after them: every verdict ends with a located, partial or not-found mark.
#pragma once

#include "domain/result.h"
#include "domain/types.h"

namespace Rubricate {

class ProjectStore;

// Locates the evidence of every verdict of `reportId`, in all runs, against the report's
// current text. Must run inside the caller's transaction. Fails on a database error.
Result<void> locateStoredEvidence(ProjectStore &store, RowId reportId);

} // namespace Rubricate
