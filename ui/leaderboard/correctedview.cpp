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
            out.studies = store->annotations().studies().value_or({});
            out.annotators = store->annotations().annotators().value_or({});
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
