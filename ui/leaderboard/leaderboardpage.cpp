#include "leaderboard/leaderboardpage.h"

#include "common/chartwidget.h"
#include "common/elidingcombobox.h"
#include "ingest/reportfiles.h"
#include "leaderboard/correctedview.h"
#include "readers/leaderboardproject.h"
#include "services/background.h"
#include "services/coretext.h"
#include "services/scoringsettings.h"
#include "store/projectstore.h"

#include <QApplication>
#include <QComboBox>
#include <QDir>
#include <QFileDialog>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QStyle>
#include <QTabWidget>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>
#include <cmath>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

constexpr int ChartWidth = 800; // exported chart, pixels (PNG) or points (SVG)
constexpr int ChartHeight = 450;

QString nTitle(const Leaderboard &board)
{
    if (board.nTitle == "tasks"_L1)
        return LeaderboardModel::tr("Tasks");
    if (board.nTitle == "reports"_L1)
        return LeaderboardModel::tr("Reports");
    return LeaderboardModel::tr("n");
}

QString summaryText(const Leaderboard &board, const QHash<QString, QStringList> &mismatches)
{
    QString text = LeaderboardPage::tr("%n model(s). %1 Undefined values are shown as “—” "
                                       "(hover for why) and sort last.",
                                       nullptr, int(board.rows.size()))
                       .arg(CoreText::leaderboardDescription(board));
    qsizetype mismatched = 0;
    for (const QStringList &reports : mismatches)
        mismatched += reports.size();
    if (mismatched > 0)
        text += u' '
            + LeaderboardPage::tr("%n report(s) are in another language than their task's "
                                  "rubrics (marked beside the model; hover for which).",
                                  nullptr, int(mismatched));
    return text;
}

// Which titles a ReportBench number was computed from, in the words of `score reportbench`.
QString titlesCaption(const ReportBenchOptions &options)
{
    switch (options.titles) {
    case TitleMethod::Text:
        return LeaderboardPage::tr("Titles: those the reports write in their reference lists "
                                   "(text method; pages are not fetched).");
    case TitleMethod::Pages:
        return LeaderboardPage::tr("Titles: of the fetched cited pages that read as papers "
                                   "(citation_title, or an arXiv or DOI address), not "
                                   "classified by an LLM as the reference does.");
    case TitleMethod::Judge:
        return LeaderboardPage::tr("Titles: of the fetched cited pages %1 classified as papers "
                                   "(the reference's method); pages not classified add nothing.")
            .arg(options.pageJudge.isEmpty() ? LeaderboardPage::tr("a judge") : options.pageJudge);
    }
    return {};
}

} // namespace

LeaderboardModel::LeaderboardModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void LeaderboardModel::setLeaderboard(const Leaderboard &board,
                                      const QHash<QString, QStringList> &languageMismatches)
{
    beginResetModel();
    m_board = board;
    m_languageMismatches = languageMismatches;
    endResetModel();
}

int LeaderboardModel::columnOf(const QString &key) const
{
    const qsizetype c = m_board.columnIndex(key);
    return c < 0 ? -1 : int(c) + 1;
}

int LeaderboardModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_board.rows.size());
}

int LeaderboardModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_board.columns.size()) + 2;
}

QVariant LeaderboardModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const LeaderboardRow &row = m_board.rows.at(index.row());
    const int column = index.column();
    const int last = columnCount() - 1;
    if (column == 0) {
        if (role == Qt::DisplayRole || role == ValueRole)
            return row.model;
        const QStringList mismatched = m_languageMismatches.value(row.model);
        if (mismatched.isEmpty())
            return {};
        if (role == LanguageMismatchRole)
            return mismatched;
        if (role == Qt::DecorationRole)
            return QApplication::style()->standardIcon(QStyle::SP_MessageBoxWarning);
        if (role == Qt::ToolTipRole) {
            constexpr int listed = 8;
            QString files = mismatched.mid(0, listed).join(u"\n"_s);
            if (mismatched.size() > listed)
                files += u"\n…"_s;
            return tr("%n report(s) in another language than their task's rubrics, scored "
                      "against criteria in the other language:\n%1",
                      nullptr, int(mismatched.size()))
                .arg(files);
        }
        return {};
    }
    if (column == last) {
        if (role == Qt::DisplayRole || role == ValueRole)
            return row.n;
        if (role == Qt::TextAlignmentRole)
            return int(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    }
    const qsizetype c = column - 1;
    const LeaderboardValue value = c < row.values.size() ? row.values.at(c) : LeaderboardValue{};
    switch (role) {
    case Qt::DisplayRole:
        // Undefined is shown as undefined: a 0 here would read as the worst score.
        return value.value ? QLocale().toString(*value.value, 'f', m_board.columns.at(c).decimals)
                           : u"—"_s;
    case Qt::ToolTipRole:
        return value.value ? QVariant(QString::number(*value.value, 'g', 17))
                           : QVariant(CoreText::leaderboardNote(value.note));
    case ValueRole:
        return value.value ? QVariant(*value.value) : QVariant();
    case Qt::TextAlignmentRole:
        return int(value.value ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignCenter);
    case Qt::FontRole:
        if (c == m_board.headline) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        return {};
    default:
        return {};
    }
}

QVariant LeaderboardModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= columnCount())
        return {};
    if (role == Qt::DisplayRole) {
        if (section == 0)
            return tr("Model");
        if (section == columnCount() - 1)
            return nTitle(m_board);
        return CoreText::leaderboardColumn(m_board.columns.at(section - 1));
    }
    if (role == Qt::ToolTipRole && section > 0 && section < columnCount() - 1)
        return m_board.columns.at(section - 1).key;
    return {};
}

bool LeaderboardSortModel::lessThan(const QModelIndex &left, const QModelIndex &right) const
{
    const QVariant a = left.data(LeaderboardModel::ValueRole);
    const QVariant b = right.data(LeaderboardModel::ValueRole);
    // Undefined last whichever way: Qt reverses lessThan for a descending sort.
    if (a.isValid() != b.isValid())
        return a.isValid() == (sortOrder() == Qt::AscendingOrder);
    if (a.isValid() && a.typeId() != QMetaType::QString && a.toDouble() != b.toDouble())
        return a.toDouble() < b.toDouble();
    if (a.typeId() == QMetaType::QString && a.toString() != b.toString())
        return a.toString().localeAwareCompare(b.toString()) < 0;
    const QString ma = left.siblingAtColumn(0).data().toString();
    const QString mb = right.siblingAtColumn(0).data().toString();
    return sortOrder() == Qt::AscendingOrder ? ma < mb : mb < ma;
}

ChartSpec leaderboardChart(const Leaderboard &board)
{
    ChartSpec spec;
    spec.kind = ChartSpec::Kind::Bars;
    if (board.headline < 0 || board.headline >= board.columns.size())
        return spec;
    const LeaderboardColumn &column = board.columns.at(board.headline);
    const QString title = CoreText::leaderboardColumn(column);
    spec.title = LeaderboardPage::tr("%1: %2 by model")
                     .arg(CoreText::benchmarkName(board.benchmarkKey), title);
    spec.valueTitle = title;
    // The axis spans the scores' scale, not the values drawn, so that a run's bars can be told
    // high or low at a glance: PDR-Bench scores 0-10, the others 0-1.
    spec.minimum = 0;
    spec.maximum = board.benchmarkKey == QLatin1StringView(BenchmarkKey::PdrBench) ? 10 : 1;
    for (const LeaderboardRow &row : board.rows) {
        spec.labels << row.model;
        const LeaderboardValue v = board.headline < row.values.size()
            ? row.values.at(board.headline)
            : LeaderboardValue{};
        spec.points.append({v.value, {}, {}, CoreText::leaderboardNote(v.note)});
        if (v.value) {
            // Compliance can be negative (pitfalls); counts can exceed 1.
            spec.minimum = std::min(spec.minimum, std::floor(*v.value * 10) / 10);
            spec.maximum = std::max(spec.maximum, std::ceil(*v.value));
        }
    }
    return spec;
}

struct LeaderboardPage::Loaded {
    QStringList benchmarks;
    QString key;
    QList<LeaderboardRun> runs;
    RowId runId = 0;
    std::optional<Leaderboard> board;
    // ReportBench: the judges that classified pages, and the options the board was read
    // with (the page judge resolved when the chosen one is gone).
    QStringList pageJudges;
    ReportBenchOptions reportBench;
    QHash<QString, QStringList> languageMismatches; // model → report files
    QString error;
};

LeaderboardPage::LeaderboardPage(QWidget *parent)
    : ProjectPage(parent)
    , m_benchmark(new QComboBox(this))
    , m_runLabel(new QLabel(tr("&Run:"), this))
    , m_run(new ElidingComboBox(this))
    , m_titlesLabel(new QLabel(tr("&Titles:"), this))
    , m_titles(new QComboBox(this))
    , m_pageJudgeLabel(new QLabel(tr("Pa&ge judge:"), this))
    , m_pageJudge(new QComboBox(this))
    , m_export(new QPushButton(tr("Export…"), this))
    , m_summary(new QLabel(this))
    , m_model(new LeaderboardModel(this))
    , m_proxy(new LeaderboardSortModel(this))
    , m_view(new QTableView(this))
    , m_corrected(new CorrectedView(this))
    , m_tabs(new QTabWidget(this))
{
    m_benchmark->setObjectName(u"leaderboardBenchmark"_s);
    m_benchmark->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_run->setObjectName(u"leaderboardRun"_s);
    m_run->setToolTip(tr("The judge run whose verdicts are scored"));
    m_runLabel->setBuddy(m_run);
    m_titles->setObjectName(u"leaderboardTitles"_s);
    m_titles->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_titles->addItem(tr("From the reports' text"), titleMethodKey(TitleMethod::Text));
    m_titles->addItem(tr("From the fetched pages"), titleMethodKey(TitleMethod::Pages));
    m_titles->addItem(tr("From pages a judge classified"), titleMethodKey(TitleMethod::Judge));
    m_titles->setToolTip(tr("Where the titles of the papers a report cites come from: its "
                            "reference list, the fetched cited pages' own metadata, or a "
                            "judge's classification of those pages (the reference's method; "
                            "Judge → Classify Cited Pages)"));
    const ReportBenchOptions saved = savedReportBenchOptions();
    m_titles->setCurrentIndex(std::max(0, m_titles->findData(titleMethodKey(saved.titles))));
    m_titlesLabel->setBuddy(m_titles);
    m_pageJudge->setObjectName(u"leaderboardPageJudge"_s);
    m_pageJudge->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_pageJudge->setToolTip(tr("Whose classifications of the cited pages are read"));
    m_pageJudgeLabel->setBuddy(m_pageJudge);
    for (QWidget *w :
         {static_cast<QWidget *>(m_titlesLabel), static_cast<QWidget *>(m_titles),
          static_cast<QWidget *>(m_pageJudgeLabel), static_cast<QWidget *>(m_pageJudge)})
        w->hide(); // shown for ReportBench
    m_export->setObjectName(u"leaderboardExport"_s);
    m_export->setToolTip(tr("Writes the benchmark's own result files, the table as CSV and "
                            "the chart as PNG and SVG to a folder"));
    m_export->setEnabled(false);
    m_summary->setObjectName(u"leaderboardSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);
    m_summary->setText(tr("Open a project to see its leaderboards."));

    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(LeaderboardModel::ValueRole);
    m_view->setObjectName(u"leaderboardTable"_s);
    m_view->setModel(m_proxy);
    m_view->setSortingEnabled(true);
    m_view->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_view->setSelectionMode(QAbstractItemView::SingleSelection);
    m_view->setEditTriggers(QAbstractItemView::NoEditTriggers);
    m_view->setAlternatingRowColors(true);
    m_view->verticalHeader()->hide();
    m_view->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    m_view->horizontalHeader()->setStretchLastSection(false);
    m_chart = createChartWidget(leaderboardChart({}), this);
    m_chart->setObjectName(u"leaderboardChart"_s);

    connect(m_benchmark, &QComboBox::currentIndexChanged, this, [this] {
        if (m_filling)
            return;
        // Another benchmark's runs: its newest run is chosen when the runs arrive.
        m_filling = true;
        m_run->clear();
        m_filling = false;
        load();
    });
    connect(m_run, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            load();
    });
    connect(m_titles, &QComboBox::currentIndexChanged, this,
            &LeaderboardPage::chooseReportBenchMethod);
    connect(m_pageJudge, &QComboBox::currentIndexChanged, this,
            &LeaderboardPage::chooseReportBenchMethod);
    connect(m_export, &QPushButton::clicked, this, &LeaderboardPage::chooseExport);

    auto *benchmarkLabel = new QLabel(tr("&Benchmark:"), this);
    benchmarkLabel->setBuddy(m_benchmark);
    auto *controls = new QHBoxLayout;
    controls->addWidget(benchmarkLabel);
    controls->addWidget(m_benchmark);
    controls->addSpacing(12);
    controls->addWidget(m_runLabel);
    controls->addWidget(m_run);
    controls->addWidget(m_titlesLabel);
    controls->addWidget(m_titles);
    controls->addSpacing(12);
    controls->addWidget(m_pageJudgeLabel);
    controls->addWidget(m_pageJudge);
    controls->addStretch(1);
    controls->addWidget(m_export);

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_view);
    split->addWidget(m_chart);
    split->setStretchFactor(0, 2);
    split->setStretchFactor(1, 3);
    split->setChildrenCollapsible(false);

    auto *board = new QWidget(this);
    auto *boardLayout = new QVBoxLayout(board);
    boardLayout->setContentsMargins(0, 4, 0, 0);
    boardLayout->addWidget(m_summary);
    boardLayout->addWidget(split, 1);
    m_corrected->setObjectName(u"leaderboardCorrected"_s);
    m_tabs->setObjectName(u"leaderboardViews"_s);
    m_tabs->setDocumentMode(true);
    m_tabs->addTab(board, tr("&Judge scores"));
    m_tabs->addTab(m_corrected, tr("&Corrected"));
    m_tabs->setTabToolTip(1,
                          tr("The judge's scores corrected by a study's labels, with "
                             "intervals (prediction-powered inference)"));
    connect(m_tabs, &QTabWidget::currentChanged, this, &LeaderboardPage::loadCorrectedIfShown);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addLayout(controls);
    layout->addWidget(m_tabs, 1);
}

void LeaderboardPage::loadCorrectedIfShown()
{
    if (m_tabs->currentWidget() == m_corrected)
        m_corrected->load();
}

void LeaderboardPage::chooseReportBenchMethod()
{
    if (m_filling)
        return;
    ReportBenchOptions options;
    for (const TitleMethod method : {TitleMethod::Text, TitleMethod::Pages, TitleMethod::Judge}) {
        if (m_titles->currentData().toString() == titleMethodKey(method))
            options.titles = method;
    }
    // The judge stays remembered while another method is shown.
    options.pageJudge = m_pageJudge->isHidden() ? savedReportBenchOptions().pageJudge
                                                : m_pageJudge->currentText();
    saveReportBenchOptions(options);
    load();
}

void LeaderboardPage::load()
{
    const quint64 request = ++m_request;
    ++m_pending;
    m_summary->setText(tr("Computing…"));
    const QString path = projectPath();
    const QString wantedKey = m_benchmark->currentData().toString();
    const RowId wantedRun = m_run->currentData().toLongLong();
    const PdrScoringOptions pdr = savedPdrScoringOptions();
    const ReportBenchOptions reportBench = savedReportBenchOptions();
    runInBackground(
        pool(), this,
        [path, wantedKey, wantedRun, pdr, reportBench] {
            Loaded out;
            const auto store = ProjectStore::open(path);
            if (!store) {
                out.error = store.errorMessage();
                return out;
            }
            out.benchmarks = projectLeaderboardBenchmarks(*store);
            if (out.benchmarks.isEmpty()) {
                out.error = tr("This project has no reports of a benchmark with a leaderboard "
                               "(DRB-II, ResearchRubrics, PDR-Bench, ReportBench).");
                return out;
            }
            out.key = out.benchmarks.contains(wantedKey) ? wantedKey : out.benchmarks.first();
            if (leaderboardNeedsRun(out.key)) {
                out.runs = leaderboardRuns(*store, out.key);
                const bool known = std::any_of(
                    out.runs.cbegin(), out.runs.cend(),
                    [wantedRun](const LeaderboardRun &r) { return r.id == wantedRun; });
                out.runId = known ? wantedRun : out.runs.isEmpty() ? 0 : out.runs.first().id;
                if (out.runId == 0) {
                    out.error = tr("No judge run of this benchmark yet: run the judge first.");
                    return out;
                }
            }
            out.reportBench = reportBench;
            if (out.key == QLatin1StringView(BenchmarkKey::ReportBench)) {
                out.pageJudges = store->sources().pageJudges();
                // A remembered judge this project does not know: the first one instead, so
                // that the board shows and says whose it is (the reader refuses to guess
                // among several).
                if (!out.pageJudges.contains(reportBench.pageJudge))
                    out.reportBench.pageJudge = out.pageJudges.value(0);
            }
            if (auto board = readLeaderboard(*store, out.key, out.runId, pdr, out.reportBench))
                out.board = std::move(board).value();
            else
                out.error = board.errorMessage();
            for (const ReportSummary &r : store->reports().reportSummaries(out.key).value_or({})) {
                const bool mismatched
                    = std::any_of(r.warnings.cbegin(), r.warnings.cend(), [](const QString &w) {
                          return w.startsWith(LanguageMismatchPrefix);
                      });
                if (mismatched)
                    out.languageMismatches[r.model] << r.sourceName;
            }
            return out;
        },
        [this, request](const Loaded &out) {
            --m_pending;
            if (request == m_request)
                apply(out);
        });
}

void LeaderboardPage::apply(const Loaded &loaded)
{
    m_filling = true;
    m_benchmark->clear();
    for (const QString &key : loaded.benchmarks)
        m_benchmark->addItem(CoreText::benchmarkName(key), key);
    m_benchmark->setCurrentIndex(std::max(0, m_benchmark->findData(loaded.key)));
    m_run->clear();
    for (const LeaderboardRun &r : loaded.runs) {
        m_run->addItem(tr("%1 (run %2, %n verdict(s))", nullptr, r.verdicts).arg(r.name).arg(r.id),
                       r.id);
    }
    m_run->setCurrentIndex(std::max(0, m_run->findData(loaded.runId)));
    const bool needsRun = leaderboardNeedsRun(loaded.key);
    m_run->setVisible(needsRun);
    m_runLabel->setVisible(needsRun);
    const bool reportBench = loaded.key == QLatin1StringView(BenchmarkKey::ReportBench);
    const bool byJudge = loaded.reportBench.titles == TitleMethod::Judge;
    m_titles->setVisible(reportBench);
    m_titlesLabel->setVisible(reportBench);
    m_pageJudge->clear();
    m_pageJudge->addItems(loaded.pageJudges);
    m_pageJudge->setCurrentIndex(std::max(0, m_pageJudge->findText(loaded.reportBench.pageJudge)));
    m_pageJudge->setVisible(reportBench && byJudge && loaded.pageJudges.size() > 1);
    m_pageJudgeLabel->setVisible(m_pageJudge->isVisible());
    m_filling = false;

    m_shownKey = loaded.key;
    m_shownRun = loaded.runId;
    m_shownReportBench = loaded.reportBench;
    m_corrected->setSource(projectPath(), loaded.key, pool());
    loadCorrectedIfShown();
    const Leaderboard board = loaded.board.value_or(Leaderboard{});
    m_model->setLeaderboard(board, loaded.languageMismatches);
    // The board comes sorted by its headline, best first: show that order.
    const int headline = m_model->columnOf(board.columns.value(board.headline).key);
    if (headline > 0)
        m_view->sortByColumn(headline, Qt::DescendingOrder);
    updateChartWidget(m_chart, leaderboardChart(board));
    m_export->setEnabled(loaded.board.has_value());
    // ReportBench's numbers depend on the titles' method: the caption says which.
    const QString caption = reportBench ? titlesCaption(loaded.reportBench) + u' ' : QString();
    if (!loaded.board)
        m_summary->setText(caption + loaded.error);
    else
        m_summary->setText(caption + summaryText(board, loaded.languageMismatches));
    emit ready();
}

void LeaderboardPage::chooseExport()
{
    auto *chooser = new QFileDialog(this, tr("Export the leaderboard to a folder"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setFileMode(QFileDialog::Directory);
    chooser->setOption(QFileDialog::ShowDirsOnly);
    connect(chooser, &QFileDialog::fileSelected, this, &LeaderboardPage::exportTo);
    chooser->open();
}

void LeaderboardPage::exportTo(const QString &directory)
{
    const QString path = projectPath();
    const QString key = m_shownKey;
    const RowId runId = m_shownRun;
    const ReportBenchOptions reportBench = m_shownReportBench;
    const Leaderboard board = leaderboard();
    const PdrScoringOptions pdr = savedPdrScoringOptions();
    ++m_pending;
    // The global pool: a short read and write, which must not wait behind a scoring.
    runInBackground(
        this,
        [path, key, runId, board, directory, pdr, reportBench] {
            QStringList files;
            const auto store = ProjectStore::open(path);
            if (!store)
                return std::pair{files, store.errorMessage()};
            if (const auto exported
                = exportLeaderboardFiles(*store, key, runId, directory, &files, pdr, reportBench);
                !exported)
                return std::pair{files, exported.errorMessage()};
            QString error;
            QSaveFile csv(QDir(directory).filePath(u"leaderboard_%1.csv"_s.arg(key)));
            const QByteArray data = leaderboardCsv(board);
            if (!csv.open(QIODevice::WriteOnly) || csv.write(data) != data.size() || !csv.commit())
                error = tr("Cannot write %1: %2").arg(csv.fileName(), csv.errorString());
            else
                files << csv.fileName();
            return std::pair{files, error};
        },
        [this, board, key, directory](std::pair<QStringList, QString> out) {
            --m_pending;
            // Charts render through Qt Charts' scene, which belongs to the GUI thread.
            if (out.second.isEmpty()) {
                const ChartSpec spec = leaderboardChart(board);
                const QString base = QDir(directory).filePath(u"leaderboard_%1"_s.arg(key));
                const auto png = writeChartPng(spec, base + u".png"_s, ChartWidth, ChartHeight);
                if (png)
                    out.first << base + u".png"_s;
                const auto svg
                    = png ? writeChartSvg(spec, base + u".svg"_s, ChartWidth, ChartHeight) : png;
                if (svg)
                    out.first << base + u".svg"_s;
                out.second = svg.errorMessage();
            }
            emit exported(directory, out.first, out.second);
        });
}

} // namespace Rubricate
