// Reading a judge's score the way every benchmark needs it: a number (or a numeric string)
// that must lie on the rubric's scale; anything else is an error with its cause, never 0.
#pragma once

#include "types.h"

#include <QJsonValue>

namespace Rubricate {

std::optional<double> scoreOnScale(const QJsonValue &score, VerdictScale scale, QString *error);

} // namespace Rubricate
