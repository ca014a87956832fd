// ReportBench: survey prompts, ground-truth reference lists and model outputs.
#include "ingest/importcontext.h"
#include "ingest/importer.h"
#include "ingest/reportfiles.h"
#include "readers/leaderboardproject.h"
#include "scratchproject.h"
#include "shareddata.h"
#include "store/projectstore.h"
#include "testfiles.h"

#include <QFile>
#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestReportBenchImport : public QObject
{
    Q_OBJECT

    RubricateTest::ScratchProject m_project;
    ProjectStore *m_store = nullptr;

    int scalar(const QString &sql) { return m_project.scalar(sql); }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_project.isOpen(), qPrintable(m_project.error()));
        m_store = &m_project.store();
    }

    void titleNormalisationMatchesUpstream()
    {
        QCOMPARE(normalizeTitle(u"  Adversarial Attack and Defense on Graph Data: A Survey. "_s),
                 u"adversarial attack and defense on graph data a survey"_s);
        QCOMPARE(normalizeTitle(u"{BERT}: Pre-training\tof  Deep\nTransformers"_s),
                 u"bert pretraining of deep transformers"_s);
        // Non-ASCII punctuation is kept, as Python's string.punctuation is ASCII only.
        QCOMPARE(normalizeTitle(u"Graphs – a “primer”"_s), u"graphs – a “primer”"_s);
    }

    void importsTasksWithGroundTruth()
    {
        RUBRICATE_REQUIRE_SHARED(path, "reportbench/ReportBench_v1.1.jsonl");
        const ImportSummary s = runImport(*m_store, ImportKind::ReportBench, path);
        QCOMPARE(s.errorCount(), 0);
        QCOMPARE(s.added.value(u"tasks"_s), 100);
        QCOMPARE(s.added.value(u"references"_s), 16204);
        // 100 tasks <-> 100 GT files; the only warnings name the references a survey repeats
        // (kept, counted once), one per GT file that has any.
        const int surveysWithRepeats
            = scalar(u"SELECT count(*) FROM (SELECT task_id FROM reference_entry GROUP BY task_id"
                     " HAVING count(*) > count(DISTINCT normalized_title)) AS repeats"_s);
        QVERIFY(surveysWithRepeats > 0);
        QCOMPARE(s.warningCount(), surveysWithRepeats);
        for (const ImportIssue &i : s.issues)
            QVERIFY2(i.message.contains(u"repeat an earlier title"_s), qPrintable(i.toString()));

        QCOMPARE(scalar(u"SELECT count(DISTINCT task_id) FROM reference_entry"_s), 100);
        // Unique normalised titles per survey, summed: 15,060 (formats.md §6).
        QCOMPARE(scalar(u"SELECT sum(n) FROM (SELECT count(DISTINCT normalized_title) AS n"
                        " FROM reference_entry GROUP BY task_id) AS titles"_s),
                 15060);
        const auto perSurvey = [&](const char *id) {
            return scalar(u"SELECT count(DISTINCT e.normalized_title) FROM reference_entry e"
                          " JOIN task t ON t.id = e.task_id WHERE t.external_id = '%1'"_s.arg(
                              QLatin1StringView(id)));
        };
        QCOMPARE(perSurvey("2003.00653"), 96);
        QCOMPARE(perSurvey("2004.05937"), 302);
        QCOMPARE(perSurvey("2006.00648"), 60);
        QCOMPARE(scalar(u"SELECT count(*) FROM task WHERE theme ="
                        " 'Healthcare and Biomedicine'"_s),
                 12);

        const ImportSummary again = runImport(*m_store, ImportKind::ReportBench, path);
        QCOMPARE(again.unchanged.value(u"references"_s), 16204);
        QVERIFY(again.added.isEmpty() && again.updated.isEmpty());
    }

    void importsModelOutputsFromAnyTextField()
    {
        if (!m_store->catalog().benchmark(u"reportbench"_s))
            QSKIP("needs the task file");
        const QString dir = m_project.filePath(u"gpt-dr"_s);
        const QByteArray longText
            = QByteArray(" survey text with [a link](https://example.org) ").repeated(3);
        QVERIFY(RubricateTest::writeFile(dir + u"/2003.00653.json"_s,
                                         "{\"response\": \"" + longText + "\"}"));
        QVERIFY(RubricateTest::writeFile(dir + u"/parsed_openai+2004.05937.json"_s,
                                         "{\"response\": \"short\", \"content\": \"" + longText
                                             + "\"}"));
        QVERIFY(RubricateTest::writeFile(dir + u"/2006.00648_parsed.json"_s,
                                         "{\"odd_key\": \"" + longText + "\"}"));
        QVERIFY(RubricateTest::writeFile(dir + u"/2011.12063.json"_s, "{\"response\": \"tiny\"}"));
        QVERIFY(RubricateTest::writeFile(dir + u"/notes.json"_s, "{}"));
        const ImportSummary s = runImport(*m_store, ImportKind::ReportBenchReports, dir);
        QCOMPARE(s.added.value(u"reports"_s), 3);
        QCOMPARE(s.errorCount(), 1); // 2011.12063: no text longer than 50 characters
        // notes.json has no arXiv id in its name; two reports are read from fields the
        // reference's related-work evaluator ignores ("content", "odd_key"), which is named.
        QCOMPARE(s.warningCount(), 3);
        const auto reports = m_store->reports().reportSummaries(u"reportbench"_s).value();
        QCOMPARE(reports.size(), 3);
        QCOMPARE(reports.constFirst().model, u"gpt-dr"_s);
        QVERIFY(
            m_store->reports().report(reports.constFirst().id)->text.contains(u"survey text"_s));

        // Their leaderboard: a link names no paper, so precision is undefined (with the
        // reason), never 0, while recall is a real 0; no judge run is needed.
        QVERIFY(projectLeaderboardBenchmarks(*m_store).contains(u"reportbench"_s));
        QVERIFY(!leaderboardNeedsRun(u"reportbench"_s));
        const auto board = readLeaderboard(*m_store, u"reportbench"_s, 0);
        QVERIFY2(board, qPrintable(board.errorMessage()));
        QCOMPARE(board->rows.size(), 1);
        const LeaderboardRow &row = board->rows.constFirst();
        QCOMPARE(row.model, u"gpt-dr"_s);
        QCOMPARE(row.n, 3);
        QVERIFY(!row.values.at(board->columnIndex(u"precision_micro"_s)).value);
        QVERIFY(!row.values.at(board->columnIndex(u"precision_micro"_s)).note.isEmpty());
        QCOMPARE(board->value(u"gpt-dr"_s, u"recall_micro"_s), std::optional<double>(0.0));
        QTemporaryDir out;
        QStringList files;
        const auto exported
            = exportLeaderboardFiles(*m_store, u"reportbench"_s, 0, out.path(), &files);
        QVERIFY2(exported, qPrintable(exported.errorMessage()));
        QCOMPARE(files.size(), 1);
        QFile csv(files.constFirst());
        QVERIFY(csv.open(QIODevice::ReadOnly));
        QCOMPARE(csv.readAll().count('\n'), 4); // header and three reports
    }

    // A folder is stored a slice at a time: every report past the slice boundary arrives
    // with its own text, a damaged file among them is named and costs only itself, and a
    // second report for a task of an earlier slice is still refused.
    void aFolderLargerThanASliceImportsWhole()
    {
        RubricateTest::ScratchProject project(u"slices.rubricate"_s);
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        constexpr int reports = int(ReportSlice) * 2 + 1;
        const auto id = [](int i) {
            return u"2101.%1"_s.arg(i, 5, 10, QChar(u'0'));
        };
        QByteArray tasks;
        for (int i = 1; i <= reports + 1; ++i)
            tasks
                += u"{\"arxiv_id\": \"%1\", \"title\": \"Survey %1\", \"prompt\": \"Write it.\"}\n"_s
                       .arg(id(i))
                       .toUtf8();
        const QString taskFile = project.filePath(u"ReportBench_v1.1.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(taskFile, tasks));
        QCOMPARE(runImport(project.store(), ImportKind::ReportBench, taskFile).errorCount(), 0);

        const QString dir = project.filePath(u"many"_s);
        const int damaged = int(ReportSlice) / 2;
        const auto text = [&](int i) {
            return u"report %1 "_s.arg(id(i)).repeated(8);
        };
        for (int i = 1; i <= reports + 1; ++i) {
            const QByteArray json = i == damaged
                ? QByteArray("{\"response\": \"cut off")
                : u"{\"response\": \"%1\"}"_s.arg(text(i)).toUtf8();
            QVERIFY(RubricateTest::writeFile(dir + u"/%1.json"_s.arg(id(i)), json));
        }
        QVERIFY(RubricateTest::writeFile(dir + u"/zz_%1.json"_s.arg(id(1)),
                                         u"{\"response\": \"%1\"}"_s.arg(text(1)).toUtf8()));

        const ImportSummary s = runImport(project.store(), ImportKind::ReportBenchReports, dir);
        QCOMPARE(s.added.value(u"reports"_s), reports);
        QCOMPARE(s.errorCount(), 2);
        const QString messages = s.toText();
        QVERIFY2(messages.contains(u"%1.json: error: "_s.arg(id(damaged))), qPrintable(messages));
        QVERIFY2(messages.contains(u"zz_%1.json: error: a second report for %1"_s.arg(id(1))),
                 qPrintable(messages));
        for (int i = 1; i <= reports + 1; ++i) {
            const QString stored
                = u"SELECT count(*) FROM report r JOIN task t ON t.id = r.task_id"
                  " WHERE t.external_id = '%1' AND r.text = '%2'"_s.arg(id(i), text(i));
            QCOMPARE(project.scalar(stored), i == damaged ? 0 : 1);
        }
    }
};

QTEST_GUILESS_MAIN(TestReportBenchImport)
#include "tst_reportbenchimport.moc"
