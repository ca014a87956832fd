// Breakdowns (per model, per model × axis, persona, setting ...) are sums kept per group in
// the order groups first appear. This finds or starts a group's accumulator; `Acc` has a
// `group` with model, dimension and value, and a `firstSeen` for that order.
#pragma once

#include <QHash>
#include <QList>
#include <QString>

namespace Rubricate {

template<typename Acc>
class GroupAccumulator
{
public:
    Acc &at(const QString &model, const QString &dimension, const QString &value)
    {
        const QString key = model + QChar(0) + dimension + QChar(0) + value;
        auto it = m_index.constFind(key);
        if (it == m_index.cend()) {
            Acc a;
            a.group.model = model;
            a.group.dimension = dimension;
            a.group.value = value;
            a.firstSeen = int(m_groups.size());
            m_groups.append(a);
            it = m_index.insert(key, m_groups.size() - 1);
        }
        return m_groups[*it];
    }

    QList<Acc> &groups() { return m_groups; }

private:
    QList<Acc> m_groups;
    QHash<QString, qsizetype> m_index;
};

} // namespace Rubricate
