// The project database: upserts, transactions, verdict and annotation rules, threads. Runs on
// both engines (tst_projectstore_postgresql is the PostgreSQL twin).
#include "scratchproject.h"
#include "store/projectstore.h"
#include "store/storecodec.h"

#include <QSqlDatabase>
#include <QSqlQuery>
#include <QTest>
#include <QtConcurrent/QtConcurrentRun>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestProjectStore : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    ProjectStore *m_store = nullptr;
    RowId m_task = 0;
    RowId m_rubric = 0;
    RowId m_report = 0;

    // A verdict of a new run named `name` on the fixture's report and rubric; runId 0 when the
    // run could not be created.
    Verdict verdictOfNewRun(const QString &name)
    {
        JudgeRun run;
        run.name = name;
        Verdict v;
        v.runId = m_store->runs().createRun(run).value_or(0);
        v.reportId = m_report;
        v.rubricId = m_rubric;
        return v;
    }

    // A connection setting: a pragma on SQLite, a run-time parameter on PostgreSQL.
    QString setting(const QString &sql)
    {
        QSqlQuery q(m_store->database());
        if (!q.exec(sql) || !q.next())
            return {};
        return q.value(0).toString();
    }

private slots:
    void initTestCase()
    {
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY2(m_project->isOpen(), qPrintable(m_project->error()));
        m_store = &m_project->store();
    }

    void cleanupTestCase() { m_project.reset(); }

    // Times are written as Qt::ISODateWithMs writes them in UTC (they compare as text), by a
    // formatter of their own for the years of four digits.
    void timesAreWrittenAsQtWritesThem()
    {
        const QList<QDateTime> times{
            QDateTime(QDate(2026, 11, 29), QTime(5, 31, 57, 123), Qt::UTC),
            QDateTime(QDate(2026, 1, 2), QTime(0, 0, 0, 0), Qt::UTC),
            QDateTime(QDate(1999, 12, 31), QTime(23, 59, 59, 999), Qt::OffsetFromUTC, 5 * 3600),
            QDateTime(QDate(2030, 6, 1), QTime(1, 2, 3, 4), Qt::OffsetFromUTC, -9 * 3600 - 1800),
            QDateTime(QDate(1, 1, 1), QTime(0, 0, 0, 7), Qt::UTC),
            QDateTime(QDate(999, 3, 4), QTime(12, 0, 0, 50), Qt::UTC),
            QDateTime(QDate(9999, 12, 31), QTime(23, 59, 59, 999), Qt::UTC),
            QDateTime(QDate(10000, 1, 1), QTime(0, 0), Qt::UTC),
            QDateTime(QDate(-44, 3, 15), QTime(12, 0), Qt::UTC),
            QDateTime::currentDateTime()};
        for (const QDateTime &t : times)
            QCOMPARE(StoreCodec::time(t).toString(), t.toUTC().toString(Qt::ISODateWithMs));
        QVERIFY(StoreCodec::time(QDateTime()).isNull());
    }

    void connectionIsConfigured()
    {
        if (RubricateTest::onPostgres()) {
            // A stuck lock is an error after a while, never a hang.
            QCOMPARE(setting(u"SHOW lock_timeout"_s), u"10s"_s);
            QCOMPARE(setting(u"SHOW application_name"_s), u"rubricate"_s);
            QCOMPARE(m_store->projectDatabase().driverName(), u"QPSQL"_s);
            return;
        }
        QCOMPARE(setting(u"PRAGMA journal_mode"_s), u"wal"_s);
        QCOMPARE(setting(u"PRAGMA foreign_keys"_s), u"1"_s);
        QVERIFY(setting(u"PRAGMA busy_timeout"_s).toInt() >= 1000);
    }

    void upsertReportsAddedUpdatedUnchanged()
    {
        const auto bench = m_store->catalog().ensureBenchmark(u"drb2"_s, u"DRB-II"_s,
                                                              VerdictScale::Drb2Tristate);
        QVERIFY(bench);
        QCOMPARE(m_store->catalog()
                     .ensureBenchmark(u"drb2"_s, u"DRB-II"_s, VerdictScale::Drb2Tristate)
                     ->id,
                 bench->id);

        Task t;
        t.benchmarkId = bench->id;
        t.externalId = u"1"_s;
        t.language = u"en"_s;
        t.prompt = u"Write about tides."_s;
        t.blocked = BlockedSource{u"Tide tables"_s, {u"A. Author"_s}, {u"https://example.org"_s}};
        const Upserted first = m_store->catalog().upsertTask(t);
        QCOMPARE(first.result, UpsertResult::Added);
        QCOMPARE(m_store->catalog().upsertTask(t).result, UpsertResult::Unchanged);
        t.theme = u"Science"_s;
        const Upserted changed = m_store->catalog().upsertTask(t);
        QCOMPARE(changed.result, UpsertResult::Updated);
        QCOMPARE(changed.id, first.id);
        m_task = first.id;

        const auto loaded = m_store->catalog().task(m_task);
        QVERIFY(loaded);
        QCOMPARE(loaded->theme, u"Science"_s);
        QVERIFY(loaded->blocked);
        QCOMPARE(loaded->blocked->authors, QStringList{u"A. Author"_s});

        Rubric r;
        r.taskId = m_task;
        r.dimension = u"info_recall"_s;
        r.text = u"States the tidal period."_s;
        r.weight = -2.5; // a pitfall weight survives the round trip
        const Upserted ru = m_store->catalog().upsertRubric(r);
        QCOMPARE(ru.result, UpsertResult::Added);
        QCOMPARE(m_store->catalog().upsertRubric(r).result, UpsertResult::Unchanged);
        m_rubric = ru.id;
        QCOMPARE(m_store->catalog().rubrics(m_task).constFirst().weight, -2.5);
    }

    void reportKeepsOriginalBytes()
    {
        const auto model = m_store->reports().ensureModel(u"ModelA"_s);
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
        const Upserted u = m_store->reports().upsertReport(r, original);
        QCOMPARE(u.result, UpsertResult::Added);
        QCOMPARE(m_store->reports().upsertReport(r, original).result, UpsertResult::Unchanged);
        m_report = u.id;
        QCOMPARE(m_store->reports().originalFile(u"abc123"_s), original);
        const auto loaded = m_store->reports().report(m_report);
        QCOMPARE(loaded->pages.size(), 2);
        QCOMPARE(loaded->pages.at(1).offset, 10);
        QCOMPARE(m_store->search().reports(u"page two"_s).size(), 1);
    }

    void errorIsNeverAVerdict()
    {
        Verdict v = verdictOfNewRun(u"r"_s);
        QVERIFY(v.runId);
        // No value and no error: refused by the store ...
        QVERIFY(!m_store->runs().upsertVerdict(v).ok());
        // ... and by the schema itself.
        QSqlQuery q(m_store->database());
        QVERIFY(!q.exec(u"INSERT INTO verdict (run_id, report_id, rubric_id, created_at)"
                        " VALUES (%1, %2, %3, 'now')"_s.arg(v.runId)
                            .arg(m_report)
                            .arg(m_rubric)));
        v.error = u"HTTP 503 after 5 retries"_s;
        QCOMPARE(m_store->runs().upsertVerdict(v).result, UpsertResult::Added);
        const Verdict stored = m_store->runs().verdicts(v.runId, m_report).value().constFirst();
        QVERIFY(!stored.value.has_value());
        QCOMPARE(stored.error, v.error);
        // A later answer replaces the error.
        v.value = 1;
        v.error.clear();
        QCOMPARE(m_store->runs().upsertVerdict(v).result, UpsertResult::Updated);
        QCOMPARE(m_store->runs().verdicts(v.runId, m_report).value().constFirst().value,
                 std::optional<double>(1));
    }

    // A judge run's verdicts go through SQLite's own API, converted to UTF-8 by the statement:
    // every text comes back as QString::toUtf8 stores it, long or short, a lone surrogate as
    // '?' (QStringEncoder would write U+FFFD).
    void judgedTextsComeBackAsWritten()
    {
        JudgedItem item;
        item.verdict = verdictOfNewRun(u"texts"_s);
        QVERIFY(item.verdict.runId);
        const RowId runId = item.verdict.runId;
        item.verdict.value = 1;
        item.verdict.label = u"1"_s;
        item.verdict.reason = u"中文 \U0001F600 é "_s + QString(5000, u'x') + u" end"_s;
        item.verdict.evidence = u"lone "_s + QChar(0xD83D) + u" surrogate"_s;
        item.evidenceStatus = u"found"_s;
        {
            Transaction tx(*m_store);
            QVERIFY(m_store->runs().writeJudgeVerdicts({item}));
            QVERIFY(tx.commit());
        }
        const Verdict stored = m_store->runs().verdicts(runId, m_report).value().constFirst();
        QCOMPARE(stored.label, item.verdict.label);
        QCOMPARE(stored.reason, item.verdict.reason);
        QCOMPARE(stored.evidence, QString::fromUtf8(item.verdict.evidence.toUtf8()));
    }

    void annotationsAreAppendOnly()
    {
        AnnotationEvent e;
        e.reportId = m_report;
        e.rubricId = m_rubric;
        e.annotator = u"alice"_s;
        e.value = 1;
        QVERIFY(m_store->annotations().appendAnnotation(e));
        e.previousValue = 1;
        e.value = -1;
        e.note = u"blocked source"_s;
        QVERIFY(m_store->annotations().appendAnnotation(e));
        AnnotationEvent bob = e;
        bob.annotator = u"bob"_s;
        bob.value = 0;
        QVERIFY(m_store->annotations().appendAnnotation(bob));

        QCOMPARE(m_store->annotations().currentAnnotation(m_report, m_rubric, u"alice"_s)->value,
                 std::optional<double>(-1));
        QCOMPARE(m_store->annotations().currentAnnotation(m_report, m_rubric)->annotator, u"bob"_s);
        QCOMPARE(m_store->annotations().annotationHistory(m_report, m_rubric).size(), 3);

        QSqlQuery q(m_store->database());
        QVERIFY(!q.exec(u"UPDATE annotation_event SET value = 0"_s));
        QVERIFY(!q.exec(u"DELETE FROM annotation_event"_s));
        QCOMPARE(m_store->annotations().annotationHistory(m_report, m_rubric).size(), 3);

        AnnotationEvent anonymous = e;
        anonymous.annotator.clear();
        QVERIFY(!m_store->annotations().appendAnnotation(anonymous));
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
        const auto runId = m_store->runs().createRun(run);
        QVERIFY(runId);
        failed.runId = *runId;
        QVERIFY(m_store->runs().writeJudgeVerdict(failed, {}, std::nullopt));
        // carol labels and then clears: a cleared label is not a rating.
        AnnotationEvent carol;
        carol.reportId = m_report;
        carol.rubricId = m_rubric;
        carol.annotator = u"carol"_s;
        carol.value = 1;
        QVERIFY(m_store->annotations().appendAnnotation(carol));
        carol.previousValue = 1;
        carol.value.reset();
        QVERIFY(m_store->annotations().appendAnnotation(carol));

        const QList<RatingRow> rows = m_store->annotations().ratingRows();
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
        QVERIFY(m_store->annotations().ratingRows(u"no-such-benchmark"_s).isEmpty());
    }

    void rollbackLeavesNothing()
    {
        const int before = m_store->catalog().taskSummaries().value().size();
        {
            Transaction tx(*m_store);
            Task t;
            t.benchmarkId = m_store->catalog().benchmark(u"drb2"_s)->id;
            t.externalId = u"rolled-back"_s;
            QVERIFY(m_store->catalog().upsertTask(t).ok());
            QCOMPARE(m_store->catalog().taskSummaries().value().size(), before + 1);
        } // no commit
        QCOMPARE(m_store->catalog().taskSummaries().value().size(), before);
    }

    // A write transaction that reads first holds the write lock from its start: had it waited
    // until its first write, a commit by another connection in between (another thread's
    // import, an idle connection's checkpoint) would make SQLite refuse that write at once
    // with "database is locked" instead of waiting for it.
    void aWriteTransactionHoldsTheLockFromItsStart()
    {
        if (RubricateTest::onPostgres())
            QSKIP("SQLite's snapshot rule; PostgreSQL waits for row locks");
        const auto bench = m_store->catalog().ensureBenchmark(u"drb2"_s, u"DRB-II"_s,
                                                              VerdictScale::Drb2Tristate);
        QVERIFY(bench);
        Transaction tx(*m_store);
        const int before = int(m_store->catalog().taskSummaries().value().size());
        {
            QSqlDatabase other = QSqlDatabase::addDatabase(u"QSQLITE"_s, u"other-writer"_s);
            other.setDatabaseName(m_store->path());
            QVERIFY(other.open());
            QSqlQuery q(other);
            QVERIFY(q.exec(u"PRAGMA busy_timeout = 0"_s));
            QVERIFY2(!q.exec(u"INSERT INTO agent_model (name) VALUES ('other-writer')"_s),
                     "another connection wrote inside this transaction");
        }
        QSqlDatabase::removeDatabase(u"other-writer"_s);
        Task t;
        t.benchmarkId = bench->id;
        t.externalId = u"after-another-writer"_s;
        const Upserted written = m_store->catalog().upsertTask(t);
        QVERIFY2(written.ok(), qPrintable(written.error.message));
        QVERIFY(tx.commit().ok());
        QCOMPARE(int(m_store->catalog().taskSummaries().value().size()), before + 1);
    }

    void eachThreadHasItsOwnConnection()
    {
        const QString path = m_store->path();
        const QString mainConnection = m_store->connectionName();
        auto future = QtConcurrent::run([path, mainConnection] {
            auto store = ProjectStore::open(path);
            if (!store || store->connectionName() == mainConnection)
                return -1;
            Transaction tx(*store);
            Task t;
            t.benchmarkId = store->catalog().benchmark(u"drb2"_s)->id;
            t.externalId = u"from-worker"_s;
            if (!store->catalog().upsertTask(t).ok() || !tx.commit())
                return -2;
            return int(store->catalog().taskSummaries().value().size());
        });
        future.waitForFinished();
        QVERIFY(future.result() > 0);
        // The GUI-side connection sees the worker's committed row (WAL readers see commits).
        const auto tasks = m_store->catalog().taskSummaries().value();
        QVERIFY(std::any_of(tasks.cbegin(), tasks.cend(),
                            [](const TaskSummary &s) { return s.externalId == "from-worker"_L1; }));
    }

    void originalsAreKeptOnceAndCompressed()
    {
        const auto blobEncoding = [this](const QString &hash) {
            return setting(u"SELECT encoding FROM document_blob WHERE hash = '%1'"_s.arg(hash));
        };
        Report r;
        r.modelId = *m_store->reports().ensureModel(u"ModelOriginals"_s);
        r.taskId = m_task;
        r.format = ReportFormat::Markdown;
        r.text = u"# 土地财政\n\nThe report as the agent wrote it.\n"_s.repeated(30);
        r.hasText = true;
        r.contentHash = u"markdown-hash"_s;
        const QByteArray markdown = r.text.toUtf8();
        QVERIFY(m_store->reports().upsertReport(r, markdown).ok());
        // The original is the text: kept once, as the text.
        QCOMPARE(blobEncoding(r.contentHash), u"report-text"_s);
        QCOMPARE(m_store->reports().originalFile(r.contentHash), markdown);

        // The same bytes read otherwise (a newer extraction): the bytes are kept themselves.
        r.text += u"\n(normalised)"_s;
        QVERIFY(m_store->reports().upsertReport(r, markdown).ok());
        QCOMPARE(blobEncoding(r.contentHash), u"zlib"_s);
        QCOMPARE(m_store->reports().originalFile(r.contentHash), markdown);

        // An original that is not the text is compressed when that pays, else kept as it is.
        Report html = r;
        html.modelId = *m_store->reports().ensureModel(u"ModelOriginals HTML"_s);
        html.format = ReportFormat::Html;
        html.text = u"a page of the report"_s;
        html.contentHash = u"html-hash"_s;
        const QByteArray page
            = "<html><body>" + QByteArray("<p>a page of the report</p>").repeated(60);
        QVERIFY(m_store->reports().upsertReport(html, page).ok());
        QCOMPARE(blobEncoding(html.contentHash), u"zlib"_s);
        QCOMPARE(m_store->reports().originalFile(html.contentHash), page);
        QVERIFY(
            setting(u"SELECT length(data) FROM document_blob WHERE hash = 'html-hash'"_s).toInt()
            < page.size() / 4);

        // A fetched source with the bytes of a report's text keeps them when the report changes.
        Report shared = r;
        shared.modelId = *m_store->reports().ensureModel(u"ModelOriginals shared"_s);
        shared.text
            = u"The source and the report are one text, long enough to compress. "_s.repeated(4);
        shared.contentHash = u"shared-hash"_s;
        const QByteArray sharedBytes = shared.text.toUtf8();
        QVERIFY(m_store->reports().upsertReport(shared, sharedBytes).ok());
        QCOMPARE(blobEncoding(shared.contentHash), u"report-text"_s);
        SourceRow source;
        source.url = u"https://example.org/shared"_s;
        source.state = u"fetched"_s;
        source.contentHash = shared.contentHash;
        source.bytes = sharedBytes;
        source.text = shared.text;
        const Result<void> put = m_store->sources().putSources({source});
        QVERIFY2(put, qPrintable(put.errorMessage()));
        shared.text = u"another text"_s;
        shared.contentHash = u"another-hash"_s;
        QVERIFY(m_store->reports().upsertReport(shared, shared.text.toUtf8()).ok());
        QCOMPARE(m_store->reports().originalFile(u"shared-hash"_s), sharedBytes);
    }

    void claimsBelongToTheirReport()
    {
        // Two agents' reports on one task, each with a claim at the same dimension and
        // position: distinct items, each listed only with its own report.
        Report other;
        other.modelId = *m_store->reports().ensureModel(u"ModelClaims"_s);
        other.taskId = m_task;
        other.format = ReportFormat::Markdown;
        other.text = u"Tides follow the moon."_s;
        other.hasText = true;
        const RowId otherId = m_store->reports().upsertReport(other, {}).id;
        QVERIFY(otherId > 0);
        const QList<Rubric> taskRubrics = m_store->catalog().rubrics(m_task);
        QList<RowId> claimIds;
        for (RowId reportId : {m_report, otherId}) {
            Rubric c;
            c.taskId = m_task;
            c.reportId = reportId;
            c.dimension = u"cited"_s;
            c.scale = VerdictScale::Binary;
            c.text = u"Tides follow the moon (report %1)."_s.arg(reportId);
            c.metadata = {{u"url"_s, u"https://example.org/moon"_s}};
            const Upserted u = m_store->catalog().upsertRubric(c);
            QCOMPARE(u.result, UpsertResult::Added);
            QCOMPARE(m_store->catalog().upsertRubric(c).result, UpsertResult::Unchanged);
            claimIds << u.id;
        }
        QCOMPARE(m_store->catalog().rubrics(m_task).size(), taskRubrics.size());
        QCOMPARE(m_store->catalog().allRubricsOfTask(m_task).size(), taskRubrics.size());
        QCOMPARE(m_store->catalog().claims(otherId).size(), 1);
        QCOMPARE(m_store->catalog().claims(otherId).constFirst().id, claimIds.at(1));
        QCOMPARE(*m_store->catalog().claims(otherId).constFirst().reportId, otherId);
        QCOMPARE(m_store->catalog().claims(otherId).constFirst().scale, VerdictScale::Binary);
        const QList<Rubric> items
            = m_store->catalog().reportItems(*m_store->reports().report(otherId));
        QCOMPARE(items.size(), taskRubrics.size() + 1);
        QCOMPARE(items.constLast().id, claimIds.at(1));
        // The report list counts the same items, which "labelled n of m" is out of.
        for (const ReportSummary &r : m_store->reports().reportSummaries().value()) {
            if (r.id == otherId)
                QCOMPARE(r.items, int(items.size()));
        }

        // Sampling and agreement see a claim only beside its own report.
        int otherClaimRows = 0;
        for (const RatingRow &row : m_store->annotations().itemRows({}).value()) {
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
        QVERIFY(m_store->annotations().appendAnnotation(label));
        const QList<RatingRow> ratings = m_store->annotations().ratingRows({});
        QVERIFY(std::any_of(ratings.cbegin(), ratings.cend(), [&](const RatingRow &r) {
            return r.rubricId == claimIds.at(1) && r.rater == "human:carol"_L1;
        }));
        QCOMPARE(m_store->catalog().claimCounts().size(), 2);

        // An annotated claim is never deleted; an unannotated one goes with its verdicts.
        {
            Transaction tx(*m_store);
            const Result<void> refused = m_store->catalog().deleteClaims(otherId);
            QVERIFY(!refused);
            QVERIFY(refused.errorMessage().contains(u"annotation"_s));
            QVERIFY(m_store->catalog().deleteClaims(m_report));
            QVERIFY(tx.commit());
        }
        QVERIFY(m_store->catalog().claims(m_report).isEmpty());
        QCOMPARE(m_store->catalog().claims(otherId).size(), 1);
        QCOMPARE(m_store->catalog().claimAnnotationCount(otherId), 1);
    }
};

QTEST_GUILESS_MAIN(TestProjectStore)
#include "tst_projectstore.moc"
