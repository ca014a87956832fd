#pragma once

#include "importissue.h"

namespace Rubricate {

class ProjectStore;

// A DRB-II report folder: `<dir>/<model>/idx-<n>.<ext>`, or a single model folder holding
// idx-<n> files directly (the model is then `singleModel`, else the folder's name). Tasks must
// be imported first. Two files for the same idx in one model folder are both refused: the
// reference evaluator keeps whichever finishes last, which is not reproducible. Idx files
// directly in a folder that also holds model folders are named and left out.
// "idx-<n>" with any extension, as the importer reads report files (case-insensitive).
bool isDrb2ReportFileName(const QString &fileName);

ImportSummary importDrb2Reports(ProjectStore &store, const QString &dir,
                                const QString &singleModel = {});

} // namespace Rubricate
