// PDR-Bench end to end: the published-shape fixtures imported, judged with the pdrbench scheme
// through the fake judge server, and scored from the stored verdicts. The judge's answers are
// scripted so that every number below can be checked by hand.
#include "ingest/importer.h"
#include "judge/judgesimulator.h"
#include "judge/promptscheme.h"
#include "pdrfixtures.h"
#include "readers/leaderboardproject.h"
#include "readers/pdrproject.h"
#include "runs/runcontroller.h"
#include "runs/runplanner.h"
#include "scratchproject.h"
#include "testfiles.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestPdrRun : public QObject
{
    Q_OBJECT

    RubricateTest::ScratchProject m_project;
    JudgeSimulator m_judge;
    QStringList m_prompts;
    RowId m_runId = 0;

    // The fake judge server as an OpenAI-compatible judge `model`, retrying at once.
    JudgeConfig simulatorConfig(const QString &model) const
    {
        JudgeConfig c;
        c.provider = ProviderKind::OpenAiCompatible;
        c.baseUrl = m_judge.baseUrl();
        c.model = model;
        c.scheme = defaultSchemeFor(u"pdrbench"_s);
        c.backoffBaseMs = 10;
        c.backoffMaxMs = 20;
        return c;
    }

    QString readText(const QString &path)
    {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? QString::fromUtf8(f.readAll()) : QString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY2(m_project.isOpen(), qPrintable(m_project.error()));
        QVERIFY(m_judge.listen());
        const QString root = m_project.filePath(u"data"_s);
        using RubricateTest::writeFile;
        QVERIFY(writeFile(root + u"/persona_data/personas_en.jsonl"_s, QByteArray(fixture0)));
        QVERIFY(writeFile(root + u"/prompt_data/queries_en.jsonl"_s, QByteArray(fixture1)));
        QVERIFY(writeFile(root + u"/criteria_data/criteria_en.jsonl"_s, QByteArray(fixture2)));
        QVERIFY(writeFile(root + u"/test_data/raw_data/ModelX.jsonl"_s, QByteArray(fixture3)));
        const ImportSummary s = runImport(m_project.store(), ImportKind::PdrFolder, root);
        QCOMPARE(s.added.value(u"reports"_s), 2);
        QCOMPARE(s.added.value(u"rubrics"_s), 5);
    }

    void judgesWithThePdrScheme()
    {
        // Query 1 (Mei, u01): goal 8 and 5, presentation an unusable "ten", depth 6 (echoed
        // in lower case). Query 2 (Tom, u02): goal 9.
        SimulatorBehaviour b;
        b.script = [this](const QString &prompt, int) -> std::optional<QString> {
            m_prompts << prompt;
            if (prompt.contains(u"Addresses the nurse's shift income"_s))
                return u"{\"goal_alignment\": ["
                       "{\"criterion\": \"Addresses the nurse's shift income\", \"target_score\": "
                       "8},"
                       "{\"criterion\": \"Sets a savings goal\", \"target_score\": 5}],"
                       "\"presentation_fit\": [{\"criterion\": \"Uses a table\", "
                       "\"target_score\": \"ten\"}]}"_s;
            if (prompt.contains(u"Explains trade-offs"_s))
                return u"{\"depth_insight\": [{\"criterion\": \"explains trade-offs\", "
                       "\"target_score\": 6}]}"_s;
            if (prompt.contains(u"Plans for retirement income"_s))
                return u"{\"goal_alignment\": [{\"criterion\": \"Plans for retirement income\", "
                       "\"target_score\": 9}]}"_s;
            return std::nullopt;
        };
        m_judge.setBehaviour(b);

        JudgeConfig c = simulatorConfig(u"sim-judge"_s);
        c.maxAttempts = 2;
        RunScope scope;
        scope.benchmarkKey = u"pdrbench"_s;
        const auto planned = planRun(m_project.store(), c, scope, {});
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        // Query 1: personalization and quality; query 2: personalization only. Query 2 shares
        // query 1's task but not its criteria.
        QCOMPARE(planned->jobs, 3);
        QCOMPARE(planned->items, 5);
        m_runId = planned->runId;

        RunController controller(m_project.store().path());
        QSignalSpy done(&controller, &RunController::finished);
        const auto started = controller.start(m_runId);
        QVERIFY2(started, qPrintable(started.errorMessage()));
        QVERIFY(done.wait(60000) || !done.isEmpty());
        QCOMPARE(done.constFirst().constFirst().toString(), u"finished"_s);
        QCOMPARE(m_judge.requestCount(), 3);

        // The persona goes with personalization only, whatever the setting.
        for (const QString &p : std::as_const(m_prompts)) {
            const bool quality = p.contains(u"Explains trade-offs"_s);
            QCOMPARE(p.contains(u"<persona>"_s), !quality);
            if (p.contains(u"Plans for retirement income"_s)) {
                QVERIFY(p.contains(u"\"name\": \"Tom\""_s));
                QVERIFY(!p.contains(u"Addresses the nurse"_s));
            }
        }
        const RunTotals t = m_project.store().runs().runTotals(m_runId).value();
        QCOMPARE(t.verdicts, 5);
        QCOMPARE(t.verdictErrors, 1); // "ten" is an error, not a 0
    }

    void scoresByHand()
    {
        // The fixture's criteria cover some dimensions only, so their weights do not sum to 1:
        // the hand-worked numbers below divide by the weights present (--weights normalized);
        // the default, the reference's Σ W·avg, follows at the end.
        PdrScoringOptions normalized;
        normalized.weights = PdrWeightsPolicy::Normalized;
        const auto scores = scorePdrProject(m_project.store(), 0, normalized, std::nullopt);
        QVERIFY2(scores, qPrintable(scores.errorMessage()));
        QCOMPARE(scores->rows.runId, m_runId);
        QCOMPARE(scores->rows.items.size(), 5);
        QCOMPARE(scores->rows.errors, 1);
        QCOMPARE(scores->reports.size(), 2);
        // Query 1: goal (8·0.6 + 5·0.4) / 1 = 6.8; presentation has no usable score and is
        // left out, so P = 0.3·6.8 / 0.3 = 6.8; Q = depth 6. Query 2: P = 9, no Q.
        const PdrReportScore &q1 = scores->reports.at(0);
        QCOMPARE(q1.queryId, u"1"_s);
        QCOMPARE(q1.persona, u"u01"_s);
        QCOMPARE(q1.setting, u"task_persona"_s);
        QVERIFY(qAbs(*q1.personalization.score - 6.8) < 1e-12);
        QCOMPARE(q1.personalization.errors, 1);
        QCOMPARE(*q1.quality.score, 6.0);
        const PdrReportScore &q2 = scores->reports.at(1);
        QCOMPARE(*q2.personalization.score, 9.0);
        QVERIFY(!q2.quality.score);

        // ModelX: P = (6.8 + 9) / 2 = 7.9, Q = 6, overall = (7.9 + 6) / 2 = 6.95.
        const QList<PdrGroup> all = pdrGroups(scores->reports, PdrBreakdown::None);
        QCOMPARE(all.size(), 1);
        QVERIFY(qAbs(*all.at(0).p.mean - 7.9) < 1e-12);
        QCOMPARE(*all.at(0).q.mean, 6.0);
        QVERIFY(qAbs(*all.at(0).overall - 6.95) < 1e-12);
        QCOMPARE(all.at(0).criterionErrors, 1);
        // Per persona: u01 overall (6.8 + 6) / 2 = 6.4; u02 only P = 9.
        const QList<PdrGroup> persona = pdrGroups(scores->reports, PdrBreakdown::Persona);
        QCOMPARE(persona.size(), 2);
        QVERIFY(qAbs(*persona.at(0).overall - 6.4) < 1e-12);
        QCOMPARE(*persona.at(1).overall, 9.0);

        // The reference's reading: presentation with no score counts 0 for query 1, P =
        // 0.3·6.8 + 0.2·0 = 2.04; query 2 P = 0.5·9 = 4.5; Q = 0.4·6 = 2.4.
        PdrScoringOptions reference;
        reference.missing = PdrMissingPolicy::AsReference;
        const auto asReference
            = scorePdrProject(m_project.store(), m_runId, reference, std::nullopt);
        QVERIFY(asReference);
        QVERIFY(qAbs(*asReference->reports.at(0).personalization.score - 2.04) < 1e-12);
        QVERIFY(qAbs(*asReference->reports.at(1).personalization.score - 4.5) < 1e-12);
        QVERIFY(qAbs(*asReference->reports.at(0).quality.score - 2.4) < 1e-12);

        // R is scored from claims when they are given, and overall takes it in.
        QList<PdrClaimItem> claims;
        for (PdrClaimStatus status : {PdrClaimStatus::Supported, PdrClaimStatus::NotSupported,
                                      PdrClaimStatus::Uncited, PdrClaimStatus::Supported})
            claims.append({u"ModelX"_s, u"1"_s, u"u01"_s, u"task_persona"_s, status});
        const auto withR = scorePdrProject(m_project.store(), m_runId, normalized, claims);
        QVERIFY(withR && withR->withReliability);
        // FA = 10·2/3, CC = 10·3/4, R = (6.667 + 7.5) / 2 = 7.0833…; only query 1 has claims.
        const PdrGroup g = pdrGroups(withR->reports, PdrBreakdown::None).at(0);
        QVERIFY(qAbs(*g.r.mean - (20.0 / 3 + 7.5) / 2) < 1e-12);
        QCOMPARE(g.r.n, 1);
        QVERIFY(qAbs(*g.overall - (7.9 + 6 + (20.0 / 3 + 7.5) / 2) / 3) < 1e-12);

        // The default, the reference's Σ W·avg without dividing by Σ W: query 1 P = 0.3·6.8 =
        // 2.04 stands for goal and presentation (W 0.5 together), so 2.04 / 0.3 · 0.5 = 3.4;
        // query 2 P = 0.5·9 = 4.5; Q = 0.4·6 = 2.4. ModelX: P 3.95, overall 3.175.
        const auto byDefault = scorePdrProject(m_project.store(), m_runId, {}, std::nullopt);
        QVERIFY(byDefault);
        QVERIFY(qAbs(*byDefault->reports.at(0).personalization.score - 3.4) < 1e-12);
        QVERIFY(qAbs(*byDefault->reports.at(1).personalization.score - 4.5) < 1e-12);
        QVERIFY(qAbs(*byDefault->reports.at(0).quality.score - 2.4) < 1e-12);
        QVERIFY(qAbs(*pdrGroups(byDefault->reports, PdrBreakdown::None).at(0).overall - 3.175)
                < 1e-12);
    }

    void writesTheReferenceLayout()
    {
        PdrScoringOptions normalized; // the hand-worked numbers of scoresByHand
        normalized.weights = PdrWeightsPolicy::Normalized;
        const auto scores = scorePdrProject(m_project.store(), 0, normalized, std::nullopt);
        QVERIFY(scores);
        const QString dir = m_project.filePath(u"results"_s);
        QStringList files;
        const auto written = writePdrResults(*scores, dir, &files);
        QVERIFY2(written, qPrintable(written.errorMessage()));
        QCOMPARE(files.size(), 5); // 2 personalization, 2 quality, 1 overall
        const QString p = readText(dir + u"/personalization/ModelX/personalization_result.txt"_s);
        QVERIFY2(p.contains(u"goal_alignment_weighted_avg: 7.9000\n"_s), qPrintable(p));
        QVERIFY2(p.contains(u"P Overall Score: 7.9000\n"_s), qPrintable(p));
        QVERIFY(p.contains(u"Judge errors left out: 1\n"_s));
        const QString q = readText(dir + u"/quality/ModelX/quality_result.txt"_s);
        QVERIFY2(q.contains(u"Q Overall Score: 6.0000\n"_s), qPrintable(q));
        const QString o = readText(dir + u"/overall/ModelX/overall_result.txt"_s);
        QCOMPARE(o,
                 u"P Overall Score: 7.9000\nQ Overall Score: 6.0000\nR Overall Score: N/A\n"
                 "Final Overall Score: 6.9500\n"_s);
        const QStringList lines
            = readText(dir + u"/personalization/ModelX/personalization_results.jsonl"_s)
                  .split(u'\n', Qt::SkipEmptyParts);
        QCOMPARE(lines.size(), 2);
        const QJsonObject first = QJsonDocument::fromJson(lines.at(0).toUtf8()).object();
        QCOMPARE(first.value(u"id"_s).toInt(), 1);
        QCOMPARE(first.value(u"userid"_s).toString(), u"u01"_s);
        QVERIFY(qAbs(first.value(u"goal_alignment"_s).toDouble() - 6.8) < 1e-12);
        QVERIFY(first.value(u"presentation_fit"_s).isNull());
        QVERIFY(qAbs(first.value(u"score"_s).toDouble() - 6.8) < 1e-12);

        // Two models whose folders would be one: refused before a file is written.
        PdrProjectScores clash = *scores;
        QVERIFY(clash.reports.size() >= 2);
        clash.reports[0].model = u"team/x"_s;
        clash.reports[1].model = u"team_x"_s;
        QStringList clashed;
        const auto refused = writePdrResults(clash, m_project.filePath(u"clash"_s), &clashed);
        QVERIFY(!refused);
        QVERIFY2(refused.errorMessage().contains(u"share the results folder \"team_x\""_s),
                 qPrintable(refused.errorMessage()));
        QVERIFY(clashed.isEmpty());
        // A model named ".." writes inside the results folder, as any other.
        QCOMPARE(pdrModelFolder(u".."_s), u"_.."_s);
        QCOMPARE(pdrModelFolder(u"."_s), u"_."_s);
    }

    void leaderboard()
    {
        QVERIFY(leaderboardBenchmarkKeys().contains(u"pdrbench"_s));
        QVERIFY(projectLeaderboardBenchmarks(m_project.store()).contains(u"pdrbench"_s));
        const auto board = readLeaderboard(m_project.store(), u"pdrbench"_s, 0);
        QVERIFY2(board, qPrintable(board.errorMessage()));
        QCOMPARE(board->columns.at(board->headline).key, u"overall"_s);
        QCOMPARE(board->rows.size(), 1);
        QCOMPARE(board->rows.at(0).n, 2);
        // The reference's weighting by default (scoresByHand): P 3.95, Q 2.4, overall 3.175.
        QVERIFY(qAbs(*board->value(u"ModelX"_s, u"overall"_s) - 3.175) < 1e-12);
        QVERIFY(qAbs(*board->value(u"ModelX"_s, u"P"_s) - 3.95) < 1e-12);
        QVERIFY(qAbs(*board->value(u"ModelX"_s, u"Q"_s) - 2.4) < 1e-12);
        QVERIFY(qAbs(*board->value(u"ModelX"_s, u"dim:goal_alignment"_s) - 7.9) < 1e-12);
        QCOMPARE(*board->value(u"ModelX"_s, u"dim:depth_insight"_s), 6.0);
        // Presentation was judged, but its only criterion failed: no value, with the reason.
        const qsizetype presentation = board->columnIndex(u"dim:presentation_fit"_s);
        QVERIFY(presentation >= 0);
        QVERIFY(!board->rows.at(0).values.at(presentation).value);
        QVERIFY(!board->rows.at(0).values.at(presentation).note.isEmpty());
        QCOMPARE(board->columnIndex(u"R"_s), -1); // no claims, no R column
        QCOMPARE(board->columnIndex(u"dim:content_alignment"_s), -1); // never had criteria

        QStringList files;
        const QString dir = m_project.filePath(u"export"_s);
        const auto exported
            = exportLeaderboardFiles(m_project.store(), u"pdrbench"_s, 0, dir, &files);
        QVERIFY2(exported, qPrintable(exported.errorMessage()));
        QVERIFY(files.contains(dir + u"/results/overall/ModelX/overall_result.txt"_s));
    }

    void rerunFailedItems()
    {
        // The unusable "ten" is asked again alone; now the simulator answers it.
        const auto estimate = estimateRequeue(m_project.store(), m_runId);
        QVERIFY2(estimate, qPrintable(estimate.errorMessage()));
        QCOMPARE(estimate->jobs, 1);
        const auto requeued = requeueFailedItems(m_project.store(), m_runId, 50);
        QVERIFY2(requeued, qPrintable(requeued.errorMessage()));
        QCOMPARE(*requeued, 1);
        RunController controller(m_project.store().path());
        QSignalSpy done(&controller, &RunController::finished);
        const auto started = controller.start(m_runId);
        QVERIFY2(started, qPrintable(started.errorMessage()));
        QVERIFY(done.wait(60000) || !done.isEmpty());
        QCOMPARE(done.constFirst().constFirst().toString(), u"finished"_s);
        QCOMPARE(m_project.store().runs().runTotals(m_runId).value().verdictErrors, 0);

        const auto scores = scorePdrProject(m_project.store(), m_runId, {}, std::nullopt);
        QVERIFY(scores);
        QCOMPARE(scores->rows.errors, 0);
        // Query 1: P = 0.3·6.8 + 0.2·s with s the simulator's score for the table; every
        // dimension has a value now, so nothing is scaled.
        const double s = JudgeSimulator::expectedPdrScore(u"Uses a table"_s);
        QVERIFY(qAbs(*scores->reports.at(0).personalization.score - (0.3 * 6.8 + 0.2 * s)) < 1e-12);
    }

    // A reply that names one goal criterion so that it matches nothing asked ("Puts money aside
    // each month", 2) and leaves "Sets a savings goal" out; the run asks for it again (9). Goal
    // criteria weigh .6 and .4, so the unmatched item weighs their mean, .5. Query 1, W goal .3,
    // presentation .2 (6):
    //   reference (default): goal (8·.6 + 2·.5) / 1.1 = 5.2727…, the second answer left out;
    //                        P = .3·5.2727… + .2·6
    //   reask:               goal 8·.6 + 9·.4 = 8.4, the unmatched item dropped; P = .3·8.4 + .2·6
    void unmatchedCriterionReadBothWays()
    {
        SimulatorBehaviour b;
        int reasks = 0;
        b.script = [&reasks](const QString &prompt, int) -> std::optional<QString> {
            if (prompt.contains(u"Addresses the nurse's shift income"_s))
                return u"{\"goal_alignment\": ["
                       "{\"criterion\": \"Addresses the nurse's shift income\", "
                       "\"target_score\": 8},"
                       "{\"criterion\": \"Puts money aside each month\", \"target_score\": 2}],"
                       "\"presentation_fit\": [{\"criterion\": \"Uses a table\", "
                       "\"target_score\": 6}]}"_s;
            if (prompt.contains(u"Sets a savings goal"_s)) {
                ++reasks;
                return u"{\"goal_alignment\": [{\"criterion\": \"Sets a savings goal\", "
                       "\"target_score\": 9}]}"_s;
            }
            return std::nullopt; // the simulator's own answers for the rest
        };
        m_judge.setBehaviour(b);
        // A new judge: nothing is answered from the cache.
        const JudgeConfig c = simulatorConfig(u"sim-judge-unmatched"_s);
        RunScope scope;
        scope.benchmarkKey = u"pdrbench"_s;
        const auto planned = planRun(m_project.store(), c, scope, {});
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        RunController controller(m_project.store().path());
        QSignalSpy done(&controller, &RunController::finished);
        const auto started = controller.start(planned->runId);
        QVERIFY2(started, qPrintable(started.errorMessage()));
        QVERIFY(done.wait(60000) || !done.isEmpty());
        QCOMPARE(done.constFirst().constFirst().toString(), u"finished"_s);
        m_judge.setBehaviour({}); // the script refers to this function's `reasks`
        QCOMPARE(reasks, 1);

        const auto reference = scorePdrProject(m_project.store(), planned->runId, {}, std::nullopt);
        QVERIFY2(reference, qPrintable(reference.errorMessage()));
        QCOMPARE(reference->rows.unmatched, 1);
        const PdrReportScore &q1 = reference->reports.at(0);
        QCOMPARE(q1.queryId, u"1"_s);
        QCOMPARE(q1.personalization.unmatched, 1);
        QCOMPARE(q1.personalization.leftOut, 1);
        QVERIFY(qAbs(*q1.dimensions.at(0).average - 5.8 / 1.1) < 1e-12);
        QVERIFY(qAbs(*q1.personalization.score - (.3 * 5.8 / 1.1 + .2 * 6)) < 1e-12);

        PdrScoringOptions reask;
        reask.unmatched = PdrUnmatchedPolicy::Reask;
        const auto asked = scorePdrProject(m_project.store(), planned->runId, reask, std::nullopt);
        QVERIFY(asked);
        QVERIFY(qAbs(*asked->reports.at(0).dimensions.at(0).average - 8.4) < 1e-12);
        QVERIFY(qAbs(*asked->reports.at(0).personalization.score - (.3 * 8.4 + .2 * 6)) < 1e-12);
        // Query 2 was answered in one reply: the same either way.
        QCOMPARE(*asked->reports.at(1).personalization.score,
                 *reference->reports.at(1).personalization.score);
    }
};

QTEST_GUILESS_MAIN(TestPdrRun)
#include "tst_pdrrun.moc"
