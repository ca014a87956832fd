// The project as a tree: benchmark → task → report. Rows are plain values copied from a
// ProjectSnapshot; the model never reads the database, so it can be filled from any
// worker's result and tested without one.
#pragma once

#include "projectsnapshot.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QList>

namespace Rubricate {

class ProjectTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum class NodeKind { Benchmark, Task, Report };
    Q_ENUM(NodeKind)

    enum Role {
        ReportIdRole = Qt::UserRole + 1, // RowId of a report row, else invalid
        TaskIdRole, // RowId of the task (task and report rows)
        KindRole, // NodeKind as int
        // Report rows, for the explorer's filters:
        LanguageRole, // the task's language ("en", "zh")
        ThemeRole, // the task's theme or domain
        PersonaRole, // PDR-Bench persona (external id)
        ModelRole, // agent model name
        AnnotationStatusRole, // AnnotationStatus as int
    };
    enum class AnnotationStatus { Unlabelled, InProgress, Done };

    enum Column { NameColumn, DetailsColumn, ColumnCount };

    explicit ProjectTreeModel(QObject *parent = nullptr);

    // Replaces the whole dataset in one reset.
    void setSnapshot(const ProjectSnapshot &snapshot);
    void clear();

    const ReportSummary *reportSummary(RowId reportId) const;
    QModelIndex indexOfReport(RowId reportId) const;
    QModelIndex firstReportIndex() const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

private:
    // Rows are stored flat; each level is contiguous per parent, so an index only has to
    // carry its parent's position (see the internal id encoding in the .cpp).
    struct BenchmarkRow {
        Benchmark benchmark;
        qsizetype firstTask = 0;
        qsizetype taskCount = 0;
    };
    struct TaskRow {
        TaskSummary summary;
        qsizetype benchmarkRow = 0;
        qsizetype rowInBenchmark = 0;
        qsizetype firstReport = 0;
        qsizetype reportCount = 0;
    };
    struct ReportRow {
        ReportSummary summary;
        qsizetype taskRow = 0; // position in m_tasks
        qsizetype rowInTask = 0;
    };

    NodeKind kindOf(const QModelIndex &index) const;
    const BenchmarkRow &benchmarkAt(const QModelIndex &index) const;
    const TaskRow &taskAt(const QModelIndex &index) const;
    const ReportRow &reportAt(const QModelIndex &index) const;
    QVariant benchmarkData(const BenchmarkRow &row, int column, int role) const;
    QVariant taskData(const TaskRow &row, int column, int role) const;
    QVariant reportData(const ReportRow &row, int column, int role) const;

    QList<BenchmarkRow> m_benchmarks;
    QList<TaskRow> m_tasks;
    QList<ReportRow> m_reports;
    QHash<RowId, qsizetype> m_reportRowById;
};

// Human name of a report format key ("md", "pdf" ...), translated.
QString reportFormatName(const QString &formatKey);

} // namespace Rubricate
