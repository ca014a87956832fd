#include "inputfiles.h"

#include <QFile>
#include <QFileInfo>
#include <QHash>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include <dirent.h>
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

// POSIX rather than QFile/QDir: QFile::open on a FIFO blocks until a writer appears, QDir
// silently drops entries whose names are not valid UTF-8 (and broken links, with most
// filters), and neither tells a link that leaves the folder from one that stays inside. The
// project targets Debian only.

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

class FileDescriptor
{
public:
    explicit FileDescriptor(int fd)
        : m_fd(fd)
    { }
    ~FileDescriptor()
    {
        if (m_fd >= 0)
            ::close(m_fd);
    }
    FileDescriptor(const FileDescriptor &) = delete;
    FileDescriptor &operator=(const FileDescriptor &) = delete;
    int get() const { return m_fd; }

private:
    int m_fd;
};

QString systemError(int error)
{
    return QString::fromLocal8Bit(std::strerror(error));
}

QString humanBytes(qint64 bytes)
{
    constexpr double mib = 1024.0 * 1024.0;
    if (bytes >= qint64(1024) * 1024 * 1024)
        return u"%1 GiB"_s.arg(double(bytes) / (mib * 1024.0), 0, 'f', 1);
    if (bytes >= qint64(1024) * 1024)
        return u"%1 MiB"_s.arg(double(bytes) / mib, 0, 'f', 1);
    return u"%1 bytes"_s.arg(bytes);
}

// What a file that is not regular is, for a message.
QString notRegularReason(mode_t mode)
{
    if (S_ISFIFO(mode))
        return u"a FIFO (named pipe), not a regular file; skipped"_s;
    if (S_ISCHR(mode))
        return u"a character device, not a regular file; skipped"_s;
    if (S_ISBLK(mode))
        return u"a block device, not a regular file; skipped"_s;
    if (S_ISSOCK(mode))
        return u"a socket, not a regular file; skipped"_s;
    if (S_ISDIR(mode))
        return u"a folder, not a file"_s;
    return u"not a regular file; skipped"_s;
}

// The name as bytes can spell it when they are not UTF-8: invalid bytes as \xNN.
QString escapedName(const QByteArray &raw)
{
    QString out;
    for (const char c : raw) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte >= 0x20 && byte < 0x7F)
            out += QLatin1Char(c);
        else
            out += u"\\x%1"_s.arg(byte, 2, 16, QLatin1Char('0'));
    }
    return out;
}

bool isInside(const QString &canonical, const QString &canonicalRoot)
{
    return canonical == canonicalRoot || canonical.startsWith(canonicalRoot + u'/');
}

} // namespace

namespace {

// Where an open descriptor really points, after the kernel resolved every link on the way.
QString openedPath(int fd)
{
    char target[PATH_MAX];
    const QByteArray link = "/proc/self/fd/" + QByteArray::number(fd);
    const ssize_t n = ::readlink(link.constData(), target, sizeof target - 1);
    return n < 0 ? QString() : QFile::decodeName(QByteArray(target, n));
}

InputRead readOpenedFile(int fd, qint64 maxBytes)
{
    InputRead result;
    struct stat info {
    };
    if (::fstat(fd, &info) != 0) {
        result.error = u"cannot read: %1"_s.arg(systemError(errno));
        return result;
    }
    if (!S_ISREG(info.st_mode)) {
        result.error = notRegularReason(info.st_mode);
        return result;
    }
    const auto tooLarge = [&](qint64 size) {
        return u"%1, beyond the %2 limit for one file; skipped"_s.arg(humanBytes(size),
                                                                      humanBytes(maxBytes));
    };
    if (info.st_size > maxBytes) {
        result.error = tooLarge(info.st_size);
        return result;
    }
    // The size is a hint (files under /proc say 0; a file may grow while we read), so the
    // limit is enforced on what is read, not on what stat said.
    QByteArray bytes;
    bytes.reserve(qsizetype(info.st_size));
    constexpr qsizetype chunk = 1024 * 1024;
    for (;;) {
        const qsizetype before = bytes.size();
        bytes.resize(before + chunk);
        const ssize_t n = ::read(fd, bytes.data() + before, size_t(chunk));
        if (n < 0) {
            if (errno == EINTR) {
                bytes.resize(before);
                continue;
            }
            result.error = u"cannot read: %1"_s.arg(systemError(errno));
            return result;
        }
        bytes.resize(before + n);
        if (n == 0)
            break;
        if (bytes.size() > maxBytes) {
            result.error = tooLarge(bytes.size());
            return result;
        }
    }
    result.bytes = std::move(bytes);
    return result;
}

} // namespace

InputRead readInputFile(const QString &path, qint64 maxBytes)
{
    return readInputFile(path, maxBytes, {});
}

InputRead readInputFile(const QString &path, qint64 maxBytes, const QString &root)
{
    const QByteArray native = QFile::encodeName(path);
    // O_NONBLOCK: opening a FIFO for reading would otherwise wait for a writer forever. It
    // changes nothing for regular files.
    const FileDescriptor fd(
        ::open(native.constData(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY));
    if (fd.get() < 0)
        return {{}, u"cannot read: %1"_s.arg(systemError(errno))};
    if (!root.isEmpty()) {
        const QString opened = openedPath(fd.get());
        if (!isInside(opened, QFileInfo(root).canonicalFilePath()))
            return {{}, u"now leads to %1, outside the chosen folder; skipped"_s.arg(opened)};
    }
    return readOpenedFile(fd.get(), maxBytes);
}

FolderListing listInputFolder(const QString &dir, const QString &root)
{
    FolderListing listing;
    const QString canonicalRoot = QFileInfo(root).canonicalFilePath();
    const QString canonicalDir = QFileInfo(dir).canonicalFilePath();
    const QByteArray nativeDir = QFile::encodeName(dir);
    DIR *handle = ::opendir(nativeDir.constData());
    if (!handle) {
        listing.refused.append(
            {QFileInfo(dir).fileName(), u"cannot list: "_s + systemError(errno)});
        return listing;
    }
    while (const dirent *entry = ::readdir(handle)) {
        const QByteArray raw(entry->d_name);
        // Hidden entries (.DS_Store, .git, editor backups) are never reports.
        if (raw.startsWith('.'))
            continue;
        const QString name = QFile::decodeName(raw);
        if (QFile::encodeName(name) != raw) {
            listing.refused.append(
                {escapedName(raw), u"the file name is not valid UTF-8; rename it to import it"_s});
            continue;
        }
        const QByteArray nativePath = nativeDir + '/' + raw;
        struct stat info {
        };
        if (::lstat(nativePath.constData(), &info) != 0) {
            listing.refused.append({name, systemError(errno)});
            continue;
        }
        if (S_ISLNK(info.st_mode)) {
            char resolved[PATH_MAX];
            if (!::realpath(nativePath.constData(), resolved)) {
                const int error = errno;
                listing.refused.append({name,
                                        error == ELOOP
                                            ? u"symbolic link that loops; skipped"_s
                                            : u"symbolic link to a missing target; skipped"_s});
                continue;
            }
            const QString target = QFile::decodeName(resolved);
            if (!isInside(target, canonicalRoot)) {
                listing.refused.append(
                    {name,
                     u"symbolic link to %1, outside the chosen folder; skipped"_s.arg(target)});
                continue;
            }
            // A link back to a folder above it would make every walk of the tree endless.
            if (isInside(canonicalDir, target)) {
                listing.refused.append(
                    {name, u"symbolic link to a folder that contains it; skipped"_s});
                continue;
            }
            if (::stat(resolved, &info) != 0) {
                listing.refused.append({name, systemError(errno)});
                continue;
            }
        }
        if (S_ISDIR(info.st_mode)) {
            listing.entries.append({name, dir + u'/' + name, true});
        } else if (S_ISREG(info.st_mode)) {
            listing.entries.append({name, dir + u'/' + name, false});
        } else {
            listing.refused.append({name, notRegularReason(info.st_mode)});
        }
    }
    ::closedir(handle);
    std::sort(listing.entries.begin(), listing.entries.end(),
              [](const FolderEntry &a, const FolderEntry &b) { return a.name < b.name; });
    std::sort(listing.refused.begin(), listing.refused.end(),
              [](const RefusedEntry &a, const RefusedEntry &b) { return a.name < b.name; });
    return listing;
}

FolderListing listInputTree(const QString &root, int maxDepth)
{
    FolderListing tree;
    struct Pending {
        QString path;
        QString relative;
        int depth;
    };
    QList<Pending> pending{{root, {}, 0}};
    // Links inside the tree may reach one folder by many paths (two sibling folders linking to
    // each other, a few links each): each folder is read once, by the first path found.
    QHash<std::pair<dev_t, ino_t>, QString> seen;
    while (!pending.isEmpty()) {
        const Pending folder = pending.takeLast();
        struct stat info {
        };
        if (::stat(QFile::encodeName(folder.path).constData(), &info) == 0) {
            const auto key = std::make_pair(info.st_dev, info.st_ino);
            if (const auto first = seen.constFind(key); first != seen.cend()) {
                tree.refused.append(
                    {folder.relative,
                     u"the same folder as %1, reached through a link; not read "
                     u"twice"_s.arg(first.value().isEmpty() ? u"."_s : first.value())});
                continue;
            }
            seen.insert(key, folder.relative);
        }
        const FolderListing listing = listInputFolder(folder.path, root);
        const QString prefix = folder.relative.isEmpty() ? QString() : folder.relative + u'/';
        for (const RefusedEntry &r : listing.refused)
            tree.refused.append({prefix + r.name, r.reason});
        for (const FolderEntry &e : listing.entries) {
            const QString relative = prefix + e.name;
            if (!e.isDir) {
                tree.entries.append({relative, e.path, false});
            } else if (folder.depth + 1 > maxDepth) {
                tree.refused.append(
                    {relative, u"more than %1 folders deep; not read"_s.arg(maxDepth)});
            } else {
                pending.append({e.path, relative, folder.depth + 1});
            }
        }
    }
    std::sort(tree.entries.begin(), tree.entries.end(),
              [](const FolderEntry &a, const FolderEntry &b) { return a.name < b.name; });
    return tree;
}

void reportRefused(const FolderListing &listing, const QString &prefix, ImportSummary &summary)
{
    for (const RefusedEntry &r : listing.refused)
        summary.error(prefix.isEmpty() ? r.name : prefix + u'/' + r.name, 0, r.reason);
}

} // namespace Rubricate
