#include "archiveentries.h"

#include <QDir>
#include <QFileInfo>
#include <QStringList>

#include <archive.h>
#include <archive_entry.h>

namespace Rubricate::ArchiveEntries {

using namespace Qt::StringLiterals;

QString libarchiveError(archive *a)
{
    const char *message = archive_error_string(a);
    return message ? QString::fromLocal8Bit(message) : u"unknown libarchive error"_s;
}

QString entryName(archive_entry *entry)
{
    // Ask for UTF-8 explicitly rather than the locale's charset; the raw form is the fallback
    // for names libarchive could not convert (on Linux QString's 8-bit codec is UTF-8 anyway).
    if (const char *utf8 = archive_entry_pathname_utf8(entry))
        return QString::fromUtf8(utf8);
    if (const char *raw = archive_entry_pathname(entry))
        return QString::fromLocal8Bit(raw);
    return {};
}

namespace {

QString linkTarget(const char *utf8, const char *raw)
{
    if (utf8)
        return QString::fromUtf8(utf8);
    return raw ? QString::fromLocal8Bit(raw) : QString();
}

} // namespace

QString refusedTypeReason(archive_entry *entry)
{
    if (archive_entry_hardlink(entry)) {
        return u"hard link to "_s
            + linkTarget(archive_entry_hardlink_utf8(entry), archive_entry_hardlink(entry))
            + u" refused"_s;
    }
    switch (archive_entry_filetype(entry)) {
    case AE_IFREG:
    case AE_IFDIR:
        break;
    case AE_IFLNK:
        return u"symbolic link to "_s
            + linkTarget(archive_entry_symlink_utf8(entry), archive_entry_symlink(entry))
            + u" refused"_s;
    case AE_IFCHR:
        return u"character device refused"_s;
    case AE_IFBLK:
        return u"block device refused"_s;
    case AE_IFIFO:
        return u"FIFO refused"_s;
    case AE_IFSOCK:
        return u"socket refused"_s;
    default:
        return u"unsupported entry type refused"_s;
    }
    if (archive_entry_is_encrypted(entry))
        return u"encrypted entry refused"_s;
    return {};
}

SafePath sanitiseEntryName(QString name, const QString &root)
{
    if (name.isEmpty())
        return {{}, u"empty name refused"_s};
    if (name.contains(QChar(u'\0')))
        return {{}, u"name contains a NUL character"_s};
    // Windows tools write '\' as separator and libarchive only rewrites it for some zip
    // producers, so "..\..\x" must be caught here whatever the format.
    name.replace(u'\\', u'/');
    if (name.startsWith(u'/'))
        return {{}, u"absolute path refused"_s};
    if (name.size() >= 2 && name.at(1) == u':' && name.at(0).isLetter())
        return {{}, u"absolute path (drive letter) refused"_s};

    QStringList parts;
    for (const QString &part : name.split(u'/', Qt::SkipEmptyParts)) {
        if (part == u".")
            continue;
        if (part == u"..")
            return {{}, u"path with '..' refused"_s};
        parts.append(part);
    }
    const QString relative = parts.join(u'/');
    if (relative.isEmpty())
        return {};

    // Belt and braces: the component check above should make this impossible, but the final
    // normalised path is what the file system will see.
    const QString prefix = root.endsWith(u'/') ? root : root + u'/';
    const QString finalPath = QDir::cleanPath(prefix + relative);
    if (!finalPath.startsWith(prefix) || finalPath.size() == prefix.size())
        return {{}, u"path escapes the target folder"_s};
    return {finalPath.mid(prefix.size()), {}};
}

Result<void> PartFile::open(const QString &directory)
{
    // Short names: the final name may already be at the file system's length limit.
    // NewOnly (O_EXCL) never reuses or follows anything that is already there.
    for (int attempt = 0; attempt < 1000; ++attempt) {
        const QString candidate
            = directory + u"/.rubricate-"_s + QString::number(attempt) + u".part"_s;
        m_file.setFileName(candidate);
        if (m_file.open(QIODevice::WriteOnly | QIODevice::NewOnly))
            return {};
        // Only a name clash is worth another attempt; anything else will fail again.
        const QFileInfo clash(candidate);
        if (!clash.exists() && !clash.isSymLink())
            break;
    }
    return Error{u"cannot create a temporary file in "_s + directory + u": "_s
                 + m_file.errorString()};
}

Result<void> PartFile::write(const char *data, qint64 size)
{
    if (m_file.write(data, size) == size)
        return {};
    return Error{m_file.errorString()};
}

Result<void> PartFile::commit(const QString &finalPath)
{
    if (!m_file.flush()) {
        return Error{m_file.errorString()};
    }
    m_file.close();
    if (m_file.error() != QFileDevice::NoError) {
        return Error{m_file.errorString()};
    }
    // QFile::rename refuses to replace an existing file, which is what we want.
    if (!m_file.rename(finalPath)) {
        return Error{m_file.errorString()};
    }
    m_committed = true;
    return {};
}

void PartFile::discard()
{
    if (m_committed || m_file.fileName().isEmpty())
        return;
    if (m_file.isOpen())
        m_file.close();
    if (m_file.exists())
        m_file.remove();
    m_file.setFileName({});
}

} // namespace Rubricate::ArchiveEntries
