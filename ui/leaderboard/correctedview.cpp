#include "leaderboard/correctedview.h"

#include "common/readonlytable.h"
#include "exchange/correctedexport.h"
#include "readers/correctedproject.h"
#include "services/background.h"
#include "services/coretext.h"
#include "store/projectstore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QCoreApplication>
#include <QFileDialog>
#include <QFont>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QSaveFile>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

#include <algorithm>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

constexpr int Decimals = 3;

QString number(double value)
{
    return QLocale().toString(value, 'f', Decimals);
}

// A reason in a few words, for a cell; the tooltip gives it in full (CoreText::reason).
QString shortReason(const QString &reason)
{
    static const std::pair<QString (*)(), const char *> reasons[] = {
        {&UndefinedReason::noLabelledItems,
         QT_TRANSLATE_NOOP("Rubricate::CorrectedView", "no labels")},
        {&UndefinedReason::noJudgedItems,
         QT_TRANSLATE_NOOP("Rubricate::CorrectedView", "nothing judged")},
        {&UndefinedReason::noUnlabelledItems,
         QT_TRANSLATE_NOOP("Rubricate::CorrectedView", "every judged item labelled")},
        {&UndefinedReason::singleLabelledItem,
         QT_TRANSLATE_NOOP("Rubricate::CorrectedView", "one label")},
        {&UndefinedReason::noVariation,
         QT_TRANSLATE_NOOP("Rubricate::CorrectedView", "labels all the same")},
    };
    for (const auto &[english, source] : reasons) {
        if (reason == english())
            return CorrectedView::tr(source);
    }
    return CoreText::reason(reason);
}

QString undefinedText(const QString &reason)
{
    return CorrectedView::tr("undefined: %1").arg(shortReason(reason));
}

// "0.812 [0.701, 0.923]"; a value without an interval and an undefined value say why.
QString estimateText(const PpiEstimate &e)
{
    if (!e.isDefined())
        return undefinedText(e.undefinedReason);
    if (!e.hasInterval())
        return CorrectedView::tr("%1 (no interval: %2)")
            .arg(number(*e.value), shortReason(e.undefinedReason));
    return CorrectedView::tr("%1 [%2, %3]")
        .arg(number(*e.value), number(*e.lower), number(*e.upper));
}

QVariant estimateValue(const PpiEstimate &e)
{
    return e.value ? QVariant(*e.value) : QVariant();
}

QVariant alignment(bool defined)
{
    return int(defined ? Qt::AlignRight | Qt::AlignVCenter : Qt::AlignLeft | Qt::AlignVCenter);
}

// Whether `a` lies wholly above `b`: a difference the intervals can tell.
bool above(const PpiEstimate &a, const PpiEstimate &b)
{
    return *a.lower > *b.upper;
}

} // namespace

namespace {

// Why the cell of `column` has no value or no interval; empty when it has both.
QString reasonOf(const CorrectedModelScore &s, int column)
{
    switch (column) {
    case CorrectedScoresModel::RankColumn:
    case CorrectedScoresModel::CorrectedColumn:
        return s.corrected.undefinedReason;
    case CorrectedScoresModel::PeopleColumn:
        return s.peopleOnly.undefinedReason;
    case CorrectedScoresModel::JudgeColumn:
        return s.judgeOnly.value ? QString() : s.judgeOnly.undefinedReason;
    case CorrectedScoresModel::EffectiveColumn:
        if (s.effectiveSampleSize)
            return {};
        return s.corrected.hasInterval() ? s.peopleOnly.undefinedReason
                                         : s.corrected.undefinedReason;
    default:
        return {};
    }
}

} // namespace

QStringList correctedRanks(const QList<CorrectedModelScore> &scores)
{
    QStringList out;
    for (const CorrectedModelScore &row : scores) {
        if (!row.corrected.hasInterval()) {
            out << QString();
            continue;
        }
        int better = 0;
        bool tied = false;
        for (const CorrectedModelScore &other : scores) {
            if (&other == &row || other.dimension != row.dimension
                || !other.corrected.hasInterval())
                continue;
            if (above(other.corrected, row.corrected))
                ++better;
            else if (!above(row.corrected, other.corrected))
                tied = true;
        }
        out << (tied ? u"="_s : QString()) + QString::number(better + 1);
    }
    return out;
}

CorrectedScoresModel::CorrectedScoresModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void CorrectedScoresModel::setScores(const QList<CorrectedModelScore> &scores)
{
    const QStringList ranks = correctedRanks(scores);
    QList<Row> rows;
    for (qsizetype i = 0; i < scores.size(); ++i)
        rows.append({scores.at(i), ranks.at(i)});
    // Best first within a dimension, as a leaderboard reads; undefined last.
    std::stable_sort(rows.begin(), rows.end(), [](const Row &a, const Row &b) {
        if (a.score.dimension != b.score.dimension)
            return a.score.dimension < b.score.dimension;
        const std::optional<double> &x = a.score.corrected.value;
        const std::optional<double> &y = b.score.corrected.value;
        if (x.has_value() != y.has_value())
            return x.has_value();
        return x && *x > *y;
    });
    beginResetModel();
    m_rows = rows;
    endResetModel();
}

int CorrectedScoresModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CorrectedScoresModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CorrectedScoresModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const Row &row = m_rows.at(index.row());
    const CorrectedModelScore &s = row.score;
    if (role == Qt::ToolTipRole) {
        // The cell says it in a few words; the tooltip in full.
        if (const QString why = reasonOf(s, index.column()); !why.isEmpty())
            return CoreText::reason(why);
    }
    const bool display = role == Qt::DisplayRole || role == Qt::ToolTipRole;
    switch (index.column()) {
    case ModelColumn:
        return display || role == ValueRole ? QVariant(s.model) : QVariant();
    case DimensionColumn:
        return display || role == ValueRole ? QVariant(s.dimension) : QVariant();
    case RankColumn:
        if (display)
            return row.rank.isEmpty() ? undefinedText(s.corrected.undefinedReason) : row.rank;
        if (role == Qt::TextAlignmentRole)
            return alignment(!row.rank.isEmpty());
        return {};
    case JudgeColumn:
        if (role == Qt::DisplayRole)
            return s.judgeOnly.value ? number(*s.judgeOnly.value)
                                     : undefinedText(s.judgeOnly.undefinedReason);
        if (role == ValueRole)
            return estimateValue(s.judgeOnly);
        if (role == Qt::ToolTipRole && s.judgeOnly.hasInterval())
            return tr("The judge's mean over all %n judged item(s); its interval, %1, ignores "
                      "the judge's errors",
                      nullptr, int(s.judged))
                .arg(estimateText(s.judgeOnly));
        break;
    case CorrectedColumn:
        if (display)
            return estimateText(s.corrected);
        if (role == ValueRole)
            return estimateValue(s.corrected);
        if (role == Qt::FontRole) {
            QFont bold;
            bold.setBold(true);
            return bold;
        }
        break;
    case PeopleColumn:
        if (display)
            return estimateText(s.peopleOnly);
        if (role == ValueRole)
            return estimateValue(s.peopleOnly);
        break;
    case LabelledColumn:
        if (role == Qt::DisplayRole || role == ValueRole)
            return qlonglong(s.labelled);
        if (role == Qt::ToolTipRole && s.goldTies > 0)
            return tr("%n item(s) whose annotators tied have no majority and count as not "
                      "labelled",
                      nullptr, s.goldTies);
        break;
    case JudgedColumn:
        if (role == Qt::DisplayRole || role == ValueRole)
            return qlonglong(s.judged);
        break;
    case EffectiveColumn:
        if (role == ValueRole)
            return s.effectiveSampleSize ? QVariant(*s.effectiveSampleSize) : QVariant();
        if (display) {
            if (s.effectiveSampleSize)
                return QLocale().toString(*s.effectiveSampleSize, 'f', 1);
            // Without both intervals: the reason of the one missing.
            return undefinedText(s.corrected.hasInterval() ? s.peopleOnly.undefinedReason
                                                           : s.corrected.undefinedReason);
        }
        break;
    default:
        break;
    }
    if (role == Qt::TextAlignmentRole && index.column() >= JudgeColumn) {
        const QVariant value = data(index, ValueRole);
        return alignment(value.isValid());
    }
    return {};
}

QVariant CorrectedScoresModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || section < 0 || section >= ColumnCount)
        return {};
    if (role == Qt::DisplayRole) {
        switch (section) {
        case ModelColumn:
            return tr("Model");
        case DimensionColumn:
            return tr("Dimension");
        case RankColumn:
            return tr("Rank");
        case JudgeColumn:
            return tr("Judge only");
        case CorrectedColumn:
            return tr("PPI++ [95 % CI]");
        case PeopleColumn:
            return tr("People only [95 % CI]");
        case LabelledColumn:
            return tr("n labelled");
        case JudgedColumn:
            return tr("N judged");
        case EffectiveColumn:
            return tr("n_eff");
        default:
            return {};
        }
    }
    if (role == Qt::ToolTipRole) {
        switch (section) {
        case RankColumn:
            return tr("By the PPI++ intervals, among the models that have one: “=2” shares "
                      "second place with every model whose interval overlaps");
        case CorrectedColumn:
            return tr("The judge's mean corrected by its errors on the labelled items "
                      "(prediction-powered inference, PPI++)");
        case PeopleColumn:
            return tr("The mean of the people's labels alone");
        case EffectiveColumn:
            return tr("How many labelled items the people-only estimate would need for the "
                      "PPI++ precision");
        default:
            return {};
        }
    }
    return {};
}

CorrectedPairsModel::CorrectedPairsModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

void CorrectedPairsModel::setDifferences(const QList<CorrectedDifference> &differences)
{
    beginResetModel();
    m_rows = differences;
    endResetModel();
}

int CorrectedPairsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int CorrectedPairsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant CorrectedPairsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const CorrectedDifference &d = m_rows.at(index.row());
    if (role == Qt::TextAlignmentRole && index.column() == DifferenceColumn)
        return alignment(d.difference.isDefined());
    if (role == Qt::ToolTipRole && index.column() >= DifferenceColumn
        && !d.difference.undefinedReason.isEmpty())
        return CoreText::reason(d.difference.undefinedReason);
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    switch (index.column()) {
    case ModelAColumn:
        return d.modelA;
    case ModelBColumn:
        return d.modelB;
    case DimensionColumn:
        return d.dimension;
    case DifferenceColumn:
        return estimateText(d.difference);
    case VerdictColumn: {
        const std::optional<int> verdict = d.verdict();
        if (!verdict)
            return undefinedText(d.difference.undefinedReason);
        if (*verdict == 0)
            return tr("tie: the interval holds 0");
        return tr("%1 is better").arg(*verdict > 0 ? d.modelA : d.modelB);
    }
    default:
        return {};
    }
}

QVariant CorrectedPairsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case ModelAColumn:
        return tr("Model A");
    case ModelBColumn:
        return tr("Model B");
    case DimensionColumn:
        return tr("Dimension");
    case DifferenceColumn:
        return tr("PPI++ A − B [95 % CI]");
    case VerdictColumn:
        return tr("A better than B?");
    default:
        return {};
    }
}

struct CorrectedView::Loaded {
    QList<Study> studies;
    QString study;
    QList<Annotator> annotators;
    QString gold;
    CorrectedScores scores;
    QList<CorrectedDifference> pairs;
    QString error;
};

CorrectedView::CorrectedView(QWidget *parent)
    : QWidget(parent)
    , m_study(new QComboBox(this))
    , m_gold(new QComboBox(this))
    , m_perDimension(new QCheckBox(tr("Per &dimension"), this))
    , m_summary(new QLabel(this))
    , m_export(new QPushButton(tr("&Export Tables…"), this))
    , m_exportStatus(new QLabel(this))
    , m_scoresModel(new CorrectedScoresModel(this))
    , m_pairsModel(new CorrectedPairsModel(this))
    , m_scoresView(makeReadOnlyTable(m_scoresModel, this, u"correctedScores"_s))
    , m_pairsView(makeReadOnlyTable(m_pairsModel, this, u"correctedPairs"_s))
{
    m_study->setObjectName(u"correctedStudy"_s);
    m_study->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_study->setToolTip(tr("The study whose labels are the hand-labelled sample"));
    m_gold->setObjectName(u"correctedGold"_s);
    m_gold->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    m_gold->setToolTip(tr("What counts as the true outcome of a labelled item"));
    m_perDimension->setObjectName(u"correctedPerDimension"_s);
    m_summary->setObjectName(u"correctedSummary"_s);
    m_summary->setWordWrap(true);
    m_summary->setTextFormat(Qt::PlainText);

    for (QComboBox *box : {m_study, m_gold}) {
        connect(box, &QComboBox::currentIndexChanged, this, [this] {
            if (!m_filling)
                load();
        });
    }
    connect(m_perDimension, &QCheckBox::toggled, this, &CorrectedView::load);
    m_export->setObjectName(u"correctedExport"_s);
    m_export->setToolTip(tr("Writes the corrected and the pairwise tables as CSV, JSON or a "
                            "LaTeX table, as rubricate-cli score … --corrected writes them"));
    m_export->setEnabled(false);
    m_exportStatus->setObjectName(u"correctedExportStatus"_s);
    m_exportStatus->setTextFormat(Qt::PlainText);
    connect(m_export, &QPushButton::clicked, this, &CorrectedView::chooseExport);
    connect(this, &CorrectedView::exported, this,
            [this](const QStringList &files, const QString &error) {
                m_exportStatus->setText(
                    error.isEmpty() ? tr("Wrote %1").arg(QLocale().createSeparatedList(files))
                                    : tr("Not written: %1").arg(error));
            });

    auto *studyLabel = new QLabel(tr("&Study:"), this);
    studyLabel->setBuddy(m_study);
    auto *goldLabel = new QLabel(tr("&Gold:"), this);
    goldLabel->setBuddy(m_gold);
    auto *controls = new QHBoxLayout;
    controls->addWidget(studyLabel);
    controls->addWidget(m_study);
    controls->addSpacing(12);
    controls->addWidget(goldLabel);
    controls->addWidget(m_gold);
    controls->addSpacing(12);
    controls->addWidget(m_perDimension);
    controls->addStretch(1);
    controls->addWidget(m_exportStatus);
    controls->addWidget(m_export);

    auto *pairs = new QWidget(this);
    auto *pairsLayout = new QVBoxLayout(pairs);
    pairsLayout->setContentsMargins(0, 0, 0, 0);
    pairsLayout->addWidget(new QLabel(tr("Is model A better than model B?"), pairs));
    pairsLayout->addWidget(m_pairsView, 1);
    auto *split = new QSplitter(Qt::Vertical, this);
    split->addWidget(m_scoresView);
    split->addWidget(pairs);
    split->setChildrenCollapsible(false);

    auto *layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 4, 0, 0);
    layout->addLayout(controls);
    layout->addWidget(m_summary);
    layout->addWidget(split, 1);
}

void CorrectedView::setSource(const QString &projectPath, const QString &benchmarkKey,
                              QThreadPool *pool)
{
    m_projectPath = projectPath;
    m_benchmarkKey = benchmarkKey;
    m_pool = pool;
}

void CorrectedView::load()
{
    if (m_projectPath.isEmpty() || !m_pool)
        return;
    const quint64 request = ++m_request;
    ++m_pending;
    m_summary->setText(tr("Computing…"));
    const QString path = m_projectPath;
    const QString wantedStudy = m_study->currentData().toString();
    CorrectedScoreOptions options;
    options.benchmarkKey = m_benchmarkKey;
    if (m_gold->count() > 0)
        options.gold = m_gold->currentData().toString();
    options.perDimension = m_perDimension->isChecked();
    runInBackground(
        m_pool, this,
        [path, wantedStudy, options] {
            Loaded out;
            const auto store = ProjectStore::open(path);
            if (!store) {
                out.error = store.errorMessage();
                return out;
            }
            out.studies = store->annotations().studies();
            out.annotators = store->annotations().annotators();
            out.gold = options.gold;
            if (out.studies.isEmpty()) {
                out.error = tr("Corrected scores need a study: sample items to label (Agreement "
                               "page), label them, and the study's labels correct the judge.");
                return out;
            }
            const bool known = std::any_of(out.studies.cbegin(), out.studies.cend(),
                                           [&](const Study &s) { return s.name == wantedStudy; });
            // The newest study by default: the one most likely being labelled.
            out.study = known ? wantedStudy : out.studies.constLast().name;
            out.scores = readCorrectedScores(*store, out.study, options);
            out.pairs = pairwiseDifferences(out.scores, options.confidence);
            return out;
        },
        [this, request](const Loaded &out) {
            --m_pending;
            if (request == m_request)
                apply(out);
        });
}

void CorrectedView::apply(const Loaded &loaded)
{
    m_filling = true;
    m_study->clear();
    for (const Study &s : loaded.studies)
        m_study->addItem(s.name, s.name);
    m_study->setCurrentIndex(std::max(0, m_study->findData(loaded.study)));
    m_gold->clear();
    m_gold->addItem(tr("Human majority"), HumanMajority);
    m_gold->addItem(tr("Adjudicated gold"), GoldRater);
    for (const Annotator &a : loaded.annotators)
        m_gold->addItem(tr("Annotator %1").arg(a.name), QString(u"human:"_s + a.id));
    m_gold->setCurrentIndex(std::max(0, m_gold->findData(loaded.gold)));
    m_filling = false;

    m_scores = loaded.scores;
    m_scoresModel->setScores(loaded.scores.models);
    m_pairsModel->setDifferences(loaded.pairs);
    const bool perDimension = m_perDimension->isChecked();
    m_scoresView->setColumnHidden(CorrectedScoresModel::DimensionColumn, !perDimension);
    m_pairsView->setColumnHidden(CorrectedPairsModel::DimensionColumn, !perDimension);

    const QString error = loaded.error.isEmpty() ? loaded.scores.error : loaded.error;
    m_export->setEnabled(error.isEmpty() && !loaded.scores.models.isEmpty());
    if (!error.isEmpty()) {
        m_summary->setText(error);
    } else {
        int ties = 0;
        for (const CorrectedModelScore &m : loaded.scores.models)
            ties += m.goldTies;
        QString text
            = tr("Study “%1”, judge run “%2”, gold: %3. PPI++ corrects the judge's score by "
                 "its errors on the labelled items; 95 % normal intervals. Ranks whose "
                 "intervals overlap are ties (“=”). A value that cannot be computed "
                 "says why: the judge's score never stands in for it.")
                  .arg(loaded.study, loaded.scores.judgeName,
                       CoreText::raterName(loaded.scores.gold, m_gold->currentText()));
        if (ties > 0)
            text += u' '
                + tr("%n item(s) whose annotators tied have no majority and count as not "
                     "labelled.",
                     nullptr, ties);
        m_summary->setText(text);
    }
    emit ready();
}

void CorrectedView::chooseExport()
{
    auto *chooser = new QFileDialog(this, tr("Export the corrected leaderboard"));
    chooser->setAttribute(Qt::WA_DeleteOnClose);
    chooser->setAcceptMode(QFileDialog::AcceptSave);
    chooser->setNameFilters({tr("CSV, with the pairwise table beside it (*.csv)"),
                             tr("JSON (*.json)"), tr("LaTeX table (*.tex)")});
    chooser->setDefaultSuffix(u"csv"_s);
    connect(chooser, &QFileDialog::filterSelected, chooser, [chooser](const QString &filter) {
        // The suffix of the chosen filter, "(*.json)" → "json", so that a bare name gets it.
        const qsizetype dot = filter.lastIndexOf(u"*."_s);
        chooser->setDefaultSuffix(filter.mid(dot + 2).chopped(1));
    });
    connect(chooser, &QFileDialog::fileSelected, this, &CorrectedView::exportTo);
    chooser->open();
}

void CorrectedView::exportTo(const QString &file)
{
    using namespace CorrectedExport;
    const std::optional<CorrectedFormat> format = correctedFormatOf(file);
    if (!format) {
        emit exported({}, tr("%1 is not a .csv, .json or .tex file").arg(file));
        return;
    }
    // The tables as shown: the scores and pairs of the last computation.
    const QList<std::pair<QString, QByteArray>> files
        = correctedFiles(file, *format, m_scores, m_pairsModel->differences(),
                         QCoreApplication::applicationVersion());
    runInBackground(
        this,
        [files] {
            std::pair<QStringList, QString> out;
            for (const auto &[path, data] : files) {
                QSaveFile f(path);
                if (!f.open(QIODevice::WriteOnly) || f.write(data) != data.size() || !f.commit()) {
                    out.second = u"%1: %2"_s.arg(path, f.errorString());
                    return out;
                }
                out.first.append(path);
            }
            return out;
        },
        [this](const std::pair<QStringList, QString> &out) {
            emit exported(out.first, out.second);
        });
}

} // namespace Rubricate
