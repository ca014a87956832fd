#include "project/projecttreemodel.h"

#include <QAbstractItemModelTester>
#include <QSignalSpy>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

TaskSummary makeTask(RowId id, const QString &benchmark, const QString &externalId,
                     const QString &title, int rubrics)
{
    TaskSummary t;
    t.id = id;
    t.benchmarkKey = benchmark;
    t.externalId = externalId;
    t.title = title;
    t.language = u"en"_s;
    t.rubricCount = rubrics;
    return t;
}

ReportSummary makeReport(RowId id, const QString &benchmark, const QString &taskExternalId,
                         const QString &model, const QString &format, int characters)
{
    ReportSummary r;
    r.id = id;
    r.benchmarkKey = benchmark;
    r.taskExternalId = taskExternalId;
    r.model = model;
    r.format = format;
    r.characters = characters;
    r.hasText = characters > 0;
    return r;
}

// Two benchmarks; the first has two tasks with three reports between them, the second one
// task with a report without text. One report names a task that does not exist.
ProjectSnapshot syntheticSnapshot()
{
    ProjectSnapshot s;
    s.path = u"/tmp/synthetic.rubricate"_s;
    s.benchmarks = {{1, u"drb2"_s, u"DeepResearch Bench II"_s, VerdictScale::Drb2Tristate},
                    {2, u"researchrubrics"_s, u"ResearchRubrics"_s, VerdictScale::Ternary}};
    // Deliberately interleaved: the model groups by benchmark, keeping the order within.
    s.tasks = {makeTask(10, u"drb2"_s, u"1"_s, u"Heat pumps"_s, 12),
               makeTask(30, u"researchrubrics"_s, u"rr-a"_s, u"Water policy"_s, 7),
               makeTask(20, u"drb2"_s, u"2"_s, u"Bike share"_s, 5)};
    s.reports = {makeReport(100, u"drb2"_s, u"1"_s, u"AtlasAgent"_s, u"md"_s, 1200),
                 makeReport(101, u"drb2"_s, u"1"_s, u"BriarAgent"_s, u"html"_s, 900),
                 makeReport(102, u"drb2"_s, u"2"_s, u"AtlasAgent"_s, u"pdf"_s, 5000),
                 makeReport(103, u"researchrubrics"_s, u"rr-a"_s, u"ModelX"_s, u"image"_s, 0),
                 makeReport(104, u"drb2"_s, u"no-such-task"_s, u"Orphan"_s, u"md"_s, 10)};
    return s;
}

} // namespace

class TestProjectTreeModel : public QObject
{
    Q_OBJECT

private slots:
    void init()
    {
        m_model = std::make_unique<ProjectTreeModel>();
        m_tester = std::make_unique<QAbstractItemModelTester>(
            m_model.get(), QAbstractItemModelTester::FailureReportingMode::QtTest);
    }
    void cleanup()
    {
        m_tester.reset();
        m_model.reset();
    }

    void emptyModel()
    {
        QCOMPARE(m_model->rowCount(), 0);
        QCOMPARE(m_model->columnCount(), int(ProjectTreeModel::ColumnCount));
        QVERIFY(!m_model->index(0, 0).isValid());
        QVERIFY(!m_model->firstReportIndex().isValid());
        QVERIFY(!m_model->reportSummary(1));
    }

    void structure()
    {
        QSignalSpy resets(m_model.get(), &QAbstractItemModel::modelReset);
        m_model->setSnapshot(syntheticSnapshot());
        QCOMPARE(resets.count(), 1);

        QCOMPARE(m_model->rowCount(), 2);
        const QModelIndex drb2 = m_model->index(0, 0);
        const QModelIndex rr = m_model->index(1, 0);
        QCOMPARE(m_model->rowCount(drb2), 2);
        QCOMPARE(m_model->rowCount(rr), 1);

        const QModelIndex task1 = m_model->index(0, 0, drb2);
        const QModelIndex task2 = m_model->index(1, 0, drb2);
        QCOMPARE(task1.parent(), drb2);
        QCOMPARE(task2.parent(), drb2);
        QCOMPARE(m_model->rowCount(task1), 2);
        QCOMPARE(m_model->rowCount(task2), 1); // the orphan report is not attached anywhere

        const QModelIndex briar = m_model->index(1, 0, task1);
        QCOMPARE(briar.parent(), task1);
        QCOMPARE(briar.parent().parent(), drb2);
        QCOMPARE(m_model->rowCount(briar), 0);
        // Only the first column has children.
        QCOMPARE(m_model->rowCount(m_model->index(0, 1, drb2)), 0);

        const QModelIndex image = m_model->index(0, 0, m_model->index(0, 0, rr));
        QCOMPARE(image.parent().parent(), rr);
        QVERIFY(!m_model->index(5, 0, task1).isValid());
    }

    void roles()
    {
        m_model->setSnapshot(syntheticSnapshot());
        const QModelIndex drb2 = m_model->index(0, 0);
        const QModelIndex task1 = m_model->index(0, 0, drb2);
        const QModelIndex briar = m_model->index(1, 0, task1);

        using Kind = ProjectTreeModel::NodeKind;
        QCOMPARE(drb2.data(ProjectTreeModel::KindRole).toInt(), int(Kind::Benchmark));
        QCOMPARE(task1.data(ProjectTreeModel::KindRole).toInt(), int(Kind::Task));
        QCOMPARE(briar.data(ProjectTreeModel::KindRole).toInt(), int(Kind::Report));

        QCOMPARE(task1.data(ProjectTreeModel::TaskIdRole).toLongLong(), 10);
        QVERIFY(!task1.data(ProjectTreeModel::ReportIdRole).isValid());
        QCOMPARE(briar.data(ProjectTreeModel::ReportIdRole).toLongLong(), 101);
        QCOMPARE(briar.data(ProjectTreeModel::TaskIdRole).toLongLong(), 10);
        QVERIFY(!drb2.data(ProjectTreeModel::TaskIdRole).isValid());
    }

    // ReportBench: the task has no rubrics of its own, its reports have claims. Labelled "n of
    // m" counts the report's items, not the task's rubrics.
    void reportsWithTheirOwnItems()
    {
        ProjectSnapshot s;
        s.benchmarks = {{3, u"reportbench"_s, u"ReportBench"_s, VerdictScale::Binary}};
        s.tasks = {makeTask(40, u"reportbench"_s, u"rb-1"_s, u"Survey"_s, 0)};
        ReportSummary r = makeReport(200, u"reportbench"_s, u"rb-1"_s, u"ModelY"_s, u"md"_s, 50);
        r.items = 7;
        r.labelled = 2;
        s.reports = {r};
        m_model->setSnapshot(s);
        const QModelIndex bench = m_model->index(0, 0);
        QCOMPARE(m_model->index(0, 1, bench).data().toString(), u"1 report"_s);
        const QModelIndex task = m_model->index(0, 0, bench);
        const QString details = m_model->index(0, 1, task).data().toString();
        QVERIFY2(details.endsWith(u"2/7 labelled"_s), qPrintable(details));
        QCOMPARE(m_model->index(0, 0, task).data(ProjectTreeModel::AnnotationStatusRole).toInt(),
                 int(ProjectTreeModel::AnnotationStatus::InProgress));
    }

    void displayText()
    {
        m_model->setSnapshot(syntheticSnapshot());
        const QModelIndex drb2 = m_model->index(0, 0);
        const QModelIndex task1 = m_model->index(0, 0, drb2);
        QCOMPARE(drb2.data().toString(), u"DeepResearch Bench II"_s);
        QCOMPARE(m_model->index(0, 1).data().toString(), u"2 tasks"_s);
        QCOMPARE(task1.data().toString(), u"1 · Heat pumps"_s);
        QCOMPARE(m_model->index(0, 1, drb2).data().toString(), u"12 rubrics · 2 reports"_s);
        // Tasks keep the snapshot order within their benchmark.
        QCOMPARE(m_model->index(1, 0, drb2).data().toString(), u"2 · Bike share"_s);

        const QModelIndex atlas = m_model->index(0, 0, task1);
        QCOMPARE(atlas.data().toString(), u"AtlasAgent"_s);
        QVERIFY(m_model->index(0, 1, task1).data().toString().startsWith(u"Markdown · "_s));
        QVERIFY(m_model->index(0, 1, task1).data().toString().contains(u"chars"_s));

        const QModelIndex rrTask = m_model->index(0, 0, m_model->index(1, 0));
        QCOMPARE(m_model->index(0, 1, rrTask).data().toString(), u"Image · no text"_s);
        QCOMPARE(m_model->headerData(0, Qt::Horizontal).toString(), u"Project"_s);
    }

    void untitledTaskIsNamedByItsPrompt()
    {
        ProjectSnapshot s = syntheticSnapshot();
        s.tasks[1].title.clear(); // rr-a
        s.tasks[1].promptStart = u"  Compare water policies\nin three countries."_s;
        s.tasks[2].title = u"  "_s; // drb2 2
        s.tasks[2].promptStart = QString(120, u'x') + u"\nsecond line"_s;
        m_model->setSnapshot(s);
        const QModelIndex rrTask = m_model->index(0, 0, m_model->index(1, 0));
        QCOMPARE(rrTask.data().toString(), u"rr-a · Compare water policies"_s);
        QCOMPARE(rrTask.data(Qt::ToolTipRole).toString().section(u'\n', 0, 0),
                 u"Compare water policies"_s);
        // A long first line is cut to 80 characters, the last an ellipsis.
        const QString cut = m_model->index(1, 0, m_model->index(0, 0)).data().toString();
        QCOMPARE(cut, u"2 · "_s + QString(79, u'x') + u'…');
        // A long id (ResearchRubrics' 24 hex digits) follows the title, for the tree to cut.
        s.tasks[1].externalId = u"6847465956a0f6376a605427"_s;
        m_model->setSnapshot(s);
        QCOMPARE(m_model->index(0, 0, m_model->index(1, 0)).data().toString(),
                 u"Compare water policies · 6847465956a0f6376a605427"_s);
        // A task with neither keeps its id alone.
        s.tasks[1].promptStart.clear();
        m_model->setSnapshot(s);
        QCOMPARE(m_model->index(0, 0, m_model->index(1, 0)).data().toString(),
                 u"6847465956a0f6376a605427"_s);
    }

    void lookupByReportId()
    {
        m_model->setSnapshot(syntheticSnapshot());
        const QModelIndex pdf = m_model->indexOfReport(102);
        QVERIFY(pdf.isValid());
        QCOMPARE(pdf.data(ProjectTreeModel::ReportIdRole).toLongLong(), 102);
        QCOMPARE(pdf.parent().data(ProjectTreeModel::TaskIdRole).toLongLong(), 20);
        QCOMPARE(m_model->firstReportIndex().data(ProjectTreeModel::ReportIdRole).toLongLong(),
                 100);
        QVERIFY(m_model->reportSummary(103));
        QCOMPARE(m_model->reportSummary(103)->model, u"ModelX"_s);
        QVERIFY(!m_model->reportSummary(104)); // orphan
        QVERIFY(!m_model->indexOfReport(999).isValid());
    }

    void refillReplacesEverything()
    {
        QSignalSpy resets(m_model.get(), &QAbstractItemModel::modelReset);
        m_model->setSnapshot(syntheticSnapshot());

        ProjectSnapshot smaller;
        smaller.benchmarks = {{7, u"demo"_s, u"Demo"_s, VerdictScale::Drb2Tristate}};
        smaller.tasks = {makeTask(70, u"demo"_s, u"d1"_s, u"Only task"_s, 3)};
        smaller.reports = {makeReport(700, u"demo"_s, u"d1"_s, u"Solo"_s, u"txt"_s, 42)};
        m_model->setSnapshot(smaller);

        QCOMPARE(resets.count(), 2);
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->index(0, 0).data().toString(), u"Demo"_s);
        QCOMPARE(m_model->index(0, 1).data().toString(), u"1 task"_s);
        QVERIFY(!m_model->indexOfReport(100).isValid());
        QCOMPARE(m_model->indexOfReport(700).data().toString(), u"Solo"_s);

        m_model->clear();
        QCOMPARE(resets.count(), 3);
        QCOMPARE(m_model->rowCount(), 0);
    }

    void taskOfUnlistedBenchmarkGetsAGroup()
    {
        ProjectSnapshot s;
        s.tasks = {makeTask(1, u"pdrbench"_s, u"t1"_s, QString(), 0)};
        m_model->setSnapshot(s);
        QCOMPARE(m_model->rowCount(), 1);
        QCOMPARE(m_model->index(0, 0).data().toString(), u"pdrbench"_s);
        QCOMPARE(m_model->index(0, 0, m_model->index(0, 0)).data().toString(), u"t1"_s);
    }

    void groupsPdrReportsByPersona()
    {
        ProjectSnapshot s = syntheticSnapshot();
        s.benchmarks.append({3, u"pdrbench"_s, u"PDR-Bench"_s, VerdictScale::ZeroToTen});
        s.tasks.append(makeTask(40, u"pdrbench"_s, u"t-budget"_s, u"Budget"_s, 4));
        s.tasks.append(makeTask(41, u"pdrbench"_s, u"t-insurance"_s, u"Insurance"_s, 2));
        const auto pdrReport
            = [](RowId id, const QString &task, const QString &query, const QString &persona) {
                  ReportSummary r = makeReport(id, u"pdrbench"_s, task, u"ModelX"_s, u"md"_s, 100);
                  r.queryExternalId = query;
                  r.persona = persona;
                  return r;
              };
        s.reports.append(pdrReport(200, u"t-budget"_s, u"1"_s, u"u01"_s));
        s.reports.append(pdrReport(201, u"t-budget"_s, u"2"_s, u"u02"_s));
        s.reports.append(pdrReport(202, u"t-insurance"_s, u"3"_s, u"u01"_s));
        s.reports.append(pdrReport(203, u"t-insurance"_s, u"4"_s, QString()));
        s.personas = {{1, 3, u"u01"_s, u"Mei"_s, {}}, {2, 3, u"u02"_s, u"Tom"_s, {}}};
        m_model->setSnapshot(s);
        QVERIFY(m_model->hasPersonas());
        const QModelIndex pdr = m_model->index(2, 0);
        QCOMPARE(pdr.data().toString(), u"PDR-Bench"_s);
        QCOMPARE(m_model->rowCount(pdr), 2); // by task first

        QSignalSpy resets(m_model.get(), &QAbstractItemModel::modelReset);
        m_model->setGrouping(ProjectTreeModel::Grouping::ByPersona);
        QCOMPARE(resets.count(), 1);
        m_model->setGrouping(ProjectTreeModel::Grouping::ByPersona); // no change, no reset
        QCOMPARE(resets.count(), 1);
        // Other benchmarks keep their tasks.
        QCOMPARE(m_model->rowCount(m_model->index(0, 0)), 2);
        QCOMPARE(m_model->index(0, 0, m_model->index(0, 0)).data().toString(), u"1 · Heat pumps"_s);

        using Kind = ProjectTreeModel::NodeKind;
        QCOMPARE(m_model->rowCount(pdr), 3); // u01, u02, and the report without a persona
        QCOMPARE(m_model->index(2, 1).data().toString(), u"3 personas"_s);
        const QModelIndex mei = m_model->index(0, 0, pdr);
        QCOMPARE(mei.data(ProjectTreeModel::KindRole).toInt(), int(Kind::Persona));
        QCOMPARE(mei.data().toString(), u"u01 · Mei"_s);
        QCOMPARE(mei.data(ProjectTreeModel::PersonaRole).toString(), u"u01"_s);
        QCOMPARE(m_model->index(0, 1, pdr).data().toString(), u"2 tasks · 2 reports"_s);
        QCOMPARE(m_model->rowCount(mei), 2);
        const QModelIndex budget = m_model->index(0, 0, mei);
        QCOMPARE(budget.data(ProjectTreeModel::KindRole).toInt(), int(Kind::Task));
        QCOMPARE(budget.data(ProjectTreeModel::TaskIdRole).toLongLong(), 40);
        QCOMPARE(m_model->rowCount(budget), 1); // only Mei's report of the shared task
        QCOMPARE(m_model->index(0, 0, budget).data(ProjectTreeModel::ReportIdRole).toLongLong(),
                 200);
        const QModelIndex tom = m_model->index(1, 0, pdr);
        QCOMPARE(m_model->rowCount(tom), 1); // Tom asked only the budget task
        QCOMPARE(m_model->index(2, 0, pdr).data().toString(), u"No persona"_s);

        // Lookups follow the grouping.
        const QModelIndex r202 = m_model->indexOfReport(202);
        QCOMPARE(r202.parent().parent(), mei);
        QCOMPARE(r202.parent().parent().parent(), pdr);
        QCOMPARE(r202.data(ProjectTreeModel::PersonaRole).toString(), u"u01"_s);
        QCOMPARE(m_model->reportSummary(201)->persona, u"u02"_s);
        QCOMPARE(m_model->firstReportIndex().data(ProjectTreeModel::ReportIdRole).toLongLong(),
                 100);

        m_model->setGrouping(ProjectTreeModel::Grouping::ByTask);
        QCOMPARE(m_model->rowCount(pdr), 2);
        QCOMPARE(m_model->indexOfReport(202).parent().parent(), pdr);
    }

private:
    std::unique_ptr<ProjectTreeModel> m_model;
    std::unique_ptr<QAbstractItemModelTester> m_tester;
};

QTEST_GUILESS_MAIN(TestProjectTreeModel)
#include "tst_projecttreemodel.moc"
