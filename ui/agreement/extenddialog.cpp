#include "agreement/extenddialog.h"

#include "readers/correctedproject.h"
#include "services/background.h"
#include "services/coretext.h"
#include "store/projectstore.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLocale>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

enum Column { ModelColumn, LabelledColumn, JudgedColumn, NowColumn, ThenColumn, ExtraColumn };

// The benchmark of the run the study compares with, that run, the human majority: as
// `rubricate-cli study plan` and `study extend` read a study without options.
CorrectedScoreOptions studyOptions()
{
    CorrectedScoreOptions options;
    options.benchmarkKey.clear();
    return options;
}

// `work(store)` on the project at `path`, on this thread; a result (CorrectedScores or
// SampleExtension) with the reason as its error when the project cannot be opened.
template<typename Outcome, typename Work>
Outcome onProject(const QString &path, Work work)
{
    const auto store = ProjectStore::open(path);
    if (!store) {
        Outcome none;
        none.error = store.errorMessage();
        return none;
    }
    return work(*store);
}

QString halfWidthText(const std::optional<double> &w)
{
    return w ? u"±"_s + QLocale().toString(*w, 'f', 3) : u"–"_s;
}

QTableWidgetItem *cell(const QString &text, bool number)
{
    auto *item = new QTableWidgetItem(text);
    item->setFlags(Qt::ItemIsEnabled | Qt::ItemIsSelectable);
    if (number)
        item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
    return item;
}

} // namespace

ExtendSampleDialog::ExtendSampleDialog(const QString &projectPath, const QStringList &studies,
                                       const QString &current, QWidget *parent)
    : QDialog(parent)
    , m_projectPath(projectPath)
    , m_study(new QComboBox(this))
    , m_halfWidth(new QDoubleSpinBox(this))
    , m_table(new QTableWidget(0, ExtraColumn + 1, this))
    , m_reasons(new QLabel(this))
    , m_summary(new QLabel(this))
    , m_buttons(new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this))
{
    setObjectName(u"extendSampleDialog"_s);
    setWindowTitle(tr("Extend the Study's Sample"));
    m_study->setObjectName(u"study"_s);
    m_study->addItems(studies);
    m_study->setCurrentText(current);
    m_halfWidth->setObjectName(u"halfWidth"_s);
    m_halfWidth->setDecimals(3);
    m_halfWidth->setRange(0.001, 1.0);
    m_halfWidth->setSingleStep(0.005);
    m_halfWidth->setValue(0.05);
    m_halfWidth->setPrefix(u"±"_s);
    m_halfWidth->setToolTip(tr("The half-width the PPI++ interval of each model's score should "
                               "shrink to, on the benchmark's score scale, at 95 %"));
    m_table->setObjectName(u"plan"_s);
    m_table->setHorizontalHeaderLabels(
        {tr("Model"), tr("Labelled"), tr("Judged"), tr("Now"), tr("Then"), tr("More labels")});
    m_table->verticalHeader()->hide();
    m_reasons->setObjectName(u"reasons"_s);
    m_reasons->setWordWrap(true);
    m_reasons->setTextFormat(Qt::PlainText);
    m_reasons->hide();
    m_summary->setObjectName(u"summary"_s);
    m_summary->setWordWrap(true);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Extend"));

    auto *form = new QFormLayout;
    form->addRow(tr("&Study:"), m_study);
    form->addRow(tr("Target &half-width:"), m_halfWidth);
    auto *layout = new QVBoxLayout(this);
    auto *explain = new QLabel(
        tr("Per model, how many more items people must label for the judge-corrected (PPI++) "
           "score's interval to shrink to the target, predicted from the labels so far. The "
           "items are drawn with the study's seed from the items the judge rated and the study "
           "has not sampled, and assigned to its annotators; nothing it has changes."),
        this);
    explain->setWordWrap(true);
    layout->addWidget(explain);
    layout->addLayout(form);
    layout->addWidget(m_table, 1);
    layout->addWidget(m_reasons);
    layout->addWidget(m_summary);
    layout->addWidget(m_buttons);
    resize(640, 400);

    connect(m_buttons, &QDialogButtonBox::accepted, this, &ExtendSampleDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &ExtendSampleDialog::reject);
    connect(m_study, &QComboBox::currentIndexChanged, this, &ExtendSampleDialog::loadScores);
    connect(m_halfWidth, &QDoubleSpinBox::valueChanged, this, &ExtendSampleDialog::replan);
    loadScores();
}

QString ExtendSampleDialog::study() const
{
    return m_study->currentText();
}

double ExtendSampleDialog::halfWidth() const
{
    return m_halfWidth->value();
}

void ExtendSampleDialog::loadScores()
{
    const quint64 ticket = ++m_request;
    m_loaded = false;
    m_saveError.clear();
    updateState();
    runInBackground(
        this,
        [path = m_projectPath, study = study()] {
            // Per model, not per dimension: a sample is extended per model.
            return onProject<CorrectedScores>(path, [&](ProjectStore &store) {
                return readCorrectedScores(store, study, studyOptions());
            });
        },
        [this, ticket](const CorrectedScores &scores) {
            if (ticket != m_request)
                return; // another study was chosen meanwhile
            m_scores = scores;
            m_loaded = true;
            replan();
            emit loaded();
        });
}

// The plan is pure arithmetic on the scores read: it follows the spin box at once.
void ExtendSampleDialog::replan()
{
    m_plan = m_loaded ? extensionPlan(m_scores, halfWidth()) : StudyExtensionPlan{};
    m_table->setRowCount(int(m_plan.models.size()));
    QStringList reasons; // why a model cannot reach the target, in full
    for (int r = 0; r < m_plan.models.size(); ++r) {
        const ModelPlan &m = m_plan.models.at(r);
        const QString extra = m.plan.extraItems ? QLocale().toString(qlonglong(*m.plan.extraItems))
                                                : tr("not reachable");
        m_table->setItem(r, ModelColumn, cell(m.model, false));
        m_table->setItem(r, LabelledColumn, cell(QLocale().toString(qlonglong(m.labelled)), true));
        m_table->setItem(r, JudgedColumn, cell(QLocale().toString(qlonglong(m.judged)), true));
        m_table->setItem(r, NowColumn, cell(halfWidthText(m.plan.currentHalfWidth), true));
        m_table->setItem(r, ThenColumn, cell(halfWidthText(m.plan.plannedHalfWidth), true));
        m_table->setItem(r, ExtraColumn, cell(extra, true));
        if (!m.plan.isReachable()) {
            const QString reason = CoreText::reason(m.plan.unreachableReason);
            m_table->item(r, ExtraColumn)->setToolTip(reason);
            reasons << tr("%1: not reachable: %2").arg(m.model, reason);
        }
    }
    m_reasons->setText(reasons.join(u'\n'));
    m_reasons->setVisible(!reasons.isEmpty());
    m_table->resizeColumnsToContents();
    updateState();
}

QString ExtendSampleDialog::summaryText() const
{
    if (m_saving)
        return tr("Drawing and saving the items…");
    if (!m_saveError.isEmpty())
        return tr("The items could not be saved: %1").arg(m_saveError);
    if (!m_loaded)
        return tr("Reading the study's labels and the judge's verdicts…");
    if (!m_plan.error.isEmpty())
        return tr("No plan: %1").arg(m_plan.error);
    int total = 0;
    for (const int extra : m_plan.extraPerModel())
        total += extra;
    if (total == 0)
        return tr("Nothing to add: every model has reached the target or cannot reach it.");
    return tr("%n more item(s) to label, each by as many annotators as the study gives an item.",
              "", total);
}

void ExtendSampleDialog::updateState()
{
    bool anything = false;
    for (const int extra : m_plan.extraPerModel())
        anything = anything || extra > 0;
    m_buttons->button(QDialogButtonBox::Ok)
        ->setEnabled(m_loaded && !m_saving && m_plan.error.isEmpty() && anything);
    m_study->setEnabled(!m_saving);
    m_halfWidth->setEnabled(!m_saving);
    m_summary->setText(summaryText());
}

void ExtendSampleDialog::accept()
{
    if (m_saving || !m_buttons->button(QDialogButtonBox::Ok)->isEnabled())
        return;
    m_saving = true;
    m_saveError.clear();
    updateState();
    runInBackground(
        this,
        [path = m_projectPath, study = study(), extra = m_plan.extraPerModel()] {
            return onProject<SampleExtension>(path, [&](ProjectStore &store) {
                return extendStudy(store, study, extra, 0, studyOptions());
            });
        },
        [this, study = study()](const SampleExtension &extension) {
            m_saving = false;
            m_saveError = extension.error;
            updateState();
            if (!extension.error.isEmpty())
                return;
            emit extended(study, int(extension.assignments.size()));
            QDialog::accept();
        });
}

void ExtendSampleDialog::reject()
{
    if (!m_saving)
        QDialog::reject();
}

} // namespace Rubricate
