// RunDialog's estimate: what the chosen run would send and cost, read on a worker thread
// whenever the settings change, and how the dialog words it.
#include "runs/rundialog.h"

#include "scoring/pdrscoring.h"
#include "services/background.h"
#include "store/projectstore.h"

#include <QFileInfo>
#include <QLabel>
#include <QLocale>
#include <QSpinBox>
#include <QTimer>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

struct EstimateOutcome {
    std::optional<RunEstimate> estimate;
    QString error;
};

EstimateOutcome readEstimate(const QString &path, const JudgeConfig &config, const RunScope &scope,
                             RowId rerunOf)
{
    EstimateOutcome o;
    if (!QFileInfo(path).isFile()) {
        o.error = RunDialog::tr("The project file %1 does not exist.").arg(path);
        return o;
    }
    const auto store = ProjectStore::open(path);
    if (!store) {
        o.error = store.errorMessage();
        return o;
    }
    auto estimate = rerunOf ? estimateRequeue(*store, rerunOf) : estimateRun(*store, config, scope);
    if (estimate)
        o.estimate = std::move(estimate).value();
    else
        o.error = estimate.errorMessage();
    return o;
}

QString tokenCount(qint64 n)
{
    const QLocale locale;
    if (n >= 1000000)
        return RunDialog::tr("%1 M").arg(locale.toString(n / 1e6, 'f', 1));
    if (n >= 1000)
        return RunDialog::tr("%1 k").arg(locale.toString(n / 1e3, 'f', 0));
    return locale.toString(n);
}

} // namespace

void RunDialog::scheduleEstimate()
{
    // The old figures no longer describe the settings: drop them at once.
    ++m_estimateRequest;
    m_estimateResult.reset();
    m_estimateError.clear();
    m_estimating = true;
    showEstimate();
    updateState();
    m_estimateTimer->start();
}

void RunDialog::computeEstimate()
{
    m_estimateTimer->stop();
    const quint64 request = ++m_estimateRequest;
    m_estimateResult.reset();
    m_estimateError.clear();
    if (!m_loaded) {
        m_estimating = true;
        showEstimate();
        return;
    }
    const FailedRun *failed = currentFailedRun();
    if (generating()) {
        // A generator's requests depend on what the judge answers (claims: the blocks'
        // statements); showEstimate says what it sends.
        m_estimating = false;
        showEstimate();
        updateState();
        emit estimateChanged();
        return;
    }
    if (!failed && checkedModels().isEmpty()) {
        m_estimating = false;
        m_estimateError = tr("Choose at least one agent.");
        showEstimate();
        updateState();
        emit estimateChanged();
        return;
    }
    m_estimating = true;
    showEstimate();
    runInBackground(
        this,
        [path = m_projectPath, config = currentConfig(), scope = currentScope(),
         rerunOf = failed ? failed->id : RowId(0)] {
            return readEstimate(path, config, scope, rerunOf);
        },
        [this, request](const EstimateOutcome &o) {
            if (request != m_estimateRequest)
                return; // the settings changed meanwhile; a newer estimate is on its way
            m_estimating = false;
            m_estimateResult = o.estimate;
            m_estimateError = o.estimate ? QString() : o.error;
            showEstimate();
            updateState();
            emit estimateChanged();
        });
}

void RunDialog::showEstimate()
{
    if (!m_loadError.isEmpty()) {
        m_estimate->setText(tr("The project could not be read: %1").arg(m_loadError));
        return;
    }
    if (m_purpose == Purpose::ClassifyPages) {
        m_estimate->setText(
            tr("One request per distinct fetched page that a ReportBench report cites; pages "
               "this judge classified before are skipped unless you ask again, and cited pages "
               "that were not fetched are not classified (rubricate-cli sources fetch). Each "
               "decision is written as it arrives, so a cancelled classification resumes."));
        return;
    }
    if (m_purpose == Purpose::ExtractClaims) {
        m_estimate->setText(
            tr("%n report(s): one request per block of each (ReportBench: two, cited then "
               "uncited statements). Reports a judge extracted before are skipped unless you "
               "ask again; a report's claims are written once all its requests succeeded.",
               nullptr, int(m_claimReports.size())));
        return;
    }
    if (writingCriteria()) {
        const int samples = m_samples->value();
        m_estimate->setText(
            tr("Per query: %1 weight requests (%2 samples for each of the two families), then "
               "one request per dimension (%3). Queries that have criteria are skipped unless "
               "you replace them; a query is written only when all its requests succeeded.")
                .arg(2 * samples)
                .arg(samples)
                .arg(pdrPersonalizationDimensions().size() + pdrQualityDimensions().size()));
        return;
    }
    if (!m_estimateError.isEmpty()) {
        m_estimate->setText(tr("Nothing to start: %1").arg(m_estimateError));
        return;
    }
    if (!m_estimateResult) {
        m_estimate->setText(m_estimating ? tr("Estimating…") : QString());
        return;
    }
    const RunEstimate &e = *m_estimateResult;
    const QLocale locale;
    QString text = tr("%1 for %2 in %3")
                       .arg(tr("%Ln request(s)", nullptr, e.jobs),
                            tr("%Ln rubric item(s)", nullptr, e.items),
                            tr("%Ln report(s)", nullptr, e.reports));
    const bool offline = request().config.provider == ProviderKind::Offline;
    if (offline) {
        text += tr(", judged on this machine: ≈ $0.00");
    } else {
        text += tr("; about %1 input and %2 output tokens")
                    .arg(tokenCount(e.inputTokens), tokenCount(e.outputTokens));
        if (!e.cost)
            text += tr(": price unknown (set the judge's prices to see one)");
        else if (*e.cost > 0 && *e.cost < 0.01)
            text += tr(": ≈ $%1").arg(locale.toString(*e.cost, 'f', 4));
        else
            text += tr(": ≈ $%1").arg(locale.toString(*e.cost, 'f', 2));
        if (e.cacheReadTokens > 0 && e.costWithPromptCache) {
            text += tr("; ≈ $%1 if the provider's prompt cache serves each report's later "
                       "requests (%2 tokens)")
                        .arg(locale.toString(*e.costWithPromptCache, 'f', 2),
                             tokenCount(e.cacheReadTokens));
        }
        text += tr(". Answers already in the response cache cost nothing.");
    }
    if (!e.warnings.isEmpty())
        text += u'\n'
            + tr("%n report(s) without text will be skipped.", nullptr, int(e.warnings.size()));
    m_estimate->setText(text);
}
} // namespace Rubricate
