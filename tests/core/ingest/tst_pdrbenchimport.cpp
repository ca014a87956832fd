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

    // Imports `text` as a file of `kind` into `project` (an empty summary when unwritable).
    static ImportSummary importText(RubricateTest::ScratchProject &project, ImportKind kind,
                                    const QString &fileName, const QByteArray &text)
    {
        const QString path = project.filePath(fileName);
        return RubricateTest::writeFile(path, text) ? runImport(project.store(), kind, path)
                                                    : ImportSummary{};
    }

    // Whether the issue of `severity` at `line` says `needle`.
    static bool says(const ImportSummary &s, int line, const QString &needle,
                     ImportIssue::Severity severity = ImportIssue::Severity::Error)
    {
        return std::any_of(s.issues.cbegin(), s.issues.cend(), [&](const ImportIssue &i) {
            return i.line == line && i.severity == severity && i.message.contains(needle);
        });
    }

    // Whether the only error of `s` is at `line` and says `needle`.
    static bool onlyErrorSays(const ImportSummary &s, int line, const QString &needle)
    {
        return s.errorCount() == 1 && says(s, line, needle);
    }

    // A project holding the personas and queries of the shared fixture.
    static bool importPersonasAndQueries(RubricateTest::ScratchProject &project)
    {
        return importText(project, ImportKind::PdrPersonas, u"personas.jsonl"_s, fixture0)
                   .errorCount()
            == 0
            && importText(project, ImportKind::PdrQueries, u"queries.jsonl"_s, fixture1)
                   .errorCount()
            == 0;
    }

    static std::optional<Query> queryOf(ProjectStore &store, const QString &externalId)
    {
        const auto bench = store.catalog().benchmark(u"pdrbench"_s);
        const auto id = bench ? store.catalog().queryId(bench->id, externalId) : std::nullopt;
        return id ? store.catalog().query(*id) : std::nullopt;
    }

    static QList<Rubric> criteriaOf(ProjectStore &store, const QString &queryExternalId)
    {
        const auto query = queryOf(store, queryExternalId);
        return query ? store.catalog().rubrics(query->taskId, query->id) : QList<Rubric>{};
    }

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
    // Qt reads every JSON number as a double: 3.7 was cut to 3 and named query 3, so a line
    // meant for another record replaced it. Each such line is an error, and only that line.
    void fractionalIdsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("id");
        QTest::newRow("3.7") << QByteArray("3.7");
        QTest::newRow("3.0, which Qt reads as 3") << QByteArray("3.0");
        QTest::newRow("3e0") << QByteArray("3e0");
        QTest::newRow("beyond a double's integers") << QByteArray("36028797018963971");
    }

    void fractionalIdsAreRefused()
    {
        QFETCH(QByteArray, id);
        RubricateTest::ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        QVERIFY(importPersonasAndQueries(project));
        ProjectStore &store = project.store();
        const QString mustBeInteger = u"\"id\" must be an integer"_s;

        const QByteArray queries = R"({"id": 4, "task": "Choose a school.", "language": "en"}
{"id": )" + id
            + R"(, "task": "Sell the car.", "language": "en"}
)";
        const ImportSummary q = importText(project, ImportKind::PdrQueries, u"q.jsonl"_s, queries);
        QVERIFY2(onlyErrorSays(q, 2, mustBeInteger), qPrintable(q.toText()));
        QCOMPARE(q.added.value(u"queries"_s), 1);
        QCOMPARE(queryOf(store, u"3"_s)->text, u"Compare two health insurance plans."_s);

        const QByteArray articles = R"({"id": )" + id + R"(, "article": "meant for another query"}
{"id": 1, "article": "# Budget"}
)";
        const ImportSummary r = importText(project, ImportKind::PdrReports, u"M.jsonl"_s, articles);
        QVERIFY2(onlyErrorSays(r, 1, mustBeInteger), qPrintable(r.toText()));
        const auto reports = store.reports().reportSummaries(u"pdrbench"_s).value();
        QCOMPARE(reports.size(), 1);
        QCOMPARE(reports.constFirst().queryExternalId, u"1"_s);

        const QByteArray persona = R"({"userid": )" + id + R"(, "name": "Ann"})";
        const ImportSummary p = importText(project, ImportKind::PdrPersonas, u"p.jsonl"_s, persona);
        QVERIFY2(onlyErrorSays(p, 1, u"must be an integer"_s), qPrintable(p.toText()));
        QVERIFY(p.added.isEmpty());
    }

    // A second line with an id the file already gave would overwrite the first record. It is
    // an error naming both lines, the first is kept; a line repeating the first exactly loses
    // nothing and is skipped with a warning.
    void repeatedIdsKeepTheFirstLine()
    {
        RubricateTest::ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        ProjectStore &store = project.store();
        const QByteArray mei = R"({"userid": "u01", "name": "Mei"})";
        const QByteArray personas = mei + '\n' + mei + '\n' + R"({"userid": "u01", "name": "Max"}
{"userid": "u02", "name": "Tom"}
)";
        const ImportSummary p
            = importText(project, ImportKind::PdrPersonas, u"p.jsonl"_s, personas);
        QVERIFY2(onlyErrorSays(p, 3, u"repeats line 1"_s), qPrintable(p.toText()));
        QVERIFY(says(p, 2, u"exactly"_s, ImportIssue::Severity::Warning));
        QCOMPARE(p.added.value(u"personas"_s), 2);
        const auto bench = store.catalog().benchmark(u"pdrbench"_s);
        QCOMPARE(store.catalog().persona(*store.catalog().personaId(bench->id, u"u01"_s))->name,
                 u"Mei"_s);

        const QByteArray queries = R"({"id": 1, "task": "Plan a budget.", "language": "en"}
{"id": 1, "task": "Plan a wedding.", "language": "en"}
{"id": 2, "task_id": "T", "task": "Plan a trip.", "language": "en"}
{"id": 3, "task_id": "T", "task": "Plan a move.", "language": "en"}
)";
        const ImportSummary q = importText(project, ImportKind::PdrQueries, u"q.jsonl"_s, queries);
        QCOMPARE(q.errorCount(), 2);
        QVERIFY2(says(q, 2, u"repeats line 1"_s) && says(q, 4, u"on line 3"_s),
                 qPrintable(q.toText()));
        QCOMPARE(queryOf(store, u"1"_s)->text, u"Plan a budget."_s);
        QVERIFY(!queryOf(store, u"3"_s));
        QCOMPARE(store.catalog().task(queryOf(store, u"2"_s)->taskId)->prompt, u"Plan a trip."_s);

        const QByteArray criteria
            = R"({"id": 1, "quality_weights": {"depth_insight": 1.0}, "quality_criterions": {"depth_insight": [{"criterion": "Deep", "weight": 1.0}]}}
{"id": 1, "quality_weights": {"depth_insight": 1.0}, "quality_criterions": {"depth_insight": [{"criterion": "Shallow", "weight": 1.0}]}}
)";
        const ImportSummary c
            = importText(project, ImportKind::PdrCriteria, u"c.jsonl"_s, criteria);
        QVERIFY2(onlyErrorSays(c, 2, u"repeats line 1"_s), qPrintable(c.toText()));
        const QList<Rubric> kept = criteriaOf(store, u"1"_s);
        QCOMPARE(kept.size(), 1);
        QCOMPARE(kept.constFirst().text, u"Deep"_s);
    }

    // A weight that is not a number was read as 0, which moves every score of the query. The
    // line is an error, the query keeps the criteria it had, and the other lines import.
    void wrongTypedWeightsAreRefused_data()
    {
        QTest::addColumn<QByteArray>("weight");
        QTest::addColumn<QByteArray>("dimensionWeight");
        QTest::newRow("string") << QByteArray(R"("weight": "0.5")") << QByteArray("1.0");
        QTest::newRow("object") << QByteArray(R"("weight": {"value": 0.5})") << QByteArray("1.0");
        QTest::newRow("null") << QByteArray(R"("weight": null)") << QByteArray("1.0");
        QTest::newRow("missing") << QByteArray(R"("explanation": "...")") << QByteArray("1.0");
        QTest::newRow("dimension weight a string")
            << QByteArray(R"("weight": 1.0)") << QByteArray(R"("1.0")");
    }

    void wrongTypedWeightsAreRefused()
    {
        QFETCH(QByteArray, weight);
        QFETCH(QByteArray, dimensionWeight);
        RubricateTest::ScratchProject project;
        QVERIFY2(project.isOpen(), qPrintable(project.error()));
        QVERIFY(importPersonasAndQueries(project));

        const QByteArray criteria = R"({"id": 1, "quality_weights": {"depth_insight": )"
            + dimensionWeight
            + R"(}, "quality_criterions": {"depth_insight": [{"criterion": "Deep", )" + weight
            + R"(}]}}
{"id": 2, "quality_weights": {"depth_insight": 1.0}, "quality_criterions": {"depth_insight": [{"criterion": "Clear", "weight": 1.0}]}}
)";
        const ImportSummary c
            = importText(project, ImportKind::PdrCriteria, u"c.jsonl"_s, criteria);
        QVERIFY2(onlyErrorSays(c, 1, u"not a number"_s), qPrintable(c.toText()));
        QVERIFY(criteriaOf(project.store(), u"1"_s).isEmpty());
        QCOMPARE(criteriaOf(project.store(), u"2"_s).size(), 1);
    }
};

QTEST_GUILESS_MAIN(TestPdrBenchImport)
#include "tst_pdrbenchimport.moc"
