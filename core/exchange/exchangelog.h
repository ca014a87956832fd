// Exports: which files were written where.
// QT_LOGGING_RULES="rubricate.exchange.debug=true" turns it on.
#pragma once

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcExchange)
