#pragma once

#include "importissue.h"

namespace Rubricate {

class ProjectStore;

// A result.jsonl written by the official DRB-II pipeline, imported as one finished judge
// run. Rubric texts are matched exactly, then with whitespace and case folded. A judge item
// without a usable score becomes an error verdict — the reference script would count it as
// 0, which hides the failure. Importing the same file again changes nothing.
ImportSummary importDrb2Results(ProjectStore &store, const QString &path,
                                const QString &runName = {});

} // namespace Rubricate
