// Every fixture is built here with libarchive's write API, so no binary archives live in the
// repository and each hostile case is visible in the source.
#include "ingest/archive/archivereader.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QRandomGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <QtEndian>

#include "archivefixture.h"

#include <archive.h>
#include <archive_entry.h>

#include <clocale>
#include <memory>

#include <clocale>

using namespace Qt::StringLiterals;
using namespace Rubricate;
using namespace RubricateTest;

namespace {

// How an entry's header states its size: truthfully, not at all, or too small.
enum class SizeHeader { Honest, Unset, Lying };

// Sets the process locale, as QCoreApplication does from LC_ALL, and restores it afterwards.
class ProcessLocale
{
public:
    explicit ProcessLocale(const char *name)
        : m_previous(std::setlocale(LC_ALL, nullptr))
    {
        std::setlocale(LC_ALL, name);
    }
    ~ProcessLocale() { std::setlocale(LC_ALL, m_previous.constData()); }
    ProcessLocale(const ProcessLocale &) = delete;
    ProcessLocale &operator=(const ProcessLocale &) = delete;

private:
    QByteArray m_previous;
};

// Rewrites every zip record announcing `realSize` as uncompressed size to announce `fakeSize`,
// as a hostile zip would; the deflate stream still inflates to `realSize`. Returns how many
// records were changed.
int lieAboutZipSize(QByteArray &zip, quint32 realSize, quint32 fakeSize)
{
    struct Record {
        QByteArrayView signature;
        qsizetype sizeOffset;
    };
    const Record records[] = {{QByteArrayView("PK\x03\x04", 4), 22}, // local file header
                              {QByteArrayView("PK\x01\x02", 4), 24}, // central directory
                              {QByteArrayView("PK\x07\x08", 4), 12}}; // data descriptor
    int patched = 0;
    for (const Record &r : records) {
        for (qsizetype at = zip.indexOf(r.signature); at >= 0;
             at = zip.indexOf(r.signature, at + 4)) {
            if (at + r.sizeOffset + 4 > zip.size())
                break;
            uchar *field = reinterpret_cast<uchar *>(zip.data() + at + r.sizeOffset);
            if (qFromLittleEndian<quint32>(field) == realSize) {
                qToLittleEndian(fakeSize, field);
                ++patched;
            }
        }
    }
    return patched;
}

bool writeFile(const QString &path, const QByteArray &bytes)
{
    QFile file(path);
    return file.open(QIODevice::WriteOnly | QIODevice::Truncate)
        && file.write(bytes) == bytes.size();
}

QByteArray readFile(const QString &path)
{
    QFile file(path);
    return file.open(QIODevice::ReadOnly) ? file.readAll() : QByteArray();
}

QByteArray randomBytes(qsizetype size, quint32 seed)
{
    QRandomGenerator generator(seed);
    QByteArray bytes(size, Qt::Uninitialized);
    for (char &c : bytes)
        c = char(generator.bounded(256));
    return bytes;
}

// Everything below `dir`, symlinks included and never followed.
QStringList allPaths(const QString &dir)
{
    QStringList paths;
    QDirIterator it(dir, QDir::AllEntries | QDir::NoDotAndDotDot | QDir::Hidden | QDir::System,
                    QDirIterator::Subdirectories);
    while (it.hasNext())
        paths.append(QDir(dir).relativeFilePath(it.next()));
    paths.sort();
    return paths;
}

QString suffixFor(const Fixture &fixture)
{
    if (fixture.container == Container::Zip)
        return u".zip"_s;
    switch (fixture.compression) {
    case Compression::None:
        return u".tar"_s;
    case Compression::Gzip:
        return u".tar.gz"_s;
    case Compression::Bzip2:
        return u".tar.bz2"_s;
    case Compression::Xz:
        return u".tar.xz"_s;
    case Compression::Zstd:
        return u".tar.zst"_s;
    }
    return {};
}

bool containsMatching(const QStringList &list, const QString &prefix, const QString &needle)
{
    for (const QString &s : list) {
        if (s.startsWith(prefix) && s.contains(needle, Qt::CaseInsensitive))
            return true;
    }
    return false;
}

} // namespace

// Layout used by most tests: <tmp>/archives/<file> and <tmp>/l1/l2/target, so that every
// escape of up to three levels still lands inside <tmp>, where it can be detected.
class Sandbox
{
public:
    Sandbox()
    {
        QDir root(m_dir.path());
        root.mkpath(u"archives"_s);
        root.mkpath(u"l1/l2/target"_s);
    }
    bool isValid() const { return m_dir.isValid(); }
    QString root() const { return m_dir.path(); }
    QString target() const { return m_dir.path() + u"/l1/l2/target"_s; }
    QString archivePath(const QString &name) const { return m_dir.path() + u"/archives/"_s + name; }
    QString write(const QString &name, const QByteArray &bytes) const
    {
        const QString path = archivePath(name);
        return writeFile(path, bytes) ? path : QString();
    }
    // Paths below root that are neither the archives nor inside the target.
    QStringList strayPaths() const
    {
        QStringList stray;
        for (const QString &p : allPaths(root())) {
            if (p == u"archives" || p.startsWith(u"archives/") || p == u"l1" || p == u"l1/l2"
                || p == u"l1/l2/target" || p.startsWith(u"l1/l2/target/"))
                continue;
            stray.append(p);
        }
        return stray;
    }

private:
    QTemporaryDir m_dir;
};

class TestArchiveReader : public QObject
{
    Q_OBJECT

private slots:
    void isArchiveFileName_data();
    void isArchiveFileName();

    void extractsNestedFolders_data();
    void extractsNestedFolders();
    void refusesEscapingPaths_data();
    void refusesEscapingPaths();
    void refusesLinksAndSpecialFiles();
    void refusesSymlinkInZip();
    void doesNotFollowSymlinkAlreadyInTarget();
    void refusesDuplicateEntries();
    void nonAsciiNamesSurviveCLocale_data();
    void nonAsciiNamesSurviveCLocale();
    void onlyRefusedEntriesIsAnError();
    void emptyZipIsOk();

    void totalLimitStopsZipBomb_data();
    void totalLimitStopsZipBomb();
    void oversizedEntryIsSkipped_data();
    void oversizedEntryIsSkipped();
    void oversizedSparseEntryIsSkippedUnread_data();
    void oversizedSparseEntryIsSkippedUnread();
    void entryCountLimit();

    void truncatedArchive_data();
    void truncatedArchive();
    void zipWithoutCentralDirectoryIsTruncated_data();
    void zipWithoutCentralDirectoryIsTruncated();
    void damagedZipEntryIsRefused();
    void notAnArchive_data();
    void notAnArchive();
    void missingArchiveOrTarget();

    void readZipEntry();
    void readZipEntryMissing();
    void readZipEntryNotAZip();
    void readZipEntryMaxBytes_data();
    void readZipEntryMaxBytes();
    void zipEntryNames();
};

void TestArchiveReader::isArchiveFileName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<bool>("expected");
    QTest::newRow("zip") << u"bundle.zip"_s << true;
    QTest::newRow("ZIP upper") << u"/x/BUNDLE.ZIP"_s << true;
    QTest::newRow("tar") << u"bundle.tar"_s << true;
    QTest::newRow("tar.gz") << u"bundle.tar.gz"_s << true;
    QTest::newRow("TGZ") << u"bundle.TGZ"_s << true;
    QTest::newRow("tar.xz") << u"bundle.tar.xz"_s << true;
    QTest::newRow("txz") << u"bundle.txz"_s << true;
    QTest::newRow("tar.bz2") << u"bundle.Tar.Bz2"_s << true;
    QTest::newRow("tar.zst") << u"bundle.tar.zst"_s << true;
    QTest::newRow("docx") << u"report.docx"_s << false;
    QTest::newRow("gz alone") << u"notes.gz"_s << false;
    QTest::newRow("md") << u"idx-1.md"_s << false;
    QTest::newRow("zip inside name") << u"zip.md"_s << false;
    QTest::newRow("empty") << QString() << false;
}

void TestArchiveReader::isArchiveFileName()
{
    QFETCH(QString, name);
    QFETCH(bool, expected);
    QCOMPARE(Rubricate::isArchiveFileName(name), expected);
}

void TestArchiveReader::extractsNestedFolders_data()
{
    QTest::addColumn<Container>("container");
    QTest::addColumn<Compression>("compression");
    QTest::newRow("zip") << Container::Zip << Compression::None;
    QTest::newRow("tar") << Container::Tar << Compression::None;
    QTest::newRow("tar.gz") << Container::Tar << Compression::Gzip;
    QTest::newRow("tar.bz2") << Container::Tar << Compression::Bzip2;
    QTest::newRow("tar.xz") << Container::Tar << Compression::Xz;
    QTest::newRow("tar.zst") << Container::Tar << Compression::Zstd;
}

void TestArchiveReader::extractsNestedFolders()
{
    QFETCH(Container, container);
    QFETCH(Compression, compression);
    Sandbox box;
    QVERIFY(box.isValid());

    const QByteArray big = randomBytes(300 * 1024, 7); // spans several read chunks
    const QList<FixtureEntry> entries = {
        {"./", {}, Kind::Dir, {}},
        {"report/", {}, Kind::Dir, {}},
        {"report/ModelA/idx-1.md", "# Model A\n\nFirst report.\n", Kind::File, {}},
        {"report/ModelA/idx-2.md", "second\r\nwith CRLF\r\n", Kind::File, {}},
        {"report/ModelB/deep/er/idx-1.md", big, Kind::File, {}},
        {"report/Modèle-ü/idx-1.md", "non-ASCII folder", Kind::File, {}},
        {"./top.txt", "top level", Kind::File, {}},
        {"report/empty.md", {}, Kind::File, {}},
        {"report/emptydir/", {}, Kind::Dir, {}},
    };
    const Fixture fixture{container, compression};
    const QByteArray bytes = buildArchive(fixture, entries);
    if (bytes.isEmpty() && compression != Compression::None)
        QSKIP("this libarchive cannot write the compression");
    QVERIFY(!bytes.isEmpty());
    const QString path = box.write(u"bundle"_s + suffixFor(fixture), bytes);
    QVERIFY(!path.isEmpty());

    const ArchiveExtraction result = extractArchive(path, box.target());
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY2(result.refused.isEmpty(), qPrintable(result.refused.join(u'\n')));
    QVERIFY(result.error.isEmpty());

    QStringList extracted = result.extracted;
    extracted.sort();
    const QStringList expected = {
        u"report/ModelA/idx-1.md"_s,
        u"report/ModelA/idx-2.md"_s,
        u"report/ModelB/deep/er/idx-1.md"_s,
        u"report/Modèle-ü/idx-1.md"_s,
        u"report/empty.md"_s,
        u"top.txt"_s,
    };
    QCOMPARE(extracted, expected);

    const QString t = box.target() + u'/';
    QCOMPARE(readFile(t + u"report/ModelA/idx-1.md"_s), QByteArray("# Model A\n\nFirst report.\n"));
    QCOMPARE(readFile(t + u"report/ModelA/idx-2.md"_s), QByteArray("second\r\nwith CRLF\r\n"));
    QCOMPARE(readFile(t + u"report/ModelB/deep/er/idx-1.md"_s), big);
    QCOMPARE(readFile(t + u"report/Modèle-ü/idx-1.md"_s), QByteArray("non-ASCII folder"));
    QCOMPARE(readFile(t + u"top.txt"_s), QByteArray("top level"));
    QVERIFY(QFileInfo(t + u"report/empty.md"_s).isFile());
    QCOMPARE(QFileInfo(t + u"report/empty.md"_s).size(), 0);
    QVERIFY(QFileInfo(t + u"report/emptydir"_s).isDir());
    // No temporary file is left behind.
    for (const QString &p : allPaths(box.target()))
        QVERIFY2(!p.contains(u".part"), qPrintable(p));
    QVERIFY2(box.strayPaths().isEmpty(), qPrintable(box.strayPaths().join(u", ")));
}

void TestArchiveReader::refusesEscapingPaths_data()
{
    QTest::addColumn<Container>("container");
    QTest::addColumn<Compression>("compression");
    QTest::newRow("zip") << Container::Zip << Compression::None;
    QTest::newRow("tar.gz") << Container::Tar << Compression::Gzip;
}

void TestArchiveReader::refusesEscapingPaths()
{
    QFETCH(Container, container);
    QFETCH(Compression, compression);
    Sandbox box;
    QVERIFY(box.isValid());

    // An absolute path we can inspect afterwards, besides the classic /etc one.
    const QByteArray absoluteInside = (box.root() + u"/abs-evil.txt"_s).toUtf8();
    const QList<FixtureEntry> entries = {
        {"../evil.txt", "escaped one level", Kind::File, {}},
        {"a/../../evil.txt", "escaped through a folder", Kind::File, {}},
        {"..\\..\\evil.txt", "escaped with backslashes", Kind::File, {}},
        {"ok/..\\..\\..\\evil3.txt", "mixed separators", Kind::File, {}},
        {"/etc/evil", "absolute", Kind::File, {}},
        {absoluteInside, "absolute into the sandbox", Kind::File, {}},
        {"C:\\evil.txt", "drive letter", Kind::File, {}},
        {"../", {}, Kind::Dir, {}},
        {"good.txt", "kept", Kind::File, {}},
    };
    const Fixture fixture{container, compression};
    const QByteArray bytes = buildArchive(fixture, entries);
    QVERIFY(!bytes.isEmpty());
    const QString path = box.write(u"evil"_s + suffixFor(fixture), bytes);

    const ArchiveExtraction result = extractArchive(path, box.target());
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.extracted, QStringList{u"good.txt"_s});
    QCOMPARE(readFile(box.target() + u"/good.txt"_s), QByteArray("kept"));
    QCOMPARE(result.refused.size(), 8);
    for (const QString &name : {u"../evil.txt"_s, u"a/../../evil.txt"_s, u"/etc/evil"_s,
                                QString::fromUtf8(absoluteInside)}) {
        QVERIFY2(containsMatching(result.refused, name + u": "_s, u"refused"_s),
                 qPrintable(name + u" not in "_s + result.refused.join(u" | ")));
    }
    // Whether libarchive already turned the backslashes into '/' is its business: the entry
    // must be refused either way.
    QVERIFY(containsMatching(result.refused, u"..\\..\\evil.txt: "_s, u"'..'"_s)
            || containsMatching(result.refused, u"../../evil.txt: "_s, u"'..'"_s));
    QVERIFY(containsMatching(result.refused, u"ok/.."_s, u"'..'"_s));
    QVERIFY(containsMatching(result.refused, u"C:"_s, u"drive letter"_s));

    QVERIFY2(box.strayPaths().isEmpty(), qPrintable(box.strayPaths().join(u", ")));
    QVERIFY(!QFileInfo::exists(box.root() + u"/abs-evil.txt"_s));
    QCOMPARE(allPaths(box.target()), QStringList{u"good.txt"_s});
}

void TestArchiveReader::refusesLinksAndSpecialFiles()
{
    Sandbox box;
    QVERIFY(box.isValid());
    const QList<FixtureEntry> entries = {
        {"report/good.md", "real file", Kind::File, {}},
        {"report/passwd", {}, Kind::Symlink, "/etc/passwd"},
        {"report/up", {}, Kind::Symlink, "../../.."},
        {"report/hard", {}, Kind::Hardlink, "report/good.md"},
        {"report/hard-passwd", {}, Kind::Hardlink, "/etc/passwd"},
        {"report/fifo", {}, Kind::Fifo, {}},
        {"report/null", {}, Kind::CharDevice, {}},
        // Would write through the refused link if it had been created.
        {"report/up/evil.txt", "through the link", Kind::File, {}},
    };
    const QByteArray bytes = buildArchive({Container::Tar, Compression::Gzip}, entries);
    QVERIFY(!bytes.isEmpty());
    const QString path = box.write(u"links.tar.gz"_s, bytes);

    const ArchiveExtraction result = extractArchive(path, box.target());
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(
        containsMatching(result.refused, u"report/passwd: "_s, u"symbolic link to /etc/passwd"_s));
    QVERIFY(containsMatching(result.refused, u"report/up: "_s, u"symbolic link"_s));
    QVERIFY(containsMatching(result.refused, u"report/hard: "_s, u"hard link"_s));
    QVERIFY(containsMatching(result.refused, u"report/hard-passwd: "_s, u"hard link"_s));
    QVERIFY(containsMatching(result.refused, u"report/fifo: "_s, u"FIFO"_s));
    QVERIFY(containsMatching(result.refused, u"report/null: "_s, u"device"_s));
    // The link was not created, and nothing takes its place: not a file or folder below it.
    QVERIFY(containsMatching(result.refused, u"report/up/evil.txt: "_s,
                             u"an earlier entry named report/up was refused"_s));
    QCOMPARE(result.refused.size(), 7);
    QCOMPARE(result.extracted, QStringList{u"report/good.md"_s});
    for (const QString &p : allPaths(box.target())) {
        const QFileInfo info(box.target() + u'/' + p);
        QVERIFY2(!info.isSymLink(), qPrintable(p));
        QVERIFY2(info.isFile() || info.isDir(), qPrintable(p));
    }
    QVERIFY(!QFileInfo::exists(box.target() + u"/report/passwd"_s));
    QVERIFY(!QFileInfo::exists(box.target() + u"/report/hard"_s));
    QVERIFY2(box.strayPaths().isEmpty(), qPrintable(box.strayPaths().join(u", ")));
}

void TestArchiveReader::refusesSymlinkInZip()
{
    Sandbox box;
    QVERIFY(box.isValid());
    const QByteArray bytes = buildArchive(
        {Container::Zip},
        {{"passwd", {}, Kind::Symlink, "/etc/passwd"}, {"report.md", "text", Kind::File, {}}});
    QVERIFY(!bytes.isEmpty());
    const ArchiveExtraction result = extractArchive(box.write(u"l.zip"_s, bytes), box.target());
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.extracted, QStringList{u"report.md"_s});
    QCOMPARE(result.refused.size(), 1);
    QVERIFY(containsMatching(result.refused, u"passwd: "_s, u"symbolic link to /etc/passwd"_s));
    QVERIFY(!QFileInfo(box.target() + u"/passwd"_s).isSymLink());
    QVERIFY(!QFileInfo::exists(box.target() + u"/passwd"_s));
}

void TestArchiveReader::doesNotFollowSymlinkAlreadyInTarget()
{
    Sandbox box;
    QVERIFY(box.isValid());
    const QString outside = box.root() + u"/outside"_s;
    QVERIFY(QDir().mkpath(outside));
    QVERIFY(QFile::link(outside, box.target() + u"/out"_s));

    const QByteArray bytes = buildArchive({Container::Tar},
                                          {{"out/x.txt", "through a link", Kind::File, {}},
                                           {"out/sub/", {}, Kind::Dir, {}},
                                           {"in.txt", "fine", Kind::File, {}}});
    QVERIFY(!bytes.isEmpty());
    const ArchiveExtraction result = extractArchive(box.write(u"l.tar"_s, bytes), box.target());
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.extracted, QStringList{u"in.txt"_s});
    QVERIFY(containsMatching(result.refused, u"out/x.txt: "_s, u"symbolic link"_s));
    QVERIFY(containsMatching(result.refused, u"out/sub/: "_s, u"symbolic link"_s));
    QCOMPARE(allPaths(outside), QStringList());
}

void TestArchiveReader::refusesDuplicateEntries()
{
    Sandbox box;
    QVERIFY(box.isValid());
    const QByteArray bytes = buildArchive({Container::Tar},
                                          {{"a/x.md", "first", Kind::File, {}},
                                           {"a/./x.md", "second", Kind::File, {}},
                                           {"a/x.md/y.md", "under a file", Kind::File, {}}});
    QVERIFY(!bytes.isEmpty());
    const ArchiveExtraction result = extractArchive(box.write(u"d.tar"_s, bytes), box.target());
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.extracted, QStringList{u"a/x.md"_s});
    QCOMPARE(readFile(box.target() + u"/a/x.md"_s), QByteArray("first"));
    QCOMPARE(result.refused.size(), 2);
    QVERIFY(containsMatching(result.refused, u"a/./x.md: "_s, u"already exists"_s));
    QVERIFY(containsMatching(result.refused, u"a/x.md/y.md: "_s, u"not a folder"_s));
}

void TestArchiveReader::nonAsciiNamesSurviveCLocale_data()
{
    QTest::addColumn<Container>("container");
    QTest::newRow("zip") << Container::Zip;
    QTest::newRow("tar") << Container::Tar;
}

void TestArchiveReader::nonAsciiNamesSurviveCLocale()
{
    QFETCH(Container, container);
    Sandbox box;
    QVERIFY(box.isValid());
    const Fixture fixture{container, Compression::None};
    const QByteArray bytes = buildArchive(
        fixture,
        {{"Modèle-ü/報告 1.md", "unicode", Kind::File, {}}, {"plain.md", "ascii", Kind::File, {}}});
    QVERIFY(!bytes.isEmpty());
    const QString path = box.write(u"names"_s + suffixFor(fixture), bytes);

    // What a service started with LC_ALL=C gets.
    const ProcessLocale cLocale("C");
    const ArchiveExtraction result = extractArchive(path, box.target());
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY2(result.refused.isEmpty(), qPrintable(result.refused.join(u" | ")));
    QStringList extracted = result.extracted;
    extracted.sort();
    QCOMPARE(extracted, (QStringList{u"Modèle-ü/報告 1.md"_s, u"plain.md"_s}));
    QCOMPARE(readFile(box.target() + u"/Modèle-ü/報告 1.md"_s), QByteArray("unicode"));
    if (container == Container::Zip) {
        QCOMPARE(Rubricate::zipEntryNames(bytes),
                 (QStringList{u"Modèle-ü/報告 1.md"_s, u"plain.md"_s}));
        const auto out = Rubricate::readZipEntry(bytes, u"Modèle-ü/報告 1.md"_s);
        QVERIFY2(out, qPrintable(out.errorMessage()));
        QCOMPARE(*out, QByteArray("unicode"));
    }
}

void TestArchiveReader::onlyRefusedEntriesIsAnError()
{
    Sandbox box;
    QVERIFY(box.isValid());
    const QByteArray bytes = buildArchive(
        {Container::Zip},
        {{"../evil.txt", "x", Kind::File, {}}, {"link", {}, Kind::Symlink, "/etc/passwd"}});
    QVERIFY(!bytes.isEmpty());
    const ArchiveExtraction result = extractArchive(box.write(u"r.zip"_s, bytes), box.target());
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"no entry"), qPrintable(result.error));
    QCOMPARE(result.refused.size(), 2);
    QVERIFY(result.extracted.isEmpty());
}

void TestArchiveReader::emptyZipIsOk()
{
    Sandbox box;
    QVERIFY(box.isValid());
    const QByteArray bytes = buildArchive({Container::Zip}, {});
    QVERIFY(!bytes.isEmpty()); // just the end-of-central-directory record
    const ArchiveExtraction result = extractArchive(box.write(u"e.zip"_s, bytes), box.target());
    QVERIFY2(result.ok, qPrintable(result.error));
    QVERIFY(result.extracted.isEmpty());
    QVERIFY(result.refused.isEmpty());
}

void TestArchiveReader::totalLimitStopsZipBomb_data()
{
    QTest::addColumn<Container>("container");
    QTest::addColumn<Compression>("compression");
    QTest::newRow("zip") << Container::Zip << Compression::None;
    QTest::newRow("tar.gz") << Container::Tar << Compression::Gzip;
}

void TestArchiveReader::totalLimitStopsZipBomb()
{
    QFETCH(Container, container);
    QFETCH(Compression, compression);
    Sandbox box;
    QVERIFY(box.isValid());
    const QByteArray zeros(8 * 1024 * 1024, '\0');
    const Fixture fixture{container, compression};
    const QByteArray bytes = buildArchive(fixture,
                                          {{"small.md", "fits", Kind::File, {}},
                                           {"bomb.bin", zeros, Kind::File, {}},
                                           {"after.md", "never read", Kind::File, {}}});
    QVERIFY(!bytes.isEmpty());
    QVERIFY2(bytes.size() < 100 * 1024, "the fixture should compress like a bomb");
    const QString path = box.write(u"bomb"_s + suffixFor(fixture), bytes);

    ArchiveLimits limits;
    limits.maxTotalBytes = 1000;
    const ArchiveExtraction result = extractArchive(path, box.target(), limits);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"1000 bytes limit"), qPrintable(result.error));
    QCOMPARE(result.extracted, QStringList{u"small.md"_s});
    qint64 total = 0;
    for (const QString &p : allPaths(box.target())) {
        const QFileInfo info(box.target() + u'/' + p);
        QVERIFY2(!p.contains(u".part"), qPrintable(p));
        QVERIFY2(info.size() <= 1000, qPrintable(p));
        total += info.isFile() ? info.size() : 0;
    }
    QVERIFY(total <= 1000);
    QVERIFY(!QFileInfo::exists(box.target() + u"/bomb.bin"_s));
    QVERIFY(!QFileInfo::exists(box.target() + u"/after.md"_s));
}

void TestArchiveReader::oversizedEntryIsSkipped_data()
{
    QTest::addColumn<Container>("container");
    QTest::addColumn<Compression>("compression");
    QTest::addColumn<SizeHeader>("sizeHeader");
    QTest::newRow("zip, honest size") << Container::Zip << Compression::None << SizeHeader::Honest;
    QTest::newRow("zip, size not announced")
        << Container::Zip << Compression::None << SizeHeader::Unset;
    // Only counting inflated bytes catches this one: every header claims 10 bytes.
    QTest::newRow("zip, lying size") << Container::Zip << Compression::None << SizeHeader::Lying;
    QTest::newRow("tar, honest size") << Container::Tar << Compression::None << SizeHeader::Honest;
    QTest::newRow("tar.gz, honest size")
        << Container::Tar << Compression::Gzip << SizeHeader::Honest;
}

// An entry beyond the per-file limit is named with its size and the limit, and skipped: the
// entries before and after it are extracted.
void TestArchiveReader::oversizedEntryIsSkipped()
{
    QFETCH(Container, container);
    QFETCH(Compression, compression);
    QFETCH(SizeHeader, sizeHeader);
    Sandbox box;
    QVERIFY(box.isValid());
    // Larger than libarchive's 256 KiB inflate block, so that the data arrives in several
    // reads and the limit must trip on one before the end (and its size check) is reached.
    const QByteArray big(1024 * 1024, 'x');
    const Fixture fixture{container, compression};
    QByteArray bytes
        = buildArchive(fixture,
                       {{"ok.md", "fine", Kind::File, {}},
                        {"big.md", big, Kind::File, {}, sizeHeader != SizeHeader::Unset},
                        {"after.md", "later", Kind::File, {}}});
    QVERIFY(!bytes.isEmpty());
    if (sizeHeader == SizeHeader::Lying)
        QVERIFY(lieAboutZipSize(bytes, quint32(big.size()), 10) >= 2);
    ArchiveLimits limits;
    limits.maxEntryBytes = 1000;
    const ArchiveExtraction result
        = extractArchive(box.write(u"big"_s + suffixFor(fixture), bytes), box.target(), limits);
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.refused.size(), 1);
    const QString refused = result.refused.constFirst();
    // A zip's central directory still gives the size its local header left out; only a
    // false size is found out while inflating.
    const QString size = sizeHeader == SizeHeader::Lying ? u"more than 1000 bytes"_s : u"1 MiB"_s;
    QVERIFY2(refused.startsWith(u"big.md: "_s) && refused.contains(size)
                 && refused.contains(u"1000 bytes per-file limit"),
             qPrintable(refused));
    QCOMPARE(result.extracted, (QStringList{u"ok.md"_s, u"after.md"_s}));
    QCOMPARE(allPaths(box.target()), (QStringList{u"after.md"_s, u"ok.md"_s}));
}

void TestArchiveReader::oversizedSparseEntryIsSkippedUnread_data()
{
    QTest::addColumn<Compression>("compression");
    QTest::newRow("tar") << Compression::None;
    QTest::newRow("tar.gz") << Compression::Gzip;
}

// A sparse entry of a petabyte takes a few bytes of archive. libarchive's skip passes its
// hole without making it; reading the entry to throw it away would make every byte of the
// hole and not finish.
void TestArchiveReader::oversizedSparseEntryIsSkippedUnread()
{
    QFETCH(Compression, compression);
    Sandbox box;
    QVERIFY(box.isValid());
    constexpr qint64 petabyte = qint64(1) << 50;
    const Fixture fixture{Container::Tar, compression};
    const QByteArray bytes = buildArchive(fixture,
                                          {{"hole.md", "start", Kind::File, {}, true, petabyte},
                                           {"after.md", "later", Kind::File, {}}});
    QVERIFY(!bytes.isEmpty());
    const ArchiveExtraction result
        = extractArchive(box.write(u"sparse"_s + suffixFor(fixture), bytes), box.target());
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.refused.size(), 1);
    QVERIFY2(result.refused.constFirst().contains(u"1048576 GiB expanded, over the 1 GiB "_s),
             qPrintable(result.refused.constFirst()));
    QCOMPARE(result.extracted, QStringList{u"after.md"_s});
    QCOMPARE(readFile(box.target() + u"/after.md"_s), QByteArray("later"));
}

void TestArchiveReader::entryCountLimit()
{
    Sandbox box;
    QVERIFY(box.isValid());
    QList<FixtureEntry> entries;
    for (int i = 0; i < 5; ++i)
        entries.append({"f" + QByteArray::number(i) + ".md", "x", Kind::File, {}});
    const QByteArray bytes = buildArchive({Container::Zip}, entries);
    QVERIFY(!bytes.isEmpty());
    ArchiveLimits limits;
    limits.maxEntries = 3;
    const ArchiveExtraction result
        = extractArchive(box.write(u"many.zip"_s, bytes), box.target(), limits);
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"more than 3 entries"), qPrintable(result.error));
    QCOMPARE(result.extracted.size(), 3);

    limits.maxEntries = 5; // exactly at the limit is fine
    QVERIFY(QDir(box.target()).removeRecursively() && QDir().mkpath(box.target()));
    const ArchiveExtraction exact
        = extractArchive(box.archivePath(u"many.zip"_s), box.target(), limits);
    QVERIFY2(exact.ok, qPrintable(exact.error));
    QCOMPARE(exact.extracted.size(), 5);
}

void TestArchiveReader::truncatedArchive_data()
{
    QTest::addColumn<Container>("container");
    QTest::addColumn<Compression>("compression");
    QTest::newRow("zip") << Container::Zip << Compression::None;
    QTest::newRow("tar") << Container::Tar << Compression::None;
    QTest::newRow("tar.gz") << Container::Tar << Compression::Gzip;
    QTest::newRow("tar.xz") << Container::Tar << Compression::Xz;
}

void TestArchiveReader::truncatedArchive()
{
    QFETCH(Container, container);
    QFETCH(Compression, compression);
    Sandbox box;
    QVERIFY(box.isValid());
    // Incompressible, so that half the archive is half-way through this entry's data.
    const Fixture fixture{container, compression};
    const QByteArray bytes
        = buildArchive(fixture,
                       {{"a.md", "first", Kind::File, {}},
                        {"noise.bin", randomBytes(200 * 1024, 3), Kind::File, {}},
                        {"z.md", "last", Kind::File, {}}});
    QVERIFY(!bytes.isEmpty());
    const QString path = box.write(u"cut"_s + suffixFor(fixture), bytes.left(bytes.size() / 2));

    const ArchiveExtraction result = extractArchive(path, box.target());
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"truncated", Qt::CaseInsensitive), qPrintable(result.error));
    QVERIFY(!result.extracted.contains(u"noise.bin"_s));
    QVERIFY(!QFileInfo::exists(box.target() + u"/noise.bin"_s));
    for (const QString &p : allPaths(box.target()))
        QVERIFY2(!p.contains(u".part"), qPrintable(p));
}

void TestArchiveReader::zipWithoutCentralDirectoryIsTruncated_data()
{
    QTest::addColumn<int>("extraBytes");
    QTest::addColumn<QStringList>("expected");
    // Cut right after the last data descriptor: libarchive wants to look a few bytes past
    // it, fails, and the last entry, whose CRC could not be checked, is dropped.
    QTest::newRow("cut at the central directory") << 0 << QStringList{u"a.md"_s};
    // The streaming reader meets a central directory header and ends normally: only the
    // missing end record gives the truncation away.
    QTest::newRow("cut inside the central directory") << 30 << QStringList{u"a.md"_s, u"b.md"_s};
}

void TestArchiveReader::zipWithoutCentralDirectoryIsTruncated()
{
    QFETCH(int, extraBytes);
    QFETCH(QStringList, expected);
    Sandbox box;
    QVERIFY(box.isValid());
    const QByteArray bytes = buildArchive(
        {Container::Zip}, {{"a.md", "first", Kind::File, {}}, {"b.md", "second", Kind::File, {}}});
    QVERIFY(!bytes.isEmpty());
    const qsizetype central = bytes.indexOf(QByteArrayView("PK\x01\x02", 4));
    QVERIFY(central > 0);
    const QString path = box.write(u"cut.zip"_s, bytes.left(central + extraBytes));

    const ArchiveExtraction result = extractArchive(path, box.target());
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(u"truncated", Qt::CaseInsensitive), qPrintable(result.error));
    // Complete entries before the cut are kept, but the archive is still reported broken.
    QStringList extracted = result.extracted;
    extracted.sort();
    QCOMPARE(extracted, expected);
    QCOMPARE(allPaths(box.target()), expected);
}

void TestArchiveReader::damagedZipEntryIsRefused()
{
    Sandbox box;
    QVERIFY(box.isValid());
    const QByteArray payload = "PAYLOAD-TO-DAMAGE-0123456789";
    QByteArray bytes = buildArchive(
        {Container::Zip, Compression::None, true},
        {{"damaged.md", payload, Kind::File, {}}, {"intact.md", "intact", Kind::File, {}}});
    QVERIFY(!bytes.isEmpty());
    const qsizetype at = bytes.indexOf(payload);
    QVERIFY(at > 0);
    bytes[at] = 'X'; // the CRC no longer matches

    const ArchiveExtraction result = extractArchive(box.write(u"crc.zip"_s, bytes), box.target());
    QVERIFY2(result.ok, qPrintable(result.error));
    QCOMPARE(result.extracted, QStringList{u"intact.md"_s});
    QVERIFY(containsMatching(result.refused, u"damaged.md: "_s, u"damaged data"_s));
    QCOMPARE(allPaths(box.target()), QStringList{u"intact.md"_s});
}

void TestArchiveReader::notAnArchive_data()
{
    QTest::addColumn<QByteArray>("bytes");
    QTest::addColumn<QString>("expected");
    QTest::newRow("text") << QByteArray("# Just a report\n\nNot a zip at all.\n")
                          << u"not a zip or tar archive"_s;
    QTest::newRow("empty") << QByteArray() << u"empty"_s;
    QTest::newRow("gzip of text") << QByteArray::fromHex(
        "1f8b0800000000000003cb48cdc9c95728cf2fca4901004d0e6f0c0c000000")
                                  << u"holds no readable zip or tar archive"_s;
}

void TestArchiveReader::notAnArchive()
{
    QFETCH(QByteArray, bytes);
    QFETCH(QString, expected);
    Sandbox box;
    QVERIFY(box.isValid());
    const ArchiveExtraction result = extractArchive(box.write(u"notes.zip"_s, bytes), box.target());
    QVERIFY(!result.ok);
    QVERIFY2(result.error.contains(expected), qPrintable(result.error));
    QVERIFY(result.error.contains(u"notes.zip"));
    QVERIFY(result.extracted.isEmpty());
    QCOMPARE(allPaths(box.target()), QStringList());
}

void TestArchiveReader::missingArchiveOrTarget()
{
    Sandbox box;
    QVERIFY(box.isValid());
    const ArchiveExtraction missing = extractArchive(box.archivePath(u"nope.zip"_s), box.target());
    QVERIFY(!missing.ok);
    QVERIFY(missing.error.contains(u"no such file"));

    const QString path
        = box.write(u"ok.zip"_s, buildArchive({Container::Zip}, {{"a", "b", Kind::File, {}}}));
    const ArchiveExtraction noTarget = extractArchive(path, box.root() + u"/does/not/exist"_s);
    QVERIFY(!noTarget.ok);
    QVERIFY(noTarget.error.contains(u"does not exist"));
    QVERIFY(!QFileInfo::exists(box.root() + u"/does"_s));
}

void TestArchiveReader::readZipEntry()
{
    const QByteArray docx
        = buildArchive({Container::Zip},
                       {{"[Content_Types].xml", "<Types/>", Kind::File, {}},
                        {"word/", {}, Kind::Dir, {}},
                        {"word/document.xml", "<w:document>hello</w:document>", Kind::File, {}}});
    QVERIFY(!docx.isEmpty());
    const auto document = Rubricate::readZipEntry(docx, u"word/document.xml"_s);
    QVERIFY2(document, qPrintable(document.errorMessage()));
    QCOMPARE(*document, QByteArray("<w:document>hello</w:document>"));
    const auto types = Rubricate::readZipEntry(docx, u"[Content_Types].xml"_s);
    QVERIFY(types);
    QCOMPARE(*types, QByteArray("<Types/>"));
    // A folder is not readable content.
    const auto folder = Rubricate::readZipEntry(docx, u"word/"_s);
    QVERIFY(!folder);
    QVERIFY(!folder.errorMessage().isEmpty());
}

void TestArchiveReader::readZipEntryMissing()
{
    const QByteArray zip = buildArchive({Container::Zip}, {{"a.xml", "<a/>", Kind::File, {}}});
    const auto missing = Rubricate::readZipEntry(zip, u"word/document.xml"_s);
    QVERIFY(!missing);
    QVERIFY2(missing.errorMessage().contains(u"no entry named word/document.xml"),
             qPrintable(missing.errorMessage()));
    // Names are compared exactly.
    QVERIFY(!Rubricate::readZipEntry(zip, u"A.XML"_s));
}

void TestArchiveReader::readZipEntryNotAZip()
{
    const auto text = Rubricate::readZipEntry("this is plain text, not a zip", u"x"_s);
    QVERIFY(!text);
    QVERIFY2(text.errorMessage().contains(u"not a zip"), qPrintable(text.errorMessage()));
    const auto empty = Rubricate::readZipEntry({}, u"x"_s);
    QVERIFY(!empty);
    QVERIFY(!empty.errorMessage().isEmpty());
    // A tar is an archive, but not a zip: a docx never is one.
    const QByteArray tar = buildArchive({Container::Tar}, {{"x", "y", Kind::File, {}}});
    const auto fromTar = Rubricate::readZipEntry(tar, u"x"_s);
    QVERIFY(!fromTar);
    QVERIFY2(fromTar.errorMessage().contains(u"not a zip"), qPrintable(fromTar.errorMessage()));
}

void TestArchiveReader::readZipEntryMaxBytes_data()
{
    QTest::addColumn<SizeHeader>("sizeHeader");
    QTest::newRow("honest size") << SizeHeader::Honest;
    QTest::newRow("size not announced") << SizeHeader::Unset;
    QTest::newRow("lying size") << SizeHeader::Lying;
}

void TestArchiveReader::readZipEntryMaxBytes()
{
    QFETCH(SizeHeader, sizeHeader);
    const qsizetype realSize = 4 * 1024 * 1024;
    QByteArray zip = buildArchive({Container::Zip},
                                  {{"word/document.xml",
                                    QByteArray(realSize, 'a'),
                                    Kind::File,
                                    {},
                                    sizeHeader != SizeHeader::Unset},
                                   {"small.xml", "<s/>", Kind::File, {}}});
    QVERIFY(!zip.isEmpty());
    QVERIFY(zip.size() < 64 * 1024);
    if (sizeHeader == SizeHeader::Lying)
        QVERIFY(lieAboutZipSize(zip, quint32(realSize), 10) >= 2);
    const auto tooLarge = Rubricate::readZipEntry(zip, u"word/document.xml"_s, 1000);
    QVERIFY(!tooLarge);
    QVERIFY2(tooLarge.errorMessage().contains(u"1000 bytes limit"),
             qPrintable(tooLarge.errorMessage()));
    const auto small = Rubricate::readZipEntry(zip, u"small.xml"_s, 1000);
    QVERIFY(small);
    QCOMPARE(*small, QByteArray("<s/>"));
    if (sizeHeader != SizeHeader::Lying) {
        const auto whole = Rubricate::readZipEntry(zip, u"word/document.xml"_s);
        QVERIFY(whole);
        QCOMPARE(whole->size(), realSize);
    }
}

void TestArchiveReader::zipEntryNames()
{
    const QByteArray zip = buildArchive({Container::Zip},
                                        {{"[Content_Types].xml", "<T/>", Kind::File, {}},
                                         {"word/", {}, Kind::Dir, {}},
                                         {"word/document.xml", "<d/>", Kind::File, {}},
                                         {"docProps/app.xml", "<a/>", Kind::File, {}}});
    QVERIFY(!zip.isEmpty());
    QCOMPARE(Rubricate::zipEntryNames(zip),
             (QStringList{u"[Content_Types].xml"_s, u"word/"_s, u"word/document.xml"_s,
                          u"docProps/app.xml"_s}));
    QCOMPARE(Rubricate::zipEntryNames("not a zip"), QStringList());
    QCOMPARE(Rubricate::zipEntryNames({}), QStringList());
    QCOMPARE(Rubricate::zipEntryNames(buildArchive({Container::Zip}, {})), QStringList());
}

QTEST_GUILESS_MAIN(TestArchiveReader)
#include "tst_archivereader.moc"
