#include "sourceslog.h"

Q_LOGGING_CATEGORY(lcSources, "rubricate.sources", QtWarningMsg)
