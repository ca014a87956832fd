// A few values kept for their recent use, for memos a run consults as it goes from report to
// report: a value found moves to the back, and a new one pushes out the least recently used.
#pragma once

#include <QList>

#include <algorithm>

namespace Rubricate {

template<typename T>
class RecentList
{
public:
    // Forgets every value, and keeps `capacity` from now on.
    void reset(qsizetype capacity)
    {
        m_values.clear();
        m_capacity = qMax<qsizetype>(1, capacity);
    }

    // The first value `matches` takes, now the most recently used; nullptr when there is none.
    template<typename Matches>
    const T *find(Matches matches)
    {
        const auto found = std::find_if(m_values.begin(), m_values.end(), matches);
        if (found == m_values.end())
            return nullptr;
        std::rotate(found, std::next(found), m_values.end());
        return &m_values.constLast();
    }

    const T &add(T value)
    {
        if (m_values.size() >= m_capacity)
            m_values.removeFirst();
        m_values.append(std::move(value));
        return m_values.constLast();
    }

private:
    QList<T> m_values; // the most recently used last
    qsizetype m_capacity = 1;
};

} // namespace Rubricate
