// Bad input gets a clear error and loses nothing: every problem is named with its file (and
// line), the rest imports, and a broken document is flagged rather than fatal.
#include "ingest/importer.h"
#include "shareddata.h"
#include "store/projectstore.h"
#include "testfiles.h"

#include <archive.h>
#include <archive_entry.h>

#include <QSqlError>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

QByteArray drb2Line(int idx, const char *language = "en")
{
    return QByteArray(R"({"id": "t)") + QByteArray::number(idx) + R"(", "idx": )"
        + QByteArray::number(idx) + R"(, "language": ")" + language
        + R"(", "theme": "Health", "description": "d", "prompt": "Task text.\n\n**important**",)"
          R"( "content": {"task": "Task text.", "rubric": {"info_recall": ["States fact A.",)"
          R"( "States fact B."], "analysis": ["Explains why."], "presentation": ["Has headings."]},)"
          R"( "blocked": {"title": "Blocked", "authors": ["X"], "urls": ["https://example.org/b"]}}})";
}

// A zip or tar.gz with the given entries, written with libarchive.
bool writeArchive(const QString &path, const QList<std::pair<QByteArray, QByteArray>> &entries,
                  bool zip)
{
    archive *a = archive_write_new();
    if (zip) {
        archive_write_set_format_zip(a);
    } else {
        archive_write_set_format_pax_restricted(a);
        archive_write_add_filter_gzip(a);
    }
    if (archive_write_open_filename(a, path.toLocal8Bit().constData()) != ARCHIVE_OK) {
        archive_write_free(a);
        return false;
    }
    for (const auto &[name, data] : entries) {
        archive_entry *e = archive_entry_new();
        archive_entry_set_pathname(e, name.constData());
        archive_entry_set_filetype(e, AE_IFREG);
        archive_entry_set_perm(e, 0644);
        archive_entry_set_size(e, data.size());
        archive_write_header(a, e);
        archive_write_data(a, data.constData(), size_t(data.size()));
        archive_entry_free(e);
    }
    archive_write_close(a);
    archive_write_free(a);
    return true;
}

bool hasIssue(const ImportSummary &s, const QString &file, int line, const QString &fragment)
{
    return std::any_of(s.issues.cbegin(), s.issues.cend(), [&](const ImportIssue &i) {
        return i.file == file && i.line == line && i.message.contains(fragment);
    });
}

QString dump(const ImportSummary &s)
{
    return s.toText();
}

} // namespace

class TestImportBadInput : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ProjectStore> m_store;

private slots:
    void initTestCase()
    {
        QString error;
        m_store = ProjectStore::open(m_dir.filePath(u"bad.rubricate"_s), &error);
        QVERIFY2(m_store, qPrintable(error));
    }

    void brokenLinesAreReportedAndTheRestImports()
    {
        QByteArray file = drb2Line(1) + '\n';
        file += drb2Line(2).left(120) + '\n'; // truncated JSON
        file += drb2Line(3).replace("Task text.", "Task \xff\xfe text.") + '\n'; // invalid UTF-8
        file += "\n"; // blank lines are fine
        file += "[1, 2, 3]\n"; // not an object
        file += R"({"idx": "seven", "content": {}})"
                "\n"; // no integer idx
        file += drb2Line(1) + '\n'; // idx 1 again
        file += drb2Line(4, "zh"); // no final newline
        const QString path = m_dir.filePath(u"tasks.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(path, file));

        const ImportSummary s = runImport(*m_store, ImportKind::Drb2Tasks, path);
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 2, u"invalid JSON"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 3, u"UTF-8"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 5, u"not a JSON object"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 6, u"idx"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 7, u"twice"_s), qPrintable(dump(s)));
        QCOMPARE(s.errorCount(), 5);
        QCOMPARE(s.added.value(u"tasks"_s), 2); // idx 1 and 4
        QCOMPARE(s.added.value(u"rubrics"_s), 8);
        QVERIFY(s.issues.constFirst().toString().startsWith(u"tasks.jsonl:2: error: "_s));
    }

    void emptyAndMissingFiles()
    {
        const QString empty = m_dir.filePath(u"empty.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(empty, ""));
        const ImportSummary s = runImport(*m_store, ImportKind::ResearchRubrics, empty);
        QCOMPARE(s.errorCount(), 1);
        QVERIFY(s.issues.constFirst().message.contains(u"empty"_s));

        const ImportSummary missing
            = runImport(*m_store, ImportKind::Drb2Tasks, m_dir.filePath(u"nope.jsonl"_s));
        QCOMPARE(missing.errorCount(), 1);
        QVERIFY(missing.issues.constFirst().message.contains(u"no such file"_s));

        const ImportSummary wrongType = runImport(*m_store, ImportKind::Drb2Reports, empty);
        QCOMPARE(wrongType.errorCount(), 1);
    }

    void brokenDocumentsAreFlaggedNotFatal()
    {
        const QString root = m_dir.filePath(u"report"_s);
        using RubricateTest::writeFile;
        QVERIFY(writeFile(root + u"/ModelA/idx-1.md"_s, "# Fine\n\nStates fact A."));
        QVERIFY(writeFile(root + u"/ModelA/idx-4.pdf"_s, "%PDF-1.7\n1 0 obj garbage\n%%EOF"));
        QVERIFY(writeFile(root + u"/ModelB/idx-1.docx"_s, "this is not a zip file at all"));
        QVERIFY(writeFile(root + u"/ModelB/idx-4.md"_s, "one"));
        QVERIFY(writeFile(root + u"/ModelB/idx-4.html"_s, "<p>two</p>")); // two files, one idx
        QVERIFY(writeFile(root + u"/ModelB/idx-77.md"_s, "no such task"));
        QVERIFY(writeFile(root + u"/ModelB/notes.txt"_s, "not a report"));

        const ImportSummary s = runImport(*m_store, ImportKind::Drb2Reports, root);
        QVERIFY2(hasIssue(s, u"ModelA/idx-4.pdf"_s, 0, u"stored without text"_s),
                 qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"ModelB/idx-1.docx"_s, 0, u"stored without text"_s),
                 qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"ModelB"_s, 0, u"idx 4 has 2 files"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"ModelB/idx-77.md"_s, 0, u"not a DRB-II task"_s),
                 qPrintable(dump(s)));
        QCOMPARE(s.added.value(u"reports"_s), 3); // the md and both broken files, flagged

        const auto bench = m_store->benchmark(u"drb2"_s);
        const RowId task4 = *m_store->taskId(bench->id, u"4"_s);
        const auto pdf = m_store->report(*m_store->reportId(*m_store->modelId(u"ModelA"_s), task4));
        QVERIFY(pdf);
        QVERIFY(!pdf->hasText);
        QVERIFY(pdf->warnings.constFirst().startsWith(u"corrupt"_s));
        QVERIFY(!m_store->originalFile(pdf->contentHash).isEmpty()); // kept for the user
        QVERIFY(!m_store->reportId(*m_store->modelId(u"ModelB"_s), task4)); // refused
    }

    void archivesImportAndRefuseEscapes()
    {
        const QString zip = m_dir.filePath(u"bundle.zip"_s);
        QVERIFY(writeArchive(zip,
                             {{"bundle/report/ModelZ/idx-1.md", "# From a zip\n\nStates fact B."},
                              {"bundle/report/ModelZ/idx-4.txt", "plain text report"},
                              {"../escaped.md", "must never be written"},
                              {"bundle/../../escaped2.md", "nor this"}},
                             true));
        const ImportSummary s = runImport(*m_store, ImportKind::Drb2Reports, zip);
        QVERIFY2(s.added.value(u"reports"_s) == 2, qPrintable(dump(s)));
        const int refused
            = int(std::count_if(s.issues.cbegin(), s.issues.cend(), [](const ImportIssue &i) {
                  return i.message.startsWith(u"entry refused"_s);
              }));
        QVERIFY2(refused == 2, qPrintable(dump(s)));
        QVERIFY(!QFile::exists(m_dir.filePath(u"escaped.md"_s)));
        QVERIFY(m_store->modelId(u"ModelZ"_s));

        // The same bundle as .tar.gz, and the task file inside a zip.
        const QString tgz = m_dir.filePath(u"bundle.tar.gz"_s);
        QVERIFY(writeArchive(tgz, {{"report/ModelT/idx-1.md", "# From a tarball"}}, false));
        const ImportSummary t = runImport(*m_store, ImportKind::Drb2Reports, tgz);
        QVERIFY2(t.added.value(u"reports"_s) == 1, qPrintable(dump(t)));

        const QString tasksZip = m_dir.filePath(u"tasks.zip"_s);
        QVERIFY(
            writeArchive(tasksZip, {{"drb2/tasks_and_rubrics.jsonl", drb2Line(9) + '\n'}}, true));
        const ImportSummary k = runImport(*m_store, ImportKind::Drb2Tasks, tasksZip);
        QVERIFY2(k.added.value(u"tasks"_s) == 1, qPrintable(dump(k)));

        const QString notZip = m_dir.filePath(u"fake.zip"_s);
        QVERIFY(RubricateTest::writeFile(notZip, "plain text pretending"));
        const ImportSummary f = runImport(*m_store, ImportKind::Drb2Reports, notZip);
        QCOMPARE(f.errorCount(), 1);
        QVERIFY(f.added.isEmpty());
    }

    void importsAreLogged()
    {
        QSqlQuery q(m_store->database());
        QVERIFY2(q.exec(u"SELECT count(*), sum(errors) FROM import_log"_s) && q.next(),
                 qPrintable(q.lastError().text()));
        QVERIFY(q.value(0).toInt() >= 5);
        QVERIFY(q.value(1).toInt() > 0);
    }
};

QTEST_GUILESS_MAIN(TestImportBadInput)
#include "tst_importbadinput.moc"
