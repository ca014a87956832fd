#include "runs/rundialog.h"

#include "common/countsuffix.h"

#include "judge/apikeys.h"
#include "judge/promptscheme.h"
#include "readers/claimsproject.h"
#include "scoring/pdrscoring.h"
#include "services/background.h"
#include "store/projectstore.h"

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
#include <QListWidget>
#include <QLocale>
#include <QMap>
#include <QPushButton>
#include <QSpinBox>
#include <QTimer>
#include <QUrl>
#include <QVBoxLayout>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString modelPlaceholder(ProviderKind kind)
{
    switch (kind) {
    case ProviderKind::OpenAiCompatible:
        return RunDialog::tr("e.g. gpt-4.1, or the model a local server serves");
    case ProviderKind::Gemini:
        return RunDialog::tr("e.g. gemini-2.5-pro");
    case ProviderKind::Anthropic:
        return RunDialog::tr("e.g. claude-sonnet-4");
    case ProviderKind::Offline:
        return {};
    }
    return {};
}

} // namespace

RunDialog::RunDialog(const QString &projectPath, QWidget *parent)
    : RunDialog(projectPath, Purpose::Judge, parent)
{ }

RunDialog::RunDialog(const QString &projectPath, Purpose purpose, QWidget *parent)
    : QDialog(parent)
    , m_projectPath(projectPath)
    , m_purpose(purpose)
{
    setWindowTitle(tr("New Judge Run"));
    setObjectName(u"runDialog"_s);
    buildWidgets();
    if (generating())
        buildGeneratorWidgets();
    onProviderChanged();
    updateState();
    loadChoices();
}

void RunDialog::buildWidgets()
{
    m_provider = new QComboBox(this);
    m_provider->setObjectName(u"provider"_s);
    m_provider->addItem(tr("Offline lexical judge (no network, no key)"),
                        int(ProviderKind::Offline));
    m_provider->addItem(tr("OpenAI-compatible (OpenAI, vLLM, Ollama, llama.cpp…)"),
                        int(ProviderKind::OpenAiCompatible));
    m_provider->addItem(tr("Gemini"), int(ProviderKind::Gemini));
    m_provider->addItem(tr("Anthropic"), int(ProviderKind::Anthropic));
    m_model = new QLineEdit(this);
    m_model->setObjectName(u"model"_s);
    m_model->setClearButtonEnabled(true);
    m_baseUrl = new QLineEdit(this);
    m_baseUrl->setObjectName(u"baseUrl"_s);
    m_baseUrl->setToolTip(tr("Prefilled with the provider's endpoint; point it at a proxy or at "
                             "a server on this machine (http://127.0.0.1:8000/v1)."));
    m_geminiAuth = new QComboBox(this);
    m_geminiAuth->setObjectName(u"geminiAuth"_s);
    m_geminiAuth->addItem(tr("API key (x-goog-api-key)"), u"key"_s);
    m_geminiAuth->addItem(tr("Bearer token to a proxy at the URL above"), u"bearer"_s);
    m_keyEnv = new QLineEdit(this);
    m_keyEnv->setObjectName(u"apiKeyEnv"_s);
    m_keyEnv->setToolTip(tr("The name of the environment variable (also the system keyring "
                            "entry) that holds the key. The key itself is never shown or saved."));
    m_keyStatus = new QLabel(this);
    m_keyStatus->setObjectName(u"keyStatus"_s);
    m_keyStatus->setWordWrap(true);
    m_keyStatus->setTextFormat(Qt::PlainText);
    const auto priceBox = [this](const QString &name) {
        auto *box = new QDoubleSpinBox(this);
        box->setObjectName(name);
        box->setRange(0, 1000);
        box->setDecimals(3);
        box->setSingleStep(0.1);
        box->setPrefix(u"$"_s);
        // At zero the price is not known, which is not the same as free.
        box->setSpecialValueText(tr("unknown"));
        return box;
    };
    m_priceIn = priceBox(u"priceIn"_s);
    m_priceOut = priceBox(u"priceOut"_s);
    m_scheme = new QComboBox(this);
    m_scheme->setObjectName(u"scheme"_s);
    m_scheme->addItems(schemeKeys());

    m_benchmark = new QComboBox(this);
    m_benchmark->setObjectName(u"benchmark"_s);
    m_tasks = new QLineEdit(this);
    m_tasks->setObjectName(u"tasks"_s);
    m_tasks->setPlaceholderText(tr("all tasks, or ids such as 1,2,5-9"));
    m_tasks->setClearButtonEnabled(true);
    m_models = new QListWidget(this);
    m_models->setObjectName(u"models"_s);
    m_models->setMinimumHeight(90);
    m_onlyUnjudged = new QCheckBox(tr("Only items without a usable verdict yet"), this);
    m_onlyUnjudged->setObjectName(u"onlyUnjudged"_s);
    m_criteriaBox = new QGroupBox(tr("PDR-Bench criteria"), this);
    m_writeCriteria
        = new QCheckBox(tr("Have this judge &write the queries' criteria instead"), m_criteriaBox);
    m_writeCriteria->setObjectName(u"writeCriteria"_s);
    m_writeCriteria->setToolTip(
        tr("Dimension weights sampled several times and averaged, then weighted sub-criteria "
           "per dimension, as PDR-Bench generates them; you can edit them before scoring"));
    m_samples = new QSpinBox(m_criteriaBox);
    m_samples->setObjectName(u"weightSamples"_s);
    m_samples->setRange(1, 20);
    m_samples->setValue(PdrCriteriaOptions().samples);
    setCountSuffix(m_samples, [](int n) { return tr(" weight sample(s) per family", nullptr, n); });
    m_replaceCriteria = new QCheckBox(
        tr("Replace criteria that exist (never those a person labelled)"), m_criteriaBox);
    m_replaceCriteria->setObjectName(u"replaceCriteria"_s);
    m_rerun = new QCheckBox(tr("Instead, re-run only the failed items of:"), this);
    m_rerun->setObjectName(u"rerunFailed"_s);
    m_rerunRun = new QComboBox(this);
    m_rerunRun->setObjectName(u"rerunRun"_s);
    m_rerunJudge = new QLabel(this);
    m_rerunJudge->setObjectName(u"rerunJudge"_s);
    m_rerunJudge->setWordWrap(true);
    m_rerunJudge->setTextFormat(Qt::PlainText);
    m_rerunJudge->hide();

    m_concurrency = new QSpinBox(this);
    m_concurrency->setObjectName(u"concurrency"_s);
    m_concurrency->setRange(1, 64);
    m_concurrency->setValue(JudgeConfig().concurrency);
    setCountSuffix(m_concurrency, [](int n) { return tr(" request(s) at once", nullptr, n); });
    m_batchSize = new QSpinBox(this);
    m_batchSize->setObjectName(u"batchSize"_s);
    m_batchSize->setRange(1, 200);
    m_batchSize->setValue(JudgeConfig().batchSize);
    setCountSuffix(m_batchSize, [](int n) { return tr(" item(s) per request", nullptr, n); });
    m_sendAsBatch
        = new QCheckBox(tr("Send as a provider batch (half price, answers within 24 h)"), this);
    m_sendAsBatch->setObjectName(u"sendAsBatch"_s);
    m_name = new QLineEdit(this);
    m_name->setObjectName(u"name"_s);
    m_name->setPlaceholderText(tr("provider and model"));

    m_estimate = new QLabel(this);
    m_estimate->setObjectName(u"estimate"_s);
    m_estimate->setWordWrap(true);
    m_estimate->setTextFormat(Qt::PlainText);
    m_estimate->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_estimate->setMinimumHeight(m_estimate->fontMetrics().lineSpacing() * 3);
    m_estimate->setAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    m_buttons->button(QDialogButtonBox::Ok)->setText(tr("&Start Run"));
    m_estimateTimer = new QTimer(this);
    m_estimateTimer->setSingleShot(true);
    // Typing a task list should not start a project read per keystroke.
    m_estimateTimer->setInterval(250);

    auto *judge = new QGroupBox(tr("Judge"), this);
    m_judgeForm = new QFormLayout(judge);
    m_judgeForm->addRow(tr("&Provider:"), m_provider);
    m_judgeForm->addRow(tr("&Model:"), m_model);
    m_judgeForm->addRow(tr("&Server URL:"), m_baseUrl);
    m_urlProblem = new QLabel(this);
    m_urlProblem->setObjectName(u"urlProblem"_s);
    m_urlProblem->setWordWrap(true);
    m_urlProblem->setForegroundRole(QPalette::BrightText);
    m_urlProblem->hide();
    m_judgeForm->addRow(QString(), m_urlProblem);
    m_judgeForm->addRow(tr("Sign-&in:"), m_geminiAuth);
    m_judgeForm->addRow(tr("API &key from:"), m_keyEnv);
    m_judgeForm->addRow(QString(), m_keyStatus);
    auto *prices = new QHBoxLayout;
    prices->addWidget(new QLabel(tr("in"), this));
    prices->addWidget(m_priceIn, 1);
    prices->addWidget(new QLabel(tr("out"), this));
    prices->addWidget(m_priceOut, 1);
    auto *priceLabel = new QLabel(tr("P&rice per million tokens:"), this);
    priceLabel->setBuddy(m_priceIn);
    m_judgeForm->addRow(priceLabel, prices);
    m_judgeForm->addRow(tr("Prompt sc&heme:"), m_scheme);
    m_judgeForm->addRow(tr("&Concurrency:"), m_concurrency);
    m_judgeForm->addRow(tr("&Batch size:"), m_batchSize);
    m_judgeForm->addRow(QString(), m_sendAsBatch);

    auto *scope = new QGroupBox(tr("What to judge"), this);
    auto *scopeForm = new QFormLayout(scope);
    scopeForm->addRow(tr("Bench&mark:"), m_benchmark);
    scopeForm->addRow(tr("&Tasks:"), m_tasks);
    scopeForm->addRow(tr("A&gents:"), m_models);
    scopeForm->addRow(QString(), m_onlyUnjudged);
    scopeForm->addRow(tr("Run &name:"), m_name);
    auto *rerun = new QGroupBox(tr("Or repair an earlier run"), this);
    auto *rerunLayout = new QVBoxLayout(rerun);
    rerunLayout->addWidget(m_rerun);
    rerunLayout->addWidget(m_rerunRun);
    rerunLayout->addWidget(m_rerunJudge);

    auto *criteriaLayout = new QVBoxLayout(m_criteriaBox);
    criteriaLayout->addWidget(m_writeCriteria);
    criteriaLayout->addWidget(m_samples);
    criteriaLayout->addWidget(m_replaceCriteria);
    m_criteriaBox->hide();

    auto *right = new QVBoxLayout;
    right->addWidget(scope, 1);
    right->addWidget(m_criteriaBox);
    right->addWidget(rerun);
    auto *columns = new QHBoxLayout;
    columns->addWidget(judge, 1);
    columns->addLayout(right, 1);
    auto *estimateBox = new QGroupBox(tr("Estimate"), this);
    auto *estimateLayout = new QVBoxLayout(estimateBox);
    estimateLayout->addWidget(m_estimate);
    auto *layout = new QVBoxLayout(this);
    layout->addLayout(columns, 1);
    layout->addWidget(estimateBox);
    layout->addWidget(m_buttons);

    m_judgeWidgets = {m_provider, m_model,  m_baseUrl,     m_geminiAuth, m_keyEnv,     m_priceIn,
                      m_priceOut, m_scheme, m_concurrency, m_batchSize,  m_sendAsBatch};
    m_networkWidgets = {m_model,   m_baseUrl,  m_geminiAuth,  m_keyEnv,
                        m_priceIn, m_priceOut, m_concurrency, m_sendAsBatch};
    m_scopeWidgets = {m_benchmark, m_tasks, m_models, m_onlyUnjudged, m_name};
    resize(900, sizeHint().height());

    connect(m_provider, &QComboBox::currentIndexChanged, this, &RunDialog::onProviderChanged);
    connect(m_geminiAuth, &QComboBox::currentIndexChanged, this, [this] {
        updateKeyStatus();
        updateState();
    });
    connect(m_baseUrl, &QLineEdit::textChanged, this, [this] {
        updateKeyStatus(); // a server on this machine may need no key
        updateState();
    });
    connect(m_keyEnv, &QLineEdit::textChanged, this, [this] {
        updateKeyStatus();
        updateState();
    });
    connect(m_model, &QLineEdit::textChanged, this, &RunDialog::updateState);
    connect(m_benchmark, &QComboBox::currentIndexChanged, this, [this] {
        // Each benchmark starts with its own protocol's scheme (ReportBench: its claims).
        const int own = m_scheme->findText(defaultSchemeFor(m_benchmark->currentData().toString()));
        if (own >= 0)
            m_scheme->setCurrentIndex(own);
        const bool pdr
            = m_benchmark->currentData().toString() == QLatin1StringView(BenchmarkKey::PdrBench);
        m_criteriaBox->setVisible(pdr);
        if (!pdr)
            m_writeCriteria->setChecked(false);
        fillModels();
        scheduleEstimate();
    });
    connect(m_writeCriteria, &QCheckBox::toggled, this, [this] {
        updateEnabled();
        scheduleEstimate();
    });
    connect(m_samples, &QSpinBox::valueChanged, this, &RunDialog::scheduleEstimate);
    // Everything that changes what would be sent, or its price, changes the estimate.
    for (QDoubleSpinBox *box : {m_priceIn, m_priceOut})
        connect(box, &QDoubleSpinBox::valueChanged, this, &RunDialog::scheduleEstimate);
    connect(m_batchSize, &QSpinBox::valueChanged, this, &RunDialog::scheduleEstimate);
    connect(m_scheme, &QComboBox::currentIndexChanged, this, &RunDialog::scheduleEstimate);
    connect(m_tasks, &QLineEdit::textChanged, this, &RunDialog::scheduleEstimate);
    connect(m_models, &QListWidget::itemChanged, this, &RunDialog::scheduleEstimate);
    connect(m_onlyUnjudged, &QCheckBox::toggled, this, &RunDialog::scheduleEstimate);
    connect(m_sendAsBatch, &QCheckBox::toggled, this, &RunDialog::scheduleEstimate);
    connect(m_rerun, &QCheckBox::toggled, this, [this] {
        updateEnabled();
        scheduleEstimate();
    });
    connect(m_rerunRun, &QComboBox::currentIndexChanged, this, [this] {
        updateEnabled();
        scheduleEstimate();
    });
    connect(m_estimateTimer, &QTimer::timeout, this, &RunDialog::computeEstimate);
    connect(m_buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(m_buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void RunDialog::buildGeneratorWidgets()
{
    const bool classify = m_purpose == Purpose::ClassifyPages;
    setWindowTitle(classify ? tr("Classify Cited Pages") : tr("Extract Claims with a Judge"));
    m_buttons->button(QDialogButtonBox::Ok)
        ->setText(classify ? tr("&Classify Pages") : tr("&Extract Claims"));
    m_provider->setItemText(0,
                            classify ? tr("Offline: the page's own metadata (no network, no key)")
                                     : tr("Offline: placeholder answers (no network, no key)"));
    // One prompt per page or block: no scheme, no batches.
    m_judgeForm->setRowVisible(m_scheme, false);
    m_judgeForm->setRowVisible(m_batchSize, false);
    for (QWidget *box : {m_benchmark->parentWidget(), m_rerun->parentWidget(),
                         static_cast<QWidget *>(m_criteriaBox)})
        box->hide();

    auto *box = new QGroupBox(classify ? tr("ReportBench cited pages") : tr("Claims"), this);
    box->setObjectName(u"generatorBox"_s);
    auto *what = new QLabel(
        classify ? tr("The judge reads each fetched page that a ReportBench report cites and "
                      "decides whether it is a scholarly paper and what its title is, as the "
                      "reference does before it scores citation precision and recall. The "
                      "Leaderboards show the result with the titles “From pages a judge "
                      "classified”.")
                 : tr("The judge reads every block of the ReportBench and PDR-Bench reports "
                      "and lists their statements with the sources they cite (ReportBench: also "
                      "the uncited ones), the reference's method. A report's claims replace "
                      "those it had, and are labelled as the judge's."),
        box);
    what->setWordWrap(true);
    m_again = new QCheckBox(classify ? tr("Again for pages this judge classified before")
                                     : tr("Again for reports a judge extracted before (claims "
                                          "a person labelled are never replaced)"),
                            box);
    m_again->setObjectName(u"generateAgain"_s);
    auto *layout = new QVBoxLayout(box);
    layout->addWidget(what);
    layout->addWidget(m_again);
    layout->addStretch(1);
    // In the right-hand column, where the run's scope was.
    auto *columns = static_cast<QBoxLayout *>(this->layout()->itemAt(0)->layout());
    auto *right = static_cast<QBoxLayout *>(columns->itemAt(1)->layout());
    right->insertWidget(0, box, 1);
    connect(m_again, &QCheckBox::toggled, this, &RunDialog::scheduleEstimate);
}

void RunDialog::fillModels()
{
    const QSignalBlocker blocker(m_models);
    m_models->clear();
    const QString benchmark = m_benchmark->currentData().toString();
    for (const auto &[model, reports] : m_modelsByBenchmark.value(benchmark)) {
        auto *item
            = new QListWidgetItem(tr("%1 (%Ln report(s))", nullptr, reports).arg(model), m_models);
        item->setData(Qt::UserRole, model);
        item->setFlags(Qt::ItemIsUserCheckable | Qt::ItemIsEnabled);
        item->setCheckState(Qt::Checked);
    }
    updateState();
}

ProviderKind RunDialog::currentProvider() const
{
    return ProviderKind(m_provider->currentData().toInt());
}

bool RunDialog::isLocalServer() const
{
    // The same test the run controller makes before it insists on a key.
    return JudgeConfig::isLocalServer(m_baseUrl->text().trimmed());
}

void RunDialog::onProviderChanged()
{
    const ProviderKind kind = currentProvider();
    const bool offline = kind == ProviderKind::Offline;
    // Replace the URL only while it is the previous provider's default: a URL someone typed
    // (a proxy, a local server) survives switching between providers.
    const QString url = m_baseUrl->text().trimmed();
    if (url.isEmpty() || url == defaultBaseUrl(m_shownProvider))
        m_baseUrl->setText(defaultBaseUrl(kind));
    if (offline && m_shownProvider != ProviderKind::Offline)
        m_llmModel = m_model->text();
    // The offline judge is named by its model; offline page metadata and placeholder claims
    // come from no model at all, and a name there would suggest one.
    const bool noModel = offline && generating();
    if (offline) {
        m_model->setText(noModel ? QString() : u"lexical-baseline"_s);
    } else if (m_shownProvider == ProviderKind::Offline) {
        m_model->setText(m_llmModel);
    }
    m_shownProvider = kind;
    m_model->setPlaceholderText(noModel ? tr("no model is used offline") : modelPlaceholder(kind));
    m_judgeForm->setRowVisible(m_geminiAuth, kind == ProviderKind::Gemini);
    updateEnabled();
    updateKeyStatus();
    scheduleEstimate();
}

void RunDialog::updateEnabled()
{
    // A re-run keeps its run's judge and scope; the offline judge has no endpoint, key,
    // price or concurrency.
    const bool rerun = m_rerun->isChecked();
    const bool offline = currentProvider() == ProviderKind::Offline;
    for (QWidget *w : std::as_const(m_scopeWidgets))
        w->setEnabled(!rerun);
    for (QWidget *w : std::as_const(m_judgeWidgets))
        w->setEnabled(!rerun && (!offline || !m_networkWidgets.contains(w)));
    m_rerunRun->setEnabled(rerun);
    // A disabled field's clear button still looks ready to be pressed.
    for (QLineEdit *field : {m_model, m_tasks})
        field->setClearButtonEnabled(field->isEnabled());
    // Writing criteria asks about queries, not reports: no agents, scheme or batches.
    const bool criteria = writingCriteria();
    for (QWidget *w : {static_cast<QWidget *>(m_models), static_cast<QWidget *>(m_onlyUnjudged),
                       static_cast<QWidget *>(m_scheme), static_cast<QWidget *>(m_batchSize)})
        w->setEnabled(!rerun && !criteria && w->isEnabled());
    m_samples->setEnabled(criteria);
    m_replaceCriteria->setEnabled(criteria);
    m_rerun->setEnabled(!criteria);
    m_tasks->setPlaceholderText(criteria ? tr("all queries, or query ids such as 1,2,5-9")
                                         : tr("all tasks, or ids such as 1,2,5-9"));
    if (!generating()) // a generator's button says what it does (buildGeneratorWidgets)
        m_buttons->button(QDialogButtonBox::Ok)
            ->setText(criteria ? tr("&Write Criteria") : tr("&Start Run"));
    // The judge box shows the settings of a new run; say whose judge a re-run uses instead.
    const FailedRun *failed = currentFailedRun();
    m_rerunJudge->setText(failed
                              ? tr("Sent again to the run's own judge (%1 · %2) with its "
                                   "settings; the judge settings on the left are not used.")
                                    .arg(providerKey(failed->config.provider), failed->config.model)
                              : QString());
    m_rerunJudge->setVisible(failed != nullptr);
}

void RunDialog::updateKeyStatus()
{
    const quint64 request = ++m_keyRequest;
    const JudgeConfig config = currentConfig();
    const QString name = config.effectiveApiKeyEnv();
    m_keyEnv->setPlaceholderText(name);
    if (config.provider == ProviderKind::Offline) {
        m_keyState = KeyState::NotNeeded;
        m_keyStatus->setText(tr("The offline judge needs no key."));
        return;
    }
    if (!qEnvironmentVariableIsEmpty(name.toLocal8Bit().constData())) {
        m_keyState = KeyState::Environment;
        m_keyStatus->setText(
            tr("%1 is set in the environment; the run reads it when it starts.").arg(name));
        return;
    }
    const bool local = isLocalServer();
    const auto missing = [this, name, local](const QString &keyring) {
        m_keyState = local ? KeyState::Optional : KeyState::Missing;
        m_keyStatus->setText(
            local ? tr("%1 is not set (%2); a server on this machine may need no key.")
                        .arg(name, keyring)
                  : tr("%1 is not set (%2). Set it before starting Rubricate, or store the key "
                       "with: rubricate-cli keys set %1")
                        .arg(name, keyring));
    };
    if (!keyringAvailable()) {
        missing(tr("no system keyring is reachable"));
        return;
    }
    m_keyState = KeyState::Checking;
    m_keyStatus->setText(tr("Looking for %1 in the system keyring…").arg(name));
    lookupApiKey(name, this, [this, request, name, missing](const ApiKeyLookup &found) {
        // Only whether there is a key matters here; `found.key` is not kept.
        if (request != m_keyRequest)
            return;
        if (!found.key.isEmpty()) {
            m_keyState = KeyState::Keyring;
            m_keyStatus->setText(tr("%1 is stored in the system keyring.").arg(name));
        } else {
            missing(tr("nor in the system keyring"));
        }
        updateState();
    });
}

JudgeConfig RunDialog::currentConfig() const
{
    JudgeConfig c;
    c.provider = currentProvider();
    c.scheme = m_scheme->currentText();
    c.batchSize = m_batchSize->value();
    if (c.provider == ProviderKind::Offline) {
        c.model = u"lexical-baseline"_s;
        return c;
    }
    c.model = m_model->text().trimmed();
    // The provider's own endpoint is stored as "default", as the command line stores it, so
    // that both share one response cache.
    const QString url = m_baseUrl->text().trimmed();
    c.baseUrl = url == defaultBaseUrl(c.provider) ? QString() : url;
    c.apiKeyEnv = m_keyEnv->text().trimmed();
    if (c.provider == ProviderKind::Gemini)
        c.geminiAuth = m_geminiAuth->currentData().toString();
    c.concurrency = m_concurrency->value();
    c.pricePerMillionInput = m_priceIn->value();
    c.pricePerMillionOutput = m_priceOut->value();
    c.batch = m_sendAsBatch->isChecked();
    return c;
}

QStringList RunDialog::checkedModels() const
{
    QStringList models;
    for (int i = 0; i < m_models->count(); ++i) {
        if (m_models->item(i)->checkState() == Qt::Checked)
            models << m_models->item(i)->data(Qt::UserRole).toString();
    }
    return models;
}

RunScope RunDialog::currentScope() const
{
    RunScope s;
    s.benchmarkKey = m_benchmark->currentData().toString();
    s.taskIds = parseIdList(m_tasks->text());
    const QStringList models = checkedModels();
    // Every model checked means every model, which is what an empty list says.
    if (models.size() != m_models->count())
        s.models = models;
    s.onlyUnjudged = m_onlyUnjudged->isChecked();
    return s;
}

const RunDialog::FailedRun *RunDialog::currentFailedRun() const
{
    const int i = m_rerunRun->currentIndex();
    return m_rerun->isChecked() && i >= 0 && i < m_failedRuns.size() ? &m_failedRuns.at(i)
                                                                     : nullptr;
}

RunRequest RunDialog::request() const
{
    RunRequest r;
    if (m_purpose == Purpose::ClassifyPages) {
        r.config = currentConfig();
        PageClassifyOptions o;
        o.force = m_again->isChecked();
        r.classifyPages = o;
        return r;
    }
    if (m_purpose == Purpose::ExtractClaims) {
        r.config = currentConfig();
        ClaimExtractOptions o;
        o.reports = m_claimReports;
        o.force = m_again->isChecked();
        r.extractClaims = o;
        return r;
    }
    if (const FailedRun *failed = currentFailedRun()) {
        r.rerunFailedOf = failed->id;
        r.config = failed->config;
        r.name = failed->name;
        return r;
    }
    r.config = currentConfig();
    r.scope = currentScope();
    r.name = m_name->text().trimmed();
    if (writingCriteria()) {
        PdrCriteriaOptions o;
        o.queryIds = parseIdList(m_tasks->text());
        o.samples = m_samples->value();
        o.force = m_replaceCriteria->isChecked();
        r.criteria = o;
    }
    return r;
}

bool RunDialog::writingCriteria() const
{
    return !m_criteriaBox->isHidden() && m_writeCriteria->isChecked() && !m_rerun->isChecked();
}

void RunDialog::updateState()
{
    bool ready = m_loaded && m_loadError.isEmpty() && m_estimateError.isEmpty();
    if (m_rerun->isChecked()) {
        ready = ready && currentFailedRun();
    } else if (writingCriteria() || generating()) {
        const bool offline = currentProvider() == ProviderKind::Offline;
        ready = m_loaded && m_loadError.isEmpty()
            && (offline || !m_model->text().trimmed().isEmpty()) && m_keyState != KeyState::Missing;
    } else {
        const bool offline = currentProvider() == ProviderKind::Offline;
        ready = ready && m_benchmark->currentIndex() >= 0 && !checkedModels().isEmpty()
            && (offline || !m_model->text().trimmed().isEmpty()) && m_keyState != KeyState::Missing;
    }
    const QString url = m_baseUrl->text().trimmed();
    const bool badUrl = !m_rerun->isChecked() && currentProvider() != ProviderKind::Offline
        && !JudgeConfig::baseUrlProblem(url).isEmpty();
    if (badUrl) {
        m_urlProblem->setText(
            JudgeConfig::isWebUrl(url)
                ? tr("This URL carries a password or a key, which would be stored in the project "
                     "with the run. Give the key through its environment variable or the system "
                     "keyring.")
                : tr("The server URL must be an http or https address."));
    }
    m_urlProblem->setVisible(badUrl);
    ready = ready && !badUrl;
    m_buttons->button(QDialogButtonBox::Ok)->setEnabled(ready);
}

} // namespace Rubricate
