// The agreement dashboard on the demo project (one judge run, two annotators): it computes
// off the GUI thread, a filter changes the numbers, a disagreement opens the report at its
// rubric, and the export writes every table and chart.
#include "alignmentdashboard.h"
#include "alignmentmodels.h"
#include "demo/demoproject.h"
#include "mainwindow.h"
#include "reportview.h"
#include "store/projectstore.h"
#include "verdictpanel.h"

#include <QAbstractItemModelTester>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {
constexpr int Timeout = 30000; // bootstraps on a loaded 2-core machine
}

class TestDashboard : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void dashboardComputesFiltersOpensAndExports();

private:
    QTemporaryDir m_dir;
};

void TestDashboard::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"RubricateTest"_s);
    QCoreApplication::setApplicationName(u"tst_dashboard"_s);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
}

void TestDashboard::dashboardComputesFiltersOpensAndExports()
{
    const QString path = m_dir.filePath(u"demo.rubricate"_s);
    {
        QString error;
        auto store = ProjectStore::open(path, &error);
        QVERIFY2(store, qPrintable(error));
        QCOMPARE(importDemo(*store).errorCount(), 0);
        // A saved subset: an annotation sample of the first 20 judged items.
        QList<Assignment> sample;
        QSet<std::pair<RowId, RowId>> seen;
        for (const RatingRow &r : store->ratingRows()) {
            if (r.judge && sample.size() < 20 && !seen.contains({r.reportId, r.rubricId})) {
                seen.insert({r.reportId, r.rubricId});
                sample.append({r.reportId, r.rubricId, {u"Ana"_s}, int(sample.size())});
            }
        }
        QVERIFY(store->saveAssignments(u"first twenty"_s, 7, sample));
    }
    MainWindow window;
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openProject(path);
    QTRY_COMPARE_WITH_TIMEOUT(window.projectPath(), path, Timeout);

    AlignmentDashboard *dashboard = window.dashboard();
    QSignalSpy ready(dashboard, &AlignmentDashboard::reportReady);
    window.showPage(1); // computed when shown
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() && !dashboard->isBusy(), Timeout);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->report().mainComparison() != nullptr, Timeout);
    QAbstractItemModelTester comparisons(dashboard->comparisonsView()->model(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester disagreements(dashboard->disagreementsView()->model(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);

    const AlignmentReport &all = dashboard->report();
    QCOMPARE(all.annotators.size(), 2); // Ana and Ben
    QVERIFY(all.majorityTies > 0); // two annotators who disagree have no majority
    const qsizetype allItems = all.mainComparison()->n;
    QVERIFY(all.mainComparison()->kappa.point.isDefined());
    QVERIFY(all.mainComparison()->kappa.lower.has_value()); // intervals are on by default
    // Judge vs majority, judge vs Ana, judge vs Ben, Ana vs Ben.
    QCOMPARE(dashboard->comparisonsView()->model()->rowCount(), 4);
    QVERIFY(dashboard->summaryLabel()->text().contains(u"κ"_s));

    // The saved sample as a subset: at most its 20 items.
    QComboBox *subset = dashboard->subsetBox();
    QCOMPARE(subset->count(), 2);
    subset->setCurrentIndex(1);
    QTRY_VERIFY_WITH_TIMEOUT(!dashboard->isBusy(), Timeout);
    QTRY_COMPARE_WITH_TIMEOUT(dashboard->report().options.subset.size(), 20, Timeout);
    QVERIFY(dashboard->report().table.unitCount() <= 20);
    subset->setCurrentIndex(0);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->report().options.subset.isEmpty() && !dashboard->isBusy(),
                             Timeout);

    // Filter to one agent: fewer items, and the options say so.
    dashboard->filterAttributeBox()->setCurrentIndex(
        dashboard->filterAttributeBox()->findData(u"model"_s));
    dashboard->filterValueBox()->setCurrentIndex(
        dashboard->filterValueBox()->findData(u"AtlasAgent"_s));
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->report().options.filters.value(RatingAttribute::Model)
                                     == u"AtlasAgent"_s
                                 && !dashboard->isBusy(),
                             Timeout);
    QVERIFY(dashboard->report().mainComparison()->n < allItems);
    for (const Disagreement &d : dashboard->report().disagreements)
        QCOMPARE(d.model, u"AtlasAgent"_s);

    // Binary labels: two categories.
    dashboard->collapseBox()->setCurrentIndex(1);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->report().categories.size() == 2 && !dashboard->isBusy(),
                             Timeout);

    // A disagreement opens its report at its rubric, on the review page.
    QTableView *list = dashboard->disagreementsView();
    QVERIFY(list->model()->rowCount() > 0);
    const QModelIndex first = list->model()->index(0, 0);
    const RowId report = first.data(DisagreementsModel::ReportIdRole).toLongLong();
    const RowId rubric = first.data(DisagreementsModel::RubricIdRole).toLongLong();
    emit list->activated(first);
    QTRY_COMPARE_WITH_TIMEOUT(window.reportView()->reportId(), report, Timeout);
    QTRY_COMPARE(window.verdictPanel()->currentRubric(), rubric);

    // Export: every table, the label table, the manifest and the charts.
    window.showPage(1);
    const QString out = m_dir.filePath(u"export"_s);
    QSignalSpy exported(dashboard, &AlignmentDashboard::exported);
    dashboard->exportTo(out);
    QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, Timeout);
    QCOMPARE(exported.at(0).at(2).toString(), QString()); // no error
    const QStringList files = exported.at(0).at(1).toStringList();
    for (const QString &name :
         {u"comparisons.csv"_s, u"comparisons.json"_s, u"breakdown.csv"_s, u"labels.csv"_s,
          u"alignment.md"_s, u"alignment.tex"_s, u"manifest.json"_s, u"confusion.png"_s,
          u"confusion.svg"_s, u"breakdown-kappa.png"_s, u"annotator-pairs.svg"_s}) {
        QVERIFY2(QFile::exists(QDir(out).filePath(name)), qPrintable(name));
        QVERIFY2(QFileInfo(QDir(out).filePath(name)).size() > 100, qPrintable(name));
    }
    QFile manifest(QDir(out).filePath(u"manifest.json"_s));
    QVERIFY(manifest.open(QIODevice::ReadOnly));
    const QJsonObject m = QJsonDocument::fromJson(manifest.readAll()).object();
    QVERIFY(!m.isEmpty());
    QVERIFY(QString::fromUtf8(QJsonDocument(m).toJson()).contains(u"AtlasAgent"_s)); // the filter
    QFile svg(QDir(out).filePath(u"confusion.svg"_s));
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QVERIFY(svg.readAll().contains("<svg"));
}

QTEST_MAIN(TestDashboard)
#include "tst_dashboard.moc"
