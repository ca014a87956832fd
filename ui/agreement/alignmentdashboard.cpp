#include "agreement/alignmentdashboard.h"

#include "agreement/alignmentmodels.h"
#include "common/chartwidget.h"
#include "common/elidingcombobox.h"
#include "common/readonlytable.h"
#include "exchange/alignmentexport.h"
#include "services/alignmentcharts.h"
#include "services/background.h"
#include "services/coretext.h"
#include "store/projectstore.h"

#include <QAction>
#include <QCheckBox>
#include <QComboBox>
#include <QFileDialog>
#include <QFont>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QPushButton>
#include <QSet>
#include <QSpinBox>
#include <QSplitter>
#include <QTabWidget>
#include <QTableView>
#include <QToolButton>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

struct Loaded {
    QList<RatingRow> rows;
    QHash<QString, QSet<std::pair<RowId, RowId>>> samples;
    QHash<QString, RowId> studyRuns; // the run each study compares with
    QHash<RowId, QString> rubricTexts;
    QList<RatingRow> goldRows;
    LabelFilter labels; // what the rows were read with
    QString error;
};

// The label filters the page offers, in the order of its combo box.
const QList<LabelFilter> &labelFilterChoices()
{
    static const QList<LabelFilter> choices{
        {},
        {{LabelMethod::Typed}, {}, {}},
        {{LabelMethod::Typed, LabelMethod::AcceptedJudge}, {}, {}},
        {{}, false, {}},
    };
    return choices;
}

QComboBox *makeBox(QWidget *parent, const QString &name)
{
    auto *box = new QComboBox(parent);
    box->setObjectName(name);
    box->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    return box;
}

// For the raters' names, which are as long as their runs' names: a narrow window shortens
// them with an ellipsis (the whole name in the tooltip) instead of cutting them mid-word.
QComboBox *makeNameBox(QWidget *parent, const QString &name)
{
    auto *box = new ElidingComboBox(parent);
    box->setObjectName(name);
    return box;
}

} // namespace

AlignmentDashboard::AlignmentDashboard(QWidget *parent)
    : ProjectPage(parent)
    , m_benchmark(makeBox(this, u"alignBenchmark"_s))
    , m_judge(makeNameBox(this, u"alignJudge"_s))
    , m_against(makeNameBox(this, u"alignAgainst"_s))
    , m_compareWith(makeBox(this, u"alignCompareWith"_s))
    , m_adjudicate(new QAction(tr("&Adjudicate…"), this))
    , m_collapse(makeBox(this, u"alignCollapse"_s))
    , m_level(makeBox(this, u"alignLevel"_s))
    , m_breakdown(makeBox(this, u"alignBreakdown"_s))
    , m_filterAttribute(makeBox(this, u"alignFilterAttribute"_s))
    , m_filterValue(makeBox(this, u"alignFilterValue"_s))
    , m_subset(makeBox(this, u"alignSubset"_s))
    , m_labelFilter(makeBox(this, u"alignLabelFilter"_s))
    , m_intervals(new QCheckBox(tr("95 % intervals"), this))
    , m_annotatorsOnly(new QCheckBox(tr("A&nnotators only"), this))
    , m_seed(new QSpinBox(this))
    , m_export(new QPushButton(tr("Export…"), this))
    , m_summary(new QLabel(this))
    , m_noJudge(new QLabel(this))
    , m_comparisons(new ComparisonsModel(this))
    , m_disagreements(new DisagreementsModel(this))
{
    // The benchmarks' names are few and short: whole, while the raters' names give way.
    m_benchmark->setSizePolicy(QSizePolicy::Fixed, m_benchmark->sizePolicy().verticalPolicy());
    m_compareWith->addItem(tr("annotators"), QString());
    m_compareWith->addItem(tr("gold labels"), GoldRater);
    m_compareWith->setToolTip(tr("The annotators' labels (as Against says), or the gold labels "
                                 "recorded in View → Adjudication"));
    connect(m_compareWith, &QComboBox::currentIndexChanged, this, [this] {
        updateJudgeControls();
        if (!m_filling)
            recompute();
    });
    m_collapse->addItem(tr("the benchmark's labels"), int(LabelCollapse::None));
    m_collapse->addItem(tr("binary (met vs not)"), -1);
    for (AlphaLevel level :
         {AlphaLevel::Nominal, AlphaLevel::Ordinal, AlphaLevel::Interval, AlphaLevel::Ratio})
        m_level->addItem(CoreText::alphaLevel(level), int(level));
    m_filterAttribute->addItem(tr("no filter"), QString());
    for (auto a : {RatingAttribute::Dimension, RatingAttribute::Task, RatingAttribute::Model,
                   RatingAttribute::Persona, RatingAttribute::Language, RatingAttribute::Theme}) {
        m_breakdown->addItem(CoreText::attribute(a), int(a));
        m_filterAttribute->addItem(CoreText::attribute(a), ratingAttributeKey(a));
    }
    // In the order of labelFilterChoices().
    m_labelFilter->addItems({tr("all labels"), tr("typed only"), tr("typed or accepted"),
                             tr("given blind (judge hidden)")});
    m_labelFilter->setToolTip(tr("Which of the annotators' current labels count, by how they "
                                 "were given; an annotator whose current label does not pass has "
                                 "no label for the item"));
    // The rows are read again with the filter, off the GUI thread.
    connect(m_labelFilter, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            load();
    });
    m_intervals->setObjectName(u"alignIntervals"_s);
    m_intervals->setChecked(true);
    m_intervals->setToolTip(tr("Percentile bootstrap over rubric items, 1,000 draws"));
    m_seed->setObjectName(u"alignSeed"_s);
    m_seed->setRange(0, std::numeric_limits<int>::max());
    m_seed->setValue(20251123);
    m_seed->setPrefix(tr("seed "));
    m_seed->setToolTip(tr("The bootstrap's seed: the same seed gives the same intervals"));
    m_annotatorsOnly->setObjectName(u"alignAnnotatorsOnly"_s);
    m_annotatorsOnly->setToolTip(tr("Compare the annotators among themselves, leaving the judge "
                                    "runs out"));
    m_noJudge->setObjectName(u"alignNoJudge"_s);
    m_noJudge->setWordWrap(true);
    m_noJudge->setTextFormat(Qt::PlainText);
    QFont emphasis = m_noJudge->font(); // the one thing that differs from a judged project
    emphasis.setBold(true);
    m_noJudge->setFont(emphasis);
    m_noJudge->hide();
    m_export->setObjectName(u"alignExport"_s);
    m_summary->setObjectName(u"alignSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);

    m_subset->setToolTip(tr("Every rated item, or only the items of a saved annotation sample"));
    // A study names the run it is compared with: choosing the study chooses that run too
    // (before the recompute the change asks for, so that one computation follows).
    connect(m_subset, &QComboBox::currentIndexChanged, this, [this] {
        const RowId run = m_studyRuns.value(m_subset->currentData().toString());
        const int at = run ? m_judge->findData(u"run:%1"_s.arg(run)) : -1;
        if (m_filling || at < 0)
            return;
        const QSignalBlocker block(m_judge);
        m_judge->setCurrentIndex(at);
    });
    for (QComboBox *box : {m_benchmark, m_judge, m_against, m_collapse, m_level, m_breakdown,
                           m_filterValue, m_subset}) {
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            if (!m_filling)
                recompute();
        });
    }
    connect(m_benchmark, &QComboBox::currentIndexChanged, this, [this] {
        if (!m_filling)
            fillChoices();
    });
    connect(m_filterAttribute, &QComboBox::currentIndexChanged, this, [this] {
        fillFilterValues();
        if (!m_filling)
            recompute();
    });
    connect(m_intervals, &QCheckBox::toggled, this, &AlignmentDashboard::recompute);
    connect(m_annotatorsOnly, &QCheckBox::toggled, this, [this] {
        updateJudgeControls();
        if (!m_filling)
            recompute();
    });
    connect(m_seed, &QSpinBox::editingFinished, this, &AlignmentDashboard::recompute);
    connect(m_export, &QPushButton::clicked, this, &AlignmentDashboard::chooseExport);

    const AlignmentReport empty;
    m_confusion = createChartWidget(confusionChart(empty), this);
    m_breakdownChart = createChartWidget(breakdownChart(empty, BreakdownStatistic::Kappa), this);
    m_levels = createChartWidget(alphaLevelsChart(empty), this);
    m_pairs = createChartWidget(annotatorPairsChart(empty), this);
    // Lower than a chart's usual least height, to leave the tables their rows in a window of
    // the default size; the charts take the room a taller window gives.
    for (QWidget *chart : {m_confusion, m_breakdownChart, m_levels, m_pairs})
        chart->setMinimumHeight(140);

    m_comparisonsView = makeReadOnlyTable(m_comparisons, this, u"alignComparisons"_s);
    // Every column as wide as its contents, as on the leaderboards: the last one stretched
    // set the α apart from the other estimates.
    m_comparisonsView->horizontalHeader()->setStretchLastSection(false);
    // Room for the usual comparisons (judge vs majority, vs each of two people, person vs
    // person) above the Judge Runs dock, which left two rows.
    constexpr int ComparisonRows = 4;
    m_comparisonsView->setMinimumHeight(m_comparisonsView->horizontalHeader()->sizeHint().height()
                                        + m_comparisonsView->verticalHeader()->defaultSectionSize()
                                            * ComparisonRows
                                        + 2 * m_comparisonsView->frameWidth());
    m_disagreementsView = makeReadOnlyTable(m_disagreements, this, u"alignDisagreements"_s);
    m_disagreementsView->setToolTip(tr("Double-click (or Enter) opens the report at the rubric"));
    // The rubric takes the room that is left and elides the rest (its tooltip has it whole).
    m_disagreementsView->horizontalHeader()->setStretchLastSection(false);
    m_disagreementsView->horizontalHeader()->setSectionResizeMode(DisagreementsModel::Rubric,
                                                                  QHeaderView::Stretch);
    const auto open = [this](const QModelIndex &index) {
        emit openRubric(index.data(DisagreementsModel::ReportIdRole).toLongLong(),
                        index.data(DisagreementsModel::RubricIdRole).toLongLong());
    };
    connect(m_disagreementsView, &QTableView::activated, this, open);
    m_adjudicate->setObjectName(u"actionAdjudicate"_s);
    m_adjudicate->setStatusTip(tr("Every annotator's label and note and the judge's verdict side "
                                  "by side, and the gold label"));
    connect(m_adjudicate, &QAction::triggered, this, &AlignmentDashboard::adjudicateDisagreements);
    m_disagreementsView->addAction(m_adjudicate);
    m_disagreementsView->setContextMenuPolicy(Qt::ActionsContextMenu);
    auto *adjudicateButton = new QToolButton(this);
    adjudicateButton->setObjectName(u"alignAdjudicate"_s);
    adjudicateButton->setDefaultAction(m_adjudicate);

    auto *controls = new QGridLayout;
    controls->setHorizontalSpacing(6);
    const auto addPair = [this, controls](int row, int column, const QString &label, QWidget *w) {
        auto *l = new QLabel(label, this);
        l->setBuddy(w);
        controls->addWidget(l, row, column * 2, Qt::AlignRight);
        controls->addWidget(w, row, column * 2 + 1);
    };
    addPair(0, 0, tr("&Benchmark:"), m_benchmark);
    addPair(0, 1, tr("&Judge:"), m_judge);
    addPair(0, 2, tr("&Against:"), m_against);
    addPair(0, 3, tr("&Labels:"), m_collapse);
    addPair(1, 0, tr("α &level:"), m_level);
    addPair(1, 1, tr("B&reakdown:"), m_breakdown);
    addPair(2, 0, tr("&Compare with:"), m_compareWith);
    addPair(2, 1, tr("Pro&venance:"), m_labelFilter);
    auto *filter = new QHBoxLayout;
    filter->addWidget(m_filterAttribute);
    filter->addWidget(m_filterValue);
    auto *filterBox = new QWidget(this);
    filterBox->setLayout(filter);
    filter->setContentsMargins(0, 0, 0, 0);
    filter->addWidget(m_subset);
    addPair(1, 2, tr("&Filter:"), filterBox);
    auto *right = new QHBoxLayout;
    right->addWidget(m_annotatorsOnly);
    right->addWidget(m_intervals);
    right->addWidget(m_seed);
    right->addWidget(m_export);
    right->addWidget(adjudicateButton);
    right->addStretch(1);
    // On the third row, which has room: on the second they widened the Labels column and
    // squeezed the first row's boxes.
    controls->addLayout(right, 2, 4, 1, 4);
    controls->setColumnStretch(8, 1);

    auto *charts = new QWidget(this);
    auto *grid = new QGridLayout(charts);
    grid->setContentsMargins(0, 0, 0, 0);
    grid->addWidget(m_confusion, 0, 0);
    grid->addWidget(m_breakdownChart, 0, 1);
    grid->addWidget(m_levels, 1, 0);
    grid->addWidget(m_pairs, 1, 1);
    grid->setColumnStretch(1, 2);
    grid->setColumnStretch(0, 1);

    auto *tables = new QTabWidget(this);
    tables->setObjectName(u"alignTables"_s);
    tables->addTab(m_comparisonsView, tr("Comparisons"));
    tables->addTab(m_disagreementsView, tr("Disagreements"));

    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(charts);
    split->addWidget(tables);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(8, 8, 8, 8);
    layout->addLayout(controls);
    layout->addWidget(m_noJudge);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
    m_summary->setText(tr("Open a project to see how far judge and people agree."));
}

void AlignmentDashboard::load()
{
    const quint64 request = ++m_rowsRequest;
    ++m_pending;
    const QString path = projectPath();
    const LabelFilter labels = chosenLabelFilter();
    runInBackground(
        this,
        [path, labels] {
            Loaded out;
            out.labels = labels;
            if (auto store = ProjectStore::open(path)) {
                out.rows = store->annotations().ratingRows({}, labels);
                out.rubricTexts = store->catalog().rubricTexts();
                out.goldRows = store->annotations().goldRatingRows();
                for (const QString &sample : store->annotations().samples().value_or({})) {
                    auto &items = out.samples[sample];
                    for (const Assignment &a :
                         store->annotations().assignments(sample).value_or({}))
                        items.insert({a.reportId, a.rubricId});
                }
                for (const Study &study : store->annotations().studies().value_or({}))
                    out.studyRuns.insert(study.name, study.runId);
            } else {
                out.error = store.errorMessage();
            }
            return out;
        },
        [this, request](const Loaded &out) {
            --m_pending;
            if (request != m_rowsRequest)
                return;
            m_rows = out.rows;
            m_rowsLabels = out.labels;
            m_samples = out.samples;
            m_studyRuns = out.studyRuns;
            m_rubricTexts = out.rubricTexts;
            m_goldRows = out.goldRows;
            if (!out.error.isEmpty())
                m_summary->setText(out.error);
            fillChoices();
        });
}

void AlignmentDashboard::fillChoices()
{
    m_filling = true;
    QStringList benchmarks;
    for (const RatingRow &r : std::as_const(m_rows)) {
        if (!benchmarks.contains(r.benchmarkKey))
            benchmarks.append(r.benchmarkKey);
    }
    const QString keptBenchmark = m_benchmark->currentData().toString();
    if (QStringList(benchmarks) != [this] {
            QStringList items;
            for (int i = 0; i < m_benchmark->count(); ++i)
                items << m_benchmark->itemData(i).toString();
            return items;
        }()) {
        m_benchmark->clear();
        for (const QString &key : std::as_const(benchmarks))
            m_benchmark->addItem(CoreText::benchmarkName(key), key);
        m_benchmark->setCurrentIndex(std::max(0, m_benchmark->findData(keptBenchmark)));
    }
    const QString benchmark = m_benchmark->currentData().toString();
    const QString keptJudge = m_judge->currentData().toString();
    const QString keptAgainst = m_against->currentData().toString();
    m_judge->clear();
    m_against->clear();
    QHash<QString, QString> names;
    for (const RatingRow &r : std::as_const(m_rows))
        names.insert(r.rater, r.raterName);
    for (const QString &j : ratersOf(m_rows, benchmark, true))
        m_judge->addItem(names.value(j), j);
    m_against->addItem(tr("human majority"), HumanMajority);
    for (const QString &h : ratersOf(m_rows, benchmark, false))
        m_against->addItem(names.value(h), h);
    const QString keptSubset = m_subset->currentData().toString();
    m_subset->clear();
    m_subset->addItem(tr("all items"), QString());
    QStringList samples = m_samples.keys();
    samples.sort();
    for (const QString &name : std::as_const(samples))
        m_subset->addItem(tr("sample “%1”").arg(name), name);
    m_subset->setCurrentIndex(std::max(0, m_subset->findData(keptSubset)));
    m_subset->setVisible(!samples.isEmpty());
    m_judge->setCurrentIndex(std::max(0, m_judge->findData(keptJudge)));
    m_against->setCurrentIndex(std::max(0, m_against->findData(keptAgainst)));
    updateJudgeControls();
    fillFilterValues();
    m_filling = false;
    recompute();
}

void AlignmentDashboard::fillFilterValues()
{
    const bool wasFilling = std::exchange(m_filling, true);
    const QString kept = m_filterValue->currentData().toString();
    m_filterValue->clear();
    const auto attribute = ratingAttributeFromKey(m_filterAttribute->currentData().toString());
    m_filterValue->setEnabled(attribute.has_value());
    if (attribute) {
        QSet<QString> values;
        for (const RatingRow &r : std::as_const(m_rows)) {
            if (r.benchmarkKey == m_benchmark->currentData().toString())
                values.insert(ratingAttributeValue(r, *attribute));
        }
        QStringList sorted(values.cbegin(), values.cend());
        sorted.sort();
        for (const QString &v : std::as_const(sorted))
            m_filterValue->addItem(v.isEmpty() ? u"—"_s : v, v);
        m_filterValue->setCurrentIndex(std::max(0, m_filterValue->findData(kept)));
    }
    m_filling = wasFilling;
}

AlignmentOptions AlignmentDashboard::options() const
{
    AlignmentOptions o;
    o.benchmarkKey = m_benchmark->currentData().toString();
    o.judge = m_judge->currentData().toString();
    o.human = againstGold() ? GoldRater : m_against->currentData().toString();
    if (m_collapse->currentData().toInt() < 0) {
        // The benchmark's own documented binary reading.
        o.collapse = o.benchmarkKey == "researchrubrics"_L1 ? LabelCollapse::ResearchRubricsBinary
                                                            : LabelCollapse::Drb2Binary;
    }
    o.level = AlphaLevel(m_level->currentData().toInt());
    o.breakdown = RatingAttribute(m_breakdown->currentData().toInt());
    if (const auto a = ratingAttributeFromKey(m_filterAttribute->currentData().toString());
        a && m_filterValue->currentIndex() >= 0)
        o.filters.insert(*a, m_filterValue->currentData().toString());
    if (const QString sample = m_subset->currentData().toString(); !sample.isEmpty()) {
        o.subset = m_samples.value(sample);
        if (o.subset.isEmpty()) // a sample of no items: nothing passes, not everything
            o.subset.insert({0, 0});
    }
    // What the rows were read with: while the rows of a newly chosen filter are read, the
    // report on the rows at hand still says which labels they hold.
    o.labels = m_rowsLabels;
    o.annotatorsOnly = m_annotatorsOnly->isChecked();
    o.intervals = m_intervals->isChecked();
    o.bootstrap.seed = quint32(m_seed->value());
    o.bootstrap.parallel = false; // the dashboard's own pool; the global one loads reports
    return o;
}

// Without a judge run the judge controls have nothing to choose, and "Annotators only" is
// what the page shows anyway.
void AlignmentDashboard::updateJudgeControls()
{
    const bool hasJudge = m_judge->count() > 0;
    m_annotatorsOnly->setEnabled(hasJudge);
    const bool judged = hasJudge && !m_annotatorsOnly->isChecked();
    m_judge->setEnabled(judged);
    m_against->setEnabled(judged && !againstGold()); // gold takes the annotators' place
    m_compareWith->setEnabled(judged);
    m_breakdown->setEnabled(judged);
}

void AlignmentDashboard::recompute()
{
    if (m_rows.isEmpty()) {
        m_report = {};
        m_report.error = m_rowsLabels.isEmpty()
            ? tr("This project has no ratings yet: run a judge and label some rubrics.")
            : tr("No judge run has rated this project's items and no annotator's current label "
                 "passes the provenance filter.");
        showReport();
        return;
    }
    const quint64 request = ++m_reportRequest;
    ++m_pending;
    m_summary->setText(tr("Computing…"));
    const AlignmentOptions o = options();
    const QList<RatingRow> rows = againstGold() ? m_rows + m_goldRows : m_rows;
    runInBackground(
        pool(), this, [rows, o] { return computeAlignment(rows, o); },
        [this, request](const AlignmentReport &report) {
            --m_pending;
            if (request != m_reportRequest)
                return;
            m_report = report;
            showReport();
        });
}

void AlignmentDashboard::showReport()
{
    m_comparisons->setComparisons(m_report.comparisons);
    m_disagreements->setDisagreements(m_report.disagreements, m_rubricTexts);
    updateChartWidget(m_confusion, confusionChart(m_report));
    updateChartWidget(m_breakdownChart, breakdownChart(m_report, BreakdownStatistic::Kappa));
    updateChartWidget(m_levels, alphaLevelsChart(m_report));
    updateChartWidget(m_pairs, annotatorPairsChart(m_report));
    m_export->setEnabled(m_report.error.isEmpty());
    m_adjudicate->setEnabled(!m_report.disagreements.isEmpty());
    // The charts of a judge against people have nothing to show among people alone.
    const bool peopleOnly = m_report.error.isEmpty() && m_report.annotatorsOnly;
    m_confusion->setVisible(!peopleOnly);
    m_breakdownChart->setVisible(!peopleOnly);
    m_noJudge->setVisible(peopleOnly);
    if (!m_report.error.isEmpty()) {
        m_summary->setText(m_report.error);
        emit reportReady();
        return;
    }
    if (peopleOnly) {
        m_noJudge->setText(m_report.options.annotatorsOnly
                               ? tr("Annotators only: no judge run is compared.")
                               : tr("No judge run has rated these items, so no judge run is "
                                    "compared: the annotators are compared among themselves."));
        m_summary->setText(annotatorsSummary());
        emit reportReady();
        return;
    }
    QString text;
    if (const Comparison *main = m_report.mainComparison()) {
        text = tr("%1 vs %2 on %n item(s): agreement %3, κ %4, Macro-F1 %5, α %6.", nullptr,
                  int(main->n))
                   .arg(CoreText::raterName(main->raterA, main->nameA),
                        CoreText::raterName(main->raterB, main->nameB), estimateText(main->percent),
                        estimateText(main->kappa), estimateText(main->macroF1),
                        estimateText(main->alpha));
    } else if (againstGold() && !m_report.hasGold) {
        text = tr("Nobody has adjudicated these items yet: record gold labels in View → "
                  "Adjudication.");
    } else {
        text = tr("No person has labelled these items yet: only judge runs are compared.");
    }
    text += u" "_s
        + tr("%n annotator(s); all annotators α %1, Fleiss' κ %2.", nullptr,
             int(m_report.annotators.size()))
              .arg(estimateText(m_report.annotatorsAlpha), estimateText(m_report.annotatorsFleiss));
    if (m_report.majorityTies > 0)
        text += u" "_s
            + tr("%n item(s) where annotators tied have no majority.", nullptr,
                 m_report.majorityTies);
    if (m_report.judgeErrors > 0)
        text += u" "_s
            + tr("%n judge error(s) left out (errors are never verdicts).", nullptr,
                 m_report.judgeErrors);
    m_summary->setText(text);
    emit reportReady();
}

LabelFilter AlignmentDashboard::chosenLabelFilter() const
{
    return labelFilterChoices().value(m_labelFilter->currentIndex());
}

bool AlignmentDashboard::againstGold() const
{
    // Among the annotators alone there is no judge to compare with gold.
    return !m_annotatorsOnly->isChecked() && m_compareWith->currentData().toString() == GoldRater;
}

} // namespace Rubricate
