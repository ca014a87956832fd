// The review page as an annotator uses it, driven through the real window with key clicks:
// the report's text and pages, evidence highlighted and followed, labels, notes, blind mode,
// report keys, a second run beside the first, and quick switching between reports.

#include "demowindow.h"
#include "review/evidencemarks.h"
#include "review/labelkeys.h"
#include "review/pdfpageview.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "services/annotatoridentity.h"
#include "services/projectloader.h"
#include "shell/preferencesdialog.h"
#include "waits.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QHeaderView>
#include <QInputDialog>
#include <QLabel>
#include <QMessageBox>
#include <QRegularExpression>
#include <QSignalSpy>
#include <QStatusBar>
#include <QTableView>
#include <QTcpServer>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTreeView>
#include <QUndoStack>
#include <QUrl>

#include <algorithm>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

class TestReviewPage : public FreshDemoWindowTest
{
    Q_OBJECT

private slots:
    void selectingReportShowsItsText();
    void reportWithoutTextSaysSo();
    void reportBrowserNeverLoadsResources();
    void referenceListsKeepTheirLines();
    void evidenceIsHighlightedAndFollowed();
    void blindModeHidesUntilLabelled();
    void noteIsAnEventAndKeepsTheLabel();
    void scaleKeysAndReportKeys();
    void secondRunBesideTheFirst();
    void pdfShowsPagesWithHighlights();
    void renameInPreferencesKeepsLabels();
    void evidenceMarksFollowRenderedText();
    void notePromptElidesAndHeadersStayVisible();
    void unknownLabelKeySaysSo();
    void reopenedReportStartsAtFirstUnlabelled();
    void blindKeyClearsAndRestoresEvidence_data();
    void blindKeyClearsAndRestoresEvidence();
    void quickSwitchingShowsTheLastReport();
    void quickSwitchingBackShowsThePdfsPages();
};

void TestReviewPage::selectingReportShowsItsText()
{
    openAndWait();
    // A Markdown report: its first line is the report's title, which the view must show.
    const auto md = std::find_if(m_reports.cbegin(), m_reports.cend(),
                                 [](const auto &r) { return r.format == u"md"_s && r.hasText; });
    QVERIFY(md != m_reports.cend());
    const auto loaded = ProjectLoader::readReport(m_projectPath, md->id, 0, 0);
    QVERIFY2(loaded, qPrintable(loaded.errorMessage()));
    const QString heading = loaded->report.text.section(u'\n', 0, 0).remove(u'#').trimmed();
    QVERIFY(!heading.isEmpty());

    const QModelIndex index = viewIndexOfReport(md->id);
    QVERIFY(index.isValid());
    m_window->projectTree()->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);

    ReportView *view = m_window->reportView();
    QTRY_COMPARE_WITH_TIMEOUT(view->reportId(), md->id, BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(view->textBrowser()->toPlainText().contains(heading),
                             BackgroundWorkTimeout);
    QVERIFY(view->detailsText().contains(md->model));
    QCOMPARE(view->titleText(), loaded->task->title);

    // Beside it, the demo's judge run: one row per rubric, with the judge's verdicts.
    VerdictModel *verdicts = m_window->verdictPanel()->model();
    QTRY_COMPARE_WITH_TIMEOUT(verdicts->rowCount(), int(loaded->verdicts.size()),
                              BackgroundWorkTimeout);
    QVERIFY(verdicts->rowCount() > 0);
    QVERIFY(loaded->runId > 0);
    QVERIFY(!verdicts->index(0, VerdictModel::JudgeColumn).data().toString().isEmpty());

    // Run the offline judge from the toolbar: it works in the background, and its verdicts
    // replace the imported run's in the panel of the report on screen.
    QAction *run = m_window->runAction();
    QVERIFY(run->isEnabled());
    run->trigger();
    auto *title = m_window->findChild<QLabel *>(u"verdictTitle"_s);
    QVERIFY(title);
    QTRY_VERIFY_WITH_TIMEOUT(
        m_window->verdictPanel()->runBox()->currentText().contains(u"offline"_s),
        BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(run->isEnabled(), BackgroundWorkTimeout);
    QCOMPARE(view->reportId(), md->id); // still the same report on screen
    QCOMPARE(verdicts->rowCount(), int(loaded->verdicts.size()));

    // Label from the keyboard: each key press is an annotation event at once; undo and redo
    // are new events too.
    QTableView *table = m_window->verdictPanel()->view();
    table->setFocus();
    table->setCurrentIndex(verdicts->index(0, VerdictModel::RubricColumn));
    const RowId rubric = verdicts->index(0, 0).data(VerdictModel::RubricIdRole).toLongLong();
    QTest::keyClick(table, Qt::Key_Minus);
    const QModelIndex human = verdicts->index(0, VerdictModel::HumanColumn);
    QTRY_COMPARE_WITH_TIMEOUT(human.data().toString(), u"−1"_s, BackgroundWorkTimeout);
    m_window->undoStack()->undo();
    QTRY_COMPARE_WITH_TIMEOUT(verdicts->index(0, VerdictModel::HumanColumn).data().toString(),
                              QString(), BackgroundWorkTimeout);
    m_window->undoStack()->redo();
    QTRY_COMPARE_WITH_TIMEOUT(verdicts->index(0, VerdictModel::HumanColumn).data().toString(),
                              u"−1"_s, BackgroundWorkTimeout);
    QTest::keyClick(table, Qt::Key_0);
    QTRY_COMPARE_WITH_TIMEOUT(verdicts->index(0, VerdictModel::HumanColumn).data().toString(),
                              u"0"_s, BackgroundWorkTimeout);
    // Next rubric, then accept what the judge said.
    QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(table->currentIndex().row(), 1);
    const QString judged = verdicts->index(1, VerdictModel::JudgeColumn).data().toString();
    QTest::keyClick(table, Qt::Key_A);
    QTRY_COMPARE_WITH_TIMEOUT(verdicts->index(1, VerdictModel::HumanColumn).data().toString(),
                              judged, BackgroundWorkTimeout);

    // F1 lists every key.
    auto *keys = m_window->findChild<QAction *>(u"actionShortcuts"_s);
    QVERIFY(keys);
    keys->trigger();
    QMessageBox *sheet = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((sheet = m_window->findChild<QMessageBox *>()) != nullptr,
                             BackgroundWorkTimeout);
    QVERIFY(sheet->text().contains(u"accept the judge"_s));
    sheet->close();

    auto store = ProjectStore::open(m_projectPath);
    QVERIFY2(store, qPrintable(store.errorMessage()));
    // The demo ships other annotators' labels: only this annotator's events are counted.
    QList<AnnotationEvent> events = store->annotations().annotationHistory(md->id, rubric);
    events.removeIf(
        [](const AnnotationEvent &e) { return e.annotator != VerdictPanel::annotator(); });
    QCOMPARE(events.size(), 4); // -1, undo (none), redo (-1), 0
    QCOMPARE(events.at(0).value, std::optional<double>(-1));
    QVERIFY(!events.at(1).value.has_value());
    QCOMPARE(events.at(1).previousValue, std::optional<double>(-1));
    QCOMPARE(events.at(3).value, std::optional<double>(0));
    QCOMPARE(events.at(3).previousValue, std::optional<double>(-1));
    QCOMPARE(events.at(3).annotator, VerdictPanel::annotator());
}

void TestReviewPage::reportWithoutTextSaysSo()
{
    LoadedReport loaded;
    loaded.report.id = 42;
    loaded.report.format = ReportFormat::Image;
    loaded.report.hasText = false;
    ReportView view;
    view.showReport(loaded, u"ScannerAgent"_s, {});
    QCOMPARE(view.reportId(), 42);
    QVERIFY(view.textBrowser()->toPlainText().contains(u"no text (image/scanned)"_s));
    QVERIFY(view.detailsText().contains(u"ScannerAgent"_s));
}

void TestReviewPage::reportBrowserNeverLoadsResources()
{
    // A listening socket that must never see a connection.
    QTcpServer server;
    QVERIFY(server.listen(QHostAddress::LocalHost));
    const QUrl watched(u"http://127.0.0.1:%1/pixel.png"_s.arg(server.serverPort()));
    const QUrl closedPort(u"http://127.0.0.1:9/x.png"_s);

    ReportView view;
    view.resize(600, 400);
    view.show();
    QVERIFY(QTest::qWaitForWindowExposed(&view));
    ReportTextBrowser *browser = view.textBrowser();
    QVERIFY(!browser->openLinks());
    QVERIFY(!browser->openExternalLinks());

    LoadedReport loaded;
    loaded.report.id = 7;
    loaded.report.format = ReportFormat::Html;
    loaded.report.hasText = true;
    loaded.report.text = u"x"_s;
    loaded.originalHtml
        = u"<html><head><link rel=stylesheet href=\"%1\"></head><body><p>Hello</p>"
          "<img src=\"%2\"><img src=\"%3\"><img src=\"file:///etc/hostname\"></body></html>"_s.arg(
              watched.toString() + u".css"_s, closedPort.toString(), watched.toString());
    view.showReport(loaded, u"Model"_s, {});
    QTRY_VERIFY_WITH_TIMEOUT(!view.isBuilding(), BackgroundWorkTimeout);
    // Force layout and painting, which is when images are asked for.
    browser->document()->size();
    browser->viewport()->repaint();

    QVERIFY(browser->toPlainText().contains(u"Hello"_s));
    QTRY_VERIFY_WITH_TIMEOUT(browser->refusedResources().contains(closedPort),
                             BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(browser->refusedResources().contains(watched), BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(browser->refusedResources().contains(QUrl(u"file:///etc/hostname"_s)),
                             BackgroundWorkTimeout);
    QVERIFY(browser->loadResource(QTextDocument::ImageResource, closedPort).isNull());
    QVERIFY(browser->loadResource(QTextDocument::StyleSheetResource, watched).isNull());
    QVERIFY(!server.hasPendingConnections());
    QVERIFY(!server.waitForNewConnection(100));

    // Markdown images are refused the same way.
    loaded.report.format = ReportFormat::Markdown;
    loaded.report.text = u"# Title\n\n![tracker](%1)\n"_s.arg(watched.toString());
    const qsizetype before = browser->refusedResources().size();
    view.showReport(loaded, u"Model"_s, {});
    QTRY_VERIFY_WITH_TIMEOUT(!view.isBuilding(), BackgroundWorkTimeout);
    browser->document()->size();
    browser->viewport()->repaint();
    QVERIFY(browser->refusedResources().size() > before);
    QVERIFY(!server.waitForNewConnection(100));

    // A refused image is a short line of text saying so, not a large empty box.
    QVERIFY2(browser->toPlainText().contains(u"[image not loaded: tracker]"_s),
             qPrintable(browser->toPlainText()));
    QVERIFY(!browser->toPlainText().contains(QChar::ObjectReplacementCharacter));
    QVERIFY(browser->document()->size().height() < 200);
}

// A numbered reference list without blank lines between its entries ("[1] …", or "3. …"
// after a line of text) is one entry per line, as its author wrote it.
void TestReviewPage::referenceListsKeepTheirLines()
{
    LoadedReport loaded;
    loaded.report.id = 8;
    loaded.report.format = ReportFormat::Markdown;
    loaded.report.hasText = true;
    loaded.report.text = u"## References\n[1] Smith, J.: Heat pumps. https://example.org/a\n"
                         "[2] Lee, K.: Cold climates. https://example.org/b\n\nSee also\n"
                         "3. Third source\n4. Fourth source\n\n```\n[5] code stays\n```\n"_s;
    ReportView view;
    view.showReport(loaded, u"Model"_s, {});
    QTRY_VERIFY_WITH_TIMEOUT(!view.isBuilding(), BackgroundWorkTimeout);
    const QStringList lines = view.textBrowser()->toPlainText().split(
        QRegularExpression(u"[\\n\\x{2028}]"_s), Qt::SkipEmptyParts);
    for (const QString &line :
         {u"[1] Smith, J.: Heat pumps. https://example.org/a"_s,
          u"[2] Lee, K.: Cold climates. https://example.org/b"_s, u"See also"_s,
          u"3. Third source"_s, u"4. Fourth source"_s, u"[5] code stays"_s})
        QVERIFY2(lines.contains(line), qPrintable(lines.join(u" | "_s)));
}

void TestReviewPage::evidenceIsHighlightedAndFollowed()
{
    openReport(u"md"_s);
    ReportView *view = m_window->reportView();
    VerdictPanel *panel = m_window->verdictPanel();
    QAbstractItemModelTester tester(panel->model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);

    // Every located quote of the demo run is highlighted in the rendered Markdown.
    QTRY_VERIFY_WITH_TIMEOUT(!view->marks().isEmpty(), BackgroundWorkTimeout);
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

void TestReviewPage::blindModeHidesUntilLabelled()
{
    openReport(u"md"_s);
    VerdictPanel *panel = m_window->verdictPanel();
    ReportView *view = m_window->reportView();
    VerdictModel *model = panel->model();
    QTRY_VERIFY_WITH_TIMEOUT(!view->marks().isEmpty(), BackgroundWorkTimeout);
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
    QTRY_COMPARE_WITH_TIMEOUT(model->index(0, VerdictModel::HumanColumn).data().toString(), u"0"_s,
                              BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(model->index(0, VerdictModel::JudgeColumn).data().toString() != u"·"_s,
                             BackgroundWorkTimeout);
    QCOMPARE(model->index(1, VerdictModel::JudgeColumn).data().toString(), u"·"_s);
    QVERIFY(view->marks().isEmpty());

    // Off again: everything shows.
    blind->trigger();
    QVERIFY(model->index(1, VerdictModel::JudgeColumn).data().toString() != u"·"_s);
    QTRY_VERIFY_WITH_TIMEOUT(
        std::any_of(view->marks().cbegin(), view->marks().cend(),
                    [&](const EvidenceMark &m) { return m.rubricId != rubric; }),
        BackgroundWorkTimeout);
}

void TestReviewPage::noteIsAnEventAndKeepsTheLabel()
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
    QTRY_COMPARE_WITH_TIMEOUT(model->index(1, VerdictModel::HumanColumn).data().toString(), u"1"_s,
                              BackgroundWorkTimeout);
    QTest::keyClick(table, Qt::Key_N);
    QInputDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<QInputDialog *>(u"noteDialog"_s))
                                 != nullptr,
                             BackgroundWorkTimeout);
    dialog->setTextValue(u"The figure is from 2023, not 2024."_s);
    dialog->accept();
    QTRY_COMPARE_WITH_TIMEOUT(model->index(1, VerdictModel::NoteColumn).data().toString(),
                              u"The figure is from 2023, not 2024."_s, BackgroundWorkTimeout);
    QCOMPARE(model->index(1, VerdictModel::HumanColumn).data().toString(), u"1"_s);

    // Undo takes the note back and keeps the label.
    m_window->undoStack()->undo();
    QTRY_COMPARE_WITH_TIMEOUT(model->index(1, VerdictModel::NoteColumn).data().toString(),
                              QString(), BackgroundWorkTimeout);
    QCOMPARE(model->index(1, VerdictModel::HumanColumn).data().toString(), u"1"_s);

    const QList<AnnotationEvent> history = events(report, rubric);
    QCOMPARE(history.size(), 3);
    QCOMPARE(history.at(1).note, u"The figure is from 2023, not 2024."_s);
    QCOMPARE(history.at(1).value, std::optional<double>(1));
    QCOMPARE(history.at(2).note, QString());
    QCOMPARE(history.at(2).value, std::optional<double>(1));
}

void TestReviewPage::scaleKeysAndReportKeys()
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

void TestReviewPage::secondRunBesideTheFirst()
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
    QTRY_VERIFY_WITH_TIMEOUT(
        !model->index(0, VerdictModel::OtherJudgeColumn).data().toString().isEmpty(),
        BackgroundWorkTimeout);
    QVERIFY(panel->title().contains(u"disagree"_s));

    // Choosing the older run as the main one swaps what is shown.
    panel->runBox()->setCurrentIndex(1);
    QTRY_VERIFY_WITH_TIMEOUT(
        panel->runBox()->currentText().contains(u"demo"_s, Qt::CaseInsensitive),
        BackgroundWorkTimeout);
}

void TestReviewPage::pdfShowsPagesWithHighlights()
{
    openReport(u"pdf"_s);
    ReportView *view = m_window->reportView();
    QVERIFY(view->showingPages());
    QVERIFY(view->pdfView()->pageCount() > 0);
    QTRY_VERIFY_WITH_TIMEOUT(!view->marks().isEmpty(), BackgroundWorkTimeout);
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

void TestReviewPage::renameInPreferencesKeepsLabels()
{
    chooseAnnotator({u"ada-id"_s, u"Ada"_s});
    openReport(u"md"_s);
    QTableView *table = m_window->verdictPanel()->view();
    table->setFocus();
    QTest::keyClick(table, Qt::Key_Minus);
    VerdictModel *model = m_window->verdictPanel()->model();
    QTRY_VERIFY_WITH_TIMEOUT(model->rowAt(0)->humanValue, BackgroundWorkTimeout);
    const RowId report = m_window->reportView()->reportId();
    const RowId rubric = model->rowAt(0)->rubricId;

    // A new name is a rename: the id labels are keyed by stays, so the label stays hers.
    m_window->findChild<QAction *>(u"actionPreferences"_s)->trigger();
    PreferencesDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<PreferencesDialog *>()) != nullptr,
                             BackgroundWorkTimeout);
    QSignalSpy changed(dialog, &PreferencesDialog::annotatorChanged);
    dialog->annotatorEdit()->setText(u"  Ada Reviewer "_s);
    dialog->accept();
    QCOMPARE(changed.size(), 1);
    QCOMPARE(VerdictPanel::annotator(), u"ada-id"_s);
    QCOMPARE(currentAnnotatorName(), u"Ada Reviewer"_s);
    QTRY_COMPARE_WITH_TIMEOUT(model->rowAt(0)->annotator, u"Ada Reviewer"_s,
                              BackgroundWorkTimeout); // the project renamed her
    QCOMPARE(model->rowAt(0)->humanValue, std::optional<double>(-1));
    const QList<AnnotationEvent> history = events(report, rubric);
    QCOMPARE(history.size(), 1);
    QCOMPARE(history.at(0).annotator, u"ada-id"_s);
    QCOMPARE(history.at(0).annotatorName, u"Ada Reviewer"_s);
    QCOMPARE(history.at(0).value, std::optional<double>(-1));
    QCOMPARE(history.at(0).provenance.method, LabelMethod::Typed);
}

void TestReviewPage::evidenceMarksFollowRenderedText()
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

void TestReviewPage::notePromptElidesAndHeadersStayVisible()
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
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<QInputDialog *>(u"noteDialog"_s))
                                 != nullptr,
                             BackgroundWorkTimeout);
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
    QTRY_COMPARE_WITH_TIMEOUT(model->index(row, VerdictModel::NoteColumn).data().toString(), note,
                              BackgroundWorkTimeout);
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

void TestReviewPage::unknownLabelKeySaysSo()
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
    QTRY_COMPARE_WITH_TIMEOUT(model->rowAt(0)->humanValue, std::optional<double>(0.5),
                              BackgroundWorkTimeout);
    QCOMPARE(events(report, rubric).size(), 1);
}

void TestReviewPage::reopenedReportStartsAtFirstUnlabelled()
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
        QTRY_VERIFY_WITH_TIMEOUT(model->rowAt(row)->humanValue, BackgroundWorkTimeout);
    }

    // Away and back: the panel continues at the first rubric still to label.
    QTest::keyClick(table, Qt::Key_BracketRight);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->reportView()->reportId() != first, BackgroundWorkTimeout);
    QTest::keyClick(table, Qt::Key_BracketLeft);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->reportView()->reportId(), first, BackgroundWorkTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(table->currentIndex().row(), 2, BackgroundWorkTimeout);
    QCOMPARE(panel->currentRubric(), model->rowAt(2)->rubricId);
}

void TestReviewPage::blindKeyClearsAndRestoresEvidence_data()
{
    QTest::addColumn<QString>("format");
    QTest::newRow("text") << u"md"_s;
    QTest::newRow("pages") << u"pdf"_s;
}

void TestReviewPage::blindKeyClearsAndRestoresEvidence()
{
    QFETCH(QString, format);
    openReport(format);
    ReportView *view = m_window->reportView();
    VerdictPanel *panel = m_window->verdictPanel();
    QTRY_VERIFY_WITH_TIMEOUT(!view->marks().isEmpty(), BackgroundWorkTimeout);
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
    QTRY_VERIFY_WITH_TIMEOUT(panel->model()->rowAt(panel->model()->rowOfRubric(rubric))->humanValue,
                             BackgroundWorkTimeout);
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
    // Placed on the pages by the page view's worker.
    QTRY_COMPARE_WITH_TIMEOUT(view->pdfView()->highlights().size(), onPages, BackgroundWorkTimeout);
    if (!view->showingPages())
        QCOMPARE(view->textBrowser()->extraSelections().size(), shown);
    QTest::keyClick(table, Qt::Key_E);
    QVERIFY(view->currentMark() >= 0);
    QCOMPARE(view->marks().at(view->currentMark()).rubricId, rubric);
}

// The text of a report is built on a worker thread. A reader moving on before it is shown
// must end on the last report chosen, highlighted for it, never on a build left behind.
void TestReviewPage::quickSwitchingShowsTheLastReport()
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
    QTRY_VERIFY_WITH_TIMEOUT(!view->isBuilding(), BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->verdictPanel()->reportId() == a, BackgroundWorkTimeout);
    QVERIFY(!shown.isEmpty());
    QCOMPARE(shown.constLast().at(0).value<RowId>(), a);
    QVERIFY(!view->showingPages()); // B's pages are gone with B

    // Its highlights are its own verdicts' evidence, in its own rendered text.
    const QList<VerdictRow> rows = m_window->verdictPanel()->visibleRows();
    const QString text = view->textBrowser()->document()->toPlainText();
    QTRY_VERIFY_WITH_TIMEOUT(!view->marks().isEmpty(), BackgroundWorkTimeout);
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
    QTRY_COMPARE_WITH_TIMEOUT(aloneShown.size(), 1, BackgroundWorkTimeout);
    QCOMPARE(aloneShown.constFirst().at(0).value<RowId>(), shortReport.report.id);
    QCOMPARE(alone.textBrowser()->toPlainText(), u"Short\nThe heat pump ran all winter."_s);
    QCOMPARE(alone.marks().size(), 1);
    QCOMPARE(alone.currentMark(), 0);
    // And back to the long one, whose text replaces the short one's entirely.
    alone.showReport(longReport, u"Model"_s, {});
    QVERIFY(alone.marks().isEmpty());
    QTRY_COMPARE_WITH_TIMEOUT(aloneShown.size(), 2, BackgroundWorkTimeout);
    QVERIFY(alone.textBrowser()->toPlainText().startsWith(u"Part 0"_s));
    QVERIFY(alone.textBrowser()->extraSelections().isEmpty());
}

// A PDF's pages open and are highlighted on a worker thread. A reader going from a PDF to
// another report and back before either is on screen must end on the PDF's pages, with its
// own highlights and the rubric asked for meanwhile, never on a load left behind.
void TestReviewPage::quickSwitchingBackShowsThePdfsPages()
{
    ReportView *view = m_window->reportView();
    const RowId a = reportId(u"pdf"_s);
    const RowId b = reportId(u"md"_s);
    QVERIFY(a && b);
    QVERIFY(m_window->explorer()->selectReport(a));
    QVERIFY(m_window->explorer()->selectReport(b));
    QVERIFY(m_window->explorer()->selectReport(a));
    QTRY_COMPARE_WITH_TIMEOUT(view->reportId(), a, BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(!view->isBuilding(), BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->verdictPanel()->reportId() == a, BackgroundWorkTimeout);
    QVERIFY(view->showingPages());
    PdfPageView *pages = view->pdfView();
    QVERIFY(pages->pageCount() > 0);
    QTRY_VERIFY_WITH_TIMEOUT(!view->marks().isEmpty(), BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(!view->isBuilding(), BackgroundWorkTimeout);
    QVERIFY(!pages->highlights().isEmpty());
    for (const PdfHighlight &h : pages->highlights()) {
        QVERIFY(h.id >= 0 && h.id < view->marks().size());
        QVERIFY(h.page >= 0 && h.page < pages->pageCount());
    }

    // Directly in a view: a rubric focused before the pages are there is scrolled to once
    // they are, and the Markdown report in between leaves nothing behind.
    const auto pdf = ProjectLoader::readReport(m_projectPath, a, 0, 0);
    QVERIFY2(pdf, qPrintable(pdf.errorMessage()));
    QVERIFY(!pdf->pdf.isEmpty());
    const auto md = ProjectLoader::readReport(m_projectPath, b, 0, 0);
    QVERIFY2(md, qPrintable(md.errorMessage()));
    const QList<VerdictRow> rows = m_window->verdictPanel()->visibleRows();
    const auto withSpans = std::find_if(rows.crbegin(), rows.crend(),
                                        [](const VerdictRow &r) { return !r.spans.isEmpty(); });
    QVERIFY(withSpans != rows.crend());
    ReportView alone;
    alone.resize(600, 500);
    alone.show();
    QVERIFY(QTest::qWaitForWindowExposed(&alone));
    alone.showReport(*pdf, u"Model"_s, rows);
    alone.showReport(*md, u"Model"_s, {});
    alone.showReport(*pdf, u"Model"_s, rows);
    QVERIFY(alone.focusRubric(withSpans->rubricId));
    QTRY_VERIFY_WITH_TIMEOUT(!alone.isBuilding(), BackgroundWorkTimeout);
    QCOMPARE(alone.reportId(), a);
    QVERIFY(alone.showingPages());
    QCOMPARE(alone.pdfView()->pageCount(), pages->pageCount());
    QCOMPARE(alone.pdfView()->highlights().size(), pages->highlights().size());
    const int current = alone.currentMark();
    QVERIFY(current >= 0);
    QCOMPARE(alone.marks().at(current).rubricId, withSpans->rubricId);
    QCOMPARE(alone.pdfView()->currentHighlight(), current);
    QVERIFY(alone.pdfView()->viewport()->rect().intersects(
        alone.pdfView()->highlightRect(current).toAlignedRect()));
}

QTEST_MAIN(TestReviewPage)
#include "tst_reviewpage.moc"
