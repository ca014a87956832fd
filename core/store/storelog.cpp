#include "storelog.h"

Q_LOGGING_CATEGORY(lcStore, "rubricate.store", QtWarningMsg)
