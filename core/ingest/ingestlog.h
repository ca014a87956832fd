// Imports: which file is read as which kind, and what came of it. Problems in the input itself go
// to the ImportSummary, as before; this is for finding out what an import did.
// QT_LOGGING_RULES="rubricate.ingest.debug=true" turns it on.
#pragma once

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcIngest)
