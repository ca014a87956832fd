// Expanding an uploaded bundle (.zip, .tar, .tar.gz, .tar.xz) into a folder.
#include "fuzzcheck.h"

#include "ingest/archive/archivereader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QTemporaryDir>

using namespace Rubricate;

namespace {

// Every file written must be one the extraction reports, below the target, and no link.
void checkWritten(const QString &targetDir, const ArchiveExtraction &extraction)
{
    const QString root = QFileInfo(targetDir).canonicalFilePath() + u'/';
    QDirIterator it(targetDir,
                    QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot,
                    QDirIterator::Subdirectories);
    while (it.hasNext()) {
        const QFileInfo info(it.next());
        FUZZ_CHECK(!info.isSymLink());
        FUZZ_CHECK(info.canonicalFilePath().startsWith(root));
        if (info.isFile())
            FUZZ_CHECK(
                extraction.extracted.contains(QDir(targetDir).relativeFilePath(info.filePath())));
    }
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    QTemporaryDir work;
    FUZZ_CHECK(work.isValid());
    const QString archivePath = work.filePath(QStringLiteral("bundle.archive"));
    QFile file(archivePath);
    FUZZ_CHECK(file.open(QIODevice::WriteOnly));
    FUZZ_CHECK(file.write(reinterpret_cast<const char *>(data), qint64(size)) == qint64(size));
    file.close();
    const QString targetDir = work.filePath(QStringLiteral("out"));
    FUZZ_CHECK(QDir().mkdir(targetDir));

    // Small limits: a compression bomb must hit them in milliseconds, not fill the disk.
    ArchiveLimits limits;
    limits.maxTotalBytes = 8 * 1024 * 1024;
    limits.maxEntryBytes = 4 * 1024 * 1024;
    limits.maxEntries = 256;
    const ArchiveExtraction extraction = extractArchive(archivePath, targetDir, limits);
    FUZZ_CHECK(extraction.ok == extraction.error.isEmpty());
    checkWritten(targetDir, extraction);
    return 0;
}
