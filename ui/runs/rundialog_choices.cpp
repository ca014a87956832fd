// The run dialog's choices (benchmarks, agents, failed runs, claim reports), read from the
// project on a worker thread.
#include "runs/rundialog.h"

#include "judge/judgeconfig.h"
#include "readers/claimsproject.h"
#include "services/background.h"
#include "store/projectstore.h"

#include <QCheckBox>
#include <QComboBox>
#include <QMap>
#include <QSignalBlocker>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

struct FailedRunRow {
    RowId id = 0;
    QString name;
    int errors = 0;
    JudgeConfig config;
};

struct Choices {
    QList<Benchmark> benchmarks;
    QHash<QString, QMap<QString, int>> models; // benchmark -> model -> reports
    QList<FailedRunRow> failedRuns;
    QList<ReportSummary> claimReports;
    QString error;
};

// What the dialog needs from the project, read on a worker thread with its own connection.
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
    for (const ReportSummary &r : reads.take(store->reports().reportSummaries()))
        ++c.models[r.benchmarkKey][r.model];
    for (const RunSummary &s : reads.take(store->runs().list())) {
        if (s.errors == 0 || s.kind == "imported"_L1)
            continue;
        if (const auto run = store->runs().run(s.id))
            c.failedRuns.append({s.id, s.name, s.errors, JudgeConfig::fromJson(run->config)});
    }
    // No such reports: the action that opens the dialog is disabled then.
    if (auto reports = claimReports(*store, {}))
        c.claimReports = std::move(reports).value();
    if (reads.failed())
        c.error = reads.error().message;
    return c;
}

} // namespace

void RunDialog::loadChoices()
{
    runInBackground(
        this, [path = m_projectPath] { return readChoices(path); },
        [this](const Choices &c) {
            m_loadError = c.error;
            m_claimReports = c.claimReports;
            for (const Benchmark &b : c.benchmarks) {
                QMap<QString, int> models = c.models.value(b.key);
                QList<std::pair<QString, int>> list;
                for (auto it = models.cbegin(); it != models.cend(); ++it)
                    list.append({it.key(), it.value()});
                m_modelsByBenchmark.insert(b.key, list);
            }
            for (const FailedRunRow &r : c.failedRuns) {
                m_failedRuns.append(
                    {r.id,
                     tr("#%1 %2 — %n item(s) in error", nullptr, r.errors).arg(r.id).arg(r.name),
                     r.config, r.name});
                m_rerunRun->addItem(m_failedRuns.constLast().label, r.id);
            }
            m_rerun->setEnabled(!m_failedRuns.isEmpty());
            if (m_failedRuns.isEmpty())
                m_rerun->setText(tr("No earlier run has failed items"));
            // Filling the benchmarks fills the models, which schedules the first estimate.
            const QSignalBlocker blocker(m_benchmark);
            for (const Benchmark &b : c.benchmarks)
                m_benchmark->addItem(b.name.isEmpty() ? b.key : b.name, b.key);
            const int drb2 = m_benchmark->findData(QString::fromLatin1(BenchmarkKey::Drb2));
            m_benchmark->setCurrentIndex(drb2 >= 0 ? drb2 : 0);
            m_loaded = true;
            fillModels();
            computeEstimate();
            emit loaded();
        });
}

} // namespace Rubricate
