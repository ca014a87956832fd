#include "project/projecttreemodel.h"

#include <QCoreApplication>
#include <QLocale>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

QString counted(int n, const QString &one, const QString &many)
{
    return n == 1 ? one : many.arg(n);
}

QString taskKey(const QString &benchmarkKey, const QString &externalId)
{
    return benchmarkKey + u'\x1f' + externalId;
}

// A task without a title (ResearchRubrics has none) is named by its prompt's first line,
// cut short enough to read in the tree.
QString taskTitle(const TaskSummary &t)
{
    if (!t.title.trimmed().isEmpty())
        return t.title;
    constexpr qsizetype Longest = 80;
    const QString line = t.promptStart.trimmed().section(u'\n', 0, 0).simplified();
    return line.size() <= Longest ? line : line.first(Longest - 1).trimmed() + u'…';
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
    m_snapshot = snapshot;
    rebuild();
}

void ProjectTreeModel::clear()
{
    setSnapshot({});
}

void ProjectTreeModel::setGrouping(Grouping grouping)
{
    if (grouping == m_grouping)
        return;
    m_grouping = grouping;
    rebuild();
}

qsizetype ProjectTreeModel::addNode(NodeKind kind, qsizetype parent, qsizetype item)
{
    const qsizetype at = m_nodes.size();
    const int row = int(parent < 0 ? m_roots.size() : m_nodes.at(parent).children.size());
    m_nodes.append({kind, parent, row, item, {}, 0});
    // After the append: it may have moved the parent's node.
    (parent < 0 ? m_roots : m_nodes[parent].children).append(at);
    if (kind == NodeKind::Report) {
        m_reportNodeById.insert(m_reports.at(item).summary.id, at);
        for (qsizetype p = parent; p >= 0; p = m_nodes.at(p).parent)
            ++m_nodes[p].reports;
    }
    return at;
}

void ProjectTreeModel::addTasks(qsizetype parent, const QList<qsizetype> &tasks,
                                const QList<QList<qsizetype>> &reportsOfTask,
                                const std::function<bool(const ReportSummary &)> &take)
{
    for (const qsizetype t : tasks) {
        QList<qsizetype> reports;
        for (const qsizetype r : reportsOfTask.at(t)) {
            if (take(m_reports.at(r).summary))
                reports.append(r);
        }
        if (reports.isEmpty() && m_grouping == Grouping::ByPersona
            && m_nodes.at(parent).kind == NodeKind::Persona)
            continue; // under a persona, only the tasks it asked
        const qsizetype taskNode = addNode(NodeKind::Task, parent, t);
        for (const qsizetype r : std::as_const(reports))
            addNode(NodeKind::Report, taskNode, r);
    }
}

void ProjectTreeModel::rebuild()
{
    beginResetModel();
    m_benchmarks = m_snapshot.benchmarks;
    m_tasks.clear();
    m_reports.clear();
    m_personas.clear();
    m_nodes.clear();
    m_roots.clear();
    m_reportNodeById.clear();
    m_hasPersonas = false;

    QHash<QString, qsizetype> benchmarkByKey;
    for (qsizetype b = 0; b < m_benchmarks.size(); ++b)
        benchmarkByKey.insert(m_benchmarks.at(b).key, b);
    // Tasks grouped under their benchmark, keeping the snapshot's order within each group.
    QList<QList<qsizetype>> tasksOfBenchmark(m_benchmarks.size());
    QHash<QString, qsizetype> taskByKey;
    for (const TaskSummary &t : std::as_const(m_snapshot.tasks)) {
        auto it = benchmarkByKey.constFind(t.benchmarkKey);
        if (it == benchmarkByKey.cend()) {
            // A task of a benchmark the snapshot did not list still deserves a home.
            Benchmark b;
            b.key = t.benchmarkKey;
            b.name = t.benchmarkKey;
            it = benchmarkByKey.insert(b.key, m_benchmarks.size());
            m_benchmarks.append(b);
            tasksOfBenchmark.append(QList<qsizetype>());
        }
        taskByKey.insert(taskKey(t.benchmarkKey, t.externalId), m_tasks.size());
        tasksOfBenchmark[*it].append(m_tasks.size());
        m_tasks.append(t);
    }
    QList<QList<qsizetype>> reportsOfTask(m_tasks.size());
    QList<QStringList> personasOfBenchmark(m_benchmarks.size());
    for (const ReportSummary &r : std::as_const(m_snapshot.reports)) {
        const auto t = taskByKey.constFind(taskKey(r.benchmarkKey, r.taskExternalId));
        if (t == taskByKey.cend())
            continue;
        reportsOfTask[*t].append(m_reports.size());
        m_reports.append({r, *t});
        if (r.persona.isEmpty())
            continue;
        m_hasPersonas = true;
        QStringList &personas = personasOfBenchmark[benchmarkByKey.value(r.benchmarkKey)];
        if (!personas.contains(r.persona))
            personas.append(r.persona);
    }

    const auto everything = [](const ReportSummary &) {
        return true;
    };
    for (qsizetype b = 0; b < m_benchmarks.size(); ++b) {
        const qsizetype benchmarkNode = addNode(NodeKind::Benchmark, -1, b);
        QStringList personas = personasOfBenchmark.at(b);
        if (m_grouping == Grouping::ByTask || personas.isEmpty()) {
            addTasks(benchmarkNode, tasksOfBenchmark.at(b), reportsOfTask, everything);
            continue;
        }
        std::sort(personas.begin(), personas.end());
        QHash<QString, QString> names;
        for (const Persona &p : std::as_const(m_snapshot.personas)) {
            if (p.benchmarkId == m_benchmarks.at(b).id)
                names.insert(p.externalId, p.name);
        }
        // Reports without a persona (a query that named none) keep a group of their own.
        personas.append(QString());
        for (const QString &persona : std::as_const(personas)) {
            m_personas.append({persona, names.value(persona)});
            const qsizetype personaNode
                = addNode(NodeKind::Persona, benchmarkNode, m_personas.size() - 1);
            addTasks(personaNode, tasksOfBenchmark.at(b), reportsOfTask,
                     [&persona](const ReportSummary &r) { return r.persona == persona; });
            if (m_nodes.at(personaNode).children.isEmpty()) { // nobody without a persona
                m_nodes[benchmarkNode].children.removeLast();
                m_nodes.removeLast();
                m_personas.removeLast();
            }
        }
    }
    endResetModel();
}

const ReportSummary *ProjectTreeModel::reportSummary(RowId reportId) const
{
    const auto it = m_reportNodeById.constFind(reportId);
    return it == m_reportNodeById.cend() ? nullptr : &m_reports.at(m_nodes.at(*it).item).summary;
}

QModelIndex ProjectTreeModel::indexOfNode(qsizetype node, int column) const
{
    return createIndex(m_nodes.at(node).row, column, quintptr(node + 1));
}

QModelIndex ProjectTreeModel::indexOfReport(RowId reportId) const
{
    const auto it = m_reportNodeById.constFind(reportId);
    return it == m_reportNodeById.cend() ? QModelIndex() : indexOfNode(*it);
}

QModelIndex ProjectTreeModel::firstReportIndex() const
{
    // Depth first, in display order.
    QList<qsizetype> stack(m_roots.crbegin(), m_roots.crend());
    while (!stack.isEmpty()) {
        const qsizetype n = stack.takeLast();
        if (m_nodes.at(n).kind == NodeKind::Report)
            return indexOfNode(n);
        const QList<qsizetype> &children = m_nodes.at(n).children;
        stack.append(QList<qsizetype>(children.crbegin(), children.crend()));
    }
    return {};
}

const ProjectTreeModel::Node *ProjectTreeModel::nodeOf(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() == 0
        || qsizetype(index.internalId()) > m_nodes.size())
        return nullptr;
    return &m_nodes.at(qsizetype(index.internalId()) - 1);
}

QModelIndex ProjectTreeModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    const Node *p = nodeOf(parent);
    return createIndex(row, column, quintptr((p ? p->children : m_roots).at(row) + 1));
}

QModelIndex ProjectTreeModel::parent(const QModelIndex &child) const
{
    const Node *node = nodeOf(child);
    if (!node || node->parent < 0)
        return {};
    return indexOfNode(node->parent);
}

int ProjectTreeModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_roots.size());
    if (parent.column() != NameColumn)
        return 0;
    const Node *node = nodeOf(parent);
    return node ? int(node->children.size()) : 0;
}

int ProjectTreeModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant ProjectTreeModel::data(const QModelIndex &index, int role) const
{
    if (!checkIndex(index, CheckIndexOption::IndexIsValid))
        return {};
    const Node *node = nodeOf(index);
    if (!node)
        return {};
    if (role == KindRole)
        return int(node->kind);
    switch (node->kind) {
    case NodeKind::Benchmark:
        return benchmarkData(*node, index.column(), role);
    case NodeKind::Persona:
        return personaData(*node, index.column(), role);
    case NodeKind::Task:
        return taskData(*node, index.column(), role);
    case NodeKind::Report:
        return reportData(*node, index.column(), role);
    }
    return {};
}

QVariant ProjectTreeModel::benchmarkData(const Node &node, int column, int role) const
{
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    const Benchmark &b = m_benchmarks.at(node.item);
    if (column == NameColumn)
        return b.name.isEmpty() ? b.key : b.name;
    if (!node.children.isEmpty()
        && m_nodes.at(node.children.constFirst()).kind == NodeKind::Persona)
        return counted(int(node.children.size()), tr("1 persona"), tr("%L1 personas"));
    return counted(int(node.children.size()), tr("1 task"), tr("%L1 tasks"));
}

QVariant ProjectTreeModel::personaData(const Node &node, int column, int role) const
{
    const PersonaItem &p = m_personas.at(node.item);
    switch (role) {
    case PersonaRole:
        return p.externalId;
    case Qt::DisplayRole:
    case Qt::ToolTipRole:
        if (column == NameColumn) {
            if (p.externalId.isEmpty())
                return tr("No persona");
            return p.name.isEmpty() ? p.externalId : u"%1 · %2"_s.arg(p.externalId, p.name);
        }
        return QString(counted(int(node.children.size()), tr("1 task"), tr("%L1 tasks")) + u" · "_s
                       + counted(node.reports, tr("1 report"), tr("%L1 reports")));
    default:
        return {};
    }
}

QVariant ProjectTreeModel::taskData(const Node &node, int column, int role) const
{
    const TaskSummary &t = m_tasks.at(node.item);
    switch (role) {
    case TaskIdRole:
        return t.id;
    case Qt::DisplayRole:
        if (column == NameColumn) {
            const QString title = taskTitle(t);
            if (title.isEmpty())
                return t.externalId;
            // A long id is made to be unique, not read (ResearchRubrics' 24 hex digits, the same
            // for their first 18): the title leads, so that the cut the tree makes takes the id.
            constexpr qsizetype LongestLeadingId = 12;
            return t.externalId.size() > LongestLeadingId ? u"%1 · %2"_s.arg(title, t.externalId)
                                                          : u"%1 · %2"_s.arg(t.externalId, title);
        }
        // A task whose reports bring their own items (ReportBench's claims) has no rubrics
        // of its own: "0 rubrics" would say there is nothing to label.
        return t.rubricCount > 0
            ? QString(counted(t.rubricCount, tr("1 rubric"), tr("%L1 rubrics")) + u" · "_s
                      + counted(int(node.children.size()), tr("1 report"), tr("%L1 reports")))
            : counted(int(node.children.size()), tr("1 report"), tr("%L1 reports"));
    case Qt::ToolTipRole: {
        const QString title = taskTitle(t);
        QStringList lines{title.isEmpty() ? t.externalId : title};
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

QVariant ProjectTreeModel::reportData(const Node &node, int column, int role) const
{
    const ReportItem &item = m_reports.at(node.item);
    const ReportSummary &r = item.summary;
    const TaskSummary &task = m_tasks.at(item.task);
    switch (role) {
    case ReportIdRole:
        return r.id;
    case TaskIdRole:
        return task.id;
    case LanguageRole:
        return task.language;
    case ThemeRole:
        return task.theme;
    case PersonaRole:
        return r.persona;
    case ModelRole:
        return r.model;
    case AnnotationStatusRole: {
        const auto status = r.labelled == 0 ? AnnotationStatus::Unlabelled
            : r.labelled < r.items          ? AnnotationStatus::InProgress
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
                       + (r.labelled > 0
                              ? u" · "_s + tr("%1/%2 labelled").arg(r.labelled).arg(r.items)
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
