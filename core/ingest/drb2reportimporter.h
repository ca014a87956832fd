#pragma once

#include "importissue.h"

namespace Rubricate {

class ProjectStore;

// A DRB-II report folder: `<dir>/<model>/idx-<n>.<ext>`, or a single model folder holding
// idx-<n> files directly (the folder name is then the model). Tasks must be imported first.
// Two files for the same idx in one model folder are both refused: the reference evaluator
// keeps whichever finishes last, which is not reproducible.
ImportSummary importDrb2Reports(ProjectStore &store, const QString &dir);

} // namespace Rubricate
