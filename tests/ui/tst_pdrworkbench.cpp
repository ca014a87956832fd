// PDR-Bench in the real window: a report's query and persona beside the verdicts, the
// explorer grouped by persona, and the criteria editor from opening to a stored, reopened
// edit — weights checked and normalised, a reworded judged criterion confirmed and its
// verdict shown as stale, a labelled criterion kept, and Cancel writing nothing.
#include "demo/demoproject.h"
#include "ingest/importer.h"
#include "pdrfixtures.h"
#include "project/projectexplorer.h"
#include "project/projectfiltermodel.h"
#include "project/projecttreemodel.h"
#include "review/personamodel.h"
#include "review/personaview.h"
#include "review/reportview.h"
#include "review/verdictmodel.h"
#include "review/verdictpanel.h"
#include "runs/criteriadialog.h"
#include "runs/rundialog.h"
#include "services/runlauncher.h"
#include "shell/mainwindow.h"
#include "store/projectstore.h"
#include "waits.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QGroupBox>
#include <QLabel>
#include <QLineEdit>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTabBar>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTest>
#include <QToolButton>
#include <QTreeView>

using namespace Rubricate;
using namespace Qt::StringLiterals;

class TestPdrWorkbench : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void init();
    void cleanup();

    void personaViewShowsQueryAndPersona();
    void explorerGroupsByPersona();
    void criteriaEditorEditsNormalisesAndSaves();
    void cancelWritesNothingAndLabelsStay();
    void runDialogWritesCriteria();

private:
    std::unique_ptr<ProjectStore> store();
    RowId pdrReport(const QString &query);
    RowId rubricWithText(RowId query, const QString &text);
    void openReport(RowId reportId);
    // Judge → Edit PDR Criteria… on the report on screen; `dialog` once it has loaded.
    void openEditor(CriteriaDialog *&dialog);

    QTemporaryDir m_dir;
    QString m_projectPath;
    std::unique_ptr<MainWindow> m_window;
};

void TestPdrWorkbench::initTestCase()
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(u"RubricateTest"_s);
    QCoreApplication::setApplicationName(u"tst_pdrworkbench"_s);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
}

std::unique_ptr<ProjectStore> TestPdrWorkbench::store()
{
    auto s = ProjectStore::create(m_projectPath);
    if (!s) {
        qWarning("%s", qPrintable(s.errorMessage()));
        return nullptr;
    }
    return std::move(s).value();
}

RowId TestPdrWorkbench::pdrReport(const QString &query)
{
    auto s = store();
    const auto bench = s->catalog().benchmark(u"pdrbench"_s);
    const RowId q = s->catalog().queryId(bench->id, query).value_or(0);
    return s->reports()
        .reportId(*s->reports().modelId(u"ModelX"_s), s->catalog().query(q)->taskId, q)
        .value_or(0);
}

RowId TestPdrWorkbench::rubricWithText(RowId query, const QString &text)
{
    auto s = store();
    for (const Rubric &r : s->catalog().rubrics(s->catalog().query(query)->taskId, query)) {
        if (r.text == text)
            return r.id;
    }
    return 0;
}

void TestPdrWorkbench::init()
{
    QSettings().clear();
    QSettings().setValue(u"annotator"_s, u"Ada"_s);
    static int n = 0;
    m_projectPath = m_dir.filePath(u"pdr-%1.rubricate"_s.arg(++n));
    {
        auto s = store();
        QVERIFY(s);
        // The demo beside PDR-Bench: its reports must not show a persona.
        QCOMPARE(importDemo(*s).errorCount(), 0);
        const QString root = m_dir.filePath(u"data-%1"_s.arg(n));
        QVERIFY(RubricateTest::writePdrDataFolder(root));
        const ImportSummary summary = runImport(*s, ImportKind::PdrFolder, root);
        QCOMPARE(summary.added.value(u"reports"_s), 2);

        // A judge scored query 1's "Uses a table"; someone labelled "Sets a savings goal".
        const RowId report = pdrReport(u"1"_s);
        QVERIFY(report);
        const RowId query = *s->reports().report(report)->queryId;
        JudgeRun run;
        run.benchmarkId = s->catalog().benchmark(u"pdrbench"_s)->id;
        run.name = u"gpt-judge"_s;
        run.kind = JudgeKind::Llm;
        run.status = u"finished"_s;
        const auto runId = s->runs().createRun(run);
        QVERIFY(runId);
        Verdict v;
        v.runId = *runId;
        v.reportId = report;
        v.rubricId = rubricWithText(query, u"Uses a table"_s);
        v.value = 6;
        v.reason = u"one table"_s;
        QVERIFY(v.rubricId);
        QVERIFY(s->runs().upsertVerdict(v).ok());
        AnnotationEvent e;
        e.reportId = report;
        e.rubricId = rubricWithText(query, u"Sets a savings goal"_s);
        e.annotator = u"Ben"_s;
        e.value = 8;
        QVERIFY(s->annotations().appendAnnotation(e));
    }
    m_window = std::make_unique<MainWindow>();
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    m_window->openProject(m_projectPath);
    QTRY_COMPARE_WITH_TIMEOUT(m_window->projectModel()->rowCount(), 4, BackgroundWorkTimeout);
}

void TestPdrWorkbench::cleanup()
{
    m_window.reset();
}

void TestPdrWorkbench::openReport(RowId reportId)
{
    QVERIFY(reportId);
    QVERIFY(m_window->explorer()->selectReport(reportId));
    QTRY_COMPARE_WITH_TIMEOUT(m_window->reportView()->reportId(), reportId, BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->verdictPanel()->model()->rowCount() > 0,
                             BackgroundWorkTimeout);
}

void TestPdrWorkbench::openEditor(CriteriaDialog *&dialog)
{
    dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(m_window->criteriaAction()->isEnabled(), BackgroundWorkTimeout);
    m_window->criteriaAction()->trigger();
    QTRY_VERIFY_WITH_TIMEOUT(dialog = m_window->findChild<CriteriaDialog *>(),
                             BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->isLoaded(), BackgroundWorkTimeout);
}

void TestPdrWorkbench::personaViewShowsQueryAndPersona()
{
    VerdictPanel *panel = m_window->verdictPanel();
    PersonaView *view = panel->personaView();
    QTabWidget *tabs = panel->detailTabs();
    const int personaTab = tabs->indexOf(view);

    openReport(pdrReport(u"2"_s));
    QVERIFY(tabs->isTabVisible(personaTab));
    QVERIFY(tabs->tabBar()->isVisible());
    panel->showPersonaTab();
    QCOMPARE(tabs->currentIndex(), personaTab);
    QCOMPARE(view->settingLabel()->text(), u"Task with persona"_s);
    QVERIFY(view->queryLabel()->text().contains(u"Plan a family budget for next year."_s));
    QCOMPARE(view->personaLabel()->text(), u"Tom (id u02)"_s);
    const PersonaModel *attributes = view->model();
    const auto value = [&](const QString &path) {
        return attributes->indexOfPath(path).siblingAtColumn(PersonaModel::ValueColumn).data();
    };
    // Every field, the undocumented one included.
    QCOMPARE(value(u"new_field_nobody_documented"_s).toString(), u"yes"_s);
    QCOMPARE(value(u"lifestyle"_s).toString(), u"retired"_s);
    QCOMPARE(value(u"age"_s).toString(), u"61"_s);
    QCOMPARE(value(u"userid"_s).toString(), u"u02"_s);
    QVERIFY(view->tree()->isVisible());

    // Mei's nested finance object is a branch with its own fields.
    openReport(pdrReport(u"1"_s));
    QTRY_COMPARE_WITH_TIMEOUT(view->personaLabel()->text(), u"Mei (id u01)"_s,
                              BackgroundWorkTimeout);
    QCOMPARE(value(u"finance.risk"_s).toString(), u"low"_s);
    QCOMPARE(value(u"hobbies[0]"_s).toString(), u"running"_s);
    QVERIFY(!attributes->indexOfPath(u"new_field_nobody_documented"_s).isValid());
    QCOMPARE(tabs->currentIndex(), personaTab); // the tab stays chosen between reports
    QVERIFY(m_window->criteriaAction()->isEnabled());

    // A demo (DRB-II) report has no query: the tab goes, and so does the editor.
    RowId demoReport = 0;
    for (const ReportSummary &r : store()->reports().reportSummaries(u"drb2"_s).value())
        demoReport = demoReport ? demoReport : r.id;
    openReport(demoReport);
    QVERIFY(!tabs->isTabVisible(personaTab));
    QVERIFY(!tabs->tabBar()->isVisible());
    QCOMPARE(tabs->currentWidget(), static_cast<QWidget *>(panel->details()));
    QCOMPARE(view->queryId(), 0);
    QCOMPARE(view->model()->rowCount(), 0);
    QVERIFY(!m_window->criteriaAction()->isEnabled());
}

void TestPdrWorkbench::explorerGroupsByPersona()
{
    ProjectExplorer *explorer = m_window->explorer();
    ProjectTreeModel *model = m_window->projectModel();
    QComboBox *group = explorer->groupBox();
    QVERIFY(group->isVisible());
    const RowId mei = pdrReport(u"1"_s), tom = pdrReport(u"2"_s);
    openReport(mei);

    group->setCurrentIndex(group->findData(int(ProjectTreeModel::Grouping::ByPersona)));
    QCOMPARE(model->grouping(), ProjectTreeModel::Grouping::ByPersona);
    const QModelIndex meiReport = model->indexOfReport(mei);
    const QModelIndex meiPersona = meiReport.parent().parent();
    QCOMPARE(meiPersona.data(ProjectTreeModel::KindRole).toInt(),
             int(ProjectTreeModel::NodeKind::Persona));
    QCOMPARE(meiPersona.data().toString(), u"u01 · Mei"_s);
    QCOMPARE(meiReport.parent().data(ProjectTreeModel::KindRole).toInt(),
             int(ProjectTreeModel::NodeKind::Task));
    QCOMPARE(model->indexOfReport(tom).parent().parent().data().toString(), u"u02 · Tom"_s);
    // The report on screen stays current, and is shown expanded.
    QCOMPARE(explorer->filterModel()->mapToSource(explorer->tree()->currentIndex()), meiReport);
    QVERIFY(explorer->tree()->isExpanded(explorer->filterModel()->mapFromSource(meiPersona)));
    QCOMPARE(m_window->reportView()->reportId(), mei);

    // The persona filter still works in the persona tree.
    QComboBox *persona = explorer->attributeBox(ProjectFilterModel::Persona);
    QVERIFY(persona->isVisible());
    persona->setCurrentIndex(persona->findData(u"u02"_s));
    QVERIFY(!explorer->filterModel()->mapFromSource(model->indexOfReport(mei)).isValid());
    QVERIFY(explorer->filterModel()->mapFromSource(model->indexOfReport(tom)).isValid());
    QVERIFY(!explorer->filterModel()->mapFromSource(meiPersona).isValid());
    persona->setCurrentIndex(0);

    // Back to tasks: query 1 and 2 share their task again.
    group->setCurrentIndex(group->findData(int(ProjectTreeModel::Grouping::ByTask)));
    QCOMPARE(model->indexOfReport(mei).parent(), model->indexOfReport(tom).parent());
    QCOMPARE(model->indexOfReport(mei).parent().data(ProjectTreeModel::KindRole).toInt(),
             int(ProjectTreeModel::NodeKind::Task));
}

void TestPdrWorkbench::criteriaEditorEditsNormalisesAndSaves()
{
    const RowId report = pdrReport(u"1"_s);
    openReport(report);
    const RowId query = *store()->reports().report(report)->queryId;
    const RowId tableId = rubricWithText(query, u"Uses a table"_s);
    const RowId shiftId = rubricWithText(query, u"Addresses the nurse's shift income"_s);
    QVERIFY(tableId && shiftId);

    CriteriaDialog *dialog = nullptr;
    openEditor(dialog);
    QVERIFY(dialog && dialog->isLoaded());
    CriteriaModel *model = dialog->model();
    QCOMPARE(dialog->queryId(), query);
    QCOMPARE(model->rowCount(), 2);
    // Imported as they were: personalization W_d 0.3 + 0.2 (the file's other dimensions had
    // no criteria), so the dialog says so plainly and will not save yet.
    QVERIFY(dialog->validationLabel()->text().contains(u"sum to 0.5, not 1"_s));
    QVERIFY(!dialog->saveButton()->isEnabled());

    // Edit a weight through the view's editor: 0.6 → 0.5 leaves goal alignment at 0.9.
    const QModelIndex shift = model->criterionIndex(0, 0, 0);
    QCOMPARE(shift.data(CriteriaModel::RubricIdRole).toLongLong(), shiftId);
    const QModelIndex weight = shift.siblingAtColumn(CriteriaModel::WeightColumn);
    dialog->tree()->setCurrentIndex(weight);
    dialog->tree()->edit(weight);
    QDoubleSpinBox *spin = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(spin = dialog->tree()->findChild<QDoubleSpinBox *>(u"weightEditor"_s),
                             BackgroundWorkTimeout);
    QCOMPARE(spin->value(), 0.6);
    spin->setValue(0.5);
    QTest::keyClick(spin, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(model->families().at(0).dimensions.at(0).criteria.at(0).weight, 0.5,
                              BackgroundWorkTimeout);
    QVERIFY(dialog->validationLabel()->text().contains(u"w_c sum to 0.9, not 1"_s));
    QCOMPARE(
        model->dimensionIndex(0, 0).siblingAtColumn(CriteriaModel::SumColumn).data().toString(),
        u"Σ w_c = 0.9 ✗"_s);

    QTest::mouseClick(dialog->normaliseButton(), Qt::LeftButton);
    QVERIFY(dialog->validationLabel()->text().contains(u"sum to 1"_s));
    QVERIFY(dialog->saveButton()->isEnabled());

    // Reword the judged criterion: Save asks first, since its verdict becomes stale.
    const QModelIndex table = model->criterionIndex(0, 1, 0);
    QCOMPARE(table.data(CriteriaModel::RubricIdRole).toLongLong(), tableId);
    QVERIFY(model->setData(table, u"Uses one table per budget year"_s));
    // A new criterion in depth insight, moved above the imported one.
    dialog->tree()->setCurrentIndex(model->criterionIndex(1, 0, 0));
    QTest::mouseClick(dialog->addButton(), Qt::LeftButton);
    const QModelIndex added = model->criterionIndex(1, 0, 1);
    QCOMPARE(added.data(CriteriaModel::RubricIdRole).toLongLong(), 0);
    // Adding opens its text for typing.
    QLineEdit *text = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(text = dialog->tree()->viewport()->findChild<QLineEdit *>(
                                 QString(), Qt::FindDirectChildrenOnly),
                             BackgroundWorkTimeout);
    QCOMPARE(text->text(), u"New criterion"_s);
    text->setText(u"Names the biggest risk"_s);
    QTest::keyClick(text, Qt::Key_Return);
    QTRY_COMPARE_WITH_TIMEOUT(added.data().toString(), u"Names the biggest risk"_s,
                              BackgroundWorkTimeout);
    QTest::mouseClick(dialog->upButton(), Qt::LeftButton);
    QCOMPARE(model->criterionIndex(1, 0, 0).data().toString(), u"Names the biggest risk"_s);
    QVERIFY(dialog->saveButton()->isEnabled()); // a new criterion weighs 0
    QVERIFY(model->setData(
        model->criterionIndex(1, 0, 0).siblingAtColumn(CriteriaModel::WeightColumn), 1.0));
    QVERIFY(!dialog->saveButton()->isEnabled()); // 1 + 1
    QVERIFY(dialog->validationLabel()->text().contains(u"w_c sum to 2, not 1"_s));
    QTest::mouseClick(dialog->normaliseButton(), Qt::LeftButton);

    QSignalSpy saved(dialog, &CriteriaDialog::saved);
    QTest::mouseClick(dialog->saveButton(), Qt::LeftButton);
    QMessageBox *confirm = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(confirm = dialog->findChild<QMessageBox *>(u"criteriaConfirm"_s),
                             BackgroundWorkTimeout);
    QVERIFY(confirm->text().contains(u"stale"_s));
    QVERIFY(confirm->text().contains(u"Uses one table per budget year"_s));
    confirm->button(QMessageBox::Save)->click();
    QTRY_COMPARE_WITH_TIMEOUT(saved.count(), 1, BackgroundWorkTimeout);

    // Stored: ids kept, values as normalised, provenance recorded.
    {
        auto s = store();
        QList<Rubric> stored = s->catalog().rubrics(s->catalog().query(query)->taskId, query);
        QCOMPARE(stored.size(), 5);
        const auto byId = [&](RowId id) {
            return *std::find_if(stored.cbegin(), stored.cend(),
                                 [id](const Rubric &r) { return r.id == id; });
        };
        const Rubric shiftStored = byId(shiftId);
        QVERIFY(qAbs(shiftStored.weight - 0.5 / 0.9) < 1e-9);
        QVERIFY(qAbs(*shiftStored.dimensionWeight - 0.6) < 1e-9);
        QCOMPARE(shiftStored.metadata.value(u"edited_by"_s).toString(), u"Ada"_s);
        const Rubric tableStored = byId(tableId);
        QCOMPARE(tableStored.text, u"Uses one table per budget year"_s);
        QCOMPARE(tableStored.metadata.value(u"origin"_s).toString(), u"imported"_s);
        QCOMPARE(tableStored.metadata.value(u"original_text"_s).toString(), u"Uses a table"_s);
        QCOMPARE(s->runs().verdictsOfReport(report).size(), 1); // kept, stale
    }

    // The verdict panel refreshed: the new wording, and its verdict marked stale.
    VerdictModel *verdicts = m_window->verdictPanel()->model();
    QTRY_COMPARE_WITH_TIMEOUT(verdicts->rowCount(), 5, BackgroundWorkTimeout);
    const int tableRow = verdicts->rowOfRubric(tableId);
    // In the editor's order: personalization's dimensions, then quality's, by position.
    QCOMPARE(tableRow, 2);
    QCOMPARE(verdicts->rowOfRubric(shiftId), 0);
    QCOMPARE(verdicts->rowAt(3)->rubricText, u"Names the biggest risk"_s);
    QCOMPARE(verdicts->rowAt(4)->rubricText, u"Explains trade-offs"_s);
    QCOMPARE(verdicts->rowAt(tableRow)->rubricText, u"Uses one table per budget year"_s);
    QVERIFY(verdicts->rowAt(tableRow)->judgeStale);
    QCOMPARE(verdicts->index(tableRow, VerdictModel::JudgeColumn).data().toString(),
             u"6 (stale)"_s);
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->findChild<CriteriaDialog *>(),
                             BackgroundWorkTimeout); // closed (deleted on close)

    // Reopened, the editor shows what was stored.
    openEditor(dialog);
    QVERIFY(dialog && dialog->isLoaded());
    model = dialog->model();
    QVERIFY(dialog->validationLabel()->text().contains(u"sum to 1"_s));
    QCOMPARE(model->criterionIndex(0, 0, 0).data(CriteriaModel::RubricIdRole).toLongLong(),
             shiftId);
    QCOMPARE(model->criterionIndex(0, 0, 0)
                 .siblingAtColumn(CriteriaModel::WeightColumn)
                 .data()
                 .toString(),
             QString::number(0.5 / 0.9, 'g', 6));
    QCOMPARE(
        model->dimensionIndex(0, 0).siblingAtColumn(CriteriaModel::WeightColumn).data().toString(),
        u"0.6"_s);
    QCOMPARE(model->criterionIndex(0, 1, 0).data().toString(), u"Uses one table per budget year"_s);
    QCOMPARE(model->criterionIndex(1, 0, 0).data().toString(), u"Names the biggest risk"_s);
    QCOMPARE(model->criterionIndex(1, 0, 1).data().toString(), u"Explains trade-offs"_s);
    dialog->reject();
}

void TestPdrWorkbench::cancelWritesNothingAndLabelsStay()
{
    const RowId report = pdrReport(u"1"_s);
    openReport(report);
    const RowId query = *store()->reports().report(report)->queryId;
    const RowId savingsId = rubricWithText(query, u"Sets a savings goal"_s);
    const auto snapshot = [&] {
        auto s = store();
        QStringList rows;
        for (const Rubric &r : s->catalog().rubrics(s->catalog().query(query)->taskId, query))
            rows << u"%1|%2|%3|%4"_s.arg(r.id).arg(r.text).arg(r.weight).arg(r.position);
        return rows;
    };
    const QStringList before = snapshot();

    // From the persona tab's button this time.
    m_window->verdictPanel()->showPersonaTab();
    QPushButton *edit = m_window->verdictPanel()->personaView()->editButton();
    QVERIFY(edit->isEnabled());
    QTest::mouseClick(edit, Qt::LeftButton);
    CriteriaDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT(dialog = m_window->findChild<CriteriaDialog *>(),
                             BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->isLoaded(), BackgroundWorkTimeout);
    CriteriaModel *model = dialog->model();

    // A criterion someone labelled cannot be removed; the dialog says why.
    const QModelIndex savings = model->criterionIndex(0, 0, 1);
    QCOMPARE(savings.data(CriteriaModel::RubricIdRole).toLongLong(), savingsId);
    dialog->tree()->setCurrentIndex(savings);
    QVERIFY(!dialog->removeButton()->isEnabled());
    QVERIFY(dialog->removeButton()->toolTip().contains(u"never"_s));
    QCOMPARE(dialog->usage().value(savingsId).annotations, 1);

    // Others can; cancelling drops every edit.
    dialog->tree()->setCurrentIndex(model->criterionIndex(0, 0, 0));
    QVERIFY(dialog->removeButton()->isEnabled());
    QTest::mouseClick(dialog->removeButton(), Qt::LeftButton);
    QCOMPARE(model->rowCount(model->dimensionIndex(0, 0)), 1);
    QVERIFY(model->setData(model->criterionIndex(1, 0, 0), u"changed"_s));
    QTest::mouseClick(dialog->normaliseButton(), Qt::LeftButton);
    dialog->reject();
    QTRY_VERIFY_WITH_TIMEOUT(!m_window->findChild<CriteriaDialog *>(), BackgroundWorkTimeout);
    QCOMPARE(snapshot(), before);
}

// Judge → Run Evaluation, PDR-Bench, "write the criteria": the offline judge writes the
// criteria of query 3, which has none, and the window reads them.
void TestPdrWorkbench::runDialogWritesCriteria()
{
    const auto rubricsOfQuery3 = [this] {
        auto s = store();
        const RowId q = *s->catalog().queryId(s->catalog().benchmark(u"pdrbench"_s)->id, u"3"_s);
        return s->catalog().rubrics(s->catalog().query(q)->taskId, q);
    };
    QVERIFY(rubricsOfQuery3().isEmpty());

    m_window->evaluateAction()->trigger();
    RunDialog *dialog = nullptr;
    QTRY_VERIFY_WITH_TIMEOUT((dialog = m_window->findChild<RunDialog *>()) != nullptr,
                             BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(dialog->isLoaded(), BackgroundWorkTimeout);
    auto *benchmark = dialog->findChild<QComboBox *>(u"benchmark"_s);
    auto *write = dialog->findChild<QCheckBox *>(u"writeCriteria"_s);
    auto *provider = dialog->findChild<QComboBox *>(u"provider"_s);
    auto *ok = dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
    QVERIFY(benchmark && write && provider && ok);
    QVERIFY(write->parentWidget()->isHidden()); // DRB-II first: no criteria to write
    benchmark->setCurrentIndex(benchmark->findData(u"pdrbench"_s));
    QVERIFY(!write->parentWidget()->isHidden());
    provider->setCurrentIndex(provider->findData(int(ProviderKind::Offline)));
    write->setChecked(true);
    dialog->findChild<QSpinBox *>(u"weightSamples"_s)->setValue(3);
    dialog->findChild<QLineEdit *>(u"tasks"_s)->setText(u"3"_s);
    QCOMPARE(ok->text(), u"&Write Criteria"_s);
    QTRY_VERIFY_WITH_TIMEOUT(ok->isEnabled(), BackgroundWorkTimeout);
    const RunRequest request = dialog->request();
    QVERIFY(request.criteria);
    QCOMPARE(request.criteria->queryIds, QStringList{u"3"_s});
    QCOMPARE(request.criteria->samples, 3);
    QVERIFY(!request.criteria->force);

    dialog->accept();
    QTRY_VERIFY_WITH_TIMEOUT(!rubricsOfQuery3().isEmpty(), BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(m_window->runAction()->isEnabled(), BackgroundWorkTimeout);
    const QList<Rubric> written = rubricsOfQuery3();
    // Both families, every criterion marked as the judge's.
    QSet<QString> families;
    for (const Rubric &r : written) {
        families.insert(r.metadata.value(u"family"_s).toString());
        QVERIFY(r.metadata.value(u"origin"_s).toString().startsWith(u"judge:"_s));
    }
    QCOMPARE(families, (QSet<QString>{u"personalization"_s, u"quality"_s}));
}

QTEST_MAIN(TestPdrWorkbench)
#include "tst_pdrworkbench.moc"
