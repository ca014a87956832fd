#include "runs/runsmodel.h"

#include "judge/judgeconfig.h"
#include "runs/batchrunner.h"
#include "store/projectstore.h"

#include <QBrush>
#include <QColor>
#include <QLocale>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

bool isLiveStatus(const QString &status)
{
    return status == "running"_L1 || status == "paused"_L1;
}

// The same red the verdict panel gives an error: visibly a failure, never a score.
const QColor errorColor(0xb0, 0x20, 0x20);

// The first cause the project records for a run's errors: a job that gave up says why;
// otherwise an error verdict does.
QString firstError(ProjectStore &store, RowId runId, const RunTotals &totals, FirstFailure &reads)
{
    if (totals.jobsFailed > 0) {
        for (const RunJob &j : reads.take(store.runs().jobs(runId, u"failed"_s))) {
            if (!j.lastError.isEmpty())
                return j.lastError;
        }
    }
    if (totals.verdictErrors > 0) {
        const auto items = reads.take(store.runs().errorItems(runId));
        if (!items.isEmpty()) {
            const auto [report, rubric] = items.constFirst();
            for (const Verdict &v : reads.take(store.runs().verdicts(runId, report))) {
                if (v.rubricId == rubric)
                    return v.error;
            }
        }
    }
    return {};
}

} // namespace

QList<JobLeaseHolder> RunsModel::otherWorkers(const RunRow &row)
{
    QList<JobLeaseHolder> out;
    for (const JobLeaseHolder &w : row.workers) {
        if (w.owner != row.ownWorker)
            out.append(w);
    }
    return out;
}

QString RunsModel::workerName(const QString &owner)
{
    // host:pid:random:scope (JobLeases); the rest only keeps two workers apart.
    const QStringList parts = owner.split(u':');
    if (parts.size() < 2)
        return owner;
    return tr("%1, process %2").arg(parts.at(0), parts.at(1));
}

RunsModel::RunsModel(QObject *parent)
    : QAbstractTableModel(parent)
{ }

Result<QList<RunRow>> RunsModel::readRows(const QString &projectPath)
{
    QList<RunRow> rows;
    const auto store = ProjectStore::open(projectPath);
    if (!store)
        return store.error();
    FirstFailure reads;
    for (const RunSummary &s : reads.take(store->runs().list())) {
        RunRow r;
        r.id = s.id;
        r.name = s.name;
        r.kind = s.kind;
        r.status = s.status;
        r.benchmarkKey = s.benchmarkKey;
        r.createdAt = s.createdAt;
        if (const auto run = store->runs().run(s.id); run && run->kind != JudgeKind::Imported) {
            const JudgeConfig config = JudgeConfig::fromJson(run->config);
            r.provider = providerKey(config.provider);
            r.model = config.model;
            r.priced = config.provider == ProviderKind::Offline || config.pricePerMillionInput > 0
                || config.pricePerMillionOutput > 0;
        }
        const RunTotals t = reads.take(store->runs().runTotals(s.id));
        r.jobsTotal = t.jobs;
        r.jobsDone = t.jobsDone;
        r.jobsFailed = t.jobsFailed;
        r.jobsPending = t.jobsPending;
        r.errors = t.verdictErrors;
        r.inputTokens = t.inputTokens;
        r.outputTokens = t.outputTokens;
        r.cacheReadTokens = t.cacheReadTokens;
        r.cacheWriteTokens = t.cacheWriteTokens;
        r.cost = t.cost;
        r.lastError = firstError(*store, s.id, t, reads);
        if (t.jobsPending > 0)
            r.workers = reads.take(store->runs().jobLeaseHolders(s.id));
        // While any of the run's batches runs, all of them, summed.
        const QList<RunBatch> batches = store->runs().batches(s.id);
        if (std::any_of(batches.cbegin(), batches.cend(),
                        [](const RunBatch &b) { return !b.taken; }))
            r.batch = describeBatches(batches);
        rows.append(std::move(r));
    }
    if (reads.failed())
        return reads.error();
    return rows;
}

RunRow RunsModel::withProgress(RunRow row, bool fresh) const
{
    const auto it = m_progress.constFind(row.id);
    if (it == m_progress.cend())
        return row;
    const RunProgress &p = *it;
    row.itemsPerSecond = p.itemsPerSecond;
    row.live = isLiveStatus(p.status);
    row.inFlight = row.live ? p.inFlight : 0;
    row.ownWorker = row.live ? p.worker : QString();
    // A final progress is newer than the row it arrives at, but not than a later read of
    // the project (another process may have resumed the run since).
    if (!row.live && !fresh)
        return row;
    row.status = p.status;
    row.jobsTotal = p.jobsTotal;
    row.jobsDone = p.jobsDone;
    row.jobsFailed = p.jobsFailed;
    row.jobsPending = qMax(0, p.jobsTotal - p.jobsDone - p.jobsFailed);
    row.errors = p.errorsTotal;
    row.inputTokens = p.inputTokens;
    row.outputTokens = p.outputTokens;
    row.cacheReadTokens = p.cacheReadTokens;
    row.cacheWriteTokens = p.cacheWriteTokens;
    row.cost = p.cost;
    if (!p.lastError.isEmpty())
        row.lastError = p.lastError;
    row.batch = p.batch;
    return row;
}

void RunsModel::setRows(const QList<RunRow> &rows)
{
    beginResetModel();
    m_rows.clear();
    m_progress.clear();
    m_activeRun = 0;
    for (const RunRow &r : rows)
        m_rows.append(withProgress(r, false));
    endResetModel();
}

void RunsModel::updateRows(const QList<RunRow> &rows)
{
    QHash<RowId, const RunRow *> incoming;
    for (const RunRow &r : rows)
        incoming.insert(r.id, &r);
    // Vanished runs first, from the bottom, so that earlier row numbers stay valid.
    for (int i = int(m_rows.size()) - 1; i >= 0; --i) {
        if (!incoming.contains(m_rows.at(i).id)) {
            beginRemoveRows({}, i, i);
            m_rows.removeAt(i);
            endRemoveRows();
        }
    }
    QHash<RowId, int> rowOf;
    for (int i = 0; i < m_rows.size(); ++i)
        rowOf.insert(m_rows.at(i).id, i);
    QList<RunRow> added;
    for (const RunRow &r : rows) {
        const RunRow shown = withProgress(r, false);
        const auto it = rowOf.constFind(r.id);
        if (it == rowOf.cend()) {
            added.append(shown);
        } else if (!(m_rows.at(*it) == shown)) {
            m_rows[*it] = shown;
            announceRow(*it);
        }
    }
    if (!added.isEmpty()) {
        beginInsertRows({}, int(m_rows.size()), int(m_rows.size() + added.size() - 1));
        m_rows += added;
        endInsertRows();
    }
}

void RunsModel::setActiveRun(RowId runId)
{
    if (runId == m_activeRun)
        return;
    const RowId previous = m_activeRun;
    m_activeRun = runId;
    for (RowId id : {previous, runId}) {
        if (const int row = rowOfRun(id); row >= 0)
            announceRow(row);
    }
}

void RunsModel::applyProgress(const RunProgress &progress)
{
    m_progress.insert(progress.runId, progress);
    const int row = rowOfRun(progress.runId);
    if (row < 0)
        return; // a new run: its row arrives with the next read, and takes this progress
    const RunRow shown = withProgress(m_rows.at(row), true);
    if (shown == m_rows.at(row))
        return;
    m_rows[row] = shown;
    announceRow(row);
}

void RunsModel::announceRow(int row)
{
    emit dataChanged(index(row, 0), index(row, ColumnCount - 1));
}

const RunRow *RunsModel::rowAt(int row) const
{
    return row >= 0 && row < m_rows.size() ? &m_rows.at(row) : nullptr;
}

int RunsModel::rowOfRun(RowId runId) const
{
    if (runId == 0)
        return -1;
    for (int i = 0; i < m_rows.size(); ++i) {
        if (m_rows.at(i).id == runId)
            return i;
    }
    return -1;
}

RunState RunsModel::state(int row) const
{
    const RunRow *r = rowAt(row);
    if (!r)
        return RunState::NotStarted;
    if (r->kind == "imported"_L1)
        return RunState::Imported;
    if (r->live) {
        if (r->status == "paused"_L1)
            return r->inFlight > 0 ? RunState::Pausing : RunState::Paused;
        return RunState::Running;
    }
    if (isLiveStatus(r->status)) {
        if (r->id == m_activeRun)
            return RunState::Running;
        return otherWorkers(*r).isEmpty() ? RunState::Interrupted : RunState::Elsewhere;
    }
    if (r->status == "finished"_L1)
        return RunState::Finished;
    if (r->status == "failed"_L1)
        return RunState::Failed;
    if (r->status == "cancelled"_L1)
        return RunState::Cancelled;
    return r->id == m_activeRun ? RunState::Running : RunState::NotStarted;
}

QString RunsModel::stateText(RunState state)
{
    switch (state) {
    case RunState::NotStarted:
        return tr("not started");
    case RunState::Running:
        return tr("running");
    case RunState::Pausing:
        return tr("pausing…");
    case RunState::Paused:
        return tr("paused");
    case RunState::Elsewhere:
        return tr("running elsewhere");
    case RunState::Interrupted:
        return tr("interrupted");
    case RunState::Finished:
        return tr("finished");
    case RunState::Failed:
        return tr("failed");
    case RunState::Cancelled:
        return tr("cancelled");
    case RunState::Imported:
        return tr("imported");
    }
    return {};
}

QString RunsModel::compactCount(qint64 n)
{
    const QLocale locale;
    if (n >= 1000000)
        return locale.toString(n / 1e6, 'f', 2) + u'M';
    if (n >= 1000)
        return locale.toString(n / 1e3, 'f', 1) + u'k';
    return locale.toString(n);
}

int RunsModel::rowCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : int(m_rows.size());
}

int RunsModel::columnCount(const QModelIndex &parent) const
{
    return parent.isValid() ? 0 : ColumnCount;
}

QVariant RunsModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const RunRow &r = m_rows.at(index.row());
    const RunState st = state(index.row());
    // Requests that gave up are not progress: their items still have no verdict.
    const int answered = r.jobsDone;
    const QLocale locale;
    switch (role) {
    case RunIdRole:
        return r.id;
    case StateRole:
        return int(st);
    case FractionRole:
        return r.jobsTotal > 0 ? QVariant(double(answered) / r.jobsTotal) : QVariant();
    case LastErrorRole:
        return r.lastError;
    case Qt::TextAlignmentRole:
        if (index.column() >= JobsColumn)
            return QVariant::fromValue(Qt::AlignRight | Qt::AlignVCenter);
        return {};
    case Qt::ForegroundRole:
        if ((index.column() == ErrorsColumn && r.errors > 0)
            || (index.column() == StatusColumn && st == RunState::Failed))
            return QBrush(errorColor);
        return {};
    case Qt::ToolTipRole:
        switch (index.column()) {
        case NameColumn:
            return tr("Run %1 (%2), created %3")
                .arg(r.id)
                .arg(r.benchmarkKey,
                     locale.toString(r.createdAt.toLocalTime(), QLocale::ShortFormat));
        case StatusColumn: {
            QStringList lines;
            const QList<JobLeaseHolder> others = otherWorkers(r);
            if (!others.isEmpty()) {
                lines << (r.live ? tr("Other workers judge this run too:")
                                 : tr("Other workers judge this run:"));
                for (const JobLeaseHolder &w : others)
                    lines << tr("%1: %n request(s) in hand", nullptr, w.jobs)
                                 .arg(workerName(w.owner));
            }
            if (!r.batch.isEmpty())
                lines << tr("Sent as a provider batch: %1. A closed window's batch is polled "
                            "again when the run is resumed.")
                             .arg(r.batch);
            if (!r.lastError.isEmpty())
                lines << tr("Last error: %1").arg(r.lastError);
            return lines.isEmpty() ? QVariant() : QVariant(lines.join(u'\n'));
        }
        case ErrorsColumn:
            if (r.lastError.isEmpty())
                return {};
            return tr("Last error: %1").arg(r.lastError);
        case TokensColumn:
            if (r.inputTokens == 0 && r.outputTokens == 0)
                return {};
            return tr("%1 input tokens, %2 of them read from the provider's prompt cache and %3 "
                      "written to it (billed at their own prices); %4 output tokens")
                .arg(locale.toString(r.inputTokens), locale.toString(r.cacheReadTokens),
                     locale.toString(r.cacheWriteTokens), locale.toString(r.outputTokens));
        case JobsColumn:
            return tr("%1 requests answered, %2 given up, %3 still to send")
                .arg(r.jobsDone)
                .arg(r.jobsFailed)
                .arg(r.jobsPending);
        case CostColumn:
            if (!r.priced && r.kind != "imported"_L1)
                return tr("No price was set for this judge, so the cost is unknown.");
            return {};
        default:
            return {};
        }
    case Qt::DisplayRole:
        break;
    default:
        return {};
    }
    switch (index.column()) {
    case NameColumn:
        return r.name;
    case JudgeColumn:
        if (r.kind == "imported"_L1)
            return tr("imported results");
        if (r.provider == "offline"_L1)
            return tr("offline lexical judge");
        return u"%1 · %2"_s.arg(r.provider, r.model);
    case StatusColumn:
        if (st == RunState::Pausing)
            return tr("pausing (%n in flight)", nullptr, r.inFlight);
        if (!r.batch.isEmpty() && st != RunState::Finished)
            return tr("%1 · %2").arg(stateText(st), r.batch);
        return stateText(st);
    case ProgressColumn:
        return r.jobsTotal > 0 ? QString(locale.toString(100 * answered / r.jobsTotal) + u'%')
                               : QString();
    case JobsColumn:
        return r.jobsTotal > 0
            ? u"%1 / %2"_s.arg(locale.toString(r.jobsDone), locale.toString(r.jobsTotal))
            : QString();
    case SpeedColumn:
        return r.itemsPerSecond >= 0 ? locale.toString(r.itemsPerSecond, 'f', 1) : QString();
    case ErrorsColumn:
        return r.kind == "imported"_L1 && r.errors == 0 ? QString() : locale.toString(r.errors);
    case TokensColumn:
        if (r.inputTokens == 0 && r.outputTokens == 0)
            return QString();
        if (r.cacheReadTokens > 0)
            // The share the prompt cache served, which is where the savings are.
            return tr("%1 (%2% cached) / %3")
                .arg(compactCount(r.inputTokens))
                .arg(qRound(100.0 * r.cacheReadTokens / qMax<qint64>(1, r.inputTokens)))
                .arg(compactCount(r.outputTokens));
        return u"%1 / %2"_s.arg(compactCount(r.inputTokens), compactCount(r.outputTokens));
    case CostColumn:
        if (r.kind == "imported"_L1)
            return QString();
        if (!r.priced)
            return tr("unknown");
        return QString(u"$"_s + locale.toString(r.cost, 'f', r.cost > 0 && r.cost < 0.01 ? 4 : 2));
    default:
        return {};
    }
}

QVariant RunsModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return QAbstractTableModel::headerData(section, orientation, role);
    switch (section) {
    case NameColumn:
        return tr("Run");
    case JudgeColumn:
        return tr("Judge");
    case StatusColumn:
        return tr("Status");
    case ProgressColumn:
        return tr("Progress");
    case JobsColumn:
        return tr("Requests");
    case SpeedColumn:
        return tr("Items/s");
    case ErrorsColumn:
        return tr("Errors");
    case TokensColumn:
        return tr("Tokens in / out");
    case CostColumn:
        return tr("Cost");
    default:
        return {};
    }
}

} // namespace Rubricate
