#include "projecttreemodel.h"

#include <QCoreApplication>
#include <QLocale>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

// internalId of an index names its parent, tagged in the low two bits:
//   0            benchmark row (no parent)
//   (b << 2) | 1 task row whose benchmark is m_benchmarks[b]
//   (t << 2) | 2 report row whose task is m_tasks[t]
constexpr quintptr TaskTag = 1;
constexpr quintptr ReportTag = 2;
constexpr quintptr TagMask = 3;

quintptr encode(qsizetype parentRow, quintptr tag)
{
    return (quintptr(parentRow) << 2) | tag;
}

qsizetype parentRowOf(const QModelIndex &index)
{
    return qsizetype(index.internalId() >> 2);
}

QString counted(int n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(n);
}

QString taskKey(const QString &benchmarkKey, const QString &externalId)
{
    return benchmarkKey + u'\x1f' + externalId;
}

} // namespace

QString reportFormatName(const QString &formatKey)
{
    switch (formatFromKey(formatKey)) {
    case ReportFormat::Markdown:
        return QCoreApplication::translate("Rubricate::ReportFormat", "Markdown");
    case ReportFormat::Text:
        return QCoreApplication::translate("Rubricate::ReportFormat", "Plain text");
    case ReportFormat::Html:
        return QCoreApplication::translate("Rubricate::ReportFormat", "HTML");
    case ReportFormat::Pdf:
        return QCoreApplication::translate("Rubricate::ReportFormat", "PDF");
    case ReportFormat::Docx:
        return QCoreApplication::translate("Rubricate::ReportFormat", "Word document");
    case ReportFormat::Image:
        return QCoreApplication::translate("Rubricate::ReportFormat", "Image");
    case ReportFormat::Json:
        return QCoreApplication::translate("Rubricate::ReportFormat", "JSON");
    case ReportFormat::Missing:
        break;
    }
    return QCoreApplication::translate("Rubricate::ReportFormat", "Missing");
}

ProjectTreeModel::ProjectTreeModel(QObject *parent)
    : QAbstractItemModel(parent)
{ }

void ProjectTreeModel::setSnapshot(const ProjectSnapshot &snapshot)
{
    QList<BenchmarkRow> benchmarks;
    QHash<QString, qsizetype> benchmarkRowByKey;
    for (const Benchmark &b : snapshot.benchmarks) {
        benchmarkRowByKey.insert(b.key, benchmarks.size());
        benchmarks.append({b, 0, 0});
    }

    // Group tasks under their benchmark, keeping the snapshot's order within each group.
    QList<QList<const TaskSummary *>> tasksOfBenchmark(benchmarks.size());
    for (const TaskSummary &t : snapshot.tasks) {
        auto it = benchmarkRowByKey.constFind(t.benchmarkKey);
        if (it == benchmarkRowByKey.cend()) {
            // A task of a benchmark the snapshot did not list still deserves a home.
            Benchmark b;
            b.key = t.benchmarkKey;
            b.name = t.benchmarkKey;
            it = benchmarkRowByKey.insert(b.key, benchmarks.size());
            benchmarks.append({b, 0, 0});
            tasksOfBenchmark.append(QList<const TaskSummary *>());
        }
        tasksOfBenchmark[*it].append(&t);
    }

    QList<TaskRow> tasks;
    QHash<QString, qsizetype> taskRowByKey;
    for (qsizetype b = 0; b < benchmarks.size(); ++b) {
        benchmarks[b].firstTask = tasks.size();
        benchmarks[b].taskCount = tasksOfBenchmark[b].size();
        for (const TaskSummary *t : std::as_const(tasksOfBenchmark[b])) {
            taskRowByKey.insert(taskKey(t->benchmarkKey, t->externalId), tasks.size());
            tasks.append({*t, b, tasks.size() - benchmarks[b].firstTask, 0, 0});
        }
    }

    QList<QList<const ReportSummary *>> reportsOfTask(tasks.size());
    for (const ReportSummary &r : snapshot.reports) {
        const auto it = taskRowByKey.constFind(taskKey(r.benchmarkKey, r.taskExternalId));
        if (it != taskRowByKey.cend())
            reportsOfTask[*it].append(&r);
    }

    QList<ReportRow> reports;
    QHash<RowId, qsizetype> reportRowById;
    for (qsizetype t = 0; t < tasks.size(); ++t) {
        tasks[t].firstReport = reports.size();
        tasks[t].reportCount = reportsOfTask[t].size();
        for (const ReportSummary *r : std::as_const(reportsOfTask[t])) {
            reportRowById.insert(r->id, reports.size());
            reports.append({*r, t, reports.size() - tasks[t].firstReport});
        }
    }

    beginResetModel();
    m_benchmarks = std::move(benchmarks);
    m_tasks = std::move(tasks);
    m_reports = std::move(reports);
    m_reportRowById = std::move(reportRowById);
    endResetModel();
}

void ProjectTreeModel::clear()
{
    setSnapshot({});
}

const ReportSummary *ProjectTreeModel::reportSummary(RowId reportId) const
{
    const auto it = m_reportRowById.constFind(reportId);
    return it == m_reportRowById.cend() ? nullptr : &m_reports.at(*it).summary;
}

QModelIndex ProjectTreeModel::indexOfReport(RowId reportId) const
{
    const auto it = m_reportRowById.constFind(reportId);
    if (it == m_reportRowById.cend())
        return {};
    const ReportRow &r = m_reports.at(*it);
    return createIndex(int(r.rowInTask), NameColumn, encode(r.taskRow, ReportTag));
}

QModelIndex ProjectTreeModel::firstReportIndex() const
{
    if (m_reports.isEmpty())
        return {};
    return indexOfReport(m_reports.constFirst().summary.id);
}

ProjectTreeModel::NodeKind ProjectTreeModel::kindOf(const QModelIndex &index) const
{
    switch (index.internalId() & TagMask) {
    case TaskTag:
        return NodeKind::Task;
    case ReportTag:
        return NodeKind::Report;
    default:
        return NodeKind::Benchmark;
    }
}

const ProjectTreeModel::BenchmarkRow &ProjectTreeModel::benchmarkAt(const QModelIndex &index) const
{
    return m_benchmarks.at(index.row());
}

const ProjectTreeModel::TaskRow &ProjectTreeModel::taskAt(const QModelIndex &index) const
{
    return m_tasks.at(m_benchmarks.at(parentRowOf(index)).firstTask + index.row());
}

const ProjectTreeModel::ReportRow &ProjectTreeModel::reportAt(const QModelIndex &index) const
{
    return m_reports.at(m_tasks.at(parentRowOf(index)).firstReport + index.row());
}

QModelIndex ProjectTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    if (!parent.isValid())
        return createIndex(row, column, quintptr(0));
    switch (kindOf(parent)) {
    case NodeKind::Benchmark:
        return createIndex(row, column, encode(parent.row(), TaskTag));
    case NodeKind::Task:
        return createIndex(
            row, column,
            encode(m_benchmarks.at(parentRowOf(parent)).firstTask + parent.row(), ReportTag));
    case NodeKind::Report:
        break;
    }
    return {};
}

QModelIndex ProjectTreeModel::parent(const QModelIndex &child) const
{
    if (!child.isValid())
        return {};
    switch (kindOf(child)) {
    case NodeKind::Benchmark:
        return {};
    case NodeKind::Task:
        return createIndex(int(parentRowOf(child)), NameColumn, quintptr(0));
    case NodeKind::Report: {
        const TaskRow &task = m_tasks.at(parentRowOf(child));
        return createIndex(int(task.rowInBenchmark), NameColumn,
                           encode(task.benchmarkRow, TaskTag));
    }
    }
    return {};
}

int ProjectTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_benchmarks.size());
    if (parent.column() != NameColumn)
        return 0;
    switch (kindOf(parent)) {
    case NodeKind::Benchmark:
        return int(benchmarkAt(parent).taskCount);
    case NodeKind::Task:
        return int(taskAt(parent).reportCount);
    case NodeKind::Report:
        break;
    }
    return 0;
}

int ProjectTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ProjectTreeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const NodeKind kind = kindOf(index);
    if (role == KindRole)
        return int(kind);
    switch (kind) {
    case NodeKind::Benchmark:
        return benchmarkData(benchmarkAt(index), index.column(), role);
    case NodeKind::Task:
        return taskData(taskAt(index), index.column(), role);
    case NodeKind::Report:
        return reportData(reportAt(index), index.column(), role);
    }
    return {};
}

QVariant ProjectTreeModel::benchmarkData(const BenchmarkRow &row, int column, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (column == NameColumn)
        return row.benchmark.name.isEmpty() ? row.benchmark.key : row.benchmark.name;
    const int n = int(row.taskCount);
    return counted(n, tr("1 task"), tr("%L1 tasks"));
}

QVariant ProjectTreeModel::taskData(const TaskRow &row, int column, int role) const
{
    const TaskSummary &t = row.summary;
    switch (role) {
    case TaskIdRole:
        return t.id;
    case Qt::DisplayRole:
        if (column == NameColumn)
            return t.title.isEmpty() ? t.externalId : u"%1 · %2"_s.arg(t.externalId, t.title);
        return QString(counted(t.rubricCount, tr("1 rubric"), tr("%L1 rubrics")) + u" · "_s
                       + counted(int(row.reportCount), tr("1 report"), tr("%L1 reports")));
    case Qt::ToolTipRole: {
        QStringList lines{t.title.isEmpty() ? t.externalId : t.title};
        if (!t.language.isEmpty())
            lines << tr("Language: %1").arg(t.language);
        if (!t.theme.isEmpty())
            lines << tr("Theme: %1").arg(t.theme);
        return lines.join(u'\n');
    }
    default:
        return {};
    }
}

QVariant ProjectTreeModel::reportData(const ReportRow &row, int column, int role) const
{
    const ReportSummary &r = row.summary;
    switch (role) {
    case ReportIdRole:
        return r.id;
    case TaskIdRole:
        return m_tasks.at(row.taskRow).summary.id;
    case LanguageRole:
        return m_tasks.at(row.taskRow).summary.language;
    case ThemeRole:
        return m_tasks.at(row.taskRow).summary.theme;
    case PersonaRole:
        return r.persona;
    case ModelRole:
        return r.model;
    case AnnotationStatusRole: {
        const int rubrics = m_tasks.at(row.taskRow).summary.rubricCount;
        const auto status = r.labelled == 0 ? AnnotationStatus::Unlabelled
            : r.labelled < rubrics          ? AnnotationStatus::InProgress
                                            : AnnotationStatus::Done;
        return int(status);
    }
    case Qt::DisplayRole:
        if (column == NameColumn) {
            // PDR-Bench has one report per query, so the model alone is ambiguous.
            return r.queryExternalId.isEmpty() ? r.model
                                               : u"%1 · %2"_s.arg(r.model, r.queryExternalId);
        }
        return QString(reportFormatName(r.format) + u" · "_s
                       + (r.hasText ? tr("%L1 chars").arg(r.characters) : tr("no text"))
                       + (r.labelled > 0 ? u" · "_s
                                  + tr("%1/%2 labelled")
                                        .arg(r.labelled)
                                        .arg(m_tasks.at(row.taskRow).summary.rubricCount)
                                         : QString()));
    case Qt::ToolTipRole: {
        QStringList lines{r.sourceName.isEmpty() ? r.model : r.sourceName};
        if (r.pageCount > 0)
            lines << counted(r.pageCount, tr("1 page"), tr("%L1 pages"));
        if (r.warningCount > 0)
            lines << counted(r.warningCount, tr("1 import warning"), tr("%L1 import warnings"));
        return lines.join(u'\n');
    }
    default:
        return {};
    }
}

QVariant ProjectTreeModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    switch (section) {
    case NameColumn:
        return tr("Project");
    case DetailsColumn:
        return tr("Details");
    default:
        return {};
    }
}

} // namespace Rubricate
