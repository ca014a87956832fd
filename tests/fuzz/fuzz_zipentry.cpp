// Zip entries read from memory (the .docx path): listing names and reading entries.
#include "fuzzcheck.h"

#include "ingest/archive/archivereader.h"

using namespace Rubricate;

namespace {
// Small enough that a compression bomb costs milliseconds, not the fuzzer's memory limit.
constexpr qint64 kMaxEntryBytes = 1024 * 1024;
constexpr int kMaxEntriesRead = 8;
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const QByteArray zip = Fuzz::bytesOf(data, size);
    const QStringList names = zipEntryNames(zip);
    QStringList toRead = names.mid(0, kMaxEntriesRead);
    toRead.append(QStringLiteral("word/document.xml")); // often missing: the error path
    for (const QString &name : std::as_const(toRead)) {
        const auto out = readZipEntry(zip, name, kMaxEntryBytes);
        FUZZ_CHECK(out.ok() == out.errorMessage().isEmpty());
        FUZZ_CHECK(!out || out->size() <= kMaxEntryBytes);
    }
    return 0;
}
