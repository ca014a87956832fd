#include "review/personamodel.h"

#include <QJsonArray>

namespace Rubricate {

using namespace Qt::StringLiterals;

// internalId of an index is its node's position in m_nodes plus one (0 is never used, so a
// default index cannot pass for a node).

PersonaModel::PersonaModel(QObject *parent)
    : QAbstractItemModel(parent)
{ }

void PersonaModel::addNode(const QString &field, const QString &path, const QJsonValue &value,
                           qsizetype parent, QList<qsizetype> &siblings)
{
    const qsizetype at = m_nodes.size();
    Node node;
    node.field = field;
    node.path = path;
    node.parent = parent;
    node.row = int(siblings.size());
    // A branch keeps only its kind: it shows its size, its children show the rest.
    node.value = value.isObject() ? QJsonValue(QJsonObject())
        : value.isArray()         ? QJsonValue(QJsonArray())
                                  : value;
    m_nodes.append(node);
    siblings.append(at);

    QList<qsizetype> children;
    if (value.isObject()) {
        const QJsonObject o = value.toObject();
        for (auto it = o.constBegin(); it != o.constEnd(); ++it)
            addNode(it.key(), path + u'.' + it.key(), it.value(), at, children);
    } else if (value.isArray()) {
        const QJsonArray a = value.toArray();
        for (qsizetype i = 0; i < a.size(); ++i)
            addNode(u"%1"_s.arg(i + 1), u"%1[%2]"_s.arg(path).arg(i), a.at(i), at, children);
    }
    m_nodes[at].children = children;
}

void PersonaModel::setAttributes(const QJsonObject &attributes)
{
    beginResetModel();
    m_nodes.clear();
    m_top.clear();
    for (auto it = attributes.constBegin(); it != attributes.constEnd(); ++it)
        addNode(it.key(), it.key(), it.value(), -1, m_top);
    endResetModel();
}

QString PersonaModel::valueText(const QJsonValue &value)
{
    switch (value.type()) {
    case QJsonValue::Bool:
        return value.toBool() ? tr("yes") : tr("no");
    case QJsonValue::Double: {
        const double d = value.toDouble();
        return d == double(qint64(d)) ? QString::number(qint64(d)) : QString::number(d);
    }
    case QJsonValue::String:
        return value.toString();
    case QJsonValue::Null:
        return tr("(empty)");
    case QJsonValue::Array:
    case QJsonValue::Object:
    case QJsonValue::Undefined:
        break;
    }
    return {};
}

const PersonaModel::Node *PersonaModel::nodeOf(const QModelIndex &index) const
{
    if (!index.isValid() || index.internalId() == 0
        || qsizetype(index.internalId()) > m_nodes.size())
        return nullptr;
    return &m_nodes.at(qsizetype(index.internalId()) - 1);
}

QModelIndex PersonaModel::indexOfPath(const QString &path) const
{
    for (qsizetype i = 0; i < m_nodes.size(); ++i) {
        if (m_nodes.at(i).path == path)
            return createIndex(m_nodes.at(i).row, FieldColumn, quintptr(i + 1));
    }
    return {};
}

QModelIndex PersonaModel::index(int row, int column, const QModelIndex &parent) const
{
    if (!hasIndex(row, column, parent))
        return {};
    const Node *p = nodeOf(parent);
    const QList<qsizetype> &rows = p ? p->children : m_top;
    return createIndex(row, column, quintptr(rows.at(row) + 1));
}

QModelIndex PersonaModel::parent(const QModelIndex &child) const
{
    const Node *node = nodeOf(child);
    if (!node || node->parent < 0)
        return {};
    return createIndex(m_nodes.at(node->parent).row, FieldColumn, quintptr(node->parent + 1));
}

int PersonaModel::rowCount(const QModelIndex &parent) const
{
    if (!parent.isValid())
        return int(m_top.size());
    if (parent.column() != FieldColumn)
        return 0;
    const Node *node = nodeOf(parent);
    return node ? int(node->children.size()) : 0;
}

int PersonaModel::columnCount(const QModelIndex &) const
{
    return ColumnCount;
}

QVariant PersonaModel::data(const QModelIndex &index, int role) const
{
    const Node *node = nodeOf(index);
    if (!node)
        return {};
    if (role == PathRole)
        return node->path;
    if (role != Qt::DisplayRole && role != Qt::ToolTipRole)
        return {};
    if (index.column() == FieldColumn)
        return role == Qt::ToolTipRole ? node->path : node->field;
    if (node->value.isObject())
        return tr("%n field(s)", nullptr, int(node->children.size()));
    if (node->value.isArray())
        return tr("%n item(s)", nullptr, int(node->children.size()));
    return valueText(node->value);
}

QVariant PersonaModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal || role != Qt::DisplayRole)
        return {};
    return section == FieldColumn ? tr("Field") : tr("Value");
}

} // namespace Rubricate
