// Human labels from elsewhere (another tool, another copy of the project, a spreadsheet) as
// annotation events: one JSON object per line,
//   {"benchmark": "drb2", "task": "1", "model": "AtlasAgent", "query": "…" (PDR-Bench),
//    "dimension": "info_recall", "number": 3, "annotator": "ana", "label": 1,
//    "note": "…", "at": "2026-11-01T10:00:00Z", "study": "pilot"}
// where "number" is the rubric's 1-based number within its dimension, as the verdict panel
// shows it ("info_recall 3"); "label" null clears a label; "study" (optional) names the study
// the label was given in. A line whose label and note are
// already the annotator's current ones adds nothing, so importing a file twice changes
// nothing. Labels without provenance are marked as imported.
//
// A line with a "uid" is one that `annotations export` wrote (annotationformat.h):
// it keeps its uid, kind and provenance, and a uid already in the project adds nothing. A
// ".csv" file is that export's CSV.
#pragma once

#include "importissue.h"

namespace Rubricate {

class ProjectStore;

ImportSummary importAnnotations(ProjectStore &store, const QString &path);

} // namespace Rubricate
