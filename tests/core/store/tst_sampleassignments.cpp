// Annotation samples in the project: migration 5, the items one samples from, saving and
// reading assignments (one transaction, names never reused, nothing half-written), and
// extending a saved sample.
#include "alignment/sampling.h"
#include "judgefixture.h"
#include "scratchproject.h"
#include "store/migrations.h"
#include "store/projectstore.h"

#include <QSqlQuery>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestSampleAssignments : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    int m_items = 0;

    ProjectStore &store() { return m_project->store(); }

    int rows(const QString &sample)
    {
        return m_project->scalar(
            u"SELECT count(*) FROM annotation_assignment WHERE sample = '%1'"_s.arg(sample));
    }

private slots:
    void init()
    {
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY2(m_project->isOpen(), qPrintable(m_project->error()));
        // 2 tasks x 6 rubrics x 2 models.
        m_items = RubricateTest::writeJudgeFixture(store(), m_project->filePath(u"in"_s), 2, 6);
    }

    void cleanup() { m_project.reset(); }

    void migrationAddsTheTable()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(u"v4.rubricate"_s);
        {
            auto v4 = ProjectStore::openAtVersion(path, 4);
            QVERIFY2(v4, qPrintable(v4.errorMessage()));
            QSqlQuery q(v4->database());
            QVERIFY(!q.exec(u"SELECT count(*) FROM annotation_assignment"_s));
        }
        auto latest = ProjectStore::open(path);
        QVERIFY2(latest, qPrintable(latest.errorMessage()));
        QVERIFY(latestSchemaVersion() >= 5);
        QCOMPARE(latest->schemaVersion(), latestSchemaVersion());
        QSqlQuery q(latest->database());
        QVERIFY(q.exec(u"PRAGMA table_info(annotation_assignment)"_s));
        QStringList columns;
        while (q.next())
            columns << q.value(1).toString();
        QCOMPARE(columns,
                 (QStringList{u"id"_s, u"sample"_s, u"report_id"_s, u"rubric_id"_s, u"annotator"_s,
                              u"position"_s, u"created_at"_s, u"seed"_s}));
        QVERIFY(latest->annotations().samples().value().isEmpty());
    }

    void itemRowsListEveryItemOnceWithTheNewestJudge()
    {
        QList<RatingRow> items = store().annotations().itemRows(u"drb2"_s).value();
        QCOMPARE(items.size(), m_items);
        QSet<std::pair<RowId, RowId>> distinct;
        for (const RatingRow &r : std::as_const(items)) {
            distinct.insert({r.reportId, r.rubricId});
            QVERIFY(!r.judge);
            QVERIFY(!r.value);
            QCOMPARE(r.benchmarkKey, u"drb2"_s);
            QVERIFY(!r.dimension.isEmpty());
            QVERIFY(r.model == u"ModelA"_s || r.model == u"ModelB"_s);
        }
        QCOMPARE(distinct.size(), m_items);
        QVERIFY(store().annotations().itemRows(u"reportbench"_s).value().isEmpty());
        QCOMPARE(store().annotations().itemRows({}).value().size(), m_items);

        // Two runs rate the first item; the newer one counts, and an error is no verdict.
        const RatingRow first = items.constFirst();
        RowId runs[2] = {};
        for (RowId &run : runs) {
            JudgeRun r;
            r.name = u"run"_s;
            r.kind = JudgeKind::Offline;
            r.status = u"finished"_s;
            run = *store().runs().createRun(r);
        }
        Verdict v;
        v.runId = runs[0];
        v.reportId = first.reportId;
        v.rubricId = first.rubricId;
        v.value = 0;
        QVERIFY(store().runs().upsertVerdict(v).ok());
        v.runId = runs[1];
        v.value = 1;
        QVERIFY(store().runs().upsertVerdict(v).ok());
        Verdict failed = v;
        failed.rubricId = items.at(1).rubricId;
        failed.value.reset();
        failed.error = u"timeout"_s;
        QVERIFY(store().runs().upsertVerdict(failed).ok());

        items = store().annotations().itemRows(u"drb2"_s).value();
        QCOMPARE(items.size(), m_items);
        QCOMPARE(items.at(0).rater, u"run:%1"_s.arg(runs[1]));
        QVERIFY(items.at(0).judge);
        QCOMPARE(items.at(0).value, std::optional<double>(1));
        QVERIFY(!items.at(1).value);
        QVERIFY(!items.at(1).judge);

        // A repeated rubric is left out, as scoring leaves it out.
        QSqlQuery q(store().database());
        QVERIFY(q.exec(u"UPDATE rubric SET duplicate_of = %1 WHERE id = %2"_s.arg(first.rubricId)
                           .arg(items.at(1).rubricId)));
        QCOMPARE(store().annotations().itemRows(u"drb2"_s).value().size(),
                 m_items - 2); // once per model
    }

    void saveAndReadAssignments()
    {
        SampleRequest request;
        request.size = 10;
        request.annotators = {u"Ada"_s, u"Bo"_s, u"Cy"_s};
        request.overlap = 2;
        request.seed = 4242;
        const SamplePlan plan
            = planSample(store().annotations().itemRows(u"drb2"_s).value(), request);
        QVERIFY2(plan.error.isEmpty(), qPrintable(plan.error));
        QCOMPARE(plan.assignments.size(), 10);

        const auto saved
            = store().annotations().saveAssignments(u"pilot"_s, request.seed, plan.assignments);
        QVERIFY2(saved, qPrintable(saved.errorMessage()));
        QCOMPARE(rows(u"pilot"_s), 20);
        QCOMPARE(store().annotations().samples().value(), QStringList{u"pilot"_s});
        QCOMPARE(store().annotations().assignments(u"pilot"_s).value(), plan.assignments);

        // One annotator's queue: their items, in position order, with co-annotators.
        const QList<Assignment> bo = store().annotations().assignments(u"pilot"_s, u"Bo"_s).value();
        int previous = -1;
        for (const Assignment &a : bo) {
            QVERIFY(a.annotators.contains(u"Bo"_s));
            QCOMPARE(a.annotators.size(), 2);
            QVERIFY(a.position > previous);
            previous = a.position;
        }
        QCOMPARE(bo.size(), plan.loads.at(1).second);
        QVERIFY(store().annotations().assignments(u"pilot"_s, u"Nobody"_s).value().isEmpty());
        QVERIFY(store().annotations().assignments(u"absent"_s).value().isEmpty());

        const auto info = store().annotations().sampleInfo(u"pilot"_s);
        QVERIFY(info);
        QCOMPARE(info->items, 10);
        QCOMPARE(info->seed, std::optional<quint32>(4242));
        QVERIFY(info->createdAt.isValid());
        QCOMPARE(info->annotators, plan.loads);
        QVERIFY(!store().annotations().sampleInfo(u"absent"_s));

        // The largest seed fits.
        QVERIFY(store().annotations().saveAssignments(u"second"_s, 4294967295u,
                                                      plan.assignments.mid(0, 1)));
        QCOMPARE(store().annotations().sampleInfo(u"second"_s)->seed,
                 std::optional<quint32>(4294967295u));
        QCOMPARE(store().annotations().samples().value(), (QStringList{u"pilot"_s, u"second"_s}));
    }

    void refusesWithoutWritingAnything()
    {
        const QList<RatingRow> items = store().annotations().itemRows(u"drb2"_s).value();
        const QList<Assignment> two = {{items.at(0).reportId, items.at(0).rubricId, {u"Ada"_s}, 0},
                                       {items.at(1).reportId, items.at(1).rubricId, {u"Bo"_s}, 1}};
        QVERIFY(store().annotations().saveAssignments(u"taken"_s, 1, two));

        const Result<void> taken = store().annotations().saveAssignments(u"taken"_s, 2, two);
        QVERIFY(!taken);
        QVERIFY(taken.errorMessage().contains(u"already"_s));
        QCOMPARE(rows(u"taken"_s), 2);
        QVERIFY(!store().annotations().saveAssignments(u" "_s, 1, two));
        QVERIFY(!store().annotations().saveAssignments(u"empty"_s, 1, {}));

        // A failure half-way (an item that does not exist, an annotator twice, a blank one)
        // leaves nothing behind.
        QList<Assignment> bad = two;
        bad.append({999999, items.at(2).rubricId, {u"Ada"_s}, 2});
        QVERIFY(!store().annotations().saveAssignments(u"broken"_s, 1, bad));
        bad = two;
        bad[1].annotators = {u"Bo"_s, u"Bo"_s};
        QVERIFY(!store().annotations().saveAssignments(u"broken"_s, 1, bad));
        bad = two;
        bad[1].annotators = {u"Bo"_s, u" "_s};
        QVERIFY(!store().annotations().saveAssignments(u"broken"_s, 1, bad));
        QCOMPARE(rows(u"broken"_s), 0);
        QCOMPARE(store().annotations().samples().value(), QStringList{u"taken"_s});

        // The store is usable after a refusal: the transaction was rolled back.
        const auto saved = store().annotations().saveAssignments(u"broken"_s, 1, two);
        QVERIFY2(saved, qPrintable(saved.errorMessage()));
    }

    // Extending adds rows with the sample's seed, in one transaction, and refuses an item or a
    // position the sample has (a second extension planned on the same sample) without
    // writing anything.
    void extendKeepsTheSampleAndRefusesWhatItHas()
    {
        const QList<RatingRow> items = store().annotations().itemRows(u"drb2"_s).value();
        const auto item = [&items](int i, const QStringList &who, int position) {
            return Assignment{items.at(i).reportId, items.at(i).rubricId, who, position};
        };
        const QList<Assignment> first{item(0, {u"Ada"_s, u"Bo"_s}, 0), item(1, {u"Bo"_s}, 1)};
        QVERIFY(store().annotations().saveAssignments(u"s"_s, 77, first));

        const QList<Assignment> more{item(2, {u"Ada"_s}, 2), item(3, {u"Ada"_s, u"Bo"_s}, 3)};
        const auto extended = store().annotations().extendSample(u"s"_s, more);
        QVERIFY2(extended, qPrintable(extended.errorMessage()));
        QCOMPARE(store().annotations().assignments(u"s"_s).value(), first + more);
        QCOMPARE(rows(u"s"_s), 6);
        QCOMPARE(
            m_project->scalar(
                u"SELECT count(*) FROM annotation_assignment WHERE sample = 's' AND seed = 77"_s),
            6); // the sample's seed on every row
        QCOMPARE(store().annotations().sampleInfo(u"s"_s)->items, 4);

        // An item it has, a position it has, an unknown sample, nothing: refused, unwritten.
        const Result<void> overlapping = store().annotations().extendSample(
            u"s"_s, {item(4, {u"Ada"_s}, 4), item(0, {u"Ada"_s}, 5)});
        QVERIFY(!overlapping);
        QVERIFY(overlapping.errorMessage().contains(u"already"_s));
        QVERIFY(!store().annotations().extendSample(u"s"_s, {item(4, {u"Ada"_s}, 3)}));
        QVERIFY(!store().annotations().extendSample(u"absent"_s, {item(4, {u"Ada"_s}, 4)}));
        QVERIFY(!store().annotations().extendSample(u"s"_s, {}));
        QCOMPARE(rows(u"s"_s), 6);
        QCOMPARE(rows(u"absent"_s), 0);
        QVERIFY(store().annotations().extendSample(u"s"_s, {item(4, {u"Ada"_s}, 4)}));
        QCOMPARE(rows(u"s"_s), 7);
    }

    void reportRemovalTakesItsAssignments()
    {
        const QList<RatingRow> items = store().annotations().itemRows(u"drb2"_s).value();
        QVERIFY(store().annotations().saveAssignments(
            u"s"_s, 1, {{items.at(0).reportId, items.at(0).rubricId, {u"Ada"_s}, 0}}));
        QSqlQuery q(store().database());
        QVERIFY(q.exec(u"DELETE FROM verdict"_s));
        QVERIFY(q.exec(u"DELETE FROM report WHERE id = %1"_s.arg(items.at(0).reportId)));
        QCOMPARE(rows(u"s"_s), 0);
    }
};

QTEST_GUILESS_MAIN(TestSampleAssignments)
#include "tst_sampleassignments.moc"
