// Fetched and imported sources: what could not be kept in the project.
// QT_LOGGING_RULES="rubricate.sources.debug=true" turns it on.
#pragma once

#include <QLoggingCategory>

Q_DECLARE_LOGGING_CATEGORY(lcSources)
