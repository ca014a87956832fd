#pragma once

#include "importissue.h"

namespace Rubricate {

class ProjectStore;

// DRB-II tasks_and_rubrics.jsonl: tasks keyed by idx, rubrics in the three dimensions in
// file order. Repeated rubric strings are kept (the file says so) and point to their first
// occurrence, so that they show up in statistics and scoring can de-duplicate them.
ImportSummary importDrb2Tasks(ProjectStore &store, const QString &path);

} // namespace Rubricate
