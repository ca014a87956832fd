// The agreement dashboard on the demo project (one judge run, two annotators): it computes
// off the GUI thread, a filter changes the numbers, a disagreement opens the report at its
// rubric, the export writes every table and chart, and "Annotators only" leaves the judge
// out. On a project no judge has rated it compares the annotators among themselves, and the
// provenance filter chooses which of their labels count.
#include "agreement/alignmentdashboard.h"
#include "agreement/alignmentmodels.h"
#include "annotatorfixture.h"
#include "common/elidingcombobox.h"
#include "demo/demoproject.h"
#include "review/reportview.h"
#include "review/verdictpanel.h"
#include "services/alignmentcharts.h"
#include "shell/mainwindow.h"
#include "store/projectstore.h"
#include "waits.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QFile>
#include <QHeaderView>
#include <QImage>
#include <QJsonDocument>
#include <QJsonObject>
#include <QLabel>
#include <QPainter>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QXmlStreamReader>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {
// Shows the window, opens the project and turns to the Agreement page, which computes when
// shown.
void openAgreementPage(MainWindow &window, const QString &path)
{
    window.show();
    QVERIFY(QTest::qWaitForWindowExposed(&window));
    window.openProject(path);
    QTRY_COMPARE_WITH_TIMEOUT(window.projectPath(), path, BackgroundWorkTimeout);
    window.showPage(Page::Agreement);
}
} // namespace

class TestDashboard : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void dashboardComputesFiltersOpensAndExports();
    void annotatorMatrixLabelsEveryRow();
    void choosingAStudyChoosesItsRun();
    void annotatorsAloneWithoutAJudge();
    void provenanceChoosesTheLabels();

private:
    QString peopleProject(const QString &name, bool retyped);

    QTemporaryDir m_dir;
};

// The annotator fixture's project in a folder `name` of its own, with ada's and bob's labels
// typed again when `retyped`; its path, or empty (with a warning) when it cannot be written.
QString TestDashboard::peopleProject(const QString &name, bool retyped)
{
    const QString dir = m_dir.filePath(name);
    QString path = QDir(dir).filePath(name + u".rubricate"_s);
    QString error = u"cannot make "_s + dir;
    if (QDir().mkpath(dir)) {
        auto store = ProjectStore::create(path);
        Result<void> made = store ? RubricateTest::writeAnnotatorFixture(*store, dir, 3)
                                  : Result<void>(store.error());
        if (made && retyped)
            made = RubricateTest::retypeAnnotatorFixture(*store);
        if (made)
            return path;
        error = made.errorMessage();
    }
    qWarning("%s", qPrintable(error));
    return {};
}

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
        auto store = ProjectStore::create(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QCOMPARE(importDemo(*store).errorCount(), 0);
        // A saved subset: an annotation sample of the first 20 judged items.
        QList<Assignment> sample;
        QSet<std::pair<RowId, RowId>> seen;
        for (const RatingRow &r : store->annotations().ratingRows()) {
            if (r.judge && sample.size() < 20 && !seen.contains({r.reportId, r.rubricId})) {
                seen.insert({r.reportId, r.rubricId});
                sample.append({r.reportId, r.rubricId, {u"Ana"_s}, int(sample.size())});
            }
        }
        QVERIFY(store->annotations().saveAssignments(u"first twenty"_s, 7, sample));
    }
    MainWindow window;
    AlignmentDashboard *dashboard = window.dashboard();
    QSignalSpy ready(dashboard, &AlignmentDashboard::reportReady);
    openAgreementPage(window, path);
    if (QTest::currentTestFailed())
        return;
    QTRY_VERIFY_WITH_TIMEOUT(!ready.isEmpty() && !dashboard->isBusy(), BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->report().mainComparison() != nullptr,
                             BackgroundWorkTimeout);
    QAbstractItemModelTester comparisons(dashboard->comparisonsView()->model(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester disagreements(dashboard->disagreementsView()->model(),
                                           QAbstractItemModelTester::FailureReportingMode::QtTest);

    const AlignmentReport &all = dashboard->report();
    // The benchmark by its name, as the leaderboards show it; its key is what is computed.
    QCOMPARE(dashboard->benchmarkBox()->currentText(), u"DeepResearch Bench II"_s);
    QCOMPARE(dashboard->benchmarkBox()->currentData().toString(), u"drb2"_s);
    QCOMPARE(all.options.benchmarkKey, u"drb2"_s);
    // A run's long name gives way with an ellipsis, never cut mid-word.
    QVERIFY(qobject_cast<ElidingComboBox *>(dashboard->judgeBox()));
    QCOMPARE(all.annotators.size(), 2); // Ana and Ben
    QVERIFY(all.majorityTies > 0); // two annotators who disagree have no majority
    const qsizetype allItems = all.mainComparison()->n;
    QVERIFY(all.mainComparison()->kappa.point.isDefined());
    QVERIFY(all.mainComparison()->kappa.lower.has_value()); // intervals are on by default
    // Judge vs majority, judge vs Ana, judge vs Ben, Ana vs Ben.
    QCOMPARE(dashboard->comparisonsView()->model()->rowCount(), 4);
    QVERIFY(dashboard->summaryLabel()->text().contains(u"κ"_s));

    // The saved sample as a subset: at most its 20 items. (The demo's own study
    // "calibration" is the other one.)
    QComboBox *subset = dashboard->subsetBox();
    QCOMPARE(subset->count(), 3);
    subset->setCurrentIndex(subset->findData(u"first twenty"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!dashboard->isBusy(), BackgroundWorkTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(dashboard->report().options.subset.size(), 20, BackgroundWorkTimeout);
    QVERIFY(dashboard->report().table.unitCount() <= 20);
    subset->setCurrentIndex(0);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->report().options.subset.isEmpty() && !dashboard->isBusy(),
                             BackgroundWorkTimeout);

    // Filter to one agent: fewer items, and the options say so.
    dashboard->filterAttributeBox()->setCurrentIndex(
        dashboard->filterAttributeBox()->findData(u"model"_s));
    dashboard->filterValueBox()->setCurrentIndex(
        dashboard->filterValueBox()->findData(u"AtlasAgent"_s));
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->report().options.filters.value(RatingAttribute::Model)
                                     == u"AtlasAgent"_s
                                 && !dashboard->isBusy(),
                             BackgroundWorkTimeout);
    QVERIFY(dashboard->report().mainComparison()->n < allItems);
    for (const Disagreement &d : dashboard->report().disagreements)
        QCOMPARE(d.model, u"AtlasAgent"_s);

    // Each disagreement names its rubric, so rows of one report and dimension read apart;
    // the column takes the room that is left and the tooltip has the whole text.
    const QAbstractItemModel *listed = dashboard->disagreementsView()->model();
    QCOMPARE(listed->headerData(DisagreementsModel::Rubric, Qt::Horizontal).toString(),
             u"Rubric"_s);
    QCOMPARE(dashboard->disagreementsView()->horizontalHeader()->sectionResizeMode(
                 DisagreementsModel::Rubric),
             QHeaderView::Stretch);
    QVERIFY(listed->rowCount() > 1);
    {
        auto store = ProjectStore::open(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QSet<QString> rowTexts;
        for (int row = 0; row < listed->rowCount(); ++row) {
            const QModelIndex cell = listed->index(row, DisagreementsModel::Rubric);
            const auto report
                = store->reports().report(cell.data(DisagreementsModel::ReportIdRole).toLongLong());
            QVERIFY(report);
            QString text;
            for (const Rubric &r : store->catalog().reportItems(*report)) {
                if (r.id == cell.data(DisagreementsModel::RubricIdRole).toLongLong())
                    text = r.text;
            }
            QVERIFY(!text.isEmpty());
            QCOMPARE(cell.data().toString(), text.simplified());
            QCOMPARE(cell.data(Qt::ToolTipRole).toString(), text);
            QStringList shown;
            for (int column = 0; column < listed->columnCount(); ++column)
                shown << listed->index(row, column).data().toString();
            rowTexts.insert(shown.join(u'|'));
        }
        QCOMPARE(rowTexts.size(), listed->rowCount());
    }

    // Binary labels: two categories.
    dashboard->collapseBox()->setCurrentIndex(1);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->report().categories.size() == 2 && !dashboard->isBusy(),
                             BackgroundWorkTimeout);

    // A disagreement opens its report at its rubric, on the review page.
    QTableView *list = dashboard->disagreementsView();
    QVERIFY(list->model()->rowCount() > 0);
    const QModelIndex first = list->model()->index(0, 0);
    const RowId report = first.data(DisagreementsModel::ReportIdRole).toLongLong();
    const RowId rubric = first.data(DisagreementsModel::RubricIdRole).toLongLong();
    emit list->activated(first);
    QTRY_COMPARE_WITH_TIMEOUT(window.reportView()->reportId(), report, BackgroundWorkTimeout);
    QTRY_COMPARE_WITH_TIMEOUT(window.verdictPanel()->currentRubric(), rubric,
                              BackgroundWorkTimeout);

    // Export: every table, the label table, the manifest and the charts.
    window.showPage(Page::Agreement);
    const QString out = m_dir.filePath(u"export"_s);
    QSignalSpy exported(dashboard, &AlignmentDashboard::exported);
    dashboard->exportTo(out);
    QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, BackgroundWorkTimeout);
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

    // Annotators only: the judge run is left out, and the page says so.
    QCheckBox *peopleOnly = dashboard->annotatorsOnlyBox();
    QVERIFY(peopleOnly->isEnabled());
    QVERIFY(!dashboard->noJudgeLabel()->isVisible());
    peopleOnly->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->report().annotatorsOnly && !dashboard->isBusy(),
                             BackgroundWorkTimeout);
    QVERIFY(dashboard->report().judges.isEmpty());
    QCOMPARE(dashboard->comparisonsView()->model()->rowCount(), 1); // Ana vs Ben
    QVERIFY(!dashboard->judgeBox()->isEnabled());
    QVERIFY(dashboard->noJudgeLabel()->isVisible());
    QCOMPARE(dashboard->noJudgeLabel()->text(), u"Annotators only: no judge run is compared."_s);
    peopleOnly->setChecked(false);
    QTRY_VERIFY_WITH_TIMEOUT(dashboard->report().mainComparison() != nullptr
                                 && !dashboard->isBusy(),
                             BackgroundWorkTimeout);
    QVERIFY(!dashboard->noJudgeLabel()->isVisible());
    QVERIFY(dashboard->judgeBox()->isEnabled());
}

void TestDashboard::annotatorsAloneWithoutAJudge()
{
    const QString path = peopleProject(u"people"_s, false);
    QVERIFY(!path.isEmpty());
    MainWindow window;
    openAgreementPage(window, path);
    if (QTest::currentTestFailed())
        return;
    AlignmentDashboard *dashboard = window.dashboard();
    QTRY_VERIFY_WITH_TIMEOUT(!dashboard->isBusy() && !dashboard->report().comparisons.isEmpty(),
                             BackgroundWorkTimeout);

    // Not a refusal: the three annotators among themselves, as worked out in
    // annotatorfixture.h.
    const AlignmentReport &r = dashboard->report();
    QVERIFY2(r.error.isEmpty(), qPrintable(r.error));
    QVERIFY(r.annotatorsOnly);
    QCOMPARE(r.comparisons.size(), 3);
    const QList<double> kappas{0.6, 0.2, 0.6}; // ada–bob, ada–cy, bob–cy
    for (qsizetype i = 0; i < kappas.size(); ++i) {
        QCOMPARE(r.comparisons.at(i).kind, u"human-human"_s);
        QVERIFY(qAbs(*r.comparisons.at(i).kappa.point.value - kappas.at(i)) < 1e-12);
    }
    QVERIFY(qAbs(*r.annotatorsFleiss.point.value - 7.0 / 15.0) < 1e-12);
    QVERIFY(qAbs(*r.annotatorsAlpha.point.value - 109.0 / 225.0) < 1e-12);
    QCOMPARE(dashboard->comparisonsView()->model()->rowCount(), 3);

    // The page says that no judge run is compared, and offers no judge to choose.
    QVERIFY(dashboard->noJudgeLabel()->isVisible());
    QVERIFY(dashboard->noJudgeLabel()->text().contains(u"no judge run is compared"_s));
    QVERIFY(!dashboard->annotatorsOnlyBox()->isEnabled());
    QVERIFY(!dashboard->judgeBox()->isEnabled());
    const QString summary = dashboard->summaryLabel()->text();
    QVERIFY2(summary.contains(u"Fleiss' κ 0.467"_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"10 item(s) by 3"_s), qPrintable(summary));
    QVERIFY2(summary.contains(u"ada 10 item(s)"_s), qPrintable(summary));
}

// The annotator fixture with ada's and most of bob's labels typed again: "typed only" reads
// the rows again and compares the two of them on the eight items both typed (κ 0.75, worked
// out in annotatorfixture.h); the fixture records no judge visibility, so nobody's labels
// were given blind.
void TestDashboard::provenanceChoosesTheLabels()
{
    const QString path = peopleProject(u"typed"_s, true);
    QVERIFY(!path.isEmpty());
    // The page by itself: it reads the project when shown.
    AlignmentDashboard page;
    page.setProject(path);
    page.show();
    QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy() && page.report().comparisons.size() == 3,
                             BackgroundWorkTimeout);
    QVERIFY(page.report().options.labels.isEmpty());

    QComboBox *labels = page.labelFilterBox();
    QCOMPARE(labels->currentText(), u"all labels"_s);
    labels->setCurrentIndex(labels->findText(u"typed only"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy() && page.report().comparisons.size() == 1,
                             BackgroundWorkTimeout);
    const AlignmentReport &typed = page.report();
    QCOMPARE(typed.options.labels.methods, QSet<LabelMethod>{LabelMethod::Typed});
    QCOMPARE(typed.annotators, (QStringList{u"human:ada"_s, u"human:bob"_s}));
    QCOMPARE(typed.comparisons.constFirst().n, 8);
    QVERIFY(qAbs(*typed.comparisons.constFirst().kappa.point.value - 0.75) < 1e-12);
    QCOMPARE(page.comparisonsView()->model()->rowCount(), 1);

    labels->setCurrentIndex(labels->findText(u"given blind (judge hidden)"_s));
    QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy() && !page.report().error.isEmpty(),
                             BackgroundWorkTimeout);
    QVERIFY2(page.summaryLabel()->text().contains(u"provenance filter"_s),
             qPrintable(page.summaryLabel()->text()));

    labels->setCurrentIndex(0);
    QTRY_VERIFY_WITH_TIMEOUT(!page.isBusy() && page.report().comparisons.size() == 3,
                             BackgroundWorkTimeout);
    QVERIFY(page.report().options.labels.isEmpty());
}

void TestDashboard::annotatorMatrixLabelsEveryRow()
{
    // Three annotators who agree well: dark cells with white numbers, on every row.
    AlignmentReport report;
    const QStringList names{u"Ana"_s, u"Ben"_s, u"Cyd"_s};
    for (const QString &name : names) {
        report.annotators << u"human:"_s + name;
        report.raterNames.insert(u"human:"_s + name, name);
    }
    for (qsizetype a = 0; a < names.size(); ++a) {
        for (qsizetype b = a + 1; b < names.size(); ++b) {
            Comparison c;
            c.kind = u"human-human"_s;
            c.raterA = report.annotators.at(a);
            c.raterB = report.annotators.at(b);
            c.kappa.point = StatResult::defined(0.9, 40);
            report.comparisons << c;
        }
    }
    const ChartSpec spec = annotatorPairsChart(report);
    QCOMPARE(spec.rowLabels, names);

    // On screen (and in the PNG, painted the same way): every row label has ink to the left
    // of the cells, one band of it per row.
    QImage image(720, 440, QImage::Format_RGB32);
    image.fill(Qt::white);
    double labelRight = 0;
    {
        QPainter painter(&image);
        const QFontMetricsF metrics(painter.font(), &image);
        for (const QString &name : names)
            labelRight = std::max(labelRight, metrics.horizontalAdvance(name));
        labelRight += 6; // labels end 6 px before the cells
        paintHeatmap(&painter, QRectF(image.rect()), spec);
    }
    int bands = 0;
    bool inBand = false;
    for (int y = 0; y < image.height(); ++y) {
        bool ink = false;
        for (int x = 0; x < int(labelRight) && !ink; ++x)
            ink = qGray(image.pixel(x, y)) < 128;
        bands += ink && !inBand ? 1 : 0;
        inBand = ink;
    }
    QCOMPARE(bands, int(names.size()));

    // In the SVG: each name is a column and a row label, and none is drawn in white.
    const QString svgPath = m_dir.filePath(u"pairs.svg"_s);
    const auto written = writeChartSvg(spec, svgPath, 720, 440);
    QVERIFY2(written, qPrintable(written.errorMessage()));
    QFile svg(svgPath);
    QVERIFY(svg.open(QIODevice::ReadOnly));
    QXmlStreamReader xml(&svg);
    QHash<QString, int> drawn;
    QList<QString> fills{u"#000000"_s};
    while (!xml.atEnd()) {
        xml.readNext();
        if (xml.isStartElement()) {
            const QString fill = xml.attributes().value(u"fill"_s).toString();
            fills.append(fill.isEmpty() || fill == "none"_L1 ? fills.last() : fill);
            if (xml.name() == "text"_L1) {
                const QString text = xml.readElementText(QXmlStreamReader::IncludeChildElements);
                const QString colour = fills.takeLast();
                if (names.contains(text.trimmed())) {
                    QVERIFY2(colour.compare(u"#ffffff"_s, Qt::CaseInsensitive) != 0,
                             qPrintable(text));
                    ++drawn[text.trimmed()];
                }
            }
        } else if (xml.isEndElement()) {
            fills.removeLast();
        }
    }
    QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
    for (const QString &name : names)
        QCOMPARE(drawn.value(name), 2);
}

void TestDashboard::choosingAStudyChoosesItsRun()
{
    // The demo's DRB-II run and a second opinion on its first 20 items; a study of those
    // items compared with the second one.
    const QString path = m_dir.filePath(u"study-run.rubricate"_s);
    RowId second = 0;
    {
        auto store = ProjectStore::create(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QCOMPARE(importDemo(*store).errorCount(), 0);
        JudgeRun run;
        run.benchmarkId = store->catalog().benchmark(u"drb2"_s)->id;
        run.name = u"second opinion"_s;
        run.status = u"finished"_s;
        const Result<RowId> created = store->runs().createRun(run);
        QVERIFY2(created, qPrintable(created.errorMessage()));
        second = *created;
        QList<Assignment> sample;
        for (const RatingRow &r : store->annotations().ratingRows(u"drb2"_s)) {
            if (!r.judge || sample.size() == 20)
                continue;
            sample.append({r.reportId, r.rubricId, {u"Ana"_s}, int(sample.size())});
            Verdict v;
            v.runId = second;
            v.reportId = r.reportId;
            v.rubricId = r.rubricId;
            v.value = r.value == 1.0 ? 0.0 : 1.0;
            QVERIFY(store->runs().upsertVerdict(v).id);
        }
        Study settings;
        settings.runId = second;
        QVERIFY(store->annotations().saveAssignments(u"pilot"_s, 7, sample, settings));
    }
    MainWindow window;
    AlignmentDashboard *dashboard = window.dashboard();
    openAgreementPage(window, path);
    if (QTest::currentTestFailed())
        return;
    QTRY_VERIFY_WITH_TIMEOUT(!dashboard->isBusy() && dashboard->judgeBox()->count() == 2,
                             BackgroundWorkTimeout);
    const QString studyRun = u"run:%1"_s.arg(second);
    QComboBox *judges = dashboard->judgeBox();
    judges->setCurrentIndex(judges->findData(studyRun) == 0 ? 1 : 0);
    QTRY_VERIFY_WITH_TIMEOUT(!dashboard->isBusy(), BackgroundWorkTimeout);
    QVERIFY(dashboard->report().options.judge != studyRun);
    QComboBox *subset = dashboard->subsetBox();
    subset->setCurrentIndex(subset->findData(u"pilot"_s));
    QCOMPARE(judges->currentData().toString(), studyRun);
    QTRY_COMPARE_WITH_TIMEOUT(dashboard->report().options.judge, studyRun, BackgroundWorkTimeout);
    QTRY_VERIFY_WITH_TIMEOUT(!dashboard->isBusy(), BackgroundWorkTimeout);
    QCOMPARE(dashboard->report().options.subset.size(), 20);
}

QTEST_MAIN(TestDashboard)
#include "tst_dashboard.moc"
