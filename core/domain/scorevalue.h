// Reading a judge's score the way every benchmark needs it: a number (or a numeric string)
// that must lie on the rubric's scale; anything else is an error with its cause, never 0.
#pragma once

#include "result.h"
#include "types.h"

#include <QJsonValue>

namespace Rubricate {

Result<double> scoreOnScale(const QJsonValue &score, VerdictScale scale);

// Sets a record's `value` from a read score, or its `error` when there is none: the shape of a
// verdict, whose value stays empty when the judge's answer is unusable.
template<class Record>
void takeScore(Record &record, const Result<double> &score)
{
    if (score)
        record.value = *score;
    else
        record.error = score.error().message;
}

} // namespace Rubricate
