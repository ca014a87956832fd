// The verdict panel's model: consistent under QAbstractItemModelTester, batch updates that
// touch only changed rows, errors shown as errors, and rows built from a real project.
#include "demo/demoproject.h"
#include "review/verdictmodel.h"
#include "scratchproject.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

VerdictRow row(RowId id, std::optional<double> judge, const QString &error = {})
{
    VerdictRow r;
    r.rubricId = id;
    r.dimension = u"info_recall"_s;
    r.position = int(id);
    r.rubricText = u"States fact %1."_s.arg(id);
    r.judged = judge.has_value() || !error.isEmpty();
    r.judgeValue = judge;
    r.judgeError = error;
    return r;
}

} // namespace

class TestVerdictModel : public QObject
{
    Q_OBJECT

private slots:
    void consistentAndBatched()
    {
        VerdictModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        QSignalSpy reset(&model, &QAbstractItemModel::modelReset);
        QSignalSpy changed(&model, &QAbstractItemModel::dataChanged);
        QSignalSpy inserted(&model, &QAbstractItemModel::rowsInserted);

        model.setRows(
            {row(1, 1), row(2, std::nullopt), row(3, 0), row(4, std::nullopt), row(5, -1)});
        QCOMPARE(reset.size(), 1);
        QCOMPARE(model.rowCount(), 5);
        QCOMPARE(model.columnCount(), int(VerdictModel::ColumnCount));
        QCOMPARE(model.index(4, VerdictModel::JudgeColumn).data().toString(), u"−1"_s);
        QCOMPARE(model.index(1, VerdictModel::JudgeColumn).data().toString(), QString());

        // A run answers rubrics 2 and 4 and fails on 3; a new rubric appears: two separate
        // changed ranges (2-4 are contiguous rows 1..3), one insertion, no reset.
        model.updateRows({row(1, 1), row(2, 1), row(3, std::nullopt, u"HTTP 500"_s), row(4, 0),
                          row(5, -1), row(6, 1)});
        QCOMPARE(reset.size(), 1);
        QCOMPARE(changed.size(), 1);
        QCOMPARE(changed.constFirst().at(0).toModelIndex().row(), 1);
        QCOMPARE(changed.constFirst().at(1).toModelIndex().row(), 3);
        QCOMPARE(inserted.size(), 1);
        QCOMPARE(model.rowCount(), 6);
        // An error is shown as an error, never as 0.
        const QModelIndex failed = model.index(2, VerdictModel::JudgeColumn);
        QCOMPARE(failed.data().toString(), u"error"_s);
        QVERIFY(!failed.data(VerdictModel::JudgeValueRole).isValid());
        QCOMPARE(failed.data(VerdictModel::JudgeErrorRole).toString(), u"HTTP 500"_s);

        // Nothing new: nothing announced.
        changed.clear();
        model.updateRows({row(1, 1)});
        QCOMPARE(changed.size(), 0);
        QCOMPARE(model.rowOfRubric(6), 5);
    }

    void rowsFromTheDemoProject()
    {
        RubricateTest::ScratchProject project;
        QVERIFY(importDemo(project.store()).errorCount() == 0);
        const RowId run = project.store().runs().list().constFirst().id;
        // BriarAgent's report on task 3 holds the invented "Harrow Valley" evidence.
        RowId report = 0;
        for (const ReportSummary &r : project.store().reports().reportSummaries(u"drb2"_s)) {
            if (r.model == "BriarAgent"_L1 && r.taskExternalId == "3"_L1)
                report = r.id;
        }
        QVERIFY(report);
        AnnotationEvent e;
        e.reportId = report;
        e.annotator = u"alice"_s;
        e.value = 0;
        e.note = u"invented evidence"_s;
        const QList<VerdictRow> before = verdictRows(project.store(), report, run);
        QCOMPARE(before.size(), 15);
        for (const VerdictRow &r : before) {
            if (r.rubricText.contains(u"Harrow Valley"_s))
                e.rubricId = r.rubricId;
        }
        QVERIFY(project.store().annotations().appendAnnotation(e));

        VerdictModel model;
        QAbstractItemModelTester tester(&model,
                                        QAbstractItemModelTester::FailureReportingMode::QtTest);
        model.setRows(verdictRows(project.store(), report, run, u"alice"_s));
        const int harrow = model.rowOfRubric(e.rubricId);
        QVERIFY(harrow >= 0);
        QCOMPARE(model.index(harrow, VerdictModel::JudgeColumn).data().toString(), u"1"_s);
        QCOMPARE(model.index(harrow, VerdictModel::EvidenceColumn).data().toString(),
                 u"not in report"_s);
        QCOMPARE(model.index(harrow, VerdictModel::HumanColumn).data().toString(), u"0"_s);
        QCOMPARE(model.index(harrow, VerdictModel::NoteColumn).data().toString(),
                 u"invented evidence"_s);
        // Without a run, the judge columns are empty.
        model.setRows(verdictRows(project.store(), report, 0));
        QCOMPARE(model.index(0, VerdictModel::JudgeColumn).data().toString(), QString());
    }
};

QTEST_MAIN(TestVerdictModel)
#include "tst_verdictmodel.moc"
