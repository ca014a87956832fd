#include "fetchstate.h"

#include <QList>

#include <utility>

namespace Rubricate {

using namespace Qt::StringLiterals;

namespace {

const QList<std::pair<FetchState, QString>> &stateKeys()
{
    using State = FetchState;
    static const QList<std::pair<State, QString>> keys = {
        {State::Fetched, u"fetched"_s},      {State::Unreachable, u"unreachable"_s},
        {State::Timeout, u"timeout"_s},      {State::TooLarge, u"too-large"_s},
        {State::WrongType, u"wrong-type"_s}, {State::Refused, u"refused"_s},
        {State::HttpError, u"http-error"_s},
    };
    return keys;
}

} // namespace

QString sourceStateKey(FetchState state)
{
    for (const auto &[s, key] : stateKeys()) {
        if (s == state)
            return key;
    }
    return {};
}

std::optional<FetchState> sourceStateFromKey(const QString &key)
{
    for (const auto &[s, k] : stateKeys()) {
        if (k == key)
            return s;
    }
    return std::nullopt;
}

} // namespace Rubricate
