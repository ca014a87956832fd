// The project as a tree: benchmark → task → report, or, grouped by persona, PDR-Bench's
// benchmark → persona → task → report (other benchmarks keep their tasks). Rows are plain
// values copied from a ProjectSnapshot; the model never reads the database, so it can be
// filled from any worker's result and tested without one.
#pragma once

#include "services/projectsnapshot.h"

#include <QAbstractItemModel>
#include <QHash>
#include <QList>

#include <functional>

namespace Rubricate {

class ProjectTreeModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum class NodeKind { Benchmark, Task, Report, Persona };
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

    enum class Grouping {
        ByTask, // benchmark → task → report
        ByPersona, // benchmarks with personas: benchmark → persona → task → report
    };

    explicit ProjectTreeModel(QObject *parent = nullptr);

    // Replaces the whole dataset in one reset.
    void setSnapshot(const ProjectSnapshot &snapshot);
    void clear();
    // Rebuilds the tree in one reset when the grouping changes.
    void setGrouping(Grouping grouping);
    Grouping grouping() const { return m_grouping; }
    // Some report has a persona: grouping by persona changes something.
    bool hasPersonas() const { return m_hasPersonas; }

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
    // Every row is a node in one flat list; an index carries its node's position (plus one)
    // as its internal id, so any depth costs nothing extra. Nodes point at the values they
    // show by position in the lists below.
    struct Node {
        NodeKind kind = NodeKind::Benchmark;
        qsizetype parent = -1; // node, -1 for a benchmark
        int row = 0; // within the parent
        qsizetype item = 0; // into m_benchmarks, m_tasks, m_reports or m_personas
        QList<qsizetype> children;
        int reports = 0; // report rows below
    };
    struct PersonaItem {
        QString externalId; // empty: the reports without a persona
        QString name;
    };
    struct ReportItem {
        ReportSummary summary;
        qsizetype task = 0; // into m_tasks
    };

    void rebuild();
    qsizetype addNode(NodeKind kind, qsizetype parent, qsizetype item);
    // The tasks of one benchmark (positions in m_tasks) with the reports of each below
    // `parent`, restricted to reports for which `take` says yes.
    void addTasks(qsizetype parent, const QList<qsizetype> &tasks,
                  const QList<QList<qsizetype>> &reportsOfTask,
                  const std::function<bool(const ReportSummary &)> &take);
    const Node *nodeOf(const QModelIndex &index) const;
    QModelIndex indexOfNode(qsizetype node, int column = NameColumn) const;
    QVariant benchmarkData(const Node &node, int column, int role) const;
    QVariant personaData(const Node &node, int column, int role) const;
    QVariant taskData(const Node &node, int column, int role) const;
    QVariant reportData(const Node &node, int column, int role) const;

    ProjectSnapshot m_snapshot;
    Grouping m_grouping = Grouping::ByTask;
    bool m_hasPersonas = false;
    QList<Benchmark> m_benchmarks;
    QList<TaskSummary> m_tasks;
    QList<ReportItem> m_reports;
    QList<PersonaItem> m_personas;
    QList<Node> m_nodes;
    QList<qsizetype> m_roots;
    QHash<RowId, qsizetype> m_reportNodeById;
};

// Human name of a report format key ("md", "pdf" ...), translated.
QString reportFormatName(const QString &formatKey);

} // namespace Rubricate
