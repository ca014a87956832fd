// The sample dialog: widgets, the off-thread preview and the off-thread save.
#include "agreement/sampledialog.h"

#include "common/countsuffix.h"

#include "services/annotatoridentity.h"

#include "services/background.h"
#include "store/projectstore.h"

#include <QButtonGroup>
#include <QCheckBox>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QGridLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QRadioButton>
#include <QRandomGenerator>
#include <QSettings>
#include <QSpinBox>
#include <QTimer>
#include <QVBoxLayout>

#include <algorithm>
#include <limits>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

struct Choices {
    QList<Benchmark> benchmarks;
    QStringList samples;
    QList<RunSummary> runs;
    QString error;
};

struct Preview {
    QString benchmark;
    QList<RatingRow> items;
    SamplePlan plan;
    QString error; // the project could not be read
};

Choices readChoices(const QString &path)
{
    Choices c;
    const auto store = ProjectStore::open(path);
    if (!store) {
        c.error = store.errorMessage();
        return c;
    }
    FirstFailure reads;
    c.benchmarks = reads.take(store->catalog().benchmarks());
    c.samples = reads.take(store->annotations().samples());
    c.runs = reads.take(store->runs().list());
    if (reads.failed())
        c.error = reads.error().message;
    return c;
}

// Reads the benchmark's items unless the dialog already has them, then plans.
Preview planPreview(const QString &path, const QString &benchmark, QList<RatingRow> items,
                    bool haveItems, const SampleRequest &request)
{
    Preview p;
    p.benchmark = benchmark;
    if (!haveItems) {
        const auto store = ProjectStore::open(path);
        if (!store) {
            p.error = store.errorMessage();
            return p;
        }
        Result<QList<RatingRow>> read = store->annotations().itemRows(benchmark);
        if (!read) {
            p.error = read.errorMessage();
            return p;
        }
        items = std::move(read).value();
    }
    p.items = items;
    p.plan = planSample(items, request);
    return p;
}

QString saveSample(const QString &path, const QString &name, quint32 seed,
                   const QList<Assignment> &assignments, const Study &study)
{
    const auto store = ProjectStore::open(path);
    if (!store)
        return store.errorMessage();
    return store->annotations().saveAssignments(name, seed, assignments, study).errorMessage();
}

// Whole sentences per count, so that a translation can word each one its own way.
QString itemCount(int n)
{
    return n == 1 ? SampleDialog::tr("1 item") : SampleDialog::tr("%L1 items").arg(n);
}

QString strataCount(int n)
{
    return n == 1 ? SampleDialog::tr("1 stratum") : SampleDialog::tr("%L1 strata").arg(n);
}

QString annotatorCount(int n)
{
    return n == 1 ? SampleDialog::tr("1 annotator") : SampleDialog::tr("%L1 annotators").arg(n);
}

QString firstFreeName(const QStringList &taken)
{
    for (int i = 1;; ++i) {
        QString name = u"sample-%1"_s.arg(i);
        if (!taken.contains(name))
            return name;
    }
}

} // namespace

SampleDialog::SampleDialog(const QString &projectPath, QWidget *parent)
    : QDialog(parent)
    , m_projectPath(projectPath)
{
    setWindowTitle(tr("Sample Items for Annotation"));
    setObjectName(u"sampleDialog"_s);
    buildWidgets();
    updateState();
    loadChoices();
}

void SampleDialog::buildWidgets()
{
    m_benchmark = new QComboBox(this);
    m_benchmark->setObjectName(u"benchmark"_s);

    const std::pair<RatingAttribute, QString> strata[] = {
        {RatingAttribute::Dimension, tr("&Dimension")},
        {RatingAttribute::Model, tr("&Model")},
        {RatingAttribute::Task, tr("&Task")},
        {RatingAttribute::Language, tr("&Language")},
    };
    auto *strataRow = new QHBoxLayout;
    for (const auto &[attribute, label] : strata) {
        auto *box = new QCheckBox(label, this);
        box->setObjectName(u"by-"_s + ratingAttributeKey(attribute));
        box->setChecked(attribute == RatingAttribute::Dimension
                        || attribute == RatingAttribute::Model);
        m_strata.append({attribute, box});
        strataRow->addWidget(box);
    }
    strataRow->addStretch(1);

    m_bySize = new QRadioButton(tr("Si&ze:"), this);
    m_bySize->setObjectName(u"bySize"_s);
    m_bySize->setChecked(true);
    m_byHalfWidth = new QRadioButton(tr("&Interval half-width:"), this);
    m_byHalfWidth->setObjectName(u"byHalfWidth"_s);
    m_byHalfWidth->setToolTip(
        tr("As many items as a confidence interval of percent agreement of this half-width "
           "needs at 95 %. Kappa and alpha have wider intervals for the same items."));
    auto *sizeChoice = new QButtonGroup(this);
    sizeChoice->addButton(m_bySize);
    sizeChoice->addButton(m_byHalfWidth);
    m_size = new QSpinBox(this);
    m_size->setObjectName(u"size"_s);
    m_size->setRange(1, 10000000);
    m_size->setValue(200);
    setCountSuffix(m_size, [](int n) { return tr(" item(s)", nullptr, n); });
    m_halfWidth = new QDoubleSpinBox(this);
    m_halfWidth->setObjectName(u"halfWidth"_s);
    m_halfWidth->setRange(0.005, 0.5);
    m_halfWidth->setDecimals(3);
    m_halfWidth->setSingleStep(0.005);
    m_halfWidth->setValue(0.05);
    m_halfWidth->setPrefix(u"±"_s);
    m_expected = new QDoubleSpinBox(this);
    m_expected->setObjectName(u"expected"_s);
    m_expected->setRange(0.01, 0.99);
    m_expected->setDecimals(2);
    m_expected->setSingleStep(0.05);
    m_expected->setValue(0.8);
    m_expected->setToolTip(tr("The percent agreement you expect; 0.50 is the cautious choice "
                              "when you have no idea."));

    m_annotators = new QLineEdit(this);
    m_annotators->setObjectName(u"annotators"_s);
    m_annotators->setPlaceholderText(tr("names, comma-separated"));
    m_annotators->setClearButtonEnabled(true);
    m_annotators->setText(currentAnnotatorName());
    m_overlap = new QSpinBox(this);
    m_overlap->setObjectName(u"overlap"_s);
    m_overlap->setRange(1, 1);
    setCountSuffix(m_overlap, [](int n) { return tr(" annotator(s) per item", nullptr, n); });
    m_seed = new QSpinBox(this);
    m_seed->setObjectName(u"seed"_s);
    m_seed->setRange(0, std::numeric_limits<int>::max());
    // Any seed will do as long as it is kept, and it is saved with the sample.
    m_seed->setValue(int(QRandomGenerator::global()->bounded(1, 1000000)));
    m_name = new QLineEdit(this);
    m_name->setObjectName(u"name"_s);
    m_name->setClearButtonEnabled(true);
    m_blind = new QCheckBox(tr("&Blind: hide the judge from each annotator until they have "
                               "labelled the item"),
                            this);
    m_blind->setObjectName(u"blind"_s);
    m_blind->setToolTip(tr("Fixed once the study is saved: nobody can switch it off inside "
                           "the study, so labels cannot anchor on the judge."));
    m_run = new QComboBox(this);
    m_run->setObjectName(u"studyRun"_s);
    m_run->setToolTip(tr("The judge run the study's labels are compared with"));

    m_preview = new QLabel(this);
    m_preview->setObjectName(u"preview"_s);
    m_preview->setWordWrap(true);
    m_preview->setTextFormat(Qt::PlainText);
    m_preview->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_preview->setMinimumHeight(m_preview->fontMetrics().lineSpacing() * 4);
    m_preview->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Save Sample"));
    m_previewTimer = new QTimer(this);
    m_previewTimer->setSingleShot(true);
    // Typing names or stepping a spin box should not plan a sample per keystroke.
    m_previewTimer->setInterval(250);

    auto *sizeGrid = new QGridLayout;
    sizeGrid->addWidget(m_bySize, 0, 0);
    sizeGrid->addWidget(m_size, 0, 1);
    sizeGrid->addWidget(m_byHalfWidth, 1, 0);
    sizeGrid->addWidget(m_halfWidth, 1, 1);
    auto *expectedLabel = new QLabel(tr("e&xpected agreement:"), this);
    expectedLabel->setBuddy(m_expected);
    sizeGrid->addWidget(expectedLabel, 1, 2);
    sizeGrid->addWidget(m_expected, 1, 3);
    sizeGrid->setColumnStretch(4, 1);

    m_settings = new QWidget(this);
    auto *form = new QFormLayout(m_settings);
    form->setContentsMargins(0, 0, 0, 0);
    form->addRow(tr("&Benchmark:"), m_benchmark);
    auto *strataLabel = new QLabel(tr("Strata:"), this);
    form->addRow(strataLabel, strataRow);
    form->addRow(tr("How many:"), sizeGrid);
    form->addRow(tr("&Annotators:"), m_annotators);
    form->addRow(tr("&Overlap:"), m_overlap);
    form->addRow(tr("S&eed:"), m_seed);
    form->addRow(tr("&Name:"), m_name);
    form->addRow(tr("Compare &with:"), m_run);
    form->addRow(QString(), m_blind);
    auto *previewBox = new QGroupBox(tr("Preview"), this);
    auto *previewLayout = new QVBoxLayout(previewBox);
    previewLayout->addWidget(m_preview);
    auto *layout = new QVBoxLayout(this);
    layout->addWidget(m_settings);
    layout->addWidget(previewBox, 1);
    layout->addWidget(m_buttons);
    resize(620, sizeHint().height());

    connect(m_benchmark, &QComboBox::currentIndexChanged, this, &SampleDialog::schedulePreview);
    for (const auto &[attribute, box] : std::as_const(m_strata))
        connect(box, &QCheckBox::toggled, this, &SampleDialog::schedulePreview);
    connect(m_bySize, &QRadioButton::toggled, this, &SampleDialog::schedulePreview);
    connect(m_size, &QSpinBox::valueChanged, this, &SampleDialog::schedulePreview);
    connect(m_halfWidth, &QDoubleSpinBox::valueChanged, this, &SampleDialog::schedulePreview);
    connect(m_expected, &QDoubleSpinBox::valueChanged, this, &SampleDialog::schedulePreview);
    connect(m_annotators, &QLineEdit::textChanged, this, [this] {
        m_overlap->setMaximum(qMax(1, int(annotatorList(m_annotators->text()).size())));
        schedulePreview();
    });
    connect(m_overlap, &QSpinBox::valueChanged, this, &SampleDialog::schedulePreview);
    connect(m_seed, &QSpinBox::valueChanged, this, &SampleDialog::schedulePreview);
    connect(m_name, &QLineEdit::textChanged, this, &SampleDialog::updateState);
    connect(m_previewTimer, &QTimer::timeout, this, &SampleDialog::computePreview);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &SampleDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    m_overlap->setMaximum(qMax(1, int(annotatorList(m_annotators->text()).size())));
}

void SampleDialog::loadChoices()
{
    runInBackground(
        this, [path = m_projectPath] { return readChoices(path); },
        [this](const Choices &c) {
            m_loadError = c.error;
            m_samples = c.samples;
            {
                // Filling the list is not a choice of the user's; one preview follows below.
                const QSignalBlocker blocker(m_benchmark);
                for (const Benchmark &b : c.benchmarks)
                    m_benchmark->addItem(b.name.isEmpty() ? b.key : b.name, b.key);
            }
            if (m_name->text().isEmpty())
                m_name->setText(firstFreeName(m_samples));
            m_run->addItem(tr("no run"), RowId(0));
            for (const RunSummary &run : c.runs)
                m_run->addItem(run.name, run.id);
            m_run->setCurrentIndex(m_run->count() - 1); // the newest run: runs() is oldest first
            m_loaded = true;
            computePreview();
            emit loaded();
        });
}

QString SampleDialog::benchmarkKey() const
{
    return m_benchmark->currentData().toString();
}

SampleRequest SampleDialog::request() const
{
    SampleRequest r;
    r.by.clear();
    for (const auto &[attribute, box] : m_strata) {
        if (box->isChecked())
            r.by.append(attribute);
    }
    r.size = m_size->value();
    if (m_byHalfWidth->isChecked())
        r.halfWidth = m_halfWidth->value();
    r.expectedAgreement = m_expected->value();
    r.annotators = annotatorList(m_annotators->text());
    r.overlap = m_overlap->value();
    r.seed = quint32(m_seed->value());
    return r;
}

QString SampleDialog::sampleName() const
{
    return m_name->text().trimmed();
}

QString SampleDialog::previewText() const
{
    return m_preview->text();
}

void SampleDialog::schedulePreview()
{
    m_size->setEnabled(m_bySize->isChecked());
    m_halfWidth->setEnabled(m_byHalfWidth->isChecked());
    m_expected->setEnabled(m_byHalfWidth->isChecked());
    // The old plan no longer matches the widgets: it must not be saved meanwhile.
    ++m_previewRequest;
    m_plan.reset();
    m_previewing = true;
    updateState();
    m_previewTimer->start();
}

void SampleDialog::computePreview()
{
    m_previewTimer->stop();
    const quint64 ticket = ++m_previewRequest;
    m_plan.reset();
    m_previewError.clear();
    if (!m_loaded || m_benchmark->count() == 0) {
        m_previewing = false;
        updateState();
        emit previewChanged();
        return;
    }
    m_previewing = true;
    updateState();
    const QString benchmark = benchmarkKey();
    const bool haveItems = benchmark == m_itemsBenchmark;
    runInBackground(
        this,
        [path = m_projectPath, benchmark, items = haveItems ? m_items : QList<RatingRow>(),
         haveItems, r = request()] { return planPreview(path, benchmark, items, haveItems, r); },
        [this, ticket](const Preview &p) {
            if (p.error.isEmpty()) {
                // Worth keeping even when stale: a newer request is for the same project.
                m_itemsBenchmark = p.benchmark;
                m_items = p.items;
            }
            if (ticket != m_previewRequest)
                return; // the settings changed meanwhile; a newer preview is on its way
            m_previewing = false;
            m_previewError = p.error;
            if (p.error.isEmpty())
                m_plan = p.plan;
            updateState();
            emit previewChanged();
        });
}

QString SampleDialog::problem() const
{
    const QString name = sampleName();
    if (name.isEmpty())
        return tr("Give the sample a name.");
    if (m_samples.contains(name))
        return tr("There is already a sample named “%1”; choose another name.").arg(name);
    if (annotatorList(m_annotators->text()).isEmpty())
        return tr("Name at least one annotator.");
    return {};
}

void SampleDialog::updateState()
{
    QStringList lines;
    if (!m_loadError.isEmpty()) {
        lines << tr("The project could not be read: %1").arg(m_loadError);
    } else if (!m_loaded) {
        lines << tr("Reading the project…");
    } else if (m_benchmark->count() == 0) {
        lines << tr("The project has no benchmark to sample from.");
    } else if (!m_previewError.isEmpty()) {
        lines << tr("The project could not be read: %1").arg(m_previewError);
    } else if (m_previewing || !m_plan) {
        lines << tr("Computing the sample…");
    } else if (m_plan->population == 0) {
        lines << tr("This benchmark has no rubric items with reports to sample from.");
    } else {
        const SamplePlan &p = *m_plan;
        QString line = tr("%1 in %2")
                           .arg(itemCount(int(p.sample.size())), strataCount(int(p.strata.size())));
        if (!p.loads.isEmpty()) {
            const auto [least, most] = std::minmax_element(
                p.loads.cbegin(), p.loads.cend(),
                [](const auto &a, const auto &b) { return a.second < b.second; });
            const QString each = least->second == most->second
                ? tr("%L1 each").arg(least->second)
                : tr("%L1–%L2 each").arg(least->second).arg(most->second);
            line = tr("%1; %2 × %3").arg(line, annotatorCount(int(p.loads.size())), each);
        }
        lines << line;
        const SampleRequest r = request();
        lines << tr("Drawn from %1 with seed %2; each item goes to %3.")
                     .arg(itemCount(p.population))
                     .arg(r.seed)
                     .arg(annotatorCount(r.overlap));
        if (r.halfWidth) {
            lines << tr("Sized for ±%L1 around an expected agreement of %L2 at 95 %: enough for "
                        "percent agreement, a lower bound for kappa and alpha.")
                         .arg(*r.halfWidth, 0, 'f', 3)
                         .arg(r.expectedAgreement, 0, 'f', 2);
        }
    }
    if (m_loaded && m_loadError.isEmpty()) {
        if (const QString why = problem(); !why.isEmpty())
            lines << why;
    }
    if (m_saving)
        lines << tr("Saving…");
    else if (!m_saveError.isEmpty())
        lines << tr("The sample could not be saved: %1").arg(m_saveError);
    m_preview->setText(lines.join(u'\n'));

    const bool ready = m_loaded && !m_saving && !m_previewing && m_plan && m_plan->error.isEmpty()
        && !m_plan->assignments.isEmpty() && problem().isEmpty();
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ready);
    m_buttons->button(QDialogButtonBox::Cancel)->setEnabled(!m_saving);
    m_settings->setEnabled(!m_saving);
}

void SampleDialog::accept()
{
    if (m_saving || m_previewing || !m_plan || !m_plan->error.isEmpty()
        || m_plan->assignments.isEmpty() || !problem().isEmpty())
        return;
    m_saving = true;
    m_saveError.clear();
    updateState();
    const QString name = sampleName();
    runInBackground(
        this,
        [path = m_projectPath, name, seed = request().seed, assignments = m_plan->assignments,
         study = studySettings()] { return saveSample(path, name, seed, assignments, study); },
        [this, name](const QString &error) {
            m_saving = false;
            m_saveError = error;
            if (!error.isEmpty()) {
                updateState();
                return;
            }
            m_samples.append(name);
            updateState();
            emit saved(name);
            QDialog::accept();
        });
}

Study SampleDialog::studySettings() const
{
    Study study;
    study.runId = m_run->currentData().toLongLong();
    study.blind = m_blind->isChecked();
    study.createdBy = currentAnnotator();
    return study;
}

void SampleDialog::reject()
{
    if (!m_saving)
        QDialog::reject();
}

} // namespace Rubricate
