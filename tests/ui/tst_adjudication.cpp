// Adjudication through the real window: the page opened from View → Adjudication and from the
// Agreement page's disagreements, every annotator's label and note beside the judge's verdict,
// gold recorded with the label keys as its own kind of event, undone as a new event, and the
// agreement page comparing the judge with the gold labels.
#include "agreement/adjudicationmodel.h"
#include "agreement/adjudicationpage.h"
#include "agreement/alignmentdashboard.h"
#include "demo/demoproject.h"
#include "project/projectexplorer.h"
#include "project/projecttreemodel.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "services/annotationwriter.h"
#include "shell/mainwindow.h"
#include "store/projectstore.h"
#include "waits.h"

#include <QAbstractButton>
#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QSettings>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTableWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QUndoStack>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestAdjudication : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void viewMenuShowsEveryoneAndKeysWriteGold();
    void disagreementOpensAdjudicationAndGoldIsCompared();

private:
    std::unique_ptr<ProjectStore> store();
    QList<AnnotationEvent> goldEvents(RowId report, RowId rubric);
    AdjudicationPage *page() const { return m_window->adjudication(); }

    QTemporaryDir m_dir;
    QString m_projectPath;
    RowId m_report = 0; // a DRB-II report of the demo
    RowId m_rubric = 0; // its first item, labelled by Ada and Bo below
    std::unique_ptr<MainWindow> m_window;
};

void TestAdjudication::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"RubricateTest"_s);
    QCoreApplication::setApplicationName(u"tst_adjudication"_s);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
}

std::unique_ptr<ProjectStore> TestAdjudication::store()
{
    auto s = ProjectStore::create(m_projectPath);
    if (!s) {
        qWarning("%s", qPrintable(s.errorMessage()));
        return nullptr;
    }
    return std::move(s).value();
}

QList<AnnotationEvent> TestAdjudication::goldEvents(RowId report, RowId rubric)
{
    auto s = store();
    QList<AnnotationEvent> history
        = s ? s->annotations().annotationHistory(report, rubric) : QList<AnnotationEvent>();
    history.removeIf([](const AnnotationEvent &e) { return e.kind != AnnotationKind::Gold; });
    return history;
}

void TestAdjudication::init()
{
    // A fresh demo project per test, with two more annotators on one item: Ada says it is met,
    // Bo says it is not, and both leave a note.
    QSettings().clear();
    static int n = 0;
    m_projectPath = m_dir.filePath(u"demo-%1.rubricate"_s.arg(++n));
    {
        auto s = store();
        QVERIFY(s);
        const ImportSummary summary = importDemo(*s);
        QVERIFY2(summary.errorCount() == 0, qPrintable(summary.toText()));
        for (const ReportSummary &r : s->reports().reportSummaries(u"drb2"_s).value()) {
            if (r.format == u"md"_s) {
                m_report = r.id;
                break;
            }
        }
        QVERIFY(m_report);
        const auto report = s->reports().report(m_report);
        QVERIFY(report);
        m_rubric = s->catalog().reportItems(*report).constFirst().id;
        Transaction tx(*s);
        for (const auto &[who, value, note] :
             {std::tuple{u"Ada"_s, 1.0, u"the report names all three"_s},
              std::tuple{u"Bo"_s, 0.0, u"only two of three"_s}}) {
            AnnotationEvent e;
            e.reportId = m_report;
            e.rubricId = m_rubric;
            e.annotator = who;
            e.at = QDateTime::currentDateTimeUtc();
            e.value = value;
            e.note = note;
            e.provenance.method = LabelMethod::Typed;
            const auto appended = s->annotations().appendAnnotation(e);
            QVERIFY2(appended, qPrintable(appended.errorMessage()));
        }
        QVERIFY(tx.commit());
    }
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->openProject(m_projectPath);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->projectModel()->rowCount() > 0, BackgroundWorkTimeout);
}

void TestAdjudication::cleanup()
{
    m_window.reset();
}

void TestAdjudication::viewMenuShowsEveryoneAndKeysWriteGold()
{
    QVERIFY(m_window->explorer()->selectReport(m_report));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->reportView()->reportId(), m_report, BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->verdictPanel()->model()->rowCount() > 0,
                             BackgroundWorkTimeout);
    const int items = m_window->verdictPanel()->model()->rowCount();

    auto *action = m_window->findChild<QAction *>(u"actionAdjudication"_s);
    QVERIFY(action);
    action->trigger();
    QCOMPARE(m_window->findChild<QTabWidget *>(u"pages"_s)->currentWidget(), page());
    AdjudicationModel *model = page()->model();
    QAbstractItemModelTester tester(model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), items, BackgroundWorkTimeout);

    // Ada's and Bo's labels and notes, the judge's verdict and no gold yet, side by side.
    const int row = model->rowOf(m_report, m_rubric);
    QVERIFY(row >= 0);
    QTableView *list = page()->itemsView();
    list->setFocus();
    list->setCurrentIndex(model->index(row, AdjudicationModel::RubricColumn));
    QCOMPARE(model->index(row, AdjudicationModel::FlagColumn).data().toString(), u"≠"_s);
    const QString annotators
        = model->index(row, AdjudicationModel::AnnotatorsColumn).data().toString();
    QVERIFY2(annotators.contains(u"Ada 1"_s) && annotators.contains(u"Bo 0"_s),
             qPrintable(annotators));
    QTableWidget *detail = page()->detailView();
    QStringList who, notes;
    for (int r = 0; r < detail->rowCount(); ++r) {
        who << detail->item(r, 0)->text();
        notes << detail->item(r, 2)->text();
    }
    QVERIFY2(who.contains(u"Ada"_s) && who.contains(u"Bo"_s), qPrintable(who.join(u", "_s)));
    QVERIFY(notes.contains(u"the report names all three"_s));
    QVERIFY(notes.contains(u"only two of three"_s));
    QVERIFY(std::any_of(who.cbegin(), who.cend(),
                        [](const QString &w) { return w.startsWith(u"Judge · "_s); }));
    QCOMPARE(who.constLast(), u"Gold"_s);
    QVERIFY(page()->goldButton(1) && page()->goldButton(0) && page()->goldButton(-1));

    // "1" records gold: its own kind of event, adjudicated, under the adjudicator's id.
    QTest::keyClick(list, Qt::Key_1);
    QTRY_COMPARE_WITH_TIMEOUT(goldEvents(m_report, m_rubric).size(), 1, BackgroundWorkTimeout);
    AnnotationEvent gold = goldEvents(m_report, m_rubric).constLast();
    QCOMPARE(gold.kind, AnnotationKind::Gold);
    QCOMPARE(gold.provenance.method, LabelMethod::Adjudicated);
    QCOMPARE(gold.value.value_or(-99), 1.0);
    QVERIFY(!gold.previousValue);
    QCOMPARE(gold.annotator, currentAnnotator());
    QTRY_VERIFY_WITH_TIMEOUT(page()->goldButton(1)->isChecked(), BackgroundWorkTimeout);
    QCOMPARE(model->index(row, AdjudicationModel::GoldColumn).data().toString(), u"1"_s);

    // Gold is not an annotator's label: neither their labels nor the ratings see it.
    auto s = store();
    QVERIFY(
        !s->annotations().currentAnnotation(m_report, m_rubric, currentAnnotator()).has_value());
    for (const RatingRow &r : s->annotations().ratingRows(u"drb2"_s))
        QVERIFY(r.rater != GoldRater && r.rater != u"human:"_s + currentAnnotator());
    const QList<RatingRow> goldRows = s->annotations().goldRatingRows(u"drb2"_s);
    QCOMPARE(goldRows.size(), 1);
    QCOMPARE(goldRows.constFirst().rater, GoldRater);
    QCOMPARE(goldRows.constFirst().value.value_or(-99), 1.0);

    // Another key replaces it, undo writes the previous gold back: every step a new event.
    QTest::keyClick(list, Qt::Key_Minus);
    QTRY_COMPARE_WITH_TIMEOUT(goldEvents(m_report, m_rubric).size(), 2, BackgroundWorkTimeout);
    gold = goldEvents(m_report, m_rubric).constLast();
    QCOMPARE(gold.value.value_or(-99), -1.0);
    QCOMPARE(gold.previousValue.value_or(-99), 1.0);
    m_window->undoStack()->undo();
    QTRY_COMPARE_WITH_TIMEOUT(goldEvents(m_report, m_rubric).size(), 3, BackgroundWorkTimeout);
    QCOMPARE(goldEvents(m_report, m_rubric).constLast().value.value_or(-99), 1.0);
    QCOMPARE(goldEvents(m_report, m_rubric).constLast().kind, AnnotationKind::Gold);
    QTRY_VERIFY_WITH_TIMEOUT(page()->goldButton(1)->isChecked(), BackgroundWorkTimeout);

    // D walks to the next item where people and judge disagree, J to the next item.
    QTest::keyClick(list, Qt::Key_D);
    const int next = list->currentIndex().row();
    if (next != row) {
        QVERIFY(next > row);
        QVERIFY(model->index(next, 0).data(AdjudicationModel::DisagreesRole).toBool());
    }
    list->setCurrentIndex(model->index(row, AdjudicationModel::RubricColumn));
    QTest::keyClick(list, Qt::Key_J);
    QCOMPARE(list->currentIndex().row(), row + 1);
}

void TestAdjudication::disagreementOpensAdjudicationAndGoldIsCompared()
{
    m_window->showPage(Page::Agreement);
    AlignmentDashboard *dashboard = m_window->dashboard();
    QTRY_VERIFY_WITH_TIMEOUT(!dashboard->isBusy() && !dashboard->report().disagreements.isEmpty(),
                             BackgroundWorkTimeout);
    const QList<Disagreement> disagreements = dashboard->report().disagreements;
    QTableView *list = dashboard->disagreementsView();
    list->setCurrentIndex(list->model()->index(1, 0));
    const Disagreement &chosen = disagreements.at(1);
    QVERIFY(dashboard->adjudicateAction()->isEnabled());
    dashboard->adjudicateAction()->trigger();

    // The annotator's own view is not all there is: every disagreement, everyone's label.
    QCOMPARE(m_window->findChild<QTabWidget *>(u"pages"_s)->currentWidget(), page());
    AdjudicationModel *model = page()->model();
    QTRY_COMPARE_WITH_TIMEOUT(model->rowCount(), int(disagreements.size()), BackgroundWorkTimeout);
    const AdjudicationItem *item = page()->currentItem();
    QVERIFY(item);
    QCOMPARE(std::pair(item->reportId, item->rubricId),
             std::pair(chosen.reportId, chosen.rubricId));
    QCOMPARE(int(item->labels.size()), chosen.annotators);
    QVERIFY(page()->titleLabel()->text().contains(u"human majority"_s));

    // A button records gold too; the Agreement page then compares the judge with it.
    QAbstractButton *button = page()->goldButton(chosen.judge);
    QVERIFY(button);
    button->click();
    QTRY_COMPARE_WITH_TIMEOUT(goldEvents(chosen.reportId, chosen.rubricId).size(), 1,
                              BackgroundWorkTimeout);
    QCOMPARE(goldEvents(chosen.reportId, chosen.rubricId).constLast().value.value_or(-99),
             chosen.judge);

    m_window->showPage(Page::Agreement);
    QComboBox *compareWith = dashboard->compareWithBox();
    compareWith->setCurrentIndex(compareWith->findData(GoldRater));
    QTRY_VERIFY_WITH_TIMEOUT(!dashboard->isBusy() && dashboard->report().mainHuman == GoldRater
                                 && dashboard->report().mainComparison(),
                             BackgroundWorkTimeout);
    const Comparison *main = dashboard->report().mainComparison();
    QCOMPARE(main->kind, u"judge-gold"_s);
    QCOMPARE(int(main->n), 1);
    QCOMPARE(*main->percent.point.value, 1.0); // gold took the judge's side
    QVERIFY(!dashboard->report().annotators.contains(GoldRater));
    QVERIFY(!dashboard->againstBox()->isEnabled());
}

QTEST_MAIN(TestAdjudication)
#include "tst_adjudication.moc"
