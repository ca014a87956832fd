// PDR-Bench criteria generation through the fake judge server: a weight sample that does not
// sum to 1 is discarded, the averages' rounding residue goes to the last dimension, an
// unreadable sub-criteria answer is asked again, and a query whose calls fail writes nothing.
#include "ingest/importer.h"
#include "judge/judgesimulator.h"
#include "judge/pdrcriteria.h"
#include "pdrfixtures.h"
#include "runs/pdrcriteriagenerator.h"
#include "scoring/pdrscoring.h"
#include "scratchproject.h"
#include "testfiles.h"
#include "waits.h"

#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestPdrCriteria : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    JudgeSimulator m_judge;
    QHash<QString, int> m_seen; // prompt -> arrivals, for answers that change per sample

    JudgeConfig config() const
    {
        JudgeConfig c;
        c.provider = ProviderKind::OpenAiCompatible;
        c.baseUrl = m_judge.baseUrl();
        c.model = u"test-judge"_s;
        c.concurrency = 4;
        c.backoffBaseMs = 10;
        c.backoffMaxMs = 40;
        c.timeoutMs = 5000;
        return c;
    }

    // Runs to the end; returns the final status.
    QString generate(const JudgeConfig &c, const PdrCriteriaOptions &options,
                     QList<PdrCriteriaOutcome> *outcomes = nullptr)
    {
        PdrCriteriaGenerator generator(m_project->store().path(), c);
        QSignalSpy done(&generator, &PdrCriteriaGenerator::finished);
        if (const Result<void> started = generator.start(options); !started) {
            qWarning() << started.errorMessage();
            return started.errorMessage();
        }
        if (done.isEmpty() && !done.wait(60000))
            return u"timeout"_s;
        if (outcomes)
            *outcomes = generator.outcomes();
        return done.constFirst().constFirst().toString();
    }

    QList<Rubric> criteriaOf(const QString &queryId)
    {
        ProjectStore &s = m_project->store();
        const auto bench = s.catalog().benchmark(u"pdrbench"_s);
        const auto q = s.catalog().query(*s.catalog().queryId(bench->id, queryId));
        return s.catalog().rubrics(q->taskId, q->id);
    }

    static bool isWeights(const QString &prompt, const char *family)
    {
        return prompt.contains(u"<dimension_list>"_s)
            && prompt.contains(u"goal_alignment"_s) == (qstrcmp(family, "personalization") == 0);
    }

    int arrival(const QString &prompt) { return ++m_seen[prompt]; }

private slots:
    void initTestCase() { QVERIFY(m_judge.listen()); }

    void init()
    {
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY2(m_project->isOpen(), qPrintable(m_project->error()));
        const QString personas = m_project->filePath(u"personas.jsonl"_s);
        const QString queries = m_project->filePath(u"queries.jsonl"_s);
        QVERIFY(RubricateTest::writeFile(personas, QByteArray(fixture0)));
        QVERIFY(RubricateTest::writeFile(queries, QByteArray(fixture1)));
        runImport(m_project->store(), ImportKind::PdrPersonas, personas);
        runImport(m_project->store(), ImportKind::PdrQueries, queries);
        m_judge.setBehaviour({});
        m_seen.clear();
    }

    void readers()
    {
        QCOMPARE(pdrJsonPart(u"x <json_output> {\"a\": 1} </json_output> y"_s), u"{\"a\": 1}"_s);
        QCOMPARE(pdrJsonPart(u"ok ```json\n[1]\n``` done"_s), u"[1]"_s);
        QCOMPARE(pdrJsonPart(u" {\"a\": 1} "_s), u"{\"a\": 1}"_s);
        const auto sample = parsePdrWeightSample(
            u"<json_output>{\"b\": 0.5, \"a\": 0.25, \"c\": 0.25}</json_output>"_s);
        QVERIFY(sample);
        QCOMPARE(sample->size(), 3);
        QCOMPARE(sample->at(0).dimension, u"b"_s); // the answer's order, not the alphabet's
        QCOMPARE(sample->at(2).dimension, u"c"_s);
        QVERIFY(!parsePdrWeightSample(u"no json here"_s));
        QVERIFY(!parsePdrSubCriteria(
            u"[{\"criterion\": \"a\", \"weight\": 0.5}, {\"criterion\": \"b\", \"weight\": 0.4}]"_s));
        const auto list = parsePdrSubCriteria(
            u"```json\n{\"criteria\": [{\"criterion\": \"a\", \"explanation\": \"x\", \"weight\": "
            "0.7}, {\"criterion\": \"b\", \"weight\": 0.3}]}\n```"_s);
        QVERIFY2(list, qPrintable(list.errorMessage()));
        QCOMPARE(list->at(0).explanation, u"x"_s);
    }

    void discardsABadSampleAndPutsTheResidueLast()
    {
        SimulatorBehaviour b;
        b.script = [this](const QString &prompt, int) -> std::optional<QString> {
            if (isWeights(prompt, "personalization"))
                return u"<json_output>{\"goal_alignment\": 0.4, \"content_alignment\": 0.3, "
                       "\"presentation_fit\": 0.2, \"actionability_practicality\": 0.1}"
                       "</json_output>"_s;
            if (isWeights(prompt, "quality")) {
                static const QStringList samples
                    = {u"{\"depth_insight\": 0.5, \"logical_coherence\": 0.3, "
                       "\"clarity_readability\": 0.3}"_s, // sums to 1.1: discarded
                       u"{\"depth_insight\": 0.5, \"logical_coherence\": 0.25, "
                       "\"clarity_readability\": 0.25}"_s,
                       u"{\"depth_insight\": 0.2, \"logical_coherence\": 0.4, "
                       "\"clarity_readability\": 0.4}"_s,
                       u"{\"depth_insight\": 0.3, \"logical_coherence\": 0.35, "
                       "\"clarity_readability\": 0.35}"_s};
                return u"<json_output>"_s + samples.at((arrival(prompt) - 1) % 4)
                    + u"</json_output>"_s;
            }
            // The first answer for depth_insight's sub-criteria is prose: asked again.
            if (prompt.contains(u"<dimension>\ndepth_insight\n</dimension>"_s)
                && arrival(prompt) == 1)
                return u"I would rather not."_s;
            return std::nullopt;
        };
        m_judge.setBehaviour(b);
        PdrCriteriaOptions options;
        options.queryIds = {u"1"_s};
        options.samples = 4;
        QList<PdrCriteriaOutcome> outcomes;
        QCOMPARE(generate(config(), options, &outcomes), u"finished"_s);
        QCOMPARE(outcomes.size(), 1);
        QCOMPARE(outcomes.at(0).status, u"written"_s);
        QCOMPARE(outcomes.at(0).rubrics, 21); // 7 dimensions x 3 simulated sub-criteria
        const QString notes = outcomes.at(0).notes.join(u'\n');
        QVERIFY2(notes.contains(u"quality weight sample discarded"_s), qPrintable(notes));
        QVERIFY2(notes.contains(u"retried"_s), qPrintable(notes));

        const QList<Rubric> rubrics = criteriaOf(u"1"_s);
        QCOMPARE(rubrics.size(), 21);
        QHash<QString, double> weights;
        for (const Rubric &r : rubrics) {
            QVERIFY(r.dimensionWeight);
            weights.insert(r.dimension, *r.dimensionWeight);
            QCOMPARE(r.scale, VerdictScale::ZeroToTen);
            QCOMPARE(r.metadata.value(u"origin"_s).toString(), u"judge:test-judge"_s);
            QCOMPARE(r.metadata.value(u"explanation"_s).toString(), u"simulated explanation"_s);
            QCOMPARE(r.metadata.value(u"family"_s).toString(), pdrFamilyOf(r.dimension));
        }
        // Three accepted quality samples average to a third each: 0.33, 0.33 and the residue
        // 0.01 on the last dimension of the answers' order.
        QCOMPARE(weights.value(u"depth_insight"_s), 0.33);
        QCOMPARE(weights.value(u"logical_coherence"_s), 0.33);
        QVERIFY(qAbs(weights.value(u"clarity_readability"_s) - 0.34) < 1e-12);
        QCOMPARE(weights.value(u"goal_alignment"_s), 0.4);
        QCOMPARE(weights.value(u"actionability_practicality"_s), 0.1);
        const int quality
            = int(std::count_if(rubrics.cbegin(), rubrics.cend(), [](const Rubric &r) {
                  return r.metadata.value(u"weight_samples"_s).toInt() == 3;
              }));
        QCOMPARE(quality, 9);

        // Queries with criteria are left alone unless forced.
        outcomes.clear();
        QCOMPARE(generate(config(), options, &outcomes), u"finished"_s);
        QCOMPARE(outcomes.at(0).status, u"skipped"_s);
    }

    void brokenJsonFailsTheQueryAndWritesNothing()
    {
        SimulatorBehaviour b;
        b.script = [](const QString &prompt, int) -> std::optional<QString> {
            if (prompt.contains(u"<dimension>\ncontent_alignment\n</dimension>"_s)
                && prompt.contains(u"\"Tom\""_s))
                return u"{\"criterion\": \"oops\", "_s; // cut off: no list to read
            return std::nullopt;
        };
        m_judge.setBehaviour(b);
        PdrCriteriaOptions options;
        options.queryIds = {u"2"_s, u"3"_s};
        options.samples = 2;
        options.attempts = 2;
        QList<PdrCriteriaOutcome> outcomes;
        QCOMPARE(generate(config(), options, &outcomes), u"failed"_s);
        QCOMPARE(outcomes.size(), 2);
        for (const PdrCriteriaOutcome &o : std::as_const(outcomes)) {
            if (o.queryId == "2"_L1) {
                QCOMPARE(o.status, u"failed"_s);
                QVERIFY2(o.error.contains(u"content_alignment"_s), qPrintable(o.error));
                QVERIFY2(o.error.contains(u"after 2 attempts"_s), qPrintable(o.error));
            } else {
                QCOMPARE(o.status, u"written"_s);
            }
        }
        QCOMPARE(criteriaOf(u"2"_s).size(), 0); // nothing partial
        QCOMPARE(criteriaOf(u"3"_s).size(), 21);
    }

    void everySampleDiscardedFailsTheQuery()
    {
        SimulatorBehaviour b;
        b.script = [](const QString &prompt, int) -> std::optional<QString> {
            if (isWeights(prompt, "quality"))
                return u"<json_output>{\"depth_insight\": 0.3, \"logical_coherence\": 0.3, "
                       "\"clarity_readability\": 0.3}</json_output>"_s;
            return std::nullopt;
        };
        m_judge.setBehaviour(b);
        PdrCriteriaOptions options;
        options.queryIds = {u"3"_s};
        QList<PdrCriteriaOutcome> outcomes;
        QCOMPARE(generate(config(), options, &outcomes), u"failed"_s);
        QVERIFY2(outcomes.at(0).error.startsWith(u"quality weights"_s),
                 qPrintable(outcomes.at(0).error));
        QCOMPARE(criteriaOf(u"3"_s).size(), 0);
    }

    void cancelWritesNothing()
    {
        SimulatorBehaviour slow;
        slow.latencyMs = 300;
        m_judge.setBehaviour(slow);
        JudgeConfig c = config();
        c.concurrency = 2;
        PdrCriteriaGenerator generator(m_project->store().path(), c);
        QSignalSpy done(&generator, &PdrCriteriaGenerator::finished);
        QSignalSpy arrived(&m_judge, &JudgeSimulator::requestReceived);
        const Result<void> started = generator.start({});
        QVERIFY2(started, qPrintable(started.errorMessage()));
        QVERIFY(arrived.wait(BackgroundWorkTimeout));
        QCOMPARE(generator.progress().inFlight, 2); // bounded by the concurrency
        generator.cancel();
        QCOMPARE(done.count(), 1);
        QCOMPARE(done.constFirst().constFirst().toString(), u"cancelled"_s);
        QVERIFY(!generator.isActive());
        for (const QString &id : {u"1"_s, u"2"_s, u"3"_s})
            QCOMPARE(criteriaOf(id).size(), 0);
    }

    void offlineForceReplaces()
    {
        JudgeConfig offline;
        offline.model = u"offline-simulator"_s;
        PdrCriteriaOptions options;
        options.queryIds = {u"3"_s};
        QCOMPARE(generate(offline, options), u"finished"_s);
        const QList<Rubric> first = criteriaOf(u"3"_s);
        QCOMPARE(first.size(), 21);
        QCOMPARE(first.at(0).metadata.value(u"origin"_s).toString(), u"judge:offline-simulator"_s);
        // A stray criterion of the query goes when the criteria are replaced.
        Rubric stray = first.at(0);
        stray.id = 0;
        stray.position = 99;
        QVERIFY(m_project->store().catalog().upsertRubric(stray).ok());
        QCOMPARE(criteriaOf(u"3"_s).size(), 22);
        options.force = true;
        QCOMPARE(generate(offline, options), u"finished"_s);
        QCOMPARE(criteriaOf(u"3"_s).size(), 21); // replaced, not added to

        PdrCriteriaOptions unknown;
        unknown.queryIds = {u"77"_s};
        PdrCriteriaGenerator generator(m_project->store().path(), offline);
        const Result<void> started = generator.start(unknown);
        QVERIFY(!started);
        QVERIFY(started.errorMessage().contains(u"77"_s));
    }
};

QTEST_GUILESS_MAIN(TestPdrCriteria)
#include "tst_pdrcriteria.moc"
