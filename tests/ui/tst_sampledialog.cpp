// The sample dialogs on the demo project. Drawing a sample: it prefills the annotator,
// previews the plan off the GUI thread for the settings as they are, refuses what cannot be
// saved, and saves the previewed assignments on a worker before it closes. Extending the
// demo's study: the PPI++ plan per model for the half-width chosen, and on Extend the items
// core draws for that plan, every assignment the study had kept.
#include "agreement/extenddialog.h"
#include "agreement/sampledialog.h"
#include "alignment/sampling.h"
#include "demo/demoproject.h"
#include "plannedwidth.h"
#include "readers/correctedproject.h"
#include "readers/studyextension.h"
#include "scratchproject.h"
#include "store/projectcopy.h"
#include "waits.h"
#include "widgettesting.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QLineEdit>
#include <QLocale>
#include <QPushButton>
#include <QRadioButton>
#include <QSettings>
#include <QSignalSpy>
#include <QSpinBox>
#include <QStandardPaths>
#include <QTableWidget>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {

QPushButton *saveButton(SampleDialog &dialog)
{
    return dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
}

} // namespace

class TestSampleDialog : public QObject
{
    Q_OBJECT

    std::unique_ptr<RubricateTest::ScratchProject> m_project;

    QString path() { return m_project->store().path(); }

    // Loaded and previewed, with a settled plan for whatever the widgets hold.
    static bool settled(SampleDialog &dialog)
    {
        return dialog.isLoaded() && dialog.plan().has_value();
    }

private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(u"RubricateTest"_s);
        QCoreApplication::setApplicationName(u"tst_sampledialog"_s);
        QSettings().clear();
        QSettings().setValue(u"annotator"_s, u"Ada"_s);
    }

    void cleanupTestCase() { QSettings().clear(); }

    void init()
    {
        m_project = std::make_unique<RubricateTest::ScratchProject>();
        QVERIFY2(m_project->isOpen(), qPrintable(m_project->error()));
        QCOMPARE(importDemo(m_project->store()).errorCount(), 0);
    }

    void cleanup() { m_project.reset(); }

    void previewsThenSavesTheAssignments()
    {
        SampleDialog dialog(path());
        dialog.show();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isLoaded(), BackgroundWorkTimeout);
        auto *annotators = child<QLineEdit>(&dialog, u"annotators"_s);
        QCOMPARE(annotators->text(), u"Ada"_s); // the annotator of Edit → Preferences
        QCOMPARE(child<QLineEdit>(&dialog, u"name"_s)->text(), u"sample-1"_s);
        QTRY_VERIFY_WITH_TIMEOUT(settled(dialog), BackgroundWorkTimeout);

        auto *benchmark = child<QComboBox>(&dialog, u"benchmark"_s);
        benchmark->setCurrentIndex(benchmark->findData(u"drb2"_s));
        child<QCheckBox>(&dialog, u"by-dimension"_s)->setChecked(true);
        child<QCheckBox>(&dialog, u"by-model"_s)->setChecked(true);
        child<QCheckBox>(&dialog, u"by-language"_s)->setChecked(true);
        child<QCheckBox>(&dialog, u"by-task"_s)->setChecked(false);
        child<QRadioButton>(&dialog, u"bySize"_s)->setChecked(true);
        child<QSpinBox>(&dialog, u"size"_s)->setValue(12);
        annotators->setText(u"Ada, Bo, Cy"_s);
        child<QSpinBox>(&dialog, u"overlap"_s)->setValue(2);
        child<QSpinBox>(&dialog, u"seed"_s)->setValue(42);
        child<QLineEdit>(&dialog, u"name"_s)->setText(u"pilot"_s);
        QVERIFY(!saveButton(dialog)->isEnabled()); // the old preview is gone
        QTRY_VERIFY_WITH_TIMEOUT(settled(dialog), BackgroundWorkTimeout);
        QVERIFY(saveButton(dialog)->isEnabled());

        const SampleRequest request = dialog.request();
        QCOMPARE(request.by,
                 (QList<RatingAttribute>{RatingAttribute::Dimension, RatingAttribute::Model,
                                         RatingAttribute::Language}));
        QCOMPARE(request.seed, 42u);
        const SamplePlan expected
            = planSample(m_project->store().annotations().itemRows(u"drb2"_s).value(), request);
        QVERIFY(expected.error.isEmpty());
        QCOMPARE(dialog.plan()->assignments, expected.assignments);
        const QString line
            = u"12 items in %1 strata; 3 annotators × 8 each"_s.arg(expected.strata.size());
        QVERIFY2(dialog.previewText().contains(line), qPrintable(dialog.previewText()));
        QCOMPARE(child<QLabel>(&dialog, u"preview"_s)->text(), dialog.previewText());
        saveScreenshot(&dialog, u"sample-dialog.png"_s);

        QSignalSpy saved(&dialog, &SampleDialog::saved);
        saveButton(dialog)->click();
        QTRY_COMPARE_WITH_TIMEOUT(saved.size(), 1, BackgroundWorkTimeout);
        QCOMPARE(saved.constFirst().constFirst().toString(), u"pilot"_s);
        QCOMPARE(dialog.result(), int(QDialog::Accepted));
        QVERIFY(!dialog.isVisible());

        ProjectStore &store = m_project->store();
        QCOMPARE(m_project->scalar(
                     u"SELECT count(*) FROM annotation_assignment WHERE sample = 'pilot'"_s),
                 24);
        QCOMPARE(store.annotations().assignments(u"pilot"_s).value(), expected.assignments);
        QCOMPARE(store.annotations().sampleInfo(u"pilot"_s)->seed, std::optional<quint32>(42));
        for (const QString &name : {u"Ada"_s, u"Bo"_s, u"Cy"_s})
            QCOMPARE(store.annotations().assignments(u"pilot"_s, name).value().size(), 8);
    }

    void halfWidthSizesTheSample()
    {
        SampleDialog dialog(path());
        QTRY_VERIFY_WITH_TIMEOUT(settled(dialog), BackgroundWorkTimeout);
        const int population = dialog.plan()->population;
        QVERIFY(population > 20);

        // Several changes in a row: only the plan for the last settings counts.
        auto *size = child<QSpinBox>(&dialog, u"size"_s);
        for (int n : {3, 5, 7})
            size->setValue(n);
        child<QRadioButton>(&dialog, u"byHalfWidth"_s)->setChecked(true);
        QVERIFY(!size->isEnabled());
        child<QDoubleSpinBox>(&dialog, u"halfWidth"_s)->setValue(0.1);
        child<QDoubleSpinBox>(&dialog, u"expected"_s)->setValue(0.9);
        QTRY_VERIFY_WITH_TIMEOUT(settled(dialog), BackgroundWorkTimeout);
        const int wanted = sampleSizeForHalfWidth(0.9, 0.1, 0.95, population);
        QCOMPARE(dialog.plan()->size, wanted);
        QCOMPARE(dialog.plan()->sample.size(), wanted);
        QVERIFY2(dialog.previewText().contains(u"±0.100"_s), qPrintable(dialog.previewText()));

        child<QRadioButton>(&dialog, u"bySize"_s)->setChecked(true);
        QTRY_VERIFY_WITH_TIMEOUT(settled(dialog), BackgroundWorkTimeout);
        QCOMPARE(dialog.plan()->size, 7);
    }

    void refusesWhatCannotBeSaved()
    {
        const RatingRow item = m_project->store().annotations().itemRows({}).value().constFirst();
        QVERIFY(m_project->store().annotations().saveAssignments(
            u"sample-1"_s, 1, {{item.reportId, item.rubricId, {u"Ada"_s}, 0}}));
        SampleDialog dialog(path());
        dialog.show();
        QTRY_VERIFY_WITH_TIMEOUT(settled(dialog), BackgroundWorkTimeout);
        auto *name = child<QLineEdit>(&dialog, u"name"_s);
        QCOMPARE(name->text(), u"sample-2"_s); // the first free name
        QVERIFY(saveButton(dialog)->isEnabled());

        name->setText(u"sample-1"_s);
        QVERIFY(!saveButton(dialog)->isEnabled());
        QVERIFY2(dialog.previewText().contains(u"already"_s), qPrintable(dialog.previewText()));
        QSignalSpy saved(&dialog, &SampleDialog::saved);
        dialog.accept(); // Enter in a line edit: refused, not closed
        QVERIFY(dialog.isVisible());
        name->setText(u"sample-2"_s);

        auto *annotators = child<QLineEdit>(&dialog, u"annotators"_s);
        auto *overlap = child<QSpinBox>(&dialog, u"overlap"_s);
        annotators->setText(u"Ada, Bo"_s);
        QCOMPARE(overlap->maximum(), 2);
        overlap->setValue(2);
        annotators->setText(QString());
        QCOMPARE(overlap->maximum(), 1);
        QTRY_VERIFY_WITH_TIMEOUT(settled(dialog), BackgroundWorkTimeout);
        QVERIFY(!saveButton(dialog)->isEnabled());
        QVERIFY2(dialog.previewText().contains(u"annotator"_s), qPrintable(dialog.previewText()));
        dialog.accept();
        QVERIFY(dialog.isVisible());
        QCOMPARE(saved.size(), 0);
        // Beside the demo's own study, only the one saved before.
        QCOMPARE(m_project->store().annotations().samples().value(),
                 (QStringList{u"calibration"_s, u"sample-1"_s}));
    }

    void extendsTheStudyAsPlanned()
    {
        ProjectStore &store = m_project->store();
        CorrectedScoreOptions options;
        options.benchmarkKey.clear(); // the benchmark of the study's run, as the dialog reads
        const CorrectedScores scores = readCorrectedScores(store, u"calibration"_s, options);
        QVERIFY2(scores.error.isEmpty(), qPrintable(scores.error));
        const std::optional<double> width = RubricateTest::reachableWidth(scores);
        QVERIFY(width);

        ExtendSampleDialog dialog(path(), {u"calibration"_s}, u"calibration"_s);
        dialog.show();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isLoaded(), BackgroundWorkTimeout);
        dialog.halfWidthBox()->setValue(*width);
        const StudyExtensionPlan expected = extensionPlan(scores, dialog.halfWidth());
        QCOMPARE(dialog.plan().models.size(), expected.models.size());
        QTableWidget *table = dialog.planTable();
        QCOMPARE(table->rowCount(), int(expected.models.size()));
        int planned = 0;
        for (int r = 0; r < table->rowCount(); ++r) {
            const ModelPlan &m = expected.models.at(r);
            QCOMPARE(table->item(r, 0)->text(), m.model);
            const QString extra = table->item(r, 5)->text();
            if (m.plan.extraItems) {
                QCOMPARE(extra, QLocale().toString(qlonglong(*m.plan.extraItems)));
            } else {
                QCOMPARE(extra, u"not reachable"_s);
                QCOMPARE(table->item(r, 5)->toolTip(), m.plan.unreachableReason);
                QVERIFY(child<QLabel>(&dialog, u"reasons"_s)
                            ->text()
                            .contains(m.model + u": not reachable: "_s + m.plan.unreachableReason));
            }
            planned += int(m.plan.extraItems.value_or(0));
        }
        QVERIFY(planned > 0);
        QVERIFY2(dialog.summaryText().startsWith(u"%1 more item"_s.arg(planned)),
                 qPrintable(dialog.summaryText()));
        QCOMPARE(child<QLabel>(&dialog, u"summary"_s)->text(), dialog.summaryText());
        QPushButton *extend = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(extend->isEnabled());
        saveScreenshot(&dialog, u"extend-dialog.png"_s);

        // What core draws for this plan, on a copy of the project as it is now.
        const QString copyPath = m_project->filePath(u"copy.rubricate"_s);
        const ProjectCopyResult copied = copyProject(path(), copyPath);
        QVERIFY2(copied.ok, qPrintable(copied.error));
        SampleExtension core;
        {
            auto copy = ProjectStore::open(copyPath);
            QVERIFY2(copy, qPrintable(copy.errorMessage()));
            core = extendStudy(*copy, u"calibration"_s, expected.extraPerModel(), 0, options);
        }
        ProjectStore::close(copyPath);
        QVERIFY2(core.error.isEmpty(), qPrintable(core.error));
        const QList<Assignment> before = store.annotations().assignments(u"calibration"_s).value();

        QSignalSpy extended(&dialog, &ExtendSampleDialog::extended);
        extend->click();
        QTRY_COMPARE_WITH_TIMEOUT(extended.size(), 1, BackgroundWorkTimeout);
        QCOMPARE(extended.constFirst().at(1).toInt(), int(core.assignments.size()));
        QVERIFY(!dialog.isVisible());
        const QList<Assignment> after = store.annotations().assignments(u"calibration"_s).value();
        QCOMPARE(after.mid(0, before.size()), before);
        QCOMPARE(after.mid(before.size()), core.assignments);
    }

    void extendingNothingIsRefused()
    {
        ExtendSampleDialog dialog(path(), {u"calibration"_s}, u"calibration"_s);
        dialog.show();
        QTRY_VERIFY_WITH_TIMEOUT(dialog.isLoaded(), BackgroundWorkTimeout);
        dialog.halfWidthBox()->setValue(dialog.halfWidthBox()->maximum()); // reached already
        for (const ModelPlan &m : dialog.plan().models)
            QCOMPARE(m.plan.extraItems.value_or(0), 0);
        QVERIFY(dialog.summaryText().startsWith(u"Nothing to add"_s));
        QPushButton *extend = dialog.findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Ok);
        QVERIFY(!extend->isEnabled());
        dialog.accept();
        QVERIFY(dialog.isVisible());
    }
};

QTEST_MAIN(TestSampleDialog)
#include "tst_sampledialog.moc"
