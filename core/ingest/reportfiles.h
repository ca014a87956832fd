// Turning report files into stored reports: read and extract on the thread pool, then
// write on the calling thread (the one that owns the database connection).
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "importissue.h"

#include <QByteArray>
#include <QString>

#include <optional>

namespace Rubricate {

class ProjectStore;

struct ReportSource {
    QString displayName; // how messages name it, e.g. "ModelA/idx-1.pdf"
    QString path; // read on a worker thread when `bytes` is empty
    QString root; // the folder `path` was listed in: the file read must still be inside it
    QByteArray bytes; // original bytes, kept inside the project
    QString fileName; // decides the format by extension
    RowId modelId = 0;
    RowId taskId = 0;
    std::optional<RowId> queryId;
    // Set when the text is already known (reports that come inside JSON): no extraction.
    std::optional<QString> knownText;
    ReportFormat knownFormat = ReportFormat::Markdown;
};

// How the warning of a report in another language than its task starts, so that readers
// (the leaderboard) can find the reports that carry it.
inline constexpr QLatin1StringView LanguageMismatchPrefix{"language mismatch: "};
// "language mismatch: the report reads as English but its task and rubrics are Chinese; …"
QString languageMismatchWarning(const QString &reportLanguage, const QString &expected);

// How many reports storeReports reads and extracts at once. An importer that reads each file
// itself (reports inside JSON) hands them over this many at a time, so that memory holds one
// slice of originals and texts, never the whole folder.
inline constexpr qsizetype ReportSlice = 32;

// Stores every source as a report; must run inside the caller's transaction. An unreadable
// or empty file is named in the summary and left out; a corrupt one is flagged and stored
// without text; a report the database refuses is named and undone on its own. Never fatal
// for the others: fails only when the transaction itself can no longer be used.
// A report whose text is in another language than its task (the query's or the task's
// language field, else its rubrics' or its prompt's text) is stored with a warning saying
// so, which the summary names too.
Result<void> storeReports(ProjectStore &store, const QList<ReportSource> &sources,
                          ImportSummary &summary);

} // namespace Rubricate
