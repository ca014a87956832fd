// Bad input gets a clear error and loses nothing: every problem is named with its file (and
// line), the rest imports, and a broken document is flagged rather than fatal.
#include "archivefixture.h"
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

int issuesMentioning(const ImportSummary &s, const QString &fragment)
{
    return int(std::count_if(s.issues.cbegin(), s.issues.cend(),
                             [&](const ImportIssue &i) { return i.message.contains(fragment); }));
}

// A task line whose description is `description`, written as JSON source text.
QByteArray drb2LineDescribed(int idx, const QByteArray &description)
{
    const QByteArray field = "\"description\": \"" + description + '"';
    return drb2Line(idx).replace(R"("description": "d")", field);
}

const QString replacement = QString(QChar(0xFFFD));

} // namespace

class TestImportBadInput : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ProjectStore> m_store;

    // A project of its own, for a test that must not see the others' tasks.
    std::unique_ptr<ProjectStore> openStore(const QString &name)
    {
        auto store = ProjectStore::create(m_dir.filePath(name));
        if (!store) {
            qWarning("%s", qPrintable(store.errorMessage()));
            return nullptr;
        }
        return std::move(store).value();
    }

private slots:
    void initTestCase()
    {
        auto created = ProjectStore::create(m_dir.filePath(u"bad.rubricate"_s));
        QVERIFY2(created, qPrintable(created.errorMessage()));
        m_store = std::move(created).value();
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
        file += QByteArray(200000, '[') + '\n'; // nested deeper than any parser goes
        file += "null\n"; // valid JSON, but no object
        file += drb2Line(4, "zh"); // no final newline
        const QString path = m_dir.filePath(u"tasks.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(path, file));

        const ImportSummary s = runImport(*m_store, ImportKind::Drb2Tasks, path);
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 2, u"invalid JSON"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 3, u"UTF-8"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 5, u"not a JSON object"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 6, u"idx"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 7, u"idx 1 repeats line 1"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 8, u"invalid JSON"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 9, u"null where a JSON object is expected"_s),
                 qPrintable(dump(s)));
        QCOMPARE(s.errorCount(), 7);
        QCOMPARE(s.added.value(u"tasks"_s), 2); // idx 1 and 4
        QCOMPARE(s.added.value(u"rubrics"_s), 8);
        QVERIFY(s.issues.constFirst().toString().startsWith(u"tasks.jsonl:2: error: "_s));
    }

    // A JSONL file saved as UTF-16 is named once, not as a thousand invalid lines.
    void aUtf16FileIsNamedOnce()
    {
        QByteArray utf16 = "\xFF\xFE";
        const QString text = QString::fromUtf8(drb2Line(1) + '\n' + drb2Line(2) + '\n');
        utf16.append(reinterpret_cast<const char *>(text.utf16()), text.size() * 2);
        const QString path = m_dir.filePath(u"utf16.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(path, utf16));
        const ImportSummary s = runImport(*m_store, ImportKind::Drb2Tasks, path);
        QCOMPARE(s.errorCount(), 1);
        QVERIFY2(hasIssue(s, u"utf16.jsonl"_s, 0, u"not UTF-8 text (UTF-16, or binary)"_s),
                 qPrintable(dump(s)));
    }

    void blankFilesSayTheyAreBlank()
    {
        const QString blank = m_dir.filePath(u"blank.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(blank, "\n  \n\t\r\n"));
        const ImportSummary s = runImport(*m_store, ImportKind::Drb2Tasks, blank);
        QCOMPARE(s.errorCount(), 1);
        QVERIFY2(hasIssue(s, u"blank.jsonl"_s, 0, u"only blank lines"_s), qPrintable(dump(s)));
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

        const auto bench = m_store->catalog().benchmark(u"drb2"_s);
        const RowId task4 = *m_store->catalog().taskId(bench->id, u"4"_s);
        const auto pdf = m_store->reports().report(
            *m_store->reports().reportId(*m_store->reports().modelId(u"ModelA"_s), task4));
        QVERIFY(pdf);
        QVERIFY(!pdf->hasText);
        QVERIFY(pdf->warnings.constFirst().startsWith(u"corrupt"_s));
        QVERIFY(!m_store->reports().originalFile(pdf->contentHash).isEmpty()); // kept for the user
        QVERIFY(!m_store->reports().reportId(*m_store->reports().modelId(u"ModelB"_s),
                                             task4)); // refused
    }

    void aBadFileAmongManyIsNamedAndTheRestImport()
    {
        // More reports than are read at once: the bad one in a later slice is named, and every
        // other one, before and after it, is stored with its text.
        auto store = openStore(u"slices.rubricate"_s);
        QVERIFY(store);
        QByteArray tasks;
        for (int idx = 1; idx <= 40; ++idx)
            tasks += drb2Line(idx) + '\n';
        const QString tasksPath = m_dir.filePath(u"slices.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(tasksPath, tasks));
        QCOMPARE(runImport(*store, ImportKind::Drb2Tasks, tasksPath).errorCount(), 0);
        const QString root = m_dir.filePath(u"slices"_s);
        for (const QString &model : {u"ModelA"_s, u"ModelB"_s}) {
            for (int idx = 1; idx <= 40; ++idx) {
                const QByteArray text = model == "ModelB"_L1 && idx == 20
                    ? QByteArray()
                    : "# " + model.toUtf8() + " on task " + QByteArray::number(idx);
                QVERIFY(
                    RubricateTest::writeFile(u"%1/%2/idx-%3.md"_s.arg(root, model).arg(idx), text));
            }
        }
        const ImportSummary s = runImport(*store, ImportKind::Drb2Reports, root);
        QVERIFY2(hasIssue(s, u"ModelB/idx-20.md"_s, 0, u"empty file"_s), qPrintable(dump(s)));
        QCOMPARE(s.errorCount(), 1);
        QCOMPARE(s.added.value(u"reports"_s), 79);
        const QList<SearchHit> last = store->search().reports(u"ModelB on task 40"_s);
        QCOMPARE(last.size(), 1);
        QCOMPARE(store->reports().report(last.constFirst().reportId)->text,
                 u"# ModelB on task 40"_s);
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
        QVERIFY(m_store->reports().modelId(u"ModelZ"_s));

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

    // An entry beyond the archive's 1 GiB per-file limit (sparse, so the archive is small)
    // is named with the archive, its size and the limit; the entry after it is imported.
    void anOversizedArchiveEntryIsNamedAndTheRestImport()
    {
        auto store = openStore(u"oversized.rubricate"_s);
        QVERIFY(store);
        const QString tasks = m_dir.filePath(u"oversized-tasks.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(tasks, drb2Line(1) + '\n' + drb2Line(2) + '\n'));
        QCOMPARE(runImport(*store, ImportKind::Drb2Tasks, tasks).errorCount(), 0);
        using namespace RubricateTest;
        const QByteArray bytes = buildArchive(
            {Container::Tar, Compression::Gzip},
            {{"report/ModelS/idx-1.md", "# Huge", Kind::File, {}, true, qint64(2) << 30},
             {"report/ModelS/idx-2.md", "# After the huge one", Kind::File, {}}});
        const QString tgz = m_dir.filePath(u"huge.tar.gz"_s);
        QVERIFY(!bytes.isEmpty() && writeFile(tgz, bytes));
        const ImportSummary s = runImport(*store, ImportKind::Drb2Reports, tgz);
        QVERIFY2(hasIssue(s, u"huge.tar.gz"_s, 0,
                          u"report/ModelS/idx-1.md: 2 GiB expanded, over the 1 GiB per-file "
                          u"limit; skipped"_s),
                 qPrintable(dump(s)));
        QCOMPARE(s.errorCount(), 1);
        QCOMPARE(s.added.value(u"reports"_s), 1);
    }

    // Item 5 of issue 14: a result file's verdicts are never coerced nor overwritten.
    void resultScoresAreNeverCoercedOrOverwritten()
    {
        auto store = openStore(u"results.rubricate"_s);
        QVERIFY(store);
        const QString tasks = m_dir.filePath(u"results/tasks.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(tasks, drb2Line(1) + '\n'));
        QCOMPARE(runImport(*store, ImportKind::Drb2Tasks, tasks).errorCount(), 0);

        const QString path = m_dir.filePath(u"results/result.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(
            path,
            R"({"model": "M", "idx": 1, "result": {"scores": {"info_recall": {"States fact A.": )"
            R"({"score": "1"}, "States fact B.": {"score": 0}}, "analysis": {"Explains why.": )"
            R"({"score": 1}}, "presentation": {"Has headings.": {"score": "0"}}}}})"
            "\n"
            R"({"model": "M", "idx": 1, "result": {"scores": {"info_recall": {"States fact A.": )"
            R"({"score": 0}, "States fact B.": {"score": 1}}, "analysis": {"Explains why.": )"
            R"({"score": 0}}, "presentation": {"Has headings.": {"score": 0}}}}})"
            "\n"
            R"({"model": "N", "idx": 1.0, "result": {"scores": {"analysis": {"Explains why.": )"
            R"({"score": 1}}}}})"
            "\n"
            // A failed judging and its re-run: the aggregator ignores the failed line.
            R"({"model": "F", "idx": 1, "result": {"error": "batch 1 failed after 10 retries"}})"
            "\n"
            R"({"model": "F", "idx": 1, "result": {"scores": {"info_recall": {"States fact A.": )"
            R"({"score": 1}, "States fact B.": {"score": 1}}, "analysis": {"Explains why.": )"
            R"({"score": 1}}, "presentation": {"Has headings.": {"score": 1}}}}})"
            "\n"
            R"({"model": "M", "idx": 1, "result": {"error": "batch 1 failed after 10 retries"}})"
            "\n"));
        const ImportSummary s = runImport(*store, ImportKind::Drb2Results, path);
        QVERIFY2(hasIssue(s, u"result.jsonl"_s, 1, u"2 scores are each a string"_s),
                 qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"result.jsonl"_s, 2, u"M idx 1 repeats line 1"_s),
                 qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"result.jsonl"_s, 3, u"\"idx\" must be an integer, not 1.0"_s),
                 qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"result.jsonl"_s, 5,
                          u"F idx 1 repeats line 4, where the judge failed; this line's verdicts "
                          "replace it"_s),
                 qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"result.jsonl"_s, 6,
                          u"M idx 1 repeats line 1; the judge failed on this line, which is "
                          "skipped"_s),
                 qPrintable(dump(s)));
        QCOMPARE(s.errorCount(), 2); // the judged repeat and the decimal idx: not imported
        QCOMPARE(s.added.value(u"verdicts"_s), 8);
        QCOMPARE(s.updated.value(u"verdicts"_s), 4); // F's failed line, judged again
        QVERIFY(!store->reports().modelId(u"N"_s));

        const RowId task
            = *store->catalog().taskId(store->catalog().benchmark(u"drb2"_s)->id, u"1"_s);
        const QList<Rubric> rubrics = store->catalog().rubrics(task);
        const auto verdictsOf = [&](const QString &model) {
            const RowId report = *store->reports().reportId(*store->reports().modelId(model), task);
            QHash<QString, Verdict> byText;
            for (const Verdict &v :
                 store->runs()
                     .verdicts(store->runs().list().value().constFirst().id, report)
                     .value()) {
                for (const Rubric &r : rubrics) {
                    if (r.id == v.rubricId)
                        byText.insert(r.text, v);
                }
            }
            return byText;
        };
        const QHash<QString, Verdict> rerun = verdictsOf(u"F"_s);
        QCOMPARE(rerun.size(), 4);
        for (const Verdict &v : rerun)
            QCOMPARE(v.value, std::optional<double>(1));
        const QHash<QString, Verdict> byText = verdictsOf(u"M"_s);
        QCOMPARE(byText.size(), 4);
        QVERIFY(!byText.value(u"States fact A."_s).value); // "1" is not 1
        QVERIFY(byText.value(u"States fact A."_s).error.contains(u"string"_s));
        QVERIFY(!byText.value(u"Has headings."_s).value);
        QCOMPARE(byText.value(u"States fact B."_s).value, std::optional<double>(0)); // line 1's
        QCOMPARE(byText.value(u"Explains why."_s).value, std::optional<double>(1));
    }

    // Item 6: unpaired surrogate escapes become U+FFFD with a warning; pairs stay intact.
    void loneSurrogateEscapesBecomeReplacementCharacters()
    {
        auto store = openStore(u"surrogates.rubricate"_s);
        QVERIFY(store);
        const QList<std::pair<QByteArray, QString>> cases = {
            {"a\\ud800 end", u"a"_s + replacement + u" end"_s}, // line 1: lone high
            {"\\ud800\\u0041", replacement + u"A"_s}, // a high, then no low surrogate
            {"\\udc00x", replacement + u"x"_s}, // a lone low surrogate
            {"x\\ud800", u"x"_s + replacement}, // at the end of the string
            {"\\ud83d\\ude00 ok", u"\U0001F600 ok"_s}, // a pair, kept
            {"\\\\ud800", u"\\ud800"_s}, // an escaped backslash, not an escape
            {"x\\ud800\\ud800\\udc00", u"x"_s + replacement + u"\U00010000"_s}, // line 7
        };
        QByteArray file;
        for (qsizetype i = 0; i < cases.size(); ++i)
            file += drb2LineDescribed(int(20 + i), cases.at(i).first) + '\n';
        const QString path = m_dir.filePath(u"surrogates/tasks.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(path, file));
        const ImportSummary s = runImport(*store, ImportKind::Drb2Tasks, path);
        QCOMPARE(s.errorCount(), 0);
        for (int line : {1, 2, 4, 7})
            QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, line, u"unpaired surrogate escape \\ud800"_s),
                     qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, u"tasks.jsonl"_s, 3, u"unpaired surrogate escape \\udc00"_s),
                 qPrintable(dump(s)));
        QCOMPARE(issuesMentioning(s, u"surrogate"_s), 5);
        const RowId bench = store->catalog().benchmark(u"drb2"_s)->id;
        for (qsizetype i = 0; i < cases.size(); ++i) {
            const auto task
                = store->catalog().task(*store->catalog().taskId(bench, QString::number(20 + i)));
            QCOMPARE(task->title, cases.at(i).second);
        }

        // ReportBench's task file and a pretty-printed report, where the line is the file's.
        const QString rb = m_dir.filePath(u"surrogates/rb/ReportBench_v1.1.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(
            rb,
            "{\"arxiv_id\": \"2003.00653\", \"title\": \"T\", \"prompt\": \"before\\ud800 end\"}"));
        const ImportSummary r = runImport(*store, ImportKind::ReportBench, rb);
        QVERIFY2(hasIssue(r, u"ReportBench_v1.1.jsonl"_s, 1, u"surrogate"_s), qPrintable(dump(r)));
        const RowId rbBench = store->catalog().benchmark(u"reportbench"_s)->id;
        QCOMPARE(store->catalog().task(*store->catalog().taskId(rbBench, u"2003.00653"_s))->prompt,
                 u"before"_s + replacement + u" end"_s);
        const QString reports = m_dir.filePath(u"surrogates/rb/M"_s);
        QVERIFY(RubricateTest::writeFile(
            reports + u"/2003.00653.json"_s,
            "{\n  \"arxiv_id\": \"2003.00653\",\n  \"response\": \""
                + QByteArray("long enough to count as a report. ").repeated(3)
                + "\\udfff tail\"\n}\n"));
        const ImportSummary m = runImport(*store, ImportKind::ReportBenchReports, reports);
        QVERIFY2(hasIssue(m, u"2003.00653.json"_s, 3, u"\\udfff"_s), qPrintable(dump(m)));
        const auto text
            = store->reports()
                  .report(
                      store->reports().reportSummaries(u"reportbench"_s).value().constFirst().id)
                  ->text;
        QVERIFY2(text.endsWith(replacement + u" tail"_s), qPrintable(text.right(20)));
    }

    // Item 7: what DRB-II and ResearchRubrics used to accept, reshape or misname.
    void malformedTasksAreRefusedByName()
    {
        auto store = openStore(u"tasks7.rubricate"_s);
        QVERIFY(store);
        QByteArray file = drb2Line(7) + '\n';
        file += drb2Line(-1) + '\n';
        file += drb2Line(0) + '\n';
        file += drb2Line(8).replace(R"("idx": 8,)", R"("idx": 8.0,)") + '\n';
        file += drb2Line(9).replace(R"("analysis": ["Explains why."])",
                                    R"("analysis": "Explains why.")")
            + '\n';
        file += R"({"content": {"task": "shadowed"}, )" + drb2Line(10).mid(1) + '\n';
        file += drb2Line(11).replace(R"("analysis": ["Explains why."])",
                                     R"("analysis": ["Explains why."], "analysis": ["Other."])")
            + '\n';
        file += drb2Line(7) + '\n';
        const QString path = m_dir.filePath(u"tasks7/tasks.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(path, file));
        const ImportSummary s = runImport(*store, ImportKind::Drb2Tasks, path);
        const QString f = u"tasks.jsonl"_s;
        QVERIFY2(hasIssue(s, f, 2, u"positive integer, not -1"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, f, 3, u"positive integer, not 0"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, f, 4, u"\"idx\" must be an integer, not 8.0"_s), qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, f, 5, u"content.rubric.analysis is a string, not a list"_s),
                 qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, f, 6, u"duplicate key \"content\"; line skipped"_s),
                 qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, f, 7, u"duplicate key \"analysis\" in content.rubric"_s),
                 qPrintable(dump(s)));
        QVERIFY2(hasIssue(s, f, 8, u"idx 7 repeats line 1"_s), qPrintable(dump(s)));
        QCOMPARE(s.errorCount(), 7);
        QCOMPARE(s.added.value(u"tasks"_s), 1);
        QCOMPARE(issuesMentioning(s, u"has no content.rubric"_s), 0);

        // ResearchRubrics: one malformed criterion keeps the whole prompt out.
        const QString rr = m_dir.filePath(u"tasks7/processed_data.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(
            rr,
            R"({"sample_id": "s1", "prompt": "P", "rubrics": [{"criterion": "Fine.", )"
            R"("weight": 1}, {"criterion": "Weight as text.", "weight": "3"}, )"
            R"({"criterion": "", "weight": 2}]})"
            "\n"
            R"({"sample_id": "s2", "prompt": "P", "rubrics": [{"criterion": "Fine.", )"
            R"("weight": 1}]})"
            "\n"));
        const ImportSummary r = runImport(*store, ImportKind::ResearchRubrics, rr);
        QVERIFY2(hasIssue(r, u"processed_data.jsonl"_s, 1,
                          u"s1: criteria #2, #3 lack text or a numeric weight; prompt skipped"_s),
                 qPrintable(dump(r)));
        QCOMPARE(r.errorCount(), 1);
        QCOMPARE(r.added.value(u"tasks"_s), 1);
        const RowId rrBench = store->catalog().benchmark(u"researchrubrics"_s)->id;
        QVERIFY(!store->catalog().taskId(rrBench, u"s1"_s));
    }

    // Item 9: repeats that are kept are named, and so is a report read from another field.
    void keptRepeatsAndFallbacksAreNamed()
    {
        auto store = openStore(u"named.rubricate"_s);
        QVERIFY(store);
        const QString tasks = m_dir.filePath(u"named/tasks.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(
            tasks, drb2Line(1).replace(R"("States fact B.")", R"("States fact A.")")));
        const ImportSummary d = runImport(*store, ImportKind::Drb2Tasks, tasks);
        QVERIFY2(hasIssue(d, u"tasks.jsonl"_s, 1,
                          u"info_recall rubric #2 repeats #1 and is kept as its duplicate: "
                          "\"States fact A.\""_s),
                 qPrintable(dump(d)));

        const QString rr = m_dir.filePath(u"named/processed_data.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(
            rr,
            R"({"sample_id": "s1", "prompt": "P", "rubrics": [{"criterion": "Twice.", )"
            R"("weight": 1, "axis": "A"}, {"criterion": "Twice.", "weight": 1, "axis": "B"}]})"));
        const ImportSummary r = runImport(*store, ImportKind::ResearchRubrics, rr);
        QVERIFY2(hasIssue(r, u"processed_data.jsonl"_s, 1, u"s1: criterion #2 repeats #1"_s),
                 qPrintable(dump(r)));
        QVERIFY2(issuesMentioning(r, u"\"Twice.\""_s) == 1, qPrintable(dump(r)));

        const QString rb = m_dir.filePath(u"named/ReportBench_v1.1.jsonl"_s);
        QByteArray rbTasks;
        for (const char *id : {"2003.00653", "2004.05937", "2006.00648", "2011.12063"})
            rbTasks += "{\"arxiv_id\": \"" + QByteArray(id) + "\", \"prompt\": \"P\"}\n";
        QVERIFY(RubricateTest::writeFile(rb, rbTasks));
        QVERIFY(RubricateTest::writeFile(
            m_dir.filePath(u"named/ReportBench_v1.1_GT/2003.00653.jsonl"_s),
            R"({"bib_id": "a", "title": "Graph Attacks: A Survey"})"
            "\n"
            R"({"bib_id": "b", "title": "Another paper"})"
            "\n"
            R"({"bib_id": "c", "title": "graph attacks - a survey."})"
            "\n"
            R"({"bib_id": "d", "title": "Another paper."})"
            "\n"
            R"({"bib_id": "e", "title": "Third"})"
            "\n"));
        const ImportSummary g = runImport(*store, ImportKind::ReportBench, rb);
        QVERIFY2(hasIssue(g, u"2003.00653.jsonl"_s, 0,
                          u"2 references repeat an earlier title and are kept, counted once: "
                          "lines 3-4 repeat lines 1-2"_s),
                 qPrintable(dump(g)));
        QCOMPARE(g.added.value(u"references"_s), 5); // kept: upstream counts a title once

        const QString dir = m_dir.filePath(u"named/M"_s);
        const QByteArray text = QByteArray("long enough to count as a report text. ").repeated(3);
        QVERIFY(RubricateTest::writeFile(dir + u"/2003.00653.json"_s,
                                         "{\"response\": \"" + text + "\"}"));
        QVERIFY(
            RubricateTest::writeFile(dir + u"/2004.05937.json"_s,
                                     "{\"response\": \"short\", \"message\": \"" + text + "\"}"));
        QVERIFY(
            RubricateTest::writeFile(dir + u"/2006.00648.json"_s, "{\"body\": \"" + text + "\"}"));
        QVERIFY(RubricateTest::writeFile(dir + u"/x_2003.00653.json"_s,
                                         "{\"response\": \"" + text + "\"}"));
        const ImportSummary m = runImport(*store, ImportKind::ReportBenchReports, dir);
        QVERIFY2(hasIssue(m, u"2004.05937.json"_s, 0, u"read from \"message\""_s),
                 qPrintable(dump(m)));
        QVERIFY2(hasIssue(m, u"2006.00648.json"_s, 0, u"read from \"body\""_s),
                 qPrintable(dump(m)));
        QCOMPARE(issuesMentioning(m, u"read from"_s), 2);
        QVERIFY2(hasIssue(m, u"x_2003.00653.json"_s, 0, u"the first is 2003.00653.json"_s),
                 qPrintable(dump(m)));
        QCOMPARE(m.added.value(u"reports"_s), 3);
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
