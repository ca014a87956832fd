// Archives built in memory with libarchive's write API, so that no binary archive lives in
// the repository and each hostile case is visible in the test's source.
#pragma once

#include <QByteArray>
#include <QList>

#include <archive.h>
#include <archive_entry.h>

#include <memory>

#include <locale.h> // NOLINT(modernize-deprecated-headers): POSIX newlocale/uselocale, not in <clocale>

namespace RubricateTest {

struct WriteArchiveDeleter {
    void operator()(archive *a) const noexcept { archive_write_free(a); }
};
using WriteArchive = std::unique_ptr<archive, WriteArchiveDeleter>;

struct EntryDeleter {
    void operator()(archive_entry *e) const noexcept { archive_entry_free(e); }
};
using Entry = std::unique_ptr<archive_entry, EntryDeleter>;

enum class Kind { File, Dir, Symlink, Hardlink, Fifo, CharDevice };
enum class Container { Zip, Tar };
enum class Compression { None, Gzip, Bzip2, Xz, Zstd };

struct FixtureEntry {
    QByteArray name; // UTF-8, written as is: hostile names must reach the reader unchanged
    QByteArray data{};
    Kind kind = Kind::File;
    QByteArray link{}; // symlink or hardlink target
    bool sizeKnown = true; // false: the header does not announce the size
    // Tar only. Non-zero: a sparse file this large, `data` at its start and a hole after it,
    // so an entry of any size costs the archive a few bytes.
    qint64 sparseSize = 0;
};

struct Fixture {
    Container container = Container::Zip;
    Compression compression = Compression::None;
    bool storeOnly = false; // zip: no deflate, so the payload is visible in the bytes
};

// The writers, like the readers, convert names through the thread's locale, and under LC_ALL=C
// libarchive 3.6.2's pax and zip writers crash on a non-ASCII name. Fixtures are therefore
// written with a UTF-8 LC_CTYPE on this thread.
class Utf8ThreadLocale
{
public:
    Utf8ThreadLocale()
        : m_utf8(newlocale(LC_CTYPE_MASK, "C.UTF-8", static_cast<locale_t>(nullptr)))
    {
        if (m_utf8)
            m_previous = uselocale(m_utf8);
    }
    ~Utf8ThreadLocale()
    {
        if (m_utf8) {
            uselocale(m_previous);
            freelocale(m_utf8);
        }
    }
    Utf8ThreadLocale(const Utf8ThreadLocale &) = delete;
    Utf8ThreadLocale &operator=(const Utf8ThreadLocale &) = delete;

private:
    locale_t m_utf8;
    locale_t m_previous = static_cast<locale_t>(nullptr);
};

inline la_ssize_t appendToByteArray(archive *, void *clientData, const void *buffer, size_t length)
{
    static_cast<QByteArray *>(clientData)
        ->append(static_cast<const char *>(buffer), qsizetype(length));
    return la_ssize_t(length);
}

// Builds an archive in memory; an empty result means libarchive refused (the failure is
// reported through QTest by the caller's QVERIFY).
inline QByteArray buildArchive(const Fixture &fixture, const QList<FixtureEntry> &entries)
{
    const Utf8ThreadLocale utf8Names; // must outlive the handle below
    WriteArchive a(archive_write_new());
    if (fixture.container == Container::Zip) {
        archive_write_set_format_zip(a.get());
        // Without it the zip writer converts names to the locale's charset and, under LC_ALL=C,
        // crashes on a non-ASCII name (libarchive 3.6.2 dereferences the failed conversion).
        archive_write_set_format_option(a.get(), "zip", "hdrcharset", "UTF-8");
        if (fixture.storeOnly)
            archive_write_set_format_option(a.get(), "zip", "compression", "store");
    } else {
        archive_write_set_format_pax_restricted(a.get());
    }
    int filter = ARCHIVE_OK;
    switch (fixture.compression) {
    case Compression::None:
        break;
    case Compression::Gzip:
        filter = archive_write_add_filter_gzip(a.get());
        break;
    case Compression::Bzip2:
        filter = archive_write_add_filter_bzip2(a.get());
        break;
    case Compression::Xz:
        filter = archive_write_add_filter_xz(a.get());
        break;
    case Compression::Zstd:
        filter = archive_write_add_filter_zstd(a.get());
        break;
    }
    if (filter != ARCHIVE_OK)
        return {};
    // No padding: the truncation tests must cut real data, not trailing zeros.
    archive_write_set_bytes_in_last_block(a.get(), 1);

    QByteArray bytes;
    if (archive_write_open(a.get(), &bytes, nullptr, appendToByteArray, nullptr) != ARCHIVE_OK)
        return {};
    for (const FixtureEntry &fe : entries) {
        Entry e(archive_entry_new());
        archive_entry_set_pathname_utf8(e.get(), fe.name.constData());
        archive_entry_set_mtime(e.get(), 1700000000, 0);
        switch (fe.kind) {
        case Kind::File:
            archive_entry_set_filetype(e.get(), AE_IFREG);
            archive_entry_set_perm(e.get(), 0644);
            if (fe.sparseSize > 0) {
                archive_entry_set_size(e.get(), fe.sparseSize);
                archive_entry_sparse_add_entry(e.get(), 0, fe.data.size());
            } else if (fe.sizeKnown) {
                archive_entry_set_size(e.get(), fe.data.size());
            } else {
                archive_entry_unset_size(e.get());
            }
            break;
        case Kind::Dir:
            archive_entry_set_filetype(e.get(), AE_IFDIR);
            archive_entry_set_perm(e.get(), 0755);
            break;
        case Kind::Symlink:
            archive_entry_set_filetype(e.get(), AE_IFLNK);
            archive_entry_set_perm(e.get(), 0777);
            archive_entry_set_symlink(e.get(), fe.link.constData());
            break;
        case Kind::Hardlink:
            archive_entry_set_filetype(e.get(), AE_IFREG);
            archive_entry_set_perm(e.get(), 0644);
            archive_entry_set_hardlink(e.get(), fe.link.constData());
            archive_entry_set_size(e.get(), 0);
            break;
        case Kind::Fifo:
            archive_entry_set_filetype(e.get(), AE_IFIFO);
            archive_entry_set_perm(e.get(), 0644);
            break;
        case Kind::CharDevice:
            archive_entry_set_filetype(e.get(), AE_IFCHR);
            archive_entry_set_perm(e.get(), 0644);
            archive_entry_set_rdevmajor(e.get(), 1);
            archive_entry_set_rdevminor(e.get(), 3);
            break;
        }
        if (archive_write_header(a.get(), e.get()) < ARCHIVE_WARN)
            return {};
        qsizetype written = 0;
        while (written < fe.data.size()) {
            const la_ssize_t n = archive_write_data(a.get(), fe.data.constData() + written,
                                                    size_t(fe.data.size() - written));
            if (n <= 0)
                return {};
            written += n;
        }
    }
    if (archive_write_close(a.get()) != ARCHIVE_OK)
        return {};
    return bytes;
}

} // namespace RubricateTest
