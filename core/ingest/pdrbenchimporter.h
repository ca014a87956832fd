#pragma once

#include "importissue.h"

namespace Rubricate {

class ProjectStore;

// PDR-Bench, as far as its published formats are known (see formats.md §4): personas keyed
// by `userid` (every field kept, unknown ones included), queries `{id, task, language,
// userid[, setting]}`, pre-generated criteria per query id with dimension weights and
// weighted sub-criteria, and model outputs `<MODEL>.jsonl` with `{id, article}` lines.
ImportSummary importPdrPersonas(ProjectStore &store, const QString &path);
ImportSummary importPdrQueries(ProjectStore &store, const QString &path);
ImportSummary importPdrCriteria(ProjectStore &store, const QString &path);
ImportSummary importPdrReports(ProjectStore &store, const QString &path, const QString &model = {});

// A PDR-Bench data folder: finds persona, query, criteria and raw_data files by name and
// imports them in that order.
ImportSummary importPdrFolder(ProjectStore &store, const QString &dir);

} // namespace Rubricate
