// The runs dock's model: one value row per judge run of the project. Rows are read off the
// GUI thread (readRows) and merged by run id; the run being judged is updated in place from
// its controller's progress, one dataChanged per update and never a reset, so a selection
// or a scrolled view survives a whole run.
#pragma once

#include "domain/result.h"
#include "domain/types.h"
#include "runs/runcontroller.h"
#include "store/storetypes.h"

#include <QAbstractTableModel>
#include <QDateTime>
#include <QHash>

namespace Rubricate {

struct RunRow {
    RowId id = 0;
    QString name;
    QString kind; // "llm", "offline", "imported"
    QString provider; // provider key; empty for imported runs
    QString model;
    QString benchmarkKey;
    QString status; // as stored, or as the live controller reports it
    QDateTime createdAt;
    int jobsTotal = 0;
    int jobsDone = 0;
    int jobsFailed = 0;
    int jobsPending = 0;
    int errors = 0; // items whose verdict is an error
    qint64 inputTokens = 0; // the provider's prompt-cache tokens included
    qint64 cacheReadTokens = 0;
    qint64 cacheWriteTokens = 0;
    qint64 outputTokens = 0;
    double cost = 0;
    bool priced = false; // without a price the cost is unknown, not 0
    QString lastError;
    QString batch; // the state of the run's provider batch while its answers are out
    // The workers holding the run's pending jobs now (windows, `judge`, `worker` on any
    // machine), this window's own included while it judges the run.
    QList<JobLeaseHolder> workers;
    // While this window's launcher judges the run:
    bool live = false;
    QString ownWorker; // this window's name among the workers
    int inFlight = 0;
    double itemsPerSecond = -1; // -1: not judged in this window

    bool operator==(const RunRow &) const = default;
};

// What a row means to someone deciding what to do with it; derived from status and liveness.
enum class RunState {
    NotStarted,
    Running,
    Pausing, // paused, answers still in flight
    Paused,
    Elsewhere, // other workers (another window, process or machine) are judging it
    Interrupted, // "running" or "paused" in the project, but nothing is judging it
    Finished,
    Failed,
    Cancelled,
    Imported,
};

class RunsModel : public QAbstractTableModel
{
    Q_OBJECT

public:
    enum Column {
        NameColumn,
        JudgeColumn,
        StatusColumn,
        ProgressColumn,
        JobsColumn,
        SpeedColumn,
        ErrorsColumn,
        TokensColumn,
        CostColumn,
        ColumnCount
    };
    enum Role {
        RunIdRole = Qt::UserRole + 1,
        StateRole, // int(RunState)
        FractionRole, // double 0..1 of jobs answered; invalid without jobs
        LastErrorRole, // QString
    };

    explicit RunsModel(QObject *parent = nullptr);

    // The workers other than this window holding the row's jobs now.
    static QList<JobLeaseHolder> otherWorkers(const RunRow &row);
    // "host, process 1234" for a lease owner.
    static QString workerName(const QString &owner);

    // Another project: replaces everything in one reset.
    void setRows(const QList<RunRow> &rows);
    // The same project, read again: rows matched by run id; changed rows announced, new ones
    // inserted, vanished ones removed. A run being judged keeps its live figures.
    void updateRows(const QList<RunRow> &rows);
    // The run the launcher has started (0: none): until its first progress arrives, its
    // stored "running" means starting, not interrupted.
    void setActiveRun(RowId runId);
    RowId activeRun() const { return m_activeRun; }
    // A controller's progress, for the row of its run. Progress saying "running" or
    // "paused" makes the row live; a final status ends that.
    void applyProgress(const RunProgress &progress);

    const RunRow *rowAt(int row) const;
    int rowOfRun(RowId runId) const;
    RunState state(int row) const;

    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // The blocking read behind a refresh, for any thread but the GUI thread.
    static Result<QList<RunRow>> readRows(const QString &projectPath);

    static QString stateText(RunState state);
    // 1234567 -> "1.23M"; for token counts in narrow columns.
    static QString compactCount(qint64 n);

private:
    // `row` with the newest progress of its run laid over it; `fresh` when that progress
    // has just arrived, rather than being laid over a new read of the project.
    RunRow withProgress(RunRow row, bool fresh) const;
    void announceRow(int row);

    QList<RunRow> m_rows;
    RowId m_activeRun = 0;
    // The newest progress per run judged in this window. While it says "running" or
    // "paused" it overrides what a read of the project finds; after that only its speed is
    // kept, since the project holds the final totals.
    QHash<RowId, RunProgress> m_progress;
};

} // namespace Rubricate
