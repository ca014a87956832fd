// ResearchRubrics: the staged processed_data.jsonl and agent responses.
#include "ingest/importer.h"
#include "scratchproject.h"
#include "shareddata.h"
#include "store/projectstore.h"
#include "testfiles.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestResearchRubricsImport : public QObject
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

    void importsPromptsAndCriteria()
    {
        RUBRICATE_REQUIRE_SHARED(path, "researchrubrics/processed_data.jsonl");
        const ImportSummary s = runImport(*m_store, ImportKind::ResearchRubrics, path);
        QCOMPARE(s.errorCount(), 0);
        QCOMPARE(s.added.value(u"tasks"_s), 101);
        QCOMPARE(s.added.value(u"rubrics"_s), 2593);

        QCOMPARE(scalar(u"SELECT count(*) FROM rubric WHERE weight < 0"_s), 318);
        QCOMPARE(scalar(u"SELECT count(*) FROM rubric WHERE weight = 0"_s), 1);
        QCOMPARE(scalar(u"SELECT count(*) FROM rubric WHERE dimension = 'Implicit Criteria'"_s),
                 1021);
        QCOMPARE(scalar(u"SELECT count(*) FROM rubric WHERE dimension = 'Explicit Criteria'"_s),
                 717);
        QCOMPARE(scalar(u"SELECT count(*) FROM rubric WHERE scale = 'ternary'"_s), 2593);
        QCOMPARE(scalar(u"SELECT count(DISTINCT task_id) FROM rubric WHERE weight < 0"_s), 99);
        QCOMPARE(scalar(u"SELECT count(*) FROM task WHERE complexity_breadth = 'Moderate'"_s), 52);
        QCOMPARE(scalar(u"SELECT count(*) FROM task WHERE complexity_nesting = 'Deep'"_s), 36);
        QCOMPARE(scalar(u"SELECT count(*) FROM task WHERE complexity_exploration = 'High'"_s), 17);
        QCOMPARE(scalar(u"SELECT count(*) FROM task WHERE theme = 'AI & ML'"_s), 17);
        // The one prompt that lists a criterion twice, under two axes, keeps both.
        QCOMPARE(scalar(u"SELECT count(*) FROM rubric WHERE duplicate_of IS NOT NULL"_s), 1);
        QCOMPARE(scalar(u"SELECT count(*) FROM rubric r JOIN task t ON t.id = r.task_id"
                        " WHERE t.external_id = '6847465956a0f6376a60547e'"
                        " AND r.duplicate_of IS NOT NULL"_s),
                 1);
        // Criteria with line breaks survive intact.
        QCOMPARE(scalar(u"SELECT count(*) FROM rubric WHERE text LIKE '%\n%'"_s), 85);

        const ImportSummary again = runImport(*m_store, ImportKind::ResearchRubrics, path);
        QCOMPARE(again.unchanged.value(u"rubrics"_s), 2593);
        QVERIFY(again.added.isEmpty() && again.updated.isEmpty());
    }

    void importsResponsesBySampleId()
    {
        if (!m_store->catalog().benchmark(u"researchrubrics"_s))
            QSKIP("needs the criteria file");
        const QString dir = m_project.filePath(u"agent_responses"_s);
        QVERIFY(RubricateTest::writeFile(dir + u"/683a58c9a7e7fe4e7695846f.md"_s,
                                         "# Report\n\nAn answer with **Markdown**.\n"));
        QVERIFY(RubricateTest::writeFile(dir + u"/6847465956a0f6376a605355.md"_s,
                                         "# Drug discovery\n\nAI in target identification.\n"));
        QVERIFY(RubricateTest::writeFile(dir + u"/000000000000000000000000.md"_s, "unknown"));
        ImportOptions o;
        o.model = u"GeminiDR"_s;
        const ImportSummary s = runImport(*m_store, ImportKind::ResearchRubricsReports, dir, o);
        QCOMPARE(s.added.value(u"reports"_s), 2);
        QCOMPARE(s.warningCount(), 1); // the unknown sample id, named in the message
        QVERIFY(s.issues.constFirst().message.contains(u"000000000000000000000000"_s));
        QCOMPARE(m_store->reports().reportSummaries(u"researchrubrics"_s).value().size(), 2);
        QCOMPARE(
            m_store->reports().reportSummaries(u"researchrubrics"_s).value().constFirst().model,
            u"GeminiDR"_s);
    }
};

QTEST_GUILESS_MAIN(TestResearchRubricsImport)
#include "tst_researchrubricsimport.moc"
