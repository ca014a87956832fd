#include "exchangelog.h"

Q_LOGGING_CATEGORY(lcExchange, "rubricate.exchange", QtWarningMsg)
