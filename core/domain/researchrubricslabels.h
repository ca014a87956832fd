// The ResearchRubrics verdict labels (formats.md §3.3) and the values they stand for. Values,
// not protocol: the result importer, the judge's reply reader and the result export all read
// or write them.
#pragma once

#include "result.h"

#include <QString>

namespace Rubricate {

// The verdict a ResearchRubrics judge wrote, read leniently (case, spacing, underscores and
// hyphens do not matter; "Partially" and "Unsatisfied" are understood). Anything else is an
// error with the cause: an unknown label is never read as 0.
Result<double> researchRubricsLabelValue(const QString &label);
// "Satisfied", "Partially Satisfied", "Not Satisfied" for 1, 0.5, 0; empty for anything else.
QString researchRubricsLabel(double value);

} // namespace Rubricate
