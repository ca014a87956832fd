// A PDR-Bench persona's attributes as a read-only tree (field → value): nested objects and
// lists become branches, so that every field the file had is readable, the ones nobody
// documented included. Rows are plain values built from the JSON in one go.
#pragma once

#include <QAbstractItemModel>
#include <QJsonObject>
#include <QJsonValue>
#include <QList>

namespace Rubricate {

class PersonaModel : public QAbstractItemModel
{
    Q_OBJECT

public:
    enum Column { FieldColumn, ValueColumn, ColumnCount };
    enum Role {
        PathRole = Qt::UserRole + 1, // "finance.risk", "hobbies[0]": the field's place
    };

    explicit PersonaModel(QObject *parent = nullptr);

    // Replaces everything in one reset. Fields come in the object's (sorted) key order.
    void setAttributes(const QJsonObject &attributes);
    void clear() { setAttributes({}); }

    // The index of the field at `path` (see PathRole) in FieldColumn; invalid if none.
    QModelIndex indexOfPath(const QString &path) const;

    QModelIndex index(int row, int column, const QModelIndex &parent = {}) const override;
    QModelIndex parent(const QModelIndex &child) const override;
    int rowCount(const QModelIndex &parent = {}) const override;
    int columnCount(const QModelIndex &parent = {}) const override;
    QVariant data(const QModelIndex &index, int role = Qt::DisplayRole) const override;
    QVariant headerData(int section, Qt::Orientation orientation,
                        int role = Qt::DisplayRole) const override;

    // How a scalar reads ("yes", "34", "low"); objects and lists by their size.
    static QString valueText(const QJsonValue &value);

private:
    struct Node {
        QString field;
        QString path;
        QJsonValue value; // scalars; an empty object or list for a branch
        qsizetype parent = -1; // index into m_nodes, -1 for top-level fields
        int row = 0; // within the parent
        QList<qsizetype> children;
    };

    void addNode(const QString &field, const QString &path, const QJsonValue &value,
                 qsizetype parent, QList<qsizetype> &siblings);
    const Node *nodeOf(const QModelIndex &index) const;

    QList<Node> m_nodes;
    QList<qsizetype> m_top;
};

} // namespace Rubricate
