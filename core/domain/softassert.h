// Soft asserts, as Qt Creator's QTC_ASSERT: a broken expectation is logged with its place in
// the code under the part's logging category, and the caller recovers (`action`) instead of
// the program aborting in front of a user with unsaved labels.
#pragma once

#include <QLoggingCategory>

#define RUBRICATE_CHECK(category, cond, action)                                                    \
    if (Q_LIKELY(cond)) {                                                                          \
    } else {                                                                                       \
        qCWarning(category, "soft assert \"%s\" failed at %s:%d", #cond, __FILE__, __LINE__);      \
        action;                                                                                    \
    }                                                                                              \
    do {                                                                                           \
    } while (false)
