// The project database: upserts, transactions, verdict and annotation rules, threads.
#include "store/projectstore.h"

#include <QSqlQuery>
#include <QTemporaryDir>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestProjectStore : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dir;
    std::unique_ptr<ProjectStore> m_store;
    RowId m_task = 0;
    RowId m_rubric = 0;
    RowId m_report = 0;

    QString pragma(const QString &name)
    {
        QSqlQuery q(m_store->database());
        if (!q.exec(u"PRAGMA "_s + name) || !q.next())
            return {};
        return q.value(0).toString();
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        QString error;
        m_store = ProjectStore::create(m_dir.filePath(u"p.rubricate"_s), &error);
        QVERIFY2(m_store, qPrintable(error));
    }

    void connectionIsConfigured()
    {
        QCOMPARE(pragma(u"journal_mode"_s), u"wal"_s);
        QCOMPARE(pragma(u"foreign_keys"_s), u"1"_s);
        QVERIFY(pragma(u"busy_timeout"_s).toInt() >= 1000);
    }

    void upsertReportsAddedUpdatedUnchanged()
    {
        const auto bench
            = m_store->ensureBenchmark(u"drb2"_s, u"DRB-II"_s, VerdictScale::Drb2Tristate);
        QVERIFY(bench);
        QCOMPARE(m_store->ensureBenchmark(u"drb2"_s, u"DRB-II"_s, VerdictScale::Drb2Tristate)->id,
                 bench->id);

        Task t;
        t.benchmarkId = bench->id;
        t.externalId = u"1"_s;
        t.language = u"en"_s;
        t.prompt = u"Write about tides."_s;
        t.blocked = BlockedSource{u"Tide tables"_s, {u"A. Author"_s}, {u"https://example.org"_s}};
        const Upserted first = m_store->upsertTask(t);
        QCOMPARE(first.result, UpsertResult::Added);
        QCOMPARE(m_store->upsertTask(t).result, UpsertResult::Unchanged);
        t.theme = u"Science"_s;
        const Upserted changed = m_store->upsertTask(t);
        QCOMPARE(changed.result, UpsertResult::Updated);
        QCOMPARE(changed.id, first.id);
        m_task = first.id;

        const auto loaded = m_store->task(m_task);
        QVERIFY(loaded);
        QCOMPARE(loaded->theme, u"Science"_s);
        QVERIFY(loaded->blocked);
        QCOMPARE(loaded->blocked->authors, QStringList{u"A. Author"_s});

        Rubric r;
        r.taskId = m_task;
        r.dimension = u"info_recall"_s;
        r.text = u"States the tidal period."_s;
        r.weight = -2.5; // a pitfall weight survives the round trip
        const Upserted ru = m_store->upsertRubric(r);
        QCOMPARE(ru.result, UpsertResult::Added);
        QCOMPARE(m_store->upsertRubric(r).result, UpsertResult::Unchanged);
        m_rubric = ru.id;
        QCOMPARE(m_store->rubrics(m_task).constFirst().weight, -2.5);
    }

    void reportKeepsOriginalBytes()
    {
        const auto model = m_store->ensureModel(u"ModelA"_s);
        QVERIFY(model);
        Report r;
        r.modelId = *model;
        r.taskId = m_task;
        r.format = ReportFormat::Pdf;
        r.text = u"page one\n\npage two"_s;
        r.pages = {{0, 0, 8}, {1, 10, 8}};
        r.contentHash = u"abc123"_s;
        r.hasText = true;
        const QByteArray original("%PDF-1.7 original bytes");
        const Upserted u = m_store->upsertReport(r, original);
        QCOMPARE(u.result, UpsertResult::Added);
        QCOMPARE(m_store->upsertReport(r, original).result, UpsertResult::Unchanged);
        m_report = u.id;
        QCOMPARE(m_store->originalFile(u"abc123"_s), original);
        const auto loaded = m_store->report(m_report);
        QCOMPARE(loaded->pages.size(), 2);
        QCOMPARE(loaded->pages.at(1).offset, 10);
        QCOMPARE(m_store->search(u"page two"_s).size(), 1);
    }

    void errorIsNeverAVerdict()
    {
        JudgeRun run;
        run.name = u"r"_s;
        const auto runId = m_store->createRun(run);
        QVERIFY(runId);
        Verdict v;
        v.runId = *runId;
        v.reportId = m_report;
        v.rubricId = m_rubric;
        // No value and no error: refused by the store ...
        QVERIFY(!m_store->upsertVerdict(v).ok());
        // ... and by the schema itself.
        QSqlQuery q(m_store->database());
        QVERIFY(!q.exec(u"INSERT INTO verdict (run_id, report_id, rubric_id, created_at)"
                        " VALUES (%1, %2, %3, 'now')"_s.arg(*runId)
                            .arg(m_report)
                            .arg(m_rubric)));
        v.error = u"HTTP 503 after 5 retries"_s;
        QCOMPARE(m_store->upsertVerdict(v).result, UpsertResult::Added);
        const Verdict stored = m_store->verdicts(*runId, m_report).constFirst();
        QVERIFY(!stored.value.has_value());
        QCOMPARE(stored.error, v.error);
        // A later answer replaces the error.
        v.value = 1;
        v.error.clear();
        QCOMPARE(m_store->upsertVerdict(v).result, UpsertResult::Updated);
        QCOMPARE(m_store->verdicts(*runId, m_report).constFirst().value, std::optional<double>(1));
    }

    void annotationsAreAppendOnly()
    {
        AnnotationEvent e;
        e.reportId = m_report;
        e.rubricId = m_rubric;
        e.annotator = u"alice"_s;
        e.value = 1;
        QVERIFY(m_store->appendAnnotation(e));
        e.previousValue = 1;
        e.value = -1;
        e.note = u"blocked source"_s;
        QVERIFY(m_store->appendAnnotation(e));
        AnnotationEvent bob = e;
        bob.annotator = u"bob"_s;
        bob.value = 0;
        QVERIFY(m_store->appendAnnotation(bob));

        QCOMPARE(m_store->currentAnnotation(m_report, m_rubric, u"alice"_s)->value,
                 std::optional<double>(-1));
        QCOMPARE(m_store->currentAnnotation(m_report, m_rubric)->annotator, u"bob"_s);
        QCOMPARE(m_store->annotationHistory(m_report, m_rubric).size(), 3);

        QSqlQuery q(m_store->database());
        QVERIFY(!q.exec(u"UPDATE annotation_event SET value = 0"_s));
        QVERIFY(!q.exec(u"DELETE FROM annotation_event"_s));
        QCOMPARE(m_store->annotationHistory(m_report, m_rubric).size(), 3);

        AnnotationEvent anonymous = e;
        anonymous.annotator.clear();
        QVERIFY(!m_store->appendAnnotation(anonymous));
    }

    void ratingRowsPairJudgesAndPeople()
    {
        // Runs after annotationsAreAppendOnly: alice's current label is −1, bob's 0.
        Verdict failed;
        failed.reportId = m_report;
        failed.rubricId = m_rubric;
        failed.error = u"no score"_s;
        JudgeRun run;
        run.name = u"rating run"_s;
        run.status = u"finished"_s;
        const auto runId = m_store->createRun(run);
        QVERIFY(runId);
        failed.runId = *runId;
        QVERIFY(m_store->writeJudgeVerdict(failed, {}, std::nullopt));
        // carol labels and then clears: a cleared label is not a rating.
        AnnotationEvent carol;
        carol.reportId = m_report;
        carol.rubricId = m_rubric;
        carol.annotator = u"carol"_s;
        carol.value = 1;
        QVERIFY(m_store->appendAnnotation(carol));
        carol.previousValue = 1;
        carol.value.reset();
        QVERIFY(m_store->appendAnnotation(carol));

        const QList<RatingRow> rows = m_store->ratingRows();
        const auto find = [&rows](const QString &rater) -> const RatingRow * {
            for (const RatingRow &r : rows) {
                if (r.rater == rater)
                    return &r;
            }
            return nullptr;
        };
        QVERIFY(find(u"human:alice"_s));
        QCOMPARE(find(u"human:alice"_s)->value, std::optional<double>(-1));
        QCOMPARE(find(u"human:bob"_s)->value, std::optional<double>(0));
        QVERIFY(!find(u"human:carol"_s));
        const RatingRow *judge = find(u"run:%1"_s.arg(*runId));
        QVERIFY(judge);
        QVERIFY(judge->judge);
        QVERIFY(!judge->value); // an error is carried as "no value", never as 0
        QCOMPARE(judge->raterName, u"rating run"_s);
        QCOMPARE(judge->rubricId, m_rubric);
        QVERIFY(!judge->dimension.isEmpty());
        QVERIFY(m_store->ratingRows(u"no-such-benchmark"_s).isEmpty());
    }

    void rollbackLeavesNothing()
    {
        const int before = m_store->taskSummaries().size();
        {
            Transaction tx(*m_store);
            Task t;
            t.benchmarkId = m_store->benchmark(u"drb2"_s)->id;
            t.externalId = u"rolled-back"_s;
            QVERIFY(m_store->upsertTask(t).ok());
            QCOMPARE(m_store->taskSummaries().size(), before + 1);
        } // no commit
        QCOMPARE(m_store->taskSummaries().size(), before);
    }

    void eachThreadHasItsOwnConnection()
    {
        const QString path = m_store->path();
        const QString mainConnection = m_store->connectionName();
        auto future = QtConcurrent::run([path, mainConnection] {
            QString error;
            auto store = ProjectStore::open(path, &error);
            if (!store || store->connectionName() == mainConnection)
                return -1;
            Transaction tx(*store);
            Task t;
            t.benchmarkId = store->benchmark(u"drb2"_s)->id;
            t.externalId = u"from-worker"_s;
            if (!store->upsertTask(t).ok() || !tx.commit())
                return -2;
            return int(store->taskSummaries().size());
        });
        future.waitForFinished();
        QVERIFY(future.result() > 0);
        // The GUI-side connection sees the worker's committed row (WAL readers see commits).
        const auto tasks = m_store->taskSummaries();
        QVERIFY(std::any_of(tasks.cbegin(), tasks.cend(),
                            [](const TaskSummary &s) { return s.externalId == "from-worker"_L1; }));
    }

    void searchFallsBackForShortCjkTerms()
    {
        Report r;
        r.modelId = *m_store->ensureModel(u"ModelZh"_s);
        r.taskId = m_task;
        r.format = ReportFormat::Markdown;
        r.text = u"土地财政模式的转型研究"_s;
        r.hasText = true;
        QVERIFY(m_store->upsertReport(r, {}).ok());
        QCOMPARE(m_store->search(u"土地财政"_s).size(), 1); // trigram index
        QCOMPARE(m_store->search(u"转型"_s).size(), 1); // two characters: scan
        QCOMPARE(m_store->search(u"不存在"_s).size(), 0);
    }

    void claimsBelongToTheirReport()
    {
        // Two agents' reports on one task, each with a claim at the same dimension and
        // position: distinct items, each listed only with its own report.
        Report other;
        other.modelId = *m_store->ensureModel(u"ModelClaims"_s);
        other.taskId = m_task;
        other.format = ReportFormat::Markdown;
        other.text = u"Tides follow the moon."_s;
        other.hasText = true;
        const RowId otherId = m_store->upsertReport(other, {}).id;
        QVERIFY(otherId > 0);
        const QList<Rubric> taskRubrics = m_store->rubrics(m_task);
        QList<RowId> claimIds;
        for (RowId reportId : {m_report, otherId}) {
            Rubric c;
            c.taskId = m_task;
            c.reportId = reportId;
            c.dimension = u"cited"_s;
            c.scale = VerdictScale::Binary;
            c.text = u"Tides follow the moon (report %1)."_s.arg(reportId);
            c.metadata = {{u"url"_s, u"https://example.org/moon"_s}};
            const Upserted u = m_store->upsertRubric(c);
            QCOMPARE(u.result, UpsertResult::Added);
            QCOMPARE(m_store->upsertRubric(c).result, UpsertResult::Unchanged);
            claimIds << u.id;
        }
        QCOMPARE(m_store->rubrics(m_task).size(), taskRubrics.size());
        QCOMPARE(m_store->allRubricsOfTask(m_task).size(), taskRubrics.size());
        QCOMPARE(m_store->claims(otherId).size(), 1);
        QCOMPARE(m_store->claims(otherId).constFirst().id, claimIds.at(1));
        QCOMPARE(*m_store->claims(otherId).constFirst().reportId, otherId);
        QCOMPARE(m_store->claims(otherId).constFirst().scale, VerdictScale::Binary);
        const QList<Rubric> items = m_store->reportItems(*m_store->report(otherId));
        QCOMPARE(items.size(), taskRubrics.size() + 1);
        QCOMPARE(items.constLast().id, claimIds.at(1));

        // Sampling and agreement see a claim only beside its own report.
        int otherClaimRows = 0;
        for (const RatingRow &row : m_store->itemRows({})) {
            if (row.rubricId == claimIds.at(1)) {
                QCOMPARE(row.reportId, otherId);
                ++otherClaimRows;
            }
            QVERIFY(row.rubricId != claimIds.at(0) || row.reportId == m_report);
        }
        QCOMPARE(otherClaimRows, 1);
        AnnotationEvent label;
        label.reportId = otherId;
        label.rubricId = claimIds.at(1);
        label.annotator = u"carol"_s;
        label.value = 0;
        QVERIFY(m_store->appendAnnotation(label));
        const QList<RatingRow> ratings = m_store->ratingRows({});
        QVERIFY(std::any_of(ratings.cbegin(), ratings.cend(), [&](const RatingRow &r) {
            return r.rubricId == claimIds.at(1) && r.rater == "human:carol"_L1;
        }));
        QCOMPARE(m_store->claimCounts().size(), 2);

        // An annotated claim is never deleted; an unannotated one goes with its verdicts.
        {
            Transaction tx(*m_store);
            QVERIFY(!m_store->deleteClaims(otherId));
            QVERIFY(m_store->lastError().contains(u"annotation"_s));
            QVERIFY(m_store->deleteClaims(m_report));
            QVERIFY(tx.commit());
        }
        QVERIFY(m_store->claims(m_report).isEmpty());
        QCOMPARE(m_store->claims(otherId).size(), 1);
        QCOMPARE(m_store->claimAnnotationCount(otherId), 1);
    }
};

QTEST_GUILESS_MAIN(TestProjectStore)
#include "tst_projectstore.moc"
