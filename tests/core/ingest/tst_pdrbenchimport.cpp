// PDR-Bench: personas, queries (task x persona x setting), generated criteria, outputs.
// The official data is not staged here, so the files are written in its published shape.
#include "ingest/importer.h"
#include "pdrfixtures.h"
#include "scratchproject.h"
#include "store/projectstore.h"
#include "testfiles.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestPdrBenchImport : public QObject
{
    Q_OBJECT

    RubricateTest::ScratchProject m_project;
    ProjectStore *m_store = nullptr;

    int scalar(const QString &sql) { return m_project.scalar(sql); }

    void writeDataFolder(const QString &root) { QVERIFY(RubricateTest::writePdrDataFolder(root)); }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_project.isOpen(), qPrintable(m_project.error()));
        m_store = &m_project.store();
    }

    void importsAFolder()
    {
        const QString root = m_project.filePath(u"data"_s);
        writeDataFolder(root);
        const ImportSummary s = runImport(*m_store, ImportKind::PdrFolder, root);
        QCOMPARE(s.added.value(u"personas"_s), 2);
        QCOMPARE(s.added.value(u"queries"_s), 3);
        QCOMPARE(s.added.value(u"tasks"_s), 2); // queries 1 and 2 share their task
        QCOMPARE(s.added.value(u"rubrics"_s), 5);
        QCOMPARE(s.added.value(u"reports"_s), 2);
        // id 99 has no query; the truncated article line; both named with file and line.
        QCOMPARE(s.errorCount(), 2);
        const auto hasIssue = [&](const QString &file, int line) {
            return std::any_of(s.issues.cbegin(), s.issues.cend(), [&](const ImportIssue &i) {
                return i.file == file && i.line == line;
            });
        };
        QVERIFY(hasIssue(u"criteria_en.jsonl"_s, 3));
        QVERIFY(hasIssue(u"ModelX.jsonl"_s, 4));
        QVERIFY(hasIssue(u"ModelX.jsonl"_s, 3)); // unknown query id 42: a warning
        QVERIFY(hasIssue(u"criteria_en.jsonl"_s, 2)); // weights summing to 0.9

        // Unknown persona fields are kept.
        const auto bench = m_store->catalog().benchmark(u"pdrbench"_s);
        QVERIFY(bench);
        QCOMPARE(bench->scale, VerdictScale::ZeroToTen);
        const auto tom
            = m_store->catalog().persona(*m_store->catalog().personaId(bench->id, u"u02"_s));
        QVERIFY(tom->attributes.value(u"new_field_nobody_documented"_s).toBool());
        QCOMPARE(tom->name, u"Tom"_s);

        // Queries link task, persona and information setting.
        const auto q3 = m_store->catalog().query(*m_store->catalog().queryId(bench->id, u"3"_s));
        QCOMPARE(q3->setting, u"task_context"_s);
        QCOMPARE(m_store->catalog().persona(*q3->personaId)->externalId, u"u01"_s);
        const auto q1 = m_store->catalog().query(*m_store->catalog().queryId(bench->id, u"1"_s));
        const auto q2 = m_store->catalog().query(*m_store->catalog().queryId(bench->id, u"2"_s));
        QCOMPARE(q1->taskId, q2->taskId);
        QCOMPARE(q1->setting, u"task_persona"_s);

        // Criteria belong to their query, with dimension and sub-criterion weights.
        const QList<Rubric> c1 = m_store->catalog().rubrics(q1->taskId, q1->id);
        QCOMPARE(c1.size(), 4);
        const Rubric &first = c1.constFirst();
        QCOMPARE(first.dimension, u"goal_alignment"_s);
        QCOMPARE(first.weight, 0.6);
        QCOMPARE(first.dimensionWeight, std::optional<double>(0.3));
        QCOMPARE(first.scale, VerdictScale::ZeroToTen);
        QCOMPARE(first.metadata.value(u"family"_s).toString(), u"personalization"_s);
        QCOMPARE(scalar(u"SELECT count(*) FROM rubric WHERE query_id IS NOT NULL"_s), 5);

        // Reports attach to the query; the cleaned copy was not imported.
        const auto reports = m_store->reports().reportSummaries(u"pdrbench"_s).value();
        QCOMPARE(reports.size(), 2);
        QCOMPARE(reports.constFirst().queryExternalId, u"1"_s);
        QVERIFY(m_store->reports().report(reports.constFirst().id)->text.contains(u"nurse"_s));

        const ImportSummary again = runImport(*m_store, ImportKind::PdrFolder, root);
        QVERIFY(again.added.isEmpty());
        QVERIFY(again.updated.isEmpty());
    }

    // The reference ships criteria_gpt5.jsonl and criteria_gpt5_revise.jsonl: a revised line
    // is the query's whole set. Dropped criteria go, changed ones keep their place and are
    // marked edited, and the sub-weights sum to 1 again.
    void aRevisedCriteriaFileReplacesTheSet()
    {
        const QString revised = m_project.filePath(u"criteria_revise.jsonl"_s);
        const QByteArray line = QByteArray(RubricateTest::revisedCriteria) + '\n';
        QVERIFY(RubricateTest::writeFile(revised, line));
        const ImportSummary s = runImport(*m_store, ImportKind::PdrCriteria, revised);
        QCOMPARE(s.errorCount(), 0);
        const auto bench = m_store->catalog().benchmark(u"pdrbench"_s);
        const auto q1 = m_store->catalog().query(*m_store->catalog().queryId(bench->id, u"1"_s));
        const QList<Rubric> criteria = m_store->catalog().rubrics(q1->taskId, q1->id);
        QCOMPARE(criteria.size(), 3); // "Uses a table" (presentation_fit) is gone
        double goalWeights = 0;
        for (const Rubric &r : criteria) {
            QVERIFY(r.dimension != u"presentation_fit"_s);
            if (r.dimension == u"goal_alignment"_s)
                goalWeights += r.weight;
            if (r.text == u"Plans for months with fewer shifts"_s) {
                QCOMPARE(r.metadata.value(u"original_text"_s).toString(), u"Sets a savings goal"_s);
                QVERIFY(!r.metadata.value(u"criterion_edited_at"_s).toString().isEmpty());
            }
        }
        QCOMPARE(goalWeights, 1.0);
        QVERIFY(std::any_of(s.issues.cbegin(), s.issues.cend(), [](const ImportIssue &i) {
            return i.line == 1 && i.message.contains(u"1 earlier criteria not in this file"_s);
        }));
    }

    // A criterion somebody labelled is never deleted: a revision that drops it is refused for
    // that query, which keeps its criteria, and the file's other lines still apply.
    void aRevisionNeverDropsLabelledCriteria()
    {
        const auto bench = m_store->catalog().benchmark(u"pdrbench"_s);
        const auto q2 = m_store->catalog().query(*m_store->catalog().queryId(bench->id, u"2"_s));
        const QList<Rubric> before = m_store->catalog().rubrics(q2->taskId, q2->id);
        QCOMPARE(before.size(), 1);
        RowId report = 0;
        for (const ReportSummary &r : m_store->reports().reportSummaries(u"pdrbench"_s).value()) {
            if (r.queryExternalId == u"2"_s)
                report = r.id;
        }
        QVERIFY(report);
        AnnotationEvent label;
        label.reportId = report;
        label.rubricId = before.constFirst().id;
        label.annotator = u"ana"_s;
        label.at = QDateTime::currentDateTimeUtc();
        label.value = 7;
        QVERIFY(m_store->annotations().appendAnnotation(label));

        const QString revised = m_project.filePath(u"criteria_revise2.jsonl"_s);
        const QByteArray line = QByteArray(RubricateTest::revisionDroppingALabel) + '\n';
        QVERIFY(RubricateTest::writeFile(revised, line));
        const ImportSummary s = runImport(*m_store, ImportKind::PdrCriteria, revised);
        QCOMPARE(s.errorCount(), 1);
        QVERIFY(s.issues.constFirst().message.contains(u"human labels"_s));
        QCOMPARE(m_store->catalog().rubrics(q2->taskId, q2->id).size(), 1);
    }

    // queries150_zh.jsonl and queries150_en.jsonl reuse their ids; reports name only the id,
    // so the second language is refused line by line instead of merged into the first.
    void aSecondLanguageWithTheSameIdsIsRefused()
    {
        const QString zh = m_project.filePath(u"queries_zh.jsonl"_s);
        const QByteArray line = QByteArray(RubricateTest::chineseQuery) + '\n';
        QVERIFY(RubricateTest::writeFile(zh, line));
        const ImportSummary s = runImport(*m_store, ImportKind::PdrQueries, zh);
        QCOMPARE(s.errorCount(), 1);
        QVERIFY(s.issues.constFirst().message.contains(u"import each language into its own"_s));
        const auto bench = m_store->catalog().benchmark(u"pdrbench"_s);
        QCOMPARE(m_store->catalog().query(*m_store->catalog().queryId(bench->id, u"1"_s))->language,
                 u"en"_s);

        const QString criteria = m_project.filePath(u"criteria_zh.jsonl"_s);
        const QByteArray criteriaLine = QByteArray(RubricateTest::chineseCriteria) + '\n';
        QVERIFY(RubricateTest::writeFile(criteria, criteriaLine));
        const ImportSummary c = runImport(*m_store, ImportKind::PdrCriteria, criteria);
        QCOMPARE(c.errorCount(), 1);
        const auto q1 = m_store->catalog().query(*m_store->catalog().queryId(bench->id, u"1"_s));
        QCOMPARE(m_store->catalog().rubrics(q1->taskId, q1->id).size(), 3);
    }
};

QTEST_GUILESS_MAIN(TestPdrBenchImport)
#include "tst_pdrbenchimport.moc"
