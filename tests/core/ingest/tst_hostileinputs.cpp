// Folders, files and archives a careless or hostile user might hand an importer: each bad file
// or entry is named with its reason, the rest is imported, nothing outside the chosen folder is
// read and nothing is read without limit. The committed corpus is tests/data/hostile; links,
// FIFOs, odd names, sparse files and archives are made here at test time.
//
// The whole test runs under an address-space limit and an alarm, so a regression that reads
// /dev/zero or waits on a FIFO fails the suite instead of eating the machine or hanging it.
#include "archivefixture.h"
#include "ingest/importer.h"
#include "scratchproject.h"
#include "testfiles.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

#include <csignal>

#include <fcntl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

Q_DECLARE_METATYPE(Rubricate::ImportKind)

namespace {

constexpr rlim_t kAddressSpaceLimit = rlim_t(3) * 1024 * 1024 * 1024;
constexpr unsigned kAlarmSeconds = 120;

const QString kCorpus = QStringLiteral(RUBRICATE_TEST_DATA_DIR "/hostile");

bool symlink(const QString &target, const QString &link)
{
    return ::symlink(QFile::encodeName(target).constData(), QFile::encodeName(link).constData())
        == 0;
}

const ImportIssue *findIssue(const ImportSummary &s, const QString &file, const QString &fragment)
{
    for (const ImportIssue &i : s.issues) {
        if (i.file == file && i.message.contains(fragment))
            return &i;
    }
    return nullptr;
}

bool hasError(const ImportSummary &s, const QString &file, const QString &fragment)
{
    const ImportIssue *i = findIssue(s, file, fragment);
    return i && i->severity == ImportIssue::Severity::Error;
}

QByteArray drb2Tasks()
{
    return readFile(kCorpus + u"/drb2-tasks.jsonl"_s);
}

} // namespace

class TestHostileInputs : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;

    // A project with the corpus's DRB-II tasks imported.
    std::unique_ptr<ScratchProject> drb2Project()
    {
        auto project = std::make_unique<ScratchProject>();
        if (!project->isOpen())
            return nullptr;
        const ImportSummary tasks
            = runImport(project->store(), ImportKind::Drb2Tasks, kCorpus + u"/drb2-tasks.jsonl"_s);
        if (tasks.added.value(u"tasks"_s) != 5)
            return nullptr;
        return project;
    }

    // Every report text and original in the project, to prove what never got in.
    static QByteArray everythingStored(ScratchProject &project)
    {
        QSqlQuery q(project.store().database());
        QByteArray all;
        if (q.exec(u"SELECT text FROM report"_s)) {
            while (q.next())
                all += q.value(0).toString().toUtf8();
        }
        // Originals as they read back: kept compressed or as their report's text.
        if (q.exec(u"SELECT hash FROM document_blob"_s)) {
            while (q.next())
                all += project.store().reports().originalFile(q.value(0).toString());
        }
        return all;
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QVERIFY2(QFileInfo(kCorpus + u"/drb2-tasks.jsonl"_s).isFile(), qPrintable(kCorpus));
        // A read without limit hits this long before it hurts the machine; a wait on a FIFO
        // ends with SIGALRM, which fails the test run.
        // AddressSanitizer (cmake/gates.sh sanitizers) maps terabytes of shadow memory up
        // front, so under it an address-space limit stops the process before the test starts.
#ifndef __SANITIZE_ADDRESS__
        const rlimit limit{kAddressSpaceLimit, kAddressSpaceLimit};
        QCOMPARE(::setrlimit(RLIMIT_AS, &limit), 0);
#endif
        ::alarm(kAlarmSeconds);
    }

    // Item 1: a zero-byte file is named and the good files beside it are imported.
    void zeroByteReportsAreNamedAndTheRestImports()
    {
        auto project = drb2Project();
        QVERIFY(project);
        const ImportSummary s = runImport(project->store(), ImportKind::Drb2Reports,
                                          kCorpus + u"/empty-files/report"_s);
        for (const QString &name :
             {u"ModelA/idx-2.md"_s, u"ModelA/idx-3.pdf"_s, u"ModelA/idx-4.webp"_s}) {
            QVERIFY2(hasError(s, name, u"empty file (0 bytes)"_s), qPrintable(s.toText()));
        }
        QCOMPARE(s.added.value(u"reports"_s), 2);
        QCOMPARE(s.errorCount(), 3);
        QVERIFY(project->store().reports().modelId(u"ModelB"_s));

        // The same for ResearchRubrics responses.
        ScratchProject rr;
        QVERIFY(rr.isOpen());
        const ImportSummary prompts = runImport(rr.store(), ImportKind::ResearchRubrics,
                                                kCorpus + u"/researchrubrics-prompts.jsonl"_s);
        QCOMPARE(prompts.added.value(u"tasks"_s), 3);
        const ImportSummary responses = runImport(rr.store(), ImportKind::ResearchRubricsReports,
                                                  kCorpus + u"/researchrubrics-responses/ModelR"_s);
        QVERIFY2(hasError(responses, u"ModelR/rr-2.md"_s, u"empty file (0 bytes)"_s),
                 qPrintable(responses.toText()));
        QCOMPARE(responses.added.value(u"reports"_s), 2);
    }

    // One row per committed case: what is imported, and the issues that must name it.
    void corpusCases_data()
    {
        QTest::addColumn<QString>("setup"); // what the project holds first
        QTest::addColumn<ImportKind>("kind");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("entity");
        QTest::addColumn<int>("added");
        // "file:line:error|warning:fragment" for each issue that must be there
        QTest::addColumn<QStringList>("expected");
        QTest::addColumn<QStringList>("texts"); // in the stored reports' text

        QTest::newRow("item 3: PDF page trees that loop or stand for a billion pages")
            << u"drb2"_s << ImportKind::Drb2Reports << u"pdf-loop/report"_s << u"reports"_s << 3
            << QStringList{u"ModelA/idx-1.pdf:0:error:page tree contains a loop"_s,
                           u"ModelA/idx-3.pdf:0:error:more than 100000 pages"_s}
            << QStringList();
        QTest::newRow("item 5: string scores and a repeated (model, idx)")
            << u"drb2"_s << ImportKind::Drb2Results << u"drb2-result-strings-and-repeats.jsonl"_s
            << u"verdicts"_s << 8
            << QStringList{u"drb2-result-strings-and-repeats.jsonl:1:warning:1 score is a string"_s,
                           u"drb2-result-strings-and-repeats.jsonl:2:error:M idx 1 repeats line 1"_s}
            << QStringList();
        QTest::newRow("item 6: a lone surrogate escape")
            << u""_s << ImportKind::Drb2Tasks << u"drb2-tasks-lone-surrogate.jsonl"_s << u"tasks"_s
            << 1 << QStringList{u"drb2-tasks-lone-surrogate.jsonl:1:warning:replaced by U+FFFD"_s}
            << QStringList();
        QTest::newRow("item 7: idx -1, 0, 7.0, a string dimension, a repeated key")
            << u""_s << ImportKind::Drb2Tasks << u"drb2-tasks-malformed.jsonl"_s << u"tasks"_s << 0
            << QStringList{u"drb2-tasks-malformed.jsonl:1:error:idx"_s,
                           u"drb2-tasks-malformed.jsonl:2:error:idx"_s,
                           u"drb2-tasks-malformed.jsonl:3:error:must be an integer, not 7.0"_s,
                           u"drb2-tasks-malformed.jsonl:4:error:analysis is a string, not a list"_s,
                           u"drb2-tasks-malformed.jsonl:5:error:duplicate key \"content\""_s}
            << QStringList();
        QTest::newRow("item 7: a ResearchRubrics prompt with malformed criteria")
            << u""_s << ImportKind::ResearchRubrics
            << u"researchrubrics-malformed-criterion.jsonl"_s << u"tasks"_s << 1
            << QStringList{u"researchrubrics-malformed-criterion.jsonl:1:error:#2"_s}
            << QStringList();
        QTest::newRow("items 8 and 9: UTF-16, GBK, text after script/iframe/svg, odd extension")
            << u"drb2"_s << ImportKind::Drb2Reports << u"decoding/report"_s << u"reports"_s << 4
            << QStringList{u"ModelA/idx-2.html:0:warning:decoded as GB18030"_s,
                           u"ModelA/idx-4.xyz:0:warning:unknown extension .xyz"_s}
            << QStringList{u"UTF-16 报告 with a byte order mark."_s,
                           u"土地财政的中文报告"_s,
                           u"After the script."_s,
                           u"After the iframe."_s,
                           u"After the drawing."_s,
                           u"extension nobody knows"_s};
        QTest::newRow("item 9: a file of blank lines")
            << u""_s << ImportKind::Drb2Tasks << u"blank-lines.jsonl"_s << u"tasks"_s << 0
            << QStringList{u"blank-lines.jsonl:0:error:only blank lines"_s} << QStringList();
    }

    void corpusCases()
    {
        QFETCH(QString, setup);
        QFETCH(ImportKind, kind);
        QFETCH(QString, path);
        QFETCH(QString, entity);
        QFETCH(int, added);
        QFETCH(QStringList, expected);
        QFETCH(QStringList, texts);
        auto project = setup == u"drb2"_s ? drb2Project() : std::make_unique<ScratchProject>();
        QVERIFY(project && project->isOpen());
        const ImportSummary s = runImport(project->store(), kind, kCorpus + u'/' + path);
        const QString text = s.toText();
        for (const QString &e : expected) {
            const QStringList parts = e.split(u':');
            const auto severity = parts.at(2) == u"error"_s ? ImportIssue::Severity::Error
                                                            : ImportIssue::Severity::Warning;
            const QString fragment = parts.mid(3).join(u':');
            const bool found
                = std::any_of(s.issues.cbegin(), s.issues.cend(), [&](const ImportIssue &i) {
                      return i.file == parts.at(0) && i.line == parts.at(1).toInt()
                          && i.severity == severity && i.message.contains(fragment);
                  });
            QVERIFY2(found, qPrintable(e + u"\n"_s + text));
        }
        QVERIFY2(s.added.value(entity) == added, qPrintable(text));
        const QString stored = QString::fromUtf8(everythingStored(*project));
        for (const QString &t : texts)
            QVERIFY2(stored.contains(t), qPrintable(t));
    }

    // Item 2: links are followed only inside the chosen folder; FIFOs, devices, loops and
    // undecodable names are named; nothing is read without limit.
    void linksAndSpecialFilesStayInside()
    {
        const QString root = m_dir.filePath(u"links/report"_s);
        const QString outside = m_dir.filePath(u"links/outside"_s);
        QVERIFY(writeFile(root + u"/ModelA/idx-1.md"_s, "# Good\n\nStates fact A.\n"));
        QVERIFY(writeFile(outside + u"/secret.md"_s, "CANARY-OUTSIDE-FILE"));
        QVERIFY(writeFile(outside + u"/ModelOut/idx-1.md"_s, "CANARY-OUTSIDE-FOLDER"));
        QVERIFY(symlink(u"/dev/zero"_s, root + u"/ModelA/idx-2.md"_s));
        QVERIFY(symlink(outside + u"/secret.md"_s, root + u"/ModelA/idx-3.md"_s));
        QCOMPARE(::mkfifo(QFile::encodeName(root + u"/ModelA/idx-4.md"_s).constData(), 0600), 0);
        QVERIFY(symlink(u"idx-5.md"_s, root + u"/ModelA/idx-5.md"_s)); // itself
        QVERIFY(symlink(outside + u"/ModelOut"_s, root + u"/ModelOut"_s));
        QVERIFY(symlink(u".."_s, root + u"/ModelA/ModelUp"_s));
        QVERIFY(symlink(root, root + u"/ModelLoop"_s));
        // A link that stays inside is fine: ModelB's idx-2 is ModelA's idx-1.
        QVERIFY(QDir().mkpath(root + u"/ModelB"_s));
        QVERIFY(symlink(u"../ModelA/idx-1.md"_s, root + u"/ModelB/idx-2.md"_s));
        // A name that is not UTF-8.
        const QByteArray badName = QFile::encodeName(root) + "/ModelB/idx-3\xff.md";
        const int fd = ::open(badName.constData(), O_CREAT | O_WRONLY, 0644);
        QVERIFY(fd >= 0);
        QCOMPARE(::write(fd, "x", 1), ssize_t(1));
        ::close(fd);
        // Beyond the size limit without taking disk space: a sparse file.
        QFile sparse(root + u"/ModelB/idx-4.md"_s);
        QVERIFY(sparse.open(QIODevice::WriteOnly));
        QVERIFY(sparse.resize(qint64(300) * 1024 * 1024));
        sparse.close();

        auto project = drb2Project();
        QVERIFY(project);
        const ImportSummary s = runImport(project->store(), ImportKind::Drb2Reports, root);
        const QString text = s.toText();
        QVERIFY2(hasError(s, u"ModelA/idx-2.md"_s, u"symbolic link to /dev/zero, outside"_s),
                 qPrintable(text));
        QVERIFY2(hasError(s, u"ModelA/idx-3.md"_s, u"outside the chosen folder"_s),
                 qPrintable(text));
        QVERIFY2(hasError(s, u"ModelA/idx-4.md"_s, u"FIFO"_s), qPrintable(text));
        QVERIFY2(hasError(s, u"ModelA/idx-5.md"_s, u"loops"_s), qPrintable(text));
        QVERIFY2(hasError(s, u"ModelA/ModelUp"_s, u"contains it"_s), qPrintable(text));
        QVERIFY2(hasError(s, u"ModelOut"_s, u"outside the chosen folder"_s), qPrintable(text));
        QVERIFY2(hasError(s, u"ModelLoop"_s, u"contains it"_s), qPrintable(text));
        QVERIFY2(hasError(s, u"ModelB/idx-3\\xff.md"_s, u"not valid UTF-8"_s), qPrintable(text));
        QVERIFY2(hasError(s, u"ModelB/idx-4.md"_s, u"beyond the 256.0 MiB limit"_s),
                 qPrintable(text));
        QCOMPARE(s.added.value(u"reports"_s), 2); // ModelA/idx-1 and ModelB/idx-2, the inner link
        QVERIFY(!project->store().reports().modelId(u"ModelOut"_s));
        QVERIFY(!everythingStored(*project).contains("CANARY"));

        // Pointed at directly, a FIFO or a device is refused without waiting or reading.
        const ImportSummary fifo
            = runImport(project->store(), ImportKind::Drb2Tasks, root + u"/ModelA/idx-4.md"_s);
        QCOMPARE(fifo.errorCount(), 1);
        QVERIFY2(fifo.issues.constFirst().message.contains(u"not a regular file"_s),
                 qPrintable(fifo.toText()));
        const ImportSummary zero
            = runImport(project->store(), ImportKind::Drb2Tasks, root + u"/ModelA/idx-2.md"_s);
        QCOMPARE(zero.errorCount(), 1);
        QVERIFY2(zero.issues.constFirst().message.contains(u"not a regular file"_s),
                 qPrintable(zero.toText()));
        // QTemporaryDir cannot remove a name that QString cannot spell.
        QCOMPARE(::unlink(badName.constData()), 0);
    }

    // Item 2: two sibling folders that link to each other a few times each would be walked
    // 3^16 times; each folder is read once.
    void linkedSiblingFoldersAreReadOnce()
    {
        const QString root = m_dir.filePath(u"pdr-links"_s);
        QVERIFY(QDir().mkpath(root + u"/A"_s) && QDir().mkpath(root + u"/B"_s));
        for (const QString &n : {u"1"_s, u"2"_s, u"3"_s}) {
            QVERIFY(symlink(u"../B"_s, root + u"/A/l"_s + n));
            QVERIFY(symlink(u"../A"_s, root + u"/B/m"_s + n));
        }
        ScratchProject project;
        QVERIFY(project.isOpen());
        const ImportSummary s = runImport(project.store(), ImportKind::PdrFolder, root);
        const qsizetype repeats
            = std::count_if(s.issues.cbegin(), s.issues.cend(), [](const ImportIssue &i) {
                  return i.message.contains(u"reached through a link; not read twice"_s);
              });
        QVERIFY2(repeats >= 4 && repeats <= 12, qPrintable(s.toText()));
    }

    // Item 4: one stray idx file directly under report/ does not turn the folder into a model.
    void strayIdxFileBesideModelFolders()
    {
        auto project = drb2Project();
        QVERIFY(project);
        const ImportSummary s = runImport(project->store(), ImportKind::Drb2Reports,
                                          kCorpus + u"/stray-idx/report"_s);
        QVERIFY2(hasError(s, u"idx-3.md"_s, u"beside model folders"_s), qPrintable(s.toText()));
        QVERIFY(findIssue(s, u"README.txt"_s, u"ignored"_s));
        QVERIFY2(hasError(s, u"ModelB/idx-99999999999999999999.md"_s, u"beyond any DRB-II task"_s),
                 qPrintable(s.toText()));
        QCOMPARE(s.added.value(u"reports"_s), 2);
        QVERIFY(project->store().reports().modelId(u"ModelA"_s));
        QVERIFY(project->store().reports().modelId(u"ModelB"_s));
        QVERIFY(!project->store().reports().modelId(u"report"_s));
    }

    void archivesWithTasksAndReportTree_data()
    {
        QTest::addColumn<Container>("container");
        QTest::addColumn<Compression>("compression");
        QTest::addColumn<QString>("name");
        QTest::newRow("zip") << Container::Zip << Compression::None << u"bundle.zip"_s;
        QTest::newRow("tar.gz") << Container::Tar << Compression::Gzip << u"bundle.tar.gz"_s;
        QTest::newRow("tar.gz named .zip")
            << Container::Tar << Compression::Gzip << u"misnamed.zip"_s;
    }

    // Item 4: a tasks file beside a report/<model>/ tree, in any archive, imports both ways,
    // and messages name the archive, never a temporary folder.
    void archivesWithTasksAndReportTree()
    {
        QFETCH(Container, container);
        QFETCH(Compression, compression);
        QFETCH(QString, name);
        const QByteArray bytes
            = buildArchive({container, compression},
                           {{"drb2/tasks_and_rubrics.jsonl", drb2Tasks()},
                            {"drb2/report/ModelZ/idx-1.md", "# Z on 1\n\nStates fact A.\n"},
                            {"drb2/report/ModelY/idx-2.md", "# Y on 2\n"},
                            {"drb2/report/ModelY/idx-9.md", "# no such task\n"}});
        QVERIFY(!bytes.isEmpty());
        const QString path = m_dir.filePath(name);
        QVERIFY(writeFile(path, bytes));

        ScratchProject project;
        QVERIFY(project.isOpen());
        const ImportSummary tasks = runImport(project.store(), ImportKind::Drb2Tasks, path);
        QCOMPARE(tasks.added.value(u"tasks"_s), 5);
        const ImportSummary s = runImport(project.store(), ImportKind::Drb2Reports, path);
        QCOMPARE(s.added.value(u"reports"_s), 2);
        // Named inside the archive, as a user finds it there.
        QVERIFY2(hasError(s, name + u"/drb2/report/ModelY/idx-9.md"_s, u"not a DRB-II task"_s),
                 qPrintable(s.toText()));
        QVERIFY2(!s.toText().contains(QDir::tempPath()), qPrintable(s.toText()));

        // An archive without any report names itself, not a temporary folder.
        const QString empty = m_dir.filePath(u"no-reports-"_s + name);
        QVERIFY(writeFile(
            empty,
            buildArchive({container, compression}, {{"tasks_and_rubrics.jsonl", drb2Tasks()}})));
        const ImportSummary none = runImport(project.store(), ImportKind::Drb2Reports, empty);
        QCOMPARE(none.errorCount(), 1);
        QCOMPARE(none.issues.constFirst().file, QFileInfo(empty).fileName());
        QVERIFY2(!none.toText().contains(QDir::tempPath()), qPrintable(none.toText()));
    }

    // Item 4: a refused symlink entry is not replaced by a later file of the same name, nor by
    // files below it; the refusals are errors that name the entries.
    void refusedEntryIsNotReplaced()
    {
        const QByteArray bytes
            = buildArchive({Container::Tar, Compression::Gzip},
                           {{"report/ModelS/idx-1.md", {}, Kind::Symlink, "/etc/hostname"},
                            {"report/ModelS/idx-1.md", "# impostor\n"},
                            {"report/ModelL", {}, Kind::Symlink, "/etc"},
                            {"report/ModelL/idx-2.md", "# below a refused link\n"},
                            {"report/ModelS/idx-2.md", "# honest\n"}});
        QVERIFY(!bytes.isEmpty());
        const QString path = m_dir.filePath(u"refused.tar.gz"_s);
        QVERIFY(writeFile(path, bytes));
        auto project = drb2Project();
        QVERIFY(project);
        const ImportSummary s = runImport(project->store(), ImportKind::Drb2Reports, path);
        QCOMPARE(s.added.value(u"reports"_s), 1);
        const QString text = s.toText();
        QVERIFY2(text.contains(u"report/ModelS/idx-1.md: symbolic link to /etc/hostname refused"_s),
                 qPrintable(text));
        QVERIFY2(text.contains(u"report/ModelS/idx-1.md: an earlier entry named "
                               u"report/ModelS/idx-1.md was refused"_s),
                 qPrintable(text));
        QVERIFY2(text.contains(u"report/ModelL/idx-2.md: an earlier entry named report/ModelL"_s),
                 qPrintable(text));
        QVERIFY(!everythingStored(*project).contains("impostor"));
        QCOMPARE(s.errorCount(), 4);
    }

    // Item 9: a damaged entry is named, the entries beside it are imported.
    void damagedAndTruncatedEntriesAreNamed()
    {
        const QByteArray payload = "PAYLOAD-TO-DAMAGE-0123456789";
        QByteArray zip = buildArchive(
            {Container::Zip, Compression::None, true},
            {{"report/ModelD/idx-1.md", payload}, {"report/ModelD/idx-2.md", "# intact\n"}});
        QVERIFY(!zip.isEmpty());
        zip[zip.indexOf(payload)] = 'X'; // the CRC no longer matches
        const QString damaged = m_dir.filePath(u"damaged.zip"_s);
        QVERIFY(writeFile(damaged, zip));
        auto project = drb2Project();
        QVERIFY(project);
        const ImportSummary s = runImport(project->store(), ImportKind::Drb2Reports, damaged);
        QVERIFY2(s.toText().contains(u"damaged.zip: error: entry refused: report/ModelD/idx-1.md: "
                                     u"damaged data"_s),
                 qPrintable(s.toText()));
        QCOMPARE(s.added.value(u"reports"_s), 1);

        // Cut inside the last entry: the entries before it are imported, the cut one is named.
        QByteArray noise(64 * 1024, Qt::Uninitialized);
        for (qsizetype i = 0; i < noise.size(); ++i)
            noise[i] = char((i * 7919) % 251);
        const QByteArray tar = buildArchive({Container::Tar, Compression::None},
                                            {{"report/ModelT/idx-1.md", "# whole\n"},
                                             {"report/ModelT/idx-2.md", "# whole too\n"},
                                             {"report/ModelT/idx-3.md", noise}});
        QVERIFY(!tar.isEmpty());
        const QString cut = m_dir.filePath(u"cut.tar"_s);
        QVERIFY(writeFile(cut, tar.left(tar.size() - 20 * 1024)));
        const ImportSummary t = runImport(project->store(), ImportKind::Drb2Reports, cut);
        QVERIFY2(t.toText().contains(u"in the entry report/ModelT/idx-3.md"_s),
                 qPrintable(t.toText()));
        QCOMPARE(t.added.value(u"reports"_s), 2);
    }
};

QTEST_GUILESS_MAIN(TestHostileInputs)
#include "tst_hostileinputs.moc"
