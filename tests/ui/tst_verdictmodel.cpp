// The verdict panel's model: consistent under QAbstractItemModelTester, batch updates that
// touch only changed rows, errors shown as errors, and rows built from a real project.
#include "demo/demoproject.h"
#include "review/evidencemarks.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "scratchproject.h"
#include "waits.h"

#include <QAbstractItemModelTester>
#include <QDir>
#include <QLabel>
#include <QSignalSpy>
#include <QTableView>
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

    // A pitfall (ResearchRubrics, negative weight) that the report meets lowers its score: it
    // is shown in the report's red, with a tooltip that says why, never in a "met" green.
    void metPitfallLooksLikeBadNews()
    {
        VerdictModel model;
        VerdictRow pitfall = row(1, 1);
        pitfall.scale = VerdictScale::Ternary;
        pitfall.weight = -2;
        pitfall.reason = u"The report cites a retracted study."_s;
        VerdictRow avoided = pitfall;
        avoided.rubricId = 2;
        avoided.judgeValue = 0;
        VerdictRow met = row(3, 1);
        met.scale = VerdictScale::Ternary;
        met.weight = 3;
        VerdictRow labelled = pitfall;
        labelled.rubricId = 4;
        labelled.judgeValue = 0.5; // partly met is still partly bad
        labelled.humanValue = 0.5;
        model.setRows({pitfall, avoided, met, labelled});

        const auto redness = [&model](int row, int column, int role) {
            const QColor c = model.index(row, column).data(role).value<QBrush>().color();
            return c.red() > 150 && c.green() < 100;
        };
        const QModelIndex judge = model.index(0, VerdictModel::JudgeColumn);
        QCOMPARE(judge.data().toString(), u"met"_s);
        QVERIFY(redness(0, VerdictModel::JudgeColumn, Qt::BackgroundRole));
        QCOMPARE(judge.data(Qt::BackgroundRole).value<QBrush>().color(),
                 evidenceColour(EvidenceMeaning::Against));
        QVERIFY(judge.data(Qt::ForegroundRole).value<QBrush>().color().red() > 150);
        const QString why = judge.data(Qt::ToolTipRole).toString();
        QVERIFY2(why.contains(u"Pitfall met"_s) && why.contains(u"lowers"_s), qPrintable(why));
        QVERIFY(why.contains(pitfall.reason));
        // The same colour where the report highlights its evidence.
        QCOMPARE(evidenceColour(1, VerdictScale::Ternary, true),
                 evidenceColour(EvidenceMeaning::Against));
        QVERIFY(evidenceColour(1, VerdictScale::Ternary, true)
                != evidenceColour(1, VerdictScale::Ternary, false));
        QCOMPARE(evidenceMeaning(0.5, VerdictScale::Ternary, true), EvidenceMeaning::Against);

        // An avoided pitfall and an ordinary met criterion are not alarms.
        QVERIFY(!model.index(1, VerdictModel::JudgeColumn).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(2, VerdictModel::JudgeColumn).data(Qt::BackgroundRole).isValid());
        QVERIFY(!model.index(2, VerdictModel::JudgeColumn)
                     .data(Qt::ToolTipRole)
                     .toString()
                     .contains(u"Pitfall"_s));
        QCOMPARE(evidenceMeaning(1, VerdictScale::Ternary, false), EvidenceMeaning::Met);
        QCOMPARE(evidenceMeaning(0, VerdictScale::Ternary, true), EvidenceMeaning::NotMet);

        // A person's label of a met pitfall is marked the same way.
        QVERIFY(redness(3, VerdictModel::HumanColumn, Qt::BackgroundRole));
        QVERIFY(redness(3, VerdictModel::JudgeColumn, Qt::BackgroundRole));

        // In the report: the pitfall's evidence in red, and a key that says what red means.
        LoadedReport loaded;
        loaded.report.id = 9;
        loaded.report.format = ReportFormat::Text;
        loaded.report.hasText = true;
        loaded.report.text = u"A retracted study is cited. The method is explained."_s;
        pitfall.spans = {{0, 27, u"exact"_s}};
        met.spans = {{28, 24, u"exact"_s}};
        ReportView view;
        view.showReport(loaded, u"Model"_s, {pitfall, met});
        QTRY_VERIFY_WITH_TIMEOUT(!view.isBuilding(), BackgroundWorkTimeout);
        QCOMPARE(view.marks().size(), 2);
        QVERIFY(view.marks().at(0).pitfall);
        QCOMPARE(evidenceColour(view.marks().at(0).value, view.marks().at(0).scale,
                                view.marks().at(0).pitfall),
                 evidenceColour(EvidenceMeaning::Against));
        const QString legend = view.legend()->text();
        QVERIFY2(legend.contains(u"pitfall met"_s) && legend.contains(u"met"_s),
                 qPrintable(legend));
        QVERIFY(!legend.contains(u"blocked"_s));
        QVERIFY(view.legend()->toolTip().contains(u"negative weight"_s));

        if (const QString dir = qEnvironmentVariable("RUBRICATE_SCREENSHOT_DIR"); !dir.isEmpty()) {
            QDir().mkpath(dir);
            view.resize(520, 220);
            QVERIFY(view.grab().save(dir + u"/pitfall-report.png"_s));
            QTableView table;
            table.setModel(&model);
            table.resize(720, 170);
            table.resizeColumnsToContents();
            QVERIFY(table.grab().save(dir + u"/pitfall-verdicts.png"_s));
        }
    }

    void rowsFromTheDemoProject()
    {
        RubricateTest::ScratchProject project;
        QVERIFY(importDemo(project.store()).errorCount() == 0);
        const RowId run = project.store().runs().list().value().constFirst().id;
        // BriarAgent's report on task 3 holds the invented "Harrow Valley" evidence.
        RowId report = 0;
        for (const ReportSummary &r :
             project.store().reports().reportSummaries(u"drb2"_s).value()) {
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
