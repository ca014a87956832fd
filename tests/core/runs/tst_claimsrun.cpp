// Claims end to end: ReportBench reports → extracted claims in the store → their sources
// fetched from a local web server (one never served) → both claim schemes run against the
// local judge simulator (a broken reply retried, a fenced one repaired) → citation match
// rate and non-cited accuracy from the stored verdicts.
#include "claimsfixture.h"
#include "fakewebserver.h"
#include "judge/judgesimulator.h"
#include "judge/promptscheme.h"
#include "readers/claimsproject.h"
#include "runs/runcontroller.h"
#include "runs/runplanner.h"
#include "scratchproject.h"
#include "shareddata.h"
#include "sources/sourcefetcher.h"
#include "waits.h"

#include <QJsonArray>
#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestClaimsRun : public QObject
{
    Q_OBJECT

    JudgeSimulator m_judge;
    RubricateTest::FakeWebServer m_web;

    JudgeConfig config(const QString &scheme, const QString &model)
    {
        JudgeConfig c;
        c.provider = ProviderKind::OpenAiCompatible;
        c.baseUrl = m_judge.baseUrl();
        c.model = model;
        c.scheme = scheme;
        c.batchSize = 1;
        c.concurrency = 2;
        c.backoffBaseMs = 10;
        c.backoffMaxMs = 50;
        c.timeoutMs = 5000;
        return c;
    }

    RowId runClaims(ProjectStore &store, const JudgeConfig &c, int *items = nullptr)
    {
        RunScope scope;
        scope.benchmarkKey = u"reportbench"_s;
        const auto planned = planRun(store, c, scope, {});
        if (!planned) {
            qWarning() << planned.errorMessage();
            return 0;
        }
        if (items)
            *items = planned->items;
        RunController controller(store.path());
        QSignalSpy done(&controller, &RunController::finished);
        if (const auto started = controller.start(planned->runId); !started) {
            qWarning() << started.errorMessage();
            return 0;
        }
        if (!done.wait(60000) && done.isEmpty())
            return 0;
        return done.constFirst().constFirst().toString() == "finished"_L1 ? planned->runId : 0;
    }

    // Tasks from the real file, and the fixture's report for two agents.
    bool prepare(RubricateTest::ScratchProject &p, const QString &tasks)
    {
        return runImport(p.store(), ImportKind::ReportBench, tasks).errorCount() == 0
            && RubricateTest::importClaimsReports(p.store(), p.filePath(u"reports"_s),
                                                  m_web.url({}), {u"ModelA"_s, u"ModelB"_s});
    }

    // Sources: two pages, one URL the server does not know.
    void fetchSources(ProjectStore &store)
    {
        SourceFetcher fetcher(&store);
        QSignalSpy fetched(&fetcher, &SourceFetcher::finished);
        QList<QUrl> urls;
        for (const QString &u : claimUrls(store))
            urls << QUrl(u);
        fetcher.fetch(urls);
        QVERIFY(fetched.wait(BackgroundWorkTimeout));
        QCOMPARE(store.sources().source(sourceKey(m_web.url(u"/leaf"_s)))->state, u"fetched"_s);
        QVERIFY(store.sources().source(sourceKey(m_web.url(u"/gone"_s)))->state != "fetched"_L1);
    }

    // The cited check of the two agents' reports: the statements citing the page that says
    // so supported, those citing the other page not, the dead link's "source unavailable".
    void verifyCitedVerdicts(ProjectStore &store, RowId cited)
    {
        int supported = 0, notSupported = 0, unavailable = 0;
        for (const ReportSummary &r : store.reports().reportSummaries(u"reportbench"_s).value()) {
            QHash<RowId, Rubric> claims;
            for (const Rubric &c : store.catalog().claims(r.id))
                claims.insert(c.id, c);
            for (const Verdict &v : store.runs().verdicts(cited, r.id).value()) {
                const QString url = claims.value(v.rubricId).metadata.value(u"url"_s).toString();
                if (url.endsWith(u"/gone"_s)) {
                    QVERIFY(!v.value);
                    QCOMPARE(v.label, QString(sourceUnavailableLabel));
                    QVERIFY2(v.error.startsWith(u"source unavailable: "_s), qPrintable(v.error));
                    ++unavailable;
                } else {
                    QVERIFY2(v.value, qPrintable(v.error));
                    (*v.value == 1 ? supported : notSupported) += 1;
                    QCOMPARE(*v.value, url.endsWith(u"/leaf"_s) ? 1.0 : 0.0);
                }
            }
        }
        QCOMPARE(supported, 2);
        QCOMPARE(notSupported, 2);
        QCOMPARE(unavailable, 2);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_judge.listen());
        QVERIFY(m_web.listen());
        m_web.setPage("/leaf", "text/html", RubricateTest::claimsLeafPage());
        m_web.setPage("/pasta", "text/html", RubricateTest::claimsPastaPage());
    }

    void extractsClaimsIntoTheStore()
    {
        RUBRICATE_REQUIRE_SHARED(tasks, "reportbench/ReportBench_v1.1.jsonl");
        RubricateTest::ScratchProject p;
        QVERIFY(prepare(p, tasks));
        ProjectStore &store = p.store();
        const auto r = extractClaims(store, {});
        QVERIFY2(r, qPrintable(r.errorMessage()));
        QCOMPARE(r->reports, 2);
        QCOMPARE(r->extracted, 2);
        QCOMPARE(r->cited, 6);
        QCOMPARE(r->uncited, 4);

        const ReportSummary first
            = store.reports().reportSummaries(u"reportbench"_s).value().constFirst();
        const QList<Rubric> claims = store.catalog().claims(first.id);
        QCOMPARE(claims.size(), 5);
        const auto report = store.reports().report(first.id);
        for (const Rubric &c : claims) {
            QCOMPARE(*c.reportId, first.id);
            QCOMPARE(c.scale, VerdictScale::Binary);
            const QJsonObject span = c.metadata.value(u"span"_s).toObject();
            const QString sentence = report->text.mid(span.value(u"offset"_s).toInt(),
                                                      span.value(u"length"_s).toInt());
            QVERIFY2(sentence.simplified() == c.metadata.value(u"sentence"_s).toString(),
                     qPrintable(sentence));
        }
        QCOMPARE(claims.at(0).dimension, u"cited"_s);
        QCOMPARE(claims.at(0).text, u"Photosynthesis converts light into sugar in green leaves."_s);
        QCOMPARE(claims.at(0).metadata.value(u"url"_s).toString(), m_web.url(u"/leaf"_s));
        QCOMPARE(claims.at(0).metadata.value(u"markers"_s).toArray().at(0).toString(), u"[1]"_s);
        QCOMPARE(claims.at(3).dimension, u"uncited"_s);
        QVERIFY(store.catalog().rubrics(report->taskId).isEmpty()); // the task's own rubrics: none
        QCOMPARE(claimUrls(store).size(), 3);

        // Again: nothing changes; forced: replaced, unless a person labelled one.
        const auto again = extractClaims(store, {});
        QCOMPARE(again->skipped, 2);
        QCOMPARE(again->extracted, 0);
        ClaimScope force;
        force.force = true;
        force.models = {u"ModelB"_s};
        QVERIFY(extractClaims(store, force));
        AnnotationEvent label;
        label.reportId = first.id;
        label.rubricId = claims.at(1).id;
        label.annotator = u"ana"_s;
        label.value = 0.0;
        QVERIFY(store.annotations().appendAnnotation(label));
        force.models.clear();
        const auto refused = extractClaims(store, force);
        QVERIFY(!refused);
        QVERIFY2(refused.errorMessage().contains(u"labelled"_s)
                     && refused.errorMessage().contains(first.model),
                 qPrintable(refused.errorMessage()));
        QCOMPARE(store.catalog().claims(first.id).constFirst().id, claims.constFirst().id);
    }

    void judgesClaimsAndScoresThem()
    {
        RUBRICATE_REQUIRE_SHARED(tasks, "reportbench/ReportBench_v1.1.jsonl");
        RubricateTest::ScratchProject p;
        QVERIFY(prepare(p, tasks));
        ProjectStore &store = p.store();
        const auto extracted = extractClaims(store, {});
        QVERIFY2(extracted, qPrintable(extracted.errorMessage()));

        fetchSources(store);
        if (QTest::currentTestFailed())
            return;

        // The cited check: the first answer to every request is prose (asked again), and the
        // answers come in code fences with prose around them (repaired).
        m_judge.resetCounters();
        m_judge.setBehaviour({.brokenJsonTimes = 1, .fenced = true});
        int citedItems = 0;
        const RowId cited
            = runClaims(store, config(u"reportbench-cited"_s, u"judge-a"_s), &citedItems);
        QVERIFY(cited);
        QCOMPARE(citedItems, 6); // the cited claims only, one statement–URL pair each
        QVERIFY(m_judge.maxRequestsForOneBody() >= 2);
        verifyCitedVerdicts(store, cited);
        if (QTest::currentTestFailed())
            return;

        // Fact checks by two judges that disagree on the first uncited statement, and a
        // second vote of the first judge (another seed, so not the cached answer).
        m_judge.setBehaviour({});
        const ReportSummary first
            = store.reports().reportSummaries(u"reportbench"_s).value().constFirst();
        const QString statement = store.catalog().claims(first.id).at(3).text;
        QString judgeB;
        for (int i = 0; i < 100 && judgeB.isEmpty(); ++i) {
            const QString candidate = u"judge-b%1"_s.arg(i);
            if (JudgeSimulator::expectedTruth(statement, candidate)
                != JudgeSimulator::expectedTruth(statement, u"judge-a"_s))
                judgeB = candidate;
        }
        QVERIFY(!judgeB.isEmpty());
        const RowId factA = runClaims(store, config(u"reportbench-factcheck"_s, u"judge-a"_s));
        const RowId factB = runClaims(store, config(u"reportbench-factcheck"_s, judgeB));
        JudgeConfig again = config(u"reportbench-factcheck"_s, u"judge-a"_s);
        again.seed = 2;
        const RowId factA2 = runClaims(store, again);
        QVERIFY(factA && factB && factA2);

        // Two judges, one vote each: a tie on that statement, reported as such.
        const auto tied = readClaimResults(store, u"reportbench"_s, {cited, factA, factB}, {});
        QVERIFY2(tied, qPrintable(tied.errorMessage()));
        QCOMPARE(tied->size(), 10);
        const auto resultFor = [&](const QList<ClaimResult> &results) {
            for (const ClaimResult &c : results) {
                if (c.reportId == first.id && !c.cited
                    && store.catalog().claims(first.id).at(3).id == c.claimId)
                    return c;
            }
            return ClaimResult{};
        };
        QCOMPARE(resultFor(*tied).outcome, ClaimOutcome::Tie);
        QCOMPARE(resultFor(*tied).majority.trueVotes, 1);
        QCOMPARE(resultFor(*tied).majority.falseVotes, 1);

        const QList<ReportBenchStatementModel> models
            = aggregateStatementScores(reportBenchStatementScores(*tied));
        QCOMPARE(models.size(), 2);
        for (const ReportBenchStatementModel &m : models) {
            // Match rate: 1 supported of 2 checked; the dead link left out and counted.
            QCOMPARE(m.cited.statements, 3);
            QCOMPARE(m.cited.checked, 2);
            QCOMPARE(m.cited.sourceUnavailable, 1);
            QCOMPARE(m.cited.judgeErrors, 0);
            QCOMPARE(*m.cited.rate, 0.5);
            QCOMPARE(m.uncited.statements, 2);
            QCOMPARE(m.uncited.ties, 1);
            QCOMPARE(m.uncited.correct + m.uncited.incorrect, 1);
        }
        const QByteArray csv = reportBenchStatementsCsv(reportBenchStatementScores(*tied));
        QVERIFY(csv.startsWith("model,arxiv_id,total_citations,total_no_citations,"));
        QVERIFY2(csv.contains(",3,2,5,2,0.6666666666666666,1,0.5,"), csv.constData());

        // A second vote of judge A breaks the tie its way.
        const auto decided
            = readClaimResults(store, u"reportbench"_s, {cited, factA, factA2, factB}, {});
        QVERIFY(decided);
        const bool truthA = JudgeSimulator::expectedTruth(statement, u"judge-a"_s);
        QCOMPARE(resultFor(*decided).outcome,
                 truthA ? ClaimOutcome::Supported : ClaimOutcome::NotSupported);

        // A run that is not a claim check of this benchmark is refused by name.
        const auto notAClaimRun = readClaimResults(store, u"reportbench"_s, {cited, 9999}, {});
        QVERIFY(!notAClaimRun);
        QVERIFY(notAClaimRun.errorMessage().contains(u"9999"_s));
    }

    // Sent as a provider batch, the cited check's jobs wait for it without the fetched pages
    // (which can run to megabytes for a large run), read again with each batch's bodies: the
    // verdicts are the live run's, nothing is asked live.
    void aCitedCheckSentAsABatchHoldsNoSourceWhileItWaits()
    {
        RUBRICATE_REQUIRE_SHARED(tasks, "reportbench/ReportBench_v1.1.jsonl");
        RubricateTest::ScratchProject p;
        QVERIFY(prepare(p, tasks));
        ProjectStore &store = p.store();
        QVERIFY(extractClaims(store, {}));
        fetchSources(store);
        if (QTest::currentTestFailed())
            return;

        m_judge.resetCounters();
        m_judge.setBehaviour({.batchPollsBeforeDone = 1000000}); // until the test lets it end
        JudgeConfig c = config(u"reportbench-cited"_s, u"judge-a"_s);
        c.batch = true;
        RunScope scope;
        scope.benchmarkKey = u"reportbench"_s;
        const auto planned = planRun(store, c, scope, {});
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        RunController controller(store.path());
        controller.setBatchPolling(5, 20);
        QSignalSpy done(&controller, &RunController::finished);
        QVERIFY(controller.start(planned->runId));
        QTRY_VERIFY_WITH_TIMEOUT(m_judge.batchStatusPolls() >= 2, 30000);
        QCOMPARE(controller.sourceTextsHeld(), 0);
        QCOMPARE(controller.requestBodiesHeld(), 0);

        m_judge.setBehaviour({});
        QTRY_COMPARE_WITH_TIMEOUT(done.size(), 1, 30000);
        QCOMPARE(done.constFirst().constFirst().toString(), u"finished"_s);
        QCOMPARE(m_judge.batchesCreated(), 1);
        QCOMPARE(m_judge.requestCount(), 0);
        verifyCitedVerdicts(store, planned->runId);
    }

    void claimSchemesJudgeOnlyTheirClaims()
    {
        const auto citedScheme = makeScheme(u"reportbench-cited"_s, {});
        const auto factScheme = makeScheme(u"reportbench-factcheck"_s, {});
        const auto drb2 = makeScheme(u"drb2"_s, {});
        Rubric rubric;
        Rubric claim;
        claim.reportId = 7;
        claim.dimension = u"cited"_s;
        QVERIFY(citedScheme->judges(claim) && !factScheme->judges(claim) && !drb2->judges(claim));
        claim.dimension = u"uncited"_s;
        QVERIFY(!citedScheme->judges(claim) && factScheme->judges(claim));
        QVERIFY(drb2->judges(rubric) && !citedScheme->judges(rubric));
        QVERIFY(citedScheme->needsSource() && !factScheme->needsSource());
        QVERIFY(schemeMismatch(u"reportbench-cited"_s, u"pdrbench"_s).isEmpty());
        QVERIFY(!schemeMismatch(u"reportbench-cited"_s, u"drb2"_s).isEmpty());
    }

    void pdrClaimItemsFromStoredVerdicts()
    {
        // A PDR-Bench report (a query of a persona) with three cited pairs and one uncited
        // statement; the support verdicts of two runs of the cited check, written directly.
        RubricateTest::ScratchProject p;
        ProjectStore &store = p.store();
        const auto bench = store.catalog().ensureBenchmark(u"pdrbench"_s, u"PDR-Bench"_s,
                                                           VerdictScale::ZeroToTen);
        Task t;
        t.benchmarkId = bench->id;
        t.externalId = u"t1"_s;
        const RowId task = store.catalog().upsertTask(t).id;
        Persona persona;
        persona.benchmarkId = bench->id;
        persona.externalId = u"u01"_s;
        Query q;
        q.benchmarkId = bench->id;
        q.taskId = task;
        q.personaId = store.catalog().upsertPersona(persona).id;
        q.externalId = u"7"_s;
        q.setting = u"task_persona"_s;
        Report r;
        r.modelId = *store.reports().ensureModel(u"AgentP"_s);
        r.taskId = task;
        r.queryId = store.catalog().upsertQuery(q).id;
        r.format = ReportFormat::Markdown;
        r.text = u"Savings grow with compound interest over many years [1].\n\n"
                 "Index funds charge lower fees than active funds [2].\n\n"
                 "Bonds always beat stocks in every single decade [3].\n\n"
                 "An emergency fund should cover several months of spending.\n\n"
                 "[1] https://example.org/a\n[2] https://example.org/b\n"
                 "[3] https://example.org/c\n"_s;
        r.hasText = true;
        const RowId report = store.reports().upsertReport(r, {}).id;
        ClaimScope scope;
        scope.benchmarkKey = u"pdrbench"_s;
        const auto extracted = extractClaims(store, scope);
        QVERIFY2(extracted, qPrintable(extracted.errorMessage()));
        const QList<Rubric> claims = store.catalog().claims(report);
        QCOMPARE(claims.size(), 4);

        QList<RowId> runs;
        for (const QString &model : {u"judge-a"_s, u"judge-b"_s}) {
            JudgeRun run;
            run.benchmarkId = bench->id;
            run.name = model;
            run.kind = JudgeKind::Llm;
            run.scheme = u"reportbench-cited"_s;
            run.config = config(u"reportbench-cited"_s, model).toJson();
            run.status = u"finished"_s;
            runs << *store.runs().createRun(run);
        }
        const auto verdict
            = [&](RowId run, int claim, std::optional<double> value, const QString &label = {}) {
                  Verdict v;
                  v.runId = run;
                  v.reportId = report;
                  v.rubricId = claims.at(claim).id;
                  v.value = value;
                  v.label = label;
                  if (!value)
                      v.error = label.isEmpty() ? u"HTTP 500"_s : u"source unavailable: x"_s;
                  if (!label.isEmpty())
                      v.raw = {{u"source_state"_s, u"not-fetched"_s}};
                  QVERIFY(store.runs().upsertVerdict(v).ok());
              };
        verdict(runs.at(0), 0, 1.0); // both: supported
        verdict(runs.at(1), 0, 1.0);
        verdict(runs.at(0), 1, 1.0); // one each way: a tie, not a verdict
        verdict(runs.at(1), 1, 0.0);
        verdict(runs.at(0), 2, std::nullopt, QString(sourceUnavailableLabel));
        verdict(runs.at(1), 2, std::nullopt, QString(sourceUnavailableLabel));

        const auto items = readPdrClaimItems(store, runs);
        QVERIFY2(items, qPrintable(items.errorMessage()));
        QCOMPARE(items->size(), 4);
        QCOMPARE(items->at(0).status, PdrClaimStatus::Supported);
        QCOMPARE(items->at(1).status, PdrClaimStatus::JudgeError);
        QCOMPARE(items->at(2).status, PdrClaimStatus::SourceUnavailable);
        QCOMPARE(items->at(3).status, PdrClaimStatus::Uncited);
        QCOMPARE(items->at(0).queryId, u"7"_s);
        QCOMPARE(items->at(0).persona, u"u01"_s);
        QCOMPARE(items->at(0).setting, u"task_persona"_s);
        // Only the first run: the second claim is supported.
        QCOMPARE(readPdrClaimItems(store, {runs.at(0)})->at(1).status, PdrClaimStatus::Supported);
        // FA over the checkable pairs: 1 supported of 1 (the tie and the dead link left out).
        const QList<PdrReportScore> scores = scorePdr({}, *items);
        QCOMPARE(scores.size(), 1);
        QVERIFY(scores.constFirst().reliability.factualAccuracy.has_value());
        QCOMPARE(*scores.constFirst().reliability.factualAccuracy, 10.0);
    }
};

QTEST_GUILESS_MAIN(TestClaimsRun)
#include "tst_claimsrun.moc"
