// Finding things across subjects: full-text search over reports and the project's counts.
#pragma once

#include "storetypes.h"
#include "subjectstore.h"

#include <QSet>

namespace Rubricate {

class SearchStore : public SubjectStore
{
public:
    using SubjectStore::SubjectStore;

    // Counts per benchmark, dimension, language, theme, model and run.
    ProjectStats stats();
    // Reports whose text holds every word, with a snippet: the engine's full-text index when
    // it can answer (SqlDialect::matchExpression), else a substring scan.
    QList<SearchHit> reports(const QString &text, int limit = 50);
};

} // namespace Rubricate
