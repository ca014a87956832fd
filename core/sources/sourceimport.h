// Sources saved by hand or by another tool, brought into the project as if fetched, for
// sites that refuse robots or for working entirely offline.
//
// The folder holds a manifest, `sources.jsonl`, one JSON object per line:
//     {"url": "https://example.org/paper", "file": "paper.pdf"}
// with `file` relative to the folder, and optionally "content_type" (otherwise taken from
// the file's extension: .pdf, .html/.htm, .xhtml, .txt, .md). Each becomes a `source` row
// with state "fetched" and origin "imported"; a later fetch finds it in the cache.
#pragma once

#include <QString>
#include <QStringList>

namespace Rubricate {

class ProjectStore;

struct SourceImportResult {
    int imported = 0;
    QStringList errors; // per line: "sources.jsonl:3: ..."; those lines are skipped
    bool ok = false; // the manifest was read and the batch written
};

// Reads the folder and writes every usable line in one transaction.
SourceImportResult importSourceFolder(ProjectStore &store, const QString &folder);

} // namespace Rubricate
