// The agents' reports: models, report rows with their original files, and the import log.
#pragma once

#include "storetypes.h"
#include "subjectstore.h"

#include <QSet>

namespace Rubricate {

class ReportStore : public SubjectStore
{
public:
    using SubjectStore::SubjectStore;

    Result<RowId> ensureModel(const QString &name);
    // Stores the original bytes (deduplicated by hash) with the report row.
    Upserted upsertReport(const Report &report, const QByteArray &original);
    Result<void> logImport(const QString &kind, const QString &path, int added, int updated,
                           int unchanged, int errors, int warnings, const QString &summary);
    QStringList models();
    std::optional<RowId> modelId(const QString &name);
    std::optional<Report> report(RowId id);
    std::optional<RowId> reportId(RowId modelId, RowId taskId,
                                  std::optional<RowId> queryId = std::nullopt);
    // `labelled` counts the current labels of `annotator` (empty: of anyone).
    Result<QList<ReportSummary>> reportSummaries(const QString &benchmarkKey = {},
                                                 const QString &annotator = {});
    // The original's bytes, whichever way they are kept; empty when there are none.
    QByteArray originalFile(const QString &contentHash);

private:
    // Into document_blob once per hash: compressed when that pays, or not at all when the
    // original is the report's text (see StoreCodec::BlobReportText).
    bool putOriginal(const QString &hash, const QByteArray &original, const QString &text);
};

} // namespace Rubricate
