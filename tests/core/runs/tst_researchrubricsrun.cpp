// ResearchRubrics end to end: the real criteria imported, reports judged by the simulated
// judge through the researchrubrics scheme (one criterion per call and in batches), verdicts
// with located evidence, and compliance read back from the project equal to the value
// computed here from the file's weights and the simulator's known answers.
#include "ingest/importer.h"
#include "judge/judgesimulator.h"
#include "readers/leaderboardproject.h"
#include "readers/researchrubricsproject.h"
#include "researchrubricsdata.h"
#include "runs/runcontroller.h"
#include "runs/runplanner.h"
#include "scratchproject.h"
#include "shareddata.h"
#include "testfiles.h"

#include <QFileInfo>
#include <QJsonArray>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

// The simulator's label for a criterion, as a ternary value: -1 is "Partially Satisfied".
double simulatedValue(const QString &criterion)
{
    const int s = JudgeSimulator::expectedScore(criterion);
    return s == 1 ? 1.0 : s == 0 ? 0.0 : 0.5;
}

} // namespace

class TestResearchRubricsRun : public QObject
{
    Q_OBJECT

    RubricateTest::ScratchProject m_project;
    JudgeSimulator m_judge;
    QList<QJsonObject> m_judged; // the prompts that got a report

    JudgeConfig config(int batchSize)
    {
        JudgeConfig c;
        c.provider = ProviderKind::OpenAiCompatible;
        c.baseUrl = m_judge.baseUrl();
        c.model = u"sim-judge"_s;
        c.scheme = u"researchrubrics"_s;
        c.batchSize = batchSize;
        c.concurrency = 4;
        c.backoffBaseMs = 20;
        c.backoffMaxMs = 100;
        c.timeoutMs = 5000;
        return c;
    }

    RowId judge(const JudgeConfig &c)
    {
        RunScope scope;
        scope.benchmarkKey = u"researchrubrics"_s;
        const auto planned = planRun(m_project.store(), c, scope, {});
        if (!planned) {
            qWarning() << planned.errorMessage();
            return 0;
        }
        RunController controller(m_project.store().path());
        QSignalSpy done(&controller, &RunController::finished);
        if (const auto started = controller.start(planned->runId); !started) {
            qWarning() << started.errorMessage();
            return 0;
        }
        if (!done.wait(60000) && done.isEmpty())
            return 0;
        return done.constFirst().constFirst().toString() == "finished"_L1 ? planned->runId : 0;
    }

    void checkRun(RowId runId)
    {
        const auto rows = readResearchRubricsRun(m_project.store(), runId);
        QVERIFY2(rows, qPrintable(rows.errorMessage()));
        const QList<RrReportScore> reports = scoreResearchRubrics(rows->items);
        QCOMPARE(reports.size(), m_judged.size());
        int criteria = 0;
        for (const QJsonObject &p : std::as_const(m_judged)) {
            double numerator = 0, positive = 0;
            const QJsonArray rubrics = p.value(u"rubrics"_s).toArray();
            for (const QJsonValue c : rubrics) {
                const double w = c.toObject().value(u"weight"_s).toDouble();
                numerator += w * simulatedValue(c.toObject().value(u"criterion"_s).toString());
                positive += qMax(0.0, w);
            }
            criteria += int(rubrics.size());
            const QString id = p.value(u"sample_id"_s).toString();
            const auto r = std::find_if(reports.cbegin(), reports.cend(),
                                        [&](const RrReportScore &s) { return s.sampleId == id; });
            QVERIFY(r != reports.cend());
            QCOMPARE(r->total.criteria, int(rubrics.size()));
            QCOMPARE(r->total.errors, 0);
            QVERIFY(qFuzzyCompare(*r->total.compliance, numerator / positive));
        }
        QCOMPARE(rows->resultLines.size(), criteria);
        // The reference's own line: keys in its order, floats as Python writes them.
        QVERIFY(rows->resultLines.constFirst().startsWith("{\"sample_id\": \""));
        QVERIFY(rows->resultLines.constFirst().contains("\"weight\": "));

        // The leaderboard of the run: each model's mean report compliance, and the
        // reference's files for it.
        const auto board = readLeaderboard(m_project.store(), u"researchrubrics"_s, runId);
        QVERIFY2(board, qPrintable(board.errorMessage()));
        QVERIFY(!board->rows.isEmpty());
        for (const LeaderboardRow &row : board->rows) {
            double sum = 0;
            int n = 0;
            for (const RrReportScore &r : reports) {
                if (r.model == row.model && r.total.compliance) {
                    sum += *r.total.compliance;
                    ++n;
                }
            }
            QCOMPARE(row.n, n);
            QVERIFY(qFuzzyCompare(*board->value(row.model, u"compliance"_s), sum / n));
        }
        QTemporaryDir out;
        QStringList files;
        const auto exported = exportLeaderboardFiles(m_project.store(), u"researchrubrics"_s, runId,
                                                     out.path(), &files);
        QVERIFY2(exported, qPrintable(exported.errorMessage()));
        QCOMPARE(files.size(), 3);
        for (const QString &f : std::as_const(files))
            QVERIFY2(QFileInfo(f).size() > 0, qPrintable(f));
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_project.isOpen(), qPrintable(m_project.error()));
        QVERIFY(m_judge.listen());
        RUBRICATE_REQUIRE_SHARED(path, "researchrubrics/processed_data.jsonl");
        const ImportSummary s = runImport(m_project.store(), ImportKind::ResearchRubrics, path);
        QCOMPARE(s.errorCount(), 0);
        const QList<QJsonObject> prompts = RubricateTest::readResearchRubrics(path);
        // The first prompt with a pitfall and two more.
        m_judged << RubricateTest::firstPromptWithPitfall(prompts);
        for (const QJsonObject &p : prompts) {
            if (m_judged.size() < 3 && !m_judged.contains(p))
                m_judged << p;
        }
        const QString dir = m_project.filePath(u"agent_responses"_s);
        for (const QJsonObject &p : std::as_const(m_judged)) {
            QByteArray report = "# Report\n\n" + p.value(u"prompt"_s).toString().toUtf8() + "\n\n";
            for (int i = 0; i < 30; ++i)
                report += "Paragraph " + QByteArray::number(i)
                    + " discusses the findings, the sources and the caveats in some detail. ";
            QVERIFY(RubricateTest::writeFile(
                dir + u"/%1.md"_s.arg(p.value(u"sample_id"_s).toString()), report));
        }
        ImportOptions o;
        o.model = u"AgentX"_s;
        const ImportSummary r
            = runImport(m_project.store(), ImportKind::ResearchRubricsReports, dir, o);
        QCOMPARE(r.added.value(u"reports"_s), 3);
    }

    void drb2SchemeIsRefused()
    {
        JudgeConfig c = config(10);
        c.scheme = u"drb2"_s;
        RunScope scope;
        scope.benchmarkKey = u"researchrubrics"_s;
        const auto refused = planRun(m_project.store(), c, scope, {});
        QVERIFY(!refused);
        QVERIFY(refused.errorMessage().contains(u"researchrubrics"_s));
    }

    void oneCriterionPerCall()
    {
        m_judge.resetCounters();
        const RowId run = judge(config(1));
        QVERIFY(run > 0);
        int criteria = 0;
        for (const QJsonObject &p : std::as_const(m_judged))
            criteria += int(p.value(u"rubrics"_s).toArray().size());
        QCOMPARE(m_judge.requestCount(), criteria);
        checkRun(run);
        // Evidence quotes are kept and located in the report.
        int located = 0, withEvidence = 0;
        for (const ReportSummary &s :
             m_project.store().reports().reportSummaries(u"researchrubrics"_s).value()) {
            for (const Verdict &v : m_project.store().runs().verdicts(run, s.id).value()) {
                QVERIFY(v.value.has_value());
                if (v.evidence.isEmpty())
                    continue;
                ++withEvidence;
                located += v.evidenceStatus == "located"_L1 ? 1 : 0;
                QVERIFY(!v.raw.contains(u"evidence_quotes"_s)); // stored once, as evidence
            }
        }
        QVERIFY(withEvidence > 0);
        QCOMPARE(located, withEvidence);
    }

    void batchedWithBrokenRepliesAndRewording()
    {
        SimulatorBehaviour b;
        b.reword = true;
        b.fenced = true;
        b.truncatedTimes = 1; // every first answer cut in half: repaired, the rest asked again
        m_judge.setBehaviour(b);
        const RowId run = judge(config(8));
        m_judge.setBehaviour({});
        QVERIFY(run > 0);
        checkRun(run);
    }
};

QTEST_GUILESS_MAIN(TestResearchRubricsRun)
#include "tst_researchrubricsrun.moc"
