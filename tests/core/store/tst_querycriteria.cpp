// ProjectStore::replaceQueryCriteria: a person's edit of one PDR-Bench query's criteria keeps
// the ids of what remains, writes everything or nothing, and never loses a human label.
#include "ingest/importer.h"
#include "pdrfixtures.h"
#include "scratchproject.h"
#include "store/projectstore.h"
#include "store/verdictrows.h"

#include <QSqlQuery>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestQueryCriteria : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;
    ProjectStore *m_store = nullptr;
    RowId m_query = 0;
    RowId m_task = 0;
    RowId m_report = 0;

    // The query's criteria in display order: by dimension as first imported, then position.
    QList<Rubric> criteria()
    {
        QList<Rubric> out = m_store->catalog().rubrics(m_task, m_query);
        QStringList dims;
        for (const Rubric &r : std::as_const(out)) {
            if (!dims.contains(r.dimension))
                dims << r.dimension;
        }
        std::stable_sort(out.begin(), out.end(), [&](const Rubric &a, const Rubric &b) {
            const auto da = dims.indexOf(a.dimension), db = dims.indexOf(b.dimension);
            return da != db ? da < db : a.position < b.position;
        });
        return out;
    }

    static qsizetype indexOfText(const QList<Rubric> &list, const QString &text)
    {
        for (qsizetype i = 0; i < list.size(); ++i) {
            if (list.at(i).text == text)
                return i;
        }
        return -1;
    }

    RowId judge(RowId rubricId, double value)
    {
        JudgeRun run;
        run.name = u"judge"_s;
        run.kind = JudgeKind::Llm;
        run.status = u"finished"_s;
        const auto runId = m_store->runs().createRun(run);
        if (!runId)
            return 0;
        Verdict v;
        v.runId = *runId;
        v.reportId = m_report;
        v.rubricId = rubricId;
        v.value = value;
        return m_store->runs().upsertVerdict(v).ok() ? *runId : 0;
    }

    int count(const QString &sql) { return m_project->scalar(sql); }

private slots:
    void init()
    {
        // A fresh project per test: each one edits the same query its own way.
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY2(m_project->isOpen(), qPrintable(m_project->error()));
        m_store = &m_project->store();
        const QString root = m_project->filePath(u"data"_s);
        QVERIFY(RubricateTest::writePdrDataFolder(root));
        runImport(*m_store, ImportKind::PdrFolder, root);
        const auto bench = m_store->catalog().benchmark(u"pdrbench"_s);
        QVERIFY(bench);
        m_query = m_store->catalog().queryId(bench->id, u"1"_s).value_or(0);
        QVERIFY(m_query);
        m_task = m_store->catalog().query(m_query)->taskId;
        const auto model = m_store->reports().modelId(u"ModelX"_s);
        QVERIFY(model);
        m_report = m_store->reports().reportId(*model, m_task, m_query).value_or(0);
        QVERIFY(m_report);
        QCOMPARE(criteria().size(), 4);
    }

    void listsPersonas()
    {
        for (const QString &key : {QString(), u"pdrbench"_s}) {
            const QList<Persona> personas = m_store->catalog().personas(key).value();
            QCOMPARE(personas.size(), 2);
            QCOMPARE(personas.at(0).externalId, u"u01"_s);
            QCOMPARE(personas.at(0).name, u"Mei"_s);
            QCOMPARE(personas.at(1).attributes.value(u"new_field_nobody_documented"_s), true);
        }
        QVERIFY(m_store->catalog().personas(u"drb2"_s).value().isEmpty());
    }

    void keepsIdsAndInsertsUpdatesDeletesInOneGo()
    {
        const QList<Rubric> before = criteria();
        // goal_alignment: "shift income" 0.6, "savings goal" 0.4; presentation_fit: table;
        // depth_insight: trade-offs.
        QList<Rubric> edited = before;
        const qsizetype shift = indexOfText(edited, u"Addresses the nurse's shift income"_s);
        const qsizetype savings = indexOfText(edited, u"Sets a savings goal"_s);
        const qsizetype table = indexOfText(edited, u"Uses a table"_s);
        const qsizetype depth = indexOfText(edited, u"Explains trade-offs"_s);
        QVERIFY(shift >= 0 && savings >= 0 && table >= 0 && depth >= 0);
        const RowId shiftId = edited.at(shift).id, savingsId = edited.at(savings).id;
        const RowId tableId = edited.at(table).id, depthId = edited.at(depth).id;
        edited[savings].weight = 0.5;
        edited[shift].weight = 0.5;
        edited.swapItemsAt(shift, savings); // savings goal first now
        edited[table].text = u"Uses one table per year"_s;
        edited.removeAt(depth);
        Rubric added;
        added.dimension = u"depth_insight"_s;
        added.text = u"Names the biggest risk"_s;
        added.weight = 1.0;
        added.dimensionWeight = 0.4;
        added.metadata = {{u"family"_s, u"quality"_s}, {u"explanation"_s, u"why"_s}};
        edited.append(added);

        const auto result
            = m_store->catalog().replaceQueryCriteria(m_query, edited, {u"Ada"_s, false});
        QVERIFY2(result, qPrintable(result.errorMessage()));
        QCOMPARE(result->deleted, QList<RowId>{depthId});
        QCOMPARE(result->inserted.size(), 1);
        QCOMPARE(result->unchanged, 0);
        QList<RowId> updated = result->updated;
        std::sort(updated.begin(), updated.end());
        QList<RowId> expected{shiftId, savingsId, tableId};
        std::sort(expected.begin(), expected.end());
        QCOMPARE(updated, expected);

        const QList<Rubric> after = criteria();
        QCOMPARE(after.size(), 4);
        QCOMPARE(after.at(0).id, savingsId); // kept its id, moved to position 0
        QCOMPARE(after.at(0).position, 0);
        QCOMPARE(after.at(0).weight, 0.5);
        QCOMPARE(after.at(1).id, shiftId);
        QCOMPARE(after.at(1).position, 1);
        const Rubric &tableAfter = after.at(2);
        QCOMPARE(tableAfter.id, tableId);
        QCOMPARE(tableAfter.text, u"Uses one table per year"_s);
        QCOMPARE(tableAfter.metadata.value(u"origin"_s).toString(), u"imported"_s);
        QCOMPARE(tableAfter.metadata.value(u"edited_by"_s).toString(), u"Ada"_s);
        QVERIFY(!tableAfter.metadata.value(u"edited_at"_s).toString().isEmpty());
        QVERIFY(!tableAfter.metadata.value(u"criterion_edited_at"_s).toString().isEmpty());
        QCOMPARE(tableAfter.metadata.value(u"original_text"_s).toString(), u"Uses a table"_s);
        QCOMPARE(tableAfter.metadata.value(u"family"_s).toString(), u"personalization"_s);
        // A weight or order change is not a change of the question.
        QVERIFY(!after.at(0).metadata.contains(u"criterion_edited_at"_s));
        QCOMPARE(after.at(3).id, result->inserted.constFirst());
        QCOMPARE(after.at(3).metadata.value(u"origin"_s).toString(), u"manual"_s);
        QCOMPARE(after.at(3).scale, VerdictScale::ZeroToTen);
        QCOMPARE(after.at(3).dimensionWeight, std::optional<double>(0.4));

        // Saving the same list again changes nothing.
        const auto again
            = m_store->catalog().replaceQueryCriteria(m_query, after, {u"Ada"_s, false});
        QVERIFY(again);
        QCOMPARE(again->unchanged, 4);
        QVERIFY(again->updated.isEmpty() && again->inserted.isEmpty() && again->deleted.isEmpty());
        QCOMPARE(criteria().at(2).metadata, tableAfter.metadata);
    }

    void refusesToDeleteAnnotatedCriteria()
    {
        const QList<Rubric> before = criteria();
        AnnotationEvent e;
        e.reportId = m_report;
        e.rubricId = before.at(0).id;
        e.annotator = u"Ada"_s;
        e.value = 7;
        QVERIFY(m_store->annotations().appendAnnotation(e));
        const auto usage = m_store->catalog().criterionUsage(m_query);
        QVERIFY(usage);
        QCOMPARE(usage->value(before.at(0).id).annotations, 1);

        QList<Rubric> edited = before;
        edited.removeFirst();
        edited[0].weight = 1.0; // a change that must not be written either
        const auto labelled
            = m_store->catalog().replaceQueryCriteria(m_query, edited, {u"Ada"_s, true});
        QVERIFY(!labelled);
        QVERIFY(labelled.errorMessage().contains(u"annotation"_s));
        QCOMPARE(criteria().size(), before.size());
        QCOMPARE(criteria().at(1).weight, before.at(1).weight);
        QCOMPARE(count(u"SELECT COUNT(*) FROM annotation_event"_s), 1);

        // Editing the annotated criterion's text is allowed: its label stays with it.
        edited = before;
        edited[0].text = u"Addresses shift income and overtime"_s;
        const auto textEdited
            = m_store->catalog().replaceQueryCriteria(m_query, edited, {u"Ada"_s, false});
        QVERIFY2(textEdited, qPrintable(textEdited.errorMessage()));
        QCOMPARE(m_store->annotations().currentAnnotation(m_report, before.at(0).id)->value, 7.0);
    }

    void deletingJudgedCriteriaNeedsPermission()
    {
        const QList<Rubric> before = criteria();
        const RowId judged = before.constLast().id;
        QVERIFY(judge(judged, 6));
        QCOMPARE(m_store->catalog().criterionUsage(m_query)->value(judged).verdicts, 1);
        QList<Rubric> edited = before;
        edited.removeLast();
        const auto judgedRemoved
            = m_store->catalog().replaceQueryCriteria(m_query, edited, {u"Ada"_s, false});
        QVERIFY(!judgedRemoved);
        QVERIFY(judgedRemoved.errorMessage().contains(u"verdict"_s));
        QCOMPARE(count(u"SELECT COUNT(*) FROM verdict"_s), 1);
        const auto result
            = m_store->catalog().replaceQueryCriteria(m_query, edited, {u"Ada"_s, true});
        QVERIFY2(result, qPrintable(result.errorMessage()));
        QCOMPARE(result->deleted, QList<RowId>{judged});
        QCOMPARE(count(u"SELECT COUNT(*) FROM verdict"_s), 0);
    }

    void verdictsOlderThanAnEditAreStale()
    {
        const QList<Rubric> before = criteria();
        const RowId run = judge(before.at(0).id, 8);
        QVERIFY(run);
        QVERIFY(judge(before.at(1).id, 3));
        const auto staleOf = [&](RowId rubricId) {
            for (const VerdictRow &row : verdictRows(*m_store, m_report, run))
                if (row.rubricId == rubricId)
                    return row.judgeStale;
            return false;
        };
        QVERIFY(!staleOf(before.at(0).id));
        QList<Rubric> edited = before;
        edited[0].text = u"Addresses the shift income in numbers"_s;
        edited[1].weight = 0.9; // weights do not change the question
        QVERIFY(m_store->catalog().replaceQueryCriteria(m_query, edited, {u"Ada"_s, false}));
        QVERIFY(staleOf(before.at(0).id));
        QVERIFY(!staleOf(before.at(1).id));
    }

    void rollsBackWhenAWriteFails()
    {
        const QList<Rubric> before = criteria();
        QSqlQuery q(m_store->database());
        if (RubricateTest::onPostgres()) {
            QVERIFY(q.exec(u"CREATE FUNCTION boom() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN"
                           " IF NEW.text = 'boom' THEN RAISE EXCEPTION 'boom'; END IF;"
                           " RETURN NEW; END $$"_s));
            QVERIFY(q.exec(u"CREATE TRIGGER boom BEFORE INSERT ON rubric"
                           " FOR EACH ROW EXECUTE FUNCTION boom()"_s));
        } else {
            QVERIFY(q.exec(u"CREATE TEMP TRIGGER boom BEFORE INSERT ON rubric"
                           " WHEN NEW.text = 'boom' BEGIN SELECT RAISE(ABORT, 'boom'); END"_s));
        }
        QList<Rubric> edited = before;
        edited.swapItemsAt(0, 1);
        edited[2].text = u"changed before the failure"_s;
        edited.removeLast();
        Rubric bad = before.at(0);
        bad.id = 0;
        bad.text = u"boom"_s;
        edited.append(bad);
        const auto clash
            = m_store->catalog().replaceQueryCriteria(m_query, edited, {u"Ada"_s, false});
        QVERIFY(!clash);
        QVERIFY(clash.errorMessage().contains(u"boom"_s));
        const QList<Rubric> after = criteria();
        QCOMPARE(after.size(), before.size());
        for (qsizetype i = 0; i < before.size(); ++i) {
            QCOMPARE(after.at(i).id, before.at(i).id);
            QCOMPARE(after.at(i).text, before.at(i).text);
            QCOMPARE(after.at(i).position, before.at(i).position);
            QCOMPARE(after.at(i).metadata, before.at(i).metadata);
        }
        QVERIFY(q.exec(RubricateTest::onPostgres() ? u"DROP TRIGGER boom ON rubric"_s
                                                   : u"DROP TRIGGER boom"_s));
    }

    void refusesWhatIsNotTheQuerys()
    {
        QList<Rubric> edited = criteria();
        const auto bench = m_store->catalog().benchmark(u"pdrbench"_s);
        const RowId other = *m_store->catalog().queryId(bench->id, u"2"_s);
        const QList<Rubric> foreign
            = m_store->catalog().rubrics(m_store->catalog().query(other)->taskId, other);
        QVERIFY(!foreign.isEmpty());
        edited.append(foreign.constFirst());
        QVERIFY(!m_store->catalog().replaceQueryCriteria(m_query, edited, {}));
        edited.removeLast();
        edited[0].text = u"  "_s;
        QVERIFY(!m_store->catalog().replaceQueryCriteria(m_query, edited, {}));
        edited = criteria();
        edited.append(edited.constFirst()); // the same id twice
        QVERIFY(!m_store->catalog().replaceQueryCriteria(m_query, edited, {}));
        QCOMPARE(criteria().size(), 4);
        QVERIFY(!m_store->catalog().replaceQueryCriteria(9999, {}, {}));
    }
};

QTEST_GUILESS_MAIN(TestQueryCriteria)
#include "tst_querycriteria.moc"
