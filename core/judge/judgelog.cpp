#include "judgelog.h"

Q_LOGGING_CATEGORY(lcJudge, "rubricate.judge", QtWarningMsg)
