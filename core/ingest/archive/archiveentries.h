// What an archive entry may become on disk: its name, whether its type is ever written, the
// path it may take inside the target folder, and the temporary file its bytes go to first.
// These are the rules that keep a hostile archive inside its folder.
#pragma once

#include "domain/result.h"

#include <QFile>
#include <QString>

struct archive;
struct archive_entry;

namespace Rubricate::ArchiveEntries {

// libarchive's message for the last error on `a`.
QString libarchiveError(archive *a);

// The entry's path name as the archive stores it, decoded as UTF-8 when libarchive can.
QString entryName(archive_entry *entry);

// Why an entry of this type is never written, or an empty string for files and folders.
QString refusedTypeReason(archive_entry *entry);

struct SafePath {
    QString relative; // cleaned, '/'-separated; empty means the target folder itself
    QString reason; // non-empty: the name must be refused
};

// Normalises an entry name and refuses anything that could leave the target folder `root`.
// This is the only place that decides where bytes go, so it errs on the side of refusing.
SafePath sanitiseEntryName(QString name, const QString &root);

// A file being written under a temporary name in its final folder, so that a reader never
// sees half a file: it only gets its real name in commit(); otherwise it is removed.
class PartFile
{
public:
    PartFile() = default;
    PartFile(const PartFile &) = delete;
    PartFile &operator=(const PartFile &) = delete;
    ~PartFile() { discard(); }

    // Creates the temporary file in `directory`; an error saying why when it cannot.
    Result<void> open(const QString &directory);
    Result<void> write(const char *data, qint64 size);

    // Gives the file its real name, which must not exist yet.
    Result<void> commit(const QString &finalPath);

    // Removes the file unless it was committed.
    void discard();

private:
    QFile m_file;
    bool m_committed = false;
};

} // namespace Rubricate::ArchiveEntries
