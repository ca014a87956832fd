// Cited sources as fetched or imported: their rows, bytes (shared with report originals) and text.
#pragma once

#include "storetypes.h"
#include "subjectstore.h"

#include <QSet>

namespace Rubricate {

class SourceStore : public SubjectStore
{
public:
    using SubjectStore::SubjectStore;

    // Writes a batch in one transaction of its own: the bytes into document_blob by hash
    // (shared with report originals), the text into source_text, and a row per URL. A
    // failed attempt never replaces a stored "fetched" row, so a refresh that meets a dead
    // link keeps the copy that was already checked against.

    Result<void> putSources(const QList<SourceRow> &rows);
    std::optional<SourceRow> source(const QString &url, bool withText = true);
    Result<QList<SourceRow>> list(); // every row, by URL, without text

    // One classification in a transaction of its own, replacing the judge's earlier one.
    Result<void> putPageClassification(const PageClassification &c);
    std::optional<PageClassification> pageClassification(const QString &url, const QString &judge);
    // The judges that classified pages, by name.
    QStringList pageJudges();
};

} // namespace Rubricate
