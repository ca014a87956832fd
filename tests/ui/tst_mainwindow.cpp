#include "agreement/statresult.h"
#include "demo/demoproject.h"
#include "leaderboard/leaderboardpage.h"
#include "project/importdialog.h"
#include "project/projecttreemodel.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "services/coretext.h"
#include "services/projectjobs.h"
#include "services/projectloader.h"
#include "services/recentprojects.h"
#include "shell/mainwindow.h"
#include "shell/scoringchoices.h"
#include "store/projectstore.h"
#include "waits.h"

#include <QAbstractProxyModel>
#include <QAction>
#include <QComboBox>
#include <QDialog>
#include <QDialogButtonBox>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QRegularExpression>
#include <QScopeGuard>
#include <QSettings>
#include <QStandardPaths>
#include <QTableView>
#include <QTcpServer>
#include <QTemporaryDir>
#include <QTest>
#include <QTextBrowser>
#include <QTextDocument>
#include <QTranslator>
#include <QTreeView>
#include <QUndoStack>
#include <QUrl>

#include <algorithm>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestMainWindow : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void cleanupTestCase();
    void init();
    void cleanup();

    void opensProjectAndFillsTree();
    void selectingReportShowsItsText();
    void keyboardMovesToNextReport();
    void filterKeepsMatchingRows();
    void missingProjectIsNotCreated();
    void demoProjectIsCreatedAndOpened();
    void importRunsInBackgroundAndReloads();
    void reportWithoutTextSaysSo();
    void reportBrowserNeverLoadsResources();
    void referenceListsKeepTheirLines();
    void chineseTranslationIsEmbedded();
    void formerlyEnglishWordsAreTranslated();
    void englishCountsHavePluralForms();
    void scoringChoicesAreInTheHelp();
    void userGuideIsInTheHelp();
    void mergeAnnotationsRunsInBackground();

private:
    void openAndWait();
    QModelIndex viewIndexOfReport(RowId id) const;

    QTemporaryDir m_dir;
    QString m_projectPath;
    QString m_benchmarkName;
    QList<TaskSummary> m_tasks;
    qsizetype m_drb2Tasks = 0; // the tree's first benchmark
    QList<ReportSummary> m_reports;
    std::unique_ptr<MainWindow> m_window;
};

void TestMainWindow::initTestCase()
{
    // Keep settings and the demo project away from the user's real ones.
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"RubricateTest"_s);
    QCoreApplication::setApplicationName(u"tst_mainwindow"_s);
    QSettings().clear();

    QVERIFY(m_dir.isValid());
    m_projectPath = m_dir.filePath(u"project.rubricate"_s);
    auto store = ProjectStore::create(m_projectPath);
    QVERIFY2(store, qPrintable(store.errorMessage()));
    const ImportSummary summary = importDemo(*store);
    QVERIFY2(summary.errorCount() == 0, qPrintable(summary.toText()));
    const auto drb2 = store->catalog().benchmark(u"drb2"_s);
    QVERIFY(drb2);
    QCOMPARE(store->catalog().benchmarks().size(),
             3); // the demo also has ResearchRubrics and ReportBench
    m_benchmarkName = drb2->name;
    m_tasks = store->catalog().taskSummaries();
    m_drb2Tasks = std::count_if(m_tasks.cbegin(), m_tasks.cend(),
                                [](const TaskSummary &t) { return t.benchmarkKey == u"drb2"_s; });
    m_reports = store->reports().reportSummaries();
    QVERIFY(m_tasks.size() >= 2);
    QVERIFY(m_reports.size() >= 2);
}

void TestMainWindow::cleanupTestCase()
{
    QSettings().clear();
}

void TestMainWindow::init()
{
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
}

void TestMainWindow::cleanup()
{
    m_window.reset();
}

void TestMainWindow::openAndWait()
{
    m_window->openProject(m_projectPath);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->projectModel()->rowCount(), 3, BackgroundWorkTimeout);
}

QModelIndex TestMainWindow::viewIndexOfReport(RowId id) const
{
    const auto *proxy = qobject_cast<QAbstractProxyModel *>(m_window->projectTree()->model());
    return proxy->mapFromSource(m_window->projectModel()->indexOfReport(id));
}

void TestMainWindow::opensProjectAndFillsTree()
{
    openAndWait();
    const QTreeView *tree = m_window->projectTree();
    QCOMPARE(tree->model()->index(0, 0).data().toString(), m_benchmarkName);
    QCOMPARE(tree->model()->rowCount(tree->model()->index(0, 0)), m_drb2Tasks);
    QTRY_VERIFY(m_window->countsText().contains(u"%1 tasks"_s.arg(m_tasks.size())));
    QVERIFY(m_window->countsText().contains(u"%1 reports"_s.arg(m_reports.size())));
    QCOMPARE(m_window->projectPath(), m_projectPath);
    QCOMPARE(RecentProjects::lastProject(), m_projectPath);
    QCOMPARE(RecentProjects::paths().value(0), m_projectPath);
}

void TestMainWindow::selectingReportShowsItsText()
{
    openAndWait();
    // A Markdown report: its first line is the report's title, which the view must show.
    const auto md = std::find_if(m_reports.cbegin(), m_reports.cend(),
                                 [](const auto &r) { return r.format == u"md"_s && r.hasText; });
    QVERIFY(md != m_reports.cend());
    QString error;
    const auto loaded = ProjectLoader::readReport(m_projectPath, md->id, 0, 0, &error);
    QVERIFY2(loaded, qPrintable(error));
    const QString heading = loaded->report.text.section(u'\n', 0, 0).remove(u'#').trimmed();
    QVERIFY(!heading.isEmpty());

    const QModelIndex index = viewIndexOfReport(md->id);
    QVERIFY(index.isValid());
    m_window->projectTree()->selectionModel()->setCurrentIndex(
        index, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);

    ReportView *view = m_window->reportView();
    QTRY_COMPARE_WITH_TIMEOUT(view->reportId(), md->id, BackgroundWorkTimeout);
    QTRY_VERIFY(view->textBrowser()->toPlainText().contains(heading));
    QVERIFY(view->detailsText().contains(md->model));
    QCOMPARE(view->titleText(), loaded->task->title);

    // Beside it, the demo's judge run: one row per rubric, with the judge's verdicts.
    VerdictModel *verdicts = m_window->verdictPanel()->model();
    QTRY_COMPARE(verdicts->rowCount(), int(loaded->verdicts.size()));
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
    QTRY_VERIFY(run->isEnabled());
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
    QTRY_COMPARE(human.data().toString(), u"−1"_s);
    m_window->undoStack()->undo();
    QTRY_COMPARE(verdicts->index(0, VerdictModel::HumanColumn).data().toString(), QString());
    m_window->undoStack()->redo();
    QTRY_COMPARE(verdicts->index(0, VerdictModel::HumanColumn).data().toString(), u"−1"_s);
    QTest::keyClick(table, Qt::Key_0);
    QTRY_COMPARE(verdicts->index(0, VerdictModel::HumanColumn).data().toString(), u"0"_s);
    // Next rubric, then accept what the judge said.
    QTest::keyClick(table, Qt::Key_Down);
    QCOMPARE(table->currentIndex().row(), 1);
    const QString judged = verdicts->index(1, VerdictModel::JudgeColumn).data().toString();
    QTest::keyClick(table, Qt::Key_A);
    QTRY_COMPARE(verdicts->index(1, VerdictModel::HumanColumn).data().toString(), judged);

    // F1 lists every key.
    auto *keys = m_window->findChild<QAction *>(u"actionShortcuts"_s);
    QVERIFY(keys);
    keys->trigger();
    QMessageBox *sheet = nullptr;
    QTRY_VERIFY((sheet = m_window->findChild<QMessageBox *>()) != nullptr);
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

void TestMainWindow::keyboardMovesToNextReport()
{
    openAndWait();
    // The first task with two reports: Down from the first reaches the second.
    const QAbstractItemModel *model = m_window->projectTree()->model();
    const QModelIndex benchmark = model->index(0, 0);
    QModelIndex first;
    for (int t = 0; t < model->rowCount(benchmark) && !first.isValid(); ++t) {
        const QModelIndex task = model->index(t, 0, benchmark);
        if (model->rowCount(task) >= 2)
            first = model->index(0, 0, task);
    }
    QVERIFY(first.isValid());
    const QModelIndex second = first.siblingAtRow(1);
    const RowId secondId = second.data(ProjectTreeModel::ReportIdRole).toLongLong();

    QTreeView *tree = m_window->projectTree();
    tree->setFocus();
    tree->setCurrentIndex(first);
    QTest::keyClick(tree, Qt::Key_Down);
    QCOMPARE(tree->currentIndex(), second);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->reportView()->reportId(), secondId, BackgroundWorkTimeout);
    QVERIFY(!m_window->reportView()->textBrowser()->toPlainText().isEmpty());
}

void TestMainWindow::filterKeepsMatchingRows()
{
    openAndWait();
    const QString model = m_reports.constFirst().model;
    auto *filter = m_window->findChild<QLineEdit *>(u"projectFilter"_s);
    QVERIFY(filter);
    filter->setText(model);
    const QAbstractItemModel *view = m_window->projectTree()->model();
    const QModelIndex benchmark = view->index(0, 0);
    QVERIFY(view->rowCount(benchmark) > 0);
    for (int t = 0; t < view->rowCount(benchmark); ++t) {
        const QModelIndex task = view->index(t, 0, benchmark);
        for (int r = 0; r < view->rowCount(task); ++r)
            QCOMPARE(view->index(r, 0, task).data().toString(), model);
    }
    filter->clear();
    QCOMPARE(view->rowCount(view->index(0, 0)), m_drb2Tasks);
}

void TestMainWindow::missingProjectIsNotCreated()
{
    const QString missing = m_dir.filePath(u"missing.rubricate"_s);
    m_window->openProject(missing);
    QMessageBox *box = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((box = m_window->findChild<QMessageBox *>()) != nullptr,
                             BackgroundWorkTimeout);
    QVERIFY(box->text().contains(u"missing.rubricate"_s));
    box->close();
    QVERIFY(!QFile::exists(missing));
    QVERIFY(m_window->projectPath().isEmpty());
}

void TestMainWindow::demoProjectIsCreatedAndOpened()
{
    const QString demo = ProjectJobs::demoProjectPath();
    QFile::remove(demo);
    m_window->openDemoProject();
    QTRY_COMPARE_WITH_TIMEOUT(m_window->projectPath(), demo, BackgroundWorkTimeout);
    QTRY_VERIFY(m_window->countsText().contains(u"%1 tasks"_s.arg(m_tasks.size())));
    QVERIFY(QFile::exists(demo));
    QVERIFY(!QFile::exists(demo + u".part"_s));
    m_window.reset();
    QFile::remove(demo);
}

void TestMainWindow::importRunsInBackgroundAndReloads()
{
    const QString emptyProject = m_dir.filePath(u"empty.rubricate"_s);
    {
        const auto created = ProjectStore::create(emptyProject);
        QVERIFY2(created, qPrintable(created.errorMessage()));
    }
    const QString files = m_dir.filePath(u"demo-files"_s);
    QString error;
    QVERIFY2(exportDemoFiles(files, &error), qPrintable(error));

    m_window->openProject(emptyProject);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->projectPath(), emptyProject, BackgroundWorkTimeout);
    QCOMPARE(m_window->projectModel()->rowCount(), 0);

    auto *importAction = m_window->findChild<QAction *>(u"actionImport"_s);
    QVERIFY(importAction);
    QVERIFY(importAction->isEnabled());
    importAction->trigger();
    ImportDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<ImportDialog *>()) != nullptr);
    auto *kind = dialog->findChild<QComboBox *>();
    auto *path = dialog->findChild<QLineEdit *>();
    auto *buttons = dialog->findChild<QDialogButtonBox *>();
    QVERIFY(kind && path && buttons);
    // Kinds are named for a person; the command line's key is only the secondary text.
    for (int i = 0; i < kind->count(); ++i) {
        const QString key = importKinds().at(i).key;
        QVERIFY2(kind->itemText(i) != key && !kind->itemText(i).isEmpty(), qPrintable(key));
        QVERIFY(kind->itemData(i, Qt::ToolTipRole).toString().contains(key));
    }
    kind->setCurrentIndex(kind->findData(int(ImportKind::Drb2Reports)));
    QCOMPARE(kind->currentText(), u"DeepResearch Bench II: reports (a folder per agent)"_s);
    auto *description = dialog->findChild<QLabel *>(u"importDescription"_s);
    QVERIFY(description);
    QVERIFY(description->text().contains(u"drb2-reports"_s));
    kind->setCurrentIndex(kind->findData(int(ImportKind::Drb2Tasks)));
    QVERIFY(!buttons->button(QDialogButtonBox::Ok)->isEnabled());
    path->setText(files + u"/tasks_and_rubrics.jsonl"_s);
    QVERIFY(buttons->button(QDialogButtonBox::Ok)->isEnabled());
    QCOMPARE(dialog->kind(), ImportKind::Drb2Tasks);
    dialog->accept();

    // The summary appears and the tree is read again, now with the imported tasks.
    QTRY_COMPARE_WITH_TIMEOUT(m_window->projectModel()->rowCount(), 1, BackgroundWorkTimeout);
    QTRY_VERIFY(m_window->countsText().contains(u"%1 tasks"_s.arg(m_drb2Tasks)));
    QPlainTextEdit *summary = nullptr;
    QTRY_VERIFY((summary = m_window->findChild<QPlainTextEdit *>()) != nullptr);
    QVERIFY2(summary->toPlainText().contains(u"tasks"_s), qPrintable(summary->toPlainText()));
}

void TestMainWindow::reportWithoutTextSaysSo()
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

void TestMainWindow::reportBrowserNeverLoadsResources()
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
    QTRY_VERIFY(!view.isBuilding());
    // Force layout and painting, which is when images are asked for.
    browser->document()->size();
    browser->viewport()->repaint();

    QVERIFY(browser->toPlainText().contains(u"Hello"_s));
    QTRY_VERIFY(browser->refusedResources().contains(closedPort));
    QTRY_VERIFY(browser->refusedResources().contains(watched));
    QTRY_VERIFY(browser->refusedResources().contains(QUrl(u"file:///etc/hostname"_s)));
    QVERIFY(browser->loadResource(QTextDocument::ImageResource, closedPort).isNull());
    QVERIFY(browser->loadResource(QTextDocument::StyleSheetResource, watched).isNull());
    QVERIFY(!server.hasPendingConnections());
    QVERIFY(!server.waitForNewConnection(100));

    // Markdown images are refused the same way.
    loaded.report.format = ReportFormat::Markdown;
    loaded.report.text = u"# Title\n\n![tracker](%1)\n"_s.arg(watched.toString());
    const qsizetype before = browser->refusedResources().size();
    view.showReport(loaded, u"Model"_s, {});
    QTRY_VERIFY(!view.isBuilding());
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
void TestMainWindow::referenceListsKeepTheirLines()
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
    QTRY_VERIFY(!view.isBuilding());
    const QStringList lines = view.textBrowser()->toPlainText().split(
        QRegularExpression(u"[\\n\\x{2028}]"_s), Qt::SkipEmptyParts);
    for (const QString &line :
         {u"[1] Smith, J.: Heat pumps. https://example.org/a"_s,
          u"[2] Lee, K.: Cold climates. https://example.org/b"_s, u"See also"_s,
          u"3. Third source"_s, u"4. Fourth source"_s, u"[5] code stays"_s})
        QVERIFY2(lines.contains(line), qPrintable(lines.join(u" | "_s)));
}

void TestMainWindow::chineseTranslationIsEmbedded()
{
    QVERIFY(QFile::exists(u":/i18n/rubricate_zh_CN.qm"_s));
    QTranslator direct;
    QVERIFY(direct.load(u":/i18n/rubricate_zh_CN.qm"_s));
    QCOMPARE(direct.translate("Rubricate::MainWindow", "&File"), u"文件(&F)"_s);

    // The lookup main() does for a Chinese system locale.
    QTranslator byLocale;
    QVERIFY(byLocale.load(QLocale(QLocale::Chinese, QLocale::China), u"rubricate"_s, u"_"_s,
                          u":/i18n"_s));
    QCOMPARE(byLocale.translate("Rubricate::MainWindow", "&Import…"), u"导入(&I)…"_s);
}

namespace {

bool hasCjk(const QString &text)
{
    return std::any_of(text.cbegin(), text.cend(),
                       [](QChar c) { return c.unicode() >= 0x4E00 && c.unicode() <= 0x9FFF; });
}

// The lines that give a Markdown page its shape: headings and list items, nested or not.
QStringList outline(const QString &markdown)
{
    QStringList kinds;
    for (const QString &line : markdown.split(u'\n')) {
        if (line.startsWith(u"#"_s))
            kinds << line.section(u' ', 0, 0);
        else if (line.trimmed().startsWith(u"- "_s))
            kinds << line.left(line.indexOf(u'-') + 1);
    }
    return kinds;
}

} // namespace

// What a zh_CN window still showed in English: the Agreement page's names, reasons and
// levels (core's words), the leaderboards' titles, notes and chart, Help → Scoring Choices,
// and units after a count.
void TestMainWindow::formerlyEnglishWordsAreTranslated()
{
    const QString english = scoringChoicesMarkdown();
    QTranslator zh;
    QVERIFY(zh.load(u":/i18n/rubricate_zh_CN.qm"_s));
    QVERIFY(QCoreApplication::installTranslator(&zh));
    const auto cleanup = qScopeGuard([&zh] { QCoreApplication::removeTranslator(&zh); });

    QCOMPARE(CoreText::raterName(HumanMajority, u"human majority"_s), u"人工多数"_s);
    QCOMPARE(CoreText::raterName(u"run:3"_s, u"openai mock-judge"_s), u"openai mock-judge"_s);
    QCOMPARE(CoreText::alphaLevel(AlphaLevel::Ordinal), u"顺序"_s);
    QCOMPARE(CoreText::attribute(RatingAttribute::Dimension), u"维度"_s);
    for (const QString &reason :
         {UndefinedReason::emptyTable(), UndefinedReason::fewerThanTwoRaters(),
          UndefinedReason::noPairableUnit(), UndefinedReason::identicalValues(),
          UndefinedReason::negativeRatioValue(), UndefinedReason::noSuchRater(),
          UndefinedReason::unequalRatingsPerUnit(), UndefinedReason::singleRatingPerUnit(),
          UndefinedReason::noDraws(), UndefinedReason::drawMismatch()})
        QVERIFY2(hasCjk(CoreText::reason(reason)), qPrintable(reason));
    QCOMPARE(CoreText::reason(u"3 of 1000 draws undefined"_s), u"1000 次抽样中有 3 次未定义"_s);

    // The leaderboards: titles the program owns, its notes and its chart.
    Leaderboard board;
    board.benchmarkKey = u"drb2"_s;
    board.columns
        = {{u"total"_s, u"Total"_s, 3}, {u"dim:goal_alignment"_s, u"Goal alignment"_s, 2}};
    board.rows
        = {{u"AtlasAgent"_s, {{0.5, {}}, {std::nullopt, u"no task with a usable score"_s}}, 2}};
    LeaderboardModel model;
    model.setLeaderboard(board);
    QCOMPARE(model.headerData(1, Qt::Horizontal).toString(), u"总分"_s);
    QCOMPARE(model.headerData(2, Qt::Horizontal).toString(), u"目标契合度"_s);
    QCOMPARE(model.index(0, 2).data(Qt::ToolTipRole).toString(), u"没有得分可用的任务"_s);
    const QString chartTitle = leaderboardChart(board).title;
    QVERIFY2(chartTitle.endsWith(u"各模型的总分"_s), qPrintable(chartTitle));
    QVERIFY(hasCjk(CoreText::leaderboardDescription(board)));

    // Help → Scoring Choices in Chinese, with the English page's shape.
    const QString chinese = scoringChoicesMarkdown();
    QVERIFY(chinese.startsWith(u"# 评分取舍"_s));
    QCOMPARE(outline(chinese), outline(english));

    // Counted units (numerus messages).
    QCOMPARE(QCoreApplication::translate("Rubricate::RunDialog", " request(s) at once", nullptr, 1),
             u" 个并发请求"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::VerdictPanel", "%n rubric(s)", nullptr, 15),
             u"15 个评分项"_s);

    // The explorer's and the report's new words.
    QVERIFY(hasCjk(ImportDialog::kindName(ImportKind::Drb2Reports)));
    QVERIFY(hasCjk(QCoreApplication::translate("Rubricate::ProjectFilterModel", "%L1 of %n task(s)",
                                               nullptr, 4)));
    QVERIFY(hasCjk(
        QCoreApplication::translate("Rubricate::ReportTextBrowser", "[image not loaded: %1]")));
}

// English is the source language, but "15 rubric(s)" is not English: its plural forms come
// from a catalogue of its own, loaded for an English locale as main() loads it.
void TestMainWindow::englishCountsHavePluralForms()
{
    QTranslator en;
    QVERIFY(en.load(QLocale(QLocale::English, QLocale::UnitedStates), u"rubricate"_s, u"_"_s,
                    u":/i18n"_s));
    QVERIFY(QCoreApplication::installTranslator(&en));
    const auto cleanup = qScopeGuard([&en] { QCoreApplication::removeTranslator(&en); });
    QCOMPARE(QCoreApplication::translate("Rubricate::VerdictPanel", "%n rubric(s)", nullptr, 15),
             u"15 rubrics"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::VerdictPanel", "%n rubric(s)", nullptr, 1),
             u"1 rubric"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::RunDialog", " request(s) at once", nullptr, 1),
             u" request at once"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::RunDialog", " request(s) at once", nullptr, 4),
             u" requests at once"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::ProjectFilterModel", "%L1 of %n task(s)",
                                         nullptr, 4)
                 .arg(1),
             u"1 of 4 tasks"_s);
    QCOMPARE(QCoreApplication::translate("Rubricate::ProjectFilterModel", "%L1 of %n persona(s)",
                                         nullptr, 1)
                 .arg(1),
             u"1 of 1 persona"_s);
    // Only plurals: every other message stays the source text.
    QCOMPARE(QCoreApplication::translate("Rubricate::MainWindow", "&File"), u"&File"_s);
}

// Help → Scoring Choices shows the built-in docs/scoring-choices.md: every benchmark's
// choices where its reference is silent, with the settings that change them.
void TestMainWindow::scoringChoicesAreInTheHelp()
{
    auto *action = m_window->findChild<QAction *>(u"actionScoringChoices"_s);
    QVERIFY(action);
    action->trigger();
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<QDialog *>(u"scoringChoices"_s)) != nullptr);
    auto *text = dialog->findChild<QTextBrowser *>(u"scoringChoicesText"_s);
    QVERIFY(text);
    QVERIFY(!text->openLinks() && !text->openExternalLinks());
    const QString shown = text->toPlainText();
    for (const QString &section :
         {u"ResearchRubrics"_s, u"ReportBench"_s, u"PDR-Bench"_s, u"Agreement"_s})
        QVERIFY2(shown.contains(section), qPrintable(section));
    QVERIFY(shown.contains(u"--unavailable not-supported"_s));
    dialog->close();
}

// Help → User Guide shows docs/guide, built in: its links move between the pages, a link out
// of the guide is never followed, and no screenshot is loaded.
void TestMainWindow::userGuideIsInTheHelp()
{
    auto *action = m_window->findChild<QAction *>(u"actionUserGuide"_s);
    QVERIFY(action);
    action->trigger();
    QDialog *dialog = nullptr;
    QTRY_VERIFY((dialog = m_window->findChild<QDialog *>(u"userGuide"_s)) != nullptr);
    auto *text = dialog->findChild<QTextBrowser *>(u"userGuideText"_s);
    QVERIFY(text);
    QVERIFY(!text->openLinks() && !text->openExternalLinks());
    QVERIFY(text->toPlainText().contains(u"Team projects on PostgreSQL"_s));
    emit text->anchorClicked(QUrl(u"teams.md"_s));
    QVERIFY(text->toPlainText().contains(u"team add-annotator"_s));
    emit text->anchorClicked(QUrl(u"https://example.org/remote.md"_s));
    QVERIFY(text->toPlainText().contains(u"team add-annotator"_s)); // still the guide's page
    emit text->anchorClicked(QUrl(u"getting-started.md"_s));
    const QString started = text->toPlainText();
    QVERIFY(started.contains(u"the first minute"_s));
    QVERIFY(!text->document()->toMarkdown().contains(u"](../screenshots/"_s));
    dialog->close();
}

void TestMainWindow::mergeAnnotationsRunsInBackground()
{
    // A copy of the project in which Cy labelled one more item.
    const QString target = m_dir.filePath(u"merge-target.rubricate"_s);
    const QString other = m_dir.filePath(u"merge-other.rubricate"_s);
    QVERIFY(QFile::copy(m_projectPath, target));
    QVERIFY(QFile::copy(m_projectPath, other));
    {
        auto store = ProjectStore::open(other);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        const AnnotationEvent any = store->annotations().annotationEvents().constFirst();
        AnnotationEvent e;
        e.reportId = any.reportId;
        e.rubricId = any.rubricId;
        e.annotator = u"Cy"_s;
        e.value = any.value;
        QVERIFY(store->annotations().appendAnnotation(e));
    }
    m_window->openProject(target);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->projectPath(), target, BackgroundWorkTimeout);

    auto *merge = m_window->findChild<QAction *>(u"actionMergeAnnotations"_s);
    QVERIFY(merge);
    QTRY_VERIFY(merge->isEnabled());
    merge->trigger();
    QFileDialog *chooser = nullptr;
    QTRY_VERIFY((chooser = m_window->findChild<QFileDialog *>()) != nullptr);
    chooser->selectFile(other);
    QMetaObject::invokeMethod(chooser, &QDialog::accept); // protected in QFileDialog

    QMessageBox *summary = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((summary = m_window->findChild<QMessageBox *>(u"mergeSummary"_s)),
                             BackgroundWorkTimeout);
    QVERIFY2(summary->informativeText().contains(u"1 annotation event(s) added"_s),
             qPrintable(summary->informativeText()));
    auto store = ProjectStore::open(target);
    QVERIFY2(store, qPrintable(store.errorMessage()));
    QCOMPARE(store->annotations().annotationEvents().constLast().annotator, u"Cy"_s);
}

QTEST_MAIN(TestMainWindow)
#include "tst_mainwindow.moc"
