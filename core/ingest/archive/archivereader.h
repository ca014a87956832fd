// Safe expansion of .zip / .tar / .tar.gz / .tgz / .tar.xz bundles, and reading single zip
// entries from memory (docx). Built on libarchive.
#pragma once

#include "domain/result.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Rubricate {

struct ArchiveLimits {
    qint64 maxTotalBytes = qint64(4) * 1024 * 1024 * 1024; // expanded size of all entries
    qint64 maxEntryBytes = qint64(1) * 1024 * 1024 * 1024;
    int maxEntries = 200000;
};

struct ArchiveExtraction {
    bool ok = false; // false: the archive could not be read to its end, see error
    // With !ok: the archive is truncated or damaged part-way (not a limit or a non-archive),
    // and every entry in `extracted` was read whole and checked: safe to use.
    bool damaged = false;
    QString error;
    QStringList extracted; // relative paths written below the target folder
    QStringList refused; // "entry: reason" for every entry that was not written
};

bool isArchiveFileName(const QString &path);

// Expands `archivePath` below `targetDir` (which must exist). Refuses entries that would
// escape the target (`..`, absolute paths, after libarchive's own normalisation), links,
// devices and FIFOs, and skips an entry beyond maxEntryBytes (each named in `refused`); stops
// with an error when the total or the entry count is exceeded or the archive is truncated.
ArchiveExtraction extractArchive(const QString &archivePath, const QString &targetDir,
                                 const ArchiveLimits &limits = {});

// Reads one entry of a zip held in memory: its bytes, or an error when the bytes are not a
// zip, the entry is missing or it expands beyond `maxBytes`.
Result<QByteArray> readZipEntry(const QByteArray &zip, const QString &entryName,
                                qint64 maxBytes = qint64(256) * 1024 * 1024);

// Names of all entries of a zip held in memory (empty when it is not a zip).
QStringList zipEntryNames(const QByteArray &zip);

} // namespace Rubricate
