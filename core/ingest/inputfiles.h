// Reading what the user pointed an import at, and nothing else: regular files only, inside the
// folder that was chosen, never more bytes than a limit, never blocking on a FIFO or a device.
#pragma once

#include "importissue.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

namespace Rubricate {

struct InputLimits {
    // A report document (PDF, DOCX, Markdown ...). The largest real reports are a few MB; a
    // file far beyond that is a mistake or an attack, and reading it would hold it in memory.
    qint64 maxDocumentBytes = qint64(256) * 1024 * 1024;
    // A data file (JSONL of tasks, rubrics, outputs): read whole, so bounded too.
    qint64 maxDataBytes = qint64(2) * 1024 * 1024 * 1024;
};

struct InputRead {
    QByteArray bytes;
    QString error; // empty on success; otherwise why nothing was read
    bool ok() const { return error.isEmpty(); }
};

// Reads the whole of `path` if it is a regular file (after following links) of at most
// `maxBytes`. A FIFO, device or socket is refused without opening it for a blocking read, and
// a file that grows while being read is cut off at the limit, not read on.
InputRead readInputFile(const QString &path, qint64 maxBytes);
// The same, for a file listed inside `root`: refused unless the file opened is still inside
// `root` (a link swapped in between listing and reading is not followed out of it).
InputRead readInputFile(const QString &path, qint64 maxBytes, const QString &root);

// One entry of a folder the user chose, after its links were resolved.
struct FolderEntry {
    QString name; // the entry's own name, as listed
    QString path; // where to read it: inside the chosen folder
    bool isDir = false;
};

struct RefusedEntry {
    QString name; // as listed (invalid UTF-8 bytes spelled \xNN)
    QString reason;
};

struct FolderListing {
    QList<FolderEntry> entries; // regular files and folders, sorted by name
    // Every entry that is left out: a link that leaves the chosen folder or goes nowhere or
    // back up the tree, a FIFO, device or socket, a name that is not valid UTF-8.
    QList<RefusedEntry> refused;
};

// Lists `dir` (a folder at or below `root`, the folder the user chose). Links are followed only
// when they end inside `root`; everything else that is not a regular file or folder is refused
// with its reason, so nothing vanishes without a word.
FolderListing listInputFolder(const QString &dir, const QString &root);

// Every regular file below `root`, named by its path relative to `root`, with the same rules;
// folders deeper than `maxDepth` are refused rather than walked, and a folder reached a second
// time (through a link) is not read again, so a tree is never endless.
FolderListing listInputTree(const QString &root, int maxDepth = 16);

// Names every refused entry of `listing` as an error in `summary`, as "<prefix>/<name>"
// (just the name when `prefix` is empty).
void reportRefused(const FolderListing &listing, const QString &prefix, ImportSummary &summary);

} // namespace Rubricate
