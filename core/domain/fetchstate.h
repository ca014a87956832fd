// What came of fetching one cited source. A value shared by the fetcher (sources), the
// scorers that count unavailable sources (scoring) and the stored rows (SourceRow::state),
// so that scoring can name it without depending on the network.
#pragma once

#include <QString>

#include <optional>

namespace Rubricate {

enum class FetchState { Fetched, Unreachable, Timeout, TooLarge, WrongType, Refused, HttpError };

QString sourceStateKey(FetchState state); // "fetched", "unreachable" ...
std::optional<FetchState> sourceStateFromKey(const QString &key);

} // namespace Rubricate
