#include "archivereader.h"

#include "archiveentries.h"

#include <QByteArrayView>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSet>

#include <archive.h>
#include <archive_entry.h>

#include <cstring>
#include <memory>

#if defined(Q_OS_UNIX)
#include <langinfo.h>
#include <locale.h> // NOLINT(modernize-deprecated-headers): POSIX newlocale/uselocale, not in <clocale>
#endif

namespace Rubricate {

using namespace Qt::StringLiterals;
using namespace ArchiveEntries;

namespace {

struct ReadArchiveDeleter {
    void operator()(archive *a) const noexcept { archive_read_free(a); }
};
using ReadArchive = std::unique_ptr<archive, ReadArchiveDeleter>;

// Large enough to keep libarchive's per-call overhead negligible, small enough that a
// limit overshoot is detected before much lands on disk.
constexpr qsizetype kChunkSize = 256 * 1024;
constexpr size_t kFileBlockSize = 64 * 1024;

// The zip end-of-central-directory record sits in the last 22 bytes plus an optional
// comment of at most 65535 bytes.
constexpr qint64 kZipEndSearchWindow = 22 + 65535;

// libarchive converts entry names through the charset of the calling thread's locale. Under
// LC_ALL=C (containers, services) a non-ASCII name then comes back as NULL from both
// archive_entry_pathname() and archive_entry_pathname_utf8(). Switching only this thread's
// LC_CTYPE to UTF-8 while we hold archive handles keeps names intact and touches no global
// state, so concurrent extractions stay independent.
class Utf8LocaleScope
{
public:
    Utf8LocaleScope()
    {
#if defined(Q_OS_UNIX)
        if (std::strcmp(nl_langinfo(CODESET), "UTF-8") == 0)
            return;
        for (const char *name : {"C.UTF-8", "C.utf8", "en_US.UTF-8"}) {
            m_utf8 = newlocale(LC_CTYPE_MASK, name, static_cast<locale_t>(nullptr));
            if (m_utf8) {
                m_previous = uselocale(m_utf8);
                return;
            }
        }
#endif
    }
    ~Utf8LocaleScope()
    {
#if defined(Q_OS_UNIX)
        if (m_utf8) {
            uselocale(m_previous);
            freelocale(m_utf8);
        }
#endif
    }
    Utf8LocaleScope(const Utf8LocaleScope &) = delete;
    Utf8LocaleScope &operator=(const Utf8LocaleScope &) = delete;

private:
#if defined(Q_OS_UNIX)
    locale_t m_utf8 = static_cast<locale_t>(nullptr);
    locale_t m_previous = static_cast<locale_t>(nullptr);
#endif
};

QString formatBytes(qint64 bytes)
{
    constexpr qint64 kib = 1024;
    constexpr qint64 mib = kib * 1024;
    constexpr qint64 gib = mib * 1024;
    if (bytes >= gib && bytes % gib == 0)
        return QString::number(bytes / gib) + u" GiB"_s;
    if (bytes >= mib && bytes % mib == 0)
        return QString::number(bytes / mib) + u" MiB"_s;
    if (bytes >= kib && bytes % kib == 0)
        return QString::number(bytes / kib) + u" KiB"_s;
    return QString::number(bytes) + (bytes == 1 ? u" byte"_s : u" bytes"_s);
}

bool hasZipEndRecord(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return false;
    const qint64 window = qMin(file.size(), kZipEndSearchWindow);
    if (!file.seek(file.size() - window))
        return false;
    return file.read(window).contains(QByteArrayView("PK\x05\x06", 4));
}

// libarchive picks filters and format while opening (and again on the first header): when
// none fits, say so in words a user understands rather than "Unrecognized archive format".
QString notAnArchiveError(archive *a, const QString &archiveFileName)
{
    for (int i = 0; i < archive_filter_count(a); ++i) {
        if (archive_filter_code(a, i) != ARCHIVE_FILTER_NONE) {
            return u"%1 is compressed (%2) but holds no readable zip or tar archive; it may be "
                   u"truncated: %3"_s.arg(archiveFileName,
                                          QString::fromLatin1(archive_filter_name(a, i)),
                                          libarchiveError(a));
        }
    }
    return u"%1 is not a zip or tar archive"_s.arg(archiveFileName);
}

class Extractor
{
public:
    Extractor(archive *a, QString root, const ArchiveLimits &limits, ArchiveExtraction *result)
        : m_archive(a)
        , m_root(std::move(root))
        , m_limits(limits)
        , m_result(result)
        , m_buffer(kChunkSize, Qt::Uninitialized)
    { }

    // Returns false when extraction had to stop; the error is then in the result.
    bool run(const QString &archiveFileName)
    {
        int entries = 0;
        for (;;) {
            archive_entry *entry = nullptr;
            const int status = archive_read_next_header(m_archive, &entry);
            if (status == ARCHIVE_EOF)
                return true;
            if (status == ARCHIVE_FATAL) {
                if (entries == 0 && archive_format(m_archive) == 0)
                    return stop(notAnArchiveError(m_archive, archiveFileName));
                return damaged(m_lastLabel.isEmpty() ? u"at its first entry"_s
                                                     : u"after the entry "_s + m_lastLabel);
            }
            if (++entries > m_limits.maxEntries) {
                return stop(
                    u"archive has more than %1 entries, the limit"_s.arg(m_limits.maxEntries));
            }
            const QString name = entryName(entry);
            const QString label = name.isEmpty() ? u"(unnamed entry)"_s : name;
            m_lastLabel = label;
            // FAILED/RETRY: this header is unusable but the next one may be fine. WARN is
            // typically a name charset conversion problem: the entry itself is usable.
            if (status != ARCHIVE_OK && status != ARCHIVE_WARN) {
                if (!refuse(label, u"unreadable entry header: "_s + libarchiveError(m_archive)))
                    return false;
                continue;
            }
            if (!handleEntry(entry, name, label))
                return false;
        }
    }

private:
    bool stop(const QString &error)
    {
        m_result->error = error;
        return false;
    }

    // The archive cannot be read past this point; what was extracted before is whole.
    bool damaged(const QString &where)
    {
        m_result->damaged = true;
        return stop(
            u"truncated or damaged archive %1: %2"_s.arg(where, libarchiveError(m_archive)));
    }

    // Records a refused entry and skips its data; false when the skip hit a fatal error.
    bool refuse(const QString &label, const QString &reason)
    {
        m_result->refused.append(label + u": "_s + reason);
        if (archive_read_data_skip(m_archive) == ARCHIVE_FATAL)
            return damaged(u"in the entry "_s + label);
        return true;
    }

    // A path that a refused entry claimed, or that lies below one: a later entry of that name
    // must not take the refused one's place (a link refused, then a file of the same name).
    QString refusedClaim(const QString &relative) const
    {
        for (QString prefix = relative; !prefix.isEmpty();
             prefix = prefix.left(std::max<qsizetype>(prefix.lastIndexOf(u'/'), 0))) {
            if (m_refusedPaths.contains(prefix))
                return prefix;
        }
        return {};
    }

    bool handleEntry(archive_entry *entry, const QString &name, const QString &label)
    {
        const SafePath path = sanitiseEntryName(name, m_root);
        if (const QString reason = refusedTypeReason(entry); !reason.isEmpty()) {
            if (path.reason.isEmpty() && !path.relative.isEmpty())
                m_refusedPaths.insert(path.relative);
            return refuse(label, reason);
        }
        if (!path.reason.isEmpty())
            return refuse(label, path.reason);
        if (const QString claim = refusedClaim(path.relative); !claim.isEmpty()) {
            return refuse(label,
                          u"an earlier entry named %1 was refused; this one does not take its "
                          u"place"_s.arg(claim));
        }

        if (archive_entry_filetype(entry) == AE_IFDIR) {
            if (const Result<void> made = ensureDirectory(path.relative); !made)
                return refuse(label, made.errorMessage());
            return true;
        }
        if (path.relative.isEmpty())
            return refuse(label, u"empty name refused"_s);
        return extractFile(entry, path.relative, label);
    }

    // Creates the folders of `relative` one by one, refusing to pass through a symbolic link
    // or a file. Only pre-existing content of the target can be a link (we never make one),
    // but checking costs one lstat per new folder.
    Result<void> ensureDirectory(const QString &relative)
    {
        if (relative.isEmpty() || m_safeDirs.contains(relative))
            return {};
        QString current;
        for (const QString &part : relative.split(u'/')) {
            current = current.isEmpty() ? part : current + u'/' + part;
            if (m_safeDirs.contains(current))
                continue;
            const QString absolute = m_root + u'/' + current;
            const QFileInfo info(absolute);
            if (info.isSymLink()) {
                return Error{u"path goes through the symbolic link "_s + current};
            }
            if (!info.exists()) {
                if (!QDir(m_root).mkdir(current)) {
                    return Error{u"cannot create folder "_s + current};
                }
            } else if (!info.isDir()) {
                return Error{current + u" is a file, not a folder"_s};
            }
            m_safeDirs.insert(current);
        }
        return {};
    }

    // One entry beyond the per-file limit costs only itself. libarchive's skip passes its data
    // without handing it over: a zip seeks past it, a sparse tar's holes are never made, and a
    // compressed tar inflates it through libarchive's own block, as nothing says where the
    // next entry begins. Like a refused link, it leaves its name to no later entry.
    bool refuseOversized(const QString &relative, const QString &label, const QString &size)
    {
        m_refusedPaths.insert(relative);
        return refuse(label,
                      u"%1, over the %2 per-file limit; skipped"_s.arg(
                          size, formatBytes(m_limits.maxEntryBytes)));
    }

    bool extractFile(archive_entry *entry, const QString &relative, const QString &label)
    {
        // The header's size is only a hint (it can lie, or be absent for streamed zips), but
        // an honest oversized entry can be skipped before any of it reaches us.
        if (archive_entry_size_is_set(entry) && archive_entry_size(entry) > m_limits.maxEntryBytes)
            return refuseOversized(relative, label,
                                   formatBytes(archive_entry_size(entry)) + u" expanded"_s);

        const QString finalPath = m_root + u'/' + relative;
        const qsizetype slash = relative.lastIndexOf(u'/');
        const QString parent = slash < 0 ? QString() : relative.left(slash);
        if (const Result<void> made = ensureDirectory(parent); !made)
            return refuse(label, made.errorMessage());
        {
            const QFileInfo existing(finalPath);
            if (existing.exists() || existing.isSymLink())
                return refuse(label, u"already exists (duplicate entry)"_s);
        }

        PartFile part;
        if (const Result<void> opened
            = part.open(parent.isEmpty() ? m_root : m_root + u'/' + parent);
            !opened)
            return stop(opened.errorMessage());

        qint64 entryBytes = 0;
        for (;;) {
            const la_ssize_t n = archive_read_data(m_archive, m_buffer.data(), m_buffer.size());
            if (n == 0)
                break;
            if (n < 0) {
                if (n == ARCHIVE_FATAL)
                    return damaged(u"in the entry "_s + label);
                // WARN/FAILED (e.g. a bad CRC): the entry's bytes are wrong, the archive
                // may still be readable past it.
                part.discard();
                return refuse(label, u"damaged data: "_s + libarchiveError(m_archive));
            }
            // Count what really comes out of the decompressor, not what the header claims. The
            // bytes inflated so far stay in the archive's total, which bounds the work a bomb
            // of many such entries can cause.
            if (entryBytes + n > m_limits.maxEntryBytes) {
                part.discard();
                return refuseOversized(relative, label,
                                       u"more than %1 expanded (its header gives no size or a "
                                       u"smaller one)"_s.arg(formatBytes(m_limits.maxEntryBytes)));
            }
            if (m_totalBytes + n > m_limits.maxTotalBytes) {
                return stop(u"archive expands beyond the %1 limit"_s.arg(
                    formatBytes(m_limits.maxTotalBytes)));
            }
            if (const Result<void> written = part.write(m_buffer.constData(), n); !written)
                return stop(u"cannot write "_s + finalPath + u": "_s + written.errorMessage());
            entryBytes += n;
            m_totalBytes += n;
        }
        if (const Result<void> committed = part.commit(finalPath); !committed)
            return refuse(label,
                          u"cannot write "_s + finalPath + u": "_s + committed.errorMessage());
        m_result->extracted.append(relative);
        return true;
    }

    archive *m_archive;
    const QString m_root;
    const ArchiveLimits m_limits;
    ArchiveExtraction *m_result;
    QByteArray m_buffer;
    QSet<QString> m_safeDirs; // relative folders already created or checked
    QSet<QString> m_refusedPaths; // where refused links and devices would have gone
    QString m_lastLabel; // the entry read last, to say where damage begins
    qint64 m_totalBytes = 0;
};

Result<ReadArchive> openZipInMemory(const QByteArray &zip)
{
    ReadArchive a(archive_read_new());
    if (!a)
        return Error{u"libarchive could not allocate a reader"_s};
    // Zip only: a docx is never anything else, and fewer bidders means less attack surface.
    archive_read_support_format_zip(a.get());
    if (archive_read_open_memory(a.get(), zip.constData(), size_t(zip.size())) != ARCHIVE_OK)
        return Error{u"not a zip: "_s + libarchiveError(a.get())};
    return a;
}

} // namespace

bool isArchiveFileName(const QString &path)
{
    static constexpr QStringView suffixes[]
        = {u".zip", u".tar", u".tar.gz", u".tgz", u".tar.xz", u".txz", u".tar.bz2", u".tar.zst"};
    for (const QStringView suffix : suffixes) {
        if (path.endsWith(suffix, Qt::CaseInsensitive) && path.size() > suffix.size())
            return true;
    }
    return false;
}

ArchiveExtraction extractArchive(const QString &archivePath, const QString &targetDir,
                                 const ArchiveLimits &limits)
{
    ArchiveExtraction result;
    const QFileInfo archiveInfo(archivePath);
    const QString archiveFileName = archiveInfo.fileName();
    if (!archiveInfo.isFile()) {
        result.error = u"cannot read %1: no such file"_s.arg(archivePath);
        return result;
    }
    if (QFile probe(archivePath); !probe.open(QIODevice::ReadOnly)) {
        result.error = u"cannot read %1: %2"_s.arg(archivePath, probe.errorString());
        return result;
    }
    if (archiveInfo.size() == 0) {
        result.error = u"%1 is empty, not a zip or tar archive"_s.arg(archiveFileName);
        return result;
    }
    const QFileInfo targetInfo(targetDir);
    if (!targetInfo.isDir()) {
        result.error = u"target folder %1 does not exist"_s.arg(targetDir);
        return result;
    }
    // Canonical, so that the containment check compares like with like even when the
    // target is reached through a symlinked parent such as /tmp.
    const QString root = targetInfo.canonicalFilePath();

    // Declared before the handle so that it outlives it.
    const Utf8LocaleScope utf8Names;

    ReadArchive a(archive_read_new());
    if (!a) {
        result.error = u"libarchive could not allocate a reader"_s;
        return result;
    }
    // Only the filters and formats bundles come in: no external decompressor programs,
    // no "raw" or mtree readers that would accept arbitrary text.
    archive_read_support_filter_gzip(a.get());
    archive_read_support_filter_bzip2(a.get());
    archive_read_support_filter_xz(a.get());
    archive_read_support_filter_zstd(a.get());
    archive_read_support_format_tar(a.get());
    archive_read_support_format_zip(a.get());
    if (archive_read_open_filename(a.get(), QFile::encodeName(archivePath).constData(),
                                   kFileBlockSize)
        != ARCHIVE_OK) {
        // The file was readable a moment ago, so a failure without a chosen format means
        // no reader recognised the bytes.
        result.error = archive_format(a.get()) == 0
            ? notAnArchiveError(a.get(), archiveFileName)
            : u"cannot open %1: %2"_s.arg(archiveFileName, libarchiveError(a.get()));
        return result;
    }

    Extractor extractor(a.get(), root, limits, &result);
    if (!extractor.run(archiveFileName))
        return result;

    // libarchive's streaming zip reader, used when the end of central directory is missing,
    // reads local headers one by one and treats running out of data between entries as a
    // normal end. A zip cut after a complete entry would pass as valid without this check.
    bool compressed = false;
    for (int i = 0; i < archive_filter_count(a.get()); ++i)
        compressed = compressed || archive_filter_code(a.get(), i) != ARCHIVE_FILTER_NONE;
    if ((archive_format(a.get()) & ARCHIVE_FORMAT_BASE_MASK) == ARCHIVE_FORMAT_ZIP && !compressed
        && !hasZipEndRecord(archivePath)) {
        result.error = u"truncated archive: %1 has no zip central directory (the end of the "
                       u"file is missing)"_s.arg(archiveFileName);
        result.damaged = true;
        return result;
    }

    if (result.extracted.isEmpty() && !result.refused.isEmpty()) {
        result.error = u"no entry of %1 could be extracted safely (%2 refused)"_s.arg(
            archiveFileName, QString::number(result.refused.size()));
        return result;
    }
    result.ok = true;
    return result;
}

Result<QByteArray> readZipEntry(const QByteArray &zip, const QString &entryNameWanted,
                                qint64 maxBytes)
{
    const Utf8LocaleScope utf8Names;
    auto opened = openZipInMemory(zip);
    if (!opened)
        return opened.error();
    const ReadArchive a = std::move(opened).value();
    bool sawEntry = false;
    for (;;) {
        archive_entry *entry = nullptr;
        const int status = archive_read_next_header(a.get(), &entry);
        if (status == ARCHIVE_EOF)
            return Error{u"the zip has no entry named "_s + entryNameWanted};
        if (status == ARCHIVE_FATAL) {
            return Error{!sawEntry && archive_format(a.get()) == 0
                             ? u"not a zip archive"_s
                             : u"damaged zip: "_s + libarchiveError(a.get())};
        }
        sawEntry = true;
        if (status != ARCHIVE_OK && status != ARCHIVE_WARN)
            continue;
        if (entryName(entry) != entryNameWanted)
            continue;

        if (archive_entry_filetype(entry) != AE_IFREG || archive_entry_hardlink(entry))
            return Error{entryNameWanted + u" is not a regular file"_s};
        if (archive_entry_is_encrypted(entry))
            return Error{entryNameWanted + u" is encrypted"_s};
        const QString tooLarge
            = u"%1 expands beyond the %2 limit"_s.arg(entryNameWanted, formatBytes(maxBytes));
        if (archive_entry_size_is_set(entry) && archive_entry_size(entry) > maxBytes)
            return Error{tooLarge};
        QByteArray data;
        QByteArray buffer(kChunkSize, Qt::Uninitialized);
        for (;;) {
            const la_ssize_t n = archive_read_data(a.get(), buffer.data(), buffer.size());
            if (n == 0)
                break;
            if (n < 0) {
                return Error{u"cannot read "_s + entryNameWanted + u": "_s
                             + libarchiveError(a.get())};
            }
            // The header's size is not trusted: stop on what actually inflates.
            if (data.size() + n > maxBytes)
                return Error{tooLarge};
            data.append(buffer.constData(), n);
        }
        return data;
    }
}

QStringList zipEntryNames(const QByteArray &zip)
{
    const Utf8LocaleScope utf8Names;
    auto opened = openZipInMemory(zip);
    QStringList names;
    if (!opened)
        return names;
    const ReadArchive a = std::move(opened).value();
    for (;;) {
        archive_entry *entry = nullptr;
        const int status = archive_read_next_header(a.get(), &entry);
        // A damaged zip still yields the names read before the damage.
        if (status == ARCHIVE_EOF || status == ARCHIVE_FATAL)
            return names;
        if (status == ARCHIVE_OK || status == ARCHIVE_WARN)
            names.append(entryName(entry));
    }
}

} // namespace Rubricate
