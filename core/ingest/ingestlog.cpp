#include "ingestlog.h"

Q_LOGGING_CATEGORY(lcIngest, "rubricate.ingest", QtWarningMsg)
