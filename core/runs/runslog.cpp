#include "runslog.h"

// Warnings only unless asked for: a run's errors already reach the user through its progress
// and its verdicts.
Q_LOGGING_CATEGORY(lcRuns, "rubricate.runs", QtWarningMsg)
