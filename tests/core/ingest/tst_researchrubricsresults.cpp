// ResearchRubrics' reference judge output read back as a run: the score field is the value,
// a failed line is an error and never 0, repeated criteria are matched in order, and the
// batch files of several agents join one named run.
#include "ingest/importer.h"
#include "scratchproject.h"
#include "store/projectstore.h"
#include "testfiles.h"

#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

const char prompts[]
    = R"({"prompt": "Plan a day out.", "sample_id": "s1", "domain": "Other", "conceptual_breadth": "Simple", "logical_nesting": "Simple", "exploration": "Low", "rubrics": [{"criterion": "Gives times.", "weight": 3.0, "axis": "Explicit Criteria"}, {"criterion": "Gives costs.", "weight": 2.0, "axis": "Explicit Criteria"}, {"criterion": "Gives costs.", "weight": 1.0, "axis": "Implicit Criteria"}, {"criterion": "Recommends driving.", "weight": -2.0, "axis": "Instruction Following"}]}
)";

QByteArray line(const char *criterion, const char *verdict, double score, bool success = true)
{
    return u"{\"sample_id\": \"s1\", \"rubric_title\": \"%1\", \"verdict\": \"%2\", \"score\": %3, "
           "\"confidence\": 1.0, \"reasoning\": \"r\", \"success\": %4, \"weight\": 1.0}\n"_s
               .arg(QLatin1StringView(criterion), QLatin1StringView(verdict))
               .arg(score)
               .arg(success ? u"true"_s : u"false"_s)
               .toUtf8();
}

} // namespace

class TestResearchRubricsResults : public QObject
{
    Q_OBJECT

    RubricateTest::ScratchProject m_project;

    QString write(const QString &name, const QByteArray &bytes)
    {
        const QString path = m_project.filePath(name);
        return RubricateTest::writeFile(path, bytes) ? path : QString();
    }

    ImportSummary importFile(const QString &path, const QString &model, const QString &run = {})
    {
        ImportOptions o;
        o.model = model;
        o.runName = run;
        return runImport(m_project.store(), ImportKind::ResearchRubricsResults, path, o);
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_project.isOpen(), qPrintable(m_project.error()));
        ProjectStore &store = m_project.store();
        QCOMPARE(
            runImport(store, ImportKind::ResearchRubrics, write(u"processed_data.jsonl"_s, prompts))
                .errorCount(),
            0);
        for (const QString &agent : {u"A"_s, u"B"_s}) {
            ImportOptions o;
            o.model = agent;
            QVERIFY(RubricateTest::writeFile(m_project.filePath(agent + u"/s1.md"_s),
                                             "# Day out\nTimes and costs."));
            QCOMPARE(
                runImport(store, ImportKind::ResearchRubricsReports, m_project.filePath(agent), o)
                    .errorCount(),
                0);
        }
    }

    void needsToKnowTheModelWhenTwoHaveReports()
    {
        const QString path
            = write(u"batch_evaluation_x.jsonl"_s, line("Gives times.", "Satisfied", 1));
        const ImportSummary s = importFile(path, {});
        QVERIFY(s.errorCount() > 0);
        QVERIFY2(s.toText().contains(u"name the model"_s), qPrintable(s.toText()));
        QCOMPARE(m_project.scalar(u"SELECT count(*) FROM judge_run"_s), 0); // rolled back
        QVERIFY(importFile(path, u"nobody"_s).toText().contains(u"no reports of model"_s));
    }

    void readsScoresErrorsAndRepeats()
    {
        const QByteArray a = line("Gives times.", "Satisfied", 1.0)
            + line("Gives costs.", "Partially Satisfied", 0.5) // the first "Gives costs."
            + line("Gives costs.", "Error", 0.0, false) // the second: an error, not 0
            + line("Recommends driving.", "Not Satisfied", 1.0) // score wins, with a warning
            + line("Not in the prompt.", "Satisfied", 1.0) + "{broken\n";
        const ImportSummary s
            = importFile(write(u"batch_evaluation_a.jsonl"_s, a), u"A"_s, u"reference"_s);
        QCOMPARE(s.added.value(u"runs"_s), 1);
        QCOMPARE(s.added.value(u"verdicts"_s), 4);
        QCOMPARE(s.errorCount(), 1); // the broken line, named with its line number
        QVERIFY2(s.toText().contains(u"batch_evaluation_a.jsonl:6"_s), qPrintable(s.toText()));
        QVERIFY(s.toText().contains(u"criterion not in the prompt"_s));
        QVERIFY(s.toText().contains(u"the score is kept"_s));

        QCOMPARE(m_project.scalar(u"SELECT count(*) FROM verdict WHERE value IS NULL AND error "
                                  "<> ''"_s),
                 1);
        // Repeated criterion texts are matched in order: the first copy got 0.5.
        QCOMPARE(m_project.scalar(u"SELECT count(*) FROM verdict v JOIN rubric r ON r.id = "
                                  "v.rubric_id WHERE r.text = 'Gives costs.' AND r.weight = 2 AND "
                                  "v.value = 0.5"_s),
                 1);
        QCOMPARE(m_project.scalar(u"SELECT count(*) FROM verdict v JOIN rubric r ON r.id = "
                                  "v.rubric_id WHERE r.weight < 0 AND v.value = 1"_s),
                 1);
    }

    void secondAgentJoinsTheNamedRun()
    {
        const QByteArray b = line("Gives times.", "Not Satisfied", 0.0);
        const QString path = write(u"batch_evaluation_b.jsonl"_s, b);
        const ImportSummary s = importFile(path, u"B"_s, u"reference"_s);
        QCOMPARE(s.errorCount(), 0);
        QCOMPARE(s.added.value(u"runs"_s), 0);
        QCOMPARE(m_project.scalar(u"SELECT count(*) FROM judge_run"_s), 1);
        QCOMPARE(m_project.scalar(u"SELECT count(DISTINCT report_id) FROM verdict"_s), 2);
        // Importing the same file again changes nothing.
        const ImportSummary again = importFile(path, u"B"_s, u"reference"_s);
        QCOMPARE(again.added.value(u"verdicts"_s), 0);
        QCOMPARE(again.unchanged.value(u"verdicts"_s), 1);
    }

    // The reference writes "success" as true or false; a line that cannot say its judge
    // succeeded is stored as an error, never as the score beside it.
    void aSuccessThatIsNotTrueOrFalseIsAnError()
    {
        const QByteArray bad
            = R"({"sample_id": "s1", "rubric_title": "Gives times.", "verdict": "", "score": 0.0, "success": null})"
              "\n";
        const ImportSummary s
            = importFile(write(u"batch_evaluation_null.jsonl"_s, bad), u"A"_s, u"null-success"_s);
        QCOMPARE(s.added.value(u"verdicts"_s), 1);
        QVERIFY2(s.toText().contains(u"\"success\" is null, not true or false — stored as an "
                                     "error, not as 0"_s),
                 qPrintable(s.toText()));
        QCOMPARE(m_project.scalar(u"SELECT count(*) FROM verdict v JOIN judge_run r ON r.id ="
                                  " v.run_id WHERE r.name = 'null-success' AND v.value IS NULL"_s),
                 1);
    }
};

QTEST_GUILESS_MAIN(TestResearchRubricsResults)
#include "tst_researchrubricsresults.moc"
