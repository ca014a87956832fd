// A main() for the fuzz targets in builds without libFuzzer: feeds every file of the given
// folders (the seed corpus and the crash reproducers) through LLVMFuzzerTestOneInput once,
// so that the normal test run keeps fixed crashes fixed. A crash or a broken invariant
// aborts, which fails the test.
#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>

#include <cstdint>
#include <cstdio>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace {

// Files in name order, so that a failure reproduces in the same order every time.
QStringList inputFiles(const QString &path)
{
    const QFileInfo info(path);
    if (info.isFile())
        return {info.filePath()};
    QStringList files;
    const QDir dir(path);
    for (const QFileInfo &entry : dir.entryInfoList(QDir::Files | QDir::Hidden, QDir::Name))
        files.append(entry.filePath());
    return files;
}

} // namespace

int main(int argc, char **argv)
{
    int replayed = 0;
    for (int i = 1; i < argc; ++i) {
        // A folder that does not exist is an empty one: git keeps no empty folders.
        for (const QString &path : inputFiles(QFile::decodeName(argv[i]))) {
            QFile file(path);
            if (!file.open(QIODevice::ReadOnly)) {
                std::fprintf(stderr, "cannot read %s\n", qPrintable(path));
                return 1;
            }
            const QByteArray bytes = file.readAll();
            std::fprintf(stderr, "%s\n", qPrintable(path)); // names the input if it crashes
            LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.constData()),
                                   size_t(bytes.size()));
            ++replayed;
        }
    }
    std::printf("replayed %d inputs\n", replayed);
    return replayed > 0 ? 0 : 1;
}
