// The leaderboard page on the demo project (DRB-II, one judge run): it computes off the GUI
// thread once shown, its totals are core's DRB-II scores of the run, a column sorts with
// undefined values last, and the export writes the agg_scores CSVs and the chart; a PDR-Bench
// project shows its board, ranked by overall. The corrected view shows core's PPI++ scores of
// the demo's study, ranks ties by overlapping intervals, and says "undefined: <reason>" where
// a value cannot be computed, never the judge's score in its place. ReportBench offers its
// three title methods, each showing exactly what `score reportbench --titles` prints, with
// the choice of page judge remembered in the settings.
#include "demo/demoproject.h"
#include "exchange/correctedexport.h"
#include "ingest/importer.h"
#include "ingest/reportfiles.h"
#include "judge/judgesimulator.h"
#include "judge/promptscheme.h"
#include "judgefixture.h"
#include "leaderboard/correctedview.h"
#include "leaderboard/leaderboardpage.h"
#include "pdrfixtures.h"
#include "readers/correctedproject.h"
#include "readers/drb2projectexport.h"
#include "readers/leaderboardproject.h"
#include "readers/reportbenchproject.h"
#include "reportbenchpages.h"
#include "runs/pageclassifier.h"
#include "runs/runcontroller.h"
#include "runs/runplanner.h"
#include "services/scoringsettings.h"
#include "shell/preferencesdialog.h"
#include "store/projectstore.h"
#include "waits.h"
#include "widgettesting.h"

#include <QAbstractItemModelTester>
#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>

using namespace Rubricate;
using namespace Qt::StringLiterals;

namespace {
// Shows the page on `path` and waits for its first board.
void showComputed(LeaderboardPage &page, const QString &path)
{
    QSignalSpy ready(&page, &LeaderboardPage::ready);
    page.setProject(path);
    page.resize(900, 640);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1 && !page.isBusy(), BackgroundWorkTimeout);
}

} // namespace

class TestLeaderboardPage : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void showsSortsAndExportsDrb2();
    void undefinedShownAsDashAndSortedLast();
    void showsPdrBench();
    void flagsReportsInAnotherLanguage();
    void correctedViewOfTheDemoStudy();
    void correctedRanksAndUndefinedCells();
    void correctedExportWritesWhatCoreWrites();
    void reportBenchTitleMethods();

private:
    QTemporaryDir m_dir;
    QString m_path;
};

void TestLeaderboardPage::initTestCase()
{
    // The scoring choices live in QSettings: a test's own, empty, never the user's.
    QStandardPaths::setTestModeEnabled(true);
    QSettings().clear();
    QVERIFY(m_dir.isValid());
    m_path = m_dir.filePath(u"demo.rubricate"_s);
    auto store = ProjectStore::create(m_path);
    QVERIFY2(store, qPrintable(store.errorMessage()));
    QCOMPARE(importDemo(*store).errorCount(), 0);
}

void TestLeaderboardPage::showsSortsAndExportsDrb2()
{
    // What core computes for the demo's judge run.
    Drb2Scores expected;
    {
        auto store = ProjectStore::open(m_path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        const QList<LeaderboardRun> runs = leaderboardRuns(*store, u"drb2"_s);
        QCOMPARE(runs.size(), 1);
        const auto items = readDrb2ScoreItems(*store, {runs.first().id});
        QVERIFY2(items, qPrintable(items.errorMessage()));
        expected = scoreDrb2(*items);
    }

    LeaderboardPage page;
    QAbstractItemModelTester tester(page.model(),
                                    QAbstractItemModelTester::FailureReportingMode::QtTest);
    QSignalSpy ready(&page, &LeaderboardPage::ready);
    page.setProject(m_path);
    // Hidden: nothing is computed until the page is shown.
    QVERIFY(!page.isBusy());
    QCOMPARE(page.model()->rowCount(), 0);
    page.resize(900, 640);
    page.show();
    QVERIFY(QTest::qWaitForWindowExposed(&page));
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1 && !page.isBusy(), BackgroundWorkTimeout);

    QCOMPARE(page.benchmarkBox()->currentData().toString(), u"drb2"_s);
    QVERIFY(page.runBox()->isVisible());
    QCOMPARE(page.runBox()->count(), 1);
    const Leaderboard &board = page.leaderboard();
    QCOMPARE(board.rows.size(), expected.models.size());
    for (const QString &model : {u"AtlasAgent"_s, u"BriarAgent"_s}) {
        const qsizetype m = expected.modelIndex(model);
        QVERIFY(m >= 0);
        const auto total = expected.table(Drb2Metric::Total).modelAverages.at(m);
        QVERIFY(total);
        QCOMPARE(board.value(model, u"total"_s), total);
    }

    // The view: rows sorted by total, best first; the shown text is the value.
    QTableView *view = page.tableView();
    QAbstractItemModel *shown = view->model();
    const int total = page.model()->columnOf(u"total"_s);
    QVERIFY(total > 0);
    QCOMPARE(shown->headerData(total, Qt::Horizontal).toString(), u"Total"_s);
    QCOMPARE(shown->rowCount(), 2);
    const auto column = [shown](int c) {
        QList<double> values;
        for (int r = 0; r < shown->rowCount(); ++r)
            values << shown->index(r, c).data(LeaderboardModel::ValueRole).toDouble();
        return values;
    };
    QList<double> totals = column(total);
    QVERIFY(totals.at(0) >= totals.at(1));
    const QString first = shown->index(0, 0).data().toString();
    QCOMPARE(*board.value(first, u"total"_s), totals.at(0));
    QVERIFY(!shown->index(0, total).data().toString().isEmpty());
    QVERIFY(shown->index(0, total).data().toString() != u"—"_s);

    // Sorting by another column, both ways, through the header as a user would.
    const int analysis = page.model()->columnOf(u"analysis"_s);
    view->sortByColumn(analysis, Qt::AscendingOrder);
    QList<double> up = column(analysis);
    QVERIFY(up.at(0) <= up.at(1));
    view->sortByColumn(analysis, Qt::DescendingOrder);
    QList<double> down = column(analysis);
    QVERIFY(down.at(0) >= down.at(1));
    view->sortByColumn(0, Qt::AscendingOrder);
    QCOMPARE(shown->index(0, 0).data().toString(), u"AtlasAgent"_s);
    QCOMPARE(shown->index(1, 0).data().toString(), u"BriarAgent"_s);
    view->sortByColumn(total, Qt::DescendingOrder);

    saveScreenshot(&page, u"leaderboard-drb2.png"_s);

    // Export: the reference's files, the board and the chart.
    QTemporaryDir out;
    QSignalSpy exported(&page, &LeaderboardPage::exported);
    page.exportTo(out.path());
    QTRY_COMPARE_WITH_TIMEOUT(exported.count(), 1, BackgroundWorkTimeout);
    QCOMPARE(exported.first().at(2).toString(), QString());
    const QStringList files = exported.first().at(1).toStringList();
    const QDir dir(out.path());
    for (const QString &name :
         {u"result.jsonl"_s, u"agg_scores_inforecall.csv"_s, u"agg_scores_analysis.csv"_s,
          u"agg_scores_presentation.csv"_s, u"agg_scores_total.csv"_s, u"agg_scores_blocked.csv"_s,
          u"leaderboard_drb2.csv"_s, u"leaderboard_drb2.png"_s, u"leaderboard_drb2.svg"_s}) {
        QVERIFY2(QFileInfo(dir.filePath(name)).size() > 0, qPrintable(name));
        QVERIFY2(files.contains(dir.filePath(name)), qPrintable(name));
    }
    QFile csv(dir.filePath(u"agg_scores_total.csv"_s));
    QVERIFY(csv.open(QIODevice::ReadOnly));
    const QByteArray content = csv.readAll();
    QVERIFY(content.contains("AtlasAgent"));
    QVERIFY(content.contains("BriarAgent"));
}

void TestLeaderboardPage::undefinedShownAsDashAndSortedLast()
{
    Leaderboard board;
    board.columns = {{u"v"_s, u"V"_s, 3}};
    board.rows = {{u"a"_s, {{0.2, {}}}, 1},
                  {u"b"_s, {{std::nullopt, u"every item failed"_s}}, 0},
                  {u"c"_s, {{0.9, {}}}, 1}};
    LeaderboardModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setLeaderboard(board);
    LeaderboardSortModel proxy;
    proxy.setSourceModel(&model);
    proxy.setSortRole(LeaderboardModel::ValueRole);
    const auto order = [&proxy] {
        QStringList models;
        for (int r = 0; r < proxy.rowCount(); ++r)
            models << proxy.index(r, 0).data().toString();
        return models;
    };
    proxy.sort(1, Qt::DescendingOrder);
    QCOMPARE(order(), (QStringList{u"c"_s, u"a"_s, u"b"_s}));
    proxy.sort(1, Qt::AscendingOrder);
    QCOMPARE(order(), (QStringList{u"a"_s, u"c"_s, u"b"_s}));
    const QModelIndex undefined = proxy.index(2, 1);
    QCOMPARE(undefined.data().toString(), u"—"_s);
    QCOMPARE(undefined.data(Qt::ToolTipRole).toString(), u"every item failed"_s);
    QVERIFY(!undefined.data(LeaderboardModel::ValueRole).isValid());
    QCOMPARE(proxy.index(2, 2).data().toInt(), 0); // n
}

// A PDR-Bench project (the published-shape fixtures) judged offline: the page offers
// PDR-Bench, ranks by overall and shows what core's leaderboard says.
void TestLeaderboardPage::showsPdrBench()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"pdr.rubricate"_s);
    std::optional<Leaderboard> expected, normalized;
    {
        auto store = ProjectStore::create(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        const QList<std::pair<QString, const char *>> files
            = {{u"persona_data/personas.jsonl"_s, fixture0},
               {u"prompt_data/queries.jsonl"_s, fixture1},
               {u"criteria_data/criteria.jsonl"_s, fixture2},
               {u"test_data/raw_data/ModelX.jsonl"_s, fixture3}};
        for (const auto &[name, text] : files) {
            QDir().mkpath(QFileInfo(dir.filePath(name)).absolutePath());
            QFile f(dir.filePath(name));
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(text);
        }
        runImport(*store, ImportKind::PdrFolder, dir.path());
        JudgeConfig offline;
        offline.scheme = defaultSchemeFor(u"pdrbench"_s);
        RunScope scope;
        scope.benchmarkKey = u"pdrbench"_s;
        const auto planned = planRun(*store, offline, scope, {});
        QVERIFY2(planned, qPrintable(planned.errorMessage()));
        RunController controller(path);
        QSignalSpy done(&controller, &RunController::finished);
        const auto started = controller.start(planned->runId);
        QVERIFY2(started, qPrintable(started.errorMessage()));
        QVERIFY(done.wait(BackgroundWorkTimeout) || !done.isEmpty());
        const auto reference = readLeaderboard(*store, u"pdrbench"_s, 0);
        QVERIFY2(reference, qPrintable(reference.errorMessage()));
        expected = *reference;
        PdrScoringOptions o;
        o.weights = PdrWeightsPolicy::Normalized;
        const auto weighted = readLeaderboard(*store, u"pdrbench"_s, 0, o);
        QVERIFY2(weighted, qPrintable(weighted.errorMessage()));
        normalized = *weighted;
    }

    LeaderboardPage page;
    showComputed(page, path);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(page.benchmarkBox()->currentData().toString(), u"pdrbench"_s);
    QCOMPARE(page.benchmarkBox()->currentText(), u"PDR-Bench"_s);
    const Leaderboard &board = page.leaderboard();
    QCOMPARE(board.benchmarkKey, u"pdrbench"_s);
    QCOMPARE(board.columns.at(board.headline).key, u"overall"_s);
    QCOMPARE(board.rows.size(), 1);
    QCOMPARE(board.value(u"ModelX"_s, u"overall"_s), expected->value(u"ModelX"_s, u"overall"_s));
    QVERIFY(board.value(u"ModelX"_s, u"overall"_s));
    const int overall = page.model()->columnOf(u"overall"_s);
    QVERIFY(overall > 0);
    QCOMPARE(page.tableView()->model()->headerData(overall, Qt::Horizontal).toString(),
             u"Overall"_s);
    QVERIFY(page.model()->columnOf(u"P"_s) > 0);
    QVERIFY(page.model()->columnOf(u"dim:goal_alignment"_s) > 0);
    // Its chart's axis is the scores' 0-10, as the other benchmarks' is their 0-1.
    const ChartSpec chart = leaderboardChart(board);
    QCOMPARE(chart.minimum, 0.0);
    QCOMPARE(chart.maximum, 10.0);

    QTemporaryDir out;
    QSignalSpy exported(&page, &LeaderboardPage::exported);
    page.exportTo(out.path());
    QTRY_COMPARE_WITH_TIMEOUT(exported.count(), 1, BackgroundWorkTimeout);
    QCOMPARE(exported.first().at(2).toString(), QString());
    const QDir outDir(out.path());
    for (const QString &name : {u"results/overall/ModelX/overall_result.txt"_s,
                                u"results/personalization/ModelX/personalization_result.txt"_s,
                                u"leaderboard_pdrbench.csv"_s})
        QVERIFY2(QFileInfo(outDir.filePath(name)).size() > 0, qPrintable(name));

    // Preferences → PDR-Bench scoring: normalised weights (the fixture's query 2 weights do not
    // sum to 1) change P, and the page shows what core computes with that choice.
    QVERIFY(*expected->value(u"ModelX"_s, u"P"_s) != *normalized->value(u"ModelX"_s, u"P"_s));
    PreferencesDialog prefs({});
    QCOMPARE(prefs.pdrWeightsBox()->currentData().toString(), u"reference"_s);
    QCOMPARE(prefs.pdrUnmatchedBox()->currentData().toString(), u"reference"_s);
    QSignalSpy scoringChanged(&prefs, &PreferencesDialog::scoringChanged);
    connect(&prefs, &PreferencesDialog::scoringChanged, &page, &LeaderboardPage::refresh);
    prefs.pdrWeightsBox()->setCurrentIndex(prefs.pdrWeightsBox()->findData(u"normalized"_s));
    QSignalSpy ready(&page, &LeaderboardPage::ready);
    prefs.accept();
    QCOMPARE(scoringChanged.count(), 1);
    QCOMPARE(savedPdrScoringOptions().weights, PdrWeightsPolicy::Normalized);
    QCOMPARE(savedPdrScoringOptions().unmatched, PdrUnmatchedPolicy::Reference);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() > 0 && !page.isBusy(), BackgroundWorkTimeout);
    QCOMPARE(page.leaderboard().value(u"ModelX"_s, u"P"_s), normalized->value(u"ModelX"_s, u"P"_s));
    QSettings().clear();
}

// An English report for the demo's Chinese task (idx 4) is scored against Chinese rubrics:
// the import says so, naming the file, and the board marks its model with the files.
void TestLeaderboardPage::flagsReportsInAnotherLanguage()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(u"mixed.rubricate"_s);
    {
        auto store = ProjectStore::create(path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        QCOMPARE(importDemo(*store).errorCount(), 0);
        // The demo's own reports match their tasks' languages: no warning from them.
        for (const ReportSummary &r : store->reports().reportSummaries().value())
            for (const QString &w : r.warnings)
                QVERIFY2(!w.startsWith(LanguageMismatchPrefix), qPrintable(r.sourceName));

        QVERIFY(QDir().mkpath(dir.filePath(u"reports/AtlasAgent"_s)));
        QFile report(dir.filePath(u"reports/AtlasAgent/idx-4.md"_s));
        QVERIFY(report.open(QIODevice::WriteOnly));
        report.write(
            "# Rooftop solar in Linjiang\n\nInstalled rooftop capacity reached 420 MW by "
            "the end of 2023, according to the city's energy bulletin. Commercial roofs "
            "account for most of the growth, and grid connection times fell by a third.\n");
        report.close();
        const ImportSummary summary
            = runImport(*store, ImportKind::Drb2Reports, dir.filePath(u"reports"_s));
        QCOMPARE(summary.errorCount(), 0);
        const auto flagged = std::find_if(
            summary.issues.cbegin(), summary.issues.cend(), [](const ImportIssue &issue) {
                return issue.message.startsWith(LanguageMismatchPrefix);
            });
        QVERIFY2(flagged != summary.issues.cend(), qPrintable(summary.toText()));
        QCOMPARE(flagged->severity, ImportIssue::Severity::Warning);
        QCOMPARE(flagged->file, u"AtlasAgent/idx-4.md"_s);
        QVERIFY2(flagged->message.contains(u"English"_s) && flagged->message.contains(u"Chinese"_s),
                 qPrintable(flagged->message));
        QVERIFY(summary.toText().contains(u"AtlasAgent/idx-4.md"_s));
    }

    LeaderboardPage page;
    showComputed(page, path);
    if (QTest::currentTestFailed())
        return;
    QCOMPARE(page.leaderboard().benchmarkKey, u"drb2"_s);
    const int atlas = int(page.leaderboard().rowIndex(u"AtlasAgent"_s));
    const int briar = int(page.leaderboard().rowIndex(u"BriarAgent"_s));
    QVERIFY(atlas >= 0 && briar >= 0);
    const QModelIndex marked = page.model()->index(atlas, 0);
    QCOMPARE(marked.data(LeaderboardModel::LanguageMismatchRole).toStringList(),
             QStringList{u"AtlasAgent/idx-4.md"_s});
    QVERIFY(marked.data(Qt::DecorationRole).isValid());
    const QString tip = marked.data(Qt::ToolTipRole).toString();
    QVERIFY2(tip.contains(u"AtlasAgent/idx-4.md"_s) && tip.contains(u"another language"_s),
             qPrintable(tip));
    QCOMPARE(marked.data().toString(), u"AtlasAgent"_s); // the name itself stays data
    const QModelIndex clean = page.model()->index(briar, 0);
    QVERIFY(!clean.data(LeaderboardModel::LanguageMismatchRole).isValid());
    QVERIFY(!clean.data(Qt::DecorationRole).isValid());
    QVERIFY2(page.summaryLabel()->text().contains(u"in another language"_s),
             qPrintable(page.summaryLabel()->text()));
    saveScreenshot(&page, u"leaderboard-language.png"_s);
}

void TestLeaderboardPage::correctedViewOfTheDemoStudy()
{
    // What core computes for the demo's study against the human majority.
    CorrectedScores expected;
    {
        auto store = ProjectStore::open(m_path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        expected = readCorrectedScores(*store, u"calibration"_s);
        QVERIFY2(expected.error.isEmpty(), qPrintable(expected.error));
    }
    QCOMPARE(expected.models.size(), 2);

    LeaderboardPage page;
    CorrectedView *view = page.correctedView();
    QAbstractItemModelTester scoresTester(view->scoresModel(),
                                          QAbstractItemModelTester::FailureReportingMode::QtTest);
    QAbstractItemModelTester pairsTester(view->pairsModel(),
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    showComputed(page, m_path);
    // Nothing is corrected until the view is chosen.
    QCOMPARE(view->scoresModel()->rowCount(), 0);
    QSignalSpy ready(view, &CorrectedView::ready);
    page.viewTabs()->setCurrentWidget(view);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1 && !view->isBusy(), BackgroundWorkTimeout);

    QCOMPARE(view->studyBox()->currentData().toString(), u"calibration"_s);
    QCOMPARE(view->goldBox()->currentData().toString(), HumanMajority);
    CorrectedScoresModel *model = view->scoresModel();
    QCOMPARE(model->rowCount(), 2);
    for (const CorrectedModelScore &m : std::as_const(expected.models)) {
        const auto row = std::find_if(model->rows().cbegin(), model->rows().cend(),
                                      [&](const auto &r) { return r.score.model == m.model; });
        QVERIFY(row != model->rows().cend());
        const int r = int(row - model->rows().cbegin());
        QCOMPARE(model->index(r, CorrectedScoresModel::LabelledColumn).data().toLongLong(),
                 m.labelled);
        QCOMPARE(model->index(r, CorrectedScoresModel::JudgedColumn).data().toLongLong(), m.judged);
        QVERIFY(m.labelled > 0 && m.judged > m.labelled); // a sample of the judged items
        QCOMPARE(model->index(r, CorrectedScoresModel::CorrectedColumn)
                     .data(CorrectedScoresModel::ValueRole),
                 m.corrected.value ? QVariant(*m.corrected.value) : QVariant());
        QVERIFY(m.corrected.hasInterval());
        const QString cell
            = model->index(r, CorrectedScoresModel::CorrectedColumn).data().toString();
        QCOMPARE(cell,
                 u"%1 [%2, %3]"_s.arg(QLocale().toString(*m.corrected.value, 'f', 3),
                                      QLocale().toString(*m.corrected.lower, 'f', 3),
                                      QLocale().toString(*m.corrected.upper, 'f', 3)));
    }
    // Best PPI++ first.
    QVERIFY(*model->rows().at(0).score.corrected.value
            >= *model->rows().at(1).score.corrected.value);
    QCOMPARE(view->pairsModel()->rowCount(), 1);
    QVERIFY(!view->pairsModel()
                 ->index(0, CorrectedPairsModel::VerdictColumn)
                 .data()
                 .toString()
                 .isEmpty());
    QVERIFY(view->summaryLabel()->text().contains(u"calibration"_s));
    QVERIFY(view->scoresView()->isColumnHidden(CorrectedScoresModel::DimensionColumn));

    // Per dimension: a row per model and dimension, the dimension shown, pairs within each.
    ready.clear();
    view->perDimensionBox()->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1 && !view->isBusy(), BackgroundWorkTimeout);
    QVERIFY(model->rowCount() > 2);
    QCOMPARE(model->rowCount(), int(view->scores().models.size()));
    QVERIFY(!view->scoresView()->isColumnHidden(CorrectedScoresModel::DimensionColumn));
    QCOMPARE(view->pairsModel()->rowCount(), model->rowCount() / 2);

    // One annotator as the gold: the same study, another truth.
    ready.clear();
    const int ben = view->goldBox()->findData(u"human:Ben"_s);
    QVERIFY(ben >= 0);
    view->goldBox()->setCurrentIndex(ben);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1 && !view->isBusy(), BackgroundWorkTimeout);
    QCOMPARE(view->scores().gold, u"human:Ben"_s);
    QCOMPARE(view->goldBox()->currentData().toString(), u"human:Ben"_s);
    saveScreenshot(&page, u"leaderboard-corrected.png"_s);
}

void TestLeaderboardPage::correctedRanksAndUndefinedCells()
{
    const auto score
        = [](const QString &model, std::optional<double> value, double lower, double upper) {
              CorrectedModelScore s;
              s.model = model;
              s.judgeOnly.value = 0.9; // what a fallback would show
              s.corrected.value = value;
              if (value) {
                  s.corrected.lower = lower;
                  s.corrected.upper = upper;
                  s.corrected.standardError = (upper - lower) / 4;
              } else {
                  s.corrected.undefinedReason = UndefinedReason::noLabelledItems();
              }
              s.peopleOnly = s.corrected;
              return s;
          };
    // a lies above c; b overlaps both; d has no estimate.
    const QList<CorrectedModelScore> scores{
        score(u"a"_s, 0.8, 0.7, 0.9), score(u"b"_s, 0.65, 0.5, 0.75), score(u"c"_s, 0.5, 0.4, 0.6),
        score(u"d"_s, std::nullopt, 0, 0)};
    QCOMPARE(correctedRanks(scores), (QStringList{u"=1"_s, u"=1"_s, u"=2"_s, QString()}));

    CorrectedScoresModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setScores({scores.at(3), scores.at(2), scores.at(1), scores.at(0)});
    QCOMPARE(model.rowCount(), 4);
    QStringList order;
    for (const CorrectedScoresModel::Row &row : model.rows())
        order << row.score.model;
    QCOMPARE(order, (QStringList{u"a"_s, u"b"_s, u"c"_s, u"d"_s})); // undefined last
    // In a few words in the cell, in full in its tooltip.
    for (int column : {CorrectedScoresModel::RankColumn, CorrectedScoresModel::CorrectedColumn,
                       CorrectedScoresModel::PeopleColumn, CorrectedScoresModel::EffectiveColumn}) {
        QCOMPARE(model.index(3, column).data().toString(), u"undefined: no labels"_s);
        QCOMPARE(model.index(3, column).data(Qt::ToolTipRole).toString(),
                 UndefinedReason::noLabelledItems());
    }
    QVERIFY(!model.index(3, CorrectedScoresModel::CorrectedColumn)
                 .data(CorrectedScoresModel::ValueRole)
                 .isValid());
    QCOMPARE(model.index(2, CorrectedScoresModel::RankColumn).data().toString(), u"=2"_s);

    // A − B: a tie when the interval holds 0, undefined with its reason.
    CorrectedPairsModel pairs;
    QAbstractItemModelTester pairsTester(&pairs,
                                         QAbstractItemModelTester::FailureReportingMode::QtTest);
    CorrectedDifference better{
        u"a"_s, u"c"_s, {}, ppiDifference(scores.at(0).corrected, scores.at(2).corrected)};
    CorrectedDifference tie{
        u"a"_s, u"b"_s, {}, ppiDifference(scores.at(0).corrected, scores.at(1).corrected)};
    CorrectedDifference none{
        u"a"_s, u"d"_s, {}, ppiDifference(scores.at(0).corrected, scores.at(3).corrected)};
    pairs.setDifferences({better, tie, none});
    QCOMPARE(pairs.index(0, CorrectedPairsModel::VerdictColumn).data().toString(),
             u"a is better"_s);
    QCOMPARE(pairs.index(1, CorrectedPairsModel::VerdictColumn).data().toString(),
             u"tie: the interval holds 0"_s);
    QVERIFY(!none.difference.undefinedReason.isEmpty());
    QVERIFY(pairs.index(2, CorrectedPairsModel::VerdictColumn)
                .data()
                .toString()
                .startsWith(u"undefined: "_s));
    QCOMPARE(pairs.index(2, CorrectedPairsModel::VerdictColumn).data(Qt::ToolTipRole).toString(),
             none.difference.undefinedReason);
    QVERIFY(pairs.index(2, CorrectedPairsModel::DifferenceColumn)
                .data()
                .toString()
                .startsWith(u"undefined: "_s));
}

// The Corrected tab's Export writes, per format, the files that correctedFiles() gives for
// the scores core reads for the same study and options: the bytes `rubricate-cli score drb2
// --corrected --study calibration --by dimension --out/--latex` writes.
void TestLeaderboardPage::correctedExportWritesWhatCoreWrites()
{
    LeaderboardPage page;
    CorrectedView *view = page.correctedView();
    showComputed(page, m_path);
    QVERIFY(!view->exportButton()->isEnabled()); // nothing computed yet
    QSignalSpy ready(view, &CorrectedView::ready);
    page.viewTabs()->setCurrentWidget(view);
    view->perDimensionBox()->setChecked(true);
    QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1 && !view->isBusy()
                                 && view->perDimensionBox()->isChecked()
                                 && view->scores().models.size() > 2,
                             BackgroundWorkTimeout);
    QVERIFY(view->exportButton()->isEnabled());

    CorrectedScores expected;
    {
        auto store = ProjectStore::open(m_path);
        QVERIFY2(store, qPrintable(store.errorMessage()));
        CorrectedScoreOptions options;
        options.perDimension = true;
        expected = readCorrectedScores(*store, u"calibration"_s, options);
    }
    const QList<CorrectedDifference> pairs = pairwiseDifferences(expected, expected.confidence);
    const QString version = QCoreApplication::applicationVersion();
    const auto contents = [](const QString &path) {
        QFile f(path);
        return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
    };

    QTemporaryDir dir;
    QSignalSpy exported(view, &CorrectedView::exported);
    const struct {
        QString name;
        CorrectedExport::CorrectedFormat format;
        int files;
    } cases[] = {{u"corrected.csv"_s, CorrectedExport::CorrectedFormat::Csv, 2},
                 {u"corrected.json"_s, CorrectedExport::CorrectedFormat::Json, 1},
                 {u"corrected.tex"_s, CorrectedExport::CorrectedFormat::Latex, 1}};
    for (const auto &c : cases) {
        exported.clear();
        view->exportTo(dir.filePath(c.name));
        QTRY_COMPARE_WITH_TIMEOUT(exported.size(), 1, BackgroundWorkTimeout);
        QCOMPARE(exported.constFirst().at(1).toString(), QString());
        const auto files = CorrectedExport::correctedFiles(dir.filePath(c.name), c.format, expected,
                                                           pairs, version);
        QCOMPARE(files.size(), c.files);
        QCOMPARE(exported.constFirst().at(0).toStringList().size(), c.files);
        for (const auto &[path, data] : files) {
            QVERIFY(!data.isEmpty());
            QCOMPARE(contents(path), data);
        }
    }
    QVERIFY(QFile::exists(dir.filePath(u"corrected-pairwise.csv"_s)));

    exported.clear();
    view->exportTo(dir.filePath(u"corrected.txt"_s));
    QCOMPARE(exported.size(), 1);
    QVERIFY(!exported.constFirst().at(1).toString().isEmpty());
    QVERIFY(!QFile::exists(dir.filePath(u"corrected.txt"_s)));
}

namespace {

// What `score reportbench` prints for `options`: the CLI's reader and aggregation, as a board.
std::optional<Leaderboard> cliBoard(const QString &path, const ReportBenchOptions &options)
{
    auto store = ProjectStore::open(path);
    if (!store) {
        qWarning() << store.errorMessage();
        return std::nullopt;
    }
    const auto scores = readReportBenchScores(*store, options, {});
    if (!scores) {
        qWarning() << scores.errorMessage();
        return std::nullopt;
    }
    return reportBenchLeaderboard(aggregateReportBench(*scores));
}

bool sameValues(const Leaderboard &a, const Leaderboard &b)
{
    if (a.rows.size() != b.rows.size())
        return false;
    for (qsizetype r = 0; r < a.rows.size(); ++r) {
        const QList<LeaderboardValue> &x = a.rows.at(r).values, &y = b.rows.at(r).values;
        if (a.rows.at(r).model != b.rows.at(r).model || x.size() != y.size())
            return false;
        for (qsizetype c = 0; c < x.size(); ++c) {
            if (x.at(c).value != y.at(c).value)
                return false;
        }
    }
    return true;
}

QString classify(const QString &path, const JudgeConfig &config)
{
    PageClassifier classifier(path, config);
    QSignalSpy done(&classifier, &PageClassifier::finished);
    if (const Result<void> started = classifier.start({}); !started)
        return started.errorMessage();
    if (done.isEmpty() && !done.wait(BackgroundWorkTimeout))
        return u"timeout"_s;
    return done.constFirst().constFirst().toString();
}

} // namespace

// Text, fetched pages, and pages classified by one of two judges: four different boards, each
// the CLI's, the caption saying which; the choice outlives the page, in the settings.
void TestLeaderboardPage::reportBenchTitleMethods()
{
    RubricateTest::ReportBenchPagesProject project;
    QVERIFY(project.create(true));
    const QString &path = project.path;
    QCOMPARE(classify(path, RubricateTest::simulatorJudge(project.judge)), u"finished"_s);
    QCOMPARE(classify(path, JudgeConfig()), u"finished"_s); // offline: the page metadata
    const QString simulator = u"openai:test-judge"_s, metadata = u"offline:page-metadata"_s;

    const auto expected = [&path](TitleMethod titles, const QString &pageJudge = {}) {
        ReportBenchOptions o;
        o.titles = titles;
        o.pageJudge = pageJudge;
        return cliBoard(path, o);
    };
    const auto text = expected(TitleMethod::Text), pages = expected(TitleMethod::Pages);
    const auto bySimulator = expected(TitleMethod::Judge, simulator);
    const auto byMetadata = expected(TitleMethod::Judge, metadata);
    QVERIFY(text && pages && bySimulator && byMetadata);
    // The report names no title in its text; the simulator finds a and c, the metadata a and d.
    QVERIFY(!sameValues(*text, *pages));
    QVERIFY(!sameValues(*pages, *bySimulator));
    QVERIFY(sameValues(*pages, *byMetadata));

    LeaderboardPage page;
    showComputed(page, path);
    QCOMPARE(page.benchmarkBox()->currentData().toString(), u"reportbench"_s);
    QVERIFY(page.titlesBox()->isVisible());
    QCOMPARE(page.titlesBox()->currentData().toString(), u"text"_s);
    QVERIFY(!page.pageJudgeBox()->isVisible());
    QVERIFY(sameValues(page.leaderboard(), *text));
    QVERIFY(page.summaryLabel()->text().startsWith(u"Titles: those the reports write"_s));

    // The box belongs to `on`, which computes the board again.
    const auto choose = [](LeaderboardPage &on, QComboBox *box, int index) {
        QSignalSpy ready(&on, &LeaderboardPage::ready);
        box->setCurrentIndex(index);
        QTRY_VERIFY_WITH_TIMEOUT(ready.count() >= 1 && !on.isBusy(), BackgroundWorkTimeout);
    };
    choose(page, page.titlesBox(), page.titlesBox()->findData(u"pages"_s));
    QVERIFY(sameValues(page.leaderboard(), *pages));
    QVERIFY(page.summaryLabel()->text().contains(u"not classified by an LLM"_s));

    // Two judges classified pages: the first by name until another is chosen.
    choose(page, page.titlesBox(), page.titlesBox()->findData(u"judge"_s));
    QVERIFY(page.pageJudgeBox()->isVisible());
    QCOMPARE(page.pageJudgeBox()->count(), 2);
    QCOMPARE(page.pageJudgeBox()->currentText(), metadata);
    QVERIFY(sameValues(page.leaderboard(), *byMetadata));
    choose(page, page.pageJudgeBox(), page.pageJudgeBox()->findText(simulator));
    QVERIFY(sameValues(page.leaderboard(), *bySimulator));
    QVERIFY(page.summaryLabel()->text().contains(simulator + u" classified as papers"_s));
    saveScreenshot(&page, u"leaderboard-reportbench-judge.png"_s);

    // Remembered for the person, not the project: a new page starts where this one was.
    QCOMPARE(QSettings().value(u"scoring/reportBenchTitles"_s).toString(), u"judge"_s);
    QCOMPARE(QSettings().value(u"scoring/reportBenchPageJudge"_s).toString(), simulator);
    LeaderboardPage again;
    showComputed(again, path);
    QCOMPARE(again.pageJudgeBox()->currentText(), simulator);
    QVERIFY(sameValues(again.leaderboard(), *bySimulator));
    choose(again, again.titlesBox(), again.titlesBox()->findData(u"text"_s));
    QVERIFY(sameValues(again.leaderboard(), *text));
}

QTEST_MAIN(TestLeaderboardPage)
#include "tst_leaderboardpage.moc"
