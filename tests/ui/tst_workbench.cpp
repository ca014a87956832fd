// The workbench as an annotator uses it, driven through the real window with key clicks:
// evidence highlighted and followed, blind mode, notes, report keys, a second run beside the
// first, explorer filters, full-text search, PDF pages and the preferences.
#include "demo/demoproject.h"
#include "project/importdialog.h"
#include "project/projectexplorer.h"
#include "project/projecttreemodel.h"
#include "review/evidencemarks.h"
#include "review/pdfpageview.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "services/annotatoridentity.h"
#include "services/projectloader.h"
#include "shell/mainwindow.h"
#include "shell/preferencesdialog.h"
#include "store/projectstore.h"
#include "waits.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QHeaderView>
#include <QInputDialog>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QStatusBar>
#include <QStyle>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTreeView>
#include <QUndoStack>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestWorkbench : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void evidenceIsHighlightedAndFollowed();
    void blindModeHidesUntilLabelled();
    void noteIsAnEventAndKeepsTheLabel();
    void scaleKeysAndReportKeys();
    void secondRunBesideTheFirst();
    void filtersNarrowTheTree();
    void searchJumpsToTheHit();
    void explorerKeepsAgentNamesWhole();
    void pdfShowsPagesWithHighlights();
    void droppedFileOpensImportWithItsKind();
    void renameInPreferencesKeepsLabels();
    void evidenceMarksFollowRenderedText();
    void notePromptElidesAndHeadersStayVisible();
    void unknownLabelKeySaysSo();
    void reopenedReportStartsAtFirstUnlabelled();
    void blindKeyClearsAndRestoresEvidence_data();
    void blindKeyClearsAndRestoresEvidence();
    void quickSwitchingShowsTheLastReport();

private:
    void openReport(const QString &format, const QString &model = {});
    void openReportOf(const QString &benchmarkKey);
    RowId reportId(const QString &format, const QString &model = {}) const;
    QList<AnnotationEvent> events(RowId report, RowId rubric);

    QTemporaryDir m_dir;
    QString m_projectPath;
    QList<ReportSummary> m_reports;
    std::unique_ptr<MainWindow> m_window;
};

void TestWorkbench::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"RubricateTest"_s);
    QCoreApplication::setApplicationName(u"tst_workbench"_s);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
}

void TestWorkbench::init()
{
    // A fresh demo project per test: labels from one test must not leak into the next.
    QSettings().clear();
    static int n = 0;
    m_projectPath = m_dir.filePath(u"demo-%1.rubricate"_s.arg(++n));
    {
        auto store = ProjectStore::create(m_projectPath);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        const ImportSummary summary = importDemo(*store);
        QVERIFY2(summary.errorCount() == 0, qPrintable(summary.toText()));
        m_reports = store->reports().reportSummaries();
    }
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->openProject(m_projectPath);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->projectModel()->rowCount(), 3, BackgroundWorkTimeout);
}

void TestWorkbench::cleanup()
{
    m_window.reset();
}

RowId TestWorkbench::reportId(const QString &format, const QString &model) const
{
    for (const ReportSummary &r : m_reports) {
        if (r.format == format && (model.isEmpty() || r.model == model))
            return r.id;
    }
    return 0;
}

void TestWorkbench::openReport(const QString &format, const QString &model)
{
    const RowId id = reportId(format, model);
    QVERIFY(id);
    QVERIFY(m_window->explorer()->selectReport(id));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->reportView()->reportId(), id, BackgroundWorkTimeout);
    QTRY_VERIFY(m_window->verdictPanel()->model()->rowCount() > 0);
    QTRY_VERIFY(!m_window->reportView()->isBuilding());
}

void TestWorkbench::openReportOf(const QString &benchmarkKey)
{
    const auto report
        = std::find_if(m_reports.cbegin(), m_reports.cend(),
                       [&](const ReportSummary &r) { return r.benchmarkKey == benchmarkKey; });
    QVERIFY(report != m_reports.cend());
    QVERIFY(m_window->explorer()->selectReport(report->id));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->reportView()->reportId(), report->id,
                              BackgroundWorkTimeout);
    QTRY_VERIFY(m_window->verdictPanel()->model()->rowCount() > 0);
    QTRY_VERIFY(!m_window->reportView()->isBuilding());
}

QList<AnnotationEvent> TestWorkbench::events(RowId report, RowId rubric)
{
    auto store = ProjectStore::open(m_projectPath);
    // The demo ships Ana's and Ben's labels: only this annotator's events are the test's.
    QList<AnnotationEvent> history
        = store ? store->annotations().annotationHistory(report, rubric) : QList<AnnotationEvent>();
    history.removeIf(
        [](const AnnotationEvent &e) { return e.annotator != VerdictPanel::annotator(); });
    return history;
}

void TestWorkbench::evidenceIsHighlightedAndFollowed()
{
    openReport(u"md"_s);
    ReportView *view = m_window->reportView();
    VerdictPanel *panel = m_window->verdictPanel();
    QAbstractItemModelTester tester(panel->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);

    // Every located quote of the demo run is highlighted in the rendered Markdown.
    QTRY_VERIFY(!view->marks().isEmpty());
    const QList<QTextEdit::ExtraSelection> selections = view->textBrowser()->extraSelections();
    QCOMPARE(selections.size(), view->marks().size());
    const QString shown = view->textBrowser()->document()->toPlainText();
    for (const EvidenceMark &mark : view->marks()) {
        QVERIFY(mark.start >= 0 && mark.start + mark.length <= shown.size());
        QVERIFY(!shown.mid(mark.start, mark.length).contains(u"**"_s)); // no markup on screen
    }

    // Moving through rubrics with J makes each one's evidence current.
    QTableView *table = panel->view();
    table->setFocus();
    table->setCurrentIndex(panel->model()->index(0, VerdictModel::RubricColumn));
    for (int step = 0; step < 3; ++step) {
        QTest::keyClick(table, Qt::Key_J);
        const RowId rubric = panel->currentRubric();
        QCOMPARE(table->currentIndex().row(), step + 1);
        const int current = view->currentMark();
        if (current >= 0)
            QCOMPARE(view->marks().at(current).rubricId, rubric);
    }
    QTest::keyClick(table, Qt::Key_K);
    QCOMPARE(table->currentIndex().row(), 2);

    // A rubric whose quote is not in the report says so in the panel, and has no mark.
    const QList<VerdictRow> &rows = panel->model()->rows();
    const auto missing = std::find_if(rows.cbegin(), rows.cend(), [](const VerdictRow &r) {
        return r.evidenceStatus == u"not_found"_s;
    });
    if (missing != rows.cend()) {
        panel->selectRubric(missing->rubricId);
        QVERIFY(panel->details()->toPlainText().contains(u"not found in the report"_s));
        QVERIFY(
            std::none_of(view->marks().cbegin(), view->marks().cend(),
                         [&](const EvidenceMark &m) { return m.rubricId == missing->rubricId; }));
    }

    // E from a rubric with evidence goes to its span; the span is scrolled into view.
    const auto withSpans = std::find_if(rows.cbegin(), rows.cend(),
                                        [](const VerdictRow &r) { return !r.spans.isEmpty(); });
    QVERIFY(withSpans != rows.cend());
    panel->selectRubric(withSpans->rubricId);
    QTest::keyClick(table, Qt::Key_E);
    QVERIFY(view->currentMark() >= 0);
    QCOMPARE(view->marks().at(view->currentMark()).rubricId, withSpans->rubricId);
    QTextCursor cursor(view->textBrowser()->document());
    cursor.setPosition(view->marks().at(view->currentMark()).start);
    QVERIFY(view->textBrowser()->viewport()->rect().contains(
        view->textBrowser()->cursorRect(cursor).center()));
}

void TestWorkbench::blindModeHidesUntilLabelled()
{
    openReport(u"md"_s);
    VerdictPanel *panel = m_window->verdictPanel();
    ReportView *view = m_window->reportView();
    VerdictModel *model = panel->model();
    QTRY_VERIFY(!view->marks().isEmpty());
    QVERIFY(model->index(0, VerdictModel::JudgeColumn).data().toString() != u"·"_s);

    QAction *blind = m_window->findChild<QAction *>(u"actionBlindMode"_s);
    QVERIFY(blind);
    QTableView *table = panel->view();
    table->setFocus();
    QTest::keyClick(table, Qt::Key_B, Qt::ControlModifier);
    QVERIFY(blind->isChecked());
    // Hidden: the verdict, its evidence in the text, and its reason in the details.
    QCOMPARE(model->index(0, VerdictModel::JudgeColumn).data().toString(), u"·"_s);
    QVERIFY(!model->index(0, 0).data(VerdictModel::JudgeValueRole).isValid());
    QVERIFY(view->marks().isEmpty());
    QVERIFY(view->textBrowser()->extraSelections().isEmpty());
    table->setCurrentIndex(model->index(0, VerdictModel::RubricColumn));
    QVERIFY(panel->details()->toPlainText().contains(u"Blind mode"_s));
    // Accepting the judge is refused: there is nothing to see yet.
    QTest::keyClick(table, Qt::Key_A);
    QVERIFY(!model->rowAt(0)->humanValue);

    // Committing a label reveals that row's verdict, and only that row's; the report keeps
    // its highlights off (they would anchor the rubrics still to label).
    const RowId rubric = model->rowAt(0)->rubricId;
    QTest::keyClick(table, Qt::Key_0);
    QTRY_COMPARE(model->index(0, VerdictModel::HumanColumn).data().toString(), u"0"_s);
    QTRY_VERIFY(model->index(0, VerdictModel::JudgeColumn).data().toString() != u"·"_s);
    QCOMPARE(model->index(1, VerdictModel::JudgeColumn).data().toString(), u"·"_s);
    QVERIFY(view->marks().isEmpty());

    // Off again: everything shows.
    blind->trigger();
    QVERIFY(model->index(1, VerdictModel::JudgeColumn).data().toString() != u"·"_s);
    QTRY_VERIFY(std::any_of(view->marks().cbegin(), view->marks().cend(),
                            [&](const EvidenceMark &m) { return m.rubricId != rubric; }));
}

void TestWorkbench::noteIsAnEventAndKeepsTheLabel()
{
    openReport(u"md"_s);
    VerdictPanel *panel = m_window->verdictPanel();
    VerdictModel *model = panel->model();
    QTableView *table = panel->view();
    table->setFocus();
    table->setCurrentIndex(model->index(1, VerdictModel::RubricColumn));
    const RowId report = m_window->reportView()->reportId();
    const RowId rubric = model->rowAt(1)->rubricId;

    QTest::keyClick(table, Qt::Key_1);
    QTRY_COMPARE(model->index(1, VerdictModel::HumanColumn).data().toString(), u"1"_s);
    QTest::keyClick(table, Qt::Key_N);
    QInputDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<QInputDialog *>(u"noteDialog"_s)) != nullptr);
    dialog->setTextValue(u"The figure is from 2023, not 2024."_s);
    dialog->accept();
    QTRY_COMPARE(model->index(1, VerdictModel::NoteColumn).data().toString(),
                 u"The figure is from 2023, not 2024."_s);
    QCOMPARE(model->index(1, VerdictModel::HumanColumn).data().toString(), u"1"_s);

    // Undo takes the note back and keeps the label.
    m_window->undoStack()->undo();
    QTRY_COMPARE(model->index(1, VerdictModel::NoteColumn).data().toString(), QString());
    QCOMPARE(model->index(1, VerdictModel::HumanColumn).data().toString(), u"1"_s);

    const QList<AnnotationEvent> history = events(report, rubric);
    QCOMPARE(history.size(), 3);
    QCOMPARE(history.at(1).note, u"The figure is from 2023, not 2024."_s);
    QCOMPARE(history.at(1).value, std::optional<double>(1));
    QCOMPARE(history.at(2).note, QString());
    QCOMPARE(history.at(2).value, std::optional<double>(1));
}

void TestWorkbench::scaleKeysAndReportKeys()
{
    QCOMPARE(valueForKey(VerdictScale::Drb2Tristate, u'-'), std::optional<double>(-1));
    QCOMPARE(valueForKey(VerdictScale::Ternary, u'p'), std::optional<double>(0.5));
    QCOMPARE(valueForKey(VerdictScale::Ternary, u'-'), std::nullopt);
    QCOMPARE(valueForKey(VerdictScale::ZeroToTen, u'7'), std::optional<double>(7));
    QCOMPARE(valueForKey(VerdictScale::ZeroToTen, u'T'), std::optional<double>(10));
    QCOMPARE(valueForKey(VerdictScale::Binary, u'P'), std::nullopt);
    for (VerdictScale scale : {VerdictScale::Drb2Tristate, VerdictScale::Ternary,
                               VerdictScale::ZeroToTen, VerdictScale::Binary}) {
        for (double v : scaleValues(scale))
            QCOMPARE(valueForKey(scale, keyForValue(scale, v).at(0)), std::optional<double>(v));
    }

    // ] and [ move between reports in tree order, from anywhere in the window.
    openReport(u"md"_s);
    const RowId first = m_window->reportView()->reportId();
    QTableView *table = m_window->verdictPanel()->view();
    table->setFocus();
    QTest::keyClick(table, Qt::Key_BracketRight);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->reportView()->reportId() != first, BackgroundWorkTimeout);
    QTest::keyClick(m_window->reportView()->textBrowser(), Qt::Key_BracketLeft);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->reportView()->reportId(), first, BackgroundWorkTimeout);

    // A DRB-II rubric refuses the ternary "partially" key.
    table->setCurrentIndex(m_window->verdictPanel()->model()->index(0, 0));
    QTest::keyClick(table, Qt::Key_P);
    QVERIFY(!m_window->verdictPanel()->model()->rowAt(0)->humanValue);
    QVERIFY(events(first, m_window->verdictPanel()->model()->rowAt(0)->rubricId).isEmpty());
}

void TestWorkbench::secondRunBesideTheFirst()
{
    openReport(u"md"_s);
    VerdictPanel *panel = m_window->verdictPanel();
    QCOMPARE(panel->runBox()->count(), 1);
    QVERIFY(panel->view()->isColumnHidden(VerdictModel::OtherJudgeColumn));

    m_window->runAction()->trigger();
    QTRY_COMPARE_WITH_TIMEOUT(panel->runBox()->count(), 2, BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->runAction()->isEnabled(), BackgroundWorkTimeout);
    // The newest run is shown; put the imported one beside it.
    QVERIFY(panel->runBox()->currentText().contains(u"offline"_s));
    panel->otherRunBox()->setCurrentIndex(panel->otherRunBox()->count() - 1);
    QTRY_VERIFY_WITH_TIMEOUT(!panel->view()->isColumnHidden(VerdictModel::OtherJudgeColumn),
                             BackgroundWorkTimeout);
    VerdictModel *model = panel->model();
    QTRY_VERIFY(!model->index(0, VerdictModel::OtherJudgeColumn).data().toString().isEmpty());
    QVERIFY(panel->title().contains(u"disagree"_s));

    // Choosing the older run as the main one swaps what is shown.
    panel->runBox()->setCurrentIndex(1);
    QTRY_VERIFY(panel->runBox()->currentText().contains(u"demo"_s, Qt::CaseInsensitive));
}

void TestWorkbench::filtersNarrowTheTree()
{
    ProjectExplorer *explorer = m_window->explorer();
    QAbstractItemModelTester tester(explorer->filterModel(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    const auto reportsShown = [explorer] {
        int n = 0;
        const QAbstractItemModel *m = explorer->filterModel();
        for (int b = 0; b < m->rowCount(); ++b) {
            const QModelIndex benchmark = m->index(b, 0);
            for (int t = 0; t < m->rowCount(benchmark); ++t)
                n += m->rowCount(m->index(t, 0, benchmark));
        }
        return n;
    };
    QCOMPARE(reportsShown(), int(m_reports.size()));

    QComboBox *model = explorer->attributeBox(ProjectFilterModel::Model);
    model->setCurrentIndex(model->findText(u"BriarAgent"_s));
    const int briar = int(std::count_if(m_reports.cbegin(), m_reports.cend(),
                                        [](const auto &r) { return r.model == u"BriarAgent"_s; }));
    QCOMPARE(reportsShown(), briar);

    QComboBox *language = explorer->attributeBox(ProjectFilterModel::Language);
    language->setCurrentIndex(language->findText(u"zh"_s));
    QCOMPARE(reportsShown(), 1); // the demo's one Chinese task, BriarAgent's report of it
    // The benchmark row counts what the filter left of its tasks, not all of them.
    const QModelIndex drb2Count
        = explorer->filterModel()->index(0, ProjectTreeModel::DetailsColumn);
    QVERIFY2(drb2Count.data().toString().startsWith(u"1 of 4"_s),
             qPrintable(drb2Count.data().toString()));
    model->setCurrentIndex(0);
    language->setCurrentIndex(0);
    QCOMPARE(explorer->filterModel()->index(0, ProjectTreeModel::DetailsColumn).data().toString(),
             u"4 tasks"_s);

    // Annotation status: label one rubric, reload, and the report is "in progress".
    openReport(u"md"_s);
    const RowId labelled = m_window->reportView()->reportId();
    QTableView *table = m_window->verdictPanel()->view();
    table->setFocus();
    QTest::keyClick(table, Qt::Key_1);
    QTRY_VERIFY(m_window->verdictPanel()->model()->rowAt(0)->humanValue);
    QComboBox *status = explorer->attributeBox(ProjectFilterModel::Status);
    m_window->reloadProject();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->projectModel()
                                  ->indexOfReport(labelled)
                                  .data(ProjectTreeModel::AnnotationStatusRole)
                                  .toInt(),
                              int(ProjectTreeModel::AnnotationStatus::InProgress),
                              BackgroundWorkTimeout);
    status->setCurrentIndex(
        status->findData(QString::number(int(ProjectTreeModel::AnnotationStatus::InProgress))));
    QCOMPARE(reportsShown(), 1);
    QCOMPARE(explorer->tree()->currentIndex().data(ProjectTreeModel::ReportIdRole).toLongLong(),
             labelled);
}

void TestWorkbench::searchJumpsToTheHit()
{
    ProjectExplorer *explorer = m_window->explorer();
    QLineEdit *search = explorer->searchEdit();
    search->setFocus();
    QTest::keyClicks(search, u"Harrow"_s);
    QTest::keyClick(search, Qt::Key_Return);
    QListWidget *results = explorer->searchResults();
    QTRY_VERIFY_WITH_TIMEOUT(results->isVisible() && results->count() > 0, BackgroundWorkTimeout);
    QVERIFY(!results->item(0)->text().startsWith(u"No report"_s));
    results->setCurrentRow(0);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->reportView()->reportId() != 0, BackgroundWorkTimeout);
    QTRY_COMPARE(m_window->reportView()->textBrowser()->textCursor().selectedText().toLower(),
                 u"harrow"_s);

    // Snippets read as the rendered report: no Markdown link, emphasis or heading markup.
    search->clear();
    QTest::keyClicks(search, u"Observatory compressors"_s);
    QTest::keyClick(search, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(results->count() > 0
                                 && !results->item(0)->text().startsWith(u"No report"_s),
                             BackgroundWorkTimeout);
    for (int i = 0; i < results->count(); ++i) {
        const QString hit = results->item(i)->text();
        QVERIFY2(!hit.contains(u"]("_s) && !hit.contains(u"**"_s) && !hit.contains(u"## "_s),
                 qPrintable(hit));
    }
    search->clear();
    QTest::keyClicks(search, u"Observatory"_s);
    QTest::keyClick(search, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(results->count() > 0
                                 && results->item(0)->text().contains(u"Nordic Energy"_s),
                             BackgroundWorkTimeout);
    for (int i = 0; i < results->count(); ++i)
        QVERIFY2(!results->item(i)->text().contains(u"https://"_s),
                 qPrintable(results->item(i)->text()));

    // A word no report has says so.
    search->clear();
    QTest::keyClicks(search, u"zzqxjv"_s);
    QTest::keyClick(search, Qt::Key_Return);
    QTRY_VERIFY_WITH_TIMEOUT(results->count() == 1
                                 && results->item(0)->text().startsWith(u"No report"_s),
                             BackgroundWorkTimeout);
}

// A narrow explorer cuts the details short, never the agent's name in a report row; a task
// without a title (ResearchRubrics) is named by the start of its prompt.
void TestWorkbench::explorerKeepsAgentNamesWhole()
{
    QString error;
    const ProjectSnapshot snapshot = ProjectLoader::readSnapshot(m_projectPath, &error);
    QVERIFY2(error.isEmpty(), qPrintable(error));
    ProjectExplorer explorer;
    explorer.resize(250, 700);
    explorer.show();
    QVERIFY(QTest::qWaitForWindowExposed(&explorer));
    explorer.setSnapshot(snapshot);
    QTreeView *tree = explorer.tree();
    const QAbstractItemModel *model = tree->model();
    const int margins = 2 * (tree->style()->pixelMetric(QStyle::PM_FocusFrameHMargin) + 1);
    int reports = 0;
    for (int b = 0; b < model->rowCount(); ++b) {
        const QModelIndex benchmark = model->index(b, 0);
        for (int t = 0; t < model->rowCount(benchmark); ++t) {
            const QModelIndex task = model->index(t, 0, benchmark);
            QVERIFY2(task.data().toString().section(u" · "_s, 1).size() > 0,
                     qPrintable(task.data().toString()));
            for (int r = 0; r < model->rowCount(task); ++r, ++reports) {
                const QModelIndex report = model->index(r, 0, task);
                const int needed
                    = tree->fontMetrics().horizontalAdvance(report.data().toString()) + margins;
                QTRY_VERIFY2(tree->visualRect(report).width() >= needed,
                             qPrintable(report.data().toString()));
            }
        }
    }
    QCOMPARE(reports, int(m_reports.size()));
    // The ResearchRubrics tasks have no title: the tree shows their prompts' first words.
    const QModelIndex rr = model->index(1, 0);
    QCOMPARE(rr.data().toString(), u"ResearchRubrics"_s);
    QVERIFY2(model->index(1, 0, rr).data().toString().contains(u"Compare heat pumps and gas"_s),
             qPrintable(model->index(1, 0, rr).data().toString()));
}

void TestWorkbench::pdfShowsPagesWithHighlights()
{
    openReport(u"pdf"_s);
    ReportView *view = m_window->reportView();
    QVERIFY(view->showingPages());
    QVERIFY(view->pdfView()->pageCount() > 0);
    QTRY_VERIFY(!view->marks().isEmpty());
    QVERIFY(!view->pdfView()->highlights().isEmpty());

    // Selecting a rubric with evidence scrolls the page to it.
    VerdictPanel *panel = m_window->verdictPanel();
    const QList<VerdictRow> &rows = panel->model()->rows();
    const auto withSpans = std::find_if(rows.crbegin(), rows.crend(),
                                        [](const VerdictRow &r) { return !r.spans.isEmpty(); });
    QVERIFY(withSpans != rows.crend());
    panel->selectRubric(withSpans->rubricId);
    const int current = view->currentMark();
    QVERIFY(current >= 0);
    QCOMPARE(view->pdfView()->currentHighlight(), current);
    QVERIFY(view->pdfView()->viewport()->rect().intersects(
        view->pdfView()->highlightRect(current).toAlignedRect()));

    // The text layer is one click away, with the same marks.
    view->setShowPages(false);
    QVERIFY(!view->showingPages());
    QCOMPARE(view->textBrowser()->extraSelections().size(), view->marks().size());
}

void TestWorkbench::droppedFileOpensImportWithItsKind()
{
    QCOMPARE(ImportDialog::guessKind(u"/data/tasks_and_rubrics.jsonl"_s), ImportKind::Drb2Tasks);
    QCOMPARE(ImportDialog::guessKind(u"/data/result.jsonl"_s), ImportKind::Drb2Results);
    QCOMPARE(ImportDialog::guessKind(m_dir.path()), ImportKind::Drb2Reports);
    QCOMPARE(ImportDialog::guessKind(u"/data/notes.txt"_s), std::nullopt);

    // A real drop: the window accepts local files and asks what the dropped one is.
    QMimeData mime;
    mime.setUrls({QUrl::fromLocalFile(u"/data/result.jsonl"_s)});
    QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window.get(), &enter);
    QVERIFY(enter.isAccepted());
    QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
    QCoreApplication::sendEvent(m_window.get(), &drop);
    ImportDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<ImportDialog *>()) != nullptr);
    QCOMPARE(dialog->kind(), ImportKind::Drb2Results);
    QVERIFY(dialog->sourcePath().endsWith(u"result.jsonl"_s));
    dialog->reject();
}

void TestWorkbench::renameInPreferencesKeepsLabels()
{
    chooseAnnotator({u"ada-id"_s, u"Ada"_s});
    openReport(u"md"_s);
    QTableView *table = m_window->verdictPanel()->view();
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Minus);
    VerdictModel *model = m_window->verdictPanel()->model();
    QTRY_VERIFY(model->rowAt(0)->humanValue);
    const RowId report = m_window->reportView()->reportId();
    const RowId rubric = model->rowAt(0)->rubricId;

    // A new name is a rename: the id labels are keyed by stays, so the label stays hers.
    m_window->findChild<QAction *>(u"actionPreferences"_s)->trigger();
    PreferencesDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<PreferencesDialog *>()) != nullptr);
    QSignalSpy changed(dialog, &PreferencesDialog::annotatorChanged);
    dialog->annotatorEdit()->setText(u"  Ada Reviewer "_s);
    dialog->accept();
    QCOMPARE(changed.size(), 1);
    QCOMPARE(VerdictPanel::annotator(), u"ada-id"_s);
    QCOMPARE(currentAnnotatorName(), u"Ada Reviewer"_s);
    QTRY_COMPARE(model->rowAt(0)->annotator, u"Ada Reviewer"_s); // the project renamed her
    QCOMPARE(model->rowAt(0)->humanValue, std::optional<double>(-1));
    const QList<AnnotationEvent> history = events(report, rubric);
    QCOMPARE(history.size(), 1);
    QCOMPARE(history.at(0).annotator, u"ada-id"_s);
    QCOMPARE(history.at(0).annotatorName, u"Ada Reviewer"_s);
    QCOMPARE(history.at(0).value, std::optional<double>(-1));
    QCOMPARE(history.at(0).provenance.method, LabelMethod::Typed);
}

void TestWorkbench::evidenceMarksFollowRenderedText()
{
    // The same span, in a text shown as it is and in a rendering that lost its markup.
    const QString source = u"# Title\n\nThe **trial** measured a COP of 2.7 in winter.\n"_s;
    const QString rendered = u"Title\nThe trial measured a COP of 2.7 in winter."_s;
    VerdictRow row;
    row.rubricId = 7;
    row.judgeValue = 1;
    const int start = int(source.indexOf(u"The **trial**"_s));
    const int length = int(source.indexOf(u" in winter"_s)) - start;
    row.spans = {{start, length, u"exact"_s}};
    const QList<EvidenceMark> same = evidenceMarks({row}, source, source);
    QCOMPARE(same.size(), 1);
    QCOMPARE(same.at(0).start, start);
    const QList<EvidenceMark> moved = evidenceMarks({row}, source, rendered);
    QCOMPARE(moved.size(), 1);
    QCOMPARE(rendered.mid(moved.at(0).start, moved.at(0).length),
             u"The trial measured a COP of 2.7"_s);
    // A link shows its text, not its target.
    const QString linked = u"Intro. See [the survey](https://example.org/a.html) for more.\n"_s;
    const QString linkedShown = u"Intro. See the survey for more."_s;
    row.spans = {{7, int(linked.indexOf(u"example"_s)) + 7 - 7, u"exact"_s}};
    const QList<EvidenceMark> viaLink = evidenceMarks({row}, linked, linkedShown);
    QCOMPARE(viaLink.size(), 1);
    QVERIFY(
        linkedShown.mid(viaLink.at(0).start, viaLink.at(0).length).startsWith(u"See the survey"_s));

    // A span past the end of the text (a stale run) is dropped, not drawn somewhere else.
    row.spans = {{int(source.size()) - 2, 10, u"exact"_s}};
    QVERIFY(evidenceMarks({row}, source, rendered).isEmpty());
    QVERIFY(evidenceColour(1, VerdictScale::Drb2Tristate)
            != evidenceColour(-1, VerdictScale::Drb2Tristate));
}

void TestWorkbench::notePromptElidesAndHeadersStayVisible()
{
    m_window->resize(1400, 900);
    openReport(u"md"_s);
    VerdictPanel *panel = m_window->verdictPanel();
    VerdictModel *model = panel->model();
    QTableView *table = panel->view();
    int row = -1;
    for (int i = 0; i < model->rowCount() && row < 0; ++i) {
        if (model->rowAt(i)->rubricText.simplified().size() > 80)
            row = i;
    }
    QVERIFY(row >= 0);
    const QString rubric = model->rowAt(row)->rubricText.simplified();

    // The prompt shows the start of a long rubric and marks the cut.
    table->setFocus();
    table->setCurrentIndex(model->index(row, VerdictModel::RubricColumn));
    QTest::keyClick(table, Qt::Key_N);
    QInputDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<QInputDialog *>(u"noteDialog"_s)) != nullptr);
    const QString label = dialog->labelText();
    QVERIFY2(label.endsWith(u"…”:"_s), qPrintable(label));
    const QString shown = label.mid(label.indexOf(u'“') + 1).chopped(3);
    QVERIFY(shown.size() < rubric.size());
    QVERIFY2(rubric.startsWith(shown), qPrintable(shown));

    // A long note elides in its column: every header stays in sight, the rubric keeps room.
    const QString note = u"The quote is right but the figure it supports is from another "
                         "table of the same report, which the judge did not read; the rubric "
                         "asks for the 2024 figure, so this is not met."_s;
    dialog->setTextValue(note);
    dialog->accept();
    QTRY_COMPARE(model->index(row, VerdictModel::NoteColumn).data().toString(), note);
    QCOMPARE(model->index(row, VerdictModel::NoteColumn).data(Qt::ToolTipRole).toString(), note);
    const QHeaderView *header = table->horizontalHeader();
    for (int column = 0; column < header->count(); ++column) {
        if (header->isSectionHidden(column))
            continue;
        const int right = header->sectionViewportPosition(column) + header->sectionSize(column);
        QVERIFY2(header->sectionViewportPosition(column) >= 0
                     && right <= header->viewport()->width(),
                 qPrintable(model->headerData(column, Qt::Horizontal).toString()));
    }
    QVERIFY(header->sectionSize(VerdictModel::RubricColumn)
            > header->sectionSize(VerdictModel::NoteColumn));
}

void TestWorkbench::unknownLabelKeySaysSo()
{
    openReportOf(u"researchrubrics"_s);
    VerdictPanel *panel = m_window->verdictPanel();
    VerdictModel *model = panel->model();
    QTableView *table = panel->view();
    QCOMPARE(model->rowAt(0)->scale, VerdictScale::Ternary);
    table->setFocus();
    table->setCurrentIndex(model->index(0, VerdictModel::RubricColumn));
    const RowId report = m_window->reportView()->reportId();
    const RowId rubric = model->rowAt(0)->rubricId;

    // "-" is DRB-II's −1, not a ResearchRubrics label: said, and nothing written.
    QTest::keyClick(table, Qt::Key_Minus);
    QCOMPARE(m_window->statusBar()->currentMessage(),
             u"“-” is not a label on this scale; use 1, P, 0"_s);
    QVERIFY(!model->rowAt(0)->humanValue);
    QVERIFY(events(report, rubric).isEmpty());

    // A key the scale knows still labels.
    QTest::keyClick(table, Qt::Key_P);
    QTRY_COMPARE(model->rowAt(0)->humanValue, std::optional<double>(0.5));
    QCOMPARE(events(report, rubric).size(), 1);
}

void TestWorkbench::reopenedReportStartsAtFirstUnlabelled()
{
    openReport(u"md"_s);
    const RowId first = m_window->reportView()->reportId();
    VerdictPanel *panel = m_window->verdictPanel();
    VerdictModel *model = panel->model();
    QTableView *table = panel->view();
    QVERIFY(model->rowCount() > 2);
    table->setFocus();
    for (int row = 0; row < 2; ++row) {
        table->setCurrentIndex(model->index(row, VerdictModel::RubricColumn));
        QTest::keyClick(table, Qt::Key_1);
        QTRY_VERIFY(model->rowAt(row)->humanValue);
    }

    // Away and back: the panel continues at the first rubric still to label.
    QTest::keyClick(table, Qt::Key_BracketRight);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->reportView()->reportId() != first, BackgroundWorkTimeout);
    QTest::keyClick(table, Qt::Key_BracketLeft);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->reportView()->reportId(), first, BackgroundWorkTimeout);
    QTRY_COMPARE(table->currentIndex().row(), 2);
    QCOMPARE(panel->currentRubric(), model->rowAt(2)->rubricId);
}

void TestWorkbench::blindKeyClearsAndRestoresEvidence_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("text") << u"md"_s;
    QTest::newRow("pages") << u"pdf"_s;
}

void TestWorkbench::blindKeyClearsAndRestoresEvidence()
{
    QFETCH(QString, format);
    openReport(format);
    ReportView *view = m_window->reportView();
    VerdictPanel *panel = m_window->verdictPanel();
    QTRY_VERIFY(!view->marks().isEmpty());
    const qsizetype shown = view->marks().size();
    const qsizetype onPages = view->pdfView()->highlights().size();

    // A rubric this annotator has labelled, its evidence current and scrolled to.
    const QList<VerdictRow> &rows = panel->model()->rows();
    const auto withSpans = std::find_if(rows.cbegin(), rows.cend(),
                                        [](const VerdictRow &r) { return !r.spans.isEmpty(); });
    QVERIFY(withSpans != rows.cend());
    const RowId rubric = withSpans->rubricId;
    panel->selectRubric(rubric);
    QTableView *table = panel->view();
    table->setFocus();
    QTest::keyClick(table, Qt::Key_1);
    QTRY_VERIFY(panel->model()->rowAt(panel->model()->rowOfRubric(rubric))->humanValue);
    QTest::keyClick(table, Qt::Key_E);
    QVERIFY(view->currentMark() >= 0);

    // Ctrl+B hides the judge: no mark, no highlight, no current span in the report.
    QTest::keyClick(table, Qt::Key_B, Qt::ControlModifier);
    QVERIFY(panel->blindAction()->isChecked());
    QVERIFY(view->marks().isEmpty());
    QCOMPARE(view->currentMark(), -1);
    QVERIFY(view->textBrowser()->extraSelections().isEmpty());
    QVERIFY(view->pdfView()->highlights().isEmpty());
    QCOMPARE(view->pdfView()->currentHighlight(), -1);
    // Evidence keys find nothing to go to, and say why.
    QTest::keyClick(table, Qt::Key_E);
    QCOMPARE(view->currentMark(), -1);
    QVERIFY(m_window->statusBar()->currentMessage().startsWith(u"Blind mode"_s));

    // Ctrl+B again shows the judge: every mark is back.
    QTest::keyClick(table, Qt::Key_B, Qt::ControlModifier);
    QVERIFY(!panel->blindAction()->isChecked());
    QCOMPARE(view->marks().size(), shown);
    QCOMPARE(view->pdfView()->highlights().size(), onPages);
    if (!view->showingPages())
        QCOMPARE(view->textBrowser()->extraSelections().size(), shown);
    QTest::keyClick(table, Qt::Key_E);
    QVERIFY(view->currentMark() >= 0);
    QCOMPARE(view->marks().at(view->currentMark()).rubricId, rubric);
}

// The text of a report is built on a worker thread. A reader moving on before it is shown
// must end on the last report chosen, highlighted for it, never on a build left behind.
void TestWorkbench::quickSwitchingShowsTheLastReport()
{
    ReportView *view = m_window->reportView();
    const RowId a = reportId(u"md"_s);
    const RowId b = reportId(u"pdf"_s);
    QVERIFY(a && b);
    QSignalSpy shown(view, &ReportView::textShown);
    // A, B and A again in the tree, each before the previous one is on screen.
    QVERIFY(m_window->explorer()->selectReport(a));
    QVERIFY(m_window->explorer()->selectReport(b));
    QVERIFY(m_window->explorer()->selectReport(a));
    QTRY_COMPARE_WITH_TIMEOUT(view->reportId(), a, BackgroundWorkTimeout);
    QTRY_VERIFY(!view->isBuilding());
    QTRY_VERIFY(m_window->verdictPanel()->reportId() == a);
    QVERIFY(!shown.isEmpty());
    QCOMPARE(shown.constLast().at(0).value<RowId>(), a);
    QVERIFY(!view->showingPages()); // B's pages are gone with B

    // Its highlights are its own verdicts' evidence, in its own rendered text.
    const QList<VerdictRow> rows = m_window->verdictPanel()->visibleRows();
    const QString text = view->textBrowser()->document()->toPlainText();
    QTRY_VERIFY(!view->marks().isEmpty());
    auto store = ProjectStore::open(m_projectPath);
    QVERIFY2(store, qPrintable(store.errorMessage()));
    const std::optional<Report> report = store->reports().report(a);
    QVERIFY(report);
    QCOMPARE(view->marks(), evidenceMarks(rows, report->text, text));
    const QList<QTextEdit::ExtraSelection> selections = view->textBrowser()->extraSelections();
    QCOMPARE(selections.size(), view->marks().size());
    for (qsizetype i = 0; i < selections.size(); ++i) {
        QCOMPARE(selections.at(i).cursor.selectionStart(), view->marks().at(i).start);
        QCOMPARE(selections.at(i).cursor.selectionEnd(),
                 view->marks().at(i).start + view->marks().at(i).length);
    }

    // Directly in a view, with a report long enough that its build is still running: the
    // builds left behind are never shown, only the last report is.
    ReportView alone;
    alone.resize(600, 500);
    alone.show();
    QVERIFY(QTest::qWaitForWindowExposed(&alone));
    QSignalSpy aloneShown(&alone, &ReportView::textShown);
    LoadedReport longReport;
    longReport.report.id = 41;
    longReport.report.format = ReportFormat::Markdown;
    longReport.report.hasText = true;
    for (int i = 0; i < 3000; ++i)
        longReport.report.text += u"## Part %1\n\nThe **trial** measured a COP of 2.7. "_s.arg(i);
    LoadedReport shortReport = longReport;
    shortReport.report.id = 42;
    shortReport.report.text = u"# Short\n\nThe heat pump ran all winter.\n"_s;
    VerdictRow row;
    row.rubricId = 5;
    row.judgeValue = 1;
    row.spans = {{int(shortReport.report.text.indexOf(u"The heat"_s)), 12, u"exact"_s}};
    alone.showReport(longReport, u"Model"_s, {});
    alone.showReport(shortReport, u"Model"_s, {row});
    alone.focusRubric(row.rubricId); // before the text is there: applied when it is
    QTRY_COMPARE(aloneShown.size(), 1);
    QCOMPARE(aloneShown.constFirst().at(0).value<RowId>(), shortReport.report.id);
    QCOMPARE(alone.textBrowser()->toPlainText(), u"Short\nThe heat pump ran all winter."_s);
    QCOMPARE(alone.marks().size(), 1);
    QCOMPARE(alone.currentMark(), 0);
    // And back to the long one, whose text replaces the short one's entirely.
    alone.showReport(longReport, u"Model"_s, {});
    QVERIFY(alone.marks().isEmpty());
    QTRY_COMPARE(aloneShown.size(), 2);
    QVERIFY(alone.textBrowser()->toPlainText().startsWith(u"Part 0"_s));
    QVERIFY(alone.textBrowser()->extraSelections().isEmpty());
}

QTEST_MAIN(TestWorkbench)
#include "tst_workbench.moc"
