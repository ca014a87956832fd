#pragma once

#include "importissue.h"

namespace Rubricate {

class ProjectStore;

// ResearchRubrics processed_data.jsonl: one prompt per line with its weighted criteria on
// six axes (negative weights are pitfalls) and the complexity triplet.
ImportSummary importResearchRubrics(ProjectStore &store, const QString &path);

// Agent responses `<sample_id>.md` (other document types by the same stem work too).
ImportSummary importResearchRubricsReports(ProjectStore &store, const QString &dir,
                                           const QString &model = {});

} // namespace Rubricate
