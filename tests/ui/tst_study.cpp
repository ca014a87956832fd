// A blind study with two annotators, worked through the real window with key clicks: the
// queue lists the items unlabelled first and L walks them across reports, the study keeps the
// judge hidden and the toggle locked, every label records how it was made (typed or accepted,
// judge visible or not, the run on screen, the study, the time in focus), and switching to the
// second annotator shows their own queue.
#include "agreement/adjudicationmodel.h"
#include "agreement/adjudicationpage.h"
#include "agreement/studyqueuedock.h"
#include "agreement/studyqueuemodel.h"
#include "demo/demoproject.h"
#include "project/projecttreemodel.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "services/annotatoridentity.h"
#include "shell/identitydialog.h"
#include "shell/mainwindow.h"
#include "store/projectstore.h"
#include "waits.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QUuid>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {
const QString StudyName = u"pilot"_s;
} // namespace

class TestStudy : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void blindStudyWithTwoAnnotators();
    void firstStartAsksWhoIsAnnotating();

private:
    std::unique_ptr<ProjectStore> store();
    QList<AnnotationEvent> eventsOf(const QString &annotator);
    void press(int key, Qt::KeyboardModifiers modifiers = Qt::NoModifier);

    QTemporaryDir m_dir;
    QString m_projectPath;
    RowId m_run = 0;
    QList<Assignment> m_items;
    std::unique_ptr<MainWindow> m_window;
};

void TestStudy::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"RubricateTest"_s);
    QCoreApplication::setApplicationName(u"tst_study"_s);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    m_projectPath = m_dir.filePath(u"study.rubricate"_s);
    auto s = store();
    QVERIFY(s);
    const ImportSummary summary = importDemo(*s);
    QVERIFY2(summary.errorCount() == 0, qPrintable(summary.toText()));
    // Three items of two DRB-II reports the demo's run judged, for Ada and Bo, in this order.
    QList<RowId> reports;
    for (const ReportSummary &r : s->reports().reportSummaries(u"drb2"_s).value()) {
        if (r.format == u"md"_s && reports.size() < 2)
            reports << r.id;
    }
    QCOMPARE(reports.size(), 2);
    m_run = s->runs().newestRunFor(reports.at(0))->first;
    const QList<Rubric> first = s->catalog().reportItems(*s->reports().report(reports.at(0)));
    const QList<Rubric> second = s->catalog().reportItems(*s->reports().report(reports.at(1)));
    m_items = {{reports.at(0), first.at(0).id, {}, 0},
               {reports.at(1), second.at(0).id, {}, 1},
               {reports.at(0), first.at(1).id, {}, 2}};
    QVERIFY(s->annotations().addAnnotator({u"ada-id"_s, u"Ada"_s, {}, {}}));
    QVERIFY(s->annotations().addAnnotator({u"bo-id"_s, u"Bo"_s, {}, {}}));
    for (Assignment &a : m_items)
        a.annotators = {u"ada-id"_s, u"bo-id"_s};
    Rubricate::Study settings;
    settings.runId = m_run;
    settings.blind = true;
    const auto saved = s->annotations().saveAssignments(StudyName, 7, m_items, settings);
    QVERIFY2(saved, qPrintable(saved.errorMessage()));
}

std::unique_ptr<ProjectStore> TestStudy::store()
{
    auto s = ProjectStore::create(m_projectPath);
    if (!s) {
        qWarning("%s", qPrintable(s.errorMessage()));
        return nullptr;
    }
    return std::move(s).value();
}

QList<AnnotationEvent> TestStudy::eventsOf(const QString &annotator)
{
    auto s = store();
    QList<AnnotationEvent> out;
    for (const AnnotationEvent &e : s->annotations().annotationEvents(u"drb2"_s)) {
        if (e.annotator == annotator)
            out << e;
    }
    return out;
}

void TestStudy::press(int key, Qt::KeyboardModifiers modifiers)
{
    QTableView *table = m_window->verdictPanel()->view();
    table->setFocus();
    QTest::keyClick(table, Qt::Key(key), modifiers);
}

void TestStudy::blindStudyWithTwoAnnotators()
{
    chooseAnnotator({u"ada-id"_s, u"Ada"_s});
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->openProject(m_projectPath);
    StudyQueueDock *dock = m_window->queueDock();
    QTRY_VERIFY_WITH_TIMEOUT(dock->isVisible(), BackgroundWorkTimeout); // a study assigns Ada items
    QCOMPARE(dock->currentStudy()->name, StudyName);
    QCOMPARE(dock->model()->rowCount(), 3);
    QCOMPARE(dock->progressLabel()->text(), u"0 of 3 labelled"_s);
    VerdictPanel *panel = m_window->verdictPanel();
    VerdictModel *verdicts = panel->model();
    const auto current = [&] {
        return std::pair{m_window->reportView()->reportId(), panel->currentRubric()};
    };
    const auto expect = [&](int i) {
        return std::pair{m_items.at(i).reportId, m_items.at(i).rubricId};
    };

    // L opens the first item; the study is blind, and the toggle cannot switch it off.
    press(Qt::Key_L);
    QTRY_COMPARE_WITH_TIMEOUT(current(), expect(0), BackgroundWorkTimeout);
    QVERIFY(verdicts->isBlind());
    QVERIFY(panel->blindAction()->isChecked());
    QVERIFY(!panel->blindAction()->isEnabled());
    panel->blindAction()->trigger(); // disabled: nothing happens
    QVERIFY(verdicts->isBlind());
    const int row = verdicts->rowOfRubric(m_items.at(0).rubricId);
    QVERIFY(verdicts->judgeHidden(*verdicts->rowAt(row)));
    QCOMPARE(verdicts->index(row, VerdictModel::JudgeColumn).data().toString(), u"·"_s);

    // Accepting a hidden verdict is refused; a typed label records that the judge was hidden.
    QSignalSpy said(panel, &VerdictPanel::message);
    press(Qt::Key_A);
    QCOMPARE(said.size(), 1); // the refusal, said at once
    QVERIFY(!verdicts->rowAt(row)->humanValue);
    const double judged = *verdicts->rowAt(row)->judgeValue;
    const bool typeOne = judged != 1.0;
    press(typeOne ? Qt::Key_1 : Qt::Key_0);
    QTRY_VERIFY_WITH_TIMEOUT(verdicts->rowAt(row)->humanValue, BackgroundWorkTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(eventsOf(u"ada-id"_s).size(), 1, BackgroundWorkTimeout);
    AnnotationEvent typed = eventsOf(u"ada-id"_s).constFirst();
    QCOMPARE(typed.provenance.method, LabelMethod::Typed);
    QCOMPARE(typed.provenance.judgeVisible, std::optional<bool>(false));
    QCOMPARE(typed.provenance.shownRunId, m_run);
    QCOMPARE(typed.provenance.shownVerdict, std::optional<double>(judged));
    QCOMPARE(typed.provenance.study, StudyName);
    QVERIFY(typed.provenance.focusMs && *typed.provenance.focusMs >= 0);
    QVERIFY(!typed.provenance.appVersion.isEmpty()
            || QCoreApplication::applicationVersion().isEmpty());
    QCOMPARE(dock->progressLabel()->text(), u"1 of 3 labelled"_s);

    // Labelled, the judge shows for this item: A now accepts it, and says the judge was seen.
    QVERIFY(!verdicts->judgeHidden(*verdicts->rowAt(row)));
    press(Qt::Key_A);
    QTRY_COMPARE_WITH_TIMEOUT(eventsOf(u"ada-id"_s).size(), 2, BackgroundWorkTimeout);
    const AnnotationEvent accepted = eventsOf(u"ada-id"_s).constLast();
    QCOMPARE(accepted.provenance.method, LabelMethod::AcceptedJudge);
    QCOMPARE(accepted.provenance.judgeVisible, std::optional<bool>(true));
    QCOMPARE(accepted.value, std::optional<double>(judged));

    // L crosses to the other report for the next unlabelled item, then back for the third.
    press(Qt::Key_L);
    QTRY_COMPARE_WITH_TIMEOUT(current(), expect(1), BackgroundWorkTimeout);
    QVERIFY(verdicts->isBlind() && !panel->blindAction()->isEnabled());
    press(Qt::Key_L);
    QTRY_COMPARE_WITH_TIMEOUT(current(), expect(2), BackgroundWorkTimeout);
    press(Qt::Key_L, Qt::ShiftModifier); // back to the one before, labelled or not
    QTRY_COMPARE_WITH_TIMEOUT(current(), expect(1), BackgroundWorkTimeout);

    // Auto-advance: a label opens the next unlabelled item by itself.
    dock->autoAdvanceBox()->setChecked(true);
    press(Qt::Key_0);
    QTRY_COMPARE_WITH_TIMEOUT(current(), expect(2), BackgroundWorkTimeout);
    press(Qt::Key_1);
    QTRY_COMPARE_WITH_TIMEOUT(dock->progressLabel()->text(), u"3 of 3 labelled"_s,
                              BackgroundWorkTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(eventsOf(u"ada-id"_s).size(), 4, BackgroundWorkTimeout);
    press(Qt::Key_L);
    QTRY_VERIFY_WITH_TIMEOUT(dock->model()->labelledCount() == 3, BackgroundWorkTimeout);

    // Switching to Bo is explicit; his queue is his own and starts unlabelled.
    m_window->findChild<QAction *>(u"actionSwitchAnnotator"_s)->trigger();
    IdentityDialog *who = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((who = m_window->findChild<IdentityDialog *>()) != nullptr,
                             BackgroundWorkTimeout);
    who->findChild<QRadioButton *>(u"existingAnnotator"_s)->setChecked(true);
    auto *people = who->findChild<QComboBox *>(u"annotatorChoice"_s);
    people->setCurrentIndex(people->findData(u"bo-id"_s));
    who->accept();
    QCOMPARE(currentAnnotator(), u"bo-id"_s);
    QTRY_COMPARE_WITH_TIMEOUT(dock->progressLabel()->text(), u"0 of 3 labelled"_s,
                              BackgroundWorkTimeout);
    m_window->activateWindow(); // the window's keys again, now that the dialog is gone
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    press(Qt::Key_L);
    QTRY_COMPARE_WITH_TIMEOUT(current(), expect(0), BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(verdicts->isBlind(),
                             BackgroundWorkTimeout); // Ada's label does not reveal the judge to Bo
    QVERIFY(verdicts->judgeHidden(*verdicts->rowAt(verdicts->rowOfRubric(m_items.at(0).rubricId))));
    press(Qt::Key_0);
    QTRY_COMPARE_WITH_TIMEOUT(eventsOf(u"bo-id"_s).size(), 1, BackgroundWorkTimeout);
    QCOMPARE(eventsOf(u"bo-id"_s).constFirst().provenance.judgeVisible, std::optional<bool>(false));
    QCOMPARE(eventsOf(u"ada-id"_s).size(), 4);

    // The study's items, everyone's, on the Adjudication page.
    m_window->findChild<QAction *>(u"actionAdjudicateStudy"_s)->trigger();
    AdjudicationModel *adjudication = m_window->adjudication()->model();
    QTRY_COMPARE_WITH_TIMEOUT(adjudication->rowCount(), 3, BackgroundWorkTimeout);
    for (const Assignment &a : std::as_const(m_items))
        QVERIFY(adjudication->rowOf(a.reportId, a.rubricId) >= 0);
    m_window.reset();
}

void TestStudy::firstStartAsksWhoIsAnnotating()
{
    QSettings().clear();
    QVERIFY(!chosenAnnotator());
    m_window = std::make_unique<MainWindow>();
    m_window->askWhoIsAnnotatingOnceOpen(); // what main() does on a first start
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->openProject(m_projectPath);
    IdentityDialog *who = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((who = m_window->findChild<IdentityDialog *>()) != nullptr,
                             BackgroundWorkTimeout);
    // The project's annotators are offered; a new person gets a fresh id, not a name.
    auto *people = who->findChild<QComboBox *>(u"annotatorChoice"_s);
    QVERIFY(people->findData(u"ada-id"_s) >= 0 && people->findData(u"bo-id"_s) >= 0);
    auto *name = who->findChild<QLineEdit *>(u"annotatorName"_s);
    name->setText(u"Dee"_s);
    QVERIFY(who->findChild<QRadioButton *>(u"newAnnotator"_s)->isChecked());
    who->accept();
    // The accepted dialog deletes itself later; gone now, a dialog counted below is a new ask.
    // (Without this, the count depended on whether the wait below had to turn the event loop.)
    QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
    const auto chosen = chosenAnnotator();
    QVERIFY(chosen);
    QCOMPARE(chosen->name, u"Dee"_s);
    QVERIFY(!QUuid::fromString(chosen->id).isNull());
    // The project knows Dee under that id once the window has registered her.
    QTRY_VERIFY_WITH_TIMEOUT(
        [&] {
            auto s = store();
            const auto known = s ? s->annotations().annotator(chosen->id) : std::nullopt;
            return known && known->name == u"Dee"_s;
        }(),
        BackgroundWorkTimeout);
    // Asked once: reopening the project does not ask again.
    QSignalSpy loaded(m_window.get(), &MainWindow::projectLoaded);
    m_window->openProject(m_projectPath);
    QVERIFY(loaded.wait(BackgroundWorkTimeout));
    QVERIFY(m_window->projectModel()->rowCount() > 0);
    QCOMPARE(m_window->findChildren<IdentityDialog *>().size(), 0);
    m_window.reset();
}

QTEST_MAIN(TestStudy)
#include "tst_study.moc"
