#include "preparedstatistic.h"

namespace Rubricate {

StatResult PreparedStatistic::operator()(std::span<const int> multiplicity) const
{
    Q_ASSERT(qsizetype(multiplicity.size()) == m_unitCount);
    if (qsizetype(multiplicity.size()) != m_unitCount)
        return StatResult::undefined(UndefinedReason::drawMismatch());
    return evaluated(multiplicity.data());
}

StatResult PreparedStatistic::evaluated(const int *multiplicity) const
{
    if (!m_refusal.isEmpty())
        return StatResult::undefined(m_refusal);
    return evaluate(multiplicity);
}

bool PreparedStatistic::acceptTable(const LabelTable &table)
{
    if (table.unitCount() == 0)
        refuse(UndefinedReason::emptyTable());
    else if (table.raterCount() < 2)
        refuse(UndefinedReason::fewerThanTwoRaters());
    return m_refusal.isEmpty();
}

bool PreparedStatistic::acceptRaterPair(const LabelTable &table, qsizetype a, qsizetype b)
{
    const auto isRater = [&table](qsizetype r) {
        return r >= 0 && r < table.raterCount();
    };
    if (a == b || !isRater(a) || !isRater(b)) {
        refuse(table.raterCount() < 2 ? UndefinedReason::fewerThanTwoRaters()
                                      : UndefinedReason::noSuchRater());
    } else if (table.unitCount() == 0) {
        refuse(UndefinedReason::emptyTable());
    }
    return m_refusal.isEmpty();
}

} // namespace Rubricate
