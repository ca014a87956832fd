// The project's side of the window: the explorer's tree, keys, filters and full-text search,
// importing (from the menu or a dropped file) and merging annotations from another copy.

#include "demowindow.h"
#include "project/importdialog.h"
#include "project/projectexplorer.h"
#include "project/projectfiltermodel.h"
#include "project/projecttreemodel.h"
#include "services/projectloader.h"
#include "services/projectsnapshot.h"
#include "waits.h"

#include <QAbstractItemModelTester>
#include <QAction>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFile>
#include <QFileDialog>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QMessageBox>
#include <QMimeData>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QStyle>
#include <QTableView>
#include <QTreeView>
#include <QUrl>

#include <algorithm>

using namespace Rubricate;
using namespace RubricateTest;
using namespace Qt::StringLiterals;

class TestProjectExplorer : public FreshDemoWindowTest
{
    Q_OBJECT

private slots:
    void keyboardMovesToNextReport();
    void filterKeepsMatchingRows();
    void importRunsInBackgroundAndReloads();
    void mergeAnnotationsRunsInBackground();
    void filtersNarrowTheTree();
    void searchJumpsToTheHit();
    void explorerKeepsAgentNamesWhole();
    void droppedFileOpensImportWithItsKind();
};

void TestProjectExplorer::keyboardMovesToNextReport()
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

void TestProjectExplorer::filterKeepsMatchingRows()
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

void TestProjectExplorer::importRunsInBackgroundAndReloads()
{
    const QString emptyProject = m_dir.filePath(u"empty.rubricate"_s);
    {
        const auto created = ProjectStore::create(emptyProject);
        QVERIFY2(created, qPrintable(created.errorMessage()));
    }
    const QString files = m_dir.filePath(u"demo-files"_s);
    const Result<void> exported = exportDemoFiles(files);
    QVERIFY2(exported, qPrintable(exported.errorMessage()));

    m_window->openProject(emptyProject);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->projectPath(), emptyProject, BackgroundWorkTimeout);
    QCOMPARE(m_window->projectModel()->rowCount(), 0);

    auto *importAction = m_window->findChild<QAction *>(u"actionImport"_s);
    QVERIFY(importAction);
    QVERIFY(importAction->isEnabled());
    importAction->trigger();
    ImportDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<ImportDialog *>()) != nullptr,
                             BackgroundWorkTimeout);
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
    QTRY_VERIFY_WITH_TIMEOUT(m_window->countsText().contains(u"%1 tasks"_s.arg(m_drb2Tasks)),
                             BackgroundWorkTimeout);
    QPlainTextEdit *summary = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((summary = m_window->findChild<QPlainTextEdit *>()) != nullptr,
                             BackgroundWorkTimeout);
    QVERIFY2(summary->toPlainText().contains(u"tasks"_s), qPrintable(summary->toPlainText()));
}

void TestProjectExplorer::mergeAnnotationsRunsInBackground()
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
    QTRY_VERIFY_WITH_TIMEOUT(merge->isEnabled(), BackgroundWorkTimeout);
    merge->trigger();
    QFileDialog *chooser = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((chooser = m_window->findChild<QFileDialog *>()) != nullptr,
                             BackgroundWorkTimeout);
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

void TestProjectExplorer::filtersNarrowTheTree()
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
    QTRY_VERIFY_WITH_TIMEOUT(m_window->verdictPanel()->model()->rowAt(0)->humanValue,
                             BackgroundWorkTimeout);
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

void TestProjectExplorer::searchJumpsToTheHit()
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
    QTRY_COMPARE_WITH_TIMEOUT(
        m_window->reportView()->textBrowser()->textCursor().selectedText().toLower(), u"harrow"_s,
        BackgroundWorkTimeout);

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
void TestProjectExplorer::explorerKeepsAgentNamesWhole()
{
    const Result<ProjectSnapshot> read = ProjectLoader::readSnapshot(m_projectPath);
    QVERIFY2(read, qPrintable(read.errorMessage()));
    const ProjectSnapshot &snapshot = *read;
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
                QTRY_VERIFY2_WITH_TIMEOUT(tree->visualRect(report).width() >= needed,
                                          qPrintable(report.data().toString()),
                                          BackgroundWorkTimeout);
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

void TestProjectExplorer::droppedFileOpensImportWithItsKind()
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
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<ImportDialog *>()) != nullptr,
                             BackgroundWorkTimeout);
    QCOMPARE(dialog->kind(), ImportKind::Drb2Results);
    QVERIFY(dialog->sourcePath().endsWith(u"result.jsonl"_s));
    dialog->reject();
}

QTEST_MAIN(TestProjectExplorer)
#include "tst_projectexplorer.moc"
