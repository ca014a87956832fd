#include "project/projectfiltermodel.h"

namespace Rubricate {

namespace {

constexpr int attributeRole(ProjectFilterModel::Attribute a)
{
    switch (a) {
    case ProjectFilterModel::Language:
        return ProjectTreeModel::LanguageRole;
    case ProjectFilterModel::Theme:
        return ProjectTreeModel::ThemeRole;
    case ProjectFilterModel::Persona:
        return ProjectTreeModel::PersonaRole;
    case ProjectFilterModel::Model:
        return ProjectTreeModel::ModelRole;
    case ProjectFilterModel::Status:
    case ProjectFilterModel::AttributeCount:
        break;
    }
    return ProjectTreeModel::AnnotationStatusRole;
}

} // namespace

ProjectFilterModel::ProjectFilterModel(QObject *parent)
    : QSortFilterProxyModel(parent)
{
    // A report passing shows its task and benchmark.
    setRecursiveFilteringEnabled(true);
}

void ProjectFilterModel::setText(const QString &text)
{
    if (text == m_text)
        return;
    m_text = text;
    invalidateRowsFilter();
    rootCountsChanged();
}

void ProjectFilterModel::setAttribute(Attribute attribute, const QString &value)
{
    if (m_values[attribute] == value)
        return;
    m_values[attribute] = value;
    invalidateRowsFilter();
    rootCountsChanged();
}

void ProjectFilterModel::rootCountsChanged()
{
    const int roots = rowCount();
    if (roots > 0)
        emit dataChanged(index(0, ProjectTreeModel::DetailsColumn),
                         index(roots - 1, ProjectTreeModel::DetailsColumn), {Qt::DisplayRole});
}

bool ProjectFilterModel::isFiltering() const
{
    if (!m_text.isEmpty())
        return true;
    for (const QString &v : m_values) {
        if (!v.isEmpty())
            return true;
    }
    return false;
}

QVariant ProjectFilterModel::data(const QModelIndex &index, int role) const
{
    // A benchmark row counts its tasks (or personas); under a filter it says how many of
    // them are left, or its count would contradict the rows below it.
    if (role != Qt::DisplayRole || index.column() != ProjectTreeModel::DetailsColumn
        || index.parent().isValid() || !isFiltering())
        return QSortFilterProxyModel::data(index, role);
    const QModelIndex source = mapToSource(index.siblingAtColumn(ProjectTreeModel::NameColumn));
    const int total = sourceModel()->rowCount(source);
    const int shown = rowCount(index.siblingAtColumn(ProjectTreeModel::NameColumn));
    const auto childKind = ProjectTreeModel::NodeKind(
        sourceModel()->index(0, 0, source).data(ProjectTreeModel::KindRole).toInt());
    return (childKind == ProjectTreeModel::NodeKind::Persona
                ? tr("%L1 of %n persona(s)", nullptr, total)
                : tr("%L1 of %n task(s)", nullptr, total))
        .arg(shown);
}

bool ProjectFilterModel::textMatches(const QModelIndex &sourceIndex) const
{
    const QAbstractItemModel *model = sourceModel();
    for (int column = 0; column < model->columnCount(sourceIndex.parent()); ++column) {
        if (sourceIndex.siblingAtColumn(column).data().toString().contains(m_text,
                                                                           Qt::CaseInsensitive))
            return true;
    }
    return false;
}

bool ProjectFilterModel::attributesMatch(const QModelIndex &reportIndex) const
{
    for (int a = 0; a < AttributeCount; ++a) {
        const QString &wanted = m_values[a];
        if (wanted.isEmpty())
            continue;
        if (reportIndex.data(attributeRole(Attribute(a))).toString() != wanted)
            return false;
    }
    return true;
}

bool ProjectFilterModel::filterAcceptsRow(int sourceRow, const QModelIndex &sourceParent) const
{
    const QModelIndex index = sourceModel()->index(sourceRow, 0, sourceParent);
    const auto kind = ProjectTreeModel::NodeKind(index.data(ProjectTreeModel::KindRole).toInt());
    bool attributesActive = false;
    for (const QString &v : m_values)
        attributesActive = attributesActive || !v.isEmpty();

    if (kind != ProjectTreeModel::NodeKind::Report) {
        // Without attribute filters a task or benchmark can match by name alone; with them,
        // it is shown only through a report that passes (recursive filtering).
        return !attributesActive && (m_text.isEmpty() || textMatches(index));
    }
    if (!attributesMatch(index))
        return false;
    if (m_text.isEmpty())
        return true;
    for (QModelIndex i = index; i.isValid(); i = i.parent()) {
        if (textMatches(i))
            return true;
    }
    return false;
}

} // namespace Rubricate
